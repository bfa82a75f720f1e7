//! Pieces a subgroup keeps paired without fixing them: the 4x4x4's wings under the face turns.
//!
//! The subgroup moves the positions of an orbit in blocks of two (a block system: the dedges'
//! position pairs), which the group above does not. That it keeps pieces paired is a fact about
//! the pairs, not the pieces' colours: a view that shows it follows, for each pair of pieces that
//! sits in a block at the goal, the (unordered) pair of positions it occupies. Those position
//! pairs are the positions of an orbit of their own ("pair slots", closed under every move), in
//! which each piece pair is a piece of one colour and every other slot is blank: the goal's look
//! is "every block holds a pair", whichever pair and in either order. Whether that, with the
//! colours and parities, tells the subgroup's cosets apart is decided by counting
//! ([`super::chain`]).
//!
//! The block systems with blocks of two are found from the generators (Atkinson's method: the
//! least block system joining two points, by closing the pair under every generator; given up as
//! soon as a block would hold three).

use crate::model::{Perm, Puzzle, State};
use std::collections::HashMap;

/// The block systems of blocks of two that `gens` keep on the positions of `range` they move (an
/// orbit of theirs, or a union of orbits), each as its blocks. Positions no generator moves are
/// left out: any two of them make a block, so every matching of them would be a system (the
/// megaminx's small subgroups fix dozens), and a piece kept home needs no pair to show it.
pub fn pair_systems(gens: &[Perm], range: std::ops::Range<usize>) -> Vec<Vec<(usize, usize)>> {
    // Where each generator sends each position (the inverse of its `src`), made once: the
    // automatic chain asks this of every candidate subgroup whose count falls short.
    let forward: Vec<Vec<usize>> = gens
        .iter()
        .map(|g| {
            let mut to = vec![0; g.src.len()];
            for (i, &s) in g.src.iter().enumerate() {
                to[s as usize] = i;
            }
            to
        })
        .collect();
    let moved: Vec<usize> = range
        .filter(|&q| forward.iter().any(|to| to[q] != q))
        .collect();
    if moved.len() % 2 == 1 || moved.is_empty() {
        return Vec::new();
    }
    let mut found: Vec<Vec<(usize, usize)>> = Vec::new();
    let partner = vec![usize::MAX; moved[moved.len() - 1] + 1];
    complete(&forward, &moved, partner, &mut found);
    found
}

/// The most block systems looked for: an orbit of the subgroup may pair with several others, and
/// the systems multiply.
const MOST_SYSTEMS: usize = 16;

/// Every completion of `partner` (pairs closed under the generators so far) to a block system of
/// pairs on the positions `moved`, into `found`: the first position without a partner is tried
/// with each other, the pair closed under every generator (an orbit of the subgroup, or two, at a
/// time).
fn complete(
    forward: &[Vec<usize>],
    moved: &[usize],
    partner: Vec<usize>,
    found: &mut Vec<Vec<(usize, usize)>>,
) {
    let Some(&a) = moved.iter().find(|&&q| partner[q] == usize::MAX) else {
        let mut system: Vec<(usize, usize)> = moved
            .iter()
            .copied()
            .filter(|&q| q < partner[q])
            .map(|q| (q, partner[q]))
            .collect();
        system.sort_unstable();
        if !found.contains(&system) {
            found.push(system);
        }
        return;
    };
    'partner: for &b in moved.iter().filter(|&&b| b > a && partner[b] == usize::MAX) {
        if found.len() >= MOST_SYSTEMS {
            return;
        }
        let mut partner = partner.clone();
        partner[a] = b;
        partner[b] = a;
        let mut queue = vec![(a, b)];
        while let Some((x, y)) = queue.pop() {
            for to in forward {
                let (gx, gy) = (to[x], to[y]);
                match (partner[gx], partner[gy]) {
                    (p, _) if p == gy => {}
                    (usize::MAX, usize::MAX) if gx != gy => {
                        partner[gx] = gy;
                        partner[gy] = gx;
                        queue.push((gx, gy));
                    }
                    // A third position joins a block: no system of pairs holds {a, b}.
                    _ => continue 'partner,
                }
            }
        }
        complete(forward, moved, partner, found);
    }
}

