//! Phases that put pieces home, for a group whose move-made subgroups are all too far below it
//! (the megaminx's `<R, U>`: every subgroup its moves make is a single face's five turns).
//!
//! The subgroup such a phase ends in keeps some pieces home and unturned: a stabiliser, which the
//! moves do not generate, so every such phase searches with the whole group's moves. The pieces
//! go home farthest first from the last move's pieces (the way people solve a cube layer by layer:
//! what one face turns is solved last), and a stabiliser chain with them first as its base points
//! gives each stabiliser's size at once. The phases are cut where the cosets would pass the size
//! limit.
//!
//! A subgroup the moves do make may be a stabiliser too (the kilominx's groups of faces keep home
//! the corners none of their faces turns, and nothing else): [`stabiliser_of`] says so by
//! counting, and its phase is then seen as slots with its own moves.

use crate::model::big_uint::BigUint;
use crate::model::perm_group::{SlotPerm, Slots, StabChain};
use crate::model::{Perm, Puzzle};

/// One cut: the positions fixed once the phase is done (earlier phases' too).
pub struct Cut {
    pub fixed: Vec<usize>,
    /// The phase's cosets: the sizes of its levels' orbits multiplied.
    pub cosets: BigUint,
}

/// The order pieces go home in: the positions `gens` move, farthest first from those the last
/// generator moves (steps of any generator between them), then by orbit and number.
pub fn order(puzzle: &Puzzle, gens: &[Perm]) -> Vec<usize> {
    let n = puzzle.positions();
    let moved: Vec<bool> = (0..n)
        .map(|q| {
            gens.iter()
                .any(|g| g.src[q] as usize != q || g.twist[q] != 0)
        })
        .collect();
    let mut dist = vec![u32::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    if let Some(last) = gens.last() {
        for q in 0..n {
            if last.src[q] as usize != q || last.twist[q] != 0 {
                dist[q] = 0;
                queue.push_back(q);
            }
        }
    }
    while let Some(q) = queue.pop_front() {
        for g in gens {
            for i in 0..n {
                // A piece at `src[i]` goes to `i`: the two positions are one step apart.
                let (a, b) = (g.src[i] as usize, i);
                for (x, y) in [(a, b), (b, a)] {
                    if x == q && dist[y] == u32::MAX {
                        dist[y] = dist[q] + 1;
                        queue.push_back(y);
                    }
                }
            }
        }
    }
    let offsets = puzzle.offsets();
    let orbit = |q: usize| offsets.iter().rposition(|&o| o <= q).unwrap_or(0);
    let mut order: Vec<usize> = (0..n).filter(|&q| moved[q]).collect();
    order.sort_by_key(|&q| (std::cmp::Reverse(dist[q]), orbit(q), q));
    order
}

/// The stabiliser chain of the group `gens` make, on the puzzle's slots renumbered so that each
/// position of `order` gives the chain's next base point (its first slot), in order.
fn chain_along(puzzle: &Puzzle, gens: &[Perm], order: &[usize]) -> (StabChain, usize) {
    let slots = Slots::of(puzzle);
    let mut new_of = vec![usize::MAX; slots.n];
    let mut next = 0;
    for &q in order {
        new_of[slots.first[q]] = next;
        next += 1;
    }
    for s in 0..slots.n {
        if new_of[s] == usize::MAX {
            new_of[s] = next;
            next += 1;
        }
    }
    let renumber = |p: &SlotPerm| -> SlotPerm {
        let mut out = vec![0u16; p.len()];
        for s in 0..p.len() {
            out[new_of[s]] = new_of[p[s] as usize] as u16;
        }
        out
    };
    let g: Vec<SlotPerm> = gens.iter().map(|p| renumber(&slots.perm(p))).collect();
    (StabChain::of(slots.n, &g), slots.n)
}

/// Where the group `to` is the stabiliser, in the group `from`, of the pieces it keeps home and
/// unturned that `from` moves: those positions, and the cosets (how many places `from` can put
/// those pieces, with their orientations). `None` where `to` is smaller than that stabiliser (it
/// also fixes something the pieces' slots do not show), or fixes none of them.
pub fn stabiliser_of(puzzle: &Puzzle, from: &[Perm], to: &[Perm]) -> Option<(Vec<usize>, BigUint)> {
    let still = |p: &Perm, q: usize| p.src[q] as usize == q && p.twist[q] == 0;
    let fixed: Vec<usize> = (0..puzzle.positions())
        .filter(|&q| to.iter().all(|g| still(g, q)) && !from.iter().all(|g| still(g, q)))
        .collect();
    if fixed.is_empty() {
        return None;
    }
    let (chain, n) = chain_along(puzzle, from, &fixed);
    let orbit_size = |k: usize| (0..n).filter(|&j| chain.rep(k, j).is_some()).count();
    let mut cosets = BigUint::one();
    for k in 0..fixed.len() {
        cosets.mul_small(orbit_size(k) as u32);
    }
    // |from| = cosets * |stabiliser|, and `to` lies in the stabiliser: equal orders make them one.
    let product = chain_along(puzzle, to, &[]).0.order().times(&cosets);
    (product == chain.order()).then_some((fixed, cosets))
}

/// The cuts of the stabiliser chain along `order`: each phase's cosets at most `limit` (but at
/// least one piece a phase), the last one fixing everything.
pub fn cuts(puzzle: &Puzzle, gens: &[Perm], order: &[usize], limit: f64) -> Vec<Cut> {
    let (chain, n) = chain_along(puzzle, gens, order);
    let orbit_size = |k: usize| (0..n).filter(|&j| chain.rep(k, j).is_some()).count();
    let mut out = Vec::new();
    let mut cosets = BigUint::one();
    let mut k = 0;
    while k < order.len() {
        let grow = orbit_size(k);
        if cosets.to_f64() > 1.0 && cosets.to_f64() * grow as f64 > limit {
            out.push(Cut {
                fixed: order[..k].to_vec(),
                cosets: std::mem::replace(&mut cosets, BigUint::one()),
            });
        }
        cosets.mul_small(grow as u32);
        k += 1;
    }
    out.push(Cut {
        fixed: order.to_vec(),
        cosets,
    });
    out
}
