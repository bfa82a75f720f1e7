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

use super::cubie::{CubieCube, N_MOVES};
use super::sym_table::SymTable;
use super::symmetry::{Axes, Symmetries};
use super::tables::{
    is_phase2_move, Classes, FlipSliceEntries, MoveTables, Phase1Space, Phase2Space, Phase2Tables,
    N_PHASE1, N_PHASE2, N_SLICE_PERM, PHASE2_MOVES,
};
use crate::coord::rank_perm;
use crate::search::{Child, Control, Expansion, SearchTree, Step, Walker};
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
    /// `next[i] = cube[turn[i]]`: following a phase-1 path in permutations.
    pub turns: [[u8; 20]; N_MOVES],
    pub axes: Axes,
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
        let moves = MoveTables::new();
        let classes = Classes::new(&Symmetries::new());
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
        let phase2_small = Phase2Tables::new(&moves);
        TwoPhaseTables {
            flip_slice: FlipSliceEntries::new(&moves, &classes),
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
        match (self.phase1_mod3(flip, slice, twist) as usize + 3 - dist % 3) % 3 {
            0 => dist,
            1 => dist + 1,
            _ => dist - 1,
        }
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
    fn phase2_bound(&self, corners: usize, edges: usize, slice: usize) -> usize {
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
        };
        for d1 in 0..=max_len {
            for dir in dirs.iter().filter(|d| d.h <= d1) {
                let c = &dir.cube;
                follow.perms[0][..8].copy_from_slice(&c.cp);
                follow.perms[0][8..].copy_from_slice(&c.ep);
                follow.path.clear();
                follow.valid = 0;
                let root = P1Node {
                    flip: c.flip() as u16,
                    slice: c.slice() as u16,
                    twist: c.twist() as u16,
                    dist: dir.h as u8,
                    last: NONE,
                };
                walk1.threshold = d1 as u32;
                walk1.floor = d1 as u32;
                walk1.path.clear();
                let mut found = None;
                walk1.walk(&root, (), 0, &mut |path, _| match follow
                    .phase2(self, &mut walk2, path, max_len)
                {
                    Some(moves) => {
                        found = Some(moves);
                        Control::Stop
                    }
                    None => Control::Continue,
                });
                if let Some(moves) = found {
                    let moves = moves.iter().map(|&m| self.axes.back[dir.axis][m]);
                    return Some(if dir.inverse {
                        let mut v: Vec<usize> = moves.map(|m| m / 3 * 3 + 2 - m % 3).collect();
                        v.reverse();
                        v
                    } else {
                        moves.collect()
                    });
                }
            }
        }
        None
    }
}

/// Whether face `b` may follow face `a`: never the same face, and of two opposite faces (which
/// commute) only U before D, R before L, F before B.
#[inline]
fn may_follow(a: usize, b: usize) -> bool {
    a != b && a != b + 3
}

/// No move yet.
const NONE: u8 = u8::MAX;

#[inline]
fn may_follow_move(last: u8, m: usize) -> bool {
    last == NONE || may_follow(last as usize / 3, m / 3)
}

/// A phase-1 node: its coordinates, exact distance to G1, and the move that made it.
#[derive(Clone, Copy, Default)]
struct P1Node {
    flip: u16,
    slice: u16,
    twist: u16,
    dist: u8,
    last: u8,
}

/// Phase 1 as a search tree; its goals are the phase-1 solutions of exactly the threshold's
/// length (the walk's floor is the threshold).
struct Phase1<'a> {
    t: &'a TwoPhaseTables,
}

/// A depth's children, kept in place.
#[derive(Default)]
struct P1Kids([P1Node; N_MOVES]);

