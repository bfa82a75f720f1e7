//! The search's lower bounds and when to build them, within the memory given.
//!
//! - Pattern databases of single coordinates (a byte a value, a quarter of the memory): those up
//!   to 65,536 values at once, larger ones when the search is expected to visit 32 nodes a value.
//! - Pattern databases of pairs of parts ([`crate::tables::pattern_db`]: the 3x3x3's corners, the skewb's
//!   two tetrads), up to two in half the memory: strong, but dear to build, so built when an
//!   iteration is expected to visit an eighth of the table's states (without their last levels),
//!   and whole at 16 times.
//! - A pattern database reduced by the puzzle's symmetries ([`crate::tables::sym_pdb`]: the
//!   3x3x3's slice edges, edge flips and corner twists, looked up along its three axes), looked
//!   for once a search is long, built when an iteration is expected to visit half its entries
//!   (`symmetric.rs`); beside it only the largest pair is kept.
//! - The near table ([`crate::tables::near_table`]) in the rest: a few thousand states at once, deepened
//!   while the search's measured costs say it pays (see `solver.rs`).
//!
//! With a cache folder ([`crate::tables::table_cache`]), every table built is kept there and read back by
//! the next run.

use crate::model::metric::{MoveSet, PairPruner};
use crate::model::{Perm, Puzzle, State};
use crate::solving::search_tree::{Bounds, MAX_PATTERNS};
use crate::tables::floored::Floored;
use crate::tables::near_table::{self, ClassFilter, NearTable};
use crate::tables::pattern_db::{self, Part, PatternDb};
use crate::tables::space::{coordinates, tracked_parts, Coord};
use crate::tables::table_cache::Cache;
use std::path::Path;
use std::time::Instant;
use twisty::dist_table::depth::DepthTable;

/// Pattern databases of single coordinates up to this many entries (one byte each).
const PATTERN_LIMIT: usize = 1 << 20;

/// Single coordinates up to this many values are tabled at once (milliseconds); larger ones when
/// an iteration is expected to visit [`SINGLE_COST`] nodes a value (a large one, such as the
/// FTO's arrangements of 369,600 values and 24 moves, costs far more than a short search).
const SINGLE_START: usize = 1 << 16;
const SINGLE_COST: f64 = 32.0;

/// Pattern databases of whole components up to this many states (4 bits each; the 3x3x3's
/// corners are 88 million).
const PATTERN_DB_LIMIT: usize = 1 << 28;

/// Before the search starts, the near table is deepened while its next level is expected to
/// hold at most this many states (milliseconds; the search deepens it further when it pays).
const NEAR_START: u64 = 1 << 12;

mod near;
mod singles;
mod symmetric;

use singles::pattern_table;
use symmetric::SymStep;

const NEAR_NAME: &str = "engine near table";
const PATTERN_NAME: &str = "engine pattern database, 2 or 4 bits";
/// A pattern database not built yet, or built without its last levels.
#[derive(Clone)]
struct Pending {
    outer: Part,
    inner: Part,
    goals: Vec<State>,
    /// Its name in the cache.
    what: String,
    /// The index of the partial table it completes.
    completes: Option<usize>,
}

/// A pattern database is built when an iteration is expected to visit an eighth of its states
/// (without its last levels, which cost the most: [`crate::tables::floored`]), and built whole
/// when it is expected to visit 16 times its states (a search so long that the last levels' cost
/// is nothing beside it).
const PATTERN_AT: f64 = 1.0 / 8.0;
/// A table of tracked pieces costs some eight times a 3x3x3 corner table's state to build (its
/// move tables, made piece by piece, more than its BFS; docs/engine.md, "Optimal search"): it waits
/// for that many times the nodes.
const TRACKED_COST: f64 = 8.0;
const WHOLE_AT: f64 = 16.0;

/// A single coordinate's pattern database not built yet.
struct PendingSingle {
    coord: Coord,
    goals: Vec<State>,
    inverses: Vec<usize>,
}

/// Told of what is built: near-table levels (depth, states, bytes, seconds) and pattern
/// databases (states, bytes, seconds).
#[derive(Clone, Copy)]
pub struct Reports {
    pub near: fn(u32, u64, u64, f64),
    pub pattern: fn(usize, u64, f64),
}

