//! The puzzle's states as a tree for the library's search ([`twisty::search`]), one threshold at a
//! time: the solver (`solver.rs`) runs the thresholds and deepens its near table between them.
//!
//! The library's search cuts the work into the canonical sequences of the first two moves, which
//! threads take in turn; the answer is the same whatever the number of threads.
//!
//! A node's children are made and their table slots prefetched before any is looked up, so that
//! the cache misses of one node overlap. A child whose distance the near table knows exactly is
//! not searched: the table's own walk finishes the sequence.

use crate::model::canonical::CanonScratch;
use crate::model::metric::PairPruner;
use crate::model::{Perm, State};
use crate::solving::search_progress::Progress;
use crate::tables::floored::ByIndex;
use crate::tables::sym_pdb::InverseScratch;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};
use std::time::Instant;
use twisty::pruner::{PruneState, Pruner};
use twisty::search::parallel::{self, Parallel, TaskHistory};
use twisty::search::{Child, Control, Expansion, SearchTree};

/// Expansions between two looks at the clock in a listing with a deadline.
const CLOCK_POLL: u32 = 1024;

pub use super::bounds::{Bounds, Key, MAX_PATTERNS};

/// What one threshold's search needs.
pub struct Problem<'a> {
    pub perms: &'a [Perm],
    pub modulus: &'a [u8],
    pub pruner: &'a PairPruner,
    pub is_goal: &'a (dyn Fn(&State) -> bool + Sync),
}

/// The outcome of one threshold.
pub struct Iteration {
    pub solution: Option<Vec<usize>>,
    pub nodes: u64,
}

/// A sequence of moves at most `threshold` long from `start` to the goal, if `bounds` allow one,
/// searched on `threads` threads (the caller's and more).
pub fn iteration(
    problem: &Problem,
    bounds: &Bounds,
    start: &State,
    threshold: u32,
    progress: &Progress,
    threads: usize,
) -> parallel::Iteration {
    let tree = Tree::new(problem, bounds, None);
    let root = Node {
        key: bounds.key(start),
        state: start.clone(),
        patterns: None,
    };
    let tick = |n: u64| progress.tick(threshold, n);
    let how = Parallel {
        threads,
        split: 2,
        busiest_first: false,
        tick: Some(&tick),
    };
    parallel::first_in_iteration(&tree, &root, threshold, &how, &mut TaskHistory::default())
}

/// Every sequence of at most `max_depth` moves from `start` to the goal, shortest first, each
/// told to `sink` until it says stop: the library's IDA* on this thread, with `bounds` as they are.
/// Past `deadline` the listing ends, between solutions too (a phase's candidate whose tables
/// promised a short solution may have none for a long search).
pub fn each_solution(
    problem: &Problem,
    bounds: &Bounds,
    start: &State,
    (max_depth, deadline): (u32, Option<Instant>),
    sink: &mut dyn FnMut(&[usize]) -> Control,
) {
    let tree = Tree::new(problem, bounds, deadline);
    let root = Node {
        key: bounds.key(start),
        state: start.clone(),
        patterns: None,
    };
    twisty::search::ida(&tree, &root, max_depth, |path, _| sink(path), |_, _| {});
}

/// A search node: the state and what its bounds are looked up by.
#[derive(Clone)]
pub struct Node {
    state: State,
    key: Key,
    /// The pattern databases' bound, once known.
    patterns: Option<u32>,
}

/// The states as a search tree.
struct Tree<'a> {
    problem: &'a Problem<'a>,
    bounds: &'a Bounds,
    deadline: Option<Deadline>,
}

/// When a listing ends, and whether it has: the clock is read every [`CLOCK_POLL`] expansions.
struct Deadline {
    at: Instant,
    expansions: AtomicU32,
    passed: AtomicBool,
}

