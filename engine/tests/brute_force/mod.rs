//! Breadth-first search over every state some moves reach, for the tests' brute-force truths
//! about views: which states look alike, against which states a subgroup reaches (with the
//! engine's `apply`; the tests replay their answers in their own terms).

use engine::model::metric::MoveSet;
use engine::model::{Puzzle, State};
use std::collections::{HashSet, VecDeque};

/// A state as a number, six bits a position (its label, then its orientation in two bits), for
/// the searches over millions of states (sets of states, each two vectors, took a minute there).
pub fn pack(s: &State) -> u64 {
    assert!(s.label.len() <= 10 && s.label.iter().all(|&l| l < 16));
    (s.label.iter().zip(&s.ori)).fold(0, |k, (&l, &o)| k << 6 | (l as u64) << 2 | o as u64)
}

pub fn unpack(k: u64, n: usize) -> State {
    let at = |i: usize| k >> (6 * (n - 1 - i)) & 63;
    State {
        label: (0..n).map(|i| (at(i) >> 2) as u8).collect(),
        ori: (0..n).map(|i| (at(i) & 3) as u8).collect(),
    }
}

/// [`reached`], each state packed.
pub fn reached_packed(p: &Puzzle, set: &MoveSet, moves: &[usize]) -> HashSet<u64> {
    let (modulus, n) = (p.modulus(), p.goal.label.len());
    let mut seen = HashSet::from([pack(&p.goal)]);
    let mut queue = VecDeque::from([pack(&p.goal)]);
    while let Some(k) = queue.pop_front() {
        let s = unpack(k, n);
        for &m in moves {
            let t = pack(&s.apply(&set.perms[m], &modulus));
            if seen.insert(t) {
                queue.push_back(t);
            }
        }
    }
    seen
}

/// Every state `moves` reach from the goal, by breadth-first search with the engine's `apply`.
pub fn reached(p: &Puzzle, set: &MoveSet, moves: &[usize]) -> HashSet<State> {
    let modulus = p.modulus();
    let mut seen = HashSet::from([p.goal.clone()]);
    let mut queue = VecDeque::from([p.goal.clone()]);
    while let Some(s) = queue.pop_front() {
        for &m in moves {
            let t = s.apply(&set.perms[m], &modulus);
            if seen.insert(t.clone()) {
                queue.push_back(t);
            }
        }
    }
    seen
}