/// Where `g` sends the piece at `q`.
fn position_of(g: &Perm, q: usize) -> usize {
    g.src.iter().position(|&s| s as usize == q).unwrap_or(q)
}

/// Whether every generator keeps `system`'s blocks as blocks.
pub fn keeps(gens: &[Perm], system: &[(usize, usize)]) -> bool {
    let mut partner = HashMap::new();
    for &(x, y) in system {
        partner.insert(x, y);
        partner.insert(y, x);
    }
    gens.iter().all(|g| {
        system.iter().all(|&(x, y)| {
            let (gx, gy) = (position_of(g, x), position_of(g, y));
            partner.get(&gx) == Some(&gy)
        })
    })
}

/// The pair view of one block system: the slots, and the goal's pairs of pieces.
#[derive(Clone, Debug)]
pub struct Pairs {
    /// The blocks' pieces, by the goal's labels at each block.
    pieces: Vec<(u8, u8)>,
    /// Unordered position pairs (`i < j`), every move's images of the blocks included.
    pub slots: Vec<(u16, u16)>,
    index: HashMap<(u16, u16), u16>,
    /// Per slot: whether it is a block (the goal holds a pair there).
    pub home: Vec<bool>,
}

impl Pairs {
    /// The view of `system`'s pairs on `puzzle`: the slots the moves take the blocks to. An error
    /// where a block's pieces are not each their own (their places would not be known).
    pub fn new(puzzle: &Puzzle, system: &[(usize, usize)]) -> Result<Pairs, String> {
        let goal = &puzzle.goal;
        let mut count = vec![0usize; goal.label_count()];
        for &l in &goal.label {
            count[l as usize] += 1;
        }
        let key = |x: usize, y: usize| (x.min(y) as u16, x.max(y) as u16);
        let mut slots: Vec<(u16, u16)> = Vec::new();
        let mut index = HashMap::new();
        for &(x, y) in system {
            if count[goal.label[x] as usize] != 1 || count[goal.label[y] as usize] != 1 {
                return Err("paired pieces must be each their own".into());
            }
            index.insert(key(x, y), slots.len() as u16);
            slots.push(key(x, y));
        }
        let blocks = slots.len();
        let mut next = 0;
        while next < slots.len() {
            let (x, y) = slots[next];
            for m in &puzzle.moves {
                let k = key(
                    position_of(&m.perm, x as usize),
                    position_of(&m.perm, y as usize),
                );
                if let std::collections::hash_map::Entry::Vacant(e) = index.entry(k) {
                    e.insert(slots.len() as u16);
                    slots.push(k);
                }
            }
            next += 1;
        }
        let home = (0..slots.len()).map(|k| k < blocks).collect();
        let pieces = system
            .iter()
            .map(|&(x, y)| (goal.label[x], goal.label[y]))
            .collect();
        Ok(Pairs {
            pieces,
            slots,
            index,
            home,
        })
    }

    /// Per slot of a state: whether a pair of the goal's sits there.
    pub fn of_state(&self, s: &State) -> Vec<bool> {
        let mut at = HashMap::new();
        for (q, &l) in s.label.iter().enumerate() {
            at.insert(l, q);
        }
        let mut out = vec![false; self.slots.len()];
        for &(a, b) in &self.pieces {
            let (x, y) = (at[&a], at[&b]);
            if let Some(&k) = self.index.get(&(x.min(y) as u16, x.max(y) as u16)) {
                out[k as usize] = true;
            }
        }
        out
    }

    /// Per slot: the slot its pair came from under `p`.
    pub fn of_perm(&self, p: &Perm) -> Vec<u16> {
        self.slots
            .iter()
            .map(|&(i, j)| {
                let (x, y) = (p.src[i as usize], p.src[j as usize]);
                self.index[&(x.min(y), x.max(y))]
            })
            .collect()
    }
}
