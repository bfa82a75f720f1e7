//! IDA*: iterative-deepening depth-first search bounded by cost so far plus an admissible heuristic.
//!
//! The search never knows the puzzle. A solver composes three parts: the [`Domain`] (states, moves
//! with costs, the goal), a [`Heuristic`] (a lower bound, asked for all children of a node at once)
//! and a [`Pruner`] (which move may follow which). Every solution found is handed to a callback that
//! says whether to go on, so a caller can take the first, every optimal one, or keep a search running
//! while it works on each solution (as two-phase search does).

use crate::heuristic::Heuristic;
use crate::pruner::{PruneState, Pruner};

/// A puzzle as IDA* sees it.
pub trait Domain {
    type State: Clone;
    /// Number of moves; moves are `0..move_count()`.
    fn move_count(&self) -> usize;
    /// Applies move `m` to `s`, writing the result into `out` (which a solver with large states can
    /// reuse rather than allocate).
    fn apply_into(&self, s: &Self::State, m: usize, out: &mut Self::State);
    fn is_goal(&self, s: &Self::State) -> bool;
    /// Cost of move `m`; 1 in move-count metrics.
    fn cost(&self, _m: usize) -> u32 {
        1
    }
}

/// What the search does after a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    Stop,
    Continue,
}

/// Counters from one search, for benchmarks.
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchStats {
    /// States generated (moves applied).
    pub nodes: u64,
    /// Iterations (cost thresholds tried).
    pub iterations: u32,
}

/// Searches from `start` for goal paths of total cost at most `max_cost`, cheapest first: each
/// threshold reports the solutions that cost more than the one before (so none twice), in move
/// order, to `on_solution(path, cost)`. Stops when the callback says so or nothing is left.
pub fn ida_star<D, H, P>(
    domain: &D,
    heuristic: &H,
    pruner: &P,
    start: &D::State,
    max_cost: u32,
    on_solution: impl FnMut(&[usize], u32) -> Control,
) -> SearchStats
where
    D: Domain,
    H: Heuristic<D::State>,
    P: Pruner,
{
    ida_star_with_progress(
        domain,
        heuristic,
        pruner,
        start,
        max_cost,
        on_solution,
        |_, _| {},
    )
}

/// [`ida_star`], telling `on_iteration(threshold, stats so far)` as each threshold starts: long
/// searches show progress with it.
pub fn ida_star_with_progress<D, H, P>(
    domain: &D,
    heuristic: &H,
    pruner: &P,
    start: &D::State,
    max_cost: u32,
    on_solution: impl FnMut(&[usize], u32) -> Control,
    on_iteration: impl FnMut(u32, &SearchStats),
) -> SearchStats
where
    D: Domain,
    H: Heuristic<D::State>,
    P: Pruner,
{
    deepen(
        domain,
        heuristic,
        pruner,
        start,
        max_cost,
        ChildOrder::Moves,
        on_solution,
        on_iteration,
    )
}

/// The order in which a node's children are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChildOrder {
    /// Move order: solutions of one cost come in move order.
    Moves,
    /// Least cost-plus-bound first (ties in move order): the same nodes are searched below the
    /// last threshold, but in the last one the likeliest child comes first, so the solution is met
    /// sooner. With a bound that can over-estimate, the order also changes which solution of an
    /// iteration comes first.
    Bounds,
}

/// The deepening thresholds of IDA*, one depth-first search each, until a search stops it or
/// the threshold passes `max_cost`.
#[allow(clippy::too_many_arguments)]
fn deepen<D, H, P>(
    domain: &D,
    heuristic: &H,
    pruner: &P,
    start: &D::State,
    max_cost: u32,
    order: ChildOrder,
    mut on_solution: impl FnMut(&[usize], u32) -> Control,
    mut on_iteration: impl FnMut(u32, &SearchStats),
) -> SearchStats
where
    D: Domain,
    H: Heuristic<D::State>,
    P: Pruner,
{
    let mut search = Search {
        order,
        visit: Vec::new(),
        domain,
        heuristic,
        pruner,
        stats: SearchStats::default(),
        path: Vec::new(),
        children: Vec::new(),
        moves: Vec::new(),
        bounds: Vec::new(),
        floor: 0,
        on_solution: &mut on_solution,
    };
    let mut threshold = heuristic.bound(start);
    let mut floor = 0;
    while threshold <= max_cost {
        on_iteration(threshold, &search.stats);
        search.stats.iterations += 1;
        search.floor = floor;
        match search.dfs(start, 0, threshold, pruner.start()) {
            Step::Stopped => break,
            Step::Exceeded(next) if next != u32::MAX => {
                // Solutions up to `threshold` are all reported now; only costlier ones are new.
                floor = threshold + 1;
                threshold = next;
            }
            Step::Exceeded(_) => break,
        }
    }
    search.stats
}

