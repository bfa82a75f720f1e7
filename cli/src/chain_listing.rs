//! `twisty info DEF --phases`: the chain of subgroups, a phase a line: its moves, the group it
//! ends in, what its goal tracks, its size and how it is searched.

use crate::cmd_common::{io, Result};
use crate::phase_options::ChainArgs;
use engine::model::metric::MoveSet;
use engine::model::Puzzle;
use engine::phases::chain::Target;
use engine::solving::solver::FULL_TABLE_RANKS;
use engine::tables::space::rank_count;
use std::io::Write;

pub fn print(args: &ChainArgs, p: &Puzzle, set: &MoveSet, w: &mut impl Write) -> Result<()> {
    let (chain, source) = args.chain_and_source(p, set)?;
    let fams = &chain.families;
    let sizes = if chain.phases.iter().any(|ph| ph.meets) {
        "each link counted by Schreier-Sims".to_string()
    } else if chain.ends_at_look {
        format!(
            "sizes multiply to {}: the looks the moves reach over the solved look's stabiliser in \
             the last group",
            chain.looks
        )
    } else {
        format!("sizes multiply to {} looks: Schreier-Sims", chain.looks)
    };
    writeln!(w, "phases: {} from {source} ({sizes})", chain.phases.len()).map_err(io)?;
    for (i, phase) in chain.phases.iter().enumerate() {
        let moves = fams.moves(&phase.moves).len();
        let perms: Vec<_> = fams
            .moves(&phase.moves)
            .iter()
            .map(|&m| phase.view.perm(&set.perms[m]))
            .collect();
        let search = match rank_count(phase.view.puzzle(), &perms) {
            Some(r) if r <= FULL_TABLE_RANKS => format!("a full table of {r} ranks"),
            Some(r) => format!("IDA* over {r} ranks with pattern databases"),
            None => "IDA* with pattern databases".into(),
        };
        let meets = if phase.meets {
            " (where it meets them)"
        } else if chain.ends_at_look && i + 1 == chain.phases.len() {
            " (the puzzle solved as the file's `solved` look sees it)"
        } else {
            ""
        };
        let sifted = match &phase.sift {
            Some(s) => format!(
                "; each solution's end checked by Schreier-Sims (the view sees {} looks as one)",
                s.factor
            ),
            None => String::new(),
        };
        let sifted = match &phase.admit {
            Some(a) => format!(
                "{sifted}; widened {}-fold, to wherever the next phase can finish from, each end \
                 tested",
                a.factor
            ),
            None => sifted,
        };
        writeln!(
            w,
            "phase {}: moves {} ({moves}) to {}{meets}: {} cosets; goal: {}; {search}{sifted}",
            i + 1,
            fams.describe(&phase.moves),
            match &phase.target {
                Target::Moves(steps) => fams.describe(steps),
                Target::Fixed(fixed) => format!("{} pieces home", fixed.len()),
            },
            phase.cosets,
            phase.view.describe(),
        )
        .map_err(io)?;
    }
    Ok(())
}
