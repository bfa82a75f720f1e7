//! `twisty count`: the reachable states, by a full BFS where the table fits, else the order of the
//! group the moves generate (Schreier-Sims).

use crate::cmd_common::{io, open, Common, Result};
use crate::progress::TableProgress;
use engine::gods::count;
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
    #[command(flatten)]
    common: Common,
}

pub fn run(args: CountArgs, w: &mut impl Write) -> Result<()> {
    let chosen = args.common.choose(&open(&args.def)?)?;
    let (p, set) = (&chosen.puzzle, &chosen.set);
    match full_table_bytes(p, set) {
        Some(n) if n <= args.common.memory() as u128 => {
            let space = DistTable::space_for(p, set)?;
            let mut bar = TableProgress::new(space.size as u64);
            let t = DistTable::build_for(&space, set.perms.len(), |l| bar.level(l));
            if !t.complete {
                return Err("interrupted".into());
            }
            let total: u64 = t.distribution.iter().sum();
            if p.label_mod.is_empty() {
                writeln!(
                    w,
                    "{total} reachable states (breadth-first search over {} ranks)",
                    space.size
                )
                .map_err(io)?;
            } else {
                writeln!(
                    w,
                    "{} reachable states (breadth-first search over {} ranks; {total} with the orientations orientationMod ignores told apart)",
                    t.distinct(&space, p),
                    space.size
                )
                .map_err(io)?;
            }
        }
        _ => {
            let perms: Vec<_> = set.perms.iter().collect();
            let order = count::group_order(p, &perms);
            if (0..p.orbits.len()).all(|o| p.distinct_labels(o)) {
                writeln!(w, "{order} reachable states (Schreier-Sims: the order of the group the moves generate)").map_err(io)?;
            } else if let Some(states) = count::distinct_states(p, &perms) {
                writeln!(w, "{states} reachable states (Schreier-Sims: the order of the group the moves and the swaps of interchangeable pieces generate, over the swaps')").map_err(io)?;
            } else {
                writeln!(
                    w,
                    "{order}: the order of the group the moves generate (Schreier-Sims); pieces are interchangeable here, so there are fewer distinct states"
                )
                .map_err(io)?;
            }
        }
    }
    Ok(())
}
