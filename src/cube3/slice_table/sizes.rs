//! The size ladder of the slice table ([`SIZES`]): each size's shape, bytes, file, and the speed
//! and build time cube3-opt quotes for it; which size a budget or the kept tables pick.

use super::shape::Shape;
use crate::bytes::show;
use crate::dist_table::line_table;
use std::path::Path;

/// A table size on the ladder: its shape (which gives its rows, bytes and file) and what
/// cube3-opt quotes for it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableSize {
    pub shape: Shape,
    /// The mean seconds of a 17-move cube of nissy's benchmark on 2 threads (docs/performance.md,
    /// "cube3-opt's sizes"), for telling a user what a bigger size would give.
    pub seconds_17: f64,
    /// The same at 18 moves where measured (the two largest sizes; most random cubes need 18).
    pub seconds_18: Option<f64>,
    /// The build's seconds on 2 threads (`bench cube3-build`), for its time left and for telling
    /// a user how long a bigger size takes.
    pub build_seconds_2: f64,
}

/// A size of `shape` with its seconds: a 17-move cube's, an 18-move cube's where measured, and
/// its build's, each on 2 threads.
const fn size(shape: Shape, seconds_17: f64, seconds_18: Option<f64>, build: f64) -> TableSize {
    TableSize {
        shape,
        seconds_17,
        seconds_18,
        build_seconds_2: build,
    }
}

use super::shape::Corners::{HalfTurns, Places, PlacesParity};
use super::shape::Edges::{FlipMin, Flips, LayerFlips, Layers, SliceFlips, Slices};

// Measured by `bench cube3-sizes` on this project's machine, 2 threads (docs/performance.md,
// "cube3-opt's sizes"); nissy's kind (`Edges::FlipMin`) on all 25 of nissy's 17-move scrambles.
/// The ladder, smallest first.
pub const SIZES: [TableSize; 8] = [
    size(Shape::new(Places, Slices), 37.1, None, 4.3),
    size(Shape::new(PlacesParity, Slices), 21.5, None, 11.0),
    size(Shape::new(Places, FlipMin(2)), 9.5, None, 74.0),
    size(Shape::new(Places, FlipMin(3)), 5.6, None, 86.0),
    size(Shape::new(HalfTurns, SliceFlips), 3.7, None, 149.0),
    size(Shape::new(Places, Flips), 1.50, None, 213.0),
    size(Shape::new(PlacesParity, Flips), 0.46, Some(7.6), 524.0),
    size(Shape::new(Places, LayerFlips), 0.34, Some(3.1), 1330.0),
];

/// The corners placed as half turns place them, reduced by all 48 symmetries (166 MB): the small
/// size CI proves the half-turn corners on (the ladder's 664 MB size adds the slices' flips, and
/// beats this one at both lengths measured at two thirds of its size: docs/performance.md).
pub const HALVES_SMALL: TableSize = size(Shape::new(HalfTurns, Slices), 12.3, None, 22.0);

/// The slices' flip parities at their smallest (113 MB; [`super::Edges::SliceFlips`]): the size CI
/// proves them on, beside the group written out (the ladder's 664 MB size keeps them with the
/// half-turn corners; at 113 and 226 MB nissy's kind of table beats them: docs/performance.md).
pub const FLIP_PARITIES_SMALL: TableSize = size(Shape::new(Places, SliceFlips), 13.9, None, 29.0);

/// vcube's coordinates without the flips ([`super::Edges::Layers`]; 30 MB): the small size CI proves
/// those coordinates and the search's rules for them on (the ladder's 7.1 GiB size adds the U-D
/// edges' flips).
pub const LAYERS_SMALL: TableSize = size(Shape::new(Places, Layers), 0.0, None, 4.0);

/// The default budget: 4 GiB (the 2.6 GiB size fits; the 7.1 GiB one, built in about 22 minutes,
/// is built only when asked for or used when already kept).
pub const DEFAULT_BUDGET: u64 = 4 << 30;

