//! The two-phase tables: coordinate move tables, the symmetry classes of (flip, slice), the phase-1
//! distance table over (flip-slice class, twist) at 2 bits per entry (distance mod 3), the entries
//! phase 1 reads before it (flip-slice bound and class in one word), and the phase-2 tables over
//! (corners, slice order) and (U-D edges, slice order).
//!
//! The phase-1 table has 64,430 x 2,187 = 140,908,410 entries (35 MB): 16 times smaller than the
//! raw product because states related by one of the 16 U-D symmetries share an entry. It takes a
//! few seconds to build, so it can be cached in a file
//! ([`TwoPhaseTables::load_or_build`](super::two_phase::TwoPhaseTables::load_or_build)).

use super::cubie::{CubieCube, FACE_TURNS, N_MOVES};
use super::symmetry::{Symmetries, N_SYM};
use crate::dist_table::sym_table::SymSpace;
use crate::dist_table::{depth::DepthTable, graphs::ProductGraph};
use crate::prefetch::prefetch;

pub const N_TWIST: usize = 2187;
pub const N_FLIP: usize = 2048;
pub const N_SLICE: usize = 495;
pub const N_PERM8: usize = 40320;
pub const N_SLICE_PERM: usize = 24;
pub const N_FLIPSLICE: usize = N_FLIP * N_SLICE;
/// Symmetry classes of (flip, slice) under the 16 U-D symmetries.
pub const N_FLIPSLICE_CLASS: usize = 64430;
pub const N_PHASE1: usize = N_FLIPSLICE_CLASS * N_TWIST;
/// Symmetry classes of the corner permutation.
pub const N_CORNER_CLASS: usize = 2768;
pub const N_PHASE2: usize = N_CORNER_CLASS * N_PERM8;

/// The moves of phase 2 (`<U, D, R2, L2, F2, B2>`): U U2 U' R2 F2 D D2 D' L2 B2.
pub const PHASE2_MOVES: [usize; 10] = [0, 1, 2, 4, 7, 9, 10, 11, 13, 16];

/// Whether move `m` is in phase 2's move set.
pub fn is_phase2_move(m: usize) -> bool {
    m / 3 % 3 == 0 || m % 3 == 1
}

/// Move tables, each flat: `twist[c * 18 + m]` is twist `c` after move `m`, and so for the others.
pub struct MoveTables {
    pub twist: Vec<u16>,
    pub flip: Vec<u16>,
    pub slice: Vec<u16>,
    pub corners: Vec<u16>,
    /// Phase-2 coordinates, valid for phase-2 moves only (the others take edges out of their
    /// layers): the U-D edges' permutation and the slice edges' order.
    pub ud_edges: Vec<u16>,
    pub slice_perm: Vec<u16>,
}

fn move_table(
    size: usize,
    moves: &[usize],
    set: impl Fn(&mut CubieCube, usize),
    get: impl Fn(&CubieCube) -> usize,
) -> Vec<u16> {
    let mut t = vec![0u16; size * N_MOVES];
    for c in 0..size {
        let mut cube = CubieCube::SOLVED;
        set(&mut cube, c);
        // Quarter, half, three quarters: one multiplication each.
        for face in 0..6 {
            let mut turned = cube;
            for q in 0..3 {
                turned = turned.multiply(&FACE_TURNS[face]);
                if moves.contains(&(face * 3 + q)) {
                    t[c * N_MOVES + face * 3 + q] = get(&turned) as u16;
                }
            }
        }
    }
    t
}

