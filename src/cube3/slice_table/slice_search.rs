//! IDA* on the slice table: each node is bounded by six look-ups (the cube and its inverse, each
//! seen along the three axes), the children's look-ups issued together so that their cache misses
//! overlap, and one cube's search split over threads by its first moves. Where the table keeps no
//! flips every axis sees the same distance, and two look-ups do, with the other axes asked only
//! where an entry read its line's least value.
//!
//! - A node carries the cube and its inverse conjugated onto each axis (`URF3^k c URF3^-k`), so a
//!   child costs one cubie product per view and never an inversion: a move `m` multiplies the cube
//!   on the right and the inverse on the left (a premove).
//! - Children are made in three passes: every child's three cube look-ups asked for (prefetch),
//!   then read; the survivors' three inverse look-ups asked for, then read.
//! - Tight bound: when a child's inverse bound is exactly the moves left, its next move is not a
//!   half turn. Its last move, seen from the inverse, would be that half turn, which lies in the
//!   table's group, so the inverse would reach the group a move sooner than its exact distance.
//! - Threads: the library's search ([`crate::search::parallel`]) splits each depth into tasks, the
//!   cube after each allowed sequence of three moves, busiest first; the answer is the same on any
//!   number of threads.

use super::coords::SliceCoords;
use super::fast_cube::FastCube;
use super::line_table::LineTable;
use crate::cube3::cubie::{CubieCube, N_MOVES};
use crate::cube3::symmetry::Axes;
use crate::search::parallel::{first_in_iteration, Parallel, TaskHistory};
use crate::search::{Child, Expansion, SearchTree};

/// Moves in a task's prefix.
const PREFIX: u32 = 3;

/// A search node's views: the cube and its inverse along each axis.
#[derive(Clone, Copy)]
pub struct Node {
    cube: [FastCube; 3],
    inverse: [FastCube; 3],
    /// Corner permutation parity (the same in every view).
    parity: u8,
}

/// What the path says of the next move: the last face turned (6: none), and whether a half turn
/// is barred (the tight-bound rule).
#[derive(Clone, Copy)]
pub struct Last {
    face: u8,
    no_half: bool,
}

/// What the search needs besides the table: moves as cubies in every view.
pub struct SliceSearch<'a> {
    coords: &'a SliceCoords,
    table: &'a LineTable,
    /// `right[k][m]`: move `m` as axis `k` sees it; `left[k][m]`: its inverse, as axis `k` sees it.
    right: [[FastCube; N_MOVES]; 3],
    left: [[FastCube; N_MOVES]; 3],
    /// The table keeps no flips: the group and the parity look the same along every axis, so the
    /// three views' distances are equal (the tests check it) and differ only where an entry at or
    /// below the base reads its line's least value. The other axes are then looked up only there.
    same_axes: bool,
}

/// A child that passed [`SliceSearch::children`]: its move, and whether its inverse bound is
/// tight.
#[derive(Clone, Copy)]
struct Kid {
    m: u8,
    tight: bool,
}

/// One depth's children: the survivors' moves, then their nodes, made once they passed.
#[derive(Default)]
pub struct Kids {
    kids: Vec<Kid>,
    nodes: Vec<Node>,
}

