//! Optimal solutions in the half-turn metric: IDA* from the library's search core
//! ([`crate::search`]) with Korf's pattern databases — the corners (permutation and twist,
//! 88,179,840 entries) and two sets of six edges (positions and flips, 42,577,920 entries each), 4 bits
//! per entry — and, as Kociemba's optimal solver does, the phase-1 table looked up along all three
//! axes. Each bound is a true distance of a part of the cube, so their maximum never overestimates.

use super::cubie::{CubieCube, N_MOVES};
use super::two_phase::TwoPhaseTables;
use super::two_phase_tables::{MoveTables, N_PERM8, N_TWIST};
use crate::coord::arrangement::{rank_arrangement, unrank_arrangement};
use crate::dist_table::sym_table::{SymSpace, SymTable};
use crate::heuristic::Heuristic;
use crate::pruner::CanonicalPruner;
use crate::search::composed::{ida_star, Domain};
use crate::search::{Control, SearchStats};
use std::cell::Cell;
use std::path::Path;

/// Ordered positions of six edges: 12 * 11 * 10 * 9 * 8 * 7.
pub const N_EDGE6_POS: usize = 665_280;
pub const N_EDGE6: usize = N_EDGE6_POS * 64;
pub const N_CORNER_PDB: usize = N_PERM8 * N_TWIST;

/// Where an edge at position `j` goes under each move, and whether it flips on the way.
#[derive(Clone, Copy)]
pub struct EdgeSteps {
    dest: [[u8; 12]; N_MOVES],
    flip: [[u8; 12]; N_MOVES],
}

impl EdgeSteps {
    pub fn new() -> Self {
        let mut dest = [[0u8; 12]; N_MOVES];
        let mut flip = [[0u8; 12]; N_MOVES];
        for m in 0..N_MOVES {
            let c = CubieCube::SOLVED.apply(m);
            for i in 0..12 {
                dest[m][c.ep[i] as usize] = i as u8;
                flip[m][c.ep[i] as usize] = c.eo[i];
            }
        }
        EdgeSteps { dest, flip }
    }

    /// Six edges as packed positions (4 bits each) and flips (bits 24..30), after move `m`.
    #[inline]
    fn apply(&self, x: u32, m: usize) -> u32 {
        let mut out = x & 0x3f00_0000;
        for k in 0..6 {
            let p = (x >> (4 * k)) as usize & 15;
            out |= (self.dest[m][p] as u32) << (4 * k);
            out ^= (self.flip[m][p] as u32) << (24 + k);
        }
        out
    }

    /// The pattern-database index (`rank * 64 + flips`) of packed edges.
    #[inline]
    fn index(x: u32) -> usize {
        let pos: [u8; 6] = std::array::from_fn(|k| (x >> (4 * k)) as u8 & 15);
        rank_arrangement(&pos, 12) * 64 + (x >> 24) as usize
    }

    /// Edges `first..first + 6` of `c`, packed.
    fn pack(c: &CubieCube, first: u8) -> u32 {
        let mut x = 0u32;
        for (i, &e) in c.ep.iter().enumerate() {
            if (first..first + 6).contains(&e) {
                let k = (e - first) as u32;
                x |= (i as u32) << (4 * k) | (c.eo[i] as u32) << (24 + k);
            }
        }
        x
    }
}

impl Default for EdgeSteps {
    fn default() -> Self {
        Self::new()
    }
}

/// Six tracked edges under the 18 moves, for building the databases:
/// `table[rank * 18 + m] = new_rank << 6 | flips changed`.
pub struct Edge6Moves {
    pub table: Vec<u32>,
}

impl Edge6Moves {
    pub fn new() -> Self {
        let EdgeSteps { dest, flip } = EdgeSteps::new();
        let mut table = vec![0u32; N_EDGE6_POS * N_MOVES];
        for r in 0..N_EDGE6_POS {
            let mut pos = [0u8; 6];
            unrank_arrangement(r, 12, &mut pos);
            for m in 0..N_MOVES {
                let mut next = [0u8; 6];
                let mut flips = 0u32;
                for k in 0..6 {
                    next[k] = dest[m][pos[k] as usize];
                    flips |= (flip[m][pos[k] as usize] as u32) << k;
                }
                table[r * N_MOVES + m] = (rank_arrangement(&next, 12) as u32) << 6 | flips;
            }
        }
        Edge6Moves { table }
    }

    #[inline]
    fn apply(&self, coord: usize, m: usize) -> usize {
        let t = self.table[(coord >> 6) * N_MOVES + m] as usize;
        (t >> 6) << 6 | ((coord & 63) ^ (t & 63))
    }
}

impl Default for Edge6Moves {
    fn default() -> Self {
        Self::new()
    }
}

