//! `twisty info`: what the engine makes of a definition: its orbits, the moves chosen, the
//! rotations, the group's order, the symmetries found from the moves, and the coordinates its
//! tables rank states by.

use crate::chain_listing;
use crate::cmd_common::{io, open, Common, Result};
use crate::phase_options::ChainArgs;
use engine::model::metric::{Metric, MoveSet};
use engine::model::reachable::Reachable;
use engine::model::rotations;
use engine::model::symmetries;
use engine::model::Puzzle;
use engine::tables::space::{coordinates, rank_count, tracked_parts, Coord};
use engine::tables::sym_pdb::{self, SymPdb};
use std::io::Write;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  twisty info 3x3x3
  twisty info puzzles/community/megaminx.kpuzzle.json
  twisty info 2x2x2 --moves U,R,F
  twisty info 3x3x3 --phases")]
pub struct InfoArgs {
    /// The definition: a file, or the name of a shipped one.
    def: String,
    /// List each symmetry: what each of the definition's moves becomes under it.
    #[arg(long)]
    symmetries: bool,
    #[command(flatten)]
    common: Common,
    #[command(flatten)]
    chain: ChainArgs,
}

/// Symmetries `--symmetries` lists at most.
const SYMMETRY_LIMIT: usize = 10_000;

pub fn run(args: InfoArgs, w: &mut impl Write) -> Result<()> {
    let original = open(&args.def)?;
    let chosen = args.common.for_def(&args.def).choose(&original)?;
    let (p, set) = (&chosen.puzzle, &chosen.set);
    writeln!(w, "puzzle: {}", p.name).map_err(io)?;
    for o in &p.orbits {
        writeln!(
            w,
            "orbit {}: {} pieces, {} orientations",
            o.name, o.size, o.ori
        )
        .map_err(io)?;
    }
    writeln!(
        w,
        "moves ({}, {}): {}",
        match chosen.metric {
            Metric::Moves => "moves",
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
        },
        set.names.len(),
        set.names.join(" ")
    )
    .map_err(io)?;
    if chosen.rotations.is_empty() {
        writeln!(w, "rotations: none among the moves").map_err(io)?;
    } else {
        let modulus = original.modulus();
        let gens: Vec<_> = chosen
            .rotations
            .iter()
            .filter_map(|n| original.move_index(n))
            .map(|i| original.moves[i].perm.clone())
            .collect();
        let orientations = rotations::group(&gens, &modulus).map_or(0, |g| g.len());
        writeln!(
            w,
            "rotations: {} ({orientations} orientations), left out of the moves",
            chosen.rotations.join(" ")
        )
        .map_err(io)?;
    }
    let perms: Vec<_> = set.perms.iter().collect();
    let reach = Reachable::new(p, &perms);
    write!(w, "group: {} elements (Schreier-Sims)", reach.group.order()).map_err(io)?;
    match reach.looks() {
        Some(n) => writeln!(w, ", {n} looks").map_err(io)?,
        None => writeln!(w, ", fewer looks (not counted)").map_err(io)?,
    }
    if args.chain.on() {
        return chain_listing::print(&args.chain, p, set, w);
    }
    symmetry_lines(p, set, args.symmetries, w)?;
    coordinate_lines(p, set, w)?;
    sym_table(p, set, w)?;
    tracked_tables(p, set, w)
}

/// The puzzle's symmetries, and with `each` every one by what it does to the moves.
fn symmetry_lines(p: &Puzzle, set: &MoveSet, each: bool, w: &mut impl Write) -> Result<()> {
    let found = symmetries::find(p, &set.perms, &set.names);
    let more = if found.complete {
        ""
    } else {
        " or more (the search ran out of its budget)"
    };
    if found.mirrors {
        writeln!(
            w,
            "symmetries: {}{more} (half of them mirrors); {} keep the goal's look",
            found.order, found.keeping_order
        )
    } else {
        writeln!(
            w,
            "symmetries: {}{more} (no mirrors); {} keep the goal's look",
            found.order, found.keeping_order
        )
    }
    .map_err(io)?;
    if each {
        // The definition's own moves (not their powers), where the set has them.
        let named: Vec<usize> = (0..set.names.len())
            .filter(|&m| p.moves.iter().any(|d| d.name == set.names[m]))
            .collect();
        let modulus = p.modulus();
        for (k, s) in found.elements(false, SYMMETRY_LIMIT).iter().enumerate() {
            let images: Vec<String> = named
                .iter()
                .map(|&m| format!("{}>{}", set.names[m], set.names[s.image[m]]))
                .collect();
            let mirror = symmetries::reverses(s, &set.perms, &set.names, &modulus);
            let kind = if mirror { "mirror" } else { "turn" };
            writeln!(w, "  {k}: {kind}: {}", images.join(" ")).map_err(io)?;
        }
    }
    Ok(())
}