impl SearchTree for Phase1<'_> {
    type Node = P1Node;
    type Pruning = ();
    type Children = P1Kids;
    const UNIT_COSTS: bool = true;

    fn start(&self) {}

    fn bound(&self, n: &P1Node) -> u32 {
        n.dist as u32
    }

    #[inline]
    fn is_goal(&self, n: &P1Node) -> bool {
        // A phase-1 solution ending in a phase-2 move was in G1 one move earlier: that shorter
        // one has already been tried with a longer phase 2.
        n.dist == 0 && (n.last == NONE || !is_phase2_move(n.last as usize))
    }

    #[inline]
    fn child<'k>(&self, kids: &'k P1Kids, i: usize) -> Child<'k, P1Node, ()> {
        Child::new(kids.0[i].last as usize, &kids.0[i], ())
    }

    fn expand(&self, n: &P1Node, _: (), g: u32, threshold: u32, kids: &mut P1Kids) -> Expansion {
        let togo = (threshold - g) as usize;
        let (flip, slice, twist) = (n.flip as usize, n.slice as usize, n.twist as usize);
        let mt = &self.t.moves;
        let mut kept = 0;
        if togo == 1 {
            // The last move must enter G1 and, by the rule above, be a quarter turn of R L F B:
            // test the coordinates themselves, no table needed on the largest level of the tree.
            for m in [3, 5, 6, 8, 12, 14, 15, 17] {
                if !may_follow_move(n.last, m) {
                    continue;
                }
                if mt.flip[flip * N_MOVES + m] == 0
                    && mt.slice[slice * N_MOVES + m] == 0
                    && mt.twist[twist * N_MOVES + m] == 0
                {
                    kids.0[kept] = P1Node {
                        last: m as u8,
                        ..P1Node::default()
                    };
                    kept += 1;
                }
            }
            return Expansion {
                kept,
                made: kept as u64,
                next: threshold + 1,
            };
        }
        // Three passes over the children, so that the processor overlaps their cache misses instead
        // of waiting for each in turn: their coordinates (asking for their flip-slice entries),
        // then the flip-slice bound and the big table's index (asking for its entry), then the big
        // table's entries.
        let fs = &self.t.flip_slice;
        let mut pending = [(0u8, 0u16, 0u16, 0u16, 0u32); N_MOVES];
        let mut n_pending = 0;
        for m in 0..N_MOVES {
            if !may_follow_move(n.last, m) {
                continue;
            }
            // In G1 with fewer than 5 moves to go, phase-1 moves cannot leave G1 and come back, so
            // what follows would be phase-2 moves only: phase 2 tries those (Kociemba's rule).
            if n.dist == 0 && togo < 5 && is_phase2_move(m) {
                continue;
            }
            let f = mt.flip[flip * N_MOVES + m];
            let s = mt.slice[slice * N_MOVES + m];
            let t = mt.twist[twist * N_MOVES + m];
            fs.prefetch(f as usize, s as usize);
            pending[n_pending] = (m as u8, f, s, t, 0);
            n_pending += 1;
        }
        let mut with_index = 0;
        for k in 0..n_pending {
            let (m, f, s, t, _) = pending[k];
            // The flip-slice distance alone prunes many children before the big table is read.
            // (A second bound, of twist and slice, cost more than it saved.)
            let (bound, class_sym) = fs.get(f as usize, s as usize);
            if bound >= togo {
                continue;
            }
            let i = self.t.classes.phase1_index_of(class_sym, t as usize) as u32;
            self.t.phase1.prefetch(i as usize);
            pending[with_index] = (m, f, s, t, i);
            with_index += 1;
        }
        let mut mod3 = [0u8; N_MOVES];
        for k in 0..with_index {
            mod3[k] = self.t.phase1.get(pending[k].4 as usize);
        }
        let here = n.dist % 3;
        let dist = n.dist;
        for k in 0..with_index {
            let (m, f, s, t, _) = pending[k];
            let d = match (mod3[k] + 3 - here) % 3 {
                0 => dist,
                1 => dist + 1,
                _ => dist - 1,
            };
            if d as usize >= togo {
                continue;
            }
            kids.0[kept] = P1Node {
                flip: f,
                slice: s,
                twist: t,
                dist: d,
                last: m,
            };
            kept += 1;
        }
        Expansion {
            kept,
            made: kept as u64,
            next: threshold + 1,
        }
    }
}

/// A phase-2 node: corner permutation, U-D edge permutation, slice edge permutation, and the
/// move that made it.
#[derive(Clone, Copy, Default)]
struct P2Node {
    corners: u16,
    edges: u16,
    slice: u8,
    last: u8,
}

/// Phase 2 as a search tree: to solved in G1's moves.
struct Phase2<'a> {
    t: &'a TwoPhaseTables,
}

#[derive(Default)]
struct P2Kids([P2Node; 10]);

