//! The command line: the subcommands and which module runs each.

use crate::{
    cmd_apply, cmd_common, cmd_count, cmd_discover, cmd_gods, cmd_info, cmd_list, cmd_scramble,
    cmd_solve,
};
use clap::{Parser, Subcommand};
use std::io::Write;

#[derive(Parser)]
#[command(
    name = "twisty",
    version,
    about = "Any permutation puzzle from a definition file: apply, solve optimally, random-state scrambles, count, God's algorithm, algorithm discovery",
    after_help = "DEF is a definition file (turn-set .yaml, KPuzzle .json, twsearch's .tws) or the name of a shipped one (`twisty list`)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Lists the shipped definitions.
    List,
    /// What the engine makes of a definition: orbits, moves, rotations, the group's order, the
    /// symmetries found from the moves, the coordinates.
    Info(cmd_info::InfoArgs),
    /// Applies a move sequence to the solved state and prints the result.
    Apply(cmd_apply::ApplyArgs),
    /// An optimal sequence to the goal (or the shortest with a given effect).
    Solve(cmd_solve::SolveArgs),
    /// Random-state scrambles: states drawn uniformly, and the moves that lead to them.
    Scramble(cmd_scramble::ScrambleArgs),
    /// Counts the reachable states (BFS where it fits, else Schreier-Sims).
    Count(cmd_count::CountArgs),
    /// The distance distribution and God's number (2 bits per state, a byte where moves are
    /// one-way; every core). `twisty gods merge DIR` combines the files of a sliced run.
    Gods(cmd_gods::GodsArgs),
    /// The learned heuristic of seed 003: training data, training (the `learn` feature).
    Learn {
        #[command(subcommand)]
        command: twisty_learn::learn_commands::LearnCommand,
    },
    /// The shortest sequence for each effect that moves few pieces, ranked as the article ranks.
    Discover(cmd_discover::DiscoverArgs),
}

impl Command {
    pub fn run(self, w: &mut impl Write) -> cmd_common::Result<()> {
        match self {
            Command::List => cmd_list::run(w),
            Command::Info(args) => cmd_info::run(args, w),
            Command::Apply(args) => cmd_apply::run(args, w),
            Command::Solve(args) => cmd_solve::run(args, w),
            Command::Scramble(args) => cmd_scramble::run(args, w),
            Command::Count(args) => cmd_count::run(args, w),
            Command::Gods(args) => cmd_gods::run(args, w),
            Command::Learn { command } => twisty_learn::learn_commands::run(command, w),
            Command::Discover(args) => cmd_discover::run(args, w),
        }
    }
}
