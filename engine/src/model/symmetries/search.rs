//! The search tree under [`super::find`]: a node knows `σ` at some slots and what some
//! generators become; a child chooses one more of either; a leaf is a symmetry.
//!
//! Where `σ` is known at a slot `x` and the move `π(m)` that a move `m` becomes is chosen, `σ` is
//! known at `m`'s image of `x` too: `σ(m(x)) = π(m)(σ(x))`. So a handful of choices settle every
//! slot and a wrong one contradicts itself at once. Candidates are cut by invariants first: a
//! move may become only a move with the same cycle lengths, that lies on a cycle of the same
//! length through the slot it is chosen at, and whose products with the moves chosen so far have
//! the cycle lengths of theirs; a slot may go only to a slot that lies on cycles of the same
//! lengths under as many moves of each kind.

use crate::model::perm_group::{inverse, SlotPerm, Slots};

pub const UNKNOWN: u16 = u16::MAX;

/// What is known of `σ` and of the generators' images.
#[derive(Clone)]
pub struct Partial {
    pub sigma: Vec<u16>,
    pub pi: Vec<usize>,
}

/// What a node chooses next: a generator's image (a move) or a slot's (a slot).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Item {
    Gen(usize),
    Slot(usize),
}

pub struct Tree<'a> {
    pub slots: &'a Slots,
    pub moves: &'a [SlotPerm],
    /// One move of each cyclic group the moves make (`U` for `U`, `U2`, `U'`): its image decides
    /// its powers', so only these are chosen.
    pub gens: Vec<usize>,
    /// Each move's inverse map.
    back: Vec<SlotPerm>,
    /// Per move, the class of its cycle lengths; per slot, the class of its invariant.
    move_class: Vec<usize>,
    slot_class: Vec<usize>,
    /// `cycle[m][x]`: the length of `x`'s cycle under move `m`.
    cycle: Vec<Vec<u16>>,
    /// `product[a * moves + b]`: the class of the cycle lengths of `a` then `b` (a symmetry keeps
    /// it: `π(a) π(b)` is `a b` conjugated).
    product: Vec<usize>,
    /// A leaf must pass this too (keeping the goal's look, where that is asked).
    accept: &'a dyn Fn(&[u16]) -> bool,
    pub nodes: u64,
    pub budget: u64,
}

