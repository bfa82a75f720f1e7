//! The size ladder of the slice table ([`SIZES`]): each size's shape, bytes, file, and the speed
//! and build time cube3-opt quotes for it; which size a budget or the kept tables pick.

use super::shape::Shape;
use crate::bytes::show;
use crate::dist_table::line_table;
use std::path::Path;

/// A table size on the ladder: its shape, its bytes and its file.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableSize {
    pub shape: Shape,
    /// Corner classes under the shape's symmetries, 48 or 16 (checked against [`SliceCoords`] by a
    /// test).
    pub corner_classes: usize,
    pub file: &'static str,
    /// The mean seconds of a 17-move cube of nissy's benchmark on 2 threads (docs/performance.md,
    /// "cube3-opt's sizes"), for telling a user what a bigger size would give.
    pub seconds_17: f64,
    /// The same at 18 moves where measured (the two largest sizes; most random cubes need 18).
    pub seconds_18: Option<f64>,
    /// The build's seconds on 2 threads (`bench cube3-build`), for its time left and for telling
    /// a user how long a bigger size takes.
    pub build_seconds_2: f64,
}

// Measured by `bench cube3-sizes` on this project's machine, 2 threads (docs/performance.md,
// "cube3-opt's sizes").
const S48: f64 = 37.1;
const SP48: f64 = 21.5;
const SF: f64 = 1.50;
const SPF: f64 = 0.46;
const SLF: f64 = 0.34;
// nissy's kind (`Shape::h11`): all 25 of nissy's 17-move scrambles.
const H2: f64 = 9.5;
const H3: f64 = 5.6;
const SH48F: f64 = 3.7;

/// The ladder, smallest first.
pub const SIZES: [TableSize; 8] = [
    TableSize {
        shape: Shape {
            parity: false,
            flips: false,
            all_syms: true,
            half_turns: false,
            layers: false,
            slice_flips: false,
            h11: false,
            flip_min: 0,
        },
        corner_classes: 3_393,
        file: "cube3-slices-48.bin",
        seconds_17: S48,
        seconds_18: None,
        build_seconds_2: 4.3,
    },
    TableSize {
        shape: Shape {
            parity: true,
            flips: false,
            all_syms: true,
            half_turns: false,
            layers: false,
            slice_flips: false,
            h11: false,
            flip_min: 0,
        },
        corner_classes: 6_786,
        file: "cube3-slices-parity-48.bin",
        seconds_17: SP48,
        seconds_18: None,
        build_seconds_2: 11.0,
    },
    TableSize {
        shape: Shape {
            parity: false,
            flips: false,
            all_syms: true,
            half_turns: false,
            layers: false,
            slice_flips: false,
            h11: true,
            flip_min: 2,
        },
        corner_classes: 3393,
        file: "cube3-slices-h2-48.bin",
        seconds_17: H2,
        seconds_18: None,
        build_seconds_2: 74.0,
    },
    TableSize {
        shape: Shape {
            parity: false,
            flips: false,
            all_syms: true,
            half_turns: false,
            layers: false,
            slice_flips: false,
            h11: true,
            flip_min: 3,
        },
        corner_classes: 3393,
        file: "cube3-slices-h3-48.bin",
        seconds_17: H3,
        seconds_18: None,
        build_seconds_2: 86.0,
    },
    TableSize {
        shape: Shape {
            parity: true,
            flips: false,
            all_syms: true,
            half_turns: true,
            layers: false,
            slice_flips: true,
            h11: false,
            flip_min: 0,
        },
        corner_classes: 19926,
        file: "cube3-slices-halves-flip-parities-48.bin",
        seconds_17: SH48F,
        seconds_18: None,
        build_seconds_2: 149.0,
    },
    TableSize {
        shape: Shape {
            parity: false,
            flips: true,
            all_syms: false,
            half_turns: false,
            layers: false,
            slice_flips: false,
            h11: false,
            flip_min: 0,
        },
        corner_classes: 9_996,
        file: "cube3-slices-flips.bin",
        seconds_17: SF,
        seconds_18: None,
        build_seconds_2: 213.0,
    },
    TableSize {
        shape: Shape {
            parity: true,
            flips: true,
            all_syms: false,
            half_turns: false,
            layers: false,
            slice_flips: false,
            h11: false,
            flip_min: 0,
        },
        corner_classes: 19_992,
        file: "cube3-slices-parity-flips.bin",
        seconds_17: SPF,
        seconds_18: Some(7.6),
        build_seconds_2: 524.0,
    },
    TableSize {
        shape: Shape {
            parity: false,
            flips: true,
            all_syms: false,
            half_turns: false,
            layers: true,
            slice_flips: false,
            h11: false,
            flip_min: 0,
        },
        corner_classes: 9_930,
        file: "cube3-layers-flips.bin",
        seconds_17: SLF,
        seconds_18: Some(3.1),
        build_seconds_2: 1330.0,
    },
];

/// The corners placed as half turns place them, reduced by all 48 symmetries (166 MB): the small
/// size CI proves the half-turn corners on (the ladder's 664 MB size adds the slices' flips, and
/// beats this one at both lengths measured at two thirds of its size: docs/performance.md).
pub const HALVES_SMALL: TableSize = TableSize {
    shape: Shape {
        parity: true,
        flips: false,
        all_syms: true,
        half_turns: true,
        layers: false,
        slice_flips: false,
        h11: false,
        flip_min: 0,
    },
    corner_classes: 19_926,
    file: "cube3-slices-halves-48.bin",
    seconds_17: 12.3,
    seconds_18: None,
    build_seconds_2: 22.0,
};

/// The slices' flip parities at their smallest (113 MB; [`Shape::slice_flips`]): the size CI
/// proves them on, beside the group written out (the ladder's 664 MB size keeps them with the
/// half-turn corners; at 113 and 226 MB nissy's kind of table beats them: docs/performance.md).
pub const FLIP_PARITIES_SMALL: TableSize = TableSize {
    shape: Shape {
        parity: false,
        flips: false,
        all_syms: true,
        half_turns: false,
        layers: false,
        slice_flips: true,
        h11: false,
        flip_min: 0,
    },
    corner_classes: 3393,
    file: "cube3-slices-flip-parities-48.bin",
    seconds_17: 13.9,
    seconds_18: None,
    build_seconds_2: 29.0,
};

/// vcube's coordinates without the flips ([`Shape::layers`]; 30 MB): the small size CI proves
/// those coordinates and the search's rules for them on (the ladder's 7.1 GiB size adds the U-D
/// edges' flips).
pub const LAYERS_SMALL: TableSize = TableSize {
    shape: Shape {
        parity: false,
        flips: false,
        all_syms: false,
        half_turns: false,
        layers: true,
        slice_flips: false,
        h11: false,
        flip_min: 0,
    },
    corner_classes: 9_930,
    file: "cube3-layers.bin",
    seconds_17: 0.0,
    seconds_18: None,
    build_seconds_2: 4.0,
};

/// The default budget: 4 GiB (the 2.6 GiB size fits; the 7.1 GiB one, built in about 22 minutes,
/// is built only when asked for or used when already kept).
pub const DEFAULT_BUDGET: u64 = 4 << 30;

impl TableSize {
    pub fn entries(&self) -> usize {
        self.corner_classes * self.shape.edges()
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
                .find(|s| s.bytes() <= memory && d.join(s.file).is_file())
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
            std::fs::write(dir.join(s.file), b"").unwrap();
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
