//! IDA* over the puzzle's states on every core, for one threshold at a time: the solver
//! (`solver.rs`) runs the thresholds and deepens its near table between them.
//!
//! The work is cut into the canonical sequences of the first two moves; threads take them in turn.
//! The answer is the first solution of the lowest-numbered sequence that has one, so it is the same
//! whatever the threads' timing (a thread drops a sequence numbered above one already solved).
//!
//! A node's children are made and their table slots prefetched before any is looked up, so that
//! the cache misses of one node overlap. A child whose distance the near table knows exactly is
//! not searched: the table's own walk finishes the sequence.

use crate::metric::PairPruner;
use crate::model::{Perm, State};
use crate::near_table::{fingerprint, NearTable};
use crate::pattern_db::PatternDb;
use crate::space::Coord;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::Instant;
use twisty::dist_table::depth::DepthTable;
use twisty::pruner::{PruneState, Pruner};

/// The search's lower bounds: the near table, pattern databases of whole components, and of
/// single coordinates.
pub struct Bounds {
    pub near: NearTable,
    pub patterns: Vec<PatternDb>,
    pub pdbs: Vec<(Coord, DepthTable)>,
}

/// Pattern databases of whole components a search uses at most (their coordinates ride along
/// in every node's [`Key`]).
pub const MAX_PATTERNS: usize = 2;

/// What a node's bounds are looked up by: its fingerprint (the near table) and the coordinates of
/// each pattern database, carried from parent to child by move tables.
#[derive(Clone, Copy, Default)]
pub struct Key {
    pub f: u64,
    pub pat: [[u32; 2]; MAX_PATTERNS],
}

impl Bounds {
    /// The key of a state, from scratch.
    pub fn key(&self, s: &State) -> Key {
        let mut k = Key {
            f: fingerprint(s),
            ..Key::default()
        };
        for (c, p) in k.pat.iter_mut().zip(&self.patterns) {
            *c = p.coords(s);
        }
        k
    }

    /// The pattern coordinates of the child by move `m` of the node of key `parent` (its
    /// fingerprint left 0: [`Bounds::fill`]); their entries are asked of the memory at once, to be
    /// there when they are read.
    #[inline]
    pub fn child_key(&self, parent: &Key, m: usize) -> Key {
        let mut k = Key {
            f: 0,
            pat: parent.pat,
        };
        for (c, p) in k.pat.iter_mut().zip(&self.patterns) {
            *c = p.step(*c, m);
            p.prefetch(p.index(*c));
        }
        k
    }

    /// Completes a key with the state's fingerprint (and asks the memory for its slot).
    #[inline]
    pub fn fill(&self, k: &mut Key, s: &State) {
        k.f = fingerprint(s);
        self.near.prefetch(k.f);
    }

    /// The pattern databases' bound alone.
    #[inline]
    pub fn pattern_bound(&self, k: &Key) -> u32 {
        let mut h = 0;
        for (p, &c) in self.patterns.iter().zip(&k.pat) {
            h = h.max(p.get(p.index(c)));
        }
        h
    }

    /// The bytes of the pattern databases.
    pub fn pattern_bytes(&self) -> u64 {
        let singles: u64 = self.pdbs.iter().map(|(c, _)| c.size as u64).sum();
        singles + self.patterns.iter().map(PatternDb::bytes).sum::<u64>()
    }

    /// A lower bound on the moves from `s` (fingerprint `f`) to the goal, and whether it is exact;
    /// once it passes `budget` the rest are not looked at (the node is cut either way). Most
    /// nodes are a few moves above the threshold, where only the near table can let them
    /// through, so the pattern databases are seldom asked.
    #[inline]
    pub fn of(&self, s: &State, k: &Key, budget: u32) -> (u32, bool) {
        let (mut h, exact) = self.near.bound(k.f);
        if exact || h > budget {
            return (h, exact);
        }
        let near = h;
        for (p, &c) in self.patterns.iter().zip(&k.pat) {
            h = h.max(p.get(p.index(c)));
            if h > budget {
                return (h, false);
            }
        }
        for (c, t) in &self.pdbs {
            // One that never says more than the near table is not asked.
            if t.distribution.len() as u32 <= near {
                continue;
            }
            h = h.max(t.get(c.value(s)).map_or(u32::MAX, u32::from));
            if h > budget {
                break;
            }
        }
        (h, false)
    }
}

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

