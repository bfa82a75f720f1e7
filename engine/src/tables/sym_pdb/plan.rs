//! What a symmetry-reduced pattern database is over, found from the definition: one component's
//! places of a set of pieces and its twists (the outer part), another component's twists (the
//! inner), the symmetries under which these are closed (they reduce the table), and the
//! symmetries that show the state from other sides (its views).
//!
//! The tracked sets are the pieces a move and the moves beside it leave alone (the cube's U and D
//! turns leave the four middle-layer edges: Kociemba's slice), so nothing here knows a puzzle.

use crate::model::perm_group::Slots;
use crate::model::symmetries::{self, Symmetry};
use crate::model::{Perm, Puzzle};
use crate::tables::space::{class_of_home, coordinates, ComponentImage, Coord};

/// Outer parts up to this many values (their class table takes 4 bytes a value).
pub const OUTER_LIMIT: usize = 1 << 21;
/// Symmetries a table is reduced by at most (a class's own symmetries are a 64-bit mask).
pub const MAX_SYMS: usize = 64;
/// Views a search looks a state up through at most.
pub const MAX_VIEWS: usize = 3;

/// A component's coordinates and the symmetries' images of it.
#[derive(Clone)]
pub struct Factor {
    pub places: Option<Coord>,
    pub twists: Option<Coord>,
    /// Per reducing symmetry, its image of the component.
    pub images: Vec<ComponentImage>,
}

impl Factor {
    pub fn size(&self) -> usize {
        self.places.as_ref().map_or(1, |c| c.size) * self.twists.as_ref().map_or(1, |c| c.size)
    }
}

/// The chosen table: outer and inner factors, the reducing symmetries (the identity first) and
/// the views (the identity first).
#[derive(Clone)]
pub struct Plan {
    pub outer: Factor,
    pub inner: Factor,
    pub syms: Vec<Symmetry>,
    pub views: Vec<Symmetry>,
    /// Entries the table will have, about (outer / symmetries x inner).
    pub estimate: usize,
}

/// The positions each move changes.
fn support(m: &Perm) -> Vec<bool> {
    (0..m.len())
        .map(|q| m.src[q] as usize != q || m.twist[q] != 0)
        .collect()
}

/// The best plan for `puzzle` under `moves` (closed under inverse, named `names`) of at most
/// `limit` entries: the most entries, then the most views; `None` if no component fits.
pub fn choose(puzzle: &Puzzle, moves: &[Perm], names: &[String], limit: usize) -> Option<Plan> {
    if !puzzle.label_mod.is_empty() {
        return None;
    }
    let coords = coordinates(puzzle, moves, OUTER_LIMIT).ok()?;
    let twists_of = |positions: &[usize]| {
        coords
            .iter()
            .find(|c| c.is_ori() && c.positions() == positions)
            .cloned()
    };
    let components = components(puzzle, moves, &coords);
    // (Finding the symmetries takes the 7x7x7 more than a second: only where a table may come.)
    let fits = |(pos, sets): &(Vec<usize>, Vec<Vec<u8>>)| {
        let twists = twists_of(pos).map_or(1, |c| c.size);
        sets.iter().any(|set| {
            let places = twisty::coord::multiset_count(&[set.len(), pos.len() - set.len()]);
            places.saturating_mul(twists) <= OUTER_LIMIT
        })
    };
    if components.len() < 2 || !components.iter().any(fits) {
        return None;
    }
    let found = symmetries::find(puzzle, moves, names);
    let all = found.elements(true, 10_000);
    let slots = Slots::of(puzzle);
    let labels = |pos: &[usize]| -> Vec<u8> { pos.iter().map(|&q| puzzle.goal.label[q]).collect() };
    let mut best: Option<Plan> = None;
    for (a, (pos, sets)) in components.iter().enumerate() {
        for set in sets {
            let places = (!set.is_empty()).then(|| Coord::tracked(puzzle, moves, pos, set));
            let twists = twists_of(pos);
            let outer_size =
                places.as_ref().map_or(1, |c| c.size) * twists.as_ref().map_or(1, |c| c.size);
            if outer_size > OUTER_LIMIT {
                continue;
            }
            let outer_homes = class_of_home(places.as_ref(), &labels(pos));
            for (b, (ipos, _)) in components.iter().enumerate() {
                if a == b {
                    continue;
                }
                let Some(inner_twists) = twists_of(ipos) else {
                    continue;
                };
                let Some((syms, outer_images, inner_images)) =
                    images(&all, &slots, (pos, &outer_homes), ipos)
                else {
                    continue;
                };
                let estimate = outer_size / syms.len() * inner_twists.size;
                if estimate > limit {
                    continue;
                }
                let views = views(&all, set, pos, puzzle);
                let better = best
                    .as_ref()
                    .is_none_or(|p| (estimate, views.len()) > (p.estimate, p.views.len()));
                if better {
                    best = Some(Plan {
                        outer: Factor {
                            places: places.clone(),
                            twists: twists.clone(),
                            images: outer_images,
                        },
                        inner: Factor {
                            places: None,
                            twists: Some(inner_twists),
                            images: inner_images,
                        },
                        syms,
                        views,
                        estimate,
                    });
                }
            }
        }
    }
    best
}

