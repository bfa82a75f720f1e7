//! Solutions through a chain of subgroups: each phase an IDA* over its cosets on the library's
//! search, with the engine's tables for its view; not optimal, but short and fast where the whole
//! group is far too big to search.
//!
//! Kociemba's trick, for every pair of neighbouring phases: a phase does not stop at its first
//! solution. It lists its solutions shortest first and, for each, the next phase solves what is
//! left within the best total so far; the pair with the shortest total is kept. A solution ending
//! in a move of the next phase's group is skipped (a shorter one without that move came first).
//! The listing ends when a solution alone is as long as the best pair, when the pair's time is up
//! (each pair gets an equal share of what is left of `--time`), or, for the last pair, when the
//! whole answer is within `--max-length`. The last phase is solved optimally.

use super::chain::{Chain, Target};
use super::phase_view::PhaseView;
use super::sift::Sift;
use crate::model::metric::MoveSet;
use crate::model::{Puzzle, State};
use crate::solving::solver::{Control, FullTable, Options, Solver};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use twisty::search::phase_pairing::{pair_phases, Pairing};

/// The longest a phase's solution is searched for: far beyond any phase's (a search's buffers
/// grow with its threshold, which a bound of "unreachable" would send to 2^32).
const MAX_PHASE_MOVES: u32 = 255;

/// When to stop improving an answer.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Stop as soon as the answer is at most this long.
    pub max_length: Option<usize>,
    /// Time for improving one answer (a first answer is always found, however long it takes).
    pub time: Duration,
}

/// One phase ready to search.
struct Stage {
    view: PhaseView,
    solver: Solver,
    /// Per move of the phase's own set, the puzzle's move.
    moves: Vec<usize>,
    /// Per move of the puzzle: whether it lies in the group the phase ends in.
    in_target: Vec<bool>,
    /// The test a solution's end must pass where the view falls short ([`Sift`]).
    sift: Option<Arc<Sift>>,
}

/// An answer and how long each phase's part of it is.
pub struct Answer {
    /// Moves of the puzzle's set.
    pub moves: Vec<usize>,
    pub phase_lengths: Vec<usize>,
}

/// The phases of a chain with their tables.
pub struct PhaseSolver {
    pub chain: Chain,
    puzzle: Puzzle,
    stages: Vec<Stage>,
    set: MoveSet,
    modulus: Vec<u8>,
}

/// Where and how big the phases' tables are.
pub struct TableOptions {
    /// Bytes for all the phases' tables together.
    pub memory: u64,
    pub cache_dir: Option<PathBuf>,
    /// Told of each phase as its tables are made: phase (1-based), phases, seconds.
    pub report: fn(usize, usize, f64),
    /// Told of each near-table level and pattern database built (see [`Options`]).
    pub near_report: fn(u32, u64, u64, f64),
    pub pattern_report: fn(usize, u64, f64),
}

impl PhaseSolver {
    /// Builds (or reads from the cache) every phase's tables.
    pub fn new(
        puzzle: &Puzzle,
        set: &MoveSet,
        chain: Chain,
        tables: &TableOptions,
    ) -> Result<PhaseSolver, String> {
        let modulus = puzzle.modulus();
        let count = chain.phases.len();
        let mut stages = Vec::new();
        for (i, phase) in chain.phases.iter().enumerate() {
            let t = Instant::now();
            let view = phase.view.clone();
            let mut own = MoveSet {
                names: Vec::new(),
                perms: Vec::new(),
            };
            let mut moves = Vec::new();
            for m in chain.families.moves(&phase.moves) {
                let p = view.perm(&set.perms[m]);
                // Moves the view cannot tell apart do the same for the phase: the first serves.
                if !p.is_identity() && !own.perms.contains(&p) {
                    own.names.push(set.names[m].clone());
                    own.perms.push(p);
                    moves.push(m);
                }
            }
            let mut in_target = vec![false; set.perms.len()];
            if let Target::Moves(target) = &phase.target {
                for m in chain.families.moves(target) {
                    in_target[m] = true;
                }
            }
            let options = Options {
                cache_dir: tables.cache_dir.clone(),
                eager: true,
                full_table: FullTable::Auto,
                near_report: tables.near_report,
                pattern_report: tables.pattern_report,
                ..Options::memory(tables.memory / count as u64)
            };
            let solver = Solver::with(view.puzzle(), own, options, |_| {})
                .map_err(|e| format!("phase {}: {e}", i + 1))?;
            (tables.report)(i + 1, count, t.elapsed().as_secs_f64());

            stages.push(Stage {
                view,
                solver,
                moves,
                in_target,
                sift: phase.sift.clone(),
            });
        }
        Ok(PhaseSolver {
            chain,
            puzzle: puzzle.clone(),
            stages,
            set: set.clone(),
            modulus,
        })
    }

