//! Whole-puzzle rotations, and "solved in any orientation".
//!
//! A definition may list rotations (`x`, `y`, `Uv`) among its moves. [`detect`] finds them: a move
//! that turns the whole puzzle rigidly maps every other move to a move when it conjugates it (`x U
//! x'` is `B`), and moves more pieces than any other move. They are not moves a solver should use,
//! so the metric leaves them out unless named.
//!
//! Up to rotation, a state is its class under the rotation group R. [`AnyOrientation`] picks one
//! state per class: the one where a pivot piece, which R moves to a different place and
//! orientation for each rotation, sits at home. A move m then becomes `m r_m`, where `r_m` brings
//! the pivot back (the same rotation from every such state), so the pivot never moves, its
//! positions drop out, and the reduced puzzle is an ordinary one: its table is |R| times smaller
//! and its distances are distances to the nearest rotation of the goal. A path found there is
//! turned back into the user's frame by conjugating each move with the rotations gathered so far.

use super::keep_positions;
use crate::model::metric::{Metric, MoveSet};
use crate::model::{Move, Perm, Puzzle, State};
use std::collections::{HashMap, HashSet};

/// Most rotations a group may have (the megaminx has 60).
const GROUP_LIMIT: usize = 10_000;

/// Indices of the moves (base or derived) that rotate the whole puzzle: each moves more than three
/// quarters of the positions (all but those on its axis) and more than any other move, maps each
/// of the smallest moves to a move by conjugation, and together they generate a small group.
pub fn detect(puzzle: &Puzzle) -> Vec<usize> {
    let modulus = puzzle.modulus();
    // Every power of every move: a conjugated move must land among them.
    let mut powers: HashSet<Perm> = HashSet::new();
    for m in &puzzle.moves {
        let k = m.perm.order(&modulus).min(64) as i64;
        for p in 1..k {
            powers.insert(m.perm.pow(p, &modulus));
        }
    }
    let support: Vec<usize> = puzzle.moves.iter().map(|m| m.perm.support()).collect();
    let n = puzzle.positions();
    let large: Vec<usize> = (0..puzzle.moves.len())
        .filter(|&i| support[i] * 4 > n * 3)
        .collect();
    // A class of turns of one size (faces, tips) must map to moves; wide moves need not, as a
    // definition may name only some of them. The smallest class may be named only in part too
    // (twsearch's 4x4x4 names the slice 2R alone, no 2U or 2F): the class that the most
    // candidates map to moves is the one that tells.
    let most_other = (0..puzzle.moves.len())
        .filter(|i| !large.contains(i))
        .map(|i| support[i])
        .max()
        .unwrap_or(0);
    let mut sizes: Vec<usize> = (0..puzzle.moves.len())
        .filter(|i| !large.contains(i))
        .map(|i| support[i])
        .filter(|&s| s > 0)
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    let found_for = |size: usize| -> Vec<usize> {
        let others: Vec<usize> = (0..puzzle.moves.len())
            .filter(|&i| !large.contains(&i) && support[i] == size)
            .collect();
        large
            .iter()
            .copied()
            .filter(|&r| {
                let rot = &puzzle.moves[r].perm;
                let inv = rot.inverse(&modulus);
                !others.is_empty()
                    && support[r] > most_other
                    && others.iter().all(|&m| {
                        let c = inv
                            .then(&puzzle.moves[m].perm, &modulus)
                            .then(rot, &modulus);
                        powers.contains(&c)
                    })
            })
            .collect()
    };
    let mut found: Vec<usize> = Vec::new();
    for size in sizes {
        let f = found_for(size);
        if f.len() > found.len() {
            found = f;
        }
    }
    let gens: Vec<Perm> = found
        .iter()
        .map(|&r| puzzle.moves[r].perm.clone())
        .collect();
    match group(&gens, &modulus) {
        Ok(_) => found,
        Err(_) => Vec::new(),
    }
}