/// The components whose pieces are all distinct and untwisted at the goal, each with the sets of
/// its labels a table may track: none (the first), and per move the pieces that neither it nor
/// any move disjoint from it moves.
fn components(
    puzzle: &Puzzle,
    moves: &[Perm],
    coords: &[Coord],
) -> Vec<(Vec<usize>, Vec<Vec<u8>>)> {
    let supports: Vec<Vec<bool>> = moves.iter().map(support).collect();
    let mut components: Vec<(Vec<usize>, Vec<Vec<u8>>)> = Vec::new();
    for c in coords.iter().filter(|c| c.is_ori()) {
        let pos = c.positions().to_vec();
        if pos.iter().any(|&q| puzzle.goal.ori[q] != 0) {
            continue;
        }
        let mut sets: Vec<Vec<u8>> = vec![Vec::new()];
        let mut labels: Vec<u8> = pos.iter().map(|&q| puzzle.goal.label[q]).collect();
        labels.sort_unstable();
        labels.dedup();
        if labels.len() == pos.len() {
            for sm in &supports {
                let beside: Vec<usize> = (0..moves.len())
                    .filter(|&o| (0..sm.len()).all(|q| !(sm[q] && supports[o][q])))
                    .collect();
                let set: Vec<u8> = pos
                    .iter()
                    .filter(|&&q| !sm[q] && beside.iter().all(|&o| !supports[o][q]))
                    .map(|&q| puzzle.goal.label[q])
                    .collect();
                if !set.is_empty() && set.len() < pos.len() && !sets.contains(&set) {
                    sets.push(set);
                }
            }
        }
        components.push((pos, sets));
    }
    components
}

/// The symmetries that map both components onto themselves, and each one's image of the outer
/// (its pieces' homes by class) and the inner component: `None` where there is none. More than a
/// class word holds, or a set that is not a group, reduce by the identity alone.
fn images(
    all: &[Symmetry],
    slots: &Slots,
    (pos, outer_homes): (&[usize], &[u8]),
    ipos: &[usize],
) -> Option<(Vec<Symmetry>, Vec<ComponentImage>, Vec<ComponentImage>)> {
    let inner_homes = vec![0u8; ipos.len()];
    let mut syms = Vec::new();
    let (mut outer_images, mut inner_images) = (Vec::new(), Vec::new());
    for s in all {
        let o = ComponentImage::new(slots, &s.slots, pos, outer_homes);
        let i = ComponentImage::new(slots, &s.slots, ipos, &inner_homes);
        if let (Some(o), Some(i)) = (o, i) {
            syms.push(s.clone());
            outer_images.push(o);
            inner_images.push(i);
        }
    }
    if syms.is_empty() {
        return None;
    }
    // The classes need a group (each symmetry's inverse and products among them); more than a
    // class word holds, or a set `elements` left unfinished, reduce by nothing (the identity,
    // which `elements` lists first).
    if syms.len() > MAX_SYMS || !is_group(&syms) {
        syms.truncate(1);
        outer_images.truncate(1);
        inner_images.truncate(1);
    }
    Some((syms, outer_images, inner_images))
}

/// Whether the symmetries (by their action on the moves) hold each one's inverse and every product.
fn is_group(syms: &[Symmetry]) -> bool {
    let images: Vec<&[usize]> = syms.iter().map(|s| s.image.as_slice()).collect();
    let has = |p: &[usize]| images.contains(&p);
    images.iter().all(|a| {
        images.iter().all(|b| {
            let product: Vec<usize> = a.iter().map(|&m| b[m]).collect();
            has(&product)
        })
    })
}

/// Symmetries that show the tracked set from other sides: one for each set of pieces
/// `τ⁻¹(set)` they make the table track, up to [`MAX_VIEWS`] (the identity first).
fn views(all: &[Symmetry], set: &[u8], pos: &[usize], puzzle: &Puzzle) -> Vec<Symmetry> {
    let slots = Slots::of(puzzle);
    let tracked: Vec<usize> = pos
        .iter()
        .copied()
        .filter(|&q| set.contains(&puzzle.goal.label[q]))
        .collect();
    let mut seen: Vec<Vec<usize>> = Vec::new();
    let mut out = Vec::new();
    for s in all {
        // The positions whose pieces the view tracks: those `τ` takes into the set.
        let mut from: Vec<usize> = pos
            .iter()
            .copied()
            .filter(|&q| tracked.contains(&slots.position(s.slots[slots.first[q]] as usize)))
            .collect();
        from.sort_unstable();
        if !seen.contains(&from) && out.len() < MAX_VIEWS {
            seen.push(from);
            out.push(s.clone());
        }
    }
    out
}
