//! IDA* on the slice table: each node bounded by the cube and its inverse (each seen along the
//! three axes where the table keeps flips and for vcube's, along one where it is reduced by all 48
//! symmetries),
//! the children's look-ups issued together so that their cache misses overlap (the `children` module), and
//! one cube's search split over threads by its first moves.
//!
//! - A node carries both sides conjugated onto each axis (`URF3^k c URF3^-k`), so a child costs
//!   one cubie product per view and never an inversion: a move multiplies the side that moves on
//!   the right and premoves the other by its inverse.
//! - Tight bound: when the other side's bound along an axis is exactly the moves left, the next
//!   move is not one that lies in that axis's view of the table's group (the half turns for the
//!   slices' groups, which hold them all; the axis's own face turns for the layers' group). Seen
//!   from the other side it would be the last move, so that side would reach the group a move
//!   sooner than its bound. Which moves lie in each view's group is read from the coordinates
//!   ([`SliceSearch::keeps`]), not assumed.
//! - NISS: on the tables read along three axes the side with fewer moves to try moves (vcube's
//!   choice; on a tie, the higher bound sum); on the one-axis tables the sides swap where the
//!   moving side is tight and the other is not, so that the rule bars moves. The solution is the
//!   cube's moves, then the inverse's reversed and inverted.
//! - A child keeps the other side's bound along each axis whose group holds its move: premoving
//!   by a member of the group leaves that side's coset as it was.
//! - Last move (nxopt's and vcube's rule, for groups that hold every face turn along some axis,
//!   as the layers' group holds U and D): a side's solution ends in a move of some axis's group,
//!   so it is at least one longer than that axis's distance, and so than the least of the three.
//!   A side's bound is the largest of its three, or the least plus one where that is more.
//! - Threads: the library's search ([`crate::search::parallel`]) splits each depth into tasks, the
//!   cube after each allowed sequence of three moves, busiest first; the answer is the same on any
//!   number of threads.

use super::coords::SliceCoords;
use super::edge_fallback::EdgeFallback;
use super::fast_cube::FastCube;
use crate::cube3::cubie::{inverse_move, CubieCube, N_MOVES};
use crate::cube3::symmetry::Axes;
use crate::dist_table::line_table::LineTable;
use crate::search::parallel::{first_in_iteration, Parallel, TaskHistory};
use crate::search::{deepen, Child, Expansion, SearchTree, Step};

/// Moves in a task's prefix: nissy's four on the tables read along one axis, where the finer
/// tasks let the busiest-first order find the last depth's solution sooner (25 of nissy's 16-move
/// scrambles: 30 % fewer nodes on the 113 MB table, a quarter less time; 25 17-move ones on the
/// 664 MB table, 11 % fewer); three on those read along three, where four searched more (25
/// 17-move scrambles on the 2.6 GB table: 22 % more nodes): docs/performance.md.
const PREFIX_ONE_AXIS: u32 = 4;
const PREFIX_THREE_AXES: u32 = 3;

/// A search node: the side whose moves the search chooses, and the other side, each along the
/// three axes. Either side may be the cube or its inverse (NISS): a move multiplies the moving
/// side on the right and premoves the other by its inverse, and swapping the two is free.
#[derive(Clone, Copy)]
pub struct Node {
    moving: [FastCube; 3],
    other: [FastCube; 3],
    /// Corner permutation parity (the same in every view, and on both sides).
    parity: u8,
    /// The sides' bounds along each axis as looked up when the node was made.
    h_moving: [u8; 3],
    h_other: [u8; 3],
    /// Whether `moving` is the inverse of the cube being solved.
    inverted: bool,
}

/// What the path says of the next move: the last face turned on the cube's side and on the
/// inverse's (6: none). The two sides' moves end up apart in the solution (the cube's first, the
/// inverse's reversed after them), so each side keeps its own.
#[derive(Clone, Copy)]
pub struct Last {
    faces: [u8; 2],
}

