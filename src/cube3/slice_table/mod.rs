//! The optimal solver's big table (cube3-opt): distances to nissy's H48 group (corners in their
//! tetrads and twisted 0, edges in their slices), read on the cube and on its inverse.
//!
//! - `coords`: the coordinates and their symmetry tables ([`SliceCoords`]); `coord_moves`: their
//!   moves from their parts, kept as `move_parts`.
//! - `edge_masks`: the edge coordinate conjugated by a symmetry with no table to miss in cache.
//! - `edge_fallback`: the edges' own distance table (0.8 MB, nissy's eoesep), asked where the big
//!   table reads at or below its base ([`EdgeFallback`]).
//! - `fast_cube`: the search's cube, a byte a piece, products by byte shuffles ([`FastCube`]).
//! - The table is the library's [`LineTable`] (`dist_table::line_table`): 2 bits an entry relative
//!   to a base, a 4-bit fallback per cache line; the engine packs its big pattern databases into
//!   it too.
//! - `layer_edges`: vcube's edge coordinate (E-slice places and order, U-D edges' flips);
//!   `slice_flips`: the parity of each slice's flips, which all 48 symmetries keep.
//! - `line_bfs`: the table's breadth-first search, in its own layout and size.
//! - `slice_search`: the slice table's tree for the library's search, NISS ([`SliceSearch`]);
//!   `children`: a node's children, look-ups overlapped.
//!
//! The group is fixed by every symmetry the table is reduced by (all 48, or the 16 U-D ones), so
//! the table is a true distance table over cosets and a plain breadth-first search builds it, in
//! the table's own 2 bits an entry. Eight sizes ([`SIZES`]): reduced by all 48 symmetries, the
//! bare group (nissy's h0), with even permutations only, with each slice's flips even, with
//! both, and with the corners placed as half turns place them besides (three times the parity's
//! rows); then with the four E-slice edges unflipped, and with the parity besides, reduced by the
//! 16 U-D symmetries (which keep the E slice) and read along the three axes; and vcube's `208`
//! (`layer_edges`: corners by U-D layer, E-slice edges in place and order, U-D edges unflipped),
//! a group that holds the U and D turns but no other half turn, where the search's last-move rule
//! holds. (The half-turn corners alone, 166 MB, and with the E-slice flips, 7.7 GB, were sizes
//! until smaller ones beat them at both lengths measured: docs/performance.md.)
//! `--table-size` picks the largest that fits; a build resumes after an interruption
//! (`kept_levels`).

mod build_report;
mod children;
mod coord_cubes;
mod coord_moves;
pub mod coords;
pub mod corner_cosets;
pub mod edge_fallback;
pub mod edge_masks;
pub mod fast_cube;
mod half_turn_rows;
mod kept_levels;
mod layer_edges;
pub mod line_bfs;
mod move_parts;
mod shape;
mod slice_flips;
pub mod slice_search;

pub use self::coords::{Shape, SliceCoords};
pub use self::edge_fallback::EdgeFallback;
pub use self::fast_cube::FastCube;
pub use self::slice_search::SliceSearch;
use crate::dist_table::line_table::{self, LineTable};

