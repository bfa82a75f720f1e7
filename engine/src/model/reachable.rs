//! What the moves reach, told by group theory instead of a search: how many states (each look
//! once), and whether a given state is among them, in milliseconds.
//!
//! A state is the goal rearranged by some `p` (`goal.apply(p)`). Two rearrangements give the same
//! look when they differ first by an element of `H`, the rearrangements that keep the goal's look:
//! swaps of pieces with one label, and turns of a piece by multiples of the modulus its
//! `orientationMod` counts in. The moves reach `goal.apply(p)` exactly when `p` is in `H G` (first
//! an element of `H`, then one of the group `G` the moves generate).
//!
//! When `H` normalises `G`, `H G` is the group `<G, H>`: membership is one sift, and the looks
//! number `|<G, H>| / |H|` (`|G| / |G ∩ H|`, with `|G ∩ H| = |G| |H| / |<G, H>|`). When it does
//! not, a search over `G`'s chain answers both ([`super::look_stabiliser`]): an element of `G` that
//! gives every slot the state's look, and the order of `G ∩ H`, each within a budget of nodes.

use super::big_uint::BigUint;
use super::look_stabiliser::{has_element, order_within, Look};
use super::perm_group::{inverse, then, SlotPerm, Slots, StabChain};

/// Nodes the search for G ∩ H may visit before the looks are left uncounted (a fifth of a second
/// or so). The community's 7x7x7, whose edges are stickers and whose centres of a colour are
/// alike, needs 8,003 to count (the 5x5x5 1,191) and 24 to refuse a twisted corner: the budget
/// is for definitions whose looks the orbit-count cut cannot tell apart.
const INTERSECTION_BUDGET: u64 = 100_000;
use super::{Perm, Puzzle, State};

/// The answer to "do the moves reach this state?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    Yes,
    No,
    /// Inside `<G, H>` where `H` does not normalise `G`: only a search can tell.
    Unknown,
}

/// The group of the moves and of the look-keeping rearrangements, as stabiliser chains.
pub struct Reachable {
    slots: Slots,
    /// `G`.
    pub group: StabChain,
    /// `<G, H>` where `H` is not trivial and normalises `G`.
    with_looks: Option<StabChain>,
    /// `|H|` as factors (each fits a `u32`).
    looks_order: Vec<u32>,
    /// `H` normalises `G` (or is trivial): the looks are counted and membership is exact.
    pub exact: bool,
    /// Per slot, its position's goal label, and the position's orientation and the modulus its
    /// look counts orientations in.
    slot_label: Vec<u8>,
    slot_ori: Vec<u8>,
    slot_mod: Vec<u8>,
}

impl Reachable {
    pub fn new(puzzle: &Puzzle, perms: &[&Perm]) -> Reachable {
        let slots = Slots::of(puzzle);
        let g: Vec<SlotPerm> = perms.iter().map(|p| slots.perm(p)).collect();
        let group = StabChain::of(slots.n, &g);
        let (h_perms, looks_order) = look_keepers(puzzle);
        let modulus = puzzle.modulus();
        let (mut slot_label, mut slot_ori, mut slot_mod) = (Vec::new(), Vec::new(), Vec::new());
        for q in 0..modulus.len() {
            let label = puzzle.goal.label[q];
            let m = match puzzle.label_mod.get(label as usize) {
                Some(&m) if m > 0 && m < modulus[q] => m,
                _ => modulus[q],
            };
            for o in 0..modulus[q] {
                slot_label.push(label);
                slot_ori.push(o);
                slot_mod.push(m);
            }
        }
        if h_perms.is_empty() {
            return Reachable {
                slots,
                group,
                with_looks: None,
                looks_order,
                exact: true,
                slot_label,
                slot_ori,
                slot_mod,
            };
        }
        let h: Vec<SlotPerm> = h_perms.iter().map(|p| slots.perm(p)).collect();
        // H normalises G when every generator of G conjugated by every generator of H is in G.
        let exact = h.iter().all(|x| {
            let x_inv = inverse(x);
            g.iter().all(|y| group.contains(&then(&then(&x_inv, y), x)))
        });
        // <G, H> serves only where H normalises G; elsewhere the chain search answers.
        let with_looks = exact.then(|| {
            let mut both = g;
            both.extend(h);
            StabChain::of(slots.n, &both)
        });
        Reachable {
            with_looks,
            slots,
            group,
            looks_order,
            exact,
            slot_label,
            slot_ori,
            slot_mod,
        }
    }

    /// The number of looks the moves reach: `|<G, H>| / |H|` when [`Reachable::exact`], else
    /// `|G| / |G ∩ H|` when the search for `G ∩ H` ends within its budget.
    pub fn looks(&self) -> Option<BigUint> {
        if !self.exact {
            let look = self.slot_looks();
            let mut n = self.group.order();
            for f in order_within(&self.group, &look, INTERSECTION_BUDGET)? {
                n.div_exact(f);
            }
            return Some(n);
        }
        match &self.with_looks {
            None => Some(self.group.order()),
            Some(both) => {
                let mut n = both.order();
                for &f in &self.looks_order {
                    n.div_exact(f);
                }
                Some(n)
            }
        }
    }

    /// Each slot's look: its label and its orientation in the modulus the look counts in.
    fn slot_looks(&self) -> Vec<Look> {
        (0..self.slot_label.len())
            .map(|s| self.slot_label[s] as u32 * 64 + (self.slot_ori[s] % self.slot_mod[s]) as u32)
            .collect()
    }