/// What the search needs besides the table: moves as cubies in every view.
pub struct SliceSearch<'a> {
    pub(super) coords: &'a SliceCoords,
    pub(super) table: &'a LineTable,
    /// `right[k][m]`: move `m` as axis `k` sees it; `left[k][m]`: its inverse, as axis `k` sees it.
    pub(super) right: [[FastCube; N_MOVES]; 3],
    pub(super) left: [[FastCube; N_MOVES]; 3],
    /// The table keeps no flips: the group and the parity look the same along every axis, so the
    /// three views' distances are equal (the tests check it) and differ only where an entry at or
    /// below the base reads its line's least value. The other axes are then looked up only there.
    pub(super) same_axes: bool,
    /// The table is reduced by all 48 symmetries: the three views are one entry, so the other
    /// axes are never asked.
    pub(super) one_view: bool,
    /// Asked where an entry stands at or below the table's base (its line's least value), on
    /// tables without flips.
    pub(super) fallback: Option<&'a EdgeFallback>,
    /// `keeps[k]`, bit `m`: move `m` lies in the group as axis `k` sees it, so premoving a side
    /// by it leaves that view's entry as it was, and it cannot end a side's solution whose bound
    /// along `k` is tight.
    pub(super) keeps: [u32; 3],
    /// The same by move: bit `k` of `kept_views[m]` is bit `m` of `keeps[k]`.
    pub(super) kept_views: [u8; N_MOVES],
    /// Every move lies in some axis's group: the last-move rule holds ([`SliceSearch::side`]).
    last_move: bool,
}

/// A child that passed [`SliceSearch::children`]: its move and its two sides' bounds.
#[derive(Clone, Copy)]
pub(super) struct Kid {
    pub(super) m: u8,
    pub(super) h_moving: [u8; 3],
    pub(super) h_other: [u8; 3],
}

/// One depth's children: the survivors' moves, then their nodes, made once they passed.
#[derive(Default)]
pub struct Kids {
    kids: Vec<Kid>,
    nodes: Vec<Node>,
    /// Whether the children moved the inverse, and the faces the path had turned before them.
    inverted: bool,
    faces: [u8; 2],
}

/// Inputs of one expansion: the two sides (after any swap), the other side's bound, the moves
/// left after the child's, and what the path allows.
pub(super) struct Parent<'n> {
    pub(super) a: &'n [FastCube; 3],
    pub(super) b: &'n [FastCube; 3],
    pub(super) parity: u8,
    pub(super) h_b: [u8; 3],
    pub(super) left_after: u8,
    pub(super) last: usize,
    /// Moves the tight-bound rule bars (bit `m`).
    pub(super) barred: u32,
}

impl<'a> SliceSearch<'a> {
    pub fn new(
        coords: &'a SliceCoords,
        table: &'a LineTable,
        fallback: Option<&'a EdgeFallback>,
    ) -> Self {
        let axes = Axes::new();
        let moves: Vec<FastCube> = (0..N_MOVES)
            .map(|m| FastCube::from_cubie(&CubieCube::SOLVED.apply(m)))
            .collect();
        let right = std::array::from_fn(|k| std::array::from_fn(|m| moves[axes.forward[k][m]]));
        let left = std::array::from_fn(|k| {
            std::array::from_fn(|m| moves[axes.forward[k][inverse_move(m)]])
        });
        // A move lies in axis k's view of the group when the view of its cube has the solved
        // cube's index (the coordinates are functions of the coset: `coords` tests).
        let goal = coords.index_of(&CubieCube::SOLVED);
        let keeps = std::array::from_fn(|k| {
            (0..N_MOVES)
                .filter(|&m| {
                    let cube = CubieCube::SOLVED.apply(axes.forward[k][m]);
                    coords.index_of(&cube) == goal
                })
                .fold(0, |bits, m| bits | 1 << m)
        });
        // The one-axis look-ups (`children`) assume the slices' groups: every half turn, on
        // every axis.
        let halves = (0..N_MOVES)
            .filter(|&m| is_half(m))
            .fold(0, |b, m| b | 1 << m);
        assert!(coords.shape.layers() || keeps == [halves; 3], "{:?}", keeps);
        SliceSearch {
            coords,
            table,
            right,
            left,
            same_axes: !coords.shape.flips() && !coords.shape.layers(),
            one_view: coords.shape.all_syms(),
            fallback,
            keeps,
            kept_views: std::array::from_fn(|m| {
                (0..3).fold(0, |b, k| b | ((keeps[k] >> m & 1) as u8) << k)
            }),
            last_move: keeps[0] | keeps[1] | keeps[2] == (1 << N_MOVES) - 1,
        }
    }

    /// Which moves lie in each axis's view of the table's group (bit `m` of entry `k`).
    pub fn keeps(&self) -> [u32; 3] {
        self.keeps
    }

