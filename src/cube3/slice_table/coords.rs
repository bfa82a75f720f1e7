//! The coordinates of the slice table: where a cube stands relative to the group in which every
//! corner sits in its own tetrad, twisted 0, and every edge in its own slice (nissy's H48 group),
//! optionally with even permutations only and the four E-slice edges unflipped.
//!
//! - The corners: which places hold the tetrad {URF, ULB, DLF, DRB} (70), the twist (2,187) and, by
//!   the shape's [`Corners`], the parity or the places' half-turn coset instead (420). Reduced by
//!   the 48 symmetries (without flips: 3,393 classes, nissy's) or the 16 U-D ones (with flips,
//!   which only those keep: 9,996), the classes indexing the table's rows.
//! - The edges: which places hold the E-slice edges (495), which of the other eight the M-slice
//!   edges (70) and, by the shape's [`Edges`], the flips kept (`Edges::Flips`: the E-slice's, 16).
//!
//! Both are functions of the cube's coset (relabelling pieces within a tetrad or slice changes
//! neither), the group is fixed by the symmetries (all 48 without the flips), and it holds every
//! half turn. With vcube's coordinates (`Edges::Layers`, `super::layer_edges`) the corners' set is
//! the U layer's; that group holds the U and D turns instead, and the search reads which moves each
//! view's group holds from the coordinates.

use super::corner_cosets::HalfTurnCosets;
use super::edge_masks::{Compress, EdgeSym};
use super::fast_cube::FastCube;
use super::half_turn_rows::HalfTurnRows;
use super::move_parts::{CornerMoves, EdgeMoves};
use crate::cube3::cubie::{CubieCube, N_MOVES};
use crate::cube3::symmetry::SymGroup;
use crate::cube3::two_phase_tables::classes_under;

pub use super::shape::{Corners, Edges, Shape};

/// Corner pieces of the first tetrad (URF, ULB, DLF, DRB); the others are the second.
pub(super) const TETRAD: [u8; 4] = [0, 2, 5, 7];

/// Bits of the symmetry in a `row << SYM_BITS | sym` value.
pub use crate::cube3::symmetry::{SYM_BITS, SYM_MASK};

/// Ranks of 4-subsets by mask, in increasing mask order.
pub(super) struct Combinations {
    pub(super) rank: Vec<u16>,
    pub(super) masks: Vec<u16>,
}

impl Combinations {
    fn new(bits: u32) -> Self {
        let mut rank = vec![u16::MAX; 1 << bits];
        let mut masks = Vec::new();
        for m in 0..1u32 << bits {
            if m.count_ones() == 4 {
                rank[m as usize] = masks.len() as u16;
                masks.push(m as u16);
            }
        }
        Combinations { rank, masks }
    }
}

/// The coordinates of one [`Shape`], with their move tables and the corner classes.
pub struct SliceCoords {
    pub shape: Shape,
    pub(super) comb8: Combinations,
    pub(super) comb12: Combinations,
    pub n_corner: usize,
    pub n_edge: usize,
    /// The coordinates' moves, as their parts ([`SliceCoords::corner_move`], `edge_move`).
    corner_moves: CornerMoves,
    edge_moves: EdgeMoves,
    /// `row_moves[row * 18 + m]`: the corner coordinate after move `m` from the row's
    /// representative, the one corner look-up of the table's build (0.5 to 1.4 MB, where all
    /// corner coordinates' moves took 22 MB).
    row_moves: Vec<u32>,
    /// The edge coordinate conjugated by a symmetry, in two small tables that stay in cache:
    /// `places_conj[x * 16 + s]` for the places (x = edge coordinate without flips), and
    /// `flips_conj[(e * F + f) * 16 + s]` for the flips f of the edges kept (F values) with the
    /// E-slice edges at places e (495).
    pub(super) places_conj: Vec<u16>,
    flips_conj: Vec<u8>,
    /// With `Edges::SliceFlips`: per places value, the parity of all the flips (`slice_flips`).
    pub(super) flips_totals: Vec<u8>,
    /// The symmetries the table is reduced by (16 or 48).
    pub group: SymGroup,
    /// Classes of the corner coordinate without its parity (which symmetries keep): class `k`
    /// with parity `p` is row `2k + p` of a table with parity. Per raw value `class << SYM_BITS
    /// | sym` (`sym` takes it to the representative); the representatives; the symmetries that
    /// fix each.
    class_sym: Vec<u32>,
    reps: Vec<u32>,
    self_syms: Vec<u64>,
    /// Per row: its corners' distance to the group's corners, a bound that needs no big look-up
    /// (20 KB, in cache).
    pub corner_depth: Vec<u8>,
    pub(super) edge_syms: Vec<EdgeSym>,
    pub(super) compress: Box<Compress>,
    pub(super) cosets: HalfTurnCosets,
    /// The search's way to a row where the corners are placed as half turns place them.
    half_turn_rows: HalfTurnRows,
    /// The E-slice order's rank (0..24) from [`FastCube::e_pieces`]'s code.
    pub(super) order_rank: [u8; 256],
}

