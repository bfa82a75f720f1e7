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
    cube: [CubieCube; 3],
    inverse: [CubieCube; 3],
    /// Corner permutation parity (the same in every view).
    parity: u8,
}

/// What the search needs besides the table: moves as cubies in every view.
pub struct SliceSearch<'a> {
    coords: &'a SliceCoords,
    table: &'a PackedTable,
    /// `right[k][m]`: move `m` as axis `k` sees it; `left[k][m]`: its inverse, as axis `k` sees it.
    right: [[CubieCube; N_MOVES]; 3],
    left: [[CubieCube; N_MOVES]; 3],
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

/// A child on its way through [`SliceSearch::children`]: its move, views, pending look-ups and
/// whether its inverse bound is tight.
struct Kid {
    m: u8,
    node: Node,
    idx: [usize; 3],
    tight: bool,
}

impl<'a> SliceSearch<'a> {
    pub fn new(coords: &'a SliceCoords, table: &'a PackedTable) -> Self {
        let axes = Axes::new();
        let moves: Vec<CubieCube> = (0..N_MOVES).map(|m| CubieCube::SOLVED.apply(m)).collect();
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
            cube: std::array::from_fn(|k| axes.conjugate(c, k)),
            inverse: std::array::from_fn(|k| axes.conjugate(&inv, k)),
            parity: crate::coord::perm_parity(&c.cp),
        }
    }

    fn index(&self, c: &CubieCube, parity: u8) -> usize {
        self.coords
            .index(self.corner(c, parity), self.coords.edge(c))
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
    /// moves, `g` made, into `out`.
    fn children(&self, n: &Node, g: u8, bound: u8, last: usize, no_half: bool, out: &mut Vec<Kid>) {
        out.clear();
        let left_after = bound - g - 1;
        let coords = self.coords;
        for m in 0..N_MOVES {
            let face = m / 3;
            if face == last || (last < 6 && face + 3 == last) || (no_half && m % 3 == 1) {
                continue;
            }
            let parity = n.parity ^ (m % 3 != 1) as u8;
            let cube: [CubieCube; 3] =
                std::array::from_fn(|k| n.cube[k].multiply_proper(&self.right[k][m]));
            if left_after == 0 {
                if cube[0] == CubieCube::SOLVED {
                    let node = Node {
                        cube,
                        inverse: n.inverse,
                        parity,
                    };
                    out.push(Kid {
                        m: m as u8,
                        node,
                        idx: [0; 3],
                        tight: false,
                    });
                    return;
                }
                continue;
            }
            // The corners alone first: a small table, no cache miss.
            let corner: [usize; 3] = std::array::from_fn(|k| self.corner(&cube[k], parity));
            if corner.iter().any(|&c| coords.corner_depth[c] > left_after) {
                continue;
            }
            let idx: [usize; 3] =
                std::array::from_fn(|k| coords.index(corner[k], coords.edge(&cube[k])));
            for &i in &idx {
                self.table.prefetch(i);
            }
            let node = Node {
                cube,
                inverse: n.inverse,
                parity,
            };
            out.push(Kid {
                m: m as u8,
                node,
                idx,
                tight: false,
            });
        }
        if left_after == 0 {
            return;
        }
        out.retain_mut(|kid| {
            if kid.idx.iter().any(|&i| self.table.get(i) > left_after) {
                return false;
            }
            let (m, parity) = (kid.m as usize, kid.node.parity);
            let inverse: [CubieCube; 3] =
                std::array::from_fn(|k| self.left[k][m].multiply_proper(&n.inverse[k]));
            let corner: [usize; 3] = std::array::from_fn(|k| self.corner(&inverse[k], parity));
            if corner.iter().any(|&c| coords.corner_depth[c] > left_after) {
                return false;
            }
            kid.idx = std::array::from_fn(|k| coords.index(corner[k], coords.edge(&inverse[k])));
            for &i in &kid.idx {
                self.table.prefetch(i);
            }
            kid.node.inverse = inverse;
            true
        });
        out.retain_mut(|kid| {
            let h = kid
                .idx
                .iter()
                .map(|&i| self.table.get(i))
                .max()
                .unwrap_or(0);
            kid.tight = h == left_after;
            h <= left_after
        });
    }

    #[inline]
    fn corner(&self, c: &CubieCube, parity: u8) -> usize {
        let x = self.coords.corner_unparitied(c);
        if self.coords.shape.parity {
            x * 2 + parity as usize
        } else {
            x
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
            return n.cube[0] == CubieCube::SOLVED;
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
            if self.dfs(
                &kid.node,
                g + 1,
                bound,
                kid.m as usize / 3,
                kid.tight,
                path,
                w,
            ) {
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
            self.prefixes(
                &kid.node,
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
