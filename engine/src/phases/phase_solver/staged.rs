//! A pair of phases before the last, over the whole beam at once (TNoodle's 4x4x4): the length
//! so far is raised one move at a time, and every candidate that might end within it is searched
//! to exactly that length, so one candidate whose phase is long takes no more than its share.
//! Each solution is ranked by its length with the next phase's tables' bound (the next pair
//! searches that phase), as TNoodle ranks its phases' solutions; the listing stops once the beam
//! is full, or at `stop_at` with one kept. (The last pair goes candidate by candidate, best
//! first: across the beam, its phase's searches cost more than they saved, 1.8 s a 4x4x4
//! against 1.3 s for the same lengths.)
//!
//! Where the bound misjudged every candidate (the last pair found nothing from them in its time:
//! the clock's weak tables), the pair is done again ranked by the next phase's optimal solutions
//! ([`PhaseSolver::solved`], Kociemba's pairing): slower, but each candidate's next phase is then
//! known to end within its length.

use super::{Partial, PhaseSolver, MAX_PHASE_MOVES};
use crate::model::State;
use crate::solving::solver::Control;
use std::collections::HashSet;
use std::time::Instant;
use twisty::search::phase_pairing::{pair_phases, Pairing};

/// A candidate for the next pair: its length with the next phase's bound, the answer begun.
pub(super) type Ranked = (usize, Partial);

impl PhaseSolver {
    /// Phase `i`'s solutions from each of `beam`'s states, shortest totals first, each ranked
    /// (see the module's notes), sorted by rank.
    pub(super) fn staged(&self, i: usize, beam: &[Partial], stop_at: Instant) -> Vec<Ranked> {
        let stage = &self.stages[i];
        let views: Vec<_> = beam.iter().map(|c| stage.view.state(&c.state)).collect();
        let least: Vec<usize> = beam
            .iter()
            .zip(&views)
            .map(|(c, v)| c.moves.len() + stage.solver.lower_bound(v) as usize)
            .collect();
        let mut out: Vec<Ranked> = Vec::new();
        let mut tried = HashSet::new();
        let Some(&lowest) = least.iter().min() else {
            return out;
        };
        let width = self.beam;
        let late = |out: &Vec<Ranked>| !out.is_empty() && Instant::now() >= stop_at;
        let longest = beam.iter().map(|c| c.moves.len()).max().unwrap_or(0);
        for total in lowest..=longest + MAX_PHASE_MOVES as usize {
            for (j, c) in beam.iter().enumerate() {
                let done = c.moves.len();
                if total < least[j] || total - done > MAX_PHASE_MOVES as usize {
                    continue;
                }
                let depth = total - done;
                stage
                    .solver
                    .each_solution(&views[j], (depth as u32, None), &mut |path| {
                        if late(&out) || out.len() >= width {
                            return Control::Stop;
                        }
                        // (Shorter ones were told at a smaller total.)
                        if path.len() < depth {
                            return Control::Continue;
                        }
                        let first: Vec<usize> = path.iter().map(|&m| stage.moves[m]).collect();
                        let ends_in_target = first.last().is_some_and(|&m| stage.in_target[m]);
                        if ends_in_target || !tried.insert((j, first.clone())) {
                            return Control::Continue;
                        }
                        let end = self.apply(&c.state, &first);
                        if !self.passes(i, &end) {
                            return Control::Continue;
                        }
                        let (mut moves, mut lengths) = (c.moves.clone(), c.lengths.clone());
                        self.join(&mut moves, &mut lengths, &first);
                        let rank = moves.len() + self.bound_after(i, &end);
                        let at = out.partition_point(|n| n.0 <= rank);
                        let partial = Partial {
                            moves,
                            lengths,
                            state: end,
                        };
                        out.insert(at, (rank, partial));
                        Control::Continue
                    });
                if late(&out) || out.len() >= width {
                    return out;
                }
            }
        }
        out
    }

    /// Phase `i`'s solutions from `beam`'s states, each with the next phase's optimal solution
    /// after it, the [`PhaseSolver::beam`] shortest pairs: the first candidate's always, the
    /// others' while `stop_at` lasts (see the module's notes).
    pub(super) fn solved(&self, i: usize, beam: &[Partial], stop_at: Instant) -> Vec<Ranked> {
        let next = &self.stages[i + 1];
        let mut out: Vec<Ranked> = Vec::new();
        for (j, c) in beam.iter().enumerate() {
            if j > 0 && Instant::now() >= stop_at {
                break;
            }
            let done = c.moves.len();
            let cap = match out.get(self.beam - 1) {
                Some(worst) if worst.0 <= done => continue,
                Some(worst) => worst.0 - done - 1,
                None => 2 * MAX_PHASE_MOVES as usize,
            };
            let give_up = (j > 0).then_some(stop_at);
            let first = |each: &mut dyn FnMut((), &[usize]) -> Control| {
                self.phase_solutions(i, &c.state, give_up, &mut |first| each((), first))
            };
            let second = |(), first: &[usize], budget: usize| {
                let end = self.apply(&c.state, first);
                let most = budget.min(MAX_PHASE_MOVES as usize) as u32;
                // (Only its length is read: the next pair searches that phase again.)
                next.solver.solve(&next.view.state(&end), most)
            };
            let how = Pairing {
                max_len: cap,
                beam: self.beam,
            };
            let late = |_| Instant::now() >= stop_at;
            for p in pair_phases(how, first, second, late) {
                let (mut moves, mut lengths) = (c.moves.clone(), c.lengths.clone());
                self.join(&mut moves, &mut lengths, &p.first);
                let rank = moves.len() + p.second.len();
                let partial = Partial {
                    state: self.apply(&c.state, &p.first),
                    moves,
                    lengths,
                };
                let at = out.partition_point(|n| n.0 <= rank);
                out.insert(at, (rank, partial));
            }
        }
        out.truncate(self.beam);
        out
    }

    /// The next phase's tables' bound on what phase `i`'s solution ending in `end` leaves.
    fn bound_after(&self, i: usize, end: &State) -> usize {
        let next = &self.stages[i + 1];
        next.solver.lower_bound(&next.view.state(end)) as usize
    }
}