impl<'a> SliceSearch<'a> {
    pub fn new(coords: &'a SliceCoords, table: &'a LineTable) -> Self {
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
            same_axes: !coords.shape.flips,
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

    /// The largest of the six bounds of `c`.
    pub fn bound_of(&self, c: &CubieCube) -> u8 {
        self.bound(&self.root(c)) as u8
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
        let mut history = TaskHistory::default();
        let how = Parallel {
            threads,
            split: PREFIX,
            busiest_first: true,
            tick: None,
        };
        for bound in self.bound_of(c).max(1)..=20 {
            let it = first_in_iteration(self, &root, bound as u32, &how, &mut history);
            total += it.nodes;
            progress(bound, total);
            if let Some(path) = it.solution {
                return (path, total);
            }
        }
        unreachable!("every 3x3x3 is solved in 20 moves")
    }

    /// The children of `n` (after a move of face `last`) that may lie on a solution of `bound`
    /// moves, `g` made, into `out`. Only moves and look-up indices travel between the passes; a
    /// child's views are made again, by six cheap products, once it has passed them all.
    fn children(&self, n: &Node, g: u8, bound: u8, last: usize, no_half: bool, out: &mut Vec<Kid>) {
        out.clear();
        let left_after = bound - g - 1;
        if left_after == 0 {
            return self.solving_move(n, last, no_half, out);
        }
        if self.same_axes {
            return self.children_one_axis(n, left_after, last, no_half, out);
        }
        let coords = self.coords;
        let mut pending = [(0u8, [0usize; 3]); N_MOVES];
        let mut count = 0;
        for m in 0..N_MOVES {
            if !allowed(m, last, no_half) {
                continue;
            }
            let parity = n.parity ^ (m % 3 != 1) as u8;
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

    /// [`SliceSearch::children`] where every axis sees the same distance: the cube and the inverse
    /// along the first axis, asked for together; then, only for a side whose entry read its line's
    /// least value, the other two axes (other lines, whose least values may say more).
    fn children_one_axis(
        &self,
        n: &Node,
        left_after: u8,
        last: usize,
        no_half: bool,
        out: &mut Vec<Kid>,
    ) {
        let (coords, table) = (self.coords, self.table);
        // Per child: its move, its six indices (cube axes 0..3, inverse axes 3..6), and which
        // sides need their other axes.
        let mut pending = [(0u8, [0usize; 6], false, false); N_MOVES];
        let mut count = 0;
        let view = |m: usize, k: usize| {
            if k < 3 {
                n.cube[k].multiply(&self.right[k][m])
            } else {
                self.left[k - 3][m].multiply(&n.inverse[k - 3])
            }
        };
        // The index of view `k` of the child by `m`, asked for; None when its corners alone
        // already put it beyond `left_after`.
        let ask = |m: usize, k: usize| {
            let parity = n.parity ^ (m % 3 != 1) as u8;
            let v = view(m, k);
            let cs = coords.view_class_sym(&v, parity);
            if coords.corner_depth[cs >> 4] > left_after {
                return None;
            }
            let i = coords.view_index(&v, cs);
            table.prefetch(i);
            Some(i)
        };
        for m in 0..N_MOVES {
            if !allowed(m, last, no_half) {
                continue;
            }
            let mut idx = [0; 6];
            match (ask(m, 0), ask(m, 3)) {
                (Some(c), Some(i)) => {
                    idx[0] = c;
                    idx[3] = i;
                }
                _ => continue,
            }
            pending[count] = (m as u8, idx, false, false);
            count += 1;
        }
        // The first axis read; where it read a line's least value, the other axes asked for.
        let mut kept = 0;
        for p in 0..count {
            let (m, mut idx, _, _) = pending[p];
            let (c, c_least) = table.get_and_whether_least(idx[0]);
            let (i, i_least) = table.get_and_whether_least(idx[3]);
            if c > left_after || i > left_after {
                continue;
            }
            let mut all = true;
            for (side, least) in [(0, c_least), (3, i_least)] {
                for k in side + 1..side + 3 {
                    if least {
                        match ask(m as usize, k) {
                            Some(x) => idx[k] = x,
                            None => all = false,
                        }
                    }
                }
            }
            if all {
                pending[kept] = (m, idx, c_least, i_least);
                kept += 1;
            }
        }
        for &(m, idx, c_least, i_least) in &pending[..kept] {
            let side = |first: usize, least: bool| {
                let axes = if least { 3 } else { 1 };
                (first..first + axes)
                    .map(|k| table.get(idx[k]))
                    .max()
                    .unwrap_or(0)
            };
            let (c, i) = (side(0, c_least), side(3, i_least));
            if c <= left_after && i <= left_after {
                out.push(Kid {
                    m,
                    tight: i == left_after,
                });
            }
        }
    }

    /// With one move left: the move that solves `n`, if any.
    fn solving_move(&self, n: &Node, last: usize, no_half: bool, out: &mut Vec<Kid>) {
        let solves = |m: usize| n.cube[0].multiply(&self.right[0][m]).is_solved();
        if let Some(m) = (0..N_MOVES).find(|&m| allowed(m, last, no_half) && solves(m)) {
            out.push(Kid {
                m: m as u8,
                tight: false,
            });
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
}

/// Whether move `m` may follow a move of face `last` (6: none): not the same face, not the
/// opposite face in the other order, and not a half turn where the tight-bound rule bars it.
#[inline]
fn allowed(m: usize, last: usize, no_half: bool) -> bool {
    let face = m / 3;
    !(face == last || (last < 6 && face + 3 == last) || (no_half && m % 3 == 1))
}

impl SearchTree for SliceSearch<'_> {
    type Node = Node;
    type Pruning = Last;
    type Children = Kids;
    const UNIT_COSTS: bool = true;

    fn start(&self) -> Last {
        Last {
            face: 6,
            no_half: false,
        }
    }

    fn bound(&self, n: &Node) -> u32 {
        let all = n.cube.iter().chain(n.inverse.iter());
        all.map(|v| self.table.get(self.index(v, n.parity)) as u32)
            .max()
            .unwrap_or(0)
    }

    #[inline]
    fn is_goal(&self, n: &Node) -> bool {
        n.cube[0].is_solved()
    }

    #[inline]
    fn expand(&self, n: &Node, last: Last, g: u32, bound: u32, kids: &mut Kids) -> Expansion {
        self.children(
            n,
            g as u8,
            bound as u8,
            last.face as usize,
            last.no_half,
            &mut kids.kids,
        );
        kids.nodes.clear();
        for k in &kids.kids {
            kids.nodes.push(self.child(n, k.m as usize));
        }
        // (Counted as the nodes searched: the children kept.)
        Expansion::unit(kids.kids.len(), bound)
    }

    #[inline]
    fn child<'k>(&self, kids: &'k Kids, i: usize) -> Child<'k, Node, Last> {
        let k = kids.kids[i];
        let last = Last {
            face: k.m / 3,
            no_half: k.tight,
        };
        Child::new(k.m as usize, &kids.nodes[i], last)
    }
}
