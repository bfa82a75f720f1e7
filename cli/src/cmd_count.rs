//! `twisty count`: the reachable states at once by Schreier-Sims (each look once, where pieces are
//! interchangeable or orientations ignored); a full BFS, with its progress, only where group theory
//! cannot count them exactly here and the table fits.

use crate::cmd_common::{io, open, Common, Result};
use crate::progress_bars::TableProgress;
use engine::model::reachable::Reachable;
use engine::solving::solver::full_table_bytes;
use engine::tables::full_table::DistTable;
use std::io::Write;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  twisty count 3x3x3
  twisty count pancake --moves \"U,/\"
  twisty count cube.kpuzzle.json --any-orientation")]
pub struct CountArgs {
    /// The definition: a file, or the name of a shipped one.
    def: String,
    /// Count by breadth-first search over the ranks even where Schreier-Sims counts at once.
    #[arg(long)]
    bfs: bool,
    #[command(flatten)]
    common: Common,
}

pub fn run(args: CountArgs, w: &mut impl Write) -> Result<()> {
    let chosen = args.common.for_def(&args.def).choose(&open(&args.def)?)?;
    let (p, set) = (&chosen.puzzle, &chosen.set);
    let perms: Vec<_> = set.perms.iter().collect();
    let reach = Reachable::new(p, &perms);
    let up_to = if chosen.any.is_some() {
        ", up to rotation"
    } else {
        ""
    };
    if !args.bfs {
        if let Some(looks) = reach.looks() {
            let how = if !reach.exact {
                "the group's order over that of its elements that keep the look, found by a subgroup search"
            } else if reach.group.order() == looks {
                "the order of the group the moves generate"
            } else {
                "the group the moves and the look-keeping swaps and turns generate, over those"
            };
            writeln!(w, "{looks} reachable states (Schreier-Sims: {how}{up_to})").map_err(io)?;
            return Ok(());
        }
    }
    match full_table_bytes(p, set) {
        Some(n) if n <= args.common.memory() as u128 => {
            let space = DistTable::space_for(p, set)?;
            let mut bar = TableProgress::new(space.size as u64);
            let t = DistTable::build_for(&space, set.perms.len(), |l| bar.level(l));
            if !t.complete {
                return Err("interrupted".into());
            }
            let total: u64 = t.distribution.iter().sum();
            let looks = t
                .looks_distribution(&space, p)
                .map(|d| d.iter().sum::<u64>())
                .unwrap_or_else(|| t.distinct(&space, p));
            let apart = if looks == total {
                String::new()
            } else {
                format!("; {total} with the orientations orientationMod ignores told apart")
            };
            writeln!(
                w,
                "{looks} reachable states (breadth-first search over {} ranks{apart}{up_to})",
                space.size
            )
            .map_err(io)?;
        }
        _ if args.bfs => return Err("--bfs: the table does not fit in --memory".into()),
        _ => writeln!(
            w,
            "{}: the order of the group the moves generate (Schreier-Sims{up_to}); pieces are interchangeable here and their swaps do not normalise it, so there are fewer distinct states",
            reach.group.order()
        )
        .map_err(io)?,
    }
    Ok(())
}