/// The moves named in `names` (for `--rotations`), or an error naming the unknown one.
pub fn named(puzzle: &Puzzle, names: &[String]) -> Result<Vec<usize>, String> {
    names
        .iter()
        .map(|n| {
            puzzle
                .move_index(n)
                .ok_or(format!("--rotations: unknown move '{n}'"))
        })
        .collect()
}

/// Every product of the generators (the identity first).
pub fn group(generators: &[Perm], modulus: &[u8]) -> Result<Vec<Perm>, String> {
    let id = Perm::identity(modulus.len());
    let mut seen: HashSet<Perm> = HashSet::from([id.clone()]);
    let mut all = vec![id];
    let mut i = 0;
    while i < all.len() {
        for g in generators {
            let p = all[i].then(g, modulus);
            if seen.insert(p.clone()) {
                all.push(p);
                if all.len() > GROUP_LIMIT {
                    return Err(format!(
                        "the rotations generate more than {GROUP_LIMIT} elements: not rotations"
                    ));
                }
            }
        }
        i += 1;
    }
    Ok(all)
}

/// Rotations by what they do to the pivot position: (where its piece comes from, its twist).
type ByPivot = HashMap<(u16, u8), usize>;

/// A puzzle reduced to one state per rotation class.
pub struct AnyOrientation {
    /// The reduced puzzle (pivot dropped) and its moves, named as the user's moves.
    pub puzzle: Puzzle,
    pub set: MoveSet,
    /// The user's moves, and for each reduced move the user's move it came from.
    user: MoveSet,
    from_user: Vec<usize>,
    group: Vec<Perm>,
    /// Rotation by what it does to the pivot position: (where it takes its piece from, twist).
    by_pivot: ByPivot,
    pivot: usize,
    kept: Vec<usize>,
    modulus: Vec<u8>,
    goal: State,
}

impl AnyOrientation {
    /// Reduces `puzzle` under the moves `set` by the group the `rotations` generate.
    pub fn new(puzzle: &Puzzle, set: &MoveSet, rotations: &[Perm]) -> Result<Self, String> {
        let modulus = puzzle.modulus();
        let group = group(rotations, &modulus)?;
        // The moves must be closed under the rotations, so that a path in the reduced puzzle
        // turns back into the user's moves.
        for r in rotations {
            let inv = r.inverse(&modulus);
            for (i, m) in set.perms.iter().enumerate() {
                let c = r.then(m, &modulus).then(&inv, &modulus);
                if !set.perms.contains(&c) {
                    return Err(format!(
                        "--any-orientation: a rotation turns move {} into a move that is not among the moves",
                        set.names[i]
                    ));
                }
            }
        }
        let (pivot, by_pivot) = pivot(puzzle, set, &group, &modulus).ok_or(
            "--any-orientation: no piece the rotations can always bring home (one that each rotation takes to a place and orientation of its own, and that the moves take only to such places)",
        )?;
        let mut me = AnyOrientation {
            puzzle: puzzle.clone(),
            set: MoveSet {
                names: Vec::new(),
                perms: Vec::new(),
            },
            user: set.clone(),
            from_user: Vec::new(),
            group,
            by_pivot,
            pivot,
            kept: Vec::new(),
            modulus,
            goal: puzzle.goal.clone(),
        };
        let mut full = Vec::new();
        for (i, m) in set.perms.iter().enumerate() {
            let r = me.rotation_of(&puzzle.goal.apply(m, &me.modulus));
            let reduced = m.then(
                &me.group[r.expect("pivot() checked every place")],
                &me.modulus,
            );
            if !reduced.is_identity() && !full.contains(&reduced) {
                full.push(reduced);
                me.set.names.push(set.names[i].clone());
                me.from_user.push(i);
            }
        }
        let n = puzzle.positions();
        me.kept = (0..n)
            .filter(|&i| {
                full.iter()
                    .any(|m| m.src[i] as usize != i || m.twist[i] != 0)
            })
            .collect();
        let mut reduced = puzzle.clone();
        reduced.moves = full
            .into_iter()
            .zip(&me.set.names)
            .map(|(perm, name)| Move {
                name: name.clone(),
                perm,
                base: true,
            })
            .collect();
        me.puzzle = keep_positions(&reduced, &me.kept);
        me.set = MoveSet::new(&me.puzzle, Metric::Moves);
        Ok(me)
    }

