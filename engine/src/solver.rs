//! Optimal solutions. When the whole space fits (and the moves are closed under inverse), the full
//! distance table is built (or read from a file `twisty gods --out` wrote) and each state walks down
//! it: no search at all. Otherwise IDA* from the library's search core runs over the puzzle's states
//! with pattern databases built automatically: one distance table per coordinate (an orbit's
//! arrangement, its orientations) that fits, the bound being their maximum, and the metric's move
//! pruner.

use crate::full_table::{DistTable, Level};
use crate::memory;
use crate::metric::{MoveSet, PairPruner};
use crate::model::{Perm, Puzzle, State};
use crate::space::{coordinates, rank_count, Coord, Space};
use std::cell::{Cell, RefCell};
use std::time::Instant;
use twisty::checksum::Fnv64;
use twisty::dist_table::depth::DepthTable;
use twisty::dist_table::Graph;
use twisty::heuristic::{FnBound, UNREACHABLE};
use twisty::search::{ida_star_with_progress, Control, Domain};

/// Pattern databases up to this many entries (one byte each).
const PATTERN_LIMIT: usize = 1 << 24;

/// What a solver found out before its first answer.
pub enum Method {
    // (Boxed: a space and a table's header are some 300 bytes, the other variant 24.)
    Table { space: Space, table: Box<DistTable> },
    Search { pdbs: Vec<(Coord, DepthTable)> },
}

pub struct Solver {
    pub puzzle: Puzzle,
    pub set: MoveSet,
    pub modulus: Vec<u8>,
    pub method: Method,
    pruner: PairPruner,
}

/// A fingerprint of a puzzle under a move set: tables saved for one are refused by another.
pub fn fingerprint(puzzle: &Puzzle, set: &MoveSet) -> u64 {
    let mut h = Fnv64::new();
    h.update(&puzzle.goal.label);
    h.update(&puzzle.goal.ori);
    h.update(&puzzle.modulus());
    for p in &set.perms {
        for &s in &p.src {
            h.update(&s.to_le_bytes());
        }
        h.update(&p.twist);
    }
    h.finish()
}

/// The bytes a full table of the puzzle under `set` takes (`None`: too many ranks to count): 2
/// bits a rank, or a byte where the moves are not closed under inverse (see `full_table`).
pub fn full_table_bytes(puzzle: &Puzzle, set: &MoveSet) -> Option<u128> {
    let bits = if set.closed_under_inverse(&puzzle.modulus()) {
        2
    } else {
        8
    };
    Some(memory::table_bytes(rank_count(puzzle, &set.perms)?, bits))
}

struct States<'a> {
    perms: &'a [Perm],
    modulus: &'a [u8],
    puzzle: &'a Puzzle,
    /// Nodes so far and the threshold being searched, for progress reports.
    nodes: Cell<u64>,
    depth: Cell<u32>,
    started: Instant,
    last: Cell<f64>,
    report: &'a dyn Fn(u32, u64, f64),
}

/// Seconds between progress reports of a long search.
const REPORT_EVERY: f64 = 2.0;

impl States<'_> {
    /// Reports progress when the last report is old enough.
    fn tick(&self) {
        let now = self.started.elapsed().as_secs_f64();
        if now - self.last.get() >= REPORT_EVERY {
            self.last.set(now);
            (self.report)(self.depth.get(), self.nodes.get(), now);
        }
    }
}

impl Domain for States<'_> {
    type State = State;
    fn move_count(&self) -> usize {
        self.perms.len()
    }
    fn apply_into(&self, s: &State, m: usize, out: &mut State) {
        s.apply_into(&self.perms[m], self.modulus, out);
        let n = self.nodes.get() + 1;
        self.nodes.set(n);
        if n & 0xFFFFF == 0 {
            self.tick();
        }
    }
    fn is_goal(&self, s: &State) -> bool {
        self.puzzle.is_solved(s)
    }
}

