//! `twisty learn eval`: the paper's experiment on this project's test states. Every heuristic
//! solves the same states with IDA* on the library's search core (same canonical move sequences,
//! same node counting), under the same node limit, and each run is measured.

use crate::cube3_stickers::{stickers, Stickers};
use crate::eval_report::{Figures, Guide, Run};
use crate::network::Net;
use crate::sticker_search::{
    solve, Admissible, Budget, NetHeuristic, PairDomain, Predictions, Readout, StickerDomain,
};
use crate::testset::{cubies, test_states, TestState};
use std::time::Instant;
use twisty::cube3::optimal::OptimalTables;
use twisty::heuristic::{Heuristic, Zero};

/// What the evaluation is asked to do.
pub struct Plan<'a> {
    pub opt: &'a OptimalTables,
    pub degenerate: &'a Net,
    pub full: &'a Net,
    pub lengths: std::ops::RangeInclusive<u8>,
    pub per_length: usize,
    pub held_out: usize,
    pub seed: u64,
    /// States a search may evaluate before it gives up.
    pub node_limit: u64,
    /// The quantile at which [`Guide::DegenerateQuantile`] reads the degenerate network (one of
    /// [`crate::view_table::QUANTILES`]).
    pub quantile: f32,
    /// The degenerate network's readings of every view, or `None` to run the network on the views
    /// the searches meet (the same readings).
    pub views: Option<&'a crate::view_table::ViewTable>,
}

/// The largest over-estimate of `h` on `states` (0 if it never over-estimates).
fn largest_overestimate(h: &impl Heuristic<Stickers>, states: &[TestState]) -> u32 {
    states
        .iter()
        .map(|t| h.bound(&stickers(&t.cube)).saturating_sub(t.optimal as u32))
        .max()
        .unwrap_or(0)
}

/// One search, measured. `search` returns the solution and the states the search generated.
fn measure<H>(
    budget: &Budget<H>,
    start_bound: u32,
    search: impl FnOnce(&Budget<H>) -> (Option<Vec<usize>>, u64),
) -> Run {
    let t = Instant::now();
    let (found, nodes) = search(budget);
    Run {
        found: found.map(|p| p.len() as u8),
        gave_up: budget.exhausted(),
        nodes,
        evaluations: budget.evaluated.get().min(budget.limit),
        seconds: t.elapsed().as_secs_f64(),
        start_bound,
        skipped: false,
    }
}

/// Runs every heuristic on every test state; `progress(done, total, what)` hears each run.
pub fn evaluate(plan: &Plan, mut progress: impl FnMut(usize, usize, &str)) -> Figures {
    let opt = plan.opt;
    let mut log = |m: &str| progress(0, 0, m);
    log("drawing the held-out states");
    let held = test_states(
        opt,
        plan.lengths.clone(),
        plan.held_out,
        plan.seed ^ 0x9e37,
        |_, _| {},
    );
    log("drawing the test states");
    let tests = test_states(
        opt,
        plan.lengths.clone(),
        plan.per_length,
        plan.seed,
        |_, _| {},
    );
    // One store of readings per network: both readouts of the degenerate one share it.
    let deg_readings = match plan.views {
        Some(views) => Predictions::tabulated(plan.degenerate, plan.quantile, views)
            .expect("the command checks the quantile against the table's"),
        None => Predictions::new(plan.degenerate, plan.quantile),
    };
    let full_readings = Predictions::new(plan.full, plan.quantile);
    let deg = NetHeuristic::new(&deg_readings, Readout::Mode);
    let deg_q = NetHeuristic::new(&deg_readings, Readout::Quantile);
    let full = NetHeuristic::new(&full_readings, Readout::Mode);
    let delta_degenerate = largest_overestimate(&deg, &held);
    let delta_full = largest_overestimate(&full, &held);
    let domain = StickerDomain::default();
    let pair = PairDomain {
        opt,
        stickers: StickerDomain::default(),
    };
    let guides = Guide::ALL;
    let mut runs: Vec<Vec<Run>> = vec![Vec::new(); guides.len()];
    let total = tests.len() * guides.len();
    let mut done = 0;
    let limit = plan.node_limit;
    for (g, guide) in guides.iter().enumerate() {
        // Per length, (states, give-ups): once every state of a length gave up without a
        // heuristic, longer ones would too (plain iterative deepening past length 5 or so), so
        // they are not searched.
        let mut tally = std::collections::BTreeMap::<u8, (usize, usize)>::new();
        for t in &tests {
            // Only without a heuristic: a network's give-ups need not grow with the length.
            let hopeless = *guide == Guide::None
                && tally
                    .range(..t.optimal)
                    .next_back()
                    .is_some_and(|(_, &(n, gave_up))| n > 0 && gave_up == n);
            if hopeless {
                runs[g].push(Run::skipped());
                let e = tally.entry(t.optimal).or_default();
                e.0 += 1;
                e.1 += 1;
                done += 1;
                progress(done, total, guide.name());
                continue;
            }
            let s = stickers(&t.cube);
            let max_len = 20;
            let run = match guide {
                Guide::None => measure(&Budget::new(Zero, limit), 0, |b| {
                    let (p, st) = solve(&domain, b, &s, max_len);
                    (p, st.nodes)
                }),
                Guide::Pdb => {
                    let state = opt.state(&cubies(&t.cube));
                    let bound = opt.bound(&state);
                    // The optimal solver's own search, bounded like the others.
                    let b = Budget::new(opt, limit);
                    measure(&b, bound, |b| {
                        let (p, st) = solve(opt, b, &state, max_len);
                        (p, st.nodes)
                    })
                }
                Guide::Degenerate | Guide::DegenerateQuantile | Guide::Original => {
                    let h = match guide {
                        Guide::Degenerate => &deg,
                        Guide::DegenerateQuantile => &deg_q,
                        _ => &full,
                    };
                    let bound = h.bound(&s);
                    measure(&Budget::new(h, limit), bound, |b| {
                        let (p, st) = solve(&domain, b, &s, max_len);
                        (p, st.nodes)
                    })
                }
                Guide::Admissible => {
                    let h = Admissible {
                        net: &deg,
                        opt,
                        delta: delta_degenerate,
                    };
                    let start = (opt.state(&cubies(&t.cube)), s);
                    let bound = h.bound(&start);
                    measure(&Budget::new(&h, limit), bound, |b| {
                        let (p, st) = solve(&pair, b, &start, max_len);
                        (p, st.nodes)
                    })
                }
            };
            let e = tally.entry(t.optimal).or_default();
            e.0 += 1;
            e.1 += run.gave_up as usize;
            runs[g].push(run);
            done += 1;
            progress(done, total, guide.name());
        }
    }
    Figures {
        optimal: tests.iter().map(|t| t.optimal).collect(),
        runs,
        delta_degenerate,
        delta_full,
        held_out: held.len(),
        node_limit: limit,
    }
}