impl MoveTables {
    pub fn new() -> Self {
        let all: Vec<usize> = (0..N_MOVES).collect();
        MoveTables {
            twist: move_table(N_TWIST, &all, |c, x| c.set_twist(x), |c| c.twist()),
            flip: move_table(N_FLIP, &all, |c, x| c.set_flip(x), |c| c.flip()),
            slice: move_table(N_SLICE, &all, |c, x| c.set_slice(x), |c| c.slice()),
            corners: move_table(N_PERM8, &all, |c, x| c.set_corners(x), |c| c.corners()),
            ud_edges: move_table(
                N_PERM8,
                &PHASE2_MOVES,
                |c, x| c.set_ud_edges(x),
                |c| c.ud_edges(),
            ),
            slice_perm: move_table(
                N_SLICE_PERM,
                &PHASE2_MOVES,
                |c, x| c.set_slice_perm(x),
                |c| c.slice_perm(),
            ),
        }
    }
}

impl Default for MoveTables {
    fn default() -> Self {
        Self::new()
    }
}

/// The classes of a coordinate under the 16 symmetries.
pub struct SymClasses {
    /// Per raw value: `class << 4 | sym`, where conjugating by `sym` takes it to its class's
    /// representative.
    pub class_sym: Vec<u32>,
    /// The representative (smallest raw value) of each class.
    pub reps: Vec<u32>,
    /// Per class: the symmetries that fix its representative (bit `s`).
    pub self_syms: Vec<u16>,
}

impl SymClasses {
    /// Classes of the coordinate `get` over `0..n`, where `set` makes a cube with coordinate `x`.
    pub fn new(
        n: usize,
        syms: &Symmetries,
        set: impl Fn(&mut CubieCube, usize),
        get: impl Fn(&CubieCube) -> usize,
    ) -> Self {
        let group = crate::cube3::symmetry::SymGroup {
            cubes: syms.cubes.to_vec(),
            inverse: syms.inverse.to_vec(),
        };
        let (class_sym, reps, self_syms) = classes_under(n, &group, 4, set, get);
        SymClasses {
            class_sym,
            reps,
            self_syms: self_syms.into_iter().map(|m| m as u16).collect(),
        }
    }
}

/// Classes of the coordinate `get` over `0..n` under `group` (at most 64 symmetries), where
/// `set` makes a cube with coordinate `x`: per raw value `class << shift | sym`, where
/// conjugating by `sym` takes it to its class's representative; the representatives (each its
/// class's smallest raw value); per class, the symmetries that fix its representative (bit `s`).
pub fn classes_under(
    n: usize,
    group: &crate::cube3::symmetry::SymGroup,
    shift: u32,
    set: impl Fn(&mut CubieCube, usize),
    get: impl Fn(&CubieCube) -> usize,
) -> (Vec<u32>, Vec<u32>, Vec<u64>) {
    let mut class_sym = vec![u32::MAX; n];
    let mut reps = Vec::new();
    let mut self_syms = Vec::new();
    for raw in 0..n {
        if class_sym[raw] != u32::MAX {
            continue;
        }
        // The first raw value of a class is its representative: no conjugate is smaller.
        let class = reps.len() as u32;
        reps.push(raw as u32);
        let mut c = CubieCube::SOLVED;
        set(&mut c, raw);
        let mut fixed = 0u64;
        for s in 0..group.len() {
            let r = get(&group.conjugate(&c, s));
            if r == raw {
                fixed |= 1 << s;
            }
            if class_sym[r] == u32::MAX {
                // S raw S^-1 = r, so conjugating r by S^-1 gives the representative.
                class_sym[r] = class << shift | group.inverse[s] as u32;
            }
        }
        self_syms.push(fixed);
    }
    (class_sym, reps, self_syms)
}

/// `table[x * 16 + s]`: coordinate `x` conjugated by symmetry `s`.
fn conj_table(
    n: usize,
    syms: &Symmetries,
    set: impl Fn(&mut CubieCube, usize),
    get: impl Fn(&CubieCube) -> usize,
) -> Vec<u16> {
    let mut t = vec![0u16; n * N_SYM];
    for x in 0..n {
        let mut c = CubieCube::SOLVED;
        set(&mut c, x);
        for s in 0..N_SYM {
            t[x * N_SYM + s] = get(&syms.conjugate(&c, s)) as u16;
        }
    }
    t
}

