//! What several subcommands share: the metric and table-size options, opening a definition,
//! applying a scramble, and the BFS's progress lines.

use clap::Args;
use engine::alg;
use engine::full_table::Level;
use engine::metric::Metric;
use engine::model::{Puzzle, State};
use engine::solver::FULL_TABLE_LIMIT;

pub type Result<T> = std::result::Result<T, String>;

#[derive(Args, Clone)]
pub struct Common {
    /// htm (powers of base moves), qtm (base moves and inverses; U U is a half turn), moves (the
    /// moves the definition names). Default: moves for YAML, htm for KPuzzle.
    #[arg(long)]
    pub metric: Option<Metric>,
    /// Largest full table to build, in states.
    #[arg(long, default_value_t = FULL_TABLE_LIMIT as u64)]
    pub table_limit: u64,
}

impl Common {
    /// The metric asked for, or the definition format's default.
    pub fn metric_of(&self, puzzle: &Puzzle) -> Metric {
        self.metric.unwrap_or(if puzzle.stickers.is_some() {
            Metric::Moves
        } else {
            Metric::Htm
        })
    }
}

/// A definition file, or a shipped one by name.
pub fn open(def: &str) -> Result<Puzzle> {
    engine::shipped::open(def).map_err(|e| e.to_string())
}

/// The state after `moves` from the goal.
pub fn scrambled(puzzle: &Puzzle, moves: &str) -> Result<State> {
    let names = |s: &str| puzzle.move_index(s);
    let a = alg::parse(moves, &names).map_err(|e| format!("moves: {e}"))?;
    let perms: Vec<_> = puzzle.moves.iter().map(|m| &m.perm).collect();
    let modulus = puzzle.modulus();
    Ok(puzzle.goal.apply(&a.perm(&perms, &modulus), &modulus))
}

/// One line on stderr per BFS level.
pub fn progress(level: &Level) {
    eprintln!(
        "depth {:>2}: {:>13} states, {:>13} reached, {:>7.2} s",
        level.depth, level.states, level.reached, level.seconds
    );
}

/// Output errors as the commands report them.
pub fn io(e: std::io::Error) -> String {
    e.to_string()
}
