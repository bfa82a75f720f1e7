//! Optimal solutions. When the whole space fits (and the moves are closed under inverse), the full
//! distance table is built (or read from a file `twisty gods --out` wrote) and each state walks down
//! it: no search at all. Otherwise IDA* ([`crate::solving::search_tree`]) runs over the puzzle's states, one
//! threshold after another, with the bounds of [`crate::solving::heuristics`]: between two iterations the
//! node counts so far say whether a pattern database or another level of the near table pays.

use crate::model::metric::{MoveSet, PairPruner};
use crate::model::{Perm, Puzzle, State};
use crate::solving::heuristics::{Heuristics, Note, Reports};
use crate::solving::iteration_pace::Pace;
use crate::solving::search_progress::Progress;
use crate::solving::search_tree::{self, Problem};
use crate::tables::full_table::{DistTable, Level};
use crate::tables::space::{rank_count, Space};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;
use twisty::checksum::Fnv64;
pub use twisty::search::Control;
use twisty::search::{deepen, Step};

/// A full table is built for `solve` up to this many ranks (about a second on two cores); beyond
/// it one state is solved faster by search, unless the table is asked for (`--full-table`).
pub const FULL_TABLE_RANKS: u128 = 1 << 20;

/// How a solver may use a full table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FullTable {
    /// When it fits in memory and is small enough to pay for one answer.
    Auto,
    /// Whenever it fits in memory.
    Always,
    /// Never: always search.
    Never,
}

/// What a solver is given beyond the puzzle and its moves.
pub struct Options<'a> {
    /// A table written by `twisty gods --out`.
    pub table_file: Option<&'a Path>,
    /// Bytes for tables.
    pub memory: u64,
    pub full_table: FullTable,
    /// Where the search's tables are kept between runs.
    pub cache_dir: Option<PathBuf>,
    /// Builds every pattern database that fits before the first search (the whole-component
    /// ones without their last levels), instead of when a search's node counts say it pays (for
    /// many states in one run, and for the tests).
    pub eager: bool,
    /// Told of each level of the near table: depth, states, bytes, seconds.
    pub near_report: fn(u32, u64, u64, f64),
    /// Told of each pattern database built: states, bytes, seconds.
    pub pattern_report: fn(usize, u64, f64),
}

impl Options<'_> {
    pub fn memory(memory: u64) -> Options<'static> {
        Options {
            table_file: None,
            memory,
            full_table: FullTable::Auto,
            cache_dir: None,
            eager: false,
            near_report: |_, _, _, _| {},
            pattern_report: |_, _, _| {},
        }
    }
}

/// What a solver found out before its first answer.
pub enum Method {
    // (Boxed: a table's header is some 300 bytes, the heuristics over a kilobyte.)
    Table {
        space: Space,
        table: Box<DistTable>,
    },
    /// Locked for a whole search: it builds tables between its iterations.
    Search(Box<Mutex<Heuristics>>),
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
    for g in &puzzle.goal_set.more {
        h.update(&g.label);
        h.update(&g.ori);
    }
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
    Some(twisty::bytes::table_bytes(
        rank_count(puzzle, &set.perms)?,
        bits,
    ))
}

impl Solver {
    /// Prepares to solve `puzzle` under `set` within `memory` bytes (see [`Solver::with`]).
    pub fn new(
        puzzle: &Puzzle,
        set: MoveSet,
        table_file: Option<&Path>,
        memory: u64,
        report: impl FnMut(&Level),
    ) -> Result<Solver, String> {
        let options = Options {
            table_file,
            ..Options::memory(memory)
        };
        Solver::with(puzzle, set, options, report)
    }