/// A pattern database as a [`SymSpace`] with no symmetry (each class is one value).
struct Plain<'a> {
    classes: usize,
    others: usize,
    goal: (usize, usize),
    all: [usize; N_MOVES],
    step: &'a (dyn Fn(usize, usize, usize) -> (usize, usize) + Sync),
}

impl SymSpace for Plain<'_> {
    fn classes(&self) -> usize {
        self.classes
    }
    fn others(&self) -> usize {
        self.others
    }
    fn moves(&self) -> &[usize] {
        &self.all
    }
    fn neighbour(&self, class: usize, other: usize, m: usize) -> (usize, usize) {
        (self.step)(class, other, m)
    }
    fn self_syms(&self, _: usize) -> u64 {
        1
    }
    fn conjugate(&self, _: usize, other: usize, _: usize) -> usize {
        other
    }
    fn goal(&self) -> (usize, usize) {
        self.goal
    }
}

const CORNERS_NAME: &str = "cube3 corner pattern database";
const EDGES_A_NAME: &str = "cube3 edge pattern database (UR..DR)";
const EDGES_B_NAME: &str = "cube3 edge pattern database (DF..BR)";

/// The tables of the optimal solver.
pub struct OptimalTables {
    pub two_phase: TwoPhaseTables,
    edge_steps: EdgeSteps,
    pub corners: SymTable,
    pub edges_a: SymTable,
    pub edges_b: SymTable,
    /// The packed edges of the solved cube.
    goal_a: u32,
    goal_b: u32,
}

/// A search state: the pattern databases' coordinates, and phase-1 coordinates with their exact
/// distances along the three axes.
///
/// The table keeps phase-1 distances mod 3, so a state's exact distance comes from its parent's.
/// Moving only follows coordinates (`parent` keeps the parent's distances); the distance itself is
/// read when the search asks for the bounds of all children at once, so that their look-ups into the
/// big tables are independent and overlap. It is kept in a `Cell` because the search hands the
/// children to the heuristic by shared reference.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptState {
    corners: u16,
    twist: u16,
    edges_a: u32,
    edges_b: u32,
    /// Per axis: flip, slice, twist.
    axes: [[u16; 3]; 3],
    parent: [u8; 3],
    dist: [Cell<u8>; 3],
}

impl OptimalTables {
    /// Loads (or builds and saves) every table; `two_phase` supplies the phase-1 table.
    pub fn load_or_build(
        two_phase: TwoPhaseTables,
        dir: Option<&Path>,
        threads: usize,
        mut log: impl FnMut(&str),
    ) -> Self {
        let mt: &MoveTables = &two_phase.moves;
        let all: [usize; N_MOVES] = std::array::from_fn(|m| m);
        let corner_step = |c: usize, t: usize, m: usize| {
            (
                mt.corners[c * N_MOVES + m] as usize,
                mt.twist[t * N_MOVES + m] as usize,
            )
        };
        let file = |name: &str| dir.map(|d| d.join(name));
        let corners = SymTable::cached(
            file("cube3-corners.bin").as_deref(),
            CORNERS_NAME,
            N_CORNER_PDB,
            4,
            &mut log,
            || {
                let space = Plain {
                    classes: N_PERM8,
                    others: N_TWIST,
                    goal: (0, 0),
                    all,
                    step: &corner_step,
                };
                SymTable::build(&space, 4, threads).0
            },
        );
        let goal_b = EdgeSteps::index(EdgeSteps::pack(&CubieCube::SOLVED, 6));
        let mut edges = |file_name: &str, table: &str, goal: usize| {
            SymTable::cached(
                file(file_name).as_deref(),
                table,
                N_EDGE6,
                4,
                &mut log,
                || {
                    // The 48 MB move table of six edges, made only when a database is built.
                    let edge_moves = Edge6Moves::new();
                    let edge_step = |p: usize, f: usize, m: usize| {
                        let x = edge_moves.apply(p * 64 + f, m);
                        (x >> 6, x & 63)
                    };
                    let space = Plain {
                        classes: N_EDGE6_POS,
                        others: 64,
                        goal: (goal >> 6, goal & 63),
                        all,
                        step: &edge_step,
                    };
                    SymTable::build(&space, 4, threads).0
                },
            )
        };
        let edges_a = edges("cube3-edges-a.bin", EDGES_A_NAME, 0);
        let edges_b = edges("cube3-edges-b.bin", EDGES_B_NAME, goal_b);
        OptimalTables {
            two_phase,
            edge_steps: EdgeSteps::new(),
            corners,
            edges_a,
            edges_b,
            goal_a: EdgeSteps::pack(&CubieCube::SOLVED, 0),
            goal_b: EdgeSteps::pack(&CubieCube::SOLVED, 6),
        }
    }