/// The bounds of one puzzle's searches, and what may still be built.
pub struct Heuristics {
    pub bounds: Bounds,
    near_moves: near_table::Moves,
    pending: Vec<Pending>,
    singles: Vec<PendingSingle>,
    /// Moves of the pattern databases' move tables.
    moves: usize,
    /// Bytes the near table may take.
    near_memory: u64,
    cache: Option<Cache>,
    reports: Reports,
    /// The near table's depth as last kept (or read).
    kept_depth: u32,
    /// What the near table's symmetries are found in, until they are looked for.
    near_source: Option<Box<(Puzzle, MoveSet)>>,
    /// See [`Heuristics::state_secs`].
    state_secs: f64,
    sym: SymStep,
    goals: Vec<State>,
    memory: u64,
    /// The sizes of the parts of the largest pair chosen.
    first_pair: Option<(usize, usize)>,
}

impl Heuristics {
    /// The single-coordinate pattern databases, the whole-component ones found in the cache, and
    /// the near table (from the cache, or a few thousand states).
    pub fn new(
        puzzle: &Puzzle,
        set: &MoveSet,
        pruner: &PairPruner,
        memory: u64,
        cache_dir: Option<&Path>,
        key: u64,
        reports: Reports,
    ) -> Result<Heuristics, String> {
        let modulus = puzzle.modulus();
        // The tables search backwards from the goal, so they use the inverses.
        let mut perms = set.perms.clone();
        let inverses: Vec<usize> = set
            .perms
            .iter()
            .map(|p| {
                let inv = p.inverse(&modulus);
                perms.iter().position(|q| *q == inv).unwrap_or_else(|| {
                    perms.push(inv);
                    perms.len() - 1
                })
            })
            .collect();
        let cache = cache_dir.map(|d| Cache {
            dir: d.to_path_buf(),
            key,
        });
        let goals = puzzle.goals();
        let closed = perms.len() == set.perms.len();
        let coords = coordinates(puzzle, &perms, PATTERN_LIMIT)?;
        // Pairs of parts (the strongest bounds), the largest first, in half the budget; one
        // that says nothing the ones chosen do not (all its coordinates inside one of them) is
        // left out.
        let mut parts = pattern_db::parts(&coords);
        let mut pairs = if closed {
            pattern_db::pairs(&parts, PATTERN_DB_LIMIT)
        } else {
            Vec::new()
        };
        // Components too large for a pair of all their pieces pair some of them (where they
        // are, how they are turned), chosen among the rest by size alike.
        if closed {
            for (places, twists) in tracked_parts(puzzle, &perms, PATTERN_DB_LIMIT) {
                let (outer, inner) = Part::tracked_pair(places, twists);
                pairs.push((parts.len(), parts.len() + 1));
                parts.extend([outer, inner]);
            }
            pairs.sort_by_key(|&(i, j)| std::cmp::Reverse(parts[i].size * parts[j].size));
        }
        let mut chosen: Vec<(usize, usize)> = Vec::new();
        let mut pattern_bytes = 0;
        let (mut patterns, mut pending) = (Vec::new(), Vec::new());
        for (a, b) in pairs {
            let (outer, inner) = (&parts[a], &parts[b]);
            let bytes = pattern_db::bytes_for(outer, inner, perms.len());
            let inside = |&(x, y): &(usize, usize)| {
                let within = |c: &Coord| parts[x].covers_coord(c) || parts[y].covers_coord(c);
                outer.coords().iter().chain(inner.coords()).all(within)
            };
            if chosen.len() == MAX_PATTERNS
                || chosen.iter().any(inside)
                || pattern_bytes + bytes > memory / 2
            {
                continue;
            }
            chosen.push((a, b));
            pattern_bytes += bytes;
            let what = format!("pattern{a}x{b}");
            let kept = cache.as_ref().and_then(|c| {
                let table = Floored::open(c, &what, PATTERN_NAME, outer.size * inner.size)?;
                Some(PatternDb::with_table(
                    outer.clone(),
                    inner.clone(),
                    perms.len(),
                    table,
                ))
            });
            let p = Pending {
                goals: goals.clone(),
                outer: outer.clone(),
                inner: inner.clone(),
                what,
                completes: None,
            };
            match kept {
                Some(db) if db.table.whole => patterns.push(db),
                Some(db) => {
                    pending.push(Pending {
                        completes: Some(patterns.len()),
                        ..p
                    });
                    patterns.push(db);
                }
                None => pending.push(p),
            }
        }
        // Single coordinates (a byte an entry) not inside one of those: the largest go first
        // until the rest fit in a quarter of the budget.
        let covered = |c: &Coord| {
            chosen
                .iter()
                .any(|&(a, b)| parts[a].covers_coord(c) || parts[b].covers_coord(c))
        };
        let mut singles: Vec<Coord> = coords.into_iter().filter(|c| !covered(c)).collect();
        singles.sort_by_key(|c| c.size);
        while singles.iter().map(|c| c.size as u64).sum::<u64>() > memory / 4 {
            singles.pop();
        }
        let single_bytes = singles.iter().map(|c| c.size as u64).sum::<u64>();
        let (now, later): (Vec<Coord>, Vec<Coord>) =
            singles.into_iter().partition(|c| c.size <= SINGLE_START);
        let pdbs: Vec<(Coord, DepthTable)> = now
            .into_iter()
            .map(|c| pattern_table(c, &goals, &inverses))
            .collect();
        let later = later
            .into_iter()
            .map(|coord| PendingSingle {
                coord,
                goals: goals.clone(),
                inverses: inverses.clone(),
            })
            .collect();
        let near_memory = memory.saturating_sub(pattern_bytes + single_bytes);
        // Moves closed under inverse are their own inverses as a set: the near table searches
        // from the goal under the moves themselves, with the solver's pruner (building another
        // was half a small puzzle's start).
        let (inverse, pruner) = if closed {
            (set.perms.clone(), pruner.clone())
        } else {
            let inverse: Vec<Perm> = inverses.iter().map(|&i| perms[i].clone()).collect();
            let inverse_set = MoveSet {
                names: vec![String::new(); inverse.len()],
                perms: inverse.clone(),
            };
            let pruner = PairPruner::new(&inverse_set, &modulus);
            (inverse, pruner)
        };
        let near_moves = near_table::Moves {
            goals: goals.clone(),
            inverse,
            pruner,
            modulus,
        };
        // A near table kept by class needs the symmetries to be read (found at once, then).
        let by_class = cache
            .as_ref()
            .is_some_and(|c| c.path(near::CLASSES).exists());
        let canon = if by_class {
            near::canon(puzzle, set)
        } else {
            None
        };
        let kept = cache.as_ref().and_then(|c| {
            let reduced = match &canon {
                Some(canon) => {
                    let (words, _) = c.read(near::FILTER, near::FILTER_NAME, 64)?;
                    Some((canon.clone(), ClassFilter::from_words(words)?))
                }
                None => None,
            };
            let name = if canon.is_some() {
                near::CLASSES
            } else {
                "near"
            };
            let (words, levels) = c.read(name, NEAR_NAME, 64)?;
            (words.len() as u64 * 8 <= near_memory)
                .then(|| NearTable::from_slots(words, levels, reduced))
                .flatten()
        });
        let near = kept.unwrap_or_else(|| {
            let mut near = NearTable::new(&goals);
            while near.next_level_estimate() <= NEAR_START && near.deepen(&near_moves, near_memory)
            {
            }
            near
        });
        let sym = if closed {
            SymStep::Unplanned(Box::new((puzzle.clone(), perms.clone(), set.names.clone())))
        } else {
            SymStep::Settled
        };
        let near_source =
            (!by_class && goals.len() == 1).then(|| Box::new((puzzle.clone(), set.clone())));
        let mut h = Heuristics {
            near_source,
            kept_depth: if cache.is_some() { near.depth } else { 0 },
            state_secs: 150e-9,
            sym,
            goals: goals.clone(),
            memory,
            first_pair: chosen.first().map(|&(a, b)| (parts[a].size, parts[b].size)),
            bounds: Bounds {
                near,
                patterns,
                sym: None,
                pdbs,
                // (With several goals a state's inverse is not as far as the state.)
                inverse: goals.len() == 1,
            },
            near_moves,
            pending,
            singles: later,
            moves: perms.len(),
            near_memory,
            cache,
            reports,
        };
        // A table kept in the cache is opened at once.
        let kept = h.cache.as_ref().is_some_and(|c| c.path("sym").exists());
        if kept {
            h.plan_sym();
        }
        Ok(h)
    }

