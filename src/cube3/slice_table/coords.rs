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
//! Both are functions of the cube's coset, the group is fixed by the symmetries (all 48 without
//! the flips), and it holds every half turn. With vcube's coordinates (`Edges::Layers`) the
//! corners' set is the U layer's, and the group holds the U and D turns instead.
//!
//! The edge coordinates' own parts are in `layer_edges` and `slice_flips`, the ranking parts in
//! `ranks`, the moves in `move_parts`: all below this module, which puts them together.

use super::corner_cosets::HalfTurnCosets;
use super::edge_masks::EdgeSym;
use super::fast_cube::FastCube;
use super::half_turn_rows::HalfTurnRows;
use super::layer_edges::{layer_edge, layer_edge_cube, layer_flips_conj, layer_view_edge};
use super::move_parts::{CornerMoves, EdgeMoves};
use super::ranks::Ranks;
use super::slice_flips::{conjugate_slice_flips, flip_min_view, places_flips_totals};
use super::slice_flips::{slice_flip_cube, slice_flip_edge, slice_flip_view_edge};
use crate::cube3::cubie::{CubieCube, N_MOVES};
use crate::cube3::symmetry::SymGroup;
use crate::cube3::two_phase_tables::classes_under;

pub use super::shape::{Corners, Edges, Shape};

/// Bits of the symmetry in a `row << SYM_BITS | sym` value.
pub use crate::cube3::symmetry::{SYM_BITS, SYM_MASK};