    fn root(&self, c: &CubieCube) -> Node {
        let axes = Axes::new();
        let inv = c.inverse();
        let parity = crate::coord::perm_parity(&c.cp);
        let moving = std::array::from_fn(|k| FastCube::from_cubie(&axes.conjugate(c, k)));
        let other = std::array::from_fn(|k| FastCube::from_cubie(&axes.conjugate(&inv, k)));
        Node {
            moving,
            other,
            parity,
            h_moving: self.side_bound(&moving, parity),
            h_other: self.side_bound(&other, parity),
            inverted: false,
        }
    }

    fn index(&self, c: &FastCube, parity: u8) -> usize {
        let class_sym = self.coords.view_class_sym(c, parity);
        self.coords.view_index(c, class_sym)
    }

    /// One side's bounds along the three axes, each at least the edges' (the same on every
    /// axis).
    fn side_bound(&self, views: &[FastCube; 3], parity: u8) -> [u8; 3] {
        let edges = self.fallback.map_or(0, |f| f.bound(self.coords, &views[0]));
        views.map(|v| self.table.get(self.index(&v, parity)).max(edges))
    }

    /// The largest of the six bounds of `c`.
    pub fn bound_of(&self, c: &CubieCube) -> u8 {
        self.bound(&self.root(c)) as u8
    }

    /// A side's bound from its three: the largest, and with the last-move rule at least the
    /// least plus one (but 0 where all three are: the side may be solved).
    #[inline]
    pub(super) fn side(&self, h: [u8; 3]) -> u8 {
        let most = most(h);
        if self.last_move && most > 0 {
            most.max(h[0].min(h[1]).min(h[2]) + 1)
        } else {
            most
        }
    }

    /// The moves the tight-bound rule bars when the other side's bounds are `h_b` and `left`
    /// moves remain: those in the group of each axis along which that side is tight.
    #[inline]
    fn barred(&self, h_b: [u8; 3], left: u8) -> u32 {
        (0..3)
            .filter(|&k| h_b[k] == left)
            .fold(0, |bits, k| bits | self.keeps[k])
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
            split: if self.same_axes {
                PREFIX_ONE_AXIS
            } else {
                PREFIX_THREE_AXES
            },
            busiest_first: true,
            tick: None,
        };
        let mut found = None;
        deepen(self.bound_of(c).max(1) as u32, 20, |bound| {
            let it = first_in_iteration(self, &root, bound, &how, &mut history);
            total += it.nodes;
            progress(bound as u8, total);
            found = it.solution;
            match found {
                Some(_) => Step::Stopped,
                None => Step::Exceeded(bound + 1),
            }
        });
        let path = found.expect("every 3x3x3 is solved in 20 moves");
        (unmix(&path), total)
    }

    /// With one move left: the move that solves the moving side, if any.
    pub(super) fn solving_move(&self, p: &Parent, out: &mut Vec<Kid>) {
        let solves = |m: usize| p.a[0].multiply(&self.right[0][m]).is_solved();
        if let Some(m) = (0..N_MOVES).find(|&m| allowed(m, p.last, p.barred) && solves(m)) {
            out.push(Kid {
                m: m as u8,
                h_moving: [0; 3],
                h_other: [0; 3],
            });
        }
    }
}

/// The solution from a path of moves on both sides: the cube's moves (`m < 18`) in order, then
/// the inverse's (`18 + m`) reversed and inverted. A move `q` on the inverse premoves the cube by
/// `q'`, so `q1' .. qb' · c · n1 .. na = 1`, that is `c · n1 .. na · qb' .. q1' = 1`.
fn unmix(path: &[usize]) -> Vec<usize> {
    let cube = path.iter().filter(|&&m| m < N_MOVES).copied();
    let inverse = path.iter().rev().filter(|&&m| m >= N_MOVES);
    cube.chain(inverse.map(|&m| inverse_move(m - N_MOVES)))
        .collect()
}

/// Whether move `m` is a half turn (even on the corners, so the parity stays).
#[inline]
pub(super) fn is_half(m: usize) -> bool {
    m % 3 == 1
}

/// The largest of a side's three bounds.
#[inline]
pub(super) fn most(h: [u8; 3]) -> u8 {
    h[0].max(h[1]).max(h[2])
}

/// Whether move `m` may follow a move of face `last` (6: none): not the same face, not the
/// opposite face in the other order, and not barred by the tight-bound rule.
#[inline]
pub(super) fn allowed(m: usize, last: usize, barred: u32) -> bool {
    FACE_FOLLOWERS[last] >> m & 1 == 1 && barred >> m & 1 == 0
}

