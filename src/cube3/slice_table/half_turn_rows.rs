//! The search's way to a half-turn table's row: from small tables that stay in cache, not from the
//! class table of all 420 x 2,187 corner values (3.7 MB, which missed the 1 MB second-level cache
//! at every look-up and took over a quarter of the search's time on the 7.7 GB table, the
//! half-turn corners with the E-slice flips, since left off the ladder: docs/performance.md).
//!
//! The tetrad's places and the twist (70 x 2,187, 612 KB) give their class under the symmetries
//! and a symmetry `s` that takes them to its representative. Conjugating by `s` takes the corner
//! coset to one of the 6 cosets of the representative's places (the half-turn group is fixed by
//! every symmetry, so the coset's image is a function of the coset: 420 x 16 values); that class
//! and coset name the row and a symmetry `t` to the row's representative (6 per class), and `t`
//! after `s` is the symmetry the edges are conjugated by. It is the same row the whole class table
//! gives, and a symmetry to the same representative (for a row its own symmetries fix, perhaps
//! another one: the entries it picks hold the same distance).

use super::corner_cosets::{HalfTurnCosets, COSETS};
use super::fast_cube::FastCube;
use crate::cube3::cubie::CubieCube;
use crate::cube3::symmetry::{SymGroup, SYM_BITS, SYM_MASK};
use crate::cube3::two_phase_tables::classes_under;

#[derive(Default)]
pub struct HalfTurnRows {
    /// The tetrad's places by mask (a 4-of-8 mask's rank, 0..70).
    place_rank: Vec<u16>,
    /// By tetrad places x twist: `class << SYM_BITS | sym`.
    places_class_sym: Vec<u32>,
    /// `conj[coset * n + s]`: the coset conjugated by symmetry `s`.
    conj: Vec<u16>,
    /// A coset's number among the 6 of its tetrad places.
    nth: Vec<u8>,
    /// `row_sym[class * 6 + k]`: `row << SYM_BITS | sym` of the class's representative with
    /// the `k`-th coset of its places.
    row_sym: Vec<u32>,
    /// `prod[t * n + s]`: `t` after `s`.
    prod: Vec<u8>,
    n: usize,
}

impl HalfTurnRows {
    /// From the symmetries, the cosets, the places' rank by mask, a cube of places and twist
    /// `x` (70 x 2,187) and the whole class table (`row_sym_of(coset * 2187 + twist)`).
    pub fn new(
        group: &SymGroup,
        cosets: &HalfTurnCosets,
        place_rank: &[u16],
        places_cube: impl Fn(usize) -> CubieCube,
        row_sym_of: impl Fn(usize) -> usize,
    ) -> Self {
        let n = group.len();
        let places = |cp: &[u8; 8]| {
            let mask = (0..8).fold(0, |m, i| m | (is_first_tetrad(cp[i]) as usize) << i);
            place_rank[mask] as usize
        };
        let (places_class_sym, reps, _) = classes_under(
            70 * 2187,
            group,
            SYM_BITS,
            |cube, x| *cube = places_cube(x),
            |cube| {
                places(&cube.cp) * 2187
                    + FastCube::from_cubie(cube)
                        .corner_parts(super::fast_cube::TETRAD_BITS)
                        .1
            },
        );
        // The cosets of each tetrad arrangement, in the order of their numbers.
        let mut of_places = vec![Vec::new(); 70];
        let mut nth = vec![0u8; COSETS];
        for k in 0..COSETS {
            let p = places(&cosets.rep(k));
            nth[k] = of_places[p].len() as u8;
            of_places[p].push(k);
        }
        assert!(of_places.iter().all(|c| c.len() == 6));
        let mut conj = Vec::with_capacity(COSETS * n);
        for k in 0..COSETS {
            let mut c = CubieCube::SOLVED;
            c.cp = cosets.rep(k);
            conj.extend((0..n).map(|s| cosets.of(&group.conjugate(&c, s).cp) as u16));
        }
        let row_sym = reps
            .iter()
            .flat_map(|&raw| {
                let (p, twist) = (raw as usize / 2187, raw as usize % 2187);
                of_places[p]
                    .iter()
                    .map(move |&k| (k, twist))
                    .collect::<Vec<_>>()
            })
            .map(|(k, twist)| row_sym_of(k * 2187 + twist) as u32)
            .collect();
        let prod = (0..n * n)
            .map(|i| {
                let c = group.cubes[i / n].multiply(&group.cubes[i % n]);
                group.cubes.iter().position(|d| *d == c).expect("closed") as u8
            })
            .collect();
        HalfTurnRows {
            place_rank: place_rank.to_vec(),
            places_class_sym,
            conj,
            nth,
            row_sym,
            prod,
            n,
        }
    }

    /// `row << SYM_BITS | sym` of a search cube.
    #[inline(always)]
    pub fn class_sym(&self, c: &FastCube, cosets: &HalfTurnCosets) -> usize {
        let (mask, twist) = c.corner_parts(super::fast_cube::TETRAD_BITS);
        let cs = self.places_class_sym[self.place_rank[mask] as usize * 2187 + twist] as usize;
        let (class, s) = (cs >> SYM_BITS, cs & SYM_MASK);
        let k = self.conj[cosets.of(&c.corner_pieces()) * self.n + s] as usize;
        let rs = self.row_sym[class * 6 + self.nth[k] as usize] as usize;
        (rs & !SYM_MASK) | self.prod[(rs & SYM_MASK) * self.n + s] as usize
    }
}

/// Corner pieces of the first tetrad (URF, ULB, DLF, DRB).
fn is_first_tetrad(piece: u8) -> bool {
    matches!(piece & 7, 0 | 2 | 5 | 7)
}
