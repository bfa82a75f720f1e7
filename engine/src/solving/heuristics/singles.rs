//! Pattern databases of single coordinates: the library's BFS over one coordinate's values.

use super::notes::count;
use super::pairs::coord_name;
use crate::model::{Puzzle, State};
use crate::tables::space::Coord;
use std::cell::RefCell;
use twisty::dist_table::depth::DepthTable;
use twisty::dist_table::Graph;

/// One coordinate's values as a graph for the library's BFS, moved by the moves' inverses: from
/// the goal's value, the distances it finds are how far each value is from the goal.
struct Backwards<'a> {
    coord: &'a Coord,
    inverses: &'a [usize],
}

thread_local! {
    /// Digits for coordinates without a move table (`Graph::neighbors` takes `&self`).
    static DIGITS: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

impl Graph for Backwards<'_> {
    fn size(&self) -> usize {
        self.coord.size
    }

    fn neighbors<F: FnMut(usize, usize)>(&self, state: usize, mut f: F) {
        DIGITS.with(|digits| {
            let mut digits = digits.borrow_mut();
            for (i, &m) in self.inverses.iter().enumerate() {
                f(i, self.coord.next(state, m, &mut digits));
            }
        })
    }
}

/// Distances to the goal's value of one coordinate (the library's BFS, backwards: the predecessors
/// of a value under move `m` are its images under `m`'s inverse), with its move table made.
pub(super) fn pattern_table(
    mut c: Coord,
    goals: &[State],
    inverses: &[usize],
) -> (Coord, DepthTable) {
    c.tabulate();
    let graph = Backwards {
        coord: &c,
        inverses,
    };
    let mut values: Vec<usize> = goals.iter().map(|g| c.value(g)).collect();
    values.sort_unstable();
    values.dedup();
    let table = DepthTable::build(&graph, &values);
    (c, table)
}

/// A single coordinate's table in the plan's notes.
pub(super) fn name(puzzle: &Puzzle, c: &Coord) -> String {
    format!(
        "single ({}, {} values)",
        coord_name(puzzle, c),
        count(c.size as f64)
    )
}
