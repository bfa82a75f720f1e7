//! Pattern databases of single coordinates: the library's BFS over one coordinate's values.

use super::notes::{self, count, Step};
use super::pairs::coord_name;
use super::{PendingSingle, SINGLE_START};
use crate::model::{Puzzle, State};
use crate::tables::space::Coord;
use std::cell::RefCell;
use std::time::Instant;
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

/// The single coordinates' tables: those built at once, those built when a search pays for them,
/// and the bytes of both.
pub(super) struct Singles {
    pub(super) now: Vec<(Coord, DepthTable)>,
    pub(super) later: Vec<PendingSingle>,
    pub(super) bytes: u64,
}

/// Single coordinates (a byte an entry) not `covered` by a pair chosen: the largest go first
/// until the rest fit in a quarter of `memory`; the small ones are built at once (each told to
/// `note`), the rest wait for a search to pay for them.
pub(super) fn plan(
    puzzle: &Puzzle,
    coords: Vec<Coord>,
    covered: impl Fn(&Coord) -> bool,
    memory: u64,
    (goals, inverses): (&[State], &[usize]),
    note: &mut impl FnMut(String, Step, String, f64),
) -> Singles {
    let mut singles: Vec<Coord> = coords.into_iter().filter(|c| !covered(c)).collect();
    singles.sort_by_key(|c| c.size);
    while singles.iter().map(|c| c.size as u64).sum::<u64>() > memory / 4 {
        singles.pop();
    }
    let bytes = singles.iter().map(|c| c.size as u64).sum::<u64>();
    let (now, later): (Vec<Coord>, Vec<Coord>) =
        singles.into_iter().partition(|c| c.size <= SINGLE_START);
    let now = now
        .into_iter()
        .map(|c| {
            let (t, name) = (Instant::now(), name(puzzle, &c));
            let table = pattern_table(c, goals, inverses);
            let why = format!(
                "a single coordinate of at most {} values: built at once",
                notes::count(SINGLE_START as f64)
            );
            note(name, Step::Built, why, t.elapsed().as_secs_f64());
            table
        })
        .collect();
    let later = later
        .into_iter()
        .map(|coord| PendingSingle {
            coord,
            goals: goals.to_vec(),
            inverses: inverses.to_vec(),
        })
        .collect();
    Singles { now, later, bytes }
}
