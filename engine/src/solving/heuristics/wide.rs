//! Pattern databases of single coordinates too large for a byte a value: a grid of pair slots
//! ranked by its pairing (the 4x4x4's wings in the reduction's third phase: 239.5 million values,
//! TNoodle's Edge3), at 4 bits a value beside the other tables, built whole at once on every core
//! by the floored tables' search and kept in the cache (left to a floor, the 4x4x4's took 7.7 s a
//! state against 4.3 s whole: docs/performance.md).

use super::notes::{count, Step};
use super::pairs::coord_name;
use super::PATTERN_LIMIT;
use crate::model::{Perm, Puzzle, State};
use crate::tables::floored::{Floored, BITS};
use crate::tables::space::{coordinates, Coord};
use std::cell::RefCell;
use std::time::Instant;
use twisty::dist_table::Graph;
use twisty::table_store::TableStore;

/// Coordinates other than grids get these tables from above the byte tables' limit up to this
/// many values (2 MB, a second or so to build: the 4x4x4's wings in two colours, C(24, 12) = 2.7
/// million, in its second phase).
const WIDE_LIMIT: usize = 1 << 22;

/// The cache's name for these tables.
const WIDE_NAME: &str = "engine wide single";

/// One coordinate's values under moves closed under inverse (so a value's neighbours are its
/// predecessors too): the BFS from the goal's value gives the distances to it.
struct Values<'a> {
    coord: &'a Coord,
    moves: Vec<usize>,
}

thread_local! {
    /// Digits and scratch for the coordinate (`Graph` takes `&self`, on every thread).
    static SCRATCH: RefCell<(Vec<u8>, Vec<u8>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

impl Graph for Values<'_> {
    fn size(&self) -> usize {
        self.coord.size
    }

    fn neighbors<F: FnMut(usize, usize)>(&self, state: usize, mut f: F) {
        SCRATCH.with(|s| {
            let (digits, moved) = &mut *s.borrow_mut();
            self.coord
                .each_next(state, &self.moves, (digits, moved), |i, n| {
                    f(i, n);
                    false
                });
        })
    }

    // A value not reached yet is settled by its first neighbour in the last level: the rest of
    // its moves are not made (most of the table's values are settled this way).
    fn any_predecessor_of_run<P: FnMut(usize) -> bool, H: FnMut(usize)>(
        &self,
        states: &[usize],
        mut p: P,
        mut hit: H,
    ) {
        SCRATCH.with(|s| {
            let (digits, moved) = &mut *s.borrow_mut();
            for (k, &state) in states.iter().enumerate() {
                let mut found = false;
                self.coord
                    .each_next(state, &self.moves, (digits, moved), |_, n| {
                        found = p(n);
                        found
                    });
                if found {
                    hit(k);
                }
            }
        })
    }
}

/// The bytes of a coordinate's table.
pub(super) fn bytes(c: &Coord) -> u64 {
    (c.size as u64 * BITS as u64).div_ceil(8)
}

/// The tables of the grids (each [`Coord::is_grid`]) and of the coordinates up to [`WIDE_LIMIT`]
/// that fit in three quarters of `memory` (the 4x4x4's third phase, whose share of 500 MB is 166
/// MB, keeps its pairing's 120 MB), opened from the cache or built, each told to `note`; with their
/// bytes.
pub(super) fn plan(
    puzzle: &Puzzle,
    (perms, goals): (&[Perm], &[State]),
    memory: u64,
    cache: Option<&TableStore>,
    report: fn(usize, u64, f64),
    note: &mut impl FnMut(String, Step, String, f64),
) -> (Vec<(Coord, Floored)>, u64) {
    let grids = coordinates(puzzle, perms, usize::MAX).unwrap_or_default();
    let mut out = Vec::new();
    let mut used = 0;
    let wide = |c: &Coord| c.is_grid() || (c.size > PATTERN_LIMIT && c.size <= WIDE_LIMIT);
    for (k, c) in grids.into_iter().filter(wide).enumerate() {
        let name = format!(
            "wide single ({}, {} values)",
            coord_name(puzzle, &c),
            count(c.size as f64)
        );
        if used + bytes(&c) > memory / 4 * 3 {
            let why = format!(
                "its {} bytes pass 3/4 of the memory",
                count(bytes(&c) as f64)
            );
            note(name, Step::LeftOut, why, 0.0);
            continue;
        }
        let t = Instant::now();
        let what = format!("wide{k}");
        if let Some(table) = cache.and_then(|s| Floored::open(s, &what, WIDE_NAME, c.size)) {
            note(name, Step::Opened, "kept in the cache".into(), 0.0);
            used += bytes(&c);
            out.push((c, table));
            continue;
        }
        let mut starts: Vec<usize> = goals.iter().map(|g| c.value(g)).collect();
        starts.sort_unstable();
        starts.dedup();
        let graph = Values {
            coord: &c,
            moves: (0..perms.len()).collect(),
        };
        let threads = twisty::machine::threads();
        let table = Floored::build(&graph, &starts, perms.len(), threads, true, true);
        if let Some(s) = cache {
            s.keep_table(&what, WIDE_NAME, table.to_file());
        }
        let why = "too large for a byte a value: 4 bits, built whole at once".to_string();
        report(c.size, table.bytes(), t.elapsed().as_secs_f64());
        note(name, Step::Built, why, t.elapsed().as_secs_f64());
        used += bytes(&c);
        out.push((c, table));
    }
    (out, used)
}