    /// Prepares to solve `puzzle` under `set`: loads the table file if given, else builds the
    /// full table when the options allow it and it fits, else the search's bounds: pattern
    /// databases that fit and a near table (read from the cache folder if one is there).
    /// `report` hears of the full table's levels.
    pub fn with(
        puzzle: &Puzzle,
        set: MoveSet,
        options: Options,
        report: impl FnMut(&Level),
    ) -> Result<Solver, String> {
        let modulus = puzzle.modulus();
        let pruner = PairPruner::new(&set, &modulus);
        let full = full_table_bytes(puzzle, &set);
        let ranks = rank_count(puzzle, &set.perms);
        let wanted = match options.full_table {
            FullTable::Always => true,
            FullTable::Never => false,
            FullTable::Auto => ranks.is_some_and(|r| r <= FULL_TABLE_RANKS),
        };
        let moves = set.perms.len();
        let fp = fingerprint(puzzle, &set);
        let method = match (options.table_file, full) {
            (Some(path), Some(_)) => {
                let space = DistTable::space_for(puzzle, &set)?;
                let table = DistTable::load(path, fp, &space, moves)?;
                Method::Table {
                    space,
                    table: Box::new(table),
                }
            }
            (Some(_), None) => return Err("the state space is too large for a table".into()),
            (None, Some(n)) if wanted && n <= options.memory as u128 => {
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
                let reports = Reports {
                    near: options.near_report,
                    pattern: options.pattern_report,
                };
                let cache = options.cache_dir.as_deref();
                let memory = options.memory;
                let mut h = Heuristics::new(puzzle, &set, &pruner, memory, cache, fp, reports)?;
                if options.eager {
                    h.build_all();
                }
                Method::Search(Box::new(Mutex::new(h)))
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

    /// What a search of this solver's moves needs, with `is_goal` for its goal.
    fn problem<'a>(&'a self, is_goal: &'a (dyn Fn(&State) -> bool + Sync)) -> Problem<'a> {
        Problem {
            perms: &self.set.perms,
            modulus: &self.modulus,
            pruner: &self.pruner,
            is_goal,
        }
    }

    /// An optimal sequence (move indices into `set`) from `state` to the goal, if any is at most
    /// `max_depth` long.
    pub fn solve(&self, state: &State, max_depth: u32) -> Option<Vec<usize>> {
        self.solve_reporting(state, max_depth, &|_, _, _| {})
    }

    /// [`Solver::solve`], telling `report(depth, nodes, seconds)` every few seconds of a search.
    /// The search deepens the near table between its iterations while that costs less than the
    /// next iteration is expected to (and the memory allows), and leaves it in the cache folder.
    pub fn solve_reporting(
        &self,
        state: &State,
        max_depth: u32,
        report: &(dyn Fn(u32, u64, f64) + Sync),
    ) -> Option<Vec<usize>> {
        let heuristics = match &self.method {
            Method::Table { space, table } => {
                // (The walk is optimal: a longer path than asked means none that short.)
                let path = table.path(space, space.rank_checked(state)?)?;
                return (path.len() as u32 <= max_depth).then_some(path);
            }
            Method::Search(h) => h,
        };
        let puzzle = &self.puzzle;
        let is_goal = |s: &State| puzzle.is_solved(s);
        let problem = self.problem(&is_goal);
        let progress = Progress::new(report);
        let mut h = heuristics.lock().unwrap_or_else(|e| e.into_inner());
        let mut pace = Pace::new(self.set.perms.len(), &h);
        let mut found = None;
        deepen(0, max_depth, |threshold| {
            let planned = pace.tables_before(&mut h);
            let t = Instant::now();
            // (An iteration expected to take less than a thread's start runs on this thread.)
            let threads = if planned.predicted < 20_000.0 {
                1
            } else {
                twisty::machine::threads()
            };
            let it =
                search_tree::iteration(&problem, &h.bounds, state, threshold, &progress, threads);
            pace.after(&planned, it.nodes, t.elapsed().as_secs_f64());
            progress.finished(threshold, it.nodes);
            found = it.solution;
            match found {
                Some(_) => Step::Stopped,
                None => Step::Exceeded(threshold + 1),
            }
        });
        h.keep();
        found
    }

    /// A lower bound on `state`'s distance from the goal, from the tables alone (no search): a
    /// phase's candidates are ranked by it, as TNoodle ranks its phases' by their tables.
    pub fn lower_bound(&self, state: &State) -> u32 {
        match &self.method {
            Method::Table { space, table } => space
                .rank_checked(state)
                .and_then(|r| table.path(space, r))
                .map_or(u32::MAX, |p| p.len() as u32),
            Method::Search(h) => {
                let h = h.lock().unwrap_or_else(|e| e.into_inner());
                h.bounds.of(state, &h.bounds.key(state), u32::MAX).0
            }
        }
    }

    /// Every sequence of at most `max_depth` moves from `state` to the goal, shortest first, each
    /// told to `sink` until it says stop (a phase's solutions, for the next phase to choose from).
    /// Searched on this thread with the tables as they are; a full table tells only its own path.
    /// Past `deadline`, the search ends even between solutions.
    pub fn each_solution(
        &self,
        state: &State,
        (max_depth, deadline): (u32, Option<Instant>),
        sink: &mut dyn FnMut(&[usize]) -> Control,
    ) {
        let heuristics = match &self.method {
            Method::Table { space, table } => {
                if let Some(path) = space.rank_checked(state).and_then(|r| table.path(space, r)) {
                    if path.len() as u32 <= max_depth {
                        sink(&path);
                    }
                }
                return;
            }
            Method::Search(h) => h,
        };
        let puzzle = &self.puzzle;
        let is_goal = |s: &State| puzzle.is_solved(s);
        let problem = self.problem(&is_goal);
        let h = heuristics.lock().unwrap_or_else(|e| e.into_inner());
        search_tree::each_solution(&problem, &h.bounds, state, (max_depth, deadline), sink);
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

    /// What the table plan did with each table and why (none with a full table).
    pub fn plan_notes(&self) -> Vec<Note> {
        match &self.method {
            Method::Table { .. } => Vec::new(),
            Method::Search(h) => h.lock().unwrap_or_else(|e| e.into_inner()).plan_notes(),
        }
    }

    /// Seconds spent so far opening, building and deepening the search's tables.
    pub fn table_secs(&self) -> f64 {
        match &self.method {
            Method::Table { .. } => 0.0,
            Method::Search(h) => h.lock().unwrap_or_else(|e| e.into_inner()).notes.secs(),
        }
    }

    pub fn names(&self, path: &[usize]) -> String {
        path.iter()
            .map(|&m| self.set.names[m].as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
}