impl<'a> Tree<'a> {
    fn new(problem: &'a Problem<'a>, bounds: &'a Bounds, at: Option<Instant>) -> Self {
        let deadline = at.map(|at| Deadline {
            at,
            expansions: AtomicU32::new(0),
            passed: AtomicBool::new(false),
        });
        Tree {
            problem,
            bounds,
            deadline,
        }
    }

    /// Whether the deadline has passed (never, without one).
    fn past_deadline(&self) -> bool {
        let Some(d) = &self.deadline else {
            return false;
        };
        if d.expansions.fetch_add(1, Relaxed) % CLOCK_POLL == 0 && Instant::now() >= d.at {
            d.passed.store(true, Relaxed);
        }
        d.passed.load(Relaxed)
    }
}

/// One depth's children: a node for every move (made only where the patterns let it through),
/// and the moves kept.
#[derive(Default)]
struct Kids {
    nodes: Vec<Node>,
    kept: Vec<(usize, PruneState, bool)>,
    /// The moves the pruner allows after this node, with the pruning state each leads to.
    allowed: Vec<(usize, PruneState)>,
    /// Per move, the child's inverse and the entry of its view being read.
    inverse: Vec<(State, u32)>,
    /// The children whose inverses are to be read, and whether they are still let through.
    pending: Vec<(usize, PruneState, bool)>,
    scratch: InverseScratch,
    canon: CanonScratch,
}

