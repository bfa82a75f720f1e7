//! The flips every symmetry keeps ([`super::Edges::SliceFlips`]): the parity of each slice's
//! pieces' flips, the E slice's and the M slice's (the S slice's follows from them and the places),
//! 4 values beside nissy's H48 coordinates, still reduced by all 48 symmetries.
//!
//! A piece's flip is taken from an axis that both the piece and its place lie across: from its
//! own axis where it sits in its own slice (the same from every axis there, as `EdgeSym` says),
//! else from the one axis the two share. No axis is singled out, so a symmetry moves the three
//! parities as it moves the slices, and a move changes each by what the places say: a coset of a
//! group (H48 with each slice's flips even), and a plain breadth-first search builds its table.
//! Kociemba's flips (from the U-D axis) differ from these only for M-slice pieces in the E slice
//! and E-slice pieces in the M slice.

use super::edge_masks::EdgeSym;
use super::fast_cube::FastCube;
use super::ranks::Ranks;
use crate::cube3::cubie::CubieCube;

/// Positions of the M slice (UF UB DF DB) and of the E slice (FR FL BL BR), as bits.
const M_PLACES: usize = 0b1010_1010;
const E_PLACES: usize = 0xf00;

/// The flips as every axis sees them, by position, from Kociemba's (`eo`) and the E- and M-slice
/// pieces' positions (`e`, `m`).
#[inline(always)]
pub(super) fn even_handed(eo: usize, e: usize, m: usize) -> usize {
    eo ^ (M_PLACES & e) ^ (E_PLACES & m)
}

/// The parities of the E-slice pieces' flips (bit 0) and the M-slice pieces' (bit 1).
#[inline(always)]
pub(super) fn slice_flip_parities(eo: usize, e: usize, m: usize) -> usize {
    let f = even_handed(eo, e, m);
    ((f & e).count_ones() & 1) as usize | ((f & m).count_ones() as usize & 1) << 1
}

/// The parity of all twelve flips as every axis sees them: the three slices' parities' sum,
/// fixed by the places (Kociemba's flips are even in number).
#[inline(always)]
pub(super) fn flips_total(e: usize, m: usize) -> u8 {
    (even_handed(0, e, m).count_ones() & 1) as u8
}

impl EdgeSym {
    /// The parities `f` ([`slice_flip_parities`]) of `S c S^-1` from those of `c`, whose flips
    /// total `total`: the E and M slices of `S c S^-1` hold the pieces of the slices S takes there.
    #[inline(always)]
    pub(super) fn turn_slice_flips(&self, f: usize, total: u8) -> usize {
        let all = f | ((f ^ f >> 1 ^ total as usize) & 1) << 2;
        let [to_e, to_m] = self.slices_from();
        (all >> to_e & 1) | (all >> to_m & 1) << 1
    }
}

/// The edge coordinate of `c` with these flips: places x 4 + parities.
#[inline(always)]
pub fn slice_flip_edge(r: &Ranks, c: &FastCube) -> usize {
    let (e, m, _) = c.edge_masks();
    r.places_of_masks(e, m) * 4 + slice_flip_parities(c.orientations(), e, m)
}

/// The edge coordinate of `S c S^-1`, S the symmetry `sym`: the masks turned, the parities moved
/// with the slices.
#[inline(always)]
pub fn slice_flip_view_edge(r: &Ranks, sym: &EdgeSym, c: &FastCube) -> usize {
    let (e, m, _) = c.edge_masks();
    let f = sym.turn_slice_flips(
        slice_flip_parities(c.orientations(), e, m),
        flips_total(e, m),
    );
    let (e2, m2, _) = sym.turn(e, m, 0);
    r.places_of_masks(e2, m2) * 4 + f
}

/// Edge coordinate `edge` conjugated by the symmetry `sym`, its places by `conj`; `totals`:
/// [`places_flips_totals`].
#[inline(always)]
pub fn conjugate_slice_flips(
    edge: usize,
    sym: &EdgeSym,
    totals: &[u8],
    conj: impl Fn(usize) -> usize,
) -> usize {
    let (places, f) = (edge / 4, edge % 4);
    conj(places) * 4 + sym.turn_slice_flips(f, totals[places])
}

/// [`flips_total`] of each places value.
pub fn places_flips_totals(r: &Ranks) -> Vec<u8> {
    (0..495 * 70)
        .map(|x| {
            let (e, m, _) = FastCube::from_cubie(&r.places_cube(x, 0)).edge_masks();
            flips_total(e, m)
        })
        .collect()
}

/// A cube whose places are `c`'s (pieces in order within their slices) and whose slices'
/// parities are `f`: one piece of the E or M slice flipped where `f` asks, one of the S slice
/// where the total would be odd.
pub fn slice_flip_cube(mut c: CubieCube, f: usize) -> CubieCube {
    let fast = FastCube::from_cubie(&c);
    let (e, m, _) = fast.edge_masks();
    let diff = f ^ slice_flip_parities(fast.orientations(), e, m);
    let first = |mask: usize| mask.trailing_zeros() as usize;
    if diff & 1 == 1 {
        c.eo[first(e)] ^= 1;
    }
    if diff & 2 == 2 {
        c.eo[first(m)] ^= 1;
    }
    if c.eo.iter().fold(0, |a, &x| a ^ x) == 1 {
        c.eo[first(0xfff & !e & !m)] ^= 1;
    }
    c
}

/// The places (34,650) and the twelve flips as every axis sees them (by position) of `S c S^-1`,
/// S the symmetry `sym` (nissy's hk coordinates, [`super::Edges::FlipMin`]).
#[inline(always)]
pub fn flip_min_view(r: &Ranks, sym: &EdgeSym, c: &FastCube) -> (usize, usize) {
    let (e, m, _) = c.edge_masks();
    let eo = sym.turn_orientations(c.orientations(), e, m);
    let (e2, m2, _) = sym.turn(e, m, 0);
    (r.places_of_masks(e2, m2), even_handed(eo, e2, m2))
}