use crate::bytes::show;
use crate::dist_table::sym_table::{ClassGraph, SymSpace, SymTable};
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
const S48F: f64 = 13.9;
const SP48F: f64 = 8.7;
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
            slice_flips: true,
        },
        corner_classes: 3393,
        file: "cube3-slices-flip-parities-48.bin",
        seconds_17: S48F,
        seconds_18: None,
        build_seconds_2: 29.0,
    },
    TableSize {
        shape: Shape {
            parity: true,
            flips: false,
            all_syms: true,
            half_turns: false,
            layers: false,
            slice_flips: true,
        },
        corner_classes: 6786,
        file: "cube3-slices-parity-flip-parities-48.bin",
        seconds_17: SP48F,
        seconds_18: None,
        build_seconds_2: 37.0,
    },
    TableSize {
        shape: Shape {
            parity: true,
            flips: false,
            all_syms: true,
            half_turns: true,
            layers: false,
            slice_flips: true,
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
    },
    corner_classes: 19_926,
    file: "cube3-slices-halves-48.bin",
    seconds_17: 12.3,
    seconds_18: None,
    build_seconds_2: 22.0,
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

const NAME: &str = "cube3 slice table";
const FALLBACK_NAME: &str = "cube3 edge fallback";
const FALLBACK_FILE: &str = "cube3-edges.bin";

/// The coordinates and the packed table of one size.
pub struct SliceTables {
    pub size: TableSize,
    pub coords: SliceCoords,
    pub table: LineTable,
    /// The edges' bound where the table reads at or below its base ([`edge_fallback`]); only
    /// without flips, where it pays (on the flips table it cost more time than it saved nodes:
    /// docs/performance.md, "Tables opened, not read, built within their size").
    pub fallback: Option<EdgeFallback>,
}

impl SliceTables {
    /// Reads the table of `size` from `dir` if it is there and sound; otherwise builds it on
    /// `threads` threads (a progress bar through `log`, a line a level) and saves it there.
    pub fn load_or_build(
        size: TableSize,
        dir: Option<&Path>,
        threads: usize,
        log: &mut dyn FnMut(&str),
    ) -> Self {
        let coords = SliceCoords::new(size.shape);
        let key = size.shape.parity as u64
            | (size.shape.flips as u64) << 1
            | (size.shape.all_syms as u64) << 2
            | (size.shape.half_turns as u64) << 3
            | (size.shape.layers as u64) << 4
            | (size.shape.slice_flips as u64) << 5;
        let path = dir.map(|d| d.join(size.file));
        let resume = path.as_ref().map(|p| line_bfs::Resume {
            path: p.with_extension("levels"),
            name: NAME.to_string(),
            key,
            min_seconds: 60.0,
        });
        let table = crate::table_keeping::cached(
            path.as_deref(),
            log,
            |p| LineTable::load(p, NAME, key, coords.entries()),
            |log| {
                // Named before the build's minutes, not after: the table is then this run's only.
                let free = dir.and_then(crate::disk_space::free_bytes);
                if let (Some(free), Some(d)) = (free.filter(|&f| f < size.bytes()), dir) {
                    log(&format!(
                        "the table takes {} and {} is free in {}: it is built for this run and \
                         not kept (free some space, or give --tables DIR on a larger disk)",
                        show(size.bytes() as u128),
                        show(free as u128),
                        d.display()
                    ));
                }
                build(
                    &coords,
                    threads,
                    size.build_seconds(threads),
                    resume.as_ref(),
                    log,
                )
            },
            |t, p| t.save(p, NAME, key),
        );
        // The levels kept while building go once the table is kept (not before: an interruption
        // while the table is saved still resumes from them).
        if let (Some(r), Some(p)) = (&resume, &path) {
            if p.is_file() && r.path.exists() {
                r.discard();
            }
        }
        // (The edges' fallback bounds the distance to the slices' group: not the layers'.)
        let fallback = (!size.shape.flips && !size.shape.layers).then(|| {
            EdgeFallback::new(&coords, |f| {
                let path = dir.map(|d| d.join(FALLBACK_FILE));
                SymTable::cached(path.as_deref(), FALLBACK_NAME, f.entries(), 4, log, || {
                    f.build(threads)
                })
            })
        });
        SliceTables {
            size,
            coords,
            table,
            fallback,
        }
    }

    pub fn search(&self) -> SliceSearch<'_> {
        SliceSearch::new(&self.coords, &self.table, self.fallback.as_ref())
    }
}

/// The table by breadth-first search in its own layout ([`line_bfs`]): its size in memory, no more;
/// with `resume`, its levels kept as it goes, and started after those kept.
fn build(
    coords: &SliceCoords,
    threads: usize,
    expected_seconds: f64,
    resume: Option<&line_bfs::Resume>,
    log: &mut dyn FnMut(&str),
) -> LineTable {
    let start = std::time::Instant::now();
    let entries = coords.entries();
    log(&format!(
        "building the slice table ({} entries, {}) on {threads} threads; it is kept for later runs",
        entries,
        show(((entries + line_table::PER_LINE - 1) / line_table::PER_LINE * 64) as u128)
    ));
    let (class, other) = coords.goal();
    let goal = class * coords.others() + other;
    let mut report = build_report::BuildReport::new(entries, expected_seconds, log);
    let table = line_bfs::build(
        &ClassGraph(coords),
        goal,
        threads,
        &mut |e| report.event(e),
        resume,
    );
    log(&format!(
        "built the slice table in {:.1} s (base {}: {} and further are not searched)",
        start.elapsed().as_secs_f64(),
        table.base,
        table.base + 3
    ));
    table
}

/// A progress bar through `log`, a line a level.
fn level_bar<'a>(
    entries: usize,
    log: &'a mut dyn FnMut(&str),
) -> impl FnMut(&crate::dist_table::bfs::Level) + 'a {
    move |l| log(&build_report::level_line(l, entries))
}

/// Every entry's exact distance (4 bits; 14 means 14 or more) by the library's breadth-first
/// search on `threads` threads (the tests' truth for the table built in its own layout).
pub fn exact_table(coords: &SliceCoords, threads: usize, log: &mut dyn FnMut(&str)) -> SymTable {
    SymTable::build_reporting(coords, 4, threads, &mut level_bar(coords.entries(), log)).0
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