    /// Builds the pattern databases that pay before an iteration expected to visit `nodes`
    /// nodes ([`PATTERN_AT`], [`WHOLE_AT`]; a table's state costs about a twelfth of a node), and
    /// keeps them in the cache. True if it built one (the node counts so far then no longer
    /// predict the next).
    pub fn prepare(&mut self, nodes: f64) -> bool {
        self.prepare_with(nodes, false, false)
    }

    /// [`Heuristics::prepare`] for the tables of tracked pieces, which cost more than a near
    /// table's level: asked after the near table has been deepened, with the nodes it leaves.
    pub fn prepare_tracked(&mut self, nodes: f64) -> bool {
        self.prepare_with(nodes, false, true)
    }

    /// Builds every table that fits at once (the whole-component ones without their last
    /// levels), as a run that solves many states would.
    pub fn build_all(&mut self) {
        self.prepare_with(0.0, true, false);
        self.prepare_with(0.0, true, true);
    }

    /// Builds what pays before an iteration of `nodes` (everything with `all`): the tables of
    /// tracked pieces alone with `tracked`, else the others.
    fn prepare_with(&mut self, nodes: f64, all: bool, tracked: bool) -> bool {
        if tracked {
            return self.prepare_pending(nodes, all, true);
        }
        let mut built = self.prepare_sym(nodes, all);
        let (later, now): (Vec<_>, Vec<_>) = std::mem::take(&mut self.singles)
            .into_iter()
            .partition(|p| !all && nodes < SINGLE_COST * p.coord.size as f64);
        self.singles = later;
        for p in now {
            let pdb = pattern_table(p.coord, &p.goals, &p.inverses);
            self.bounds.pdbs.push(pdb);
            built = true;
        }
        built | self.prepare_pending(nodes, all, false)
    }

