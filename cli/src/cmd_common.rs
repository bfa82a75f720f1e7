//! What several subcommands share: the metric and table-size options, opening a definition,
//! applying a scramble, and the BFS's progress lines.

use clap::Args;
use engine::model::alg;
use engine::model::choice::{Choice, Chosen};
use engine::model::metric::Metric;
use engine::model::{Puzzle, State};
use std::path::Path;

pub type Result<T> = std::result::Result<T, String>;

#[derive(Args, Clone)]
pub struct Common {
    /// htm (powers of base moves), qtm (base moves and inverses; U U is a half turn), moves (the
    /// moves the definition names). Default: moves for YAML, htm for KPuzzle and .tws.
    #[arg(long)]
    pub metric: Option<Metric>,
    /// Only these moves, e.g. "U,R,F": a definition's move (base or derived) with its powers as
    /// the metric counts them, or one of the metric's own names ("U2", "U'"). Default: every
    /// move that is not a rotation.
    // (Its own id: `solve` has a positional `moves`, the scramble.)
    #[arg(long = "moves", id = "move_list", value_name = "LIST")]
    pub moves: Option<String>,
    /// The moves that turn the whole puzzle, e.g. "x,y,z" (default: found by the engine).
    #[arg(long, value_name = "LIST")]
    pub rotations: Option<String>,
    /// Solved in any orientation: count, tabulate and solve up to the rotations (the shortest
    /// sequence to any rotation of the goal, never a rotation in it).
    #[arg(long)]
    pub any_orientation: bool,
    /// Memory for tables, in bytes (512M, 8G): a full table is built when it fits, else the
    /// search uses pattern databases that fit. Default: half the memory available.
    #[arg(long, value_name = "BYTES", value_parser = twisty::bytes::parse)]
    pub memory: Option<u64>,
}

/// A comma- or space-separated list of names.
fn names(list: &str) -> Vec<String> {
    list.split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

impl Common {
    /// The memory budget in bytes.
    pub fn memory(&self) -> u64 {
        self.memory
            .unwrap_or_else(engine::tables::memory::default_budget)
    }

    /// The user's choice of moves.
    pub fn choice(&self) -> Choice {
        Choice {
            metric: self.metric.map(|m| format!("{m:?}").to_lowercase()),
            moves: self.moves.as_deref().map(names),
            rotations: self.rotations.as_deref().map(names),
            any_orientation: self.any_orientation,
        }
    }

    /// These options for definition `def`: a WCA event's moves (`444`: the wide turns) where no
    /// `--moves` is given.
    pub fn for_def(&self, def: &str) -> Common {
        let mut c = self.clone();
        if c.moves.is_none() {
            c.moves = engine::load::shipped::event_moves(def).map(str::to_string);
        }
        c
    }

    /// The puzzle and moves the command works on; says on stderr which rotations it left out.
    pub fn choose(&self, p: &Puzzle) -> Result<Chosen> {
        let chosen = self.choice().apply(p)?;
        if !chosen.rotations.is_empty() && self.moves.is_none() {
            eprintln!(
                "rotations {} left out of the moves{}",
                chosen.rotations.join(" "),
                match &chosen.any {
                    Some(a) => format!("; solved in any of {} orientations", a.rotations()),
                    None => " (--any-orientation: solved in any orientation)".into(),
                }
            );
        }
        Ok(chosen)
    }
}

/// A definition file, or a shipped one by name.
pub fn open(def: &str) -> Result<Puzzle> {
    let p = engine::load::shipped::open(def).map_err(|e| e.to_string())?;
    for w in &p.warnings {
        eprintln!("twisty: warning: {w}");
    }
    Ok(p)
}

/// The state after `moves` from the goal.
pub fn scrambled(puzzle: &Puzzle, moves: &str) -> Result<State> {
    let names = |s: &str| puzzle.move_index(s);
    let a = alg::parse(moves, &names).map_err(|e| format!("moves: {e}"))?;
    let perms: Vec<_> = puzzle.moves.iter().map(|m| &m.perm).collect();
    let modulus = puzzle.modulus();
    Ok(puzzle.goal.apply(&a.perm(&perms, &modulus), &modulus))
}

/// Output errors as the commands report them.
pub fn io(e: std::io::Error) -> String {
    // A reader that went away (`| head`) ends the process quietly, as the judge binaries do.
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        twisty::output::write_failed("twisty", &e);
    }
    e.to_string()
}

/// With `--verify` (`on`): the checksum of a table file given to use (refused if damaged) and of
/// every table in a cache folder (a damaged one is named and removed, to be built again).
pub fn verify_tables(on: bool, table: Option<&Path>, cache_dir: Option<&Path>) -> Result<()> {
    if !on {
        return Ok(());
    }
    if let Some(t) = table {
        twisty::table_file::verify(t).map_err(|e| format!("{}: {e}", t.display()))?;
        eprintln!("{}: checksum verified", t.display());
    }
    if let Some(d) = cache_dir {
        twisty::table_keeping::verify_folder(d, &mut |m| eprintln!("note: {m}"));
    }
    Ok(())
}
