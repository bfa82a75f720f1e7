//! The small solvers' way onto the search: a [`Domain`] (states, moves with costs, the goal), a
//! [`Heuristic`] (a lower bound, asked for all children of a node at once) and a [`Pruner`] (which
//! move may follow which), composed into a [`SearchTree`]. Every solution found is handed to a
//! callback that says whether to go on, so a caller can take the first, every optimal one, or keep
//! a search running while it works on each solution.

use super::{ida, Child, Control, Expansion, SearchStats, SearchTree};
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
    /// Cost of move `m`, at least 1; 1 in move-count metrics.
    fn cost(&self, _m: usize) -> u32 {
        1
    }
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

/// A domain, a heuristic and a pruner as one [`SearchTree`].
pub struct Composed<'a, D, H, P> {
    pub domain: &'a D,
    pub heuristic: &'a H,
    pub pruner: &'a P,
    pub order: ChildOrder,
    /// The cheapest move's cost: a path under a threshold has at most threshold / this moves.
    min_cost: u32,
}

impl<'a, D: Domain, H, P> Composed<'a, D, H, P> {
    pub fn new(domain: &'a D, heuristic: &'a H, pruner: &'a P, order: ChildOrder) -> Self {
        let min_cost = (0..domain.move_count())
            .map(|m| domain.cost(m))
            .min()
            .unwrap_or(1);
        Composed {
            domain,
            heuristic,
            pruner,
            order,
            min_cost: min_cost.max(1),
        }
    }
}

/// One depth's children: states (contiguous, for the heuristic's batch), their moves and pruner
/// states, bounds, and the order they are searched in.
pub struct Kids<S> {
    states: Vec<S>,
    moves: Vec<(usize, PruneState)>,
    bounds: Vec<u32>,
    visit: Vec<usize>,
}

impl<S> Default for Kids<S> {
    fn default() -> Self {
        Kids {
            states: Vec::new(),
            moves: Vec::new(),
            bounds: Vec::new(),
            visit: Vec::new(),
        }
    }
}

impl<D, H, P> SearchTree for Composed<'_, D, H, P>
where
    D: Domain,
    H: Heuristic<D::State>,
    P: Pruner,
{
    type Node = D::State;
    type Pruning = PruneState;
    type Children = Kids<D::State>;

    fn start(&self) -> PruneState {
        self.pruner.start()
    }

    fn bound(&self, s: &D::State) -> u32 {
        self.heuristic.bound(s)
    }

    fn is_goal(&self, s: &D::State) -> bool {
        self.domain.is_goal(s)
    }

    fn max_depth(&self, g: u32, threshold: u32) -> usize {
        (threshold.saturating_sub(g) / self.min_cost) as usize
    }

    fn expand(
        &self,
        s: &D::State,
        prune: PruneState,
        g: u32,
        threshold: u32,
        kids: &mut Kids<D::State>,
    ) -> Expansion {
        // All children first (into states kept from the last node at this depth), then their
        // bounds in one batch.
        kids.moves.clear();
        for m in 0..self.domain.move_count() {
            if let Some(next_prune) = self.pruner.next(prune, m) {
                let i = kids.moves.len();
                if i == kids.states.len() {
                    kids.states.push(s.clone());
                }
                self.domain.apply_into(s, m, &mut kids.states[i]);
                kids.moves.push((m, next_prune));
            }
        }
        let made = kids.moves.len();
        kids.states.truncate(made);
        self.heuristic.bounds(&kids.states, &mut kids.bounds);
        // (The fields borrowed apart: edition 2018's closures would take all of `kids`.)
        let (moves, bounds) = (&kids.moves, &kids.bounds);
        let f = |i: usize| {
            g.saturating_add(self.domain.cost(moves[i].0))
                .saturating_add(bounds[i])
        };
        kids.visit.clear();
        let mut next = u32::MAX;
        for i in 0..made {
            let fi = f(i);
            if fi <= threshold {
                kids.visit.push(i);
            } else {
                next = next.min(fi);
            }
        }
        if self.order == ChildOrder::Bounds {
            kids.visit.sort_by_key(|&i| f(i));
        }
        Expansion {
            kept: kids.visit.len(),
            made: made as u64,
            next,
        }
    }

    #[inline]
    fn child<'k>(&self, kids: &'k Kids<D::State>, i: usize) -> Child<'k, D::State, PruneState> {
        let j = kids.visit[i];
        let (m, pruning) = kids.moves[j];
        Child {
            m,
            cost: self.domain.cost(m),
            exact: false,
            node: &kids.states[j],
            pruning,
        }
    }
}

/// Searches from `start` for goal paths of total cost at most `max_cost`, cheapest first: each
/// threshold reports the solutions that cost more than the one before (so none twice), in move
/// order, to `on_solution(path, cost)`. Stops when the callback says so or nothing is left.
/// `on_iteration(threshold, stats so far)` hears each threshold as it starts (long searches show
/// progress with it; `|_, _| {}` otherwise).
pub fn ida_star<D, H, P>(
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
    let tree = Composed::new(domain, heuristic, pruner, ChildOrder::Moves);
    ida(&tree, start, max_cost, on_solution, on_iteration)
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
    let tree = Composed::new(domain, heuristic, pruner, order);
    let mut found = None;
    let stats = ida(
        &tree,
        start,
        max_cost,
        |path, _| {
            found = Some(path.to_vec());
            Control::Stop
        },
        |_, _| {},
    );
    (found, stats)
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
        let mut thresholds = Vec::new();
        ida_star(
            &Line,
            &Zero,
            &NoPruning,
            &4,
            5,
            |p, c| {
                all.push((c, p.to_vec()));
                Control::Continue
            },
            |t, _| thresholds.push(t),
        );
        // With no heuristic the thresholds are the costs in turn, each heard once.
        assert_eq!(thresholds, [0, 1, 2, 3, 4, 5]);
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