impl SearchTree for Tree<'_> {
    type Node = Node;
    type Pruning = PruneState;
    type Children = Kids;
    const UNIT_COSTS: bool = true;

    fn start(&self) -> PruneState {
        self.problem.pruner.start()
    }

    fn bound(&self, n: &Node) -> u32 {
        self.bounds.of(&n.state, &n.key, u32::MAX).0
    }

    fn is_goal(&self, n: &Node) -> bool {
        (self.problem.is_goal)(&n.state)
    }

    fn finish(&self, n: &Node) -> Option<Vec<usize>> {
        let problem = self.problem;
        if !self.bounds.near.bound(n.key.f).1 {
            return None;
        }
        self.bounds
            .near
            .walk(&n.state, problem.perms, problem.modulus, problem.is_goal)
    }

    #[inline]
    fn child<'k>(&self, kids: &'k Kids, i: usize) -> Child<'k, Node, PruneState> {
        let (m, pruning, exact) = kids.kept[i];
        Child {
            m,
            cost: 1,
            exact,
            node: &kids.nodes[m],
            pruning,
        }
    }

    fn expand(
        &self,
        n: &Node,
        p: PruneState,
        g: u32,
        threshold: u32,
        kids: &mut Kids,
    ) -> Expansion {
        if self.past_deadline() {
            // (No child and nothing above the threshold: the search ends.)
            kids.kept.clear();
            return Expansion {
                kept: 0,
                made: 0,
                next: u32::MAX,
            };
        }
        let problem = self.problem;
        let bounds = self.bounds;
        let moves = problem.perms.len();
        if kids.nodes.len() < moves {
            kids.nodes.resize(moves, n.clone());
        }
        kids.kept.clear();
        kids.allowed.clear();
        // With pattern databases, a child's coordinates come from move tables and most children
        // are cut by them alone: such a child's state and fingerprint are never made. Without,
        // every child is made first, so that its near-table slot is on its way.
        let lazy = !bounds.patterns.is_empty() || bounds.sym.is_some();
        let budget = threshold - g - 1;
        for m in 0..moves {
            if let Some(q) = problem.pruner.next(p, m) {
                kids.allowed.push((m, q));
                let kid = &mut kids.nodes[m];
                bounds.child_key(&n.key, m, &mut kid.key);
                kid.patterns = None;
                if !lazy {
                    n.state
                        .apply_into(&problem.perms[m], problem.modulus, &mut kid.state);
                    bounds.fill(&mut kid.key, &kid.state, budget);
                }
            }
        }
        let made = kids.allowed.len() as u64;
        if bounds.sym.is_some() {
            // The views of the children the whole-component tables let through: stepped (their
            // class words asked for), then located (their entries asked for), then read.
            for &(m, _) in &kids.allowed {
                let kid = &mut kids.nodes[m];
                let h = bounds.component_bound(&kid.key, budget);
                kid.patterns = Some(h);
                if h <= budget {
                    bounds.child_views(&n.key, m, &mut kid.key);
                }
            }
            for &(m, _) in &kids.allowed {
                let kid = &mut kids.nodes[m];
                if kid.patterns <= Some(budget) {
                    bounds.locate(&mut kid.key);
                }
            }
        }
        if lazy {
            // The children the patterns let through are made, their near-table slots asked for.
            for &(m, _) in &kids.allowed {
                let kid = &mut kids.nodes[m];
                let h = match kid.patterns {
                    Some(h) if h > budget => h,
                    Some(h) => h.max(bounds.views_bound(&kid.key, budget)),
                    None => bounds.pattern_bound(&kid.key, budget),
                };
                kid.patterns = Some(h);
                if h <= budget {
                    n.state
                        .apply_into(&problem.perms[m], problem.modulus, &mut kid.state);
                    bounds.fill(&mut kid.key, &kid.state, budget);
                }
            }
        }
        if bounds.near.canon().is_some() {
            // Their filter words were asked for: the representatives of those it may hold.
            for &(m, _) in &kids.allowed {
                let kid = &mut kids.nodes[m];
                bounds.resolve(&mut kid.key, &kid.state, &mut kids.canon);
            }
        }
        // The children the near table does not finish are bounded by their inverses too:
        // their views' coordinates made (class words asked for), located, then read.
        // (Not through a table without its last levels: most inverses then get its floor, and
        // the 15-move row lost more speed than it saved nodes: docs/engine.md, "Optimal search".)
        let inverse = bounds
            .sym
            .as_ref()
            .filter(|t| bounds.inverse && t.has_inverse() && t.table.whole);
        if inverse.is_some() && kids.inverse.len() < moves {
            kids.inverse.resize(moves, (n.state.clone(), 0));
        }
        kids.pending.clear();
        for &(m, q) in &kids.allowed {
            let kid = &kids.nodes[m];
            // (A fingerprint is never 0: a child without one was cut by the patterns.)
            if kid.key.f == 0 {
                continue;
            }
            let (h, exact) = bounds.of_after(&kid.state, &kid.key, budget, kid.patterns);
            if h > budget {
                continue;
            }
            match inverse {
                // Only a child the forward bounds let through by nothing is worth its inverse
                // (asking every child saved few nodes on the 16-move row:
                // docs/engine.md, "Optimal search").
                Some(t)
                    if !exact && h == budget && t.invert(&kid.state, &mut kids.inverse[m].0) =>
                {
                    kids.pending.push((m, q, true));
                }
                _ => kids.kept.push((m, q, exact)),
            }
        }
        if let Some(t) = inverse.filter(|_| !kids.pending.is_empty()) {
            // View by view, each child's entry asked for, then read: most are cut by the first,
            // and the others' conjugations are not made.
            for v in 0..t.views.len() {
                for &(m, _, alive) in &kids.pending {
                    if alive {
                        let (inv, entry) = &mut kids.inverse[m];
                        *entry = t.inverse_view(v, inv, &mut kids.scratch);
                    }
                }
                for (m, _, alive) in &mut kids.pending {
                    *alive = *alive && t.get(kids.inverse[*m].1 as usize) <= budget;
                }
            }
            for &(m, q, alive) in &kids.pending {
                if alive {
                    kids.kept.push((m, q, false));
                }
            }
            // (The children in the moves' order, as without the inverses.)
            kids.kept.sort_unstable_by_key(|k| k.0);
        }
        Expansion {
            kept: kids.kept.len(),
            made,
            next: threshold + 1,
        }
    }
}