/// Progress of a search, shared by its threads; reported by the calling thread.
pub struct Progress<'a> {
    pub nodes: AtomicU64,
    pub started: Instant,
    /// Seconds (as `f64` bits) at the last report.
    last: AtomicU64,
    pub report: &'a (dyn Fn(u32, u64, f64) + Sync),
}

/// Seconds between progress reports of a long search.
const REPORT_EVERY: f64 = 2.0;

impl<'a> Progress<'a> {
    pub fn new(report: &'a (dyn Fn(u32, u64, f64) + Sync)) -> Self {
        Progress {
            nodes: AtomicU64::new(0),
            started: Instant::now(),
            last: AtomicU64::new(0),
            report,
        }
    }

    /// Reports the end of an iteration, once the search has run long enough for reports.
    pub fn finished(&self, depth: u32) {
        let now = self.started.elapsed().as_secs_f64();
        if now >= REPORT_EVERY / 2.0 {
            self.last.store(now.to_bits(), Relaxed);
            (self.report)(depth, self.nodes.load(Relaxed), now);
        }
    }

    /// Reports when the last report is old enough.
    pub fn tick(&self, depth: u32) {
        let now = self.started.elapsed().as_secs_f64();
        if now - f64::from_bits(self.last.load(Relaxed)) >= REPORT_EVERY {
            self.last.store(now.to_bits(), Relaxed);
            (self.report)(depth, self.nodes.load(Relaxed), now);
        }
    }
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
) -> Iteration {
    let (h, exact) = bounds.of(start, &bounds.key(start), threshold);
    if h > threshold {
        return Iteration {
            solution: None,
            nodes: 1,
        };
    }
    if exact {
        if let Some(w) = bounds
            .near
            .walk(start, problem.perms, problem.modulus, problem.is_goal)
        {
            return Iteration {
                solution: Some(w),
                nodes: 1,
            };
        }
    }
    if threshold == 0 {
        return Iteration {
            solution: (problem.is_goal)(start).then(Vec::new),
            nodes: 1,
        };
    }
    // (On one thread there is nothing to share out: the root is the only work item, and the
    // first solution in its depth-first order is the one the prefixes would give.)
    let prefix = if threads == 1 { 0 } else { threshold.min(2) };
    let prefixes = prefixes(problem, start, prefix);
    let next = AtomicUsize::new(0);
    let best = AtomicUsize::new(usize::MAX);
    let found: Mutex<Option<(usize, Vec<usize>)>> = Mutex::new(None);
    let nodes = AtomicU64::new(0);
    let work = |main: bool| {
        let mut w = Worker {
            problem,
            bounds,
            threshold,
            best: &best,
            bufs: vec![vec![start.clone(); problem.perms.len()]; threshold as usize + 1],
            keys: vec![vec![Key::default(); problem.perms.len()]; threshold as usize + 1],
            path: Vec::new(),
            nodes: 0,
            item: 0,
            progress,
            main,
        };
        loop {
            let i = next.fetch_add(1, Relaxed);
            if i >= prefixes.len() || i > best.load(Relaxed) {
                break;
            }
            let (moves, state, p) = &prefixes[i];
            w.item = i;
            w.path.clone_from(moves);
            let g = moves.len() as u32;
            let key = bounds.key(state);
            let (h, exact) = bounds.of(state, &key, threshold - g);
            if g + h > threshold {
                continue;
            }
            let solved = if exact {
                match bounds
                    .near
                    .walk(state, problem.perms, problem.modulus, problem.is_goal)
                {
                    Some(rest) => {
                        w.path.extend(rest);
                        true
                    }
                    None => w.dfs(0, state, &key, g, *p),
                }
            } else if g == threshold {
                (problem.is_goal)(state)
            } else {
                w.dfs(0, state, &key, g, *p)
            };
            if solved {
                let mut f = found.lock().unwrap_or_else(|e| e.into_inner());
                if !matches!(*f, Some((j, _)) if j < i) {
                    *f = Some((i, w.path.clone()));
                }
                best.fetch_min(i, Relaxed);
            }
        }
        nodes.fetch_add(w.nodes, Relaxed);
        progress.nodes.fetch_add(w.nodes & 0xFFFF, Relaxed);
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(|| work(false));
        }
        work(true);
    });
    let solution = found
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .map(|(_, p)| p);
    Iteration {
        solution,
        nodes: nodes.load(Relaxed),
    }
}

