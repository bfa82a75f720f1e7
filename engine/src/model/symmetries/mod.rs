//! Symmetries found from the definition alone: rearrangements `σ` of the pieces (with their
//! orientations) under which every chosen move becomes a chosen move (`σ m σ⁻¹` in the set). A
//! rotation of the cube is one (it takes the U turn to the R turn); so is a mirror, which takes a
//! clockwise turn to an anticlockwise one. Nothing here knows a puzzle: the cube's 48, the
//! tetrahedron's 24 and the dodecahedron's 120 come out of the move permutations, and so do
//! symmetries no geometry shows (the 5x5x5's second and fourth layers trade places).
//!
//! The group is found as generators, as Sims and McKay find automorphism groups: the search tree
//! ([`search`]) is walked once down the identity's path; then, deepest first, each other value at
//! a node of that path is tried only where the generators found so far do not already reach it,
//! and one symmetry below it (the first leaf) joins them. Its order comes from the generators'
//! action on the moves (a stabiliser chain): rearrangements that turn every move into itself
//! (every corner twisted once more: a renaming of orientations) act on no state and are not
//! counted.
//!
//! Slots no move touches stay where they are (they would multiply every symmetry by their own
//! rearrangements, which no move can tell apart).

mod search;

use super::big_uint::BigUint;
use super::perm_group::{SlotPerm, Slots, StabChain};
use super::{Perm, Puzzle, State};
use search::{Item, Partial, Tree};

/// One symmetry.
#[derive(Clone, Debug)]
pub struct Symmetry {
    /// Where each slot goes.
    pub slots: SlotPerm,
    /// `image[m]`: the move that move `m` becomes (`σ m σ⁻¹` as a map of slots).
    pub image: Vec<usize>,
}

/// The symmetries of a puzzle under a set of moves.
pub struct Symmetries {
    /// Generators of every symmetry, and of those that keep the goal's look (pieces with one
    /// label go to pieces with one label, ignored orientations stay ignored: only these can
    /// reduce a table).
    pub generators: Vec<Symmetry>,
    pub keeping_generators: Vec<Symmetry>,
    /// The number of symmetries (as maps of the moves), and of those that keep the goal's look.
    pub order: BigUint,
    pub keeping_order: BigUint,
    /// Whether some symmetry reverses the turning direction (then half of them do).
    pub mirrors: bool,
    /// False when the search ran out of its budget: there may be more.
    pub complete: bool,
}

/// Nodes each of the two searches may visit.
const NODE_BUDGET: u64 = 1_000_000;

/// The symmetries of `puzzle` under the chosen `moves` (with their names, which tell the turning
/// direction: see [`reverses`]).
pub fn find(puzzle: &Puzzle, moves: &[Perm], names: &[String]) -> Symmetries {
    let slots = Slots::of(puzzle);
    let perms: Vec<SlotPerm> = moves.iter().map(|m| slots.perm(m)).collect();
    let any = |_: &[u16]| true;
    let keeps = |sigma: &[u16]| keeps_goal(puzzle, &slots, sigma);
    let (generators, all_done) = search_generators(&slots, &perms, &any);
    let (keeping_generators, keeping_done) = search_generators(&slots, &perms, &keeps);
    let order_of = |gens: &[Symmetry]| {
        let images: Vec<SlotPerm> = gens
            .iter()
            .map(|g| g.image.iter().map(|&t| t as u16).collect())
            .collect();
        StabChain::of(perms.len(), &images).order()
    };
    let modulus = puzzle.modulus();
    let mirrors = generators
        .iter()
        .any(|g| reverses(g, moves, names, &modulus));
    Symmetries {
        order: order_of(&generators),
        keeping_order: order_of(&keeping_generators),
        generators,
        keeping_generators,
        mirrors,
        complete: all_done && keeping_done,
    }
}

/// Generators of the symmetries `accept` agrees with, and whether the search finished.
fn search_generators(
    slots: &Slots,
    moves: &[SlotPerm],
    accept: &dyn Fn(&[u16]) -> bool,
) -> (Vec<Symmetry>, bool) {
    let mut tree = Tree::new(slots, moves, accept, NODE_BUDGET);
    // The identity's path: at each node, what it chooses, the values it may take, and its own.
    let mut path: Vec<(Partial, Item, Vec<usize>, usize)> = Vec::new();
    let mut p = tree.root();
    loop {
        if !tree.propagate(&mut p) {
            return (Vec::new(), true);
        }
        let Some((item, values)) = tree.branch(&p) else {
            break;
        };
        let own = match item {
            Item::Gen(i) => tree.gens[i],
            Item::Slot(x) => x,
        };
        let next = tree.child(&p, item, own);
        path.push((p, item, values, own));
        p = next;
    }
    let mut found: Vec<Symmetry> = Vec::new();
    for (node, item, values, own) in path.iter().rev() {
        let act = |s: &Symmetry, v: usize| match item {
            Item::Gen(_) => s.image[v],
            Item::Slot(_) => s.slots[v] as usize,
        };
        let mut reached = orbit(*own, &found, &act);
        for &v in values {
            if reached.contains(&v) {
                continue;
            }
            let child = tree.child(node, *item, v);
            if let Some((sigma, image)) = tree.first_leaf(child) {
                found.push(Symmetry {
                    slots: sigma,
                    image,
                });
                reached = orbit(*own, &found, &act);
            }
        }
    }
    (found, tree.nodes <= tree.budget)
}