    /// The number of rotations.
    pub fn rotations(&self) -> usize {
        self.group.len()
    }

    /// The rotation that brings the pivot piece of `s` home, if its place is one a rotation
    /// reaches.
    fn rotation_of(&self, s: &State) -> Option<usize> {
        let label = self.goal.label[self.pivot];
        let q = s.label.iter().position(|&l| l == label)?;
        let k = self.modulus[self.pivot];
        let twist = (self.goal.ori[self.pivot] + k - s.ori[q] % k) % k;
        self.by_pivot.get(&(q as u16, twist)).copied()
    }

    /// `s` as a state of the reduced puzzle, with the rotation that took it there.
    pub fn state(&self, s: &State) -> Option<(State, usize)> {
        let r = self.rotation_of(s)?;
        let c = s.apply(&self.group[r], &self.modulus);
        let kept = State {
            label: self.kept.iter().map(|&i| c.label[i]).collect(),
            ori: self.kept.iter().map(|&i| c.ori[i]).collect(),
        };
        Some((kept, r))
    }

    /// A path of the reduced puzzle from `s` as the user's moves: each move conjugated by the
    /// rotations the reduced moves have applied so far.
    pub fn user_path(&self, s: &State, path: &[usize]) -> Vec<String> {
        let m = &self.modulus;
        let (_, r0) = self.state(s).expect("solved states have a rotation");
        let mut acc = self.group[r0].clone();
        let mut out = Vec::new();
        for &j in path {
            let mine = &self.user.perms[self.from_user[j]];
            let x = acc.then(mine, m).then(&acc.inverse(m), m);
            let i = self.user.perms.iter().position(|p| *p == x);
            out.push(self.user.names[i.expect("moves closed under rotation")].clone());
            let after = self.goal.apply(mine, m);
            acc = acc.then(&self.group[self.rotation_of(&after).expect("checked")], m);
        }
        out
    }
}

/// A pivot position and its rotations by place, if some piece tells every rotation apart and
/// every place the moves take it to is one a rotation brings back.
fn pivot(
    puzzle: &Puzzle,
    set: &MoveSet,
    group: &[Perm],
    modulus: &[u8],
) -> Option<(usize, ByPivot)> {
    let goal = &puzzle.goal;
    'positions: for p in 0..puzzle.positions() {
        if goal.label.iter().filter(|&&l| l == goal.label[p]).count() > 1 {
            continue;
        }
        let mut by = ByPivot::new();
        for (i, r) in group.iter().enumerate() {
            if by.insert((r.src[p], r.twist[p]), i).is_some() {
                continue 'positions;
            }
        }
        // Places (position, orientation) the piece reaches under the moves.
        let mut seen = HashSet::from([(p, goal.ori[p])]);
        let mut todo = vec![(p, goal.ori[p])];
        while let Some((q, t)) = todo.pop() {
            let k = modulus[p];
            if !by.contains_key(&(q as u16, (goal.ori[p] + k - t % k) % k)) {
                continue 'positions;
            }
            for m in &set.perms {
                let to = m
                    .src
                    .iter()
                    .position(|&s| s as usize == q)
                    .expect("a permutation");
                let next = (to, (t + m.twist[to]) % modulus[to]);
                if seen.insert(next) {
                    todo.push(next);
                }
            }
        }
        return Some((p, by));
    }
    None
}