/// The coordinates a state is ranked by, and whether they are all.
fn coordinate_lines(p: &Puzzle, set: &MoveSet, w: &mut impl Write) -> Result<()> {
    match coordinates(p, &set.perms, usize::MAX) {
        Ok(coords) => {
            let offsets = p.offsets();
            let listed = coords
                .iter()
                .try_fold(1u128, |n, c| n.checked_mul(c.size as u128));
            for c in coords {
                let orbit = offsets.iter().rposition(|&o| o <= c.positions()[0]);
                let name = orbit.map_or("?", |i| p.orbits[i].name.as_str());
                writeln!(
                    w,
                    "coordinate: {name}, {} positions, {}: {} values",
                    c.len(),
                    c.describe(),
                    c.size
                )
                .map_err(io)?;
            }
            // A coordinate of more values than a machine word holds is left out above.
            let all = rank_count(p, &set.perms);
            if all != listed {
                match all {
                    Some(n) => writeln!(w, "coordinates past 2^64 values are not listed ({n} ranks in all)"),
                    None => writeln!(w, "coordinates past 2^64 values are not listed (more than 2^128 ranks in all)"),
                }
                .map_err(io)?;
            }
        }
        Err(e) => writeln!(w, "coordinates: none ({e})").map_err(io)?,
    }
    Ok(())
}

/// The tables of some pieces of a component too large for all of them
/// (`engine::tables::space::tracked_parts`), which a long search may build.
fn tracked_tables(p: &Puzzle, set: &MoveSet, w: &mut impl Write) -> Result<()> {
    let parts = tracked_parts(p, &set.perms, 1 << 28);
    if parts.is_empty() {
        return writeln!(w, "tables of tracked pieces: none").map_err(io);
    }
    let offsets = p.offsets();
    for (places, twists) in parts {
        let i = offsets.iter().rposition(|&o| o <= places.positions()[0]);
        let name = i.map_or("?", |i| p.orbits[i].name.as_str());
        writeln!(
            w,
            "table of tracked pieces: {name}, {} ({} places x {} twists = {} entries)",
            places.describe(),
            places.size,
            twists.size,
            places.size * twists.size
        )
        .map_err(io)?;
    }
    Ok(())
}

/// The table reduced by symmetry a long search would build (`engine::tables::sym_pdb`), if any.
fn sym_table(p: &Puzzle, set: &MoveSet, w: &mut impl Write) -> Result<()> {
    let modulus = p.modulus();
    let closed = set
        .perms
        .iter()
        .all(|m| set.perms.contains(&m.inverse(&modulus)));
    let plan = closed
        .then(|| sym_pdb::plan::choose(p, &set.perms, &set.names, 1 << 28))
        .flatten();
    let Some(plan) = plan else {
        return writeln!(w, "table reduced by symmetry: none").map_err(io);
    };
    let offsets = p.offsets();
    let orbit = |c: &Coord| {
        let i = offsets.iter().rposition(|&o| o <= c.positions()[0]);
        i.map_or("?", |i| p.orbits[i].name.as_str())
    };
    let mut outer = Vec::new();
    if let Some(c) = &plan.outer.places {
        outer.push(format!(
            "{} places of a set of pieces ({})",
            orbit(c),
            c.size
        ));
    }
    if let Some(c) = &plan.outer.twists {
        outer.push(format!("{} twists ({})", orbit(c), c.size));
    }
    let inner = plan.inner.twists.as_ref().map_or(String::new(), |c| {
        format!(" x {} twists ({})", orbit(c), c.size)
    });
    let (syms, views) = (plan.syms.len(), plan.views.len());
    let db = SymPdb::new(p, plan, set.perms.len(), None);
    let bytes = twisty::bytes::show(db.size() as u128 / 2);
    writeln!(
        w,
        "table reduced by symmetry: {}{inner}; {syms} symmetries: {} classes, {} entries ({bytes} at 4 bits); {views} views",
        outer.join(" with "),
        db.classes(),
        db.size(),
    )
    .map_err(io)
}
