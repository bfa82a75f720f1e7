//! A level of the near table found by a depth-first search from the goal under the moves'
//! inverses (the states one move *before*: the table is of distances *to* the goal, for one-way
//! move sets too), along canonical sequences only, cutting a branch where the table already knows
//! a shorter way. Both cores search it, taking the first move as work items, and insert with
//! compare-and-swap. Nothing is kept but the table: the level's states are found again from the
//! goal.

use super::{fingerprint, NearTable};
use crate::model::metric::PairPruner;
use crate::model::{Perm, State};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use twisty::pruner::{PruneState, Pruner};

/// What a level is built from: the goals, the moves' inverses (the table holds distances *to* the
/// goal; for moves closed under inverse, the moves themselves in any order) and the
/// canonical-sequence machine over that list.
pub struct Moves {
    pub goals: Vec<State>,
    pub inverse: Vec<Perm>,
    pub modulus: Vec<u8>,
    pub pruner: PairPruner,
}

impl NearTable {
    /// Inserts every state at distance `depth + 1`; `Err` with the number inserted if more than
    /// `limit` were new (the level is then incomplete; its entries are exact and stay).
    pub(super) fn add_level(&self, moves: &Moves, limit: u64) -> Result<u64, u64> {
        let d = self.depth + 1;
        let goals = moves.goals.len();
        let m = moves.inverse.len();
        let items = goals * m;
        let next = AtomicUsize::new(0);
        let added = AtomicU64::new(0);
        let full = AtomicBool::new(false);
        // (A small level is found on one thread: starting another costs more.)
        let threads = if self.next_level_estimate() < 1 << 14 {
            1
        } else {
            twisty::machine::threads()
        };
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut path: Vec<State> = vec![moves.goals[0].clone(); d as usize + 1];
                    let mut mine = 0u64;
                    loop {
                        let i = next.fetch_add(1, Relaxed);
                        if i >= items || full.load(Relaxed) {
                            break;
                        }
                        let (g, first) = (i / m, i % m);
                        path[0].clone_from(&moves.goals[g]);
                        let Some(p) = moves.pruner.next(moves.pruner.start(), first) else {
                            continue;
                        };
                        let (head, tail) = path.split_at_mut(1);
                        head[0].apply_into(&moves.inverse[first], &moves.modulus, &mut tail[0]);
                        mine += self.level_from(moves, &mut path, 1, d, p);
                        if mine > 1 << 16 {
                            if added.fetch_add(mine, Relaxed) + mine > limit {
                                full.store(true, Relaxed);
                            }
                            mine = 0;
                        }
                    }
                    added.fetch_add(mine, Relaxed);
                });
            }
        });
        let n = added.load(Relaxed);
        if full.load(Relaxed) || n > limit {
            Err(n)
        } else {
            Ok(n)
        }
    }

    /// The new states at distance `d` below `path[g]`.
    fn level_from(
        &self,
        moves: &Moves,
        path: &mut [State],
        g: usize,
        d: u32,
        p: PruneState,
    ) -> u64 {
        let f = fingerprint(&path[g]);
        if g as u32 == d {
            return self.insert(f, d) as u64;
        }
        // On the way down, only states first reached at this distance lead anywhere new.
        match self.get(f) {
            Some(known) if known == g as u32 => {}
            _ => return 0,
        }
        let mut n = 0;
        if g as u32 + 1 == d {
            // The last step: the children's fingerprints first, their slots asked of the memory,
            // then the inserts (their cache misses overlap).
            let mut fs = [0u64; 64];
            let mut k = 0;
            for m in 0..moves.inverse.len() {
                if moves.pruner.next(p, m).is_some() {
                    let (head, tail) = path.split_at_mut(g + 1);
                    head[g].apply_into(&moves.inverse[m], &moves.modulus, &mut tail[0]);
                    fs[k] = fingerprint(&tail[0]);
                    self.prefetch(fs[k]);
                    k += 1;
                    if k == fs.len() {
                        n += fs.iter().map(|&f| self.insert(f, d) as u64).sum::<u64>();
                        k = 0;
                    }
                }
            }
            return n + fs[..k]
                .iter()
                .map(|&f| self.insert(f, d) as u64)
                .sum::<u64>();
        }
        for m in 0..moves.inverse.len() {
            if let Some(q) = moves.pruner.next(p, m) {
                let (head, tail) = path.split_at_mut(g + 1);
                head[g].apply_into(&moves.inverse[m], &moves.modulus, &mut tail[0]);
                n += self.level_from(moves, path, g + 1, d, q);
            }
        }
        n
    }
}
