//! The one search: iterative deepening over a [`SearchTree`], on one thread or on many.
//!
//! Every solver runs on it: the small judge solvers through [`composed`] (a [`Domain`], a
//! [`Heuristic`](crate::heuristic::Heuristic) and a [`Pruner`](crate::pruner::Pruner)), and the
//! fast ones (two-phase, cube3-opt, the engine) through a tree of their own, whose
//! [`SearchTree::expand`] is their hot loop: several views a node, SIMD products, look-ups asked
//! for in a batch and prefetched, a near table. What stays here is what they share: the depth-first
//! walk, the thresholds, the path, the node counts, the solutions handed to a callback, and the
//! work split over threads ([`parallel`]).

pub mod composed;
pub mod parallel;
pub mod phase_pairing;

// (No re-exports: the bundler keeps whatever a `use` names, so each user names the module it
// takes from, and a judge binary that walks one thread carries no thread code.)

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

/// What a node's expansion made: the children kept (those that may lie on a path within the
/// threshold), the children made in all (the node count), and the least cost-plus-bound of those
/// dropped (`u32::MAX` if none: a threshold above it would find nothing new).
#[derive(Clone, Copy, Debug)]
pub struct Expansion {
    pub kept: usize,
    pub made: u64,
    pub next: u32,
}

impl Expansion {
    /// A unit-cost tree's expansion that counts the children it kept: anything dropped costs at
    /// least one more than `threshold`.
    #[inline]
    pub fn unit(kept: usize, threshold: u32) -> Self {
        Expansion {
            kept,
            made: kept as u64,
            next: threshold + 1,
        }
    }
}

/// A child kept by [`SearchTree::expand`].
pub struct Child<'k, N, P> {
    /// The move that made it: the path is a list of these.
    pub m: usize,
    pub cost: u32,
    /// Its bound is its exact distance: [`SearchTree::finish`] may end the path without a search.
    pub exact: bool,
    pub node: &'k N,
    pub pruning: P,
}

impl<'k, N, P> Child<'k, N, P> {
    /// A child by move `m` that costs 1 and whose bound is not exact.
    #[inline]
    pub fn new(m: usize, node: &'k N, pruning: P) -> Self {
        Child {
            m,
            cost: 1,
            exact: false,
            node,
            pruning,
        }
    }
}

/// A puzzle's search tree as the search walks it. The tree owns everything puzzle-specific: how
/// a node is made, its bounds and which move may follow which (the [`SearchTree::Pruning`]
/// state travels with each node).
pub trait SearchTree {
    type Node;
    /// What the path so far says about the next move (a pruner state, the last face turned).
    type Pruning: Copy;
    /// One depth's children: the search keeps one per depth, so that no node allocates.
    type Children: Default;
    /// Every move costs 1: the search stops at the threshold without asking for children.
    const UNIT_COSTS: bool = false;

    /// The pruning state at the root.
    fn start(&self) -> Self::Pruning;
    /// A lower bound on the cost from `node` to the goal.
    fn bound(&self, node: &Self::Node) -> u32;
    fn is_goal(&self, node: &Self::Node) -> bool;
    /// The children of `node` (reached at cost `g`, after moves that left `pruning`) that may lie
    /// on a path of cost at most `threshold`, into `kids`, in the order they are to be searched.
    fn expand(
        &self,
        node: &Self::Node,
        pruning: Self::Pruning,
        g: u32,
        threshold: u32,
        kids: &mut Self::Children,
    ) -> Expansion;
    /// Kept child `i` of the last [`SearchTree::expand`] into `kids`.
    fn child<'k>(&self, kids: &'k Self::Children, i: usize)
        -> Child<'k, Self::Node, Self::Pruning>;
    /// The most moves a path from cost `g` can still make under `threshold`: the walk keeps that
    /// many depths of children. Every move costs at least 1; a tree whose moves cost more may say
    /// less.
    fn max_depth(&self, g: u32, threshold: u32) -> usize {
        threshold.saturating_sub(g) as usize
    }
    /// For a node whose bound is exact (a root, or a child marked so): the rest of a path to the
    /// goal, each move costing 1, without a search; `None` to search below it as usual.
    fn finish(&self, _node: &Self::Node) -> Option<Vec<usize>> {
        None
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
    /// Children made (moves applied).
    pub nodes: u64,
    /// Iterations (cost thresholds tried).
    pub iterations: u32,
}

/// How one depth-first walk ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A callback said stop, or the walk was cancelled.
    Stopped,
    /// Smallest cost-plus-bound seen above the threshold (`u32::MAX`: nothing left to search).
    Exceeded(u32),
}

/// Made nodes between two looks at whether the walk is cancelled or progress is due.
const POLL: u64 = 1 << 12;

/// One thread's depth-first walk under one threshold, reusing its buffers from walk to walk.
pub struct Walker<'t, T: SearchTree> {
    tree: &'t T,
    pub threshold: u32,
    /// Solutions cheaper than this are not reported (an earlier threshold did).
    pub floor: u32,
    levels: Vec<T::Children>,
    /// The moves from the root to the node being searched.
    pub path: Vec<usize>,
    /// Children made so far.
    pub nodes: u64,
    /// Cancelled once `.0` holds a task numbered below `.1` (an earlier task has an answer).
    cancel: Option<(&'t AtomicUsize, usize)>,
    cancelled: bool,
    /// Made nodes added up over threads, [`POLL`] at a time.
    total: Option<&'t AtomicU64>,
    /// Who hears of that sum now and then (one thread's walker: the caller's).
    tick: Option<&'t (dyn Fn(u64) + Sync)>,
}