/// The coordinates of one [`Shape`], with their move tables and the corner classes.
pub struct SliceCoords {
    pub shape: Shape,
    pub(super) ranks: Ranks,
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
    places_conj: Vec<u16>,
    flips_conj: Vec<u8>,
    /// With `Edges::SliceFlips`: per places value, the parity of all the flips (`slice_flips`).
    flips_totals: Vec<u8>,
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
    cosets: HalfTurnCosets,
    /// The search's way to a row where the corners are placed as half turns place them.
    half_turn_rows: HalfTurnRows,
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
        // Corner coordinates a class and its symmetry stand for: 2 where the parity is beside them.
        let pair = if shape.parity_rows() { 2 } else { 1 };
        let n_corner = shape.places() * 2187 * pair;
        let n_edge = shape.edges();
        let mut c = SliceCoords {
            shape,
            ranks: Ranks::new(),
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
            cosets: HalfTurnCosets::new(),
            half_turn_rows: HalfTurnRows::default(),
        };
        c.edge_syms = (0..c.group.len())
            .map(|s| EdgeSym::new(&c.group, s))
            .collect();
        let moves: Vec<CubieCube> = (0..N_MOVES).map(|m| CubieCube::SOLVED.apply(m)).collect();
        let (cube, unparitied) = (|x| c.corner_cube(x), |x: &_| c.corner_unparitied(x));
        c.corner_moves = CornerMoves::new(shape.places(), pair, &moves, cube, unparitied);
        c.edge_moves = EdgeMoves::new(shape, &moves, |x| c.edge_cube(x), |x| c.edge(x));
        let (per, beyond) = (shape.flip_values(), shape.beyond_e());
        c.places_conj = c.conjugates((0..495 * beyond).map(|x| x * per), |e| (e / per) as u16);
        match shape.edges {
            Edges::LayerFlips => c.flips_conj = layer_flips_conj(&c.ranks, per, &c.edge_syms),
            Edges::Flips => {
                // The flips' image depends on the E-slice places alone (any M-slice places or
                // E-slice order do).
                let xs = (0..495 * per).map(|x| (x / per * beyond) * per + x % per);
                c.flips_conj = c.conjugates(xs, |e| (e % per) as u8);
            }
            Edges::SliceFlips => c.flips_totals = places_flips_totals(&c.ranks),
            Edges::Slices | Edges::FlipMin(_) | Edges::Layers => {}
        }
        let (class_sym, reps, self_syms) = classes_under(
            shape.places() * 2187,
            &c.group,
            SYM_BITS,
            |cube, x| *cube = c.corner_cube(x * pair),
            |cube| c.corner_unparitied(cube),
        );
        (c.class_sym, c.reps, c.self_syms) = (class_sym, reps, self_syms);
        if shape.half_turns() {
            c.half_turn_rows = HalfTurnRows::new(
                &c.group,
                &c.cosets,
                &c.ranks.comb8.rank,
                |x| c.ranks.tetrad_cube(shape.layers(), x, 0),
                |raw| c.class_sym[raw] as usize,
            );
        }
        c.row_moves = (0..c.rows() * N_MOVES)
            .map(|i| c.corner_move(c.rep(i / N_MOVES), i % N_MOVES) as u32)
            .collect();
        let depth = c
            .corner_moves
            .depths(n_corner, c.corner(&CubieCube::SOLVED));
        let mut by_row = vec![0u8; c.reps.len() * pair];
        for (x, &d) in depth.iter().enumerate() {
            by_row[c.class_sym(x) >> SYM_BITS] = d;
        }
        c.corner_depth = by_row;
        c
    }

    /// `part` of the edge coordinate of each symmetry's conjugate of the cube of each edge
    /// coordinate in `xs`, symmetry by symmetry (each cube made once).
    fn conjugates<T>(&self, xs: impl Iterator<Item = usize>, part: impl Fn(usize) -> T) -> Vec<T> {
        let (n, part) = (self.group.len(), &part);
        xs.flat_map(|x| {
            let cube = self.edge_cube(x);
            (0..n).map(move |s| part(self.edge(&self.group.conjugate(&cube, s))))
        })
        .collect()
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
        self.ranks.comb8.rank[mask] as usize * 2187 + twist
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
        let (r, sym) = (&self.ranks, &self.edge_syms[s]);
        match self.shape.edges {
            Edges::Layers | Edges::LayerFlips => {
                let n = self.group.len();
                let conj = |p| self.places_conj[p * n + s] as usize;
                row * self.n_edge + layer_view_edge(r, self.shape.flips(), sym, c, conj)
            }
            Edges::SliceFlips => row * self.n_edge + slice_flip_view_edge(r, sym, c),
            Edges::FlipMin(k) => {
                let (places, flips) = flip_min_view(r, sym, c);
                (row * 34650 + places) << k | (flips & ((1 << k) - 1))
            }
            Edges::Slices | Edges::Flips => {
                let (e, m, f) = c.edge_masks();
                let (e2, m2, f2) = sym.turn(e, m, f);
                row * self.n_edge + self.edge_of_masks(e2, m2, f2)
            }
        }
    }

    #[inline(always)]
    fn edge_of_masks(&self, e: usize, m: usize, f: usize) -> usize {
        let x = self.ranks.places_of_masks(e, m);
        if self.shape.flips() {
            x * 16 + self.ranks.compress.of(f, e)
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
            self.ranks.comb8.rank[mask] as usize * 2187 + twist
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
            Edges::Layers | Edges::LayerFlips => {
                layer_edge(&self.ranks, self.shape.flips(), &fast())
            }
            Edges::SliceFlips => slice_flip_edge(&self.ranks, &fast()),
            Edges::FlipMin(k) => {
                let (places, flips) = flip_min_view(&self.ranks, &self.edge_syms[0], &fast());
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
            Edges::SliceFlips => {
                let conj = |p| self.places_conj[p * self.group.len() + s] as usize;
                conjugate_slice_flips(edge, &self.edge_syms[s], &self.flips_totals, conj)
            }
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

    /// A cube with corner coordinate `x` (edges solved).
    pub fn corner_cube(&self, x: usize) -> CubieCube {
        let layers = self.shape.layers();
        match self.shape.corners {
            Corners::HalfTurns => {
                let mut c = CubieCube::SOLVED;
                c.cp = self.cosets.rep(x / 2187);
                c.set_twist(x % 2187);
                c
            }
            Corners::PlacesParity => self.ranks.tetrad_cube(layers, x / 2, (x % 2) as u8),
            Corners::Places => self.ranks.tetrad_cube(layers, x, 0),
        }
    }

    /// A cube with edge coordinate `x` (corners solved).
    pub fn edge_cube(&self, x: usize) -> CubieCube {
        let r = &self.ranks;
        match self.shape.edges {
            Edges::Layers | Edges::LayerFlips => layer_edge_cube(r, self.shape.flip_values(), x),
            Edges::SliceFlips => slice_flip_cube(r.places_cube(x / 4, 0), x % 4),
            Edges::FlipMin(k) => r.places_cube(x >> k, 0),
            Edges::Flips => r.places_cube(x / 16, x % 16),
            Edges::Slices => r.places_cube(x, 0),
        }
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
