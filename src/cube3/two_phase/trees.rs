//! The two phases of [`super`] as trees for the library's search: a phase-1 node carries
//! its exact distance to G1, decoded from its parent's (the table keeps distances mod 3), and its
//! children's look-ups are issued together so that their cache misses overlap; a phase-1 solution is
//! followed in permutations ([`Follow`]) and handed to phase 2.

use super::{step_mod3, TwoPhaseTables};
use crate::coord::rank_perm;
use crate::cube3::cubie::{CubieCube, N_MOVES};
use crate::cube3::two_phase_tables::{is_phase2_move, N_SLICE_PERM, PHASE2_MOVES};
use crate::search::{deepen, Child, Control, Expansion, SearchTree, Walker};

/// Whether face `b` may follow face `a`: never the same face, and of two opposite faces (which
/// commute) only U before D, R before L, F before B.
#[inline]
fn may_follow(a: usize, b: usize) -> bool {
    a != b && a != b + 3
}

/// No move yet.
pub(super) const NONE: u8 = u8::MAX;

#[inline]
fn may_follow_move(last: u8, m: usize) -> bool {
    last == NONE || may_follow(last as usize / 3, m / 3)
}

/// A phase-1 node: its coordinates, exact distance to G1, and the move that made it.
#[derive(Clone, Copy, Default)]
pub(super) struct P1Node {
    pub(super) flip: u16,
    pub(super) slice: u16,
    pub(super) twist: u16,
    pub(super) dist: u8,
    pub(super) last: u8,
}

/// Phase 1 as a search tree; its goals are the phase-1 solutions of exactly the threshold's
/// length (the walk's floor is the threshold).
pub(super) struct Phase1<'a> {
    pub(super) t: &'a TwoPhaseTables,
}

/// A depth's children, kept in place.
#[derive(Default)]
pub(super) struct P1Kids([P1Node; N_MOVES]);

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
            return Expansion::unit(kept, threshold);
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
        let dist = n.dist;
        for k in 0..with_index {
            let (m, f, s, t, _) = pending[k];
            let d = step_mod3(mod3[k], dist);
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
        Expansion::unit(kept, threshold)
    }
}

/// A phase-2 node: corner permutation, U-D edge permutation, slice edge permutation, and the
/// move that made it.
#[derive(Clone, Copy, Default)]
pub(super) struct P2Node {
    corners: u16,
    edges: u16,
    slice: u8,
    last: u8,
}

/// Phase 2 as a search tree: to solved in G1's moves.
pub(super) struct Phase2<'a> {
    pub(super) t: &'a TwoPhaseTables,
}

#[derive(Default)]
pub(super) struct P2Kids([P2Node; 10]);

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
        Expansion::unit(kept, threshold)
    }
}

/// Phase-1 solutions followed in permutations. Permutations, not coordinates: a move is a 20-byte
/// gather with no table to miss in cache, and consecutive phase-1 solutions share most of their
/// moves, so only the states after the first changed move are recomputed (min2phase does the
/// same).
pub(super) struct Follow {
    /// `perms[k]`: the corner and edge permutations (`cp` then `ep`) after the first `k` moves of
    /// `path`.
    pub(super) perms: [[u8; 20]; 41],
    pub(super) path: Vec<usize>,
    /// How many moves of `path` `perms` follows.
    pub(super) valid: usize,
    /// The direction `perms[0]` is the cube of.
    pub(super) from: usize,
}

impl Follow {
    /// Follows paths from `cube`, direction `k` of the search (what was followed before is kept
    /// while the direction stays).
    pub(super) fn start(&mut self, cube: &CubieCube, k: usize) {
        if self.from != k {
            self.perms[0][..8].copy_from_slice(&cube.cp);
            self.perms[0][8..].copy_from_slice(&cube.ep);
            self.path.clear();
            self.valid = 0;
            self.from = k;
        }
    }

    /// Phase 2's shortest solution of at most `budget` moves after phase-1 solution `p1`, if
    /// there is one.
    pub(super) fn phase2(
        &mut self,
        t: &TwoPhaseTables,
        walk: &mut Walker<Phase2>,
        p1: &[usize],
        budget: usize,
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
        let mut found = None;
        deepen(walk.tree_bound(&root), budget as u32, |d2| {
            walk.threshold = d2;
            walk.floor = d2;
            walk.path.clear();
            walk.walk(&root, (), 0, &mut |path, _| {
                found = Some(path.to_vec());
                Control::Stop
            })
        });
        found
    }
}