/// `FACE_FOLLOWERS[last]`, bit `m`: move `m` may follow a move of face `last` (6: none): not
/// the same face, not the opposite face in the other order.
const FACE_FOLLOWERS: [u32; 7] = {
    let mut out = [0u32; 7];
    let mut last = 0;
    while last < 7 {
        let mut m = 0;
        while m < N_MOVES {
            let face = m / 3;
            if !(face == last || (last < 6 && face + 3 == last)) {
                out[last] |= 1 << m;
            }
            m += 1;
        }
        last += 1;
    }
    out
};

impl SearchTree for SliceSearch<'_> {
    type Node = Node;
    type Pruning = Last;
    type Children = Kids;
    const UNIT_COSTS: bool = true;

    fn start(&self) -> Last {
        Last { faces: [6, 6] }
    }

    fn bound(&self, n: &Node) -> u32 {
        self.side(n.h_moving).max(self.side(n.h_other)) as u32
    }

    #[inline]
    fn is_goal(&self, n: &Node) -> bool {
        n.moving[0].is_solved()
    }

    /// NISS: on the tables read along three axes, the side with fewer moves to try moves next
    /// (vcube's choice; on a tie, the side whose bounds sum higher); on those read along one, the
    /// other side where the moving one is tight and the other is not. A tight side's solution cannot end in a move of its tight axis's group
    /// (the move before it would already be in the group, a move sooner than its bound), and the
    /// other side's next move is that last move: so the side that moves next never turns one
    /// while the other is tight, and a tight side makes the other's choice narrower.
    #[inline]
    fn expand(&self, n: &Node, last: Last, g: u32, bound: u32, kids: &mut Kids) -> Expansion {
        let left = (bound - g) as u8;
        // The moves one side may try: after its own last face, less those the other's tight axes
        // bar.
        let moves = |inverted: bool, h_b: [u8; 3]| {
            let face = last.faces[inverted as usize] as usize;
            (FACE_FOLLOWERS[face] & !self.barred(h_b, left)).count_ones()
        };
        let swap = if self.same_axes {
            // One view a side (the tables without flips): swap only where the moving side is
            // tight and the other is not. The fewer-moves choice searched 27 % more nodes on the
            // 28 MB table (nissy's first five 16-move scrambles), 44 % fewer on the 2.6 GB one.
            let tight = |h: [u8; 3]| h.contains(&left);
            tight(n.h_moving) && !tight(n.h_other)
        } else {
            let (stay, swap) = (moves(n.inverted, n.h_other), moves(!n.inverted, n.h_moving));
            let sum = |h: [u8; 3]| h[0] as u32 + h[1] as u32 + h[2] as u32;
            swap < stay || (swap == stay && sum(n.h_other) > sum(n.h_moving))
        };
        let (a, b, h_b, inverted) = if swap {
            (&n.other, &n.moving, n.h_moving, !n.inverted)
        } else {
            (&n.moving, &n.other, n.h_other, n.inverted)
        };
        let p = Parent {
            a,
            b,
            parity: n.parity,
            h_b,
            left_after: left - 1,
            last: last.faces[inverted as usize] as usize,
            barred: self.barred(h_b, left),
        };
        self.children(&p, &mut kids.kids);
        kids.inverted = inverted;
        kids.faces = last.faces;
        kids.nodes.clear();
        for k in &kids.kids {
            let m = k.m as usize;
            kids.nodes.push(Node {
                moving: std::array::from_fn(|v| a[v].multiply(&self.right[v][m])),
                other: std::array::from_fn(|v| self.left[v][m].multiply(&b[v])),
                parity: n.parity ^ !is_half(m) as u8,
                h_moving: k.h_moving,
                h_other: k.h_other,
                inverted,
            });
        }
        // (Counted as the nodes searched: the children kept.)
        Expansion::unit(kids.kids.len(), bound)
    }

    #[inline]
    fn child<'k>(&self, kids: &'k Kids, i: usize) -> Child<'k, Node, Last> {
        let k = kids.kids[i];
        let mut faces = kids.faces;
        faces[kids.inverted as usize] = k.m / 3;
        let m = k.m as usize + if kids.inverted { N_MOVES } else { 0 };
        Child::new(m, &kids.nodes[i], Last { faces })
    }
}
