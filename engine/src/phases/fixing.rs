//! Phases that put pieces home, for a group whose move-made subgroups are all too far below it
//! (the megaminx's `<R, U>`: every subgroup its moves make is a single face's five turns).
//!
//! The subgroup such a phase ends in keeps some pieces home and unturned: a stabiliser, which the
//! moves do not generate, so every such phase searches with the whole group's moves. The pieces
//! go home farthest first from the last move's pieces (the way people solve a cube layer by layer:
//! what one face turns is solved last), and a stabiliser chain with them first as its base points
//! gives each stabiliser's size at once. The phases are cut where the cosets would pass the size
//! limit.

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

/// The cuts of the stabiliser chain along `order`: each phase's cosets at most `limit` (but at
/// least one piece a phase), the last one fixing everything.
pub fn cuts(puzzle: &Puzzle, gens: &[Perm], order: &[usize], limit: f64) -> Vec<Cut> {
    let slots = Slots::of(puzzle);
    // Slots renumbered so that each ordered position's first slot is a base point, in order.
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
    let chain = StabChain::of(slots.n, &g);
    let orbit_size = |k: usize| (0..slots.n).filter(|&j| chain.rep(k, j).is_some()).count();
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
