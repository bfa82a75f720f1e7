//! The parts every slice coordinate is ranked with, and cubes made back from them: 4-subsets of 8
//! and 12 places by bit mask, masks compressed to the places left, the E-slice pieces' order. The
//! coordinates themselves ([`super::coords::SliceCoords`] and the edge coordinates' modules) are
//! sums and products of these.

use super::edge_masks::{Compress, M_SLICE};
use super::fast_cube::{order_ranks, FastCube};
use crate::cube3::cubie::CubieCube;

/// Corner pieces of the first tetrad (URF, ULB, DLF, DRB); the others are the second.
const TETRAD: [u8; 4] = [0, 2, 5, 7];

/// Ranks of 4-subsets by mask, in increasing mask order.
pub struct Combinations {
    pub rank: Vec<u16>,
    pub masks: Vec<u16>,
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

/// The ranking parts, made once (67 KB: the compressions are most of it).
pub struct Ranks {
    /// 4 of 8: the tetrad's (or U layer's) corner places, the M-slice edges among the eight left.
    pub comb8: Combinations,
    /// 4 of 12: the E-slice edges' places.
    pub comb12: Combinations,
    pub compress: Box<Compress>,
    /// The E-slice order's rank (0..24) from [`FastCube::e_pieces`]'s code.
    pub order_rank: [u8; 256],
}

impl Ranks {
    pub(super) fn new() -> Ranks {
        Ranks {
            comb8: Combinations::new(8),
            comb12: Combinations::new(12),
            compress: Box::new(Compress::new()),
            order_rank: order_ranks(),
        }
    }

    /// The edges' places (E-slice places 495, M-slice places among the rest 70) from the E- and
    /// M-slice masks.
    #[inline(always)]
    pub fn places_of_masks(&self, e: usize, m: usize) -> usize {
        let rest = self.compress.of(m, 0xfff & !e);
        self.comb12.rank[e] as usize * 70 + self.comb8.rank[rest] as usize
    }

    /// The E-slice edges' places and order (495 x 24) of a cube whose E-slice mask is `e`.
    #[inline(always)]
    pub fn e_places_order(&self, c: &FastCube, e: usize) -> usize {
        self.comb12.rank[e] as usize * 24 + self.order_rank[c.e_pieces(e)] as usize
    }

    /// A cube whose tetrad's (or, with `layers`, U layer's) places and twist are `x` (70 x
    /// 2,187) and whose corner permutation has parity `parity` (edges solved).
    pub fn tetrad_cube(&self, layers: bool, x: usize, parity: u8) -> CubieCube {
        let mut c = CubieCube::SOLVED;
        let mask = self.comb8.masks[x / 2187];
        let (mut a, mut b) = (0, 0);
        let (set, others) = if layers {
            ([0u8, 1, 2, 3], [4u8, 5, 6, 7])
        } else {
            (TETRAD, [1u8, 3, 4, 6])
        };
        for i in 0..8 {
            if mask >> i & 1 == 1 {
                c.cp[i] = set[a];
                a += 1;
            } else {
                c.cp[i] = others[b];
                b += 1;
            }
        }
        if crate::coord::perm_parity(&c.cp) != parity {
            // Two pieces of one tetrad swapped: the same places, the other parity.
            let first: Vec<usize> = (0..8).filter(|&i| mask >> i & 1 == 1).take(2).collect();
            c.cp.swap(first[0], first[1]);
        }
        c.set_twist(x % 2187);
        c
    }

    /// A cube with places `x` (E slice 495 x M slice 70), the E-slice pieces flipped as `flips`
    /// says in position order, and corners solved.
    pub fn places_cube(&self, x: usize, flips: usize) -> CubieCube {
        let e_mask = self.comb12.masks[x / 70];
        let m_mask = self.comb8.masks[x % 70];
        let mut c = CubieCube::SOLVED;
        let (mut e, mut m, mut s, mut rest, mut k) = (8u8, 0, 0, 0, 0);
        let s_slice = [0u8, 2, 4, 6];
        let mut parity = 0;
        for i in 0..12 {
            c.eo[i] = 0;
            if e_mask >> i & 1 == 1 {
                c.ep[i] = e;
                c.eo[i] = (flips >> k & 1) as u8;
                parity ^= c.eo[i];
                e += 1;
                k += 1;
            } else {
                if m_mask >> rest & 1 == 1 {
                    c.ep[i] = M_SLICE[m];
                    m += 1;
                } else {
                    c.ep[i] = s_slice[s];
                    s += 1;
                }
                rest += 1;
            }
        }
        // Untracked flips keep the total even, so that the cube is a real one.
        if parity == 1 {
            let i = (0..12).find(|&i| e_mask >> i & 1 == 0).unwrap_or(0);
            c.eo[i] = 1;
        }
        c
    }
}