impl SliceCoords {
    /// The corner coordinate `x` after move `m`.
    #[inline]
    pub fn corner_move(&self, x: usize, m: usize) -> usize {
        self.corner_moves.turn(x, m)
    }

    /// The edge coordinate `x` after move `m`.
    #[inline]
    pub fn edge_move(&self, x: usize, m: usize) -> usize {
        self.edge_moves.turn(x, m)
    }

    pub fn new(shape: Shape) -> Self {
        let n_corner = shape.places() * 2187 * if shape.parity_rows() { 2 } else { 1 };
        let n_edge = shape.edges();
        let mut c = SliceCoords {
            shape,
            comb8: Combinations::new(8),
            comb12: Combinations::new(12),
            n_corner,
            n_edge,
            corner_moves: CornerMoves::default(),
            edge_moves: EdgeMoves::default(),
            row_moves: Vec::new(),
            places_conj: Vec::new(),
            flips_conj: Vec::new(),
            flips_totals: Vec::new(),
            group: if shape.all_syms() {
                SymGroup::all()
            } else {
                SymGroup::ud()
            },
            class_sym: Vec::new(),
            reps: Vec::new(),
            self_syms: Vec::new(),
            corner_depth: Vec::new(),
            edge_syms: Vec::new(),
            compress: Box::new(Compress::new()),
            cosets: HalfTurnCosets::new(),
            half_turn_rows: HalfTurnRows::default(),
            order_rank: super::fast_cube::order_ranks(),
        };
        let n_sym = c.group.len();
        c.edge_syms = (0..n_sym).map(|s| EdgeSym::new(&c.group, s)).collect();
        let moves: Vec<CubieCube> = (0..N_MOVES).map(|m| CubieCube::SOLVED.apply(m)).collect();
        c.corner_moves = c.corner_parts(&moves);
        c.edge_moves = c.edge_parts(&moves);
        let (per, beyond) = (shape.flip_values(), shape.beyond_e());
        // Each cube is made once and conjugated by every symmetry.
        let mut places_conj = Vec::with_capacity(495 * beyond * n_sym);
        for x in 0..495 * beyond {
            let cube = c.edge_cube(x * per);
            places_conj
                .extend((0..n_sym).map(|s| (c.edge(&c.group.conjugate(&cube, s)) / per) as u16));
        }
        let mut flips_conj = Vec::new();
        match shape.edges {
            Edges::LayerFlips => flips_conj = c.layer_flips_conj(),
            Edges::Flips => {
                // The flips' image depends on the E-slice places alone (any M-slice places or
                // E-slice order do).
                for x in 0..495 * per {
                    let cube = c.edge_cube((x / per * beyond) * per + x % per);
                    flips_conj.extend(
                        (0..n_sym).map(|s| (c.edge(&c.group.conjugate(&cube, s)) % per) as u8),
                    );
                }
            }
            Edges::SliceFlips => c.flips_totals = c.places_flips_totals(),
            Edges::Slices | Edges::FlipMin(_) | Edges::Layers => {}
        }
        c.places_conj = places_conj;
        c.flips_conj = flips_conj;
        let per = if shape.parity_rows() { 2 } else { 1 };
        let (class_sym, reps, self_syms) = classes_under(
            shape.places() * 2187,
            &c.group,
            SYM_BITS,
            |cube, x| *cube = c.corner_cube(x * per),
            |cube| c.corner_unparitied(cube),
        );
        (c.class_sym, c.reps, c.self_syms) = (class_sym, reps, self_syms);
        if shape.half_turns() {
            c.half_turn_rows = HalfTurnRows::new(
                &c.group,
                &c.cosets,
                &c.comb8.rank,
                |x| c.tetrad_cube(x, 0),
                |raw| c.class_sym[raw] as usize,
            );
        }
        c.row_moves = (0..c.rows() * N_MOVES)
            .map(|i| c.corner_move(c.rep(i / N_MOVES), i % N_MOVES) as u32)
            .collect();
        let depth = c.corner_depths();
        let mut by_row = vec![0u8; c.reps.len() * per];
        for (x, &d) in depth.iter().enumerate() {
            by_row[c.class_sym(x) >> SYM_BITS] = d;
        }
        c.corner_depth = by_row;
        c
    }

    /// The row (a class, and the parity with it) of corner coordinate `corner`, and the symmetry
    /// that takes it to the representative: `row << SYM_BITS | sym`.
    #[inline(always)]
    pub fn class_sym(&self, corner: usize) -> usize {
        if self.shape.parity_rows() {
            let cs = self.class_sym[corner / 2] as usize;
            ((cs >> SYM_BITS) * 2 + corner % 2) << SYM_BITS | (cs & SYM_MASK)
        } else {
            self.class_sym[corner] as usize
        }
    }