/// The symmetry classes the two big tables are indexed by.
pub struct Classes {
    /// Flip-slice (`slice * 2048 + flip`): 64,430 classes.
    pub flip_slice: SymClasses,
    pub twist_conj: Vec<u16>,
    /// Corner permutations: 2,768 classes.
    pub corners: SymClasses,
    pub ud_edges_conj: Vec<u16>,
}

impl Classes {
    pub fn new(syms: &Symmetries) -> Self {
        let flip_slice = SymClasses::new(
            N_FLIPSLICE,
            syms,
            |c, raw| {
                c.set_slice(raw / N_FLIP);
                c.set_flip(raw % N_FLIP);
            },
            |d| d.slice() * N_FLIP + d.flip(),
        );
        let corners = SymClasses::new(N_PERM8, syms, |c, raw| c.set_corners(raw), |c| c.corners());
        Classes {
            flip_slice,
            twist_conj: conj_table(N_TWIST, syms, |c, x| c.set_twist(x), |c| c.twist()),
            corners,
            ud_edges_conj: conj_table(N_PERM8, syms, |c, x| c.set_ud_edges(x), |c| c.ud_edges()),
        }
    }

    /// The phase-1 table index of (flip, slice, twist).
    #[inline]
    pub fn phase1_index(&self, flip: usize, slice: usize, twist: usize) -> usize {
        self.phase1_index_of(
            self.flip_slice.class_sym[slice * N_FLIP + flip] as usize,
            twist,
        )
    }

    /// The phase-1 table index of (flip-slice `class << 4 | sym`, twist).
    #[inline]
    pub fn phase1_index_of(&self, class_sym: usize, twist: usize) -> usize {
        (class_sym >> 4) * N_TWIST + self.twist_conj[twist * N_SYM + (class_sym & 15)] as usize
    }

    /// The phase-2 table index of (corners, U-D edges).
    #[inline]
    pub fn phase2_index(&self, corners: usize, edges: usize) -> usize {
        let cs = self.corners.class_sym[corners] as usize;
        (cs >> 4) * N_PERM8 + self.ud_edges_conj[edges * N_SYM + (cs & 15)] as usize
    }
}

/// Phase 1 as a [`SymSpace`]: (flip-slice class, twist) under all 18 moves.
pub struct Phase1Space<'a> {
    pub mt: &'a MoveTables,
    pub classes: &'a Classes,
    pub all: [usize; N_MOVES],
}

impl SymSpace for Phase1Space<'_> {
    fn classes(&self) -> usize {
        self.classes.flip_slice.reps.len()
    }
    fn others(&self) -> usize {
        N_TWIST
    }
    fn moves(&self) -> &[usize] {
        &self.all
    }
    fn neighbour(&self, class: usize, twist: usize, m: usize) -> (usize, usize) {
        let rep = self.classes.flip_slice.reps[class] as usize;
        let (flip, slice) = (rep % N_FLIP, rep / N_FLIP);
        let f = self.mt.flip[flip * N_MOVES + m] as usize;
        let s = self.mt.slice[slice * N_MOVES + m] as usize;
        let t = self.mt.twist[twist * N_MOVES + m] as usize;
        let i = self.classes.phase1_index(f, s, t);
        (i / N_TWIST, i % N_TWIST)
    }
    fn self_syms(&self, class: usize) -> u64 {
        self.classes.flip_slice.self_syms[class] as u64
    }
    fn conjugate(&self, _: usize, twist: usize, s: usize) -> usize {
        self.classes.twist_conj[twist * N_SYM + s] as usize
    }
}

/// Phase 2 as a [`SymSpace`]: (corner class, U-D edges) under the 10 phase-2 moves.
pub struct Phase2Space<'a> {
    pub mt: &'a MoveTables,
    pub classes: &'a Classes,
}