    fn apply(&self, s: &State, moves: &[usize]) -> State {
        let mut s = s.clone();
        for &m in moves {
            s = s.apply(&self.set.perms[m], &self.modulus);
        }
        s
    }

    /// An answer for `state` (one the moves reach: a state they cannot reach is searched for ever,
    /// so callers check it first, as `twisty solve` does).
    pub fn solve(&self, state: &State, budget: Budget) -> Option<Answer> {
        let start = Instant::now();
        let k = self.stages.len();
        let mut s = state.clone();
        let mut out: Vec<usize> = Vec::new();
        let mut lengths = Vec::new();
        let mut i = 0;
        while i < k {
            let stage = &self.stages[i];
            if i + 1 == k {
                let path = stage.solver.solve(&stage.view.state(&s), MAX_PHASE_MOVES)?;
                let path: Vec<usize> = path.iter().map(|&m| stage.moves[m]).collect();
                lengths.push(path.len());
                out.extend(path);
                break;
            }
            let pairs_left = (k - 1 - i) as u32;
            let left = budget.time.saturating_sub(start.elapsed());
            let stop_at = Instant::now() + left / pairs_left;
            let last_pair = i + 2 == k;
            let (first, second) = self.best_pair(i, &s, stop_at, |total| {
                last_pair && budget.max_length.is_some_and(|n| out.len() + total <= n)
            })?;
            s = self.apply(&s, &first);
            lengths.push(first.len());
            out.extend(first);
            if last_pair {
                lengths.push(second.len());
                out.extend(second);
                break;
            }
            i += 1;
        }
        Some(Answer {
            moves: out,
            phase_lengths: lengths,
        })
    }

    /// Phase `i`'s solution that, followed by phase `i + 1`'s optimal one, is shortest among
    /// those tried before `stop_at` (or until `enough(total)`), with that second solution: the
    /// library's pairing ([`pair_phases`]) of this phase's solutions with the next's.
    fn best_pair(
        &self,
        i: usize,
        s: &State,
        stop_at: Instant,
        enough: impl Fn(usize) -> bool,
    ) -> Option<(Vec<usize>, Vec<usize>)> {
        let (stage, next) = (&self.stages[i], &self.stages[i + 1]);
        let mut tried = std::collections::HashSet::new();
        let first = |each: &mut dyn FnMut((), &[usize]) -> Control| {
            stage
                .solver
                .each_solution(&stage.view.state(s), MAX_PHASE_MOVES, &mut |path| {
                    let first: Vec<usize> = path.iter().map(|&m| stage.moves[m]).collect();
                    // (A path the near table finishes is told again at every threshold: the
                    // search reports such paths without its floor.)
                    let repeated = !tried.insert(first.clone());
                    if repeated || first.last().is_some_and(|&m| stage.in_target[m]) {
                        return Control::Continue;
                    }
                    if let Some(sift) = &stage.sift {
                        if !sift.admits(&self.puzzle, &self.apply(s, &first)) {
                            return Control::Continue;
                        }
                    }
                    each((), &first)
                });
        };
        let second = |(), first: &[usize], budget: usize| {
            let after = self.apply(s, first);
            let bound = budget.min(MAX_PHASE_MOVES as usize) as u32;
            let p = next.solver.solve(&next.view.state(&after), bound)?;
            Some(p.iter().map(|&m| next.moves[m]).collect())
        };
        let how = Pairing {
            max_len: 2 * MAX_PHASE_MOVES as usize,
            beam: 1,
        };
        let enough = |total| enough(total) || Instant::now() >= stop_at;
        let best = pair_phases(how, first, second, enough).pop()?;
        Some((best.first, best.second))
    }
}