    /// The corners' distance bound of a [`SliceCoords::view_class_sym`] value's row.
    #[inline(always)]
    pub fn corner_depth_of(&self, class_sym: usize) -> u8 {
        self.corner_depth[class_sym >> SYM_BITS]
    }

    /// [`SliceCoords::class_sym`] of a search cube whose parity the caller knows.
    #[inline(always)]
    pub fn view_class_sym(&self, c: &FastCube, parity: u8) -> usize {
        if self.shape.half_turns() {
            return self.half_turn_rows.class_sym(c, &self.cosets);
        }
        let cs = self.class_sym[self.view_corner(c)] as usize;
        if self.shape.parity() {
            ((cs >> SYM_BITS) * 2 + parity as usize) << SYM_BITS | (cs & SYM_MASK)
        } else {
            cs
        }
    }

    /// Where a search cube's corners are in the class table [`SliceCoords::view_class_sym`] reads
    /// (not for the half-turn corners, whose rows come another way).
    #[inline(always)]
    fn view_corner(&self, c: &FastCube) -> usize {
        let (mask, twist) = c.corner_parts(self.shape.corner_set());
        self.comb8.rank[mask] as usize * 2187 + twist
    }

    /// Asks for the class table's entry of a search cube's corners: the table (612 KB) is often
    /// out of the L2 cache, and a node's children read it one after another.
    #[inline(always)]
    pub fn ask_class_sym(&self, c: &FastCube) {
        if !self.shape.half_turns() {
            if let Some(x) = self.class_sym.get(self.view_corner(c)) {
                crate::prefetch::prefetch(x);
            }
        }
    }

    /// The table index of a cube whose [`SliceCoords::view_class_sym`] is `class_sym`: its edge
    /// masks conjugated by the symmetry, then ranked (small tables only, nothing to miss in cache).
    #[inline(always)]
    pub fn view_index(&self, c: &FastCube, class_sym: usize) -> usize {
        let (row, s) = (class_sym >> SYM_BITS, class_sym & SYM_MASK);
        match self.shape.edges {
            Edges::Layers | Edges::LayerFlips => self.layer_view_index(c, class_sym),
            Edges::SliceFlips => self.slice_flip_view_index(c, row, s),
            Edges::FlipMin(k) => {
                let (places, flips) = self.flip_min_view(c, s);
                (row * 34650 + places) << k | (flips & ((1 << k) - 1))
            }
            Edges::Slices | Edges::Flips => {
                let (e, m, f) = c.edge_masks();
                let (e2, m2, f2) = self.edge_syms[s].turn(e, m, f);
                row * self.n_edge + self.edge_of_masks(e2, m2, f2)
            }
        }
    }

    /// The edge coordinate's places (E-slice places 495, M-slice places among the rest 70) from
    /// the E- and M-slice masks.
    #[inline(always)]
    pub fn places_of_masks(&self, e: usize, m: usize) -> usize {
        let rest = self.compress.of(m, 0xfff & !e);
        self.comb12.rank[e] as usize * 70 + self.comb8.rank[rest] as usize
    }

    /// Edge coordinates to one entry of the places (`edge / 16` with the E-slice flips).
    pub fn per_places(&self) -> usize {
        self.shape.flip_values()
    }

    #[inline(always)]
    fn edge_of_masks(&self, e: usize, m: usize, f: usize) -> usize {
        let x = self.places_of_masks(e, m);
        if self.shape.flips() {
            x * 16 + self.compress.of(f, e)
        } else {
            x
        }
    }

    /// Rows of the table.
    pub fn rows(&self) -> usize {
        self.reps.len() * if self.shape.parity_rows() { 2 } else { 1 }
    }

    /// The corner coordinate of row `row`'s representative.
    pub fn rep(&self, row: usize) -> usize {
        if self.shape.parity_rows() {
            self.reps[row / 2] as usize * 2 + row % 2
        } else {
            self.reps[row] as usize
        }
    }

    /// The symmetries that fix row `row`'s representative (bit `s`).
    pub fn self_syms(&self, row: usize) -> u64 {
        self.self_syms[if self.shape.parity_rows() {
            row / 2
        } else {
            row
        }]
    }

    /// The corner coordinate (tetrad, twist, parity) of `c`.
    pub fn corner(&self, c: &CubieCube) -> usize {
        let x = self.corner_unparitied(c);
        if self.shape.parity_rows() {
            x * 2 + crate::coord::perm_parity(&c.cp) as usize
        } else {
            x
        }
    }

