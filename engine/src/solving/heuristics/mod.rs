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
//! - Pattern databases of single coordinates too large for a byte a value (`wide.rs`): grids of
//!   pair slots (the 4x4x4's wing pairing, 239.5 million values) and others up to 2^22 values,
//!   4 bits a value in up to 3/4 of the memory, built whole at once.
//! - The near table ([`crate::tables::near_table`]) in the rest: a few thousand states at once, deepened
//!   while the search's measured costs say it pays (see `solver.rs`).
//!
//! With a cache folder ([`twisty::table_store`]), every table built is kept there and read back by
//! the next run.

use crate::model::metric::{MoveSet, PairPruner};
use crate::model::{Perm, Puzzle, State};
use crate::solving::search_tree::Bounds;
use crate::tables::near_table;
use crate::tables::pattern_db::{self, Part};
use crate::tables::space::{coordinates, tracked_parts, Coord};
use std::path::Path;
use std::time::Instant;
use twisty::table_store::TableStore;

/// Pattern databases of single coordinates up to this many entries (one byte each).
pub(super) const PATTERN_LIMIT: usize = 1 << 20;

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
mod notes;
mod pairs;
mod singles;
mod symmetric;
mod wide;

pub use notes::{Note, Notes, Step};
use pairs::Pending;
use singles::pattern_table;
use symmetric::SymStep;

const NEAR_NAME: &str = "engine near table";

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
    cache: Option<TableStore>,
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
    /// The names and parts of the pairs the plan took (whether built yet or not).
    chosen: Vec<(String, Part, Part)>,
    puzzle: Puzzle,
    /// What became of each table, and the seconds it took.
    pub notes: Notes,
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
        let (perms, inverses) = with_inverses(&set.perms, &modulus);
        let cache = cache_dir.map(|d| TableStore {
            dir: d.to_path_buf(),
            key,
        });
        let goals = puzzle.goals();
        let closed = perms.len() == set.perms.len();
        let coords = coordinates(puzzle, &perms, PATTERN_LIMIT)?;
        let (parts, pairs) = candidate_pairs(puzzle, &coords, &perms, closed);
        let mut notes = Notes::default();
        let mut note = |t: String, s: Step, w: String, secs: f64| notes.add(t, s, w, secs);
        let moves = perms.len();
        let pairs::Chosen {
            patterns,
            pending,
            pairs: chosen,
            bytes: pattern_bytes,
        } = pairs::choose(
            puzzle,
            &parts,
            pairs,
            moves,
            memory,
            cache.as_ref(),
            &mut note,
        );
        let covered = |c: &Coord| {
            chosen
                .iter()
                .any(|(_, a, b)| a.covers_coord(c) || b.covers_coord(c))
        };
        let singles = singles::plan(
            puzzle,
            coords,
            covered,
            memory,
            (&goals, &inverses),
            &mut note,
        );
        let (wide, wide_bytes) = wide::plan(
            puzzle,
            (&perms, &goals),
            memory,
            cache.as_ref(),
            reports.pattern,
            &mut note,
        );
        let near_memory = memory.saturating_sub(pattern_bytes + singles.bytes + wide_bytes);
        let near_moves = near::moves(set, pruner, (&perms, &inverses), &goals, modulus);
        let (near, by_class) = near::open_or_start(
            puzzle,
            set,
            (cache.as_ref(), &near_moves),
            near_memory,
            &mut note,
        );
        let sym = if closed {
            SymStep::Unplanned(Box::new((puzzle.clone(), perms.clone(), set.names.clone())))
        } else {
            SymStep::Settled
        };
        let near_source =
            (!by_class && goals.len() == 1).then(|| Box::new((puzzle.clone(), set.clone())));
        let first_pair = chosen.first().map(|(_, a, b)| (a.size, b.size));
        let mut h = Heuristics {
            puzzle: puzzle.clone(),
            notes,
            chosen,
            near_source,
            kept_depth: if cache.is_some() { near.depth } else { 0 },
            state_secs: 150e-9,
            sym,
            goals: goals.clone(),
            memory,
            first_pair,
            bounds: Bounds {
                near,
                patterns,
                sym: None,
                pdbs: singles.now,
                wide,
                // (With several goals a state's inverse is not as far as the state.)
                inverse: goals.len() == 1,
            },
            near_moves,
            pending,
            singles: singles.later,
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
            let (t, name) = (Instant::now(), singles::name(&self.puzzle, &p.coord));
            let pays = SINGLE_COST * p.coord.size as f64;
            let pdb = pattern_table(p.coord, &p.goals, &p.inverses);
            self.bounds.pdbs.push(pdb);
            let why = if all {
                "every table is built at once in this run".to_string()
            } else {
                let nodes = notes::count(nodes);
                format!(
                    "the next iteration was expected to visit {nodes} nodes, it pays from {}",
                    notes::count(pays)
                )
            };
            self.notes
                .add(name, Step::Built, why, t.elapsed().as_secs_f64());
            built = true;
        }
        built | self.prepare_pending(nodes, all, false)
    }

    /// What became of every table so far, with those still waiting to pay at the end: the
    /// plan's reasons, as `twisty solve --stats` prints them.
    pub fn plan_notes(&self) -> Vec<Note> {
        let mut out = self.notes.list.clone();
        let mut waiting = |table: String, pays: f64| {
            let why = format!(
                "no iteration was expected to visit the {} nodes it pays from",
                notes::count(pays)
            );
            out.push(Note {
                table,
                step: Step::NotBuilt,
                why,
                secs: 0.0,
            });
        };
        for p in &self.pending {
            let whole = p.completes.is_some();
            let mut name = pairs::pair_name(&self.puzzle, &p.what, &p.outer, &p.inner);
            if whole {
                name += ", its last levels";
            }
            waiting(name, p.pays_at(self.moves, whole));
        }
        for p in &self.singles {
            waiting(
                singles::name(&self.puzzle, &p.coord),
                SINGLE_COST * p.coord.size as f64,
            );
        }
        if let SymStep::Planned(p) = &self.sym {
            waiting("sym".into(), symmetric::SYM_AT * p.1.estimate as f64);
        }
        out
    }
}

