//! Which parts of the group a slice table keeps ([`Shape`]): the rungs of its size ladder
//! (`super::SIZES`), and the values each part of the coordinates takes.

use super::corner_cosets::COSETS;
use super::fast_cube::{TETRAD_BITS, U_LAYER_BITS};

/// Which parts of the group a table keeps (its size ladder, [`super::TableSize`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub parity: bool,
    pub flips: bool,
    /// Reduced by all 48 symmetries (only without flips, whose E-slice the other 32 move): a
    /// third of the entries, and one look-up serves the three axes.
    pub all_syms: bool,
    /// The corners placed as in the half-turn group (its 420 cosets, the parity among them):
    /// three times the entries of `parity`, which it replaces.
    pub half_turns: bool,
    /// vcube's coordinates instead of the slices' (`layer_edges`): the corners by U-D layer
    /// (70) and twist, the E-slice edges' places and order (495 x 24) and, with `flips`, the
    /// U-D edges' flips (256). Its group holds the U and D turns and no other half turn, so each
    /// axis's view keeps its own face turns (`SliceSearch`'s rules take them from the
    /// coordinates).
    pub layers: bool,
    /// The parity of each slice's pieces' flips as every axis sees them (`slice_flips`; 4 values),
    /// which all 48 symmetries keep, unlike `flips`.
    pub slice_flips: bool,
    /// nissy's H48 hk: an entry is the least distance to H11 (H48 with every edge unflipped)
    /// over the cubes of its coordinate, which keeps the flips (as every axis sees them) of the
    /// first `flip_min` positions. Not a coset's: built by `flip_min`'s search, not the line BFS.
    pub h11: bool,
    pub flip_min: u8,
}

impl Shape {
    /// The rows come in pairs, a class and the parity with it (the parity kept beside the
    /// classes, not in them).
    pub(super) fn parity_rows(&self) -> bool {
        self.parity && !self.half_turns
    }

    /// Values of the corners' places: the tetrad's (70) or their half-turn cosets (420).
    pub fn places(&self) -> usize {
        if self.half_turns {
            COSETS
        } else {
            70
        }
    }

    /// The corner pieces whose places the coordinate keeps, as bits: a tetrad or the U layer.
    pub fn corner_set(&self) -> u32 {
        if self.layers {
            U_LAYER_BITS
        } else {
            TETRAD_BITS
        }
    }

    /// Values of the edges' places beyond the E slice's: the M-slice edges' places among the
    /// other eight (70), or the E-slice edges' order (24).
    pub fn beyond_e(&self) -> usize {
        if self.layers {
            24
        } else {
            70
        }
    }

    /// Values of the flips kept: none (1), the slices' parities (4), the E-slice edges' (16) or the
    /// U-D edges' (256).
    pub fn flip_values(&self) -> usize {
        match (self.flips, self.layers) {
            (false, _) if self.h11 => 1 << self.flip_min,
            (false, _) if self.slice_flips => 4,
            (false, _) => 1,
            (true, false) => 16,
            (true, true) => 256,
        }
    }

    /// Values of the edge coordinate: E-slice places, what lies beyond them, flips.
    pub fn edges(&self) -> usize {
        495 * self.beyond_e() * self.flip_values()
    }
}
