//! Kociemba's two-phase algorithm: IDA* into G1 = `<U, D, R2, L2, F2, B2>` (twist, flip and slice
//! all home) with the symmetry-reduced phase-1 table, then IDA* inside G1 to solved with the phase-2
//! tables. Phase-1 solutions are tried shortest first until the total fits the length limit, in six
//! directions at each length (the cube and its inverse, each about the three axes, as min2phase
//! does): six times the chances of a short phase 2 at every phase-1 length.
//!
//! Both phases are trees for the library's search ([`crate::search`]): a phase-1 node carries its
//! exact distance, decoded from its parent's (the table keeps distances mod 3), and its children's
//! look-ups are issued together so that their cache misses overlap. Each phase walks one
//! threshold at a time and reports only paths of exactly that length (the walk's floor).

mod trees;

use self::trees::{Follow, P1Node, Phase1, Phase2, NONE};
use super::coord_tables_file::CoordTables;
use super::cubie::{inverse_move, CubieCube, N_MOVES};
use super::symmetry::Axes;
use super::two_phase_tables::{
    Classes, FlipSliceEntries, MoveTables, Phase1Space, Phase2Space, Phase2Tables, N_PHASE1,
    N_PHASE2, N_SLICE_PERM,
};
use crate::dist_table::sym_table::SymTable;
use crate::search::phase_pairing::{pair_phases, Pairing};
use crate::search::{deepen, Control, Step, Walker};
use std::path::Path;

/// Everything the two-phase search reads.
pub struct TwoPhaseTables {
    pub moves: MoveTables,
    pub classes: Classes,
    /// Phase-1 distance mod 3 of (flip-slice class, twist).
    pub phase1: SymTable,
    /// Per (flip, slice): a bound and the flip-slice class, what phase 1 reads before `phase1`.
    pub flip_slice: FlipSliceEntries,
    /// Phase-2 distance of (corner class, U-D edges), 4 bits, saturated at 14.
    pub phase2: SymTable,
    pub phase2_small: Phase2Tables,
    /// Per move, where each cubie of a cube comes from (corners `0..8`, edges `8..20`), so that
    /// `next[i] = cube[turns[m][i]]`: following a phase-1 path in permutations.
    pub turns: [[u8; 20]; N_MOVES],
    pub axes: Axes,
}

/// The exact distance of a neighbour of a state `dist` away, from the neighbour's distance mod 3
/// (a move changes the distance by at most one).
#[inline]
pub(super) fn step_mod3(mod3: u8, dist: u8) -> u8 {
    match (mod3 + 3 - dist % 3) % 3 {
        0 => dist,
        1 => dist + 1,
        _ => dist - 1,
    }
}

/// One of the six ways to search: the cube (or its inverse) seen along another axis.
struct Direction {
    axis: usize,
    inverse: bool,
    cube: CubieCube,
    /// Exact phase-1 distance.
    h: usize,
}

const PHASE1_NAME: &str = "cube3 phase-1 distances mod 3 (flip-slice class, twist)";
const PHASE2_NAME: &str = "cube3 phase-2 distances (corner class, U-D edges)";
pub const PHASE1_FILE: &str = "cube3-phase1.bin";
pub const PHASE2_FILE: &str = "cube3-phase2.bin";

impl TwoPhaseTables {
    /// Builds everything in memory on `threads` threads.
    pub fn build(threads: usize) -> TwoPhaseTables {
        Self::load_or_build(None, threads, |_| {})
    }

    /// Loads the two big tables from `dir` if they are there and sound; otherwise builds them (on
    /// `threads` threads) and saves them there. `log` hears what happened, for stderr. A folder that
    /// cannot be written is reported and otherwise ignored.
    pub fn load_or_build(dir: Option<&Path>, threads: usize, mut log: impl FnMut(&str)) -> Self {
        let CoordTables {
            moves,
            classes,
            phase2_small,
            flip_slice,
        } = CoordTables::cached(dir, &mut log);
        let all: [usize; N_MOVES] = std::array::from_fn(|m| m);
        let space1 = Phase1Space {
            mt: &moves,
            classes: &classes,
            all,
        };
        let space2 = Phase2Space {
            mt: &moves,
            classes: &classes,
        };
        // Phase 1 at 2 bits (35 MB): a child's distance is its parent's +-1 or equal. Phase 2 at 4
        // bits (56 MB): its search starts at every phase-1 solution, where an exact distance saves
        // walking down a mod-3 table.
        let file1 = dir.map(|d| d.join(PHASE1_FILE));
        let phase1 = SymTable::cached(file1.as_deref(), PHASE1_NAME, N_PHASE1, 2, &mut log, || {
            SymTable::build(&space1, 2, threads).0
        });
        let file2 = dir.map(|d| d.join(PHASE2_FILE));
        let phase2 = SymTable::cached(file2.as_deref(), PHASE2_NAME, N_PHASE2, 4, &mut log, || {
            SymTable::build(&space2, 4, threads).0
        });
        TwoPhaseTables {
            flip_slice,
            moves,
            classes,
            phase1,
            phase2,
            phase2_small,
            turns: std::array::from_fn(|m| {
                let t = CubieCube::SOLVED.apply(m);
                std::array::from_fn(|i| if i < 8 { t.cp[i] } else { 8 + t.ep[i - 8] })
            }),
            axes: Axes::new(),
        }
    }