/// The moves and their inverses, which the tables search with (backwards from the goal): the
/// inverses not among the moves are added after them; per move, its inverse's index.
fn with_inverses(moves: &[Perm], modulus: &[u8]) -> (Vec<Perm>, Vec<usize>) {
    let mut perms = moves.to_vec();
    let inverses = moves
        .iter()
        .map(|p| {
            let inv = p.inverse(modulus);
            perms.iter().position(|q| *q == inv).unwrap_or_else(|| {
                perms.push(inv);
                perms.len() - 1
            })
        })
        .collect();
    (perms, inverses)
}

/// The pattern databases that could be built, as pairs of parts, the largest first (only where
/// the moves are closed under inverse): pairs of whole coordinates, and for components too large
/// for a pair of all their pieces, some of them (where they are, how they are turned).
fn candidate_pairs(
    puzzle: &Puzzle,
    coords: &[Coord],
    perms: &[Perm],
    closed: bool,
) -> (Vec<Part>, Vec<(usize, usize)>) {
    let mut parts = pattern_db::parts(coords);
    if !closed {
        return (parts, Vec::new());
    }
    let mut pairs = pattern_db::pairs(&parts, PATTERN_DB_LIMIT);
    for (places, twists) in tracked_parts(puzzle, perms, PATTERN_DB_LIMIT) {
        let (outer, inner) = Part::tracked_pair(places, twists);
        pairs.push((parts.len(), parts.len() + 1));
        parts.extend([outer, inner]);
    }
    pairs.sort_by_key(|&(i, j)| std::cmp::Reverse(parts[i].size * parts[j].size));
    (parts, pairs)
}
