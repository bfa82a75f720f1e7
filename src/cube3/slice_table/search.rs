//! IDA* on the slice table: each node is bounded by six look-ups (the cube and its inverse, each
//! seen along the three axes), the children's look-ups issued together so that their cache misses
//! overlap, and one cube's search split over threads by its first moves.
//!
//! - A node carries the cube and its inverse conjugated onto each axis (`URF3^k c URF3^-k`), so a
//!   child costs one cubie product per view and never an inversion: a move `m` multiplies the cube
//!   on the right and the inverse on the left (a premove).
//! - Children are made in three passes: every child's three cube look-ups asked for (prefetch),
//!   then read; the survivors' three inverse look-ups asked for, then read.
//! - Tight bound: when a child's inverse bound is exactly the moves left, its next move is not a
//!   half turn. Its last move, seen from the inverse, would be that half turn, which lies in the
//!   table's group, so the inverse would reach the group a move sooner than its exact distance.
//! - Threads: the search at each depth is split into tasks, the cube after each allowed sequence of
//!   three moves, taken in order (those that visited most nodes at the depth before first). The
//!   answer is the first task's solution in that order, whatever the number of threads: a task
//!   stops early only when an earlier task has found one.

use super::coords::SliceCoords;
use super::fast_cube::FastCube;
use super::packed::PackedTable;
use crate::cube3::cubie::{CubieCube, N_MOVES};
use crate::cube3::symmetry::Axes;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Moves in a task's prefix.
const PREFIX: usize = 3;
/// Nodes between two looks at whether an earlier task has finished the search.
const POLL: u64 = 1 << 12;

/// A search node's views: the cube and its inverse along each axis.
#[derive(Clone, Copy)]
struct Node {
    cube: [FastCube; 3],
    inverse: [FastCube; 3],
    /// Corner permutation parity (the same in every view).
    parity: u8,
}

/// What the search needs besides the table: moves as cubies in every view.
pub struct SliceSearch<'a> {
    coords: &'a SliceCoords,
    table: &'a PackedTable,
    /// `right[k][m]`: move `m` as axis `k` sees it; `left[k][m]`: its inverse, as axis `k` sees it.
    right: [[FastCube; N_MOVES]; 3],
    left: [[FastCube; N_MOVES]; 3],
}

/// One task's share of a depth.
struct Task {
    node: Node,
    path: Vec<u8>,
    no_half: bool,
}

/// A worker's running state.
struct Worker<'s> {
    task: usize,
    best: &'s AtomicUsize,
    nodes: u64,
    stopped: bool,
    /// Children per depth, kept between nodes so that no node allocates.
    kids: Vec<Vec<Kid>>,
}

/// A child that passed [`SliceSearch::children`]: its move, and whether its inverse bound is
/// tight.
struct Kid {
    m: u8,
    tight: bool,
}

impl<'a> SliceSearch<'a> {
    pub fn new(coords: &'a SliceCoords, table: &'a PackedTable) -> Self {
        let axes = Axes::new();
        let moves: Vec<FastCube> = (0..N_MOVES)
            .map(|m| FastCube::from_cubie(&CubieCube::SOLVED.apply(m)))
            .collect();
        let inverse = |m: usize| m / 3 * 3 + 2 - m % 3;
        let right = std::array::from_fn(|k| std::array::from_fn(|m| moves[axes.forward[k][m]]));
        let left =
            std::array::from_fn(|k| std::array::from_fn(|m| moves[axes.forward[k][inverse(m)]]));
        let _ = axes;
        SliceSearch {
            coords,
            table,
            right,
            left,
        }
    }

    fn root(&self, c: &CubieCube) -> Node {
        let axes = Axes::new();
        let inv = c.inverse();
        Node {
            cube: std::array::from_fn(|k| FastCube::from_cubie(&axes.conjugate(c, k))),
            inverse: std::array::from_fn(|k| FastCube::from_cubie(&axes.conjugate(&inv, k))),
            parity: crate::coord::perm_parity(&c.cp),
        }
    }

    fn index(&self, c: &FastCube, parity: u8) -> usize {
        let class_sym = self.coords.view_class_sym(c, parity);
        self.coords.view_index(c, class_sym)
    }

    /// The largest of the six bounds of `n`.
    pub fn bound_of(&self, c: &CubieCube) -> u8 {
        let n = self.root(c);
        let all = n.cube.iter().chain(n.inverse.iter());
        all.map(|v| self.table.get(self.index(v, n.parity)))
            .max()
            .unwrap_or(0)
    }

