//! The one phase driver: Kociemba's pairing of a phase with the next, under every multi-phase
//! solver (cube3's two-phase, the engine's chains).
//!
//! A phase does not stop at its first solution. Its solutions come shortest first; each is
//! followed by the next phase, searched within the length that is left, and the pairs with the
//! shortest totals are kept: a beam of candidates for what comes after. The listing ends when a
//! first-phase solution alone is as long as the beam's longest pair (no later one can do better),
//! when the caller has enough, or when the first phase has nothing more.

use super::Control;

/// A solution of two phases: where the first started, its moves, and the second's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pair<K> {
    pub start: K,
    pub first: Vec<usize>,
    pub second: Vec<usize>,
}

impl<K> Pair<K> {
    pub fn len(&self) -> usize {
        self.first.len() + self.second.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// How far a pairing looks.
#[derive(Clone, Copy, Debug)]
pub struct Pairing {
    /// The longest pair wanted.
    pub max_len: usize,
    /// Pairs kept: the beam handed on (1 for the single best).
    pub beam: usize,
}

/// Pairs the first phase's solutions with the second's, shortest totals first (see the module's
/// notes). `first(each)` tells `each(start, moves)` its solutions shortest first (from several
/// starts if it has them) and stops when told to; `second(start, moves, budget)` is the second
/// phase's shortest solution after them of at most `budget` moves; `enough(best)` is asked after
/// each try once a pair is kept, with the shortest total so far. Returns at most `beam` pairs,
/// shortest first (in the order found among equals).
pub fn pair_phases<K: Copy>(
    how: Pairing,
    first: impl FnOnce(&mut dyn FnMut(K, &[usize]) -> Control),
    mut second: impl FnMut(K, &[usize], usize) -> Option<Vec<usize>>,
    mut enough: impl FnMut(usize) -> bool,
) -> Vec<Pair<K>> {
    let mut beam: Vec<Pair<K>> = Vec::new();
    let beam_width = how.beam.max(1);
    first(&mut |start, moves| {
        // With the beam full, only a pair shorter than its longest is worth keeping.
        let limit = match beam.last() {
            Some(worst) if beam.len() == beam_width => worst.len().saturating_sub(1),
            _ => how.max_len,
        };
        if moves.len() > limit {
            return Control::Stop;
        }
        if let Some(rest) = second(start, moves, limit - moves.len()) {
            let pair = Pair {
                start,
                first: moves.to_vec(),
                second: rest,
            };
            let at = beam.partition_point(|p| p.len() <= pair.len());
            beam.insert(at, pair);
            beam.truncate(beam_width);
        }
        match beam.first() {
            Some(best) if enough(best.len()) => Control::Stop,
            _ => Control::Continue,
        }
    });
    beam
}
