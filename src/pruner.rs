//! Move pruning: which move may follow which, as a small state machine over the last moves, so that
//! IDA* searches each move sequence in one canonical form only (not `R R'`, not both `R L` and `L R`).
//!
//! As in twips' canonical FSM, the machine is derived from two facts about the moves: which *class*
//! a move belongs to (the turns of one face: two in a row are one turn, or none), and which classes
//! commute (opposite faces). Its state is the set of classes done since the last move that did not
//! commute with them; a move may follow when its class is not in that set and no larger class in it
//! commutes with it (commuting classes are searched in increasing order only).

/// A state of a pruning machine: its own type, so that it cannot be passed where a move index is
/// meant (both would otherwise be `usize`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PruneState(pub u32);

/// A state machine over moves: from a state, a move leads to the next state or is not allowed.
pub trait Pruner {
    /// The state before any move.
    fn start(&self) -> PruneState {
        PruneState(0)
    }
    /// The state after move `m`, or `None` if `m` may not follow here.
    fn next(&self, state: PruneState, m: usize) -> Option<PruneState>;
}

/// Every move may follow every move.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoPruning;

impl Pruner for NoPruning {
    fn next(&self, _: PruneState, _: usize) -> Option<PruneState> {
        Some(PruneState(0))
    }
}

/// The canonical-sequence machine as a table: `next[state * moves + m]`.
#[derive(Clone, Debug)]
pub struct CanonicalPruner {
    moves: usize,
    next: Vec<Option<PruneState>>,
}

impl CanonicalPruner {
    /// Builds the machine for `moves` moves, move `m` of class `class(m)` (classes `0..64`), where
    /// `commute(a, b)` says whether classes `a` and `b` commute.
    pub fn new(
        moves: usize,
        class: impl Fn(usize) -> usize,
        commute: impl Fn(usize, usize) -> bool,
    ) -> Self {
        // States are sets of classes (bit masks), numbered as they are found.
        let mut sets: Vec<u64> = vec![0];
        let mut next = Vec::new();
        let mut i = 0;
        while i < sets.len() {
            let set = sets[i];
            for m in 0..moves {
                let c = class(m);
                let blocked = set & (1 << c) != 0
                    || (c + 1..64).any(|d| set & (1 << d) != 0 && commute(d, c));
                if blocked {
                    next.push(None);
                    continue;
                }
                let kept = (0..64)
                    .filter(|&d| set & (1 << d) != 0 && commute(d, c))
                    .fold(1u64 << c, |acc, d| acc | 1 << d);
                let id = match sets.iter().position(|&s| s == kept) {
                    Some(id) => id,
                    None => {
                        sets.push(kept);
                        sets.len() - 1
                    }
                };
                next.push(Some(PruneState(id as u32)));
            }
            i += 1;
        }
        CanonicalPruner { moves, next }
    }

    /// A machine given as its table (`next[state * moves + m]`, state 0 the start), for one
    /// derived another way (the engine's: from the moves' products).
    pub fn from_table(moves: usize, next: Vec<Option<PruneState>>) -> Self {
        CanonicalPruner { moves, next }
    }

    /// Number of machine states.
    pub fn states(&self) -> usize {
        self.next.len() / self.moves.max(1)
    }
}

impl Pruner for CanonicalPruner {
    #[inline]
    fn next(&self, state: PruneState, m: usize) -> Option<PruneState> {
        self.next[state.0 as usize * self.moves + m]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Move sequences of length `n` the pruner allows.
    fn count(p: &impl Pruner, moves: usize, n: usize) -> usize {
        fn go(p: &impl Pruner, moves: usize, state: PruneState, left: usize) -> usize {
            if left == 0 {
                return 1;
            }
            (0..moves)
                .filter_map(|m| p.next(state, m))
                .map(|s| go(p, moves, s, left - 1))
                .sum()
        }
        go(p, moves, p.start(), n)
    }

    #[test]
    fn cube_half_turn_metric_counts() {
        // 18 face turns of the 3x3x3: classes are faces, opposite faces (f, f + 3) commute. The
        // canonical sequence counts are the published 1, 18, 243, 3240, 43254.
        let p = CanonicalPruner::new(18, |m| m / 3, |a, b| a % 3 == b % 3 && a != b);
        let counts: Vec<usize> = (0..5).map(|n| count(&p, 18, n)).collect();
        assert_eq!(counts, [1, 18, 243, 3240, 43254]);
    }

    #[test]
    fn no_commuting_classes_means_no_repeat() {
        // U R F with DBL held: only a face twice in a row is cut.
        let p = CanonicalPruner::new(9, |m| m / 3, |_, _| false);
        assert_eq!(p.states(), 4);
        assert_eq!(count(&p, 9, 3), 9 * 6 * 6);
    }
}
