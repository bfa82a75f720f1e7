//! Test-case generators: `cargo run -p tools --bin gen -- PROBLEM [--out DIR]`.
//!
//! Answers come from sticker-level simulation (`tools::stickers`), never from the solver under test.
//! Output is deterministic (fixed seeds), so regenerating gives the same files.
//!
//! One module per problem's generator; `scramble` and `judge_net` hold what several share.

mod aoj0300;
mod boj5373;
mod cf887c;
mod cube2;
mod cube3;
mod cube3_opt;
mod hdu4801;
mod judge_net;
mod mipt041;
mod robot2;
mod scramble;

use clap::{Parser, ValueEnum};
use std::path::PathBuf;

#[derive(Parser)]
#[command(about = "Generate test cases with independently computed answers")]
struct Cli {
    problem: Problem,
    /// Folder to write into (default: testcases/<problem> of the workspace).
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Problem {
    Aoj0300,
    Cube2,
    Cf887c,
    Hdu4801,
    Mipt041,
    Robot2,
    Boj5373,
    Cube3,
    Cube3Opt,
}

fn main() {
    let cli = Cli::parse();
    let (name, files) = match cli.problem {
        Problem::Aoj0300 => ("aoj0300", aoj0300::aoj0300()),
        Problem::Cube2 => ("cube2", cube2::cube2()),
        Problem::Cf887c => ("cf887c", cf887c::cf887c()),
        Problem::Hdu4801 => ("hdu4801", hdu4801::hdu4801()),
        Problem::Mipt041 => ("mipt041", mipt041::mipt041()),
        Problem::Robot2 => ("robot2", robot2::robot2()),
        Problem::Boj5373 => ("boj5373", boj5373::boj5373()),
        Problem::Cube3 => ("cube3", cube3::cube3()),
        Problem::Cube3Opt => ("cube3-opt", cube3_opt::cube3_opt()),
    };
    let dir = cli
        .out
        .unwrap_or_else(|| tools::timing::root().join("testcases").join(name));
    std::fs::create_dir_all(&dir).unwrap();
    for (stem, input, answer) in &files {
        std::fs::write(dir.join(format!("{stem}.in")), input).unwrap();
        std::fs::write(dir.join(format!("{stem}.out")), answer).unwrap();
    }
    eprintln!("wrote {} cases to {}", files.len(), dir.display());
}