    /// Whether the moves reach `state` from the goal: one sift where H normalises G, else a
    /// search over G's chain for an element that gives every slot the look the state gives it
    /// (`Unknown` when that search runs out of its budget).
    pub fn reaches(&self, puzzle: &Puzzle, state: &State) -> Reach {
        let p = match rearrangement(puzzle, state) {
            Some(p) => self.slots.perm(&p),
            None => return Reach::No,
        };
        if self.exact {
            let chain = self.with_looks.as_ref().unwrap_or(&self.group);
            return if chain.contains(&p) {
                Reach::Yes
            } else {
                Reach::No
            };
        }
        // g reaches the state's look when g = h then p, h keeping looks: the slot g sends x to,
        // taken back through p, has x's look.
        let look = self.slot_looks();
        let p_inv = inverse(&p);
        let to: Vec<Look> = (0..p.len()).map(|y| look[p_inv[y] as usize]).collect();
        match has_element(&self.group, &look, &to, INTERSECTION_BUDGET) {
            Some(true) => Reach::Yes,
            Some(false) => Reach::No,
            None => Reach::Unknown,
        }
    }
}

impl Reachable {
    /// Whether the moves make exactly the rearrangement `effect` (no look-alike counts).
    pub fn reaches_effect(&self, effect: &Perm) -> bool {
        self.group.contains(&self.slots.perm(effect))
    }
}

/// Generators of `H` (swaps of neighbours within each label, turns by each ignoring modulus) and
/// its order as factors.
fn look_keepers(puzzle: &Puzzle) -> (Vec<Perm>, Vec<u32>) {
    let n = puzzle.positions();
    let modulus = puzzle.modulus();
    let mut gens = Vec::new();
    let mut order = Vec::new();
    let mut done = vec![false; n];
    for i in 0..n {
        if done[i] {
            continue;
        }
        let class: Vec<usize> = (i..n)
            .filter(|&j| puzzle.goal.label[j] == puzzle.goal.label[i])
            .collect();
        for w in class.windows(2) {
            let mut p = Perm::identity(n);
            p.src.swap(w[0], w[1]);
            gens.push(p);
        }
        for (f, &j) in class.iter().enumerate() {
            done[j] = true;
            order.push(f as u32 + 1);
        }
    }
    for i in 0..n {
        let m = match puzzle.label_mod.get(puzzle.goal.label[i] as usize) {
            Some(&m) if m > 0 && m < modulus[i] => m,
            _ => continue,
        };
        let mut p = Perm::identity(n);
        p.twist[i] = m;
        gens.push(p);
        order.push((modulus[i] / m) as u32);
    }
    (gens, order)
}

/// Some `p` with `goal.apply(p)` looking like `state` (pieces with one label assigned in order);
/// `None` when the labels cannot match (a label in the wrong number or orbit).
fn rearrangement(puzzle: &Puzzle, state: &State) -> Option<Perm> {
    let n = puzzle.positions();
    if state.label.len() != n || state.ori.len() != n {
        return None;
    }
    let modulus = puzzle.modulus();
    let offsets = puzzle.offsets();
    let orbit_of = |i: usize| offsets.iter().rposition(|&o| o <= i).unwrap_or(0);
    let mut used = vec![false; n];
    let mut p = Perm::identity(n);
    for i in 0..n {
        let j = (0..n).find(|&j| {
            !used[j] && puzzle.goal.label[j] == state.label[i] && orbit_of(j) == orbit_of(i)
        })?;
        used[j] = true;
        let k = modulus[i];
        p.src[i] = j as u16;
        p.twist[i] = (state.ori[i] % k + k - puzzle.goal.ori[j] % k) % k;
    }
    Some(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Move, Orbit};

    /// Three pieces with two orientations; one move swaps the first two, flipping both.
    fn toy(labels: Vec<u8>) -> Puzzle {
        let swap = Perm {
            src: vec![1, 0, 2],
            twist: vec![1, 1, 0],
        };
        Puzzle {
            name: "toy".into(),
            orbits: vec![Orbit {
                name: "P".into(),
                size: 3,
                ori: 2,
            }],
            moves: vec![Move {
                name: "S".into(),
                perm: swap,
                base: true,
            }],
            goal: State {
                label: labels,
                ori: vec![0; 3],
            },
            label_names: Vec::new(),
            stickers: None,
            layout: None,
            comment: None,
            original: vec![0, 1, 2],
            warnings: Vec::new(),
            label_mod: Vec::new(),
            goal_set: Default::default(),
            slot_ends: Vec::new(),
        }
    }

    #[test]
    fn a_two_element_group_reaches_two_states() {
        let p = toy(vec![0, 1, 2]);
        let perms: Vec<_> = p.moves.iter().map(|m| &m.perm).collect();
        let r = Reachable::new(&p, &perms);
        assert_eq!(r.looks().unwrap().to_string(), "2");
        let flipped = State {
            label: vec![1, 0, 2],
            ori: vec![1, 1, 0],
        };
        assert_eq!(r.reaches(&p, &flipped), Reach::Yes);
        let unflipped = State {
            label: vec![1, 0, 2],
            ori: vec![0, 0, 0],
        };
        assert_eq!(r.reaches(&p, &unflipped), Reach::No);
        assert_eq!(r.reaches(&p, &p.goal), Reach::Yes);
    }
}
