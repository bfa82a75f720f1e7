//! `twisty`: any permutation puzzle from a definition file (turn-set YAML or KPuzzle JSON, or the
//! name of one shipped in `puzzles/`): apply moves, solve optimally, count states, God's algorithm,
//! discover short algorithms. See docs/engine.md. One module per subcommand (`commands.rs` lists
//! them).

mod chain_listing;
mod cmd_apply;
mod cmd_common;
mod cmd_count;
mod cmd_discover;
mod cmd_gods;
mod cmd_info;
mod cmd_list;
mod cmd_scramble;
mod cmd_solve;
mod commands;
mod cube3_finisher;
mod distribution;
mod gods_slices;
mod phase_options;
mod progress_bars;
mod solve_many;

use clap::Parser;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = commands::Cli::parse();
    engine::interrupt::catch_ctrl_c();
    let mut w = std::io::stdout().lock();
    let done = cli.command.run(&mut w);
    match done.and_then(|()| w.flush().map_err(cmd_common::io)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("twisty: {e}");
            ExitCode::FAILURE
        }
    }
}
