//! `twisty`: any permutation puzzle from a definition file (turn-set YAML or KPuzzle JSON, or the
//! name of one shipped in `puzzles/`): apply moves, solve optimally, count states, God's algorithm,
//! discover short algorithms. See docs/engine.md. One module per subcommand.

mod cmd_apply;
mod cmd_count;
mod cmd_discover;
mod cmd_gods;
mod cmd_list;
mod cmd_solve;
mod common;
mod gods_slices;
mod progress;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "twisty",
    version,
    about = "Any permutation puzzle from a definition file: apply, solve optimally, count, God's algorithm, algorithm discovery",
    after_help = "DEF is a definition file (turn-set .yaml, KPuzzle .json, twsearch's .tws) or the name of a shipped one (`twisty list`)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Lists the shipped definitions.
    List,
    /// Applies a move sequence to the solved state and prints the result.
    Apply(cmd_apply::ApplyArgs),
    /// An optimal sequence to the goal (or the shortest with a given effect).
    Solve(cmd_solve::SolveArgs),
    /// Counts the reachable states (BFS where it fits, else Schreier-Sims).
    Count(cmd_count::CountArgs),
    /// The distance distribution and God's number (2 bits per state, a byte where moves are
    /// one-way; every core). `twisty gods merge DIR` combines the files of a sliced run.
    Gods(cmd_gods::GodsArgs),
    /// The learned heuristic of seed 003: training data, training (the `learn` feature).
    Learn {
        #[command(subcommand)]
        command: twisty_learn::cli::LearnCommand,
    },
    /// The shortest sequence for each effect that moves few pieces, ranked as the article ranks.
    Discover(cmd_discover::DiscoverArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    engine::interrupt::catch_ctrl_c();
    let mut w = std::io::stdout().lock();
    let done = match cli.command {
        Command::List => cmd_list::run(&mut w),
        Command::Apply(args) => cmd_apply::run(args, &mut w),
        Command::Solve(args) => cmd_solve::run(args, &mut w),
        Command::Count(args) => cmd_count::run(args, &mut w),
        Command::Gods(args) => cmd_gods::run(args, &mut w),
        Command::Learn { command } => twisty_learn::cli::run(command, &mut w),
        Command::Discover(args) => cmd_discover::run(args, &mut w),
    };
    match done.and_then(|()| w.flush().map_err(common::io)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("twisty: {e}");
            ExitCode::FAILURE
        }
    }
}