/// The first minimum-cost solution, if one costs at most `max_cost`.
pub fn first_solution<D, H, P>(
    domain: &D,
    heuristic: &H,
    pruner: &P,
    start: &D::State,
    max_cost: u32,
) -> (Option<Vec<usize>>, SearchStats)
where
    D: Domain,
    H: Heuristic<D::State>,
    P: Pruner,
{
    first_solution_in_order(
        domain,
        heuristic,
        pruner,
        start,
        max_cost,
        ChildOrder::Moves,
    )
}

/// [`first_solution`], searching each node's children in `order`.
pub fn first_solution_in_order<D, H, P>(
    domain: &D,
    heuristic: &H,
    pruner: &P,
    start: &D::State,
    max_cost: u32,
    order: ChildOrder,
) -> (Option<Vec<usize>>, SearchStats)
where
    D: Domain,
    H: Heuristic<D::State>,
    P: Pruner,
{
    let mut found = None;
    let stats = deepen(
        domain,
        heuristic,
        pruner,
        start,
        max_cost,
        order,
        |path, _| {
            found = Some(path.to_vec());
            Control::Stop
        },
        |_, _| {},
    );
    (found, stats)
}

enum Step {
    Stopped,
    /// Smallest f-value seen above the threshold (`u32::MAX`: nothing left to search).
    Exceeded(u32),
}

struct Search<'a, D: Domain, H, P> {
    domain: &'a D,
    heuristic: &'a H,
    pruner: &'a P,
    stats: SearchStats,
    path: Vec<usize>,
    /// Per depth, buffers reused from node to node: the children of the node on the path there
    /// (states; their moves and pruner states) and the children's bounds.
    children: Vec<Vec<D::State>>,
    moves: Vec<Vec<(usize, PruneState)>>,
    bounds: Vec<Vec<u32>>,
    /// Solutions cheaper than this were reported in an earlier iteration.
    floor: u32,
    order: ChildOrder,
    /// Per depth, the children's places in the order they are searched.
    visit: Vec<Vec<usize>>,
    on_solution: &'a mut dyn FnMut(&[usize], u32) -> Control,
}

