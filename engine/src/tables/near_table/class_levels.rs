//! A level of a near table reduced by symmetry: one entry per class of states (the puzzle's
//! symmetries conjugate a state into states as far from the goal), found breadth-first from the
//! last level's representatives, which are kept as states for that (the frontier).
//!
//! A depth-first search from the goal would make every state of the level, the megaminx's 120
//! times its classes; from the representatives, each class costs its moves once. Every class at
//! distance `d + 1` is reached: a state of it is one move from some state at distance `d`, whose
//! representative is the same state seen through a symmetry, and that symmetry takes the move to
//! a move. The thread whose insert of a class's fingerprint succeeds keeps its representative, so
//! each class is in the next frontier once.

use super::levels::Moves;
use super::NearTable;
use crate::model::canonical::{Canon, CanonScratch};
use crate::model::State;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// The representatives of the last level, and those of the next found so far (an attempt that
/// ran out of room keeps them), each as its labels then its twists.
#[derive(Default)]
pub struct Frontier {
    pub last: Vec<u8>,
    pub next: Vec<u8>,
}

impl Frontier {
    /// The goals' representatives (one goal: a table reduced by symmetry has one).
    pub fn of(goal: &State) -> Frontier {
        let mut last = goal.label.clone();
        last.extend_from_slice(&goal.ori);
        Frontier {
            last,
            next: Vec::new(),
        }
    }

    pub fn bytes(&self) -> u64 {
        (self.last.len() + self.next.len()) as u64
    }
}

/// Representatives a thread takes at a time.
const CHUNK: usize = 256;

impl NearTable {
    /// Inserts every class at distance `depth + 1`, their representatives appended to
    /// `frontier.next`; `Err` with the number inserted if more than `limit` were new (the level is
    /// then incomplete; its entries are exact and stay, and so do their representatives).
    pub(super) fn add_class_level(
        &self,
        canon: &Canon,
        moves: &Moves,
        frontier: &mut Frontier,
        limit: u64,
    ) -> Result<u64, u64> {
        let d = self.depth + 1;
        let goal = &moves.goals[0];
        let n = goal.label.len();
        let width = 2 * n;
        let states = frontier.last.len() / width;
        let next = AtomicUsize::new(0);
        let added = AtomicU64::new(0);
        let full = AtomicBool::new(false);
        let threads = if states * moves.inverse.len() < 1 << 14 {
            1
        } else {
            twisty::machine::threads()
        };
        let last = &frontier.last;
        let found: Vec<Vec<u8>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut mine = Vec::new();
                        let mut scratch = CanonScratch::default();
                        let (mut s, mut child) = (goal.clone(), goal.clone());
                        loop {
                            let c = next.fetch_add(1, Relaxed);
                            if c * CHUNK >= states || full.load(Relaxed) {
                                break;
                            }
                            let mut new = 0;
                            for i in c * CHUNK..states.min((c + 1) * CHUNK) {
                                let at = &last[i * width..(i + 1) * width];
                                s.label.copy_from_slice(&at[..n]);
                                s.ori.copy_from_slice(&at[n..]);
                                for m in &moves.inverse {
                                    s.apply_into(m, &moves.modulus, &mut child);
                                    let f = canon.canonical(&child, &mut scratch);
                                    if self.insert(f, d) {
                                        if let Some(filter) = &self.filter {
                                            filter.insert(canon.class_hash(&child));
                                        }
                                        let r = canon.representative(&child, &mut scratch);
                                        mine.extend_from_slice(&r.label);
                                        mine.extend_from_slice(&r.ori);
                                        new += 1;
                                    }
                                }
                            }
                            if added.fetch_add(new, Relaxed) + new > limit {
                                full.store(true, Relaxed);
                            }
                        }
                        mine
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        for f in found {
            frontier.next.extend_from_slice(&f);
        }
        let n = added.load(Relaxed);
        if full.load(Relaxed) || n > limit {
            Err(n)
        } else {
            Ok(n)
        }
    }
}
