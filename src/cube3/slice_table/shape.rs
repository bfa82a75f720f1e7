//! Which parts of the group a slice table keeps ([`Shape`]): what its corner coordinate keeps
//! ([`Corners`]) and what its edge coordinate keeps ([`Edges`]), the rungs of its size ladder
//! (`super::SIZES`), and the values each part of the coordinates takes.

use super::corner_cosets::COSETS;
use super::fast_cube::{TETRAD_BITS, U_LAYER_BITS};

/// What the corner coordinate keeps beside the twist (2,187).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corners {
    /// Which places hold the tetrad {URF, ULB, DLF, DRB} (with vcube's edges, the U layer's
    /// pieces): 70.
    Places,
    /// The places and the permutation's parity, kept beside the classes: two rows a class.
    PlacesParity,
    /// The places as in the half-turn group: its 420 cosets, the parity among them (three times
    /// the entries of `PlacesParity`, which it replaces).
    HalfTurns,
}

/// What the edge coordinate keeps beside the E-slice edges' places (495).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edges {
    /// The M-slice edges' places among the other eight (70).
    Slices,
    /// The slices' places and the parity of each slice's flips as every axis sees it (4; see
    /// `slice_flips`), which all 48 symmetries keep.
    SliceFlips,
    /// The slices' places and the flips of the first `k` positions as every axis sees them,
    /// an entry the least distance to H11 (H48 with every edge unflipped) over the cubes of its
    /// coordinate: nissy's H48 with `k` flips, its files `h<k>`. Not a coset's: built by
    /// `flip_min`'s search, not the line BFS.
    FlipMin(u8),
    /// The slices' places and the E-slice edges' flips in position order (16), which only the 16
    /// U-D symmetries keep.
    Flips,
    /// vcube's coordinates (`layer_edges`): the E-slice edges' order (24), the corners by U-D
    /// layer. Its group holds the U and D turns and no other half turn, so each axis's view
    /// keeps its own face turns (`SliceSearch`'s rules take them from the coordinates).
    Layers,
    /// vcube's coordinates and the U-D edges' flips (256).
    LayerFlips,
}

/// Which parts of the group a table keeps (its size ladder, [`super::TableSize`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub corners: Corners,
    pub edges: Edges,
}

impl Shape {
    pub const fn new(corners: Corners, edges: Edges) -> Shape {
        Shape { corners, edges }
    }

    /// Whether the corners' parity is kept (beside the classes, or among the half-turn cosets).
    pub const fn parity(&self) -> bool {
        !matches!(self.corners, Corners::Places)
    }

    pub const fn half_turns(&self) -> bool {
        matches!(self.corners, Corners::HalfTurns)
    }

    /// The rows come in pairs, a class and the parity with it (the parity kept beside the
    /// classes, not in them).
    pub(super) const fn parity_rows(&self) -> bool {
        matches!(self.corners, Corners::PlacesParity)
    }

    /// Whether flips are kept along one axis (which only the 16 U-D symmetries keep).
    pub const fn flips(&self) -> bool {
        matches!(self.edges, Edges::Flips | Edges::LayerFlips)
    }

    /// vcube's coordinates.
    pub const fn layers(&self) -> bool {
        matches!(self.edges, Edges::Layers | Edges::LayerFlips)
    }

    /// Reduced by all 48 symmetries (a third of the entries, and one look-up serves the three
    /// axes) where the coordinates allow: not with flips along one axis, whose E slice the other
    /// 32 move, nor with vcube's, whose group holds the U and D turns alone.
    pub const fn all_syms(&self) -> bool {
        !self.flips() && !self.layers()
    }

    /// Values of the corners' places: the tetrad's (70) or their half-turn cosets (420).
    pub fn places(&self) -> usize {
        if self.half_turns() {
            COSETS
        } else {
            70
        }
    }

    /// The corner pieces whose places the coordinate keeps, as bits: a tetrad or the U layer.
    pub fn corner_set(&self) -> u32 {
        if self.layers() {
            U_LAYER_BITS
        } else {
            TETRAD_BITS
        }
    }

    /// Values of the edges' places beyond the E slice's: the M-slice edges' places among the
    /// other eight (70), or the E-slice edges' order (24).
    pub fn beyond_e(&self) -> usize {
        if self.layers() {
            24
        } else {
            70
        }
    }

    /// Values of the flips kept.
    pub fn flip_values(&self) -> usize {
        match self.edges {
            Edges::Slices | Edges::Layers => 1,
            Edges::SliceFlips => 4,
            Edges::FlipMin(k) => 1 << k,
            Edges::Flips => 16,
            Edges::LayerFlips => 256,
        }
    }

    /// Values of the edge coordinate: E-slice places, what lies beyond them, flips.
    pub fn edges(&self) -> usize {
        495 * self.beyond_e() * self.flip_values()
    }

    /// Classes of the corner coordinate (the table's rows) under the shape's symmetries, 48 or
    /// 16 (a test checks them against [`super::SliceCoords`]'s own count).
    pub const fn corner_classes(&self) -> usize {
        match (self.corners, self.edges) {
            (Corners::Places, Edges::Layers | Edges::LayerFlips) => 9_930,
            (Corners::Places, Edges::Flips) => 9_996,
            (Corners::PlacesParity, Edges::Flips) => 19_992,
            (Corners::Places, _) => 3_393,
            (Corners::PlacesParity, _) => 6_786,
            (Corners::HalfTurns, Edges::Slices | Edges::SliceFlips | Edges::FlipMin(_)) => 19_926,
            _ => panic!("no table of this shape has been counted"),
        }
    }

    /// The table's file, named by its parts (the names tables have been kept under).
    pub fn file(&self) -> String {
        let corners = match self.corners {
            Corners::Places => "",
            Corners::PlacesParity => "-parity",
            Corners::HalfTurns => "-halves",
        };
        let edges = match self.edges {
            Edges::Slices | Edges::Layers => String::new(),
            Edges::SliceFlips => "-flip-parities".into(),
            Edges::FlipMin(k) => format!("-h{k}"),
            Edges::Flips | Edges::LayerFlips => "-flips".into(),
        };
        let kind = if self.layers() { "layers" } else { "slices" };
        let syms = if self.all_syms() { "-48" } else { "" };
        format!("cube3-{kind}{corners}{edges}{syms}.bin")
    }

    /// The key a kept table is checked against: each part as a bit, as tables have been kept.
    pub(super) fn key(&self) -> u64 {
        let flip_min = match self.edges {
            Edges::FlipMin(k) => k,
            _ => 0,
        };
        self.parity() as u64
            | (self.flips() as u64) << 1
            | (self.all_syms() as u64) << 2
            | (self.half_turns() as u64) << 3
            | (self.layers() as u64) << 4
            | ((self.edges == Edges::SliceFlips) as u64) << 5
            | (matches!(self.edges, Edges::FlipMin(_)) as u64) << 6
            | (flip_min as u64) << 7
    }
}