/// The values the symmetries `gens` take `start` to, under `act`.
fn orbit(start: usize, gens: &[Symmetry], act: &dyn Fn(&Symmetry, usize) -> usize) -> Vec<usize> {
    let mut seen = vec![start];
    let mut i = 0;
    while i < seen.len() {
        for g in gens {
            let v = act(g, seen[i]);
            if !seen.contains(&v) {
                seen.push(v);
            }
        }
        i += 1;
    }
    seen
}

impl Symmetries {
    /// Every symmetry (that keeps the goal's look, with `keeping`), up to `limit` of them: the
    /// generators' products, one per map of the moves.
    pub fn elements(&self, keeping: bool, limit: usize) -> Vec<Symmetry> {
        let gens = if keeping {
            &self.keeping_generators
        } else {
            &self.generators
        };
        let Some(first) = gens.first() else {
            return Vec::new();
        };
        let identity = Symmetry {
            slots: (0..first.slots.len() as u16).collect(),
            image: (0..first.image.len()).collect(),
        };
        let mut all = vec![identity];
        let mut i = 0;
        while i < all.len() && all.len() < limit {
            for g in gens {
                let next = Symmetry {
                    slots: all[i].slots.iter().map(|&x| g.slots[x as usize]).collect(),
                    image: all[i].image.iter().map(|&m| g.image[m]).collect(),
                };
                if all.len() < limit && !all.iter().any(|s| s.image == next.image) {
                    all.push(next);
                }
            }
            i += 1;
        }
        all
    }
}

/// Whether a symmetry reverses the turning direction: most moves that have a direction become
/// ones named the other way (`U` to `R'`). Names, as the metric writes powers, are the one
/// convention every definition shares; a piece's twists are not (twsearch's FTO counts a
/// corner's turns one way at some places and the other way at others). A few moves may be named
/// against the rest (the megaminx's `2BL` turns against `BL`, the 5x5x5's `4F`, the layer next
/// to `B`, turns with `F`): the faces' majority outweighs them.
pub fn reverses(s: &Symmetry, moves: &[Perm], names: &[String], modulus: &[u8]) -> bool {
    let back = |name: &str| name.ends_with('\'');
    let turning: Vec<usize> = (0..moves.len())
        .filter(|&m| moves[m].order(modulus) > 2)
        .collect();
    let flipped = turning
        .iter()
        .filter(|&&m| back(&names[m]) != back(&names[s.image[m]]))
        .count();
    flipped * 2 > turning.len()
}

/// Whether `σ` keeps the goal's look: within an orbit, positions with one label go to positions
/// with one label (and only those), and an ignored orientation stays ignored. None where the
/// puzzle has more goals than one.
fn keeps_goal(puzzle: &Puzzle, slots: &Slots, sigma: &[u16]) -> bool {
    // (A goal of several looks would have to be kept as a set; none is claimed.)
    if !puzzle.goal_set.is_empty() {
        return false;
    }
    let positions = slots.first.len();
    let to: Vec<usize> = (0..positions)
        .map(|q| slots.position(sigma[slots.first[q]] as usize))
        .collect();
    let offsets = puzzle.offsets();
    let orbit_of = |q: usize| offsets.iter().rposition(|&o| o <= q).unwrap_or(0);
    let label = &puzzle.goal.label;
    let ignored = |q: usize| {
        puzzle
            .label_mod
            .get(label[q] as usize)
            .copied()
            .unwrap_or(0)
    };
    (0..positions).all(|a| {
        ignored(a) == ignored(to[a])
            && (0..positions)
                .filter(|&b| orbit_of(b) == orbit_of(a))
                .all(|b| {
                    orbit_of(to[b]) == orbit_of(to[a])
                        && (label[a] == label[b]) == (label[to[a]] == label[to[b]])
                })
    })
}

/// `σ s σ⁻¹`: the state `s` seen through the symmetry `sigma` (a slot permutation), i.e. the goal
/// rearranged by the conjugate of the rearrangement that makes `s`. Where pieces share a label,
/// they are told apart by their order (a symmetry that keeps the goal's look gives the same look
/// whichever way).
pub fn conjugate_state(goal: &State, slots: &Slots, sigma: &[u16], s: &State) -> State {
    let modulus = &slots.modulus;
    let n = goal.label.len();
    // Each label's homes, in order, handed out one by one.
    let mut homes: Vec<Vec<usize>> = vec![Vec::new(); 256];
    for q in (0..n).rev() {
        homes[goal.label[q] as usize].push(q);
    }
    let mut t = Perm::identity(n);
    for q in 0..n {
        let h = homes[s.label[q] as usize].pop().unwrap_or(q);
        let k = modulus[q].max(1);
        t.src[q] = h as u16;
        t.twist[q] = (s.ori[q] + k - goal.ori[h] % k) % k;
    }
    let c = search::conjugate(sigma, &slots.perm(&t));
    goal.apply(&slots.rearrangement(&c), modulus)
}
