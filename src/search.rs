//! IDA*: iterative-deepening depth-first search bounded by cost so far plus an admissible heuristic.
//!
//! The search never knows the puzzle: it sees states, moves with costs, a goal test, a lower bound on
//! the remaining cost, and which move may follow which (so that `R R` or `R L R` are not searched).

/// A puzzle as IDA* sees it.
pub trait Puzzle {
    type State: Clone;
    /// Number of moves; moves are `0..move_count()`.
    fn move_count(&self) -> usize;
    fn apply(&self, s: &Self::State, m: usize) -> Self::State;
    fn is_goal(&self, s: &Self::State) -> bool;
    /// A lower bound on the cost still needed from `s` (must never overestimate).
    fn lower_bound(&self, s: &Self::State) -> u32;
    /// Cost of move `m`; 1 in move-count metrics.
    fn cost(&self, _m: usize) -> u32 {
        1
    }
    /// Whether `m` may follow `prev` in a canonical sequence. The default forbids nothing.
    fn may_follow(&self, _prev: usize, _m: usize) -> bool {
        true
    }
}

/// Counters from one search, for benchmarks.
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchStats {
    /// States generated (calls to `apply`).
    pub nodes: u64,
    /// Iterations (cost thresholds tried).
    pub iterations: u32,
}

/// Finds a minimum-cost move sequence from `start` to a goal with total cost at most `max_cost`.
pub fn ida_star<P: Puzzle>(p: &P, start: &P::State, max_cost: u32) -> Option<Vec<usize>> {
    ida_star_with_stats(p, start, max_cost).0
}

/// [`ida_star`], also returning the node counts.
pub fn ida_star_with_stats<P: Puzzle>(
    p: &P,
    start: &P::State,
    max_cost: u32,
) -> (Option<Vec<usize>>, SearchStats) {
    let mut stats = SearchStats::default();
    let mut bound = p.lower_bound(start);
    let mut path = Vec::new();
    while bound <= max_cost {
        stats.iterations += 1;
        match dfs(p, start, 0, bound, &mut path, &mut stats) {
            Step::Found => return (Some(path), stats),
            Step::Exceeded(next) if next != u32::MAX => bound = next,
            _ => break,
        }
    }
    (None, stats)
}

enum Step {
    Found,
    /// Smallest f-value seen above the bound (`u32::MAX`: nothing left to search).
    Exceeded(u32),
}

fn dfs<P: Puzzle>(
    p: &P,
    s: &P::State,
    g: u32,
    bound: u32,
    path: &mut Vec<usize>,
    stats: &mut SearchStats,
) -> Step {
    let f = g + p.lower_bound(s);
    if f > bound {
        return Step::Exceeded(f);
    }
    if p.is_goal(s) {
        return Step::Found;
    }
    let mut next = u32::MAX;
    for m in 0..p.move_count() {
        if let Some(&prev) = path.last() {
            if !p.may_follow(prev, m) {
                continue;
            }
        }
        stats.nodes += 1;
        let t = p.apply(s, m);
        path.push(m);
        match dfs(p, &t, g + p.cost(m), bound, path, stats) {
            Step::Found => return Step::Found,
            Step::Exceeded(x) => next = next.min(x),
        }
        path.pop();
    }
    Step::Exceeded(next)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reach 0 from n on the integers with moves -1 (cost 1), -3 (cost 2), +1 (cost 1).
    struct Line;
    impl Puzzle for Line {
        type State = i32;
        fn move_count(&self) -> usize {
            3
        }
        fn apply(&self, s: &i32, m: usize) -> i32 {
            s + [-1, -3, 1][m]
        }
        fn is_goal(&self, s: &i32) -> bool {
            *s == 0
        }
        fn lower_bound(&self, s: &i32) -> u32 {
            // Each unit of distance costs at least 2/3.
            (s.unsigned_abs() * 2 + 2) / 3
        }
        fn cost(&self, m: usize) -> u32 {
            [1, 2, 1][m]
        }
    }

    #[test]
    fn finds_minimum_cost_not_minimum_length() {
        for n in 0..20i32 {
            let path = ida_star(&Line, &n, 100).unwrap();
            let cost: u32 = path.iter().map(|&m| Line.cost(m)).sum();
            let end = path.iter().fold(n, |s, &m| Line.apply(&s, m));
            assert_eq!(end, 0);
            // Optimum by hand: use as many -3 as possible, then -1s; or overshoot with -3 and come back +1.
            let best = (0..=n / 3 + 1)
                .map(|k| 2 * k + (n - 3 * k).unsigned_abs() as i32)
                .min()
                .unwrap();
            assert_eq!(cost as i32, best, "n={n}");
        }
    }

    #[test]
    fn respects_the_cost_limit() {
        assert!(ida_star(&Line, &9, 5).is_none());
        assert!(ida_star(&Line, &9, 6).is_some());
    }
}
