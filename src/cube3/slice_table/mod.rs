//! The optimal solver's big table (cube3-opt): distances to nissy's H48 group (corners in their
//! tetrads and twisted 0, edges in their slices), read on the cube and on its inverse.
//!
//! - `coords`: the coordinates and their symmetry tables ([`SliceCoords`]), ranked with `ranks`'
//!   parts; their moves built from their parts and kept so in `move_parts`.
//! - `edge_masks`: the edge coordinate conjugated by a symmetry with no table to miss in cache.
//! - `edge_fallback`: the edges' own distance table (0.8 MB, nissy's eoesep), asked where the big
//!   table reads at or below its base ([`EdgeFallback`]).
//! - `fast_cube`: the search's cube, a byte a piece, products by byte shuffles ([`FastCube`]).
//! - The table is the library's [`LineTable`] (`dist_table::line_table`): 2 bits an entry relative
//!   to a base, a 4-bit fallback per cache line; the engine packs its big pattern databases into
//!   it too.
//! - `layer_edges`: vcube's edge coordinate (E-slice places and order, U-D edges' flips);
//!   `slice_flips`: the parity of each slice's flips, which all 48 symmetries keep.
//! - `line_bfs`: the table's breadth-first search, in its own layout and size; `flip_min`: nissy's
//!   hk (the least distance to H11 over the flips not kept), which no coset search gives, built
//!   from H11's cosets.
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
pub mod coords;
pub mod corner_cosets;
pub mod edge_fallback;
pub mod edge_masks;
pub mod fast_cube;
pub mod flip_min;
mod half_turn_rows;
mod kept_levels;
mod layer_edges;
pub mod line_bfs;
mod move_parts;
mod ranks;
mod shape;
mod sizes;
mod slice_flips;
pub mod slice_search;

pub use self::coords::{Corners, Edges, Shape, SliceCoords};
pub use self::edge_fallback::EdgeFallback;
pub use self::fast_cube::FastCube;
pub use self::sizes::{
    TableSize, DEFAULT_BUDGET, FLIP_PARITIES_SMALL, HALVES_SMALL, LAYERS_SMALL, SIZES,
};
pub use self::slice_search::SliceSearch;
use crate::dist_table::line_table::{self, LineTable};

use crate::bytes::show;
use crate::dist_table::sym_table::{ClassGraph, SymSpace, SymTable};
use std::path::Path;

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
        let key = size.shape.key();
        let path = dir.map(|d| d.join(size.file()));
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
                if let Edges::FlipMin(_) = size.shape.edges {
                    return flip_min::build(&coords, threads, log);
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
        let fallback = (!size.shape.flips() && !size.shape.layers()).then(|| {
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
