//! Test-case generators: `cargo run -p tools --bin gen -- PROBLEM [--out DIR]`.
//! `gen PROBLEM --plan SEED` and `gen PROBLEM --render` make `judge stress`'s random inputs
//! (`stress_plans`).
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
mod stress_plans;

use clap::{Parser, ValueEnum};
use std::path::PathBuf;

#[derive(Parser)]
#[command(about = "Generate test cases with independently computed answers")]
struct Cli {
    problem: Problem,
    /// Folder to write into (default: testcases/<problem> of the workspace).
    #[arg(long, conflicts_with_all = ["plan", "render"])]
    out: Option<PathBuf>,
    /// Print a random stress plan drawn from SEED (one case a line, each a list of turns) instead.
    #[arg(long, value_name = "SEED", conflicts_with = "render")]
    plan: Option<u64>,
    /// Read a stress plan on stdin and print the problem's input for it instead.
    #[arg(long)]
    render: bool,
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
    if cli.plan.is_some() || cli.render {
        let name = cli
            .problem
            .to_possible_value()
            .unwrap()
            .get_name()
            .to_string();
        std::process::exit(stress(&name, cli.plan));
    }
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

/// `--plan SEED` or `--render`: the plan or the input on stdout; a refused plan is one line on
/// stderr and exit 1.
fn stress(problem: &str, seed: Option<u64>) -> i32 {
    use std::io::Read;
    let made = match seed {
        Some(seed) => stress_plans::plan(problem, seed),
        None => {
            let mut plan = String::new();
            match std::io::stdin().read_to_string(&mut plan) {
                Ok(_) => stress_plans::render(problem, &plan),
                Err(e) => Err(format!("cannot read the plan: {e}")),
            }
        }
    };
    match made {
        Ok(text) => {
            print!("{text}");
            0
        }
        Err(e) => {
            eprintln!("gen: {e}");
            1
        }
    }
}
