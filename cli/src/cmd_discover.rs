//! `twisty discover`: the shortest sequence for each effect that moves few pieces, ranked as the
//! article ranks them.

use crate::cmd_common::{io, open, Common, Result};
use crate::progress_bars::TableProgress;
use engine::discovery::{bytes_per_state, discover, Options};
use engine::interrupt;
use engine::model::state_notation;
use engine::solving::solver::fingerprint;
use engine::tables::full_table::DistTable;
use engine::tables::space::rank_count;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  twisty discover pancake --max-pieces 3 --time-limit 30
  twisty discover 2x2x2 --max-pieces 3
  twisty discover 3x3x3 --max-pieces 3 --max-depth 8 --moves \"R,U,F\"")]
pub struct DiscoverArgs {
    /// The definition: a file, or the name of a shipped one.
    def: String,
    /// Effects moving at most this many pieces.
    #[arg(long, default_value_t = 3)]
    max_pieces: usize,
    /// Sequences of at most this many moves.
    #[arg(long)]
    max_depth: Option<usize>,
    /// Pieces that must stay in place and unturned (definition numbering; "ORBIT:n" for KPuzzle).
    #[arg(long, default_value = "")]
    fixed: String,
    /// Pieces whose place does not matter (they become interchangeable).
    #[arg(long, default_value = "")]
    ignore: String,
    /// Stop after this many seconds with the results so far.
    #[arg(long)]
    time_limit: Option<f64>,
    /// Print this many effects.
    #[arg(long, default_value_t = 20)]
    top: usize,
    #[command(flatten)]
    common: Common,
    /// A table written by `twisty gods --out` for the same moves.
    #[arg(long)]
    table: Option<PathBuf>,
    /// Most states the breadth-first search keeps when no table fits (default: as many as fit
    /// in --memory).
    #[arg(long)]
    state_limit: Option<usize>,
}

pub fn run(args: DiscoverArgs, w: &mut impl Write) -> Result<()> {
    let p = open(&args.def)?;
    if args.common.any_orientation {
        return Err("discover finds exact effects: --any-orientation does not apply".into());
    }
    let set = args.common.choose(&p)?.set;
    let fixed =
        state_notation::parse_positions(&p, &args.fixed).map_err(|e| format!("--fixed: {e}"))?;
    let ignore =
        state_notation::parse_positions(&p, &args.ignore).map_err(|e| format!("--ignore: {e}"))?;
    let p = p.with_merged(&ignore);
    if let Some(s) = args.time_limit {
        interrupt::set_time_limit(s);
    }
    let options = Options {
        max_pieces: args.max_pieces,
        max_depth: args.max_depth,
        fixed,
        top: args.top,
        memory: args.common.memory(),
        state_limit: args
            .state_limit
            .unwrap_or((args.common.memory() / bytes_per_state(&p)) as usize),
    };
    let loaded = match args.table {
        Some(path) => {
            let space = DistTable::space_for(&p, &set)?;
            let t = DistTable::load(&path, fingerprint(&p, &set), &space, set.perms.len())?;
            Some((space, t))
        }
        None => None,
    };
    let start = Instant::now();
    let mut bar = TableProgress::new(rank_count(&p, &set.perms).unwrap_or(0) as u64);
    let d = discover(&p, &set, &options, loaded, |l| bar.level(l))?;
    drop(bar);
    if d.exhaustive {
        writeln!(
            w,
            "# exhaustive: every effect moving at most {} pieces, each with a provably shortest sequence ({} states, God's number {})",
            args.max_pieces, d.states_seen, d.complete_depth
        )
        .map_err(io)?;
    } else {
        let why = if d.interrupted { "stopped" } else { "done" };
        writeln!(
            w,
            "# not exhaustive ({why}): every sequence of at most {} moves examined ({} states); each sequence below is a shortest one",
            d.complete_depth, d.states_seen
        )
        .map_err(io)?;
    }
    for f in &d.found {
        let seq: Vec<&str> = f.moves.iter().map(|&m| set.names[m].as_str()).collect();
        writeln!(w, "{} : [{}]", f.notation, seq.join(" ")).map_err(io)?;
    }
    eprintln!(
        "{} effects in {:.2} s",
        d.found.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