    #[inline]
    fn phase1_mod3(&self, flip: usize, slice: usize, twist: usize) -> u8 {
        self.phase1
            .get(self.classes.phase1_index(flip, slice, twist))
    }

    /// The exact distance of (corners, U-D edges) in phase 2's moves, slice edges ignored.
    #[inline]
    pub fn phase2_distance(&self, corners: usize, edges: usize) -> usize {
        self.phase2.get(self.classes.phase2_index(corners, edges)) as usize
    }

    /// The exact phase-1 distance of a neighbour of a state `dist` away, from the mod-3 table.
    #[inline]
    pub fn phase1_step(&self, flip: usize, slice: usize, twist: usize, dist: usize) -> usize {
        step_mod3(self.phase1_mod3(flip, slice, twist), dist as u8) as usize
    }

    /// The exact phase-1 distance, by walking down the mod-3 table.
    pub fn phase1_distance(&self, c: &CubieCube) -> usize {
        let (mut f, mut s, mut t) = (c.flip(), c.slice(), c.twist());
        let mt = &self.moves;
        let mut d = 0;
        while (f, s, t) != (0, 0, 0) {
            let here = self.phase1_mod3(f, s, t);
            let (f2, s2, t2) = (0..N_MOVES)
                .map(|m| {
                    (
                        mt.flip[f * N_MOVES + m] as usize,
                        mt.slice[s * N_MOVES + m] as usize,
                        mt.twist[t * N_MOVES + m] as usize,
                    )
                })
                .find(|&(f2, s2, t2)| self.phase1_mod3(f2, s2, t2) == (here + 2) % 3)
                .expect("every state has a neighbour one closer to G1");
            (f, s, t) = (f2, s2, t2);
            d += 1;
        }
        d
    }

    #[inline]
    pub(super) fn phase2_bound(&self, corners: usize, edges: usize, slice: usize) -> usize {
        let a = self
            .phase2_small
            .corner_slice
            .get(corners * N_SLICE_PERM + slice);
        let b = self
            .phase2_small
            .edge_slice
            .get(edges * N_SLICE_PERM + slice);
        a.unwrap_or(99).max(b.unwrap_or(99)) as usize
    }

    /// A solution of at most `max_len` face turns (half-turn metric), or `None` if this search finds
    /// none that short (every cube has one of 20 or fewer, and this search finds one).
    pub fn solve(&self, c: &CubieCube, max_len: usize) -> Option<Vec<usize>> {
        let mut dirs = Vec::with_capacity(6);
        for inverse in [false, true] {
            let base = if inverse { c.inverse() } else { *c };
            for axis in 0..3 {
                let cube = self.axes.conjugate(&base, axis);
                let h = self.phase1_distance(&cube);
                dirs.push(Direction {
                    axis,
                    inverse,
                    cube,
                    h,
                });
            }
        }
        let p1 = Phase1 { t: self };
        let p2 = Phase2 { t: self };
        let mut walk1 = Walker::new(&p1, 0);
        let mut walk2 = Walker::new(&p2, 0);
        let mut follow = Follow {
            perms: [[0; 20]; 41],
            path: Vec::with_capacity(40),
            valid: 0,
            from: usize::MAX,
        };
        let how = Pairing { max_len, beam: 1 };
        // Each phase-1 length in all six directions before the next length.
        let phase1 = |each: &mut dyn FnMut(usize, &[usize]) -> Control| {
            deepen(0, max_len as u32, |d1| {
                for (k, dir) in dirs.iter().enumerate().filter(|(_, d)| d.h <= d1 as usize) {
                    let c = &dir.cube;
                    let root = P1Node {
                        flip: c.flip() as u16,
                        slice: c.slice() as u16,
                        twist: c.twist() as u16,
                        dist: dir.h as u8,
                        last: NONE,
                    };
                    walk1.threshold = d1;
                    walk1.floor = d1;
                    walk1.path.clear();
                    if walk1.walk(&root, (), 0, &mut |path, _| each(k, path)) == Step::Stopped {
                        return Step::Stopped;
                    }
                }
                Step::Exceeded(d1 + 1)
            });
        };
        let phase2 = |k: usize, p1: &[usize], budget: usize| {
            follow.start(&dirs[k].cube, k);
            follow.phase2(self, &mut walk2, p1, budget)
        };
        let pair = pair_phases(how, phase1, phase2, |_| true).pop()?;
        let (k, moves) = (pair.start, [pair.first, pair.second].concat());
        let dir = &dirs[k];
        let moves = moves.iter().map(|&m| self.axes.back[dir.axis][m]);
        Some(if dir.inverse {
            let mut v: Vec<usize> = moves.map(inverse_move).collect();
            v.reverse();
            v
        } else {
            moves.collect()
        })
    }
}
