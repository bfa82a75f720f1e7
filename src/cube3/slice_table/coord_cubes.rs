//! Cubes with given slice coordinates: the representatives the move tables, the symmetry classes
//! and the tests start from.

use super::coords::{SliceCoords, TETRAD};
use super::edge_masks::M_SLICE;
use super::shape::Edges;
use crate::cube3::cubie::CubieCube;

impl SliceCoords {
    /// A cube with corner coordinate `x` (edges solved).
    pub fn corner_cube(&self, x: usize) -> CubieCube {
        if self.shape.half_turns() {
            let mut c = CubieCube::SOLVED;
            c.cp = self.cosets.rep(x / 2187);
            c.set_twist(x % 2187);
            return c;
        }
        if self.shape.parity() {
            self.tetrad_cube(x / 2, (x % 2) as u8)
        } else {
            self.tetrad_cube(x, 0)
        }
    }

    /// A cube whose tetrad's (or U layer's) places and twist are `x` (70 x 2,187) and whose
    /// corner permutation has parity `parity` (edges solved).
    pub(super) fn tetrad_cube(&self, x: usize, parity: u8) -> CubieCube {
        let mut c = CubieCube::SOLVED;
        let mask = self.comb8.masks[x / 2187];
        let (mut a, mut b) = (0, 0);
        let (set, others) = if self.shape.layers() {
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

    /// A cube with edge coordinate `x` (corners solved).
    pub fn edge_cube(&self, x: usize) -> CubieCube {
        match self.shape.edges {
            Edges::Layers | Edges::LayerFlips => self.layer_edge_cube(x),
            Edges::SliceFlips => self.slice_flip_cube(self.places_cube(x / 4, 0), x % 4),
            Edges::FlipMin(k) => self.places_cube(x >> k, 0),
            Edges::Flips => self.places_cube(x / 16, x % 16),
            Edges::Slices => self.places_cube(x, 0),
        }
    }

    /// A cube with places `x` (E slice 495 x M slice 70), the E-slice pieces flipped as `flips`
    /// says in position order, and corners solved.
    pub(super) fn places_cube(&self, x: usize, flips: usize) -> CubieCube {
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