impl<'a> Tree<'a> {
    pub fn new(
        slots: &'a Slots,
        moves: &'a [SlotPerm],
        accept: &'a dyn Fn(&[u16]) -> bool,
        budget: u64,
    ) -> Tree<'a> {
        let n = slots.n;
        let cycle: Vec<Vec<u16>> = moves.iter().map(|m| cycle_lengths(m)).collect();
        let move_class = classes(cycle.iter().map(|c| sorted(c.clone())));
        let slot_class = classes((0..n).map(|x| {
            sorted(
                (0..moves.len())
                    .map(|m| (move_class[m], cycle[m][x]))
                    .collect(),
            )
        }));
        let product = classes((0..moves.len() * moves.len()).map(|i| {
            let (a, b) = (&moves[i / moves.len()], &moves[i % moves.len()]);
            let ab: SlotPerm = a.iter().map(|&x| b[x as usize]).collect();
            sorted(cycle_lengths(&ab))
        }));
        let mut gens: Vec<usize> = Vec::new();
        for m in 0..moves.len() {
            if !gens.iter().any(|&g| powers(&moves[g]).contains(&moves[m])) {
                gens.push(m);
            }
        }
        Tree {
            slots,
            moves,
            gens,
            back: moves.iter().map(|m| inverse(m)).collect(),
            move_class,
            slot_class,
            cycle,
            product,
            accept,
            nodes: 0,
            budget,
        }
    }

    /// The root: slots no move touches stay where they are.
    pub fn root(&self) -> Partial {
        Partial {
            sigma: (0..self.slots.n)
                .map(|x| {
                    if self.moves.iter().all(|m| m[x] as usize == x) {
                        x as u16
                    } else {
                        UNKNOWN
                    }
                })
                .collect(),
            pi: vec![usize::MAX; self.gens.len()],
        }
    }

    /// What `p` (propagated) chooses next and the values that may be chosen; `None` at a leaf.
    pub fn branch(&self, p: &Partial) -> Option<(Item, Vec<usize>)> {
        let n = p.sigma.len();
        // A generator not yet mapped that moves a slot already placed.
        let open_gen = (0..self.gens.len())
            .filter(|&i| p.pi[i] == usize::MAX)
            .find_map(|i| {
                let m = &self.moves[self.gens[i]];
                (0..n)
                    .find(|&x| p.sigma[x] != UNKNOWN && m[x] as usize != x)
                    .map(|x| (i, x))
            });
        if let Some((i, x)) = open_gen {
            let (moves, m) = (self.moves.len(), self.gens[i]);
            let values = (0..moves)
                .filter(|&t| {
                    self.move_class[t] == self.move_class[m]
                        && !p.pi.contains(&t)
                        && self.cycle[t][p.sigma[x] as usize] == self.cycle[m][x]
                        && (0..self.gens.len()).all(|j| {
                            p.pi[j] == usize::MAX
                                || self.product[m * moves + self.gens[j]]
                                    == self.product[t * moves + p.pi[j]]
                        })
                })
                .collect();
            return Some((Item::Gen(i), values));
        }
        // Else a slot not yet placed (a part the placed ones do not reach).
        let x = (0..n).find(|&x| p.sigma[x] == UNKNOWN)?;
        let mut used = vec![false; n];
        for &s in p.sigma.iter().filter(|&&s| s != UNKNOWN) {
            used[s as usize] = true;
        }
        let values = (0..n)
            .filter(|&y| !used[y] && self.slot_class[y] == self.slot_class[x])
            .collect();
        Some((Item::Slot(x), values))
    }

    /// `p` with `item` chosen as `value`.
    pub fn child(&self, p: &Partial, item: Item, value: usize) -> Partial {
        let mut q = p.clone();
        match item {
            Item::Gen(i) => q.pi[i] = value,
            Item::Slot(x) => q.sigma[x] = value as u16,
        }
        q
    }

    /// The first symmetry below `p`, as `σ` and every move's image; `None` when there is none
    /// (or the budget ran out: see `nodes`).
    pub fn first_leaf(&mut self, mut p: Partial) -> Option<(SlotPerm, Vec<usize>)> {
        self.nodes += 1;
        if self.nodes > self.budget || !self.propagate(&mut p) {
            return None;
        }
        match self.branch(&p) {
            Some((item, values)) => values
                .into_iter()
                .find_map(|v| self.first_leaf(self.child(&p, item, v))),
            None => self.leaf(&p),
        }
    }

    /// A node with every slot placed: a symmetry when each piece's slots stay one piece's, every
    /// move becomes a move (each generator the one chosen for it) and `accept` agrees.
    pub fn leaf(&self, p: &Partial) -> Option<(SlotPerm, Vec<usize>)> {
        if !self.keeps_pieces(&p.sigma) || !(self.accept)(&p.sigma) {
            return None;
        }
        let mut image = Vec::with_capacity(self.moves.len());
        for m in 0..self.moves.len() {
            let conj = conjugate(&p.sigma, &self.moves[m]);
            let t = self.moves.iter().position(|t| *t == conj)?;
            if let Some(i) = self.gens.iter().position(|&g| g == m) {
                if p.pi[i] != usize::MAX && p.pi[i] != t {
                    return None;
                }
            }
            image.push(t);
        }
        Some((p.sigma.clone(), image))
    }

    /// Whether the slots of each position go to the slots of one position.
    fn keeps_pieces(&self, sigma: &[u16]) -> bool {
        let slots = self.slots;
        (0..slots.first.len()).all(|q| {
            let k = slots.modulus[q] as usize;
            let to = slots.position(sigma[slots.first[q]] as usize);
            slots.modulus[to] as usize == k
                && (0..k).all(|o| slots.position(sigma[slots.first[q] + o] as usize) == to)
        })
    }

    /// Spreads `σ(m(x)) = π(m)(σ(x))` until nothing changes; false on a contradiction.
    pub fn propagate(&self, p: &mut Partial) -> bool {
        let n = p.sigma.len();
        let mut used = vec![false; n];
        for &s in p.sigma.iter().filter(|&&s| s != UNKNOWN) {
            if used[s as usize] {
                return false;
            }
            used[s as usize] = true;
        }
        let mut todo: Vec<usize> = (0..n).filter(|&x| p.sigma[x] != UNKNOWN).collect();
        while let Some(x) = todo.pop() {
            let sx = p.sigma[x] as usize;
            if self.slot_class[sx] != self.slot_class[x] {
                return false;
            }
            for (i, &t) in p.pi.iter().enumerate() {
                if t == usize::MAX {
                    continue;
                }
                let m = self.gens[i];
                // Forwards and backwards along the move.
                for (z, w) in [
                    (self.moves[m][x] as usize, self.moves[t][sx] as usize),
                    (self.back[m][x] as usize, self.back[t][sx] as usize),
                ] {
                    match p.sigma[z] {
                        UNKNOWN if used[w] => return false,
                        UNKNOWN => {
                            p.sigma[z] = w as u16;
                            used[w] = true;
                            todo.push(z);
                        }
                        s if s as usize != w => return false,
                        _ => {}
                    }
                }
            }
        }
        true
    }
}

/// `σ m σ⁻¹` as a slot map: where `σ(x)` goes is `σ(m(x))`.
pub fn conjugate(sigma: &[u16], m: &[u16]) -> SlotPerm {
    let mut out = vec![0u16; m.len()];
    for x in 0..m.len() {
        out[sigma[x] as usize] = sigma[m[x] as usize];
    }
    out
}

/// Each point's cycle length under `m`.
fn cycle_lengths(m: &[u16]) -> Vec<u16> {
    let mut len = vec![0u16; m.len()];
    for start in 0..m.len() {
        if len[start] != 0 {
            continue;
        }
        let mut cycle = vec![start];
        let mut x = m[start] as usize;
        while x != start {
            cycle.push(x);
            x = m[x] as usize;
        }
        for &x in &cycle {
            len[x] = cycle.len() as u16;
        }
    }
    len
}

fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort_unstable();
    v
}

/// Numbers equal items alike (the class of each item, in order of first appearance).
fn classes<T: std::hash::Hash + Eq>(items: impl Iterator<Item = T>) -> Vec<usize> {
    let mut seen: std::collections::HashMap<T, usize> = std::collections::HashMap::new();
    items
        .map(|it| {
            let next = seen.len();
            *seen.entry(it).or_insert(next)
        })
        .collect()
}

/// Every power of `m` but the identity.
fn powers(m: &[u16]) -> Vec<SlotPerm> {
    let mut out = Vec::new();
    let mut p: SlotPerm = m.to_vec();
    while p.iter().enumerate().any(|(x, &y)| x != y as usize) {
        out.push(p.clone());
        p = p.iter().map(|&x| m[x as usize]).collect();
    }
    out
}
