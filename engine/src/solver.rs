//! Optimal solutions. When the whole space fits (and the moves are closed under inverse), the full
//! distance table is built (or read from a file `twisty gods --out` wrote) and each state walks down
//! it: no search at all. Otherwise IDA* from the library's search core runs over the puzzle's states
//! with pattern databases built automatically: one distance table per coordinate (an orbit's
//! arrangement, its orientations) that fits, the bound being their maximum, and the metric's move
//! pruner.

use crate::full_table::{DistTable, Level};
use crate::ida::{self, Bounds, Problem, Progress};
use crate::memory;
use crate::metric::{MoveSet, PairPruner};
use crate::model::{Perm, Puzzle, State};
use crate::near_table::{self, NearTable};
use crate::space::{coordinates, rank_count, Coord, Space};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;
use twisty::checksum::Fnv64;
use twisty::dist_table::depth::DepthTable;
use twisty::dist_table::Graph;
use twisty::table_file::{self, TableHeader};

/// Pattern databases of single coordinates up to this many entries (one byte each): built in
/// milliseconds, so that a short search never waits for them. The near table is the strong bound.
const PATTERN_LIMIT: usize = 1 << 20;

/// A full table is built for `solve` up to this many ranks (about a second on two cores); beyond
/// it one state is solved faster by search, unless the table is asked for (`--full-table`).
pub const FULL_TABLE_RANKS: u128 = 1 << 26;

/// The near table is built to at least this many states before the search starts (milliseconds).
const NEAR_START: u64 = 1 << 16;

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
    /// Where the near table is kept between runs.
    pub cache_dir: Option<PathBuf>,
    /// Told of each level of the near table: depth, states, bytes, seconds.
    pub near_report: fn(u32, u64, u64, f64),
}

impl Options<'_> {
    pub fn memory(memory: u64) -> Options<'static> {
        Options {
            table_file: None,
            memory,
            full_table: FullTable::Auto,
            cache_dir: None,
            near_report: |_, _, _, _| {},
        }
    }
}

/// What a solver found out before its first answer.
pub enum Method {
    // (Boxed: a space and a table's header are some 300 bytes, the other variant 24.)
    Table { space: Space, table: Box<DistTable> },
    Search {
        /// Locked for a whole search: it deepens the near table between its iterations.
        bounds: Mutex<Bounds>,
        near_moves: near_table::Moves,
    },
}