    /// An optimal solution of `c` (face turns) on `threads` threads, and the nodes visited;
    /// `progress(depth, nodes)` hears of each depth finished.
    pub fn solve(
        &self,
        c: &CubieCube,
        threads: usize,
        mut progress: impl FnMut(u8, u64),
    ) -> (Vec<usize>, u64) {
        if *c == CubieCube::SOLVED {
            return (Vec::new(), 0);
        }
        let root = self.root(c);
        let mut total = 0;
        let mut previous: HashMap<Vec<u8>, u64> = HashMap::new();
        for bound in self.bound_of(c).max(1)..=20 {
            let (found, nodes) = if bound as usize <= PREFIX + 1 {
                let best = AtomicUsize::new(usize::MAX);
                let mut w = Worker::new(0, &best);
                let mut path = Vec::new();
                let found = self.dfs(&root, 0, bound, 6, false, &mut path, &mut w);
                (found.then_some(path), w.nodes)
            } else {
                self.split(&root, bound, threads, &mut previous)
            };
            total += nodes;
            progress(bound, total);
            if let Some(path) = found {
                return (path.iter().map(|&m| m as usize).collect(), total);
            }
        }
        unreachable!("every 3x3x3 is solved in 20 moves")
    }

    /// Depth `bound` over tasks on `threads` threads.
    fn split(
        &self,
        root: &Node,
        bound: u8,
        threads: usize,
        previous: &mut HashMap<Vec<u8>, u64>,
    ) -> (Option<Vec<u8>>, u64) {
        let mut tasks = Vec::new();
        let mut path = Vec::new();
        self.prefixes(root, 0, bound, 6, false, &mut path, &mut tasks);
        // Busiest first (a stable sort: ties keep the move order), as nissy does.
        tasks.sort_by_key(|t| std::cmp::Reverse(previous.get(&t.path).copied().unwrap_or(0)));
        let next = AtomicUsize::new(0);
        let best = AtomicUsize::new(usize::MAX);
        let answer: Mutex<Option<(usize, Vec<u8>)>> = Mutex::new(None);
        let counts: Vec<AtomicU64> = tasks.iter().map(|_| AtomicU64::new(0)).collect();
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                scope.spawn(|| loop {
                    let t = next.fetch_add(1, Ordering::Relaxed);
                    if t >= tasks.len() || t > best.load(Ordering::Relaxed) {
                        break;
                    }
                    let task = &tasks[t];
                    let mut w = Worker::new(t, &best);
                    let mut path = task.path.clone();
                    let depth = path.len() as u8;
                    let last = path.last().map_or(6, |&m| m as usize / 3);
                    if self.dfs(
                        &task.node,
                        depth,
                        bound,
                        last,
                        task.no_half,
                        &mut path,
                        &mut w,
                    ) {
                        let mut a = answer.lock().unwrap_or_else(|e| e.into_inner());
                        if a.as_ref().map_or(true, |(k, _)| t < *k) {
                            *a = Some((t, path));
                        }
                        best.fetch_min(t, Ordering::Relaxed);
                    }
                    counts[t].store(w.nodes, Ordering::Relaxed);
                });
            }
        });
        let nodes = counts.iter().map(|c| c.load(Ordering::Relaxed)).sum();
        *previous = tasks
            .iter()
            .zip(&counts)
            .map(|(t, c)| (t.path.clone(), c.load(Ordering::Relaxed)))
            .collect();
        let found = answer.into_inner().unwrap_or_else(|e| e.into_inner());
        (found.map(|(_, p)| p), nodes)
    }

    /// The children of `n` (after a move of face `last`) that may lie on a solution of `bound`
    /// moves, `g` made, into `out`. Only moves and look-up indices travel between the passes; a
    /// child's views are made again, by six cheap products, once it has passed them all.
    fn children(&self, n: &Node, g: u8, bound: u8, last: usize, no_half: bool, out: &mut Vec<Kid>) {
        out.clear();
        let left_after = bound - g - 1;
        let coords = self.coords;
        let mut pending = [(0u8, [0usize; 3]); N_MOVES];
        let mut count = 0;
        for m in 0..N_MOVES {
            let face = m / 3;
            if face == last || (last < 6 && face + 3 == last) || (no_half && m % 3 == 1) {
                continue;
            }
            let parity = n.parity ^ (m % 3 != 1) as u8;
            if left_after == 0 {
                if n.cube[0].multiply(&self.right[0][m]).is_solved() {
                    out.push(Kid {
                        m: m as u8,
                        tight: false,
                    });
                    return;
                }
                continue;
            }
            // The corners alone first (a table of 20 KB), then the look-ups asked for.
            let mut idx = [0; 3];
            if !(0..3).all(|k| {
                let view = n.cube[k].multiply(&self.right[k][m]);
                let cs = coords.view_class_sym(&view, parity);
                idx[k] = coords.view_index(&view, cs);
                coords.corner_depth[cs >> 4] <= left_after
            }) {
                continue;
            }
            for &i in &idx {
                self.table.prefetch(i);
            }
            pending[count] = (m as u8, idx);
            count += 1;
        }
        // The cube's bounds read; the survivors' inverse look-ups asked for.
        let mut inverse = 0;
        for p in 0..count {
            let (m, idx) = pending[p];
            if idx.iter().any(|&i| self.table.get(i) > left_after) {
                continue;
            }
            let parity = n.parity ^ (m % 3 != 1) as u8;
            let mut idx = [0; 3];
            if !(0..3).all(|k| {
                let view = self.left[k][m as usize].multiply(&n.inverse[k]);
                let cs = coords.view_class_sym(&view, parity);
                idx[k] = coords.view_index(&view, cs);
                coords.corner_depth[cs >> 4] <= left_after
            }) {
                continue;
            }
            for &i in &idx {
                self.table.prefetch(i);
            }
            pending[inverse] = (m, idx);
            inverse += 1;
        }
        for &(m, idx) in &pending[..inverse] {
            let h = idx.iter().map(|&i| self.table.get(i)).max().unwrap_or(0);
            if h <= left_after {
                out.push(Kid {
                    m,
                    tight: h == left_after,
                });
            }
        }
    }

    /// Node `n` after move `m`: every view moved.
    #[inline]
    fn child(&self, n: &Node, m: usize) -> Node {
        Node {
            cube: std::array::from_fn(|k| n.cube[k].multiply(&self.right[k][m])),
            inverse: std::array::from_fn(|k| self.left[k][m].multiply(&n.inverse[k])),
            parity: n.parity ^ (m % 3 != 1) as u8,
        }
    }

    /// Depth-first search below `n`: true with the solution in `path`.
    #[allow(clippy::too_many_arguments)]
    fn dfs(
        &self,
        n: &Node,
        g: u8,
        bound: u8,
        last: usize,
        no_half: bool,
        path: &mut Vec<u8>,
        w: &mut Worker,
    ) -> bool {
        if g == bound {
            return n.cube[0].is_solved();
        }
        w.nodes += 1;
        if w.nodes % POLL == 0 && w.best.load(Ordering::Relaxed) < w.task {
            w.stopped = true;
        }
        if w.stopped {
            return false;
        }
        let mut kids = std::mem::take(&mut w.kids[g as usize]);
        self.children(n, g, bound, last, no_half, &mut kids);
        let mut found = false;
        for kid in &kids {
            path.push(kid.m);
            let child = self.child(n, kid.m as usize);
            if self.dfs(&child, g + 1, bound, kid.m as usize / 3, kid.tight, path, w) {
                found = true;
                break;
            }
            path.pop();
        }
        w.kids[g as usize] = kids;
        found
    }

    /// The nodes `PREFIX` moves below the root that may lie on a solution of `bound` moves.
    #[allow(clippy::too_many_arguments)]
    fn prefixes(
        &self,
        n: &Node,
        g: u8,
        bound: u8,
        last: usize,
        no_half: bool,
        path: &mut Vec<u8>,
        out: &mut Vec<Task>,
    ) {
        if g as usize == PREFIX {
            out.push(Task {
                node: *n,
                path: path.clone(),
                no_half,
            });
            return;
        }
        let mut kids = Vec::new();
        self.children(n, g, bound, last, no_half, &mut kids);
        for kid in &kids {
            path.push(kid.m);
            let child = self.child(n, kid.m as usize);
            self.prefixes(
                &child,
                g + 1,
                bound,
                kid.m as usize / 3,
                kid.tight,
                path,
                out,
            );
            path.pop();
        }
    }
}

impl<'s> Worker<'s> {
    fn new(task: usize, best: &'s AtomicUsize) -> Self {
        Worker {
            task,
            best,
            nodes: 0,
            stopped: false,
            kids: (0..=20).map(|_| Vec::with_capacity(N_MOVES)).collect(),
        }
    }
}