/// The canonical sequences of `len` moves from `start`, with the states they reach.
fn prefixes(problem: &Problem, start: &State, len: u32) -> Vec<(Vec<usize>, State, PruneState)> {
    let mut out = vec![(Vec::new(), start.clone(), problem.pruner.start())];
    for _ in 0..len {
        let mut longer = Vec::new();
        for (moves, s, p) in &out {
            for m in 0..problem.perms.len() {
                if let Some(q) = problem.pruner.next(*p, m) {
                    let mut t = s.clone();
                    s.apply_into(&problem.perms[m], problem.modulus, &mut t);
                    let mut path = moves.clone();
                    path.push(m);
                    longer.push((path, t, q));
                }
            }
        }
        out = longer;
    }
    out
}

/// One thread's depth-first search.
struct Worker<'a> {
    problem: &'a Problem<'a>,
    bounds: &'a Bounds,
    threshold: u32,
    best: &'a AtomicUsize,
    /// The children of the node at each level, made before any is searched.
    bufs: Vec<Vec<State>>,
    keys: Vec<Vec<Key>>,
    path: Vec<usize>,
    nodes: u64,
    item: usize,
    progress: &'a Progress<'a>,
    /// The calling thread's worker, the one that reports.
    main: bool,
}

impl Worker<'_> {
    /// True (with the rest of the sequence on `path`) if `s`, `g` moves in, reaches the goal
    /// within the threshold; `level` is the buffer for its children.
    fn dfs(&mut self, level: usize, s: &State, key: &Key, g: u32, p: PruneState) -> bool {
        let problem = self.problem;
        let near = &self.bounds.near;
        let moves = problem.perms.len();
        let mut bufs = std::mem::take(&mut self.bufs[level]);
        let mut keys = std::mem::take(&mut self.keys[level]);
        let before = self.nodes;
        // With pattern databases, a child's coordinates come from move tables and most children
        // are cut by them alone: such a child's state and fingerprint are never made. Without,
        // every child is made first, so that its near-table slot is on its way.
        let lazy = !self.bounds.patterns.is_empty();
        for m in 0..moves {
            if problem.pruner.next(p, m).is_some() {
                keys[m] = self.bounds.child_key(key, m);
                if !lazy {
                    s.apply_into(&problem.perms[m], problem.modulus, &mut bufs[m]);
                    self.bounds.fill(&mut keys[m], &bufs[m]);
                }
                self.nodes += 1;
            }
        }
        if self.nodes >> 16 != before >> 16 {
            self.progress.nodes.fetch_add(0x10000, Relaxed);
            if self.main {
                self.progress.tick(self.threshold);
            }
        }
        let budget = self.threshold - g - 1;
        if lazy {
            // The children the patterns let through are made, their near-table slots asked for.
            for m in 0..moves {
                if problem.pruner.next(p, m).is_some()
                    && self.bounds.pattern_bound(&keys[m]) <= budget
                {
                    s.apply_into(&problem.perms[m], problem.modulus, &mut bufs[m]);
                    self.bounds.fill(&mut keys[m], &bufs[m]);
                }
            }
        }
        let mut solved = false;
        for m in 0..moves {
            let Some(q) = problem.pruner.next(p, m) else {
                continue;
            };
            // (A fingerprint is never 0: a child without one was cut by the patterns.)
            if keys[m].f == 0 {
                continue;
            }
            let child = &bufs[m];
            let (h, exact) = self.bounds.of(child, &keys[m], budget);
            if h > budget {
                continue;
            }
            self.path.push(m);
            if exact {
                if let Some(rest) =
                    near.walk(child, problem.perms, problem.modulus, problem.is_goal)
                {
                    self.path.extend(rest);
                    solved = true;
                    break;
                }
            }
            if g + 1 == self.threshold {
                if (problem.is_goal)(child) {
                    solved = true;
                    break;
                }
            } else if self.best.load(Relaxed) > self.item
                && self.dfs(level + 1, child, &keys[m], g + 1, q)
            {
                solved = true;
                break;
            }
            self.path.pop();
        }
        self.bufs[level] = bufs;
        self.keys[level] = keys;
        solved
    }
}