impl SymSpace for Phase2Space<'_> {
    fn classes(&self) -> usize {
        self.classes.corners.reps.len()
    }
    fn others(&self) -> usize {
        N_PERM8
    }
    fn moves(&self) -> &[usize] {
        &PHASE2_MOVES
    }
    fn neighbour(&self, class: usize, edges: usize, m: usize) -> (usize, usize) {
        let rep = self.classes.corners.reps[class] as usize;
        let c = self.mt.corners[rep * N_MOVES + m] as usize;
        let e = self.mt.ud_edges[edges * N_MOVES + m] as usize;
        let i = self.classes.phase2_index(c, e);
        (i / N_PERM8, i % N_PERM8)
    }
    fn self_syms(&self, class: usize) -> u64 {
        self.classes.corners.self_syms[class] as u64
    }
    fn conjugate(&self, _: usize, edges: usize, s: usize) -> usize {
        self.classes.ud_edges_conj[edges * N_SYM + s] as usize
    }
}

/// Phase-2 distance tables (bytes): (corners, slice order) and (U-D edges, slice order).
pub struct Phase2Tables {
    pub corner_slice: DepthTable,
    pub edge_slice: DepthTable,
}

impl Phase2Tables {
    pub fn new(mt: &MoveTables) -> Self {
        // (U-D edges or corners) x slice order, under the phase-2 moves.
        let table = |outer: &[u16]| {
            let graph = ProductGraph {
                outer,
                outer_size: N_PERM8,
                inner: &mt.slice_perm,
                inner_size: N_SLICE_PERM,
                stride: N_MOVES,
                moves: &PHASE2_MOVES,
            };
            DepthTable::build(&graph, &[0])
        };
        Phase2Tables {
            corner_slice: table(&mt.corners),
            edge_slice: table(&mt.ud_edges),
        }
    }
}

/// Per (flip, slice), what the phase-1 search needs before it reads the big table, in one 32-bit
/// entry: the phase-1 distance of (flip, slice) alone (a bound that prunes many children, high 8
/// bits) and the flip-slice class and symmetry (`class << 4 | sym`, low 24 bits). One entry, so one
/// cache miss where a separate distance table and class table cost two; laid out flip first
/// (`flip * 495 + slice`), because 12 of the 18 moves keep the flip and a node's children then read
/// a few neighbouring cache lines. 4 MB.
pub struct FlipSliceEntries {
    entries: Vec<u32>,
}

impl FlipSliceEntries {
    pub fn new(mt: &MoveTables, classes: &Classes) -> Self {
        let all: Vec<usize> = (0..N_MOVES).collect();
        let g = ProductGraph {
            outer: &mt.flip,
            outer_size: N_FLIP,
            inner: &mt.slice,
            inner_size: N_SLICE,
            stride: N_MOVES,
            moves: &all,
        };
        let t = DepthTable::build(&g, &[0]);
        let entries = (0..N_FLIPSLICE)
            .map(|i| {
                let (flip, slice) = (i / N_SLICE, i % N_SLICE);
                let dist = t.get(i).expect("every flip-slice pair is reachable") as u32;
                dist << 24 | classes.flip_slice.class_sym[slice * N_FLIP + flip]
            })
            .collect();
        FlipSliceEntries { entries }
    }

    /// The entries as kept in a file ([`super::coord_tables_file`]).
    pub fn from_entries(entries: Vec<u32>) -> Self {
        FlipSliceEntries { entries }
    }

    pub fn entries(&self) -> &[u32] {
        &self.entries
    }

    /// (Phase-1 distance of (flip, slice) alone, `class << 4 | sym`).
    #[inline]
    pub fn get(&self, flip: usize, slice: usize) -> (usize, usize) {
        let e = self.entries[flip * N_SLICE + slice];
        ((e >> 24) as usize, (e & 0xff_ffff) as usize)
    }

    /// Asks the processor to bring (flip, slice)'s entry into cache.
    #[inline]
    pub fn prefetch(&self, flip: usize, slice: usize) {
        prefetch(&self.entries[flip * N_SLICE + slice]);
    }
}
