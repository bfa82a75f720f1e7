//! Solutions through a chain of subgroups: each phase an IDA* over its cosets on the library's
//! search, with the engine's tables for its view; not optimal, but short and fast where the whole
//! group is far too big to search.
//!
//! Kociemba's trick, for the last pair of phases: the phase before the last does not stop at its
//! first solution. It lists its solutions shortest first and, for each, the last phase solves
//! what is left within the best total so far; the pair with the shortest total is kept. A
//! solution ending in a move of the next phase's group is skipped (a shorter one without that
//! move came first). The listing ends when a solution alone is as long as the best pair, when the
//! pair's time is up (each pair gets an equal share of what is left of `--time`), or when the
//! whole answer is within `--max-length`. The last phase is solved optimally, or by a dedicated
//! solver handed in ([`Finisher`]: the library's 3x3x3 two-phase for a reduced cube).
//!
//! Across more than two phases a beam is handed on (TNoodle's 4x4x4 keeps 10,000, 500 and 100):
//! each pair before the last ranks its phase's solutions by their length with the next phase's
//! tables' bound, over the whole beam at once ([`staged`]), and hands on the [`PhaseSolver::beam`]
//! best. The last pair tries its candidates best first: the first always, the others while the
//! pair's share of the time lasts; a candidate whose listing finds nothing by its time gives up
//! (the search ends between solutions too), and the others are tried in rounds of more time.

use super::chain::{Chain, Phase, Target};
use super::phase_view::PhaseView;
use super::sift::Sift;
use super::widen::Admission;
use crate::model::metric::MoveSet;
use crate::model::word_merge::WordMerge;
use crate::model::{Puzzle, State};
use crate::solving::solver::{Control, FullTable, Options, Solver};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use twisty::search::phase_pairing::{pair_phases, Pair, Pairing};

mod staged;

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
    /// The test a widened goal's solutions pass at their end ([`Admission`]).
    admit: Option<Arc<Admission>>,
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
    /// Candidates handed from one pair of phases to the next (1: the single best; at least 1).
    beam: usize,
    /// Merges the moves where one phase's part meets the next's (`Fw` then `Fw2` is `Fw'`).
    merge: WordMerge,
    /// The phases from this one on solved by a dedicated solver instead ([`Finisher`]).
    finish: Option<(usize, Finisher)>,
}

/// A dedicated solver for the phases from some phase on (the library's 3x3x3 two-phase for the
/// reduced 4x4x4): a state of the puzzle in that phase's group and the most moves wanted, to
/// moves of the puzzle's set (`None`: none found that short).
pub type Finisher = Box<dyn Fn(&State, usize) -> Option<Vec<usize>> + Send + Sync>;

/// The beam a solver starts with ([`PhaseSolver::with_beam`] sets another).
pub const DEFAULT_BEAM: usize = 8;