impl<'t, T: SearchTree> Walker<'t, T> {
    pub fn new(tree: &'t T, threshold: u32) -> Self {
        Walker {
            tree,
            threshold,
            floor: 0,
            levels: Vec::new(),
            path: Vec::new(),
            nodes: 0,
            cancel: None,
            cancelled: false,
            total: None,
            tick: None,
        }
    }

    /// The tree's bound of `node`.
    pub fn tree_bound(&self, node: &T::Node) -> u32 {
        self.tree.bound(node)
    }

    /// Walks below `node`, `g` in (its path already in [`Walker::path`]), reporting each goal of
    /// cost at least the floor to `sink(path, cost)`.
    pub fn walk(
        &mut self,
        node: &T::Node,
        pruning: T::Pruning,
        g: u32,
        sink: &mut dyn FnMut(&[usize], u32) -> Control,
    ) -> Step {
        // One depth's children for each move the path can still make, and one for the last node
        // (which a tree with costs above 1 may still expand). The depths go down the recursion as
        // a slice, each node taking the first: nothing is moved in or out of the buffers.
        let depths = self.tree.max_depth(g, self.threshold) + 1;
        if self.levels.len() < depths {
            self.levels.resize_with(depths, T::Children::default);
        }
        let mut levels = std::mem::take(&mut self.levels);
        let step = self.dfs(node, pruning, g, &mut levels[..depths], sink);
        self.levels = levels;
        step
    }

    #[inline]
    fn count(&mut self, made: u64) {
        let before = self.nodes;
        self.nodes += made;
        if before / POLL == self.nodes / POLL {
            return;
        }
        if let Some((best, me)) = self.cancel {
            if best.load(Relaxed) < me {
                self.cancelled = true;
            }
        }
        if let Some(total) = self.total {
            let add = self.nodes / POLL * POLL - before / POLL * POLL;
            let all = total.fetch_add(add, Relaxed) + add;
            if let Some(tick) = self.tick {
                tick(all);
            }
        }
    }

    fn dfs(
        &mut self,
        node: &T::Node,
        pruning: T::Pruning,
        g: u32,
        levels: &mut [T::Children],
        sink: &mut dyn FnMut(&[usize], u32) -> Control,
    ) -> Step {
        // A goal may also be passed through by a longer solution, so the walk goes on below it.
        if g >= self.floor && self.tree.is_goal(node) && sink(&self.path, g) == Control::Stop {
            return Step::Stopped;
        }
        if T::UNIT_COSTS && g >= self.threshold {
            return Step::Exceeded(g + 1);
        }
        let (kids, deeper) = match levels.split_first_mut() {
            Some(split) => split,
            // (Only a move that costs nothing could get here: none does.)
            None => return Step::Exceeded(u32::MAX),
        };
        let e = self.tree.expand(node, pruning, g, self.threshold, kids);
        self.count(e.made);
        let mut next = e.next;
        let mut step = None;
        if self.cancelled {
            step = Some(Step::Stopped);
        }
        for i in 0..if step.is_some() { 0 } else { e.kept } {
            let c = self.tree.child(kids, i);
            let g2 = g + c.cost;
            let base = self.path.len();
            self.path.push(c.m);
            if c.exact {
                if let Some(rest) = self.tree.finish(c.node) {
                    let cost = g2 + rest.len() as u32;
                    self.path.extend(rest);
                    let control = sink(&self.path, cost);
                    self.path.truncate(base);
                    if control == Control::Stop {
                        step = Some(Step::Stopped);
                        break;
                    }
                    continue;
                }
            }
            let r = self.dfs(c.node, c.pruning, g2, deeper, sink);
            self.path.pop();
            match r {
                Step::Stopped => {
                    step = Some(Step::Stopped);
                    break;
                }
                Step::Exceeded(x) => next = next.min(x),
            }
        }
        step.unwrap_or(Step::Exceeded(next))
    }
}

/// The one loop that raises a search's bound: every solver's thresholds go through it.
/// `iteration(threshold)` does whatever must come before that threshold (a table deepened, the
/// threads chosen, several roots walked) and walks it; the next threshold is the least cost it
/// saw above this one. From `first` while the threshold is at most `max_cost`, until an iteration
/// stops or leaves nothing to search. Returns the iterations run.
pub fn deepen(first: u32, max_cost: u32, mut iteration: impl FnMut(u32) -> Step) -> u32 {
    let mut threshold = first;
    let mut iterations = 0;
    while threshold <= max_cost {
        iterations += 1;
        match iteration(threshold) {
            Step::Exceeded(next) if next != u32::MAX => threshold = next.max(threshold + 1),
            _ => break,
        }
    }
    iterations
}

/// IDA* on one thread: thresholds from the root's bound up ([`deepen`]), one walk each, until
/// `on_solution` says stop, the threshold passes `max_cost` or nothing is left. Each threshold
/// reports the solutions that cost more than the one before (so none twice), in the tree's order;
/// `on_iteration(threshold, stats so far)` hears of each threshold as it starts.
pub fn ida<T: SearchTree>(
    tree: &T,
    root: &T::Node,
    max_cost: u32,
    mut on_solution: impl FnMut(&[usize], u32) -> Control,
    mut on_iteration: impl FnMut(u32, &SearchStats),
) -> SearchStats {
    let mut stats = SearchStats::default();
    let mut walker = Walker::new(tree, 0);
    deepen(tree.bound(root), max_cost, |threshold| {
        on_iteration(threshold, &stats);
        stats.iterations += 1;
        walker.threshold = threshold;
        walker.path.clear();
        let step = walker.walk(root, tree.start(), 0, &mut on_solution);
        stats.nodes = walker.nodes;
        // Solutions up to `threshold` are all reported now; only costlier ones are new.
        walker.floor = threshold + 1;
        step
    });
    stats
}