    /// The search state of `c`, for callers that run their own IDA* on these tables (the learned
    /// heuristic's admissible variant combines them with a network).
    pub fn state(&self, c: &CubieCube) -> OptState {
        let tp = &self.two_phase;
        let mut axes = [[0u16; 3]; 3];
        let mut parent = [0u8; 3];
        for k in 0..3 {
            let d = tp.axes.conjugate(c, k);
            axes[k] = [d.flip() as u16, d.slice() as u16, d.twist() as u16];
            parent[k] = tp.phase1_distance(&d) as u8;
        }
        OptState {
            corners: c.corners() as u16,
            twist: c.twist() as u16,
            edges_a: EdgeSteps::pack(c, 0),
            edges_b: EdgeSteps::pack(c, 6),
            axes,
            // The root's distance decodes from itself (its own mod-3 value matches).
            parent,
            dist: parent.map(Cell::new),
        }
    }

    /// The largest of the bounds: corners, both edge sets, phase 1 along each axis (whose exact
    /// distances it records in the states).
    fn bounds_into(&self, states: &[OptState], out: &mut Vec<u32>) {
        let classes = &self.two_phase.classes;
        // First every index (class look-ups), then every entry: independent loads.
        let mut idx = [[0usize; 6]; 18];
        for chunk in states.chunks(18) {
            for (s, i) in chunk.iter().zip(idx.iter_mut()) {
                for k in 0..3 {
                    let [f, sl, t] = s.axes[k];
                    i[k] = classes.phase1_index(f as usize, sl as usize, t as usize);
                }
                i[3] = s.corners as usize * N_TWIST + s.twist as usize;
                i[4] = EdgeSteps::index(s.edges_a);
                i[5] = EdgeSteps::index(s.edges_b);
            }
            for (s, i) in chunk.iter().zip(idx.iter()) {
                let mut h = self.corners.get(i[3]);
                h = h.max(self.edges_a.get(i[4])).max(self.edges_b.get(i[5]));
                for k in 0..3 {
                    let d = s.parent[k];
                    let d = match (self.two_phase.phase1.get(i[k]) + 3 - d % 3) % 3 {
                        0 => d,
                        1 => d + 1,
                        _ => d - 1,
                    };
                    s.dist[k].set(d);
                    h = h.max(d);
                }
                out.push(h as u32);
            }
        }
    }

    /// An optimal solution of `c` (face turns); `progress(depth, stats)` hears each new depth.
    pub fn solve(
        &self,
        c: &CubieCube,
        mut progress: impl FnMut(u32, &SearchStats),
    ) -> (Vec<usize>, SearchStats) {
        let start = self.state(c);
        let pruner = CanonicalPruner::new(N_MOVES, |m| m / 3, |a, b| a % 3 == b % 3);
        let mut found = Vec::new();
        let stats = ida_star(
            self,
            self,
            &pruner,
            &start,
            20,
            |path, _| {
                found = path.to_vec();
                Control::Stop
            },
            |depth, stats| progress(depth, stats),
        );
        (found, stats)
    }
}

impl Heuristic<OptState> for OptimalTables {
    fn bound(&self, s: &OptState) -> u32 {
        let mut out = Vec::with_capacity(1);
        self.bounds_into(std::slice::from_ref(s), &mut out);
        out[0]
    }

    fn bounds(&self, states: &[OptState], out: &mut Vec<u32>) {
        out.clear();
        self.bounds_into(states, out);
    }
}

impl Domain for OptimalTables {
    type State = OptState;

    fn move_count(&self) -> usize {
        N_MOVES
    }

    fn apply_into(&self, s: &OptState, m: usize, out: &mut OptState) {
        let tp = &self.two_phase;
        let mt = &tp.moves;
        out.corners = mt.corners[s.corners as usize * N_MOVES + m];
        out.twist = mt.twist[s.twist as usize * N_MOVES + m];
        out.edges_a = self.edge_steps.apply(s.edges_a, m);
        out.edges_b = self.edge_steps.apply(s.edges_b, m);
        for k in 0..3 {
            let n = tp.axes.forward[k][m];
            let [f, sl, t] = s.axes[k];
            out.axes[k] = [
                mt.flip[f as usize * N_MOVES + n],
                mt.slice[sl as usize * N_MOVES + n],
                mt.twist[t as usize * N_MOVES + n],
            ];
            out.parent[k] = s.dist[k].get();
        }
    }

    fn is_goal(&self, s: &OptState) -> bool {
        s.corners == 0 && s.twist == 0 && s.edges_a == self.goal_a && s.edges_b == self.goal_b
    }
}
