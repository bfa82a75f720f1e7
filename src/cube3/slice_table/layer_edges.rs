//! vcube's edge coordinate (its tables `208` and `112`'s kin, [`super::Shape::layers`]): which
//! positions hold the E-slice edges (495), their order there (24) and, with flips, the flips of
//! the eight U-D edges in position order (256). The E-slice edges' own flips are not kept: the
//! group then holds every E-slice flip, and its member count stays a power of two apart from the
//! table's 2 bits an entry.
//!
//! Relabelling by a member of the group (U-D edges among themselves, unflipped; E-slice edges in
//! place) changes none of it, and a U or D turn is such a member; the symmetries that keep the U-D
//! axis take the group to itself.

use super::edge_masks::EdgeSym;
use super::fast_cube::{FastCube, ORDERS};
use super::ranks::Ranks;
use crate::cube3::cubie::CubieCube;

/// The edge coordinate of `c`: (E-slice places x 24 + order) x 256 + U-D flips (flips only with
/// `flips`).
#[inline(always)]
pub fn layer_edge(r: &Ranks, flips: bool, c: &FastCube) -> usize {
    let (e, _, _) = c.edge_masks();
    let places = r.e_places_order(c, e);
    if flips {
        places * 256 + r.compress.of(c.orientations(), 0xfff & !e)
    } else {
        places
    }
}

/// The edge coordinate of `S c S^-1`, S the symmetry `sym`: the places and order conjugated by
/// `conj` (a table of 760 KB, 11,880 x 16 x 2 bytes), the orientations' bits moved as the
/// symmetry moves them (no table), then those of the U-D edges picked out.
#[inline(always)]
pub fn layer_view_edge(
    r: &Ranks,
    flips: bool,
    sym: &EdgeSym,
    c: &FastCube,
    conj: impl Fn(usize) -> usize,
) -> usize {
    let (e, m, _) = c.edge_masks();
    let turned = conj(r.e_places_order(c, e));
    if flips {
        let e2 = r.comb12.masks[turned / 24] as usize;
        let eo2 = sym.turn_orientations(c.orientations(), e, m);
        turned * 256 + r.compress.of(eo2, 0xfff & !e2)
    } else {
        turned
    }
}

/// The U-D edges' flips conjugated by each symmetry, `[(e * 256 + f) * 16 + s]` for the E-slice
/// places `e` and flips `f` (`per` values): by the masks, as [`layer_view_edge`] turns them, not by
/// conjugating 2 million cubes, which took 0.1 s of every start (`tests/cube3_layers.rs` checks
/// it against the cubes).
pub fn layer_flips_conj(r: &Ranks, per: usize, syms: &[EdgeSym]) -> Vec<u8> {
    let mut out = Vec::with_capacity(495 * per * syms.len());
    for x in 0..495 * per {
        let c = FastCube::from_cubie(&layer_edge_cube(r, per, x / per * 24 * per + x % per));
        let (e, m, _) = c.edge_masks();
        for sym in syms {
            let (e2, _, _) = sym.turn(e, m, 0);
            let eo2 = sym.turn_orientations(c.orientations(), e, m);
            out.push(r.compress.of(eo2, 0xfff & !e2) as u8);
        }
    }
    out
}

/// A cube with edge coordinate `x` (`per` flip values; corners solved): the E-slice edges at
/// their places in their order, the U-D edges in the rest in piece order with their flips.
pub fn layer_edge_cube(r: &Ranks, per: usize, x: usize) -> CubieCube {
    let (places, flips) = (x / per, x % per);
    let e_mask = r.comb12.masks[places / 24];
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
    // The corners' parity is solved's: the edges' must be too, for a real cube. Two U-D edges
    // swapped change nothing kept (their flips go with their places).
    if crate::coord::perm_parity(&c.ep) != 0 {
        let ud: Vec<usize> = (0..12).filter(|&i| e_mask >> i & 1 == 0).take(2).collect();
        c.ep.swap(ud[0], ud[1]);
    }
    c
}