    /// Builds the pending pattern databases that pay (those of tracked pieces, or the others).
    fn prepare_pending(&mut self, nodes: f64, all: bool, tracked: bool) -> bool {
        let mut built = false;
        let mut i = 0;
        while i < self.pending.len() {
            let p = &self.pending[i];
            if p.inner.is_tracked_twists() != tracked {
                i += 1;
                continue;
            }
            // A state costs a step per move to build: the rule was measured with 18 moves
            // (the megaminx's 48 wait for 2.7 times the nodes); tracked pieces' tables cost
            // [`TRACKED_COST`] times more again.
            let cost = if p.inner.is_tracked_twists() {
                TRACKED_COST
            } else {
                1.0
            };
            let size =
                (p.outer.size * p.inner.size) as f64 * (self.moves as f64 / 18.0).max(1.0) * cost;
            let whole = nodes >= WHOLE_AT * size;
            let wanted = all || nodes >= PATTERN_AT * size;
            if !wanted || (p.completes.is_some() && !whole) {
                i += 1;
                continue;
            }
            let p = self.pending.remove(i);
            let t = Instant::now();
            let threads = twisty::machine::threads();
            let (o, n) = (p.outer.clone(), p.inner.clone());
            let mut db = PatternDb::build(o, n, &p.goals, self.moves, threads, whole);
            db.table.pack_if_kept(self.memory);
            let size = db.outer.size * db.inner.size;
            (self.reports.pattern)(size, db.bytes(), t.elapsed().as_secs_f64());
            if let Some(c) = &self.cache {
                c.keep_table(&p.what, PATTERN_NAME, db.table.to_file());
            }
            let at = p.completes.unwrap_or(self.bounds.patterns.len());
            if !db.table.whole {
                self.pending.push(Pending {
                    completes: Some(at),
                    ..p
                });
            }
            if at < self.bounds.patterns.len() {
                self.bounds.patterns[at] = db;
            } else {
                self.bounds.patterns.push(db);
            }
            built = true;
        }
        built
    }
}