impl TableSize {
    pub fn entries(&self) -> usize {
        self.shape.corner_classes() * self.shape.edges()
    }

    /// The table's file (see [`Shape::file`]).
    pub fn file(&self) -> String {
        self.shape.file()
    }

    pub fn bytes(&self) -> u64 {
        ((self.entries() + line_table::PER_LINE - 1) / line_table::PER_LINE * 64) as u64
    }

    /// The largest size within `budget` bytes, or why none is.
    pub fn within(budget: u64) -> Result<TableSize, String> {
        SIZES
            .iter()
            .rev()
            .find(|s| s.bytes() <= budget)
            .copied()
            .ok_or_else(|| {
                format!(
                    "the smallest table takes {}; a budget of {} is too small",
                    show(SIZES[0].bytes() as u128),
                    show(budget as u128)
                )
            })
    }

    /// Without `--table-size`: the largest size already kept in `dir` that fits in `memory`
    /// bytes, so that a table once built is used again; where none is kept, the largest within
    /// the default budget and `memory`, to be built.
    pub fn kept_or_default(dir: Option<&Path>, memory: u64) -> Result<TableSize, String> {
        let kept = dir.and_then(|d| {
            SIZES
                .iter()
                .rev()
                .find(|s| s.bytes() <= memory && d.join(s.file()).is_file())
        });
        match kept {
            Some(s) => Ok(*s),
            None => TableSize::within(DEFAULT_BUDGET.min(memory)),
        }
    }

    /// The sizes above this one that fit in `memory` bytes, smallest first.
    pub fn bigger(&self, memory: u64) -> Vec<TableSize> {
        SIZES
            .iter()
            .filter(|s| s.bytes() > self.bytes() && s.bytes() <= memory)
            .copied()
            .collect()
    }

    /// The build's expected seconds on `threads` threads: its time on this project's machine's 2
    /// (docs/performance.md), shared among the threads.
    pub fn build_seconds(&self, threads: usize) -> f64 {
        self.build_seconds_2 * 2.0 / threads.max(1) as f64
    }

    /// A `--table-size` value that picks this size (its bytes, rounded up to a megabyte).
    pub fn flag_value(&self) -> String {
        format!("{}M", (self.bytes() + (1 << 20) - 1) >> 20)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Without `--table-size`: the largest table kept that fits the memory, else the default.
    #[test]
    fn the_largest_kept_table_that_fits_is_used() {
        let dir = std::env::temp_dir().join(format!("cube3-sizes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let plenty = 64 << 30;
        // Nothing kept: the default budget's size, or less where the memory is less.
        assert_eq!(TableSize::kept_or_default(Some(&dir), plenty), Ok(SIZES[6]));
        assert_eq!(TableSize::kept_or_default(None, plenty), Ok(SIZES[6]));
        assert_eq!(
            TableSize::kept_or_default(Some(&dir), SIZES[2].bytes()),
            Ok(SIZES[2])
        );
        // The two smallest kept: the larger of them, and the bigger sizes named.
        for s in &SIZES[..2] {
            std::fs::write(dir.join(s.file()), b"").unwrap();
        }
        let used = TableSize::kept_or_default(Some(&dir), plenty).unwrap();
        assert_eq!(used, SIZES[1]);
        assert_eq!(used.bigger(plenty), SIZES[2..].to_vec());
        assert_eq!(used.bigger(SIZES[2].bytes()), vec![SIZES[2]]);
        // A kept table that does not fit the memory is passed over.
        assert_eq!(
            TableSize::kept_or_default(Some(&dir), SIZES[1].bytes() - 1),
            Ok(SIZES[0])
        );
        // The flag a size is offered with picks that size.
        for s in SIZES {
            let budget = crate::bytes::parse(&s.flag_value()).unwrap();
            assert_eq!(TableSize::within(budget), Ok(s), "{}", s.flag_value());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