    /// The corner coordinate without the parity (which the search keeps track of instead; the
    /// half-turn cosets hold it).
    #[inline(always)]
    pub fn corner_unparitied(&self, c: &CubieCube) -> usize {
        let fast = FastCube::from_cubie(c);
        let (mask, twist) = fast.corner_parts(self.shape.corner_set());
        if self.shape.half_turns() {
            self.cosets.of(&fast.corner_pieces()) * 2187 + twist
        } else {
            self.comb8.rank[mask] as usize * 2187 + twist
        }
    }

    /// The edge coordinate (E-slice places, M-slice places among the rest, E-slice flips) of `c`.
    #[inline(always)]
    pub fn edge(&self, c: &CubieCube) -> usize {
        // The search cube is made in each arm, not once before them: an arm that reads the edges
        // alone then leaves the corners' half of it unmade (the move tables' build makes a
        // million of these; made once ahead, they lengthened cube3-opt's start: see
        // docs/performance.md, issue 68).
        let fast = || FastCube::from_cubie(c);
        match self.shape.edges {
            Edges::Layers | Edges::LayerFlips => self.layer_edge(&fast()),
            Edges::SliceFlips => self.slice_flip_edge(&fast()),
            Edges::FlipMin(k) => {
                let (places, flips) = self.flip_min_view(&fast(), 0);
                places << k | (flips & ((1 << k) - 1))
            }
            Edges::Slices | Edges::Flips => {
                let (e, m, f) = fast().edge_masks();
                self.edge_of_masks(e, m, f)
            }
        }
    }

    /// Table rows and columns: corner classes and edge coordinates.
    pub fn entries(&self) -> usize {
        self.rows() * self.n_edge
    }

    /// The table index of (corner coordinate, edge coordinate).
    #[inline(always)]
    pub fn index(&self, corner: usize, edge: usize) -> usize {
        let cs = self.class_sym(corner);
        (cs >> SYM_BITS) * self.n_edge + self.conjugate_edge(edge, cs & SYM_MASK)
    }

    /// Edge coordinate `edge` conjugated by symmetry `s`.
    #[inline(always)]
    pub fn conjugate_edge(&self, edge: usize, s: usize) -> usize {
        // Each shape's sizes as constants: a division by a value known only at run time, on
        // every neighbour of the build, costs it time.
        match self.shape.edges {
            Edges::Flips => self.conjugate_flips::<16, 70>(edge, s),
            Edges::LayerFlips => self.conjugate_flips::<256, 24>(edge, s),
            Edges::SliceFlips => self.conjugate_slice_flips(edge, s),
            Edges::Slices | Edges::FlipMin(_) | Edges::Layers => {
                self.places_conj[edge * self.group.len() + s] as usize
            }
        }
    }

    /// [`SliceCoords::conjugate_edge`] with `PER` flip values beyond `BEYOND` values of the
    /// places beyond the E slice's.
    #[inline(always)]
    fn conjugate_flips<const PER: usize, const BEYOND: usize>(
        &self,
        edge: usize,
        s: usize,
    ) -> usize {
        let (places, f) = (edge / PER, edge % PER);
        let e = places / BEYOND;
        let n = self.group.len();
        self.places_conj[places * n + s] as usize * PER
            + self.flips_conj[(e * PER + f) * n + s] as usize
    }

    /// The table index of cube `c`.
    pub fn index_of(&self, c: &CubieCube) -> usize {
        if let Edges::FlipMin(_) = self.shape.edges {
            let fast = FastCube::from_cubie(c);
            return self.view_index(&fast, self.view_class_sym(&fast, 0));
        }
        self.index(self.corner(c), self.edge(c))
    }
}

/// The table's entries as the breadth-first search sees them ([`SymSpace`]).
impl crate::dist_table::sym_table::SymSpace for SliceCoords {
    fn classes(&self) -> usize {
        self.rows()
    }
    fn others(&self) -> usize {
        self.n_edge
    }
    fn moves(&self) -> &[usize] {
        &ALL_MOVES
    }
    #[inline]
    fn neighbour(&self, class: usize, edge: usize, m: usize) -> (usize, usize) {
        let c = self.row_moves[class * N_MOVES + m] as usize;
        let e = self.edge_moves.turn(edge, m);
        let i = self.index(c, e);
        (i / self.n_edge, i % self.n_edge)
    }
    fn self_syms(&self, class: usize) -> u64 {
        SliceCoords::self_syms(self, class)
    }
    fn conjugate(&self, _: usize, edge: usize, s: usize) -> usize {
        self.conjugate_edge(edge, s)
    }
    fn goal(&self) -> (usize, usize) {
        let i = self.index_of(&CubieCube::SOLVED);
        (i / self.n_edge, i % self.n_edge)
    }
}

pub(super) const ALL_MOVES: [usize; N_MOVES] =
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];