pub struct Solver {
    pub puzzle: Puzzle,
    pub set: MoveSet,
    pub modulus: Vec<u8>,
    pub method: Method,
    pruner: PairPruner,
    memory: u64,
    cache_file: Option<PathBuf>,
    near_report: fn(u32, u64, u64, f64),
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
            _ => search_bounds(puzzle, &set, &options, fp)?,
        };
        Ok(Solver {
            puzzle: puzzle.clone(),
            set,
            modulus,
            method,
            pruner,
            memory: options.memory,
            cache_file: options
                .cache_dir
                .map(|d| d.join(format!("near-{fp:016x}.table"))),
            near_report: options.near_report,
        })
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
        let (bounds, near_moves) = match &self.method {
            Method::Table { space, table } => {
                return table.path(space, space.rank_checked(state)?);
            }
            Method::Search { bounds, near_moves } => (bounds, near_moves),
        };
        let puzzle = &self.puzzle;
        let is_goal = |s: &State| puzzle.is_solved(s);
        let problem = Problem {
            perms: &self.set.perms,
            modulus: &self.modulus,
            pruner: &self.pruner,
            is_goal: &is_goal,
        };
        let progress = Progress::new(report);
        let mut bounds = bounds.lock().unwrap_or_else(|e| e.into_inner());
        let start_depth = bounds.near.depth;
        let pdb_bytes: u64 = bounds.pdbs.iter().map(|(c, _)| c.size as u64).sum();
        let near_memory = self.memory.saturating_sub(pdb_bytes);
        let mut last = 0u64;
        let mut growth = self.set.perms.len() as f64;
        let mut found = None;
        for threshold in 0..=max_depth {
            // Deepen while the next iteration, as the last ones grew, would visit more nodes
            // than the next level holds (a level costs about a node a state, and takes a
            // factor of the branching off every later iteration).
            while last as f64 * growth > 2.0 * bounds.near.next_level_estimate() as f64 {
                let t = Instant::now();
                if !bounds.near.deepen(near_moves, near_memory) {
                    break;
                }
                let n = &bounds.near;
                (self.near_report)(n.depth, n.entries(), n.bytes(), t.elapsed().as_secs_f64());
                last = (last as f64 / growth) as u64;
            }
            let it = ida::iteration(&problem, &bounds, state, threshold, &progress);
            if it.solution.is_some() {
                found = it.solution;
                break;
            }
            if last > 0 && it.nodes > 64 {
                growth = (it.nodes as f64 / last as f64).clamp(2.0, 64.0);
            }
            last = it.nodes;
        }
        if bounds.near.depth > start_depth {
            self.save_near(&bounds.near);
        }
        found
    }

    /// Keeps the near table in the cache folder (a failure is only reported: the answer stands).
    fn save_near(&self, near: &NearTable) {
        let Some(path) = &self.cache_file else {
            return;
        };
        let header = near_header(fingerprint(&self.puzzle, &self.set), near);
        let saved = std::fs::create_dir_all(path.parent().unwrap_or(Path::new(".")))
            .and_then(|_| table_file::save(path, &header, near.words()));
        if let Err(e) = saved {
            eprintln!("warning: could not keep the near table in {}: {e}", path.display());
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

/// The header of a near table's cache file.
fn near_header(key: u64, near: &NearTable) -> TableHeader {
    TableHeader {
        name: "engine near table".into(),
        key,
        entries: near.bytes() / 8,
        bits: 64,
        extra: near.levels.clone(),
    }
}

/// The near table kept in `path`, if it is there, whole, of this puzzle and within `memory`.
fn cached_near(path: &Path, key: u64, memory: u64) -> Option<NearTable> {
    let head = table_file::peek(path).ok()?;
    if head.entries * 8 > memory {
        return None;
    }
    let expect = TableHeader {
        name: "engine near table".into(),
        key,
        entries: head.entries,
        bits: 64,
        extra: head.extra.clone(),
    };
    let mut words = Vec::new();
    match table_file::load(path, &expect, &mut words) {
        Ok(h) => NearTable::from_slots(words, h.extra),
        Err(e) => {
            eprintln!("note: {} not used ({e}); building anew", path.display());
            None
        }
    }
}

/// The search's bounds: pattern databases of the coordinates that fit, the near table (from the
/// cache folder, or built to a few thousand states).
fn search_bounds(
    puzzle: &Puzzle,
    set: &MoveSet,
    options: &Options,
    fp: u64,
) -> Result<Method, String> {
    let modulus = puzzle.modulus();
    // Pattern databases and the near table search backwards from the goal, so they use the
    // inverses.
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
    // A byte an entry: the largest go first until the rest fit in a quarter of the budget.
    coords.sort_by_key(|c| c.size);
    while coords.iter().map(|c| c.size as u64).sum::<u64>() > options.memory / 4 {
        coords.pop();
    }
    let goals = puzzle.goals();
    let pdbs = coords
        .into_iter()
        .map(|c| {
            let table = pattern_table(&c, &goals, &inverses);
            (c, table)
        })
        .collect::<Vec<_>>();
    let pdb_bytes: u64 = pdbs.iter().map(|(c, _)| c.size as u64).sum();
    let near_memory = options.memory.saturating_sub(pdb_bytes);
    let inverse: Vec<Perm> = inverses.iter().map(|&i| perms[i].clone()).collect();
    let inverse_set = MoveSet {
        names: vec![String::new(); inverse.len()],
        perms: inverse.clone(),
    };
    let near_moves = near_table::Moves {
        goals: goals.clone(),
        inverse,
        pruner: PairPruner::new(&inverse_set, &modulus),
        modulus,
    };
    let cached = options.cache_dir.as_ref().and_then(|d| {
        cached_near(&d.join(format!("near-{fp:016x}.table")), fp, near_memory)
    });
    let near = match cached {
        Some(near) => near,
        None => {
            let mut near = NearTable::new(&goals);
            while near.entries() < NEAR_START && near.deepen(&near_moves, near_memory) {}
            near
        }
    };
    Ok(Method::Search {
        bounds: Mutex::new(Bounds { near, pdbs }),
        near_moves,
    })
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