impl SearchTree for Phase2<'_> {
    type Node = P2Node;
    type Pruning = ();
    type Children = P2Kids;
    const UNIT_COSTS: bool = true;

    fn start(&self) {}

    fn bound(&self, n: &P2Node) -> u32 {
        let (c, e) = (n.corners as usize, n.edges as usize);
        self.t
            .phase2_distance(c, e)
            .max(self.t.phase2_bound(c, e, n.slice as usize)) as u32
    }

    #[inline]
    fn is_goal(&self, n: &P2Node) -> bool {
        n.corners == 0 && n.edges == 0 && n.slice == 0
    }

    #[inline]
    fn child<'k>(&self, kids: &'k P2Kids, i: usize) -> Child<'k, P2Node, ()> {
        Child::new(kids.0[i].last as usize, &kids.0[i], ())
    }

    fn expand(&self, n: &P2Node, _: (), g: u32, threshold: u32, kids: &mut P2Kids) -> Expansion {
        let togo = (threshold - g) as usize;
        let (corners, edges, slice) = (n.corners as usize, n.edges as usize, n.slice as usize);
        // As in phase 1: the children and their indices first, then the big table's entries.
        let mt = &self.t.moves;
        let mut pending = [(0u8, 0u16, 0u16, 0u8, 0u32); 10];
        let mut n_pending = 0;
        for &m in &PHASE2_MOVES {
            if !may_follow_move(n.last, m) {
                continue;
            }
            let c = mt.corners[corners * N_MOVES + m] as usize;
            let e = mt.ud_edges[edges * N_MOVES + m] as usize;
            let s = mt.slice_perm[slice * N_MOVES + m] as usize;
            if self.t.phase2_bound(c, e, s) >= togo {
                continue;
            }
            let i = self.t.classes.phase2_index(c, e);
            self.t.phase2.prefetch(i);
            pending[n_pending] = (m as u8, c as u16, e as u16, s as u8, i as u32);
            n_pending += 1;
        }
        let mut kept = 0;
        for &(m, c, e, s, i) in &pending[..n_pending] {
            if self.t.phase2.get(i as usize) as usize >= togo {
                continue;
            }
            kids.0[kept] = P2Node {
                corners: c,
                edges: e,
                slice: s,
                last: m,
            };
            kept += 1;
        }
        Expansion {
            kept,
            made: kept as u64,
            next: threshold + 1,
        }
    }
}

/// Phase-1 solutions followed in permutations. Permutations, not coordinates: a move is a 20-byte
/// gather with no table to miss in cache, and consecutive phase-1 solutions share most of their
/// moves, so only the states after the first changed move are recomputed (min2phase does the
/// same).
struct Follow {
    /// `perms[k]`: the corner and edge permutations (`cp` then `ep`) after the first `k` moves of
    /// `path`.
    perms: [[u8; 20]; 41],
    path: Vec<usize>,
    /// How many moves of `path` `perms` follows.
    valid: usize,
}

impl Follow {
    /// A whole solution of at most `max_len` moves through phase-1 solution `p1`, if phase 2
    /// finds one.
    fn phase2(
        &mut self,
        t: &TwoPhaseTables,
        walk: &mut Walker<Phase2>,
        p1: &[usize],
        max_len: usize,
    ) -> Option<Vec<usize>> {
        // (Consecutive solutions share most of their moves: only the rest is copied.)
        let same = self.path.iter().zip(p1).take_while(|(a, b)| a == b).count();
        self.valid = self.valid.min(same);
        self.path.truncate(same);
        self.path.extend_from_slice(&p1[same..]);
        let d1 = p1.len();
        for k in self.valid..d1 {
            let turn = &t.turns[p1[k]];
            let (done, next) = self.perms.split_at_mut(k + 1);
            for (to, &from) in next[0].iter_mut().zip(turn) {
                *to = done[k][from as usize];
            }
        }
        self.valid = d1;
        let p = &self.perms[d1];
        let corners = rank_perm(&p[..8]);
        let slice = rank_perm(&[p[16] - 8, p[17] - 8, p[18] - 8, p[19] - 8]); // slice_perm()
        let budget = max_len - d1;
        if t.phase2_small
            .corner_slice
            .get(corners * N_SLICE_PERM + slice)
            .unwrap_or(99) as usize
            > budget
        {
            return None;
        }
        let edges = rank_perm(&p[8..16]);
        if t.phase2_bound(corners, edges, slice) > budget {
            return None;
        }
        let root = P2Node {
            corners: corners as u16,
            edges: edges as u16,
            slice: slice as u8,
            last: p1.last().map_or(NONE, |&m| m as u8),
        };
        let h = walk.tree_bound(&root) as usize;
        for d2 in h..=budget {
            walk.threshold = d2 as u32;
            walk.floor = d2 as u32;
            walk.path.clear();
            let mut found = None;
            if walk.walk(&root, (), 0, &mut |path, _| {
                found = Some(path.to_vec());
                Control::Stop
            }) == Step::Stopped
            {
                let mut whole = p1.to_vec();
                whole.extend(found?);
                return Some(whole);
            }
        }
        None
    }
}