impl Solver {
    /// Prepares to solve `puzzle` under `set`: loads `table_file` if given, else builds the full
    /// table when it fits in `memory` bytes, else pattern databases (as many as fit). `report`
    /// hears of the table's levels.
    pub fn new(
        puzzle: &Puzzle,
        set: MoveSet,
        table_file: Option<&std::path::Path>,
        memory: u64,
        report: impl FnMut(&Level),
    ) -> Result<Solver, String> {
        let modulus = puzzle.modulus();
        let pruner = PairPruner::new(&set, &modulus);
        let full = full_table_bytes(puzzle, &set);
        let moves = set.perms.len();
        let method = match (table_file, full) {
            (Some(path), Some(_)) => {
                let space = DistTable::space_for(puzzle, &set)?;
                let table = DistTable::load(path, fingerprint(puzzle, &set), &space, moves)?;
                Method::Table {
                    space,
                    table: Box::new(table),
                }
            }
            (Some(_), None) => return Err("the state space is too large for a table".into()),
            (None, Some(n)) if n <= memory as u128 => {
                let space = DistTable::space_for(puzzle, &set)?;
                let table = DistTable::build_for(&space, moves, report);
                if !table.complete {
                    return Err("interrupted while building the table".into());
                }
                Method::Table {
                    space,
                    table: Box::new(table),
                }
            }
            _ => {
                // Pattern databases search backwards from the goal, so they use the inverses.
                let mut perms = set.perms.clone();
                let inverses: Vec<usize> = set
                    .perms
                    .iter()
                    .map(|p| {
                        let inv = p.inverse(&modulus);
                        match perms.iter().position(|q| *q == inv) {
                            Some(i) => i,
                            None => {
                                perms.push(inv);
                                perms.len() - 1
                            }
                        }
                    })
                    .collect();
                let mut coords = coordinates(puzzle, &perms, PATTERN_LIMIT)?;
                // A byte an entry: the largest go first until the rest fit in the budget.
                coords.sort_by_key(|c| c.size);
                while coords.iter().map(|c| c.size as u64).sum::<u64>() > memory {
                    coords.pop();
                }
                let pdbs = coords
                    .into_iter()
                    .map(|c| {
                        let table = pattern_table(&c, &puzzle.goals(), &inverses);
                        (c, table)
                    })
                    .collect();
                Method::Search { pdbs }
            }
        };
        Ok(Solver {
            puzzle: puzzle.clone(),
            set,
            modulus,
            method,
            pruner,
        })
    }

    /// An optimal sequence (move indices into `set`) from `state` to the goal, if any is at most
    /// `max_depth` long.
    pub fn solve(&self, state: &State, max_depth: u32) -> Option<Vec<usize>> {
        self.solve_reporting(state, max_depth, &|_, _, _| {})
    }

    /// [`Solver::solve`], telling `report(depth, nodes, seconds)` every few seconds of a search.
    pub fn solve_reporting(
        &self,
        state: &State,
        max_depth: u32,
        report: &dyn Fn(u32, u64, f64),
    ) -> Option<Vec<usize>> {
        match &self.method {
            Method::Table { space, table } => table.path(space, space.rank_checked(state)?),
            Method::Search { pdbs } => {
                let domain = States {
                    perms: &self.set.perms,
                    modulus: &self.modulus,
                    puzzle: &self.puzzle,
                    nodes: Cell::new(0),
                    depth: Cell::new(0),
                    started: Instant::now(),
                    last: Cell::new(0.0),
                    report,
                };
                let h = FnBound(|s: &State| {
                    pdbs.iter()
                        .map(|(c, t)| t.get(c.value(s)).map_or(UNREACHABLE, |d| d as u32))
                        .max()
                        .unwrap_or(0)
                });
                let mut found = None;
                ida_star_with_progress(
                    &domain,
                    &h,
                    &self.pruner,
                    state,
                    max_depth,
                    |path, _| {
                        found = Some(path.to_vec());
                        Control::Stop
                    },
                    |depth, _| {
                        domain.depth.set(depth);
                        domain.tick();
                    },
                );
                found
            }
        }
    }

    /// The shortest sequence whose effect on the goal is `effect`: a solution of the state the
    /// inverse effect leads to (w solves goal E^-1 exactly when E^-1 w fixes the goal, that is
    /// when w does what E does), so no move needs an inverse among the moves.
    pub fn sequence_for(
        &self,
        effect: &Perm,
        max_depth: u32,
    ) -> Result<Option<Vec<usize>>, String> {
        let state = self
            .puzzle
            .goal
            .apply(&effect.inverse(&self.modulus), &self.modulus);
        Ok(self.solve(&state, max_depth))
    }

    pub fn names(&self, path: &[usize]) -> String {
        path.iter()
            .map(|&m| self.set.names[m].as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

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
/// of a value under move `m` are its images under `m`'s inverse).
fn pattern_table(c: &Coord, goals: &[State], inverses: &[usize]) -> DepthTable {
    let graph = Backwards { coord: c, inverses };
    let mut values: Vec<usize> = goals.iter().map(|g| c.value(g)).collect();
    values.sort_unstable();
    values.dedup();
    DepthTable::build(&graph, &values)
}
