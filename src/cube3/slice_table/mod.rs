//! The optimal solver's big table (cube3-opt): distances to nissy's H48 group (corners in their
//! tetrads and twisted 0, edges in their slices), reduced by the 16 U-D symmetries and read along
//! the three axes, on the cube and on its inverse.
//!
//! - `coords`: the coordinates and their move and symmetry tables ([`SliceCoords`]).
//! - `edge_masks`: the edge coordinate conjugated by a symmetry with no table to miss in cache.
//! - `fast_cube`: the search's cube, a byte a piece, products by byte shuffles ([`FastCube`]).
//! - `line_table`: 2 bits an entry relative to a base, a 4-bit fallback per cache line ([`LineTable`]).
//! - `line_bfs`: the table's breadth-first search, in its own layout and size.
//! - `slice_search`: the slice table's tree for the library's search: six views a node, look-ups
//!   overlapped ([`SliceSearch`]).
//!
//! The group is fixed by the U-D symmetries, so the table is a true distance table over cosets and a
//! plain breadth-first search builds it, in the table's own 2 bits an entry. Four sizes, each
//! twice or more the one before ([`SIZES`]): the bare group, then with even permutations only, with
//! the four E-slice edges unflipped, and with both. `--table-size` picks the largest that fits.

pub mod coords;
pub mod edge_masks;
pub mod fast_cube;
pub mod line_bfs;
pub mod line_table;
pub mod slice_search;

pub use self::coords::{Shape, SliceCoords};
pub use self::fast_cube::FastCube;
pub use self::line_table::LineTable;
pub use self::slice_search::SliceSearch;

use super::sym_table::{ClassGraph, SymSpace, SymTable};
use crate::bytes::show;
use std::path::Path;

/// A table size on the ladder: its shape, its bytes and its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableSize {
    pub shape: Shape,
    /// Corner classes under the 16 symmetries (checked against [`SliceCoords`] by a test).
    pub corner_classes: usize,
    pub file: &'static str,
}

/// The ladder, smallest first.
pub const SIZES: [TableSize; 4] = [
    TableSize {
        shape: Shape {
            parity: false,
            flips: false,
        },
        corner_classes: 9_996,
        file: "cube3-slices.bin",
    },
    TableSize {
        shape: Shape {
            parity: true,
            flips: false,
        },
        corner_classes: 19_992,
        file: "cube3-slices-parity.bin",
    },
    TableSize {
        shape: Shape {
            parity: false,
            flips: true,
        },
        corner_classes: 9_996,
        file: "cube3-slices-flips.bin",
    },
    TableSize {
        shape: Shape {
            parity: true,
            flips: true,
        },
        corner_classes: 19_992,
        file: "cube3-slices-parity-flips.bin",
    },
];

/// The default budget: 4 GiB (the largest size, 2.7 GB, fits).
pub const DEFAULT_BUDGET: u64 = 4 << 30;

impl TableSize {
    pub fn entries(&self) -> usize {
        self.corner_classes * 495 * 70 * if self.shape.flips { 16 } else { 1 }
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
}

const NAME: &str = "cube3 slice table";

/// The coordinates and the packed table of one size.
pub struct SliceTables {
    pub size: TableSize,
    pub coords: SliceCoords,
    pub table: LineTable,
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
        let key = size.shape.parity as u64 | (size.shape.flips as u64) << 1;
        let path = dir.map(|d| d.join(size.file));
        let table = crate::table_file::cached(
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
                build(&coords, threads, log)
            },
            |t, p| t.save(p, NAME, key),
        );
        SliceTables {
            size,
            coords,
            table,
        }
    }

    pub fn search(&self) -> SliceSearch<'_> {
        SliceSearch::new(&self.coords, &self.table)
    }
}

/// The table by breadth-first search in its own layout ([`line_bfs`]): its size in memory, no more.
fn build(coords: &SliceCoords, threads: usize, log: &mut dyn FnMut(&str)) -> LineTable {
    let start = std::time::Instant::now();
    let entries = coords.entries();
    log(&format!(
        "building the slice table ({} entries, {}) on {threads} threads; it is kept for later runs",
        entries,
        show(((entries + line_table::PER_LINE - 1) / line_table::PER_LINE * 64) as u128)
    ));
    let (class, other) = coords.goal();
    let goal = class * coords.others() + other;
    let table = line_bfs::build(
        &ClassGraph(coords),
        goal,
        threads,
        &mut level_bar(entries, log),
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
    move |l| {
        let done = l.reached as f64 / entries as f64;
        let bar: String = (0..30)
            .map(|i| if (i as f64) < done * 30.0 { '#' } else { '.' })
            .collect();
        log(&format!(
            "[{bar}] {:5.1}%  depth {:2}: {:>13} entries  {:6.1} s",
            done * 100.0,
            l.depth,
            l.states,
            l.seconds
        ));
    }
}

/// Every entry's exact distance (4 bits; 14 means 14 or more) by the library's breadth-first
/// search on `threads` threads (the tests' truth for the table built in its own layout).
pub fn exact_table(coords: &SliceCoords, threads: usize, log: &mut dyn FnMut(&str)) -> SymTable {
    SymTable::build_reporting(coords, 4, threads, &mut level_bar(coords.entries(), log)).0
}
