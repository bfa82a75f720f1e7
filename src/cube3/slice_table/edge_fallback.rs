//! The search's second opinion where the slice table reads at or below its base (nissy's
//! `eoesep` table): the distance of the edges alone to "every edge in its slice and oriented", over
//! the slice places (34,650) and the orientations (2,048), reduced by the 48 symmetries. 4 bits
//! an entry, 0.8 MB: it stays in cache, and it knows the orientations the big table forgets.
//!
//! - An edge in its own slice is oriented the same from every axis, so the group is fixed by all
//!   48 symmetries, and a symmetry flips a piece as its slice says ([`EdgeSym`]): the
//!   orientations of `S c S^-1` follow from those of `c` and its slice masks.
//! - It holds every half turn (no quarter turn of F or B is in it, the only moves that flip in
//!   this convention, and a half turn flips nothing), so the tight-bound rule stays sound.
//! - Built by the library's breadth-first search ([`SymTable`]) in about a second and kept in a
//!   file beside the big table.

use super::coords::SliceCoords;
use super::edge_masks::EdgeSym;
use super::fast_cube::FastCube;
use crate::cube3::cubie::{CubieCube, N_MOVES};
use crate::cube3::symmetry::{SymGroup, SYM_BITS};
use crate::cube3::two_phase_tables::classes_under;
use crate::dist_table::sym_table::{SymSpace, SymTable};

/// Orientations of the first 11 positions (the 12th makes the number of flips even).
const N_EO: usize = 2048;

/// The fallback's coordinates: the places' classes under the 48 symmetries.
pub struct EdgeFallback {
    syms: Vec<EdgeSym>,
    /// Per places value: `class << 6 | sym`, `sym` taking it to its class's representative.
    class_sym: Vec<u32>,
    reps: Vec<u32>,
    self_syms: Vec<u64>,
    /// Per places value: its E- and M-slice masks.
    masks: Vec<(u16, u16)>,
    /// `place_moves[x * 18 + m]`, `eo_moves[o * 18 + m]`.
    place_moves: Vec<u16>,
    eo_moves: Vec<u16>,
    /// The solved cube's places.
    solved: usize,
    pub table: SymTable,
}

impl EdgeFallback {
    /// The coordinates from `coords` (the places are its edge coordinate's), and the table from
    /// `table` (a cached file, or [`EdgeFallback::build`]).
    pub fn new(coords: &SliceCoords, table: impl FnOnce(&EdgeFallback) -> SymTable) -> Self {
        let per = coords.shape.flip_values();
        let group = SymGroup::all();
        let place_cube = |x: usize| coords.edge_cube(x * per);
        let places = |c: &CubieCube| coords.edge(c) / per;
        let (class_sym, reps, self_syms) = classes_under(
            495 * 70,
            &group,
            SYM_BITS,
            |c, x| *c = place_cube(x),
            places,
        );
        let masks = (0..495 * 70)
            .map(|x| {
                let (e, m, _) = FastCube::from_cubie(&place_cube(x)).edge_masks();
                (e as u16, m as u16)
            })
            .collect();
        let place_moves = (0..495 * 70 * N_MOVES)
            .map(|i| (coords.edge_move(i / N_MOVES * per, i % N_MOVES) / per) as u16)
            .collect();
        let moves: Vec<FastCube> = (0..N_MOVES)
            .map(|m| FastCube::from_cubie(&CubieCube::SOLVED.apply(m)))
            .collect();
        let eo_moves = (0..N_EO * N_MOVES)
            .map(|i| {
                let mut c = CubieCube::SOLVED;
                c.eo = std::array::from_fn(|p| (full(i / N_MOVES) >> p & 1) as u8);
                let turned = FastCube::from_cubie(&c).multiply(&moves[i % N_MOVES]);
                (turned.orientations() & (N_EO - 1)) as u16
            })
            .collect();
        let mut f = EdgeFallback {
            syms: (0..group.len()).map(|s| EdgeSym::new(&group, s)).collect(),
            class_sym,
            reps,
            self_syms,
            masks,
            place_moves,
            eo_moves,
            solved: places(&CubieCube::SOLVED),
            table: SymTable {
                words: Vec::new().into(),
                size: 0,
                bits: 4,
            },
        };
        f.table = table(&f);
        f
    }

    /// Entries: classes of the places times orientations.
    pub fn entries(&self) -> usize {
        self.reps.len() * N_EO
    }

    /// The table by breadth-first search on `threads` threads.
    pub fn build(&self, threads: usize) -> SymTable {
        SymTable::build(self, 4, threads).0
    }

    /// The entry of places `x` with orientations `eo` (12 bits).
    #[inline(always)]
    fn index(&self, x: usize, eo: usize) -> usize {
        let cs = self.class_sym[x] as usize;
        let (e, m) = self.masks[x];
        let turned = self.syms[cs & 63].turn_orientations(eo, e as usize, m as usize);
        (cs >> SYM_BITS) * N_EO + (turned & (N_EO - 1))
    }

    /// The entry of a search cube, whose places `coords` ranks.
    #[inline(always)]
    pub fn index_of_view(&self, coords: &SliceCoords, c: &FastCube) -> usize {
        let (e, m, _) = c.edge_masks();
        self.index(coords.ranks.places_of_masks(e, m), c.orientations())
    }

    /// The bound of a search cube: its edges' distance to their slices, oriented.
    #[inline(always)]
    pub fn bound(&self, coords: &SliceCoords, c: &FastCube) -> u8 {
        self.table.get(self.index_of_view(coords, c))
    }
}

/// The 12 orientations from the first 11 (an even number of flips).
fn full(eo: usize) -> usize {
    eo | ((eo.count_ones() as usize & 1) << 11)
}

impl SymSpace for EdgeFallback {
    fn classes(&self) -> usize {
        self.reps.len()
    }
    fn others(&self) -> usize {
        N_EO
    }
    fn moves(&self) -> &[usize] {
        &super::coords::ALL_MOVES
    }
    fn neighbour(&self, class: usize, eo: usize, m: usize) -> (usize, usize) {
        let x = self.place_moves[self.reps[class] as usize * N_MOVES + m] as usize;
        let o = self.eo_moves[eo * N_MOVES + m] as usize;
        let i = self.index(x, full(o));
        (i / N_EO, i % N_EO)
    }
    fn self_syms(&self, class: usize) -> u64 {
        self.self_syms[class]
    }
    fn conjugate(&self, class: usize, eo: usize, s: usize) -> usize {
        let (e, m) = self.masks[self.reps[class] as usize];
        self.syms[s].turn_orientations(full(eo), e as usize, m as usize) & (N_EO - 1)
    }
    fn goal(&self) -> (usize, usize) {
        let i = self.index(self.solved, 0);
        (i / N_EO, i % N_EO)
    }
}
