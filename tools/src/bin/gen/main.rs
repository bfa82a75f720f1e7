//! Test-case generators: `cargo run -p tools --bin gen -- PROBLEM [--out DIR]`.
//!
//! Answers come from sticker-level simulation (`tools::sticker_sims`), never from the solver under test.
//! Output is deterministic (fixed seeds), so regenerating gives the same files.
//!
//! One module per problem's generator; `scramble` and `judge_net` hold what several share.

mod aoj0300_cases;
mod boj5373_cases;
mod case_making;
mod cf887c_cases;
mod cube2_cases;
mod cube3_cases;
mod cube3_opt_cases;
mod hdu4801_cases;
mod judge_net;
mod mipt041_cases;
mod robot2_cases;

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
        Problem::Aoj0300 => ("aoj0300", aoj0300_cases::aoj0300()),
        Problem::Cube2 => ("cube2", cube2_cases::cube2()),
        Problem::Cf887c => ("cf887c", cf887c_cases::cf887c()),
        Problem::Hdu4801 => ("hdu4801", hdu4801_cases::hdu4801()),
        Problem::Mipt041 => ("mipt041", mipt041_cases::mipt041()),
        Problem::Robot2 => ("robot2", robot2_cases::robot2()),
        Problem::Boj5373 => ("boj5373", boj5373_cases::boj5373()),
        Problem::Cube3 => ("cube3", cube3_cases::cube3()),
        Problem::Cube3Opt => ("cube3-opt", cube3_opt_cases::cube3_opt()),
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