impl<D, H, P> Search<'_, D, H, P>
where
    D: Domain,
    H: Heuristic<D::State>,
    P: Pruner,
{
    fn dfs(&mut self, s: &D::State, g: u32, threshold: u32, prune: PruneState) -> Step {
        // A goal may also be passed through by a longer solution, so the search goes on below it.
        if self.domain.is_goal(s)
            && g >= self.floor
            && (self.on_solution)(&self.path, g) == Control::Stop
        {
            return Step::Stopped;
        }
        let depth = self.path.len();
        if self.children.len() <= depth {
            self.children.push(Vec::new());
            self.moves.push(Vec::new());
            self.bounds.push(Vec::new());
            self.visit.push(Vec::new());
        }
        // All children first (into states kept from the last node at this depth), then their bounds
        // in one batch.
        let mut kids = std::mem::take(&mut self.children[depth]);
        let mut moves = std::mem::take(&mut self.moves[depth]);
        moves.clear();
        for m in 0..self.domain.move_count() {
            if let Some(next_prune) = self.pruner.next(prune, m) {
                let i = moves.len();
                if i == kids.len() {
                    kids.push(s.clone());
                }
                self.domain.apply_into(s, m, &mut kids[i]);
                moves.push((m, next_prune));
            }
        }
        kids.truncate(moves.len());
        self.stats.nodes += moves.len() as u64;
        let mut bounds = std::mem::take(&mut self.bounds[depth]);
        self.heuristic.bounds(&kids, &mut bounds);
        let mut visit = std::mem::take(&mut self.visit[depth]);
        visit.clear();
        visit.extend(0..moves.len());
        if self.order == ChildOrder::Bounds {
            let f = |i: usize| (self.domain.cost(moves[i].0)).saturating_add(bounds[i]);
            visit.sort_by_key(|&i| f(i));
        }
        let mut next = u32::MAX;
        let mut step = None;
        for &i in &visit {
            let (m, next_prune) = moves[i];
            let g2 = g + self.domain.cost(m);
            let f = g2.saturating_add(bounds[i]);
            if f > threshold {
                next = next.min(f);
                continue;
            }
            self.path.push(m);
            let r = self.dfs(&kids[i], g2, threshold, next_prune);
            self.path.pop();
            match r {
                Step::Stopped => {
                    step = Some(Step::Stopped);
                    break;
                }
                Step::Exceeded(x) => next = next.min(x),
            }
        }
        self.children[depth] = kids;
        self.moves[depth] = moves;
        self.bounds[depth] = bounds;
        self.visit[depth] = visit;
        step.unwrap_or(Step::Exceeded(next))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::{FnBound, Zero};
    use crate::pruner::NoPruning;

    /// Reach 0 from n on the integers with moves -1 (cost 1), -3 (cost 2), +1 (cost 1).
    struct Line;
    impl Domain for Line {
        type State = i32;
        fn move_count(&self) -> usize {
            3
        }
        fn apply_into(&self, s: &i32, m: usize, out: &mut i32) {
            *out = s + [-1, -3, 1][m];
        }
        fn is_goal(&self, s: &i32) -> bool {
            *s == 0
        }
        fn cost(&self, m: usize) -> u32 {
            [1, 2, 1][m]
        }
    }

    #[test]
    fn children_by_bound_find_the_same_costs_sooner() {
        // Truth by relaxation over a window of the line (no search), then a weak admissible bound
        // (half the truth) that lets the search into children off the cheapest paths.
        let (lo, hi) = (-30i32, 60i32);
        let mut d = vec![u32::MAX; (hi - lo + 1) as usize];
        d[(-lo) as usize] = 0;
        for _ in 0..d.len() {
            for n in lo..=hi {
                for m in 0..3 {
                    let to = n + [-1, -3, 1][m];
                    if (lo..=hi).contains(&to) && d[(to - lo) as usize] != u32::MAX {
                        let via = d[(to - lo) as usize] + Line.cost(m);
                        let at = &mut d[(n - lo) as usize];
                        *at = (*at).min(via);
                    }
                }
            }
        }
        let truth = |n: i32| d[(n - lo) as usize];
        let h = FnBound(|s: &i32| {
            if (lo..=hi).contains(s) {
                truth(*s) / 2
            } else {
                0
            }
        });
        let (mut by_moves, mut by_bounds) = (0, 0);
        for start in -20..=40 {
            let cost = |p: Vec<usize>| p.iter().map(|&m| Line.cost(m)).sum::<u32>();
            let (a, sa) = first_solution(&Line, &h, &NoPruning, &start, 40);
            let (b, sb) =
                first_solution_in_order(&Line, &h, &NoPruning, &start, 40, ChildOrder::Bounds);
            assert_eq!(cost(a.unwrap()), truth(start), "from {start}");
            assert_eq!(cost(b.unwrap()), truth(start), "from {start}");
            by_moves += sa.nodes;
            by_bounds += sb.nodes;
        }
        assert!(by_bounds < by_moves, "{by_bounds} nodes against {by_moves}");
    }

    #[test]
    fn weighted_costs_and_every_solution_in_cost_order() {
        // Each unit of distance costs at least 2/3.
        let h = FnBound(|s: &i32| (s.unsigned_abs() * 2 + 2) / 3);
        let (first, _) = first_solution(&Line, &h, &NoPruning, &7, 20);
        let first = first.unwrap();
        let cost: u32 = first.iter().map(|&m| Line.cost(m)).sum();
        assert_eq!(cost, 5); // -3 -3 -1
                             // Every solution of cost at most 5 from 4, each once, cheapest first.
        let mut all = Vec::new();
        ida_star(&Line, &Zero, &NoPruning, &4, 5, |p, c| {
            all.push((c, p.to_vec()));
            Control::Continue
        });
        let costs: Vec<u32> = all.iter().map(|a| a.0).collect();
        assert!(costs.windows(2).all(|w| w[0] <= w[1]), "{costs:?}");
        let mut paths: Vec<_> = all.iter().map(|a| a.1.clone()).collect();
        paths.sort();
        paths.dedup();
        assert_eq!(paths.len(), all.len(), "a solution reported twice");
        assert_eq!(costs[0], 3); // -3 -1 or -1 -3
        assert_eq!(all.iter().filter(|a| a.0 == 3).count(), 2);
    }
}