/// An answer begun: its moves, each phase's length, and the state they leave.
struct Partial {
    moves: Vec<usize>,
    lengths: Vec<usize>,
    state: State,
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
        // Shares of the memory: a double one where the view holds pair slots (a grid's pairing
        // table may take 3/4 of a share: the 4x4x4's 120 MB in its third phase, within 500 MB).
        let share =
            |p: &Phase| 1 + u64::from(p.view.puzzle().slot_ends.iter().any(Option::is_some));
        let shares: u64 = chain.phases.iter().map(share).sum();
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
                // (A full table tells one solution a state; a phase that hands on a beam lists many.)
                full_table: if i + 1 < count {
                    FullTable::Never
                } else {
                    FullTable::Auto
                },
                near_report: tables.near_report,
                pattern_report: tables.pattern_report,
                ..Options::memory(tables.memory / shares * share(phase))
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
                admit: phase.admit.clone(),
            });
        }
        Ok(PhaseSolver {
            chain,
            puzzle: puzzle.clone(),
            stages,
            set: set.clone(),
            merge: WordMerge::new(set, &modulus),
            modulus,
            beam: DEFAULT_BEAM,
            finish: None,
        })
    }

    /// The solver with phase `from` (0-based) and those after it solved by `finisher` (their
    /// stages, where built, are left unused: a caller leaves them out of the chain).
    pub fn with_finisher(mut self, from: usize, finisher: Finisher) -> PhaseSolver {
        self.finish = Some((from.min(self.stages.len()), finisher));
        self
    }

    /// The solver handing on `beam` candidates between phases (at least 1).
    pub fn with_beam(mut self, beam: usize) -> PhaseSolver {
        self.beam = beam.max(1);
        self
    }

    /// The candidates handed on between phases.
    pub fn beam(&self) -> usize {
        self.beam
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
        let k = self.finish.as_ref().map_or(self.stages.len(), |f| f.0 + 1);
        if let Some((0, finish)) = &self.finish {
            let moves = finish(state, usize::MAX)?;
            return Some(Answer {
                phase_lengths: vec![moves.len()],
                moves,
            });
        }
        if k == 0 {
            return Some(Answer {
                moves: Vec::new(),
                phase_lengths: Vec::new(),
            });
        }
        if k == 1 {
            let stage = &self.stages[0];
            let path = stage
                .solver
                .solve(&stage.view.state(state), MAX_PHASE_MOVES)?;
            let moves: Vec<usize> = path.iter().map(|&m| stage.moves[m]).collect();
            return Some(Answer {
                phase_lengths: vec![moves.len()],
                moves,
            });
        }
        let mut beam = vec![Partial {
            moves: Vec::new(),
            lengths: Vec::new(),
            state: state.clone(),
        }];
        // The beam the last staged pair started from, for its fallback.
        let mut before: Option<Vec<Partial>> = None;
        for i in 0..k - 1 {
            let pairs_left = (k - 1 - i) as u32;
            let left = budget.time.saturating_sub(start.elapsed());
            // Each pair may improve for at least its share of `--time`, even where the first
            // answers before it took longer: the last pairs (the reduced 3x3x3's) improve fastest.
            let share = budget.time / (k - 1) as u32;
            let stop_at = Instant::now() + (left / pairs_left).max(share);
            if i + 2 < k {
                let next = self.staged(i, &beam, stop_at);
                if next.is_empty() {
                    return None;
                }
                let next = next.into_iter().map(|(_, partial)| partial).collect();
                before = Some(std::mem::replace(&mut beam, next));
                continue;
            }
            // The last pair, candidate by candidate (best first): each phase solution followed by
            // the last phase's part, the shortest answer kept.
            let within = |total: usize| budget.max_length.is_some_and(|n| total <= n);
            let mut best: Option<(usize, Partial, Vec<usize>)> = None;
            // The first candidate may look for its first pair a while past `stop_at`, the others
            // until then. One the tables misjudged (its phase far longer than the bound it was
            // ranked by, where they are weak: the clock's) gives up; if every one tried did, the
            // pair before is done again by its next phase's solutions ([`staged`]'s fallback),
            // or, with none before, each is tried again in turn, the first last, for twice as long
            // a round, until one pairs.
            let grace = budget.time.max(Duration::from_secs(1));
            let mut fell_back = false;
            let mut round = 0u32;
            loop {
                if round == 2 && !fell_back {
                    if let Some(b) = before.take() {
                        let again = self.solved(i - 1, &b, Instant::now() + share);
                        beam = again.into_iter().map(|(_, partial)| partial).collect();
                        (fell_back, round) = (true, 0);
                    }
                }
                let order = (0..beam.len()).map(|j| (j + (round > 0) as usize) % beam.len());
                for (j, c) in order.map(|j| (j, &beam[j])) {
                    let done = c.moves.len();
                    let enough_already = best.as_ref().is_some_and(|b| within(b.0));
                    let late = Instant::now() >= stop_at || enough_already;
                    if (round == 0 && j > 0 && late) || (round > 0 && best.is_some()) {
                        break;
                    }
                    // Only answers shorter than the best are looked for.
                    let cap = match &best {
                        Some(b) if b.0 <= done => continue,
                        Some(b) => b.0 - done - 1,
                        None => 2 * MAX_PHASE_MOVES as usize,
                    };
                    // (A later candidate may find nothing within its cap. The first after the
                    // fallback, or a lone one with none to fall back to, is never given up.)
                    let lone = beam.len() == 1 && before.is_none();
                    let give_up = match round {
                        0 if j == 0 && (fell_back || lone) => None,
                        _ if lone => None,
                        0 if j == 0 => Some(stop_at + grace),
                        0 => Some(stop_at),
                        _ => Some(Instant::now() + grace * (1 << round.min(16))),
                    };
                    let pair = self.best_pair(i, &c.state, (stop_at, give_up), cap, |total| {
                        within(done + total)
                    });
                    if let Some(p) = pair {
                        let (mut moves, mut lengths) = (c.moves.clone(), c.lengths.clone());
                        self.join(&mut moves, &mut lengths, &p.first);
                        let total = moves.len() + p.second.len();
                        if best.as_ref().is_none_or(|b| total < b.0) {
                            let partial = Partial {
                                state: c.state.clone(),
                                moves,
                                lengths,
                            };
                            best = Some((total, partial, p.second));
                        }
                    }
                }
                if best.is_some() || beam.is_empty() {
                    break;
                }
                round += 1;
            }
            let (_, mut best, second) = best?;
            self.join(&mut best.moves, &mut best.lengths, &second);
            return Some(Answer {
                moves: best.moves,
                phase_lengths: best.lengths,
            });
        }
        unreachable!("the last pair returns")
    }

    /// Phase `i`'s solutions from `s`, shortest first, each told to `each` until it says stop:
    /// none twice, none ending in a move of the next phase's group (a shorter one without it came
    /// first), none whose end fails the phase's test. Past `give_up`, the search ends.
    fn phase_solutions(
        &self,
        i: usize,
        s: &State,
        give_up: Option<Instant>,
        each: &mut dyn FnMut(&[usize]) -> Control,
    ) {
        let stage = &self.stages[i];
        let mut tried = std::collections::HashSet::new();
        let deadline = (MAX_PHASE_MOVES, give_up);
        stage
            .solver
            .each_solution(&stage.view.state(s), deadline, &mut |path| {
                let first: Vec<usize> = path.iter().map(|&m| stage.moves[m]).collect();
                if give_up.is_some_and(|t| Instant::now() >= t) {
                    return Control::Stop;
                }
                // (A path the near table finishes is told again at every threshold: the search
                // reports such paths without its floor.)
                let repeated = !tried.insert(first.clone());
                if repeated || first.last().is_some_and(|&m| stage.in_target[m]) {
                    return Control::Continue;
                }
                let tested = stage.sift.is_some() || stage.admit.is_some();
                if tested && !self.passes(i, &self.apply(s, &first)) {
                    return Control::Continue;
                }
                each(&first)
            });
    }

    /// Phase `i`'s solution from `s` that, followed by the last phase's part (the finisher's, or
    /// the phase's optimal one), makes the shortest pair of at most `cap` moves among those tried
    /// before `stop_at` (or until `enough(total)`): the library's pairing ([`pair_phases`]) of
    /// this phase's solutions, shortest first, with the last's. Past `give_up`, the listing stops
    /// even with no pair found, between solutions too (`stop_at` ends it only once one is).
    fn best_pair(
        &self,
        i: usize,
        s: &State,
        (stop_at, give_up): (Instant, Option<Instant>),
        cap: usize,
        enough: impl Fn(usize) -> bool,
    ) -> Option<Pair<()>> {
        let first = |each: &mut dyn FnMut((), &[usize]) -> Control| {
            self.phase_solutions(i, s, give_up, &mut |first| each((), first))
        };
        let second =
            |(), first: &[usize], budget: usize| self.last_part(i, &self.apply(s, first), budget);
        let how = Pairing {
            max_len: cap,
            beam: 1,
        };
        let enough = |total| enough(total) || Instant::now() >= stop_at;
        pair_phases(how, first, second, enough).pop()
    }

    /// The last phase's part after phase `i`'s solution ending in `end`, of at most `cap` moves:
    /// the finisher's, else the phase's optimal one.
    fn last_part(&self, i: usize, end: &State, cap: usize) -> Option<Vec<usize>> {
        if let Some((_, finish)) = self.finish.as_ref().filter(|f| f.0 == i + 1) {
            return finish(end, cap);
        }
        let next = &self.stages[i + 1];
        let bound = cap.min(MAX_PHASE_MOVES as usize) as u32;
        let path = next.solver.solve(&next.view.state(end), bound)?;
        Some(path.iter().map(|&m| next.moves[m]).collect())
    }

    /// Whether a solution of phase `i` ending in `end` ends in its goal: the tests where its view
    /// falls short ([`Sift`]) or its goal is widened ([`Admission`]).
    fn passes(&self, i: usize, end: &State) -> bool {
        let stage = &self.stages[i];
        stage
            .sift
            .as_ref()
            .is_none_or(|f| f.admits(&self.puzzle, end))
            && stage
                .admit
                .as_ref()
                .is_none_or(|a| a.admits(&self.puzzle, end))
    }

    /// Appends a phase's part to the answer begun, the moves where they meet merged (and those
    /// they commute across: [`WordMerge::push`]); a move merged away is taken from the new part's
    /// length, then from the parts before it.
    fn join(&self, moves: &mut Vec<usize>, lengths: &mut Vec<usize>, part: &[usize]) {
        let mut word: Vec<u16> = moves.iter().map(|&m| m as u16).collect();
        for &m in part {
            self.merge.push(&mut word, m as u16);
        }
        let mut saved = moves.len() + part.len() - word.len();
        let own = part.len() - saved.min(part.len());
        saved -= part.len() - own;
        for l in lengths.iter_mut().rev() {
            let t = saved.min(*l);
            *l -= t;
            saved -= t;
        }
        lengths.push(own);
        *moves = word.into_iter().map(usize::from).collect();
    }
}
