//! vcube's edge coordinate (its tables `208` and `112`'s kin, [`super::Shape::layers`]): which
//! positions hold the E-slice edges (495), their order there (24) and, with flips, the flips of
//! the eight U-D edges in position order (256). The E-slice edges' own flips are not kept: the
//! group then holds every E-slice flip, and its member count stays a power of two apart from the
//! table's 2 bits an entry.
//!
//! Relabelling by a member of the group (U-D edges among themselves, unflipped; E-slice edges in
//! place) changes none of it, and a U or D turn is such a member; the symmetries that keep the U-D
//! axis take the group to itself.

use super::coords::{SliceCoords, SYM_BITS, SYM_MASK};
use super::fast_cube::{FastCube, ORDERS};
use crate::cube3::cubie::CubieCube;

impl SliceCoords {
    /// The edge coordinate of `c`: (E-slice places x 24 + order) x 256 + U-D flips (flips only
    /// with `flips`).
    #[inline(always)]
    pub(super) fn layer_edge(&self, c: &FastCube) -> usize {
        let (e, _, _) = c.edge_masks();
        let places = self.comb12.rank[e] as usize * 24 + self.order_rank[c.e_pieces(e)] as usize;
        if self.shape.flips() {
            places * 256 + self.compress.of(c.orientations(), 0xfff & !e)
        } else {
            places
        }
    }

    /// [`SliceCoords::view_index`] for these coordinates: the places and order conjugated by the
    /// symmetry in a table of 760 KB (11,880 x 16 x 2 bytes), the orientations' bits moved as the
    /// symmetry moves them (no table), then those of the U-D edges picked out.
    #[inline(always)]
    pub(super) fn layer_view_index(&self, c: &FastCube, class_sym: usize) -> usize {
        let (row, s) = (class_sym >> SYM_BITS, class_sym & SYM_MASK);
        let (e, m, _) = c.edge_masks();
        let places = self.comb12.rank[e] as usize * 24 + self.order_rank[c.e_pieces(e)] as usize;
        let turned = self.places_conj[places * self.group.len() + s] as usize;
        let edge = if self.shape.flips() {
            let e2 = self.comb12.masks[turned / 24] as usize;
            let eo2 = self.edge_syms[s].turn_orientations(c.orientations(), e, m);
            turned * 256 + self.compress.of(eo2, 0xfff & !e2)
        } else {
            turned
        };
        row * self.n_edge + edge
    }

    /// The U-D edges' flips conjugated by each symmetry, `[(e * 256 + f) * 16 + s]` for the E-slice
    /// places `e` and flips `f` (the build's [`SliceCoords::conjugate_edge`]): by the masks, as
    /// [`SliceCoords::layer_view_index`] turns them, not by conjugating 2 million cubes, which took
    /// 0.1 s of every start (`tests/cube3_layers.rs` checks it against the cubes).
    pub(super) fn layer_flips_conj(&self) -> Vec<u8> {
        let per = self.shape.flip_values();
        let mut out = Vec::with_capacity(495 * per * self.edge_syms.len());
        for x in 0..495 * per {
            let c = FastCube::from_cubie(&self.layer_edge_cube(x / per * 24 * per + x % per));
            let (e, m, _) = c.edge_masks();
            for sym in &self.edge_syms {
                let (e2, _, _) = sym.turn(e, m, 0);
                let eo2 = sym.turn_orientations(c.orientations(), e, m);
                out.push(self.compress.of(eo2, 0xfff & !e2) as u8);
            }
        }
        out
    }

    /// A cube with edge coordinate `x` (corners solved): the E-slice edges at their places in
    /// their order, the U-D edges in the rest in piece order with their flips.
    pub(super) fn layer_edge_cube(&self, x: usize) -> CubieCube {
        let per = self.shape.flip_values();
        let (places, flips) = (x / per, x % per);
        let e_mask = self.comb12.masks[places / 24];
        let order = ORDERS[places % 24];
        let mut c = CubieCube::SOLVED;
        let (mut e, mut ud, mut odd) = (0, 0, 0);
        for i in 0..12 {
            if e_mask >> i & 1 == 1 {
                c.ep[i] = 8 + order[e];
                c.eo[i] = 0;
                e += 1;
            } else {
                c.ep[i] = ud as u8;
                c.eo[i] = (flips >> ud & 1) as u8;
                odd ^= c.eo[i];
                ud += 1;
            }
        }
        // The E-slice flips are not kept: one of them keeps the total even.
        if odd == 1 {
            let i = (0..12).find(|&i| e_mask >> i & 1 == 1).unwrap_or(0);
            c.eo[i] = 1;
        }
        // The corners' parity is solved's: the edges' must be too, for a real cube. Two U-D
        // edges swapped change nothing kept (their flips go with their places).
        if crate::coord::perm_parity(&c.ep) != 0 {
            let ud: Vec<usize> = (0..12).filter(|&i| e_mask >> i & 1 == 0).take(2).collect();
            c.ep.swap(ud[0], ud[1]);
        }
        c
    }
}
