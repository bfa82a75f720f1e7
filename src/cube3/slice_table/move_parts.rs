//! The slice coordinates' moves kept as their independent parts (the tetrad's places, the twist
//! and the parity; the slices' places and the E-slice flips), 1.5 MB instead of whole tables;
//! built in `coord_moves`, read by `coords`.

use crate::cube3::cubie::N_MOVES;

/// The corner coordinate's moves, kept as their parts (see `SliceCoords::corner_parts`).
#[derive(Default)]
pub struct CornerMoves {
    /// `places[k * 18 + m]`: the tetrad's places (or their half-turn coset) after move `m`.
    pub(super) places: Vec<u16>,
    /// `twist[t * 18 + m]`.
    pub(super) twist: Vec<u16>,
    /// Whether move `m` is odd on the corners.
    pub(super) odd: [u8; N_MOVES],
    /// 1 where the coordinate keeps the parity (its lowest bit), else 0: shifts, since a division
    /// by a value known only at run time cost the table's build 60 % more time.
    pub(super) parity_bits: u32,
}

impl CornerMoves {
    /// The corner coordinate `x` after move `m`.
    #[inline]
    pub fn turn(&self, x: usize, m: usize) -> usize {
        let b = self.parity_bits;
        let (kt, p) = (x >> b, x & ((1 << b) - 1));
        let (k, t) = (kt / 2187, kt % 2187);
        let y = self.places[k * N_MOVES + m] as usize * 2187 + self.twist[t * N_MOVES + m] as usize;
        (y << b) | ((p ^ self.odd[m] as usize) & ((1 << b) - 1))
    }
}

/// The edge coordinate's moves, kept as their parts (see `SliceCoords::edge_parts`).
#[derive(Default)]
pub struct EdgeMoves {
    /// `places[pl * 18 + m]`: the E-slice places and what lies beyond them after move `m`.
    pub(super) places: Vec<u16>,
    /// `flips[(e * F + f) * 18 + m]`: the flips `f` (F values) with the E-slice places `e` after
    /// `m`.
    pub(super) flips: Vec<u8>,
    /// 2, 4 or 8 where the coordinate keeps flips (its lowest bits), else 0.
    pub(super) flip_bits: u32,
    /// Beyond the E-slice places lies the E-slice order (24), not the M-slice places (70): a
    /// branch, so that each division is by a constant (a division by a value known only at run
    /// time costs the table's build, as for the corners).
    pub(super) layers: bool,
    /// The slices' parities (`Edges::SliceFlips`): a move changes them by what all the places
    /// say, `flips[pl * 18 + m]` (bits to flip), not by the E slice's places alone.
    pub(super) by_places: bool,
}

impl EdgeMoves {
    /// The edge coordinate `x` after move `m`.
    #[inline]
    pub fn turn(&self, x: usize, m: usize) -> usize {
        let b = self.flip_bits;
        let (pl, f) = (x >> b, x & ((1 << b) - 1));
        if self.by_places {
            let i = pl * N_MOVES + m;
            return (self.places[i] as usize) << b | (f ^ self.flips[i] as usize);
        }
        let e = if self.layers { pl / 24 } else { pl / 70 };
        ((self.places[pl * N_MOVES + m] as usize) << b)
            + self.flips[((e << b) + f) * N_MOVES + m] as usize
    }
}
