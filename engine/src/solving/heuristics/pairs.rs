//! Pattern databases of pairs of parts ([`crate::tables::pattern_db`]: the 3x3x3's corners, the
//! skewb's two tetrads, some pieces of a large component followed alone): which pairs the plan
//! takes, which the cache already keeps, and when the others are built.
//!
//! A pair is built when the next iteration is expected to cost more than the table's build
//! (states times moves, [`PATTERN_AT`]: without its last levels, which cost the most,
//! [`crate::tables::floored`]), and built whole when it is expected to cost [`WHOLE_AT`] times
//! that. A kept pair costs nothing but its opening: its entries are mapped, and a table of tracked
//! pieces maps its move tables too ([`crate::tables::pattern_db::PatternDb::keep_moves`]).

use super::notes::{count, Step};
use super::Heuristics;
use crate::model::{Puzzle, State};
use crate::solving::search_tree::MAX_PATTERNS;
use crate::tables::floored::Floored;
use crate::tables::pattern_db::{self, Part, PatternDb};
use crate::tables::space::Coord;
use std::time::Instant;
use twisty::file_lock::{BuildLock, Waited};
use twisty::table_store::TableStore;

pub(super) const PATTERN_NAME: &str = "engine pattern database, 2 or 4 bits";

/// A pattern database is built when an iteration is expected to visit an eighth of its states
/// (times its moves over the 3x3x3's 18), and built whole when it is expected to visit
/// [`WHOLE_AT`] times its states (a search so long that the last levels' cost is nothing beside
/// it).
pub(super) const PATTERN_AT: f64 = 1.0 / 8.0;
pub(super) const WHOLE_AT: f64 = 16.0;
/// A table of tracked pieces costs some eight times a 3x3x3 corner table's state to build (its
/// move tables, made piece by piece, more than its BFS; docs/engine.md, "Optimal search"): it waits
/// for that many times the nodes.
const TRACKED_COST: f64 = 8.0;

/// Pairs left out for [`MAX_PATTERNS`] named one by one in the notes; the rest are counted.
const SHOWN_PAST_LIMIT: usize = 3;

/// A pattern database not built yet, or built without its last levels.
#[derive(Clone)]
pub(super) struct Pending {
    pub outer: Part,
    pub inner: Part,
    pub goals: Vec<State>,
    /// Its name in the cache.
    pub what: String,
    /// The index of the partial table it completes.
    pub completes: Option<usize>,
}

impl Pending {
    /// The nodes an iteration must be expected to visit for this table to be built (`whole`:
    /// with its last levels), with `moves` moves.
    pub fn pays_at(&self, moves: usize, whole: bool) -> f64 {
        self.cost_states(moves) * if whole { WHOLE_AT } else { PATTERN_AT }
    }

    /// The seconds its build is expected to take without its last levels (a 3x3x3 corner
    /// table's state at 18 moves, [`STATE_SECS`], times the cost's factors).
    pub fn build_secs(&self, moves: usize) -> f64 {
        self.cost_states(moves) * STATE_SECS
    }

    /// Its states, weighed by its moves over 18 and by [`TRACKED_COST`] where it tracks pieces.
    fn cost_states(&self, moves: usize) -> f64 {
        let cost = if self.inner.is_tracked_twists() {
            TRACKED_COST
        } else {
            1.0
        };
        (self.outer.size * self.inner.size) as f64 * (moves as f64 / 18.0).max(1.0) * cost
    }
}

/// Seconds a pair's state costs to build without the last levels, on two cores: the 3x3x3's
/// corners take about 0.33 s for 88 million states, the FTO's centres with corner places 1.7 s
/// for 133 million at 24 moves (the larger of the two is taken).
pub(super) const STATE_SECS: f64 = 1e-8;

/// What a coordinate is over, in words: "EDGES twists", "C4RNER places", "where 6 EDGES pieces are".
pub(super) fn coord_name(puzzle: &Puzzle, c: &Coord) -> String {
    let offsets = puzzle.offsets();
    let orbit = offsets.iter().rposition(|&o| o <= c.positions()[0]);
    let name = orbit.map_or("?", |i| puzzle.orbits[i].name.as_str());
    let what = c.describe();
    if c.is_ori() {
        format!("{name} twists")
    } else if what.starts_with("where the pieces are") {
        format!("{name} places")
    } else {
        format!("{name}, {what}")
    }
}

/// A pair's name in the notes: its cache name, what it is over and its entries.
pub(super) fn pair_name(puzzle: &Puzzle, what: &str, outer: &Part, inner: &Part) -> String {
    let part = |p: &Part| match p.coords() {
        [] => "their twists".to_string(),
        cs => cs
            .iter()
            .map(|c| coord_name(puzzle, c))
            .collect::<Vec<_>>()
            .join(" with "),
    };
    format!(
        "{what} ({} x {}, {} entries)",
        part(outer),
        part(inner),
        count((outer.size * inner.size) as f64)
    )
}

/// The pairs the plan takes, those the cache keeps opened.
pub(super) struct Chosen {
    pub patterns: Vec<PatternDb>,
    pub pending: Vec<Pending>,
    /// The name and parts of each pair taken, the largest pair first.
    pub pairs: Vec<(String, Part, Part)>,
    pub bytes: u64,
}

impl Chosen {
    /// A pair taken: its table opened where the cache keeps it (one kept without its last levels
    /// also to be completed), else planned, to be built when a search pays for it.
    fn open_or_plan(
        &mut self,
        (what, name): (String, String),
        (outer, inner): (&Part, &Part),
        moves: usize,
        cache: Option<&TableStore>,
        goals: &[State],
        note: &mut dyn FnMut(String, Step, String, f64),
    ) {
        let t = Instant::now();
        let kept = cache.and_then(|c| {
            let table = Floored::open(c, &what, PATTERN_NAME, outer.size * inner.size)?;
            Some(PatternDb::opened(
                outer.clone(),
                inner.clone(),
                moves,
                table,
                c,
                &what,
            ))
        });
        let p = Pending {
            goals: goals.to_vec(),
            outer: outer.clone(),
            inner: inner.clone(),
            what,
            completes: None,
        };
        match kept {
            Some(db) => {
                let why = if db.table.whole {
                    "kept in the cache folder"
                } else {
                    "kept in the cache folder without its last levels"
                };
                note(name, Step::Opened, why.into(), t.elapsed().as_secs_f64());
                if !db.table.whole {
                    self.pending.push(Pending {
                        completes: Some(self.patterns.len()),
                        ..p
                    });
                }
                self.patterns.push(db);
            }
            None => self.pending.push(p),
        }
    }
}

/// Pairs of parts (the strongest bounds), the largest first, in half the memory; one that says
/// nothing the ones taken do not (all its coordinates inside one of them) is left out, and so is
/// one past [`MAX_PATTERNS`]. Kept ones are opened from `cache`; `note` hears of each.
pub(super) fn choose(
    puzzle: &Puzzle,
    parts: &[Part],
    pairs: Vec<(usize, usize)>,
    moves: usize,
    memory: u64,
    cache: Option<&TableStore>,
    note: &mut dyn FnMut(String, Step, String, f64),
) -> Chosen {
    let goals = puzzle.goals();
    let mut out = Chosen {
        patterns: Vec::new(),
        pending: Vec::new(),
        pairs: Vec::new(),
        bytes: 0,
    };
    let mut taken: Vec<(usize, usize)> = Vec::new();
    let mut past_limit = 0;
    for (a, b) in pairs {
        let (outer, inner) = (&parts[a], &parts[b]);
        let what = format!("pattern{a}x{b}");
        let name = pair_name(puzzle, &what, outer, inner);
        let bytes = pattern_db::bytes_for(outer, inner, moves);
        let inside = taken.iter().find(|&&(x, y)| {
            let within = |c: &Coord| parts[x].covers_coord(c) || parts[y].covers_coord(c);
            outer.coords().iter().chain(inner.coords()).all(within)
        });
        if let Some(&(x, y)) = inside {
            note(
                name,
                Step::LeftOut,
                format!("says nothing pattern{x}x{y} does not"),
                0.0,
            );
            continue;
        }
        if taken.len() == MAX_PATTERNS {
            // (A clock has hundreds of pairs of dials: the first few say why, a count the rest.)
            past_limit += 1;
            if past_limit <= SHOWN_PAST_LIMIT {
                let why = format!("{MAX_PATTERNS} pairs are looked up at most");
                note(name, Step::LeftOut, why, 0.0);
            }
            continue;
        }
        if out.bytes + bytes > memory / 2 {
            let why = format!(
                "{} do not fit in half the memory left",
                twisty::bytes::show(bytes as u128)
            );
            note(name, Step::LeftOut, why, 0.0);
            continue;
        }
        taken.push((a, b));
        out.pairs.push((what.clone(), outer.clone(), inner.clone()));
        out.bytes += bytes;
        out.open_or_plan((what, name), (outer, inner), moves, cache, &goals, note);
    }
    if past_limit > SHOWN_PAST_LIMIT {
        let more = format!("{} more pairs", past_limit - SHOWN_PAST_LIMIT);
        let why = format!("{MAX_PATTERNS} pairs are looked up at most");
        note(more, Step::LeftOut, why, 0.0);
    }
    out
}

impl Heuristics {
    /// The seconds the cheapest pattern database that [`Heuristics::prepare`] would build before
    /// an iteration of `nodes` is expected to take (`None`: none would be built).
    pub fn cheapest_pair_secs(&self, nodes: f64) -> Option<f64> {
        self.pending
            .iter()
            .filter(|p| !p.inner.is_tracked_twists() && p.completes.is_none())
            .filter(|p| nodes >= p.pays_at(self.moves, false))
            .map(|p| p.build_secs(self.moves))
            .min_by(f64::total_cmp)
    }

    /// Builds the pending pattern databases that pay before an iteration expected to visit
    /// `nodes` nodes (every one with `all`): those of tracked pieces, or the others.
    pub(super) fn prepare_pending(&mut self, nodes: f64, all: bool, tracked: bool) -> bool {
        let mut built = false;
        let mut i = 0;
        while i < self.pending.len() {
            let p = &self.pending[i];
            if p.inner.is_tracked_twists() != tracked {
                i += 1;
                continue;
            }
            let whole = nodes >= p.pays_at(self.moves, true);
            let wanted = all || nodes >= p.pays_at(self.moves, false);
            if !wanted || (p.completes.is_some() && !whole) {
                i += 1;
                continue;
            }
            let p = self.pending.remove(i);
            let t = Instant::now();
            // One build at a time (another process may be building this table): having waited,
            // take what it kept where that serves.
            let lock = self.cache.as_ref().and_then(|c| c.lock(&p.what));
            if let Some(db) = self.kept_meanwhile(&p, whole, &lock) {
                let name = pair_name(&self.puzzle, &p.what, &db.outer, &db.inner);
                let why = "another process built it while this one waited";
                self.notes
                    .add(name, Step::Opened, why, t.elapsed().as_secs_f64());
                self.install(p, db);
                built = true;
                continue;
            }
            let threads = twisty::machine::threads();
            let (o, n) = (p.outer.clone(), p.inner.clone());
            let mut db = PatternDb::build(o, n, &p.goals, self.moves, threads, whole);
            db.table.pack_if_kept(self.memory);
            let secs = t.elapsed().as_secs_f64();
            (self.reports.pattern)(db.outer.size * db.inner.size, db.bytes(), secs);
            let name = pair_name(&self.puzzle, &p.what, &db.outer, &db.inner);
            let why = if all {
                "every table is built at once in this run".to_string()
            } else {
                let part = if whole {
                    "whole"
                } else {
                    "without its last levels"
                };
                format!(
                    "{part}: the next iteration was expected to visit {} nodes, it pays from {}",
                    count(nodes),
                    count(p.pays_at(self.moves, whole))
                )
            };
            self.notes.add(name, Step::Built, why, secs);
            if let Some(c) = &self.cache {
                c.keep_table(&p.what, PATTERN_NAME, db.table.to_file());
                db.keep_moves(c, &p.what);
            }
            drop(lock);
            self.install(p, db);
            built = true;
        }
        built
    }

    /// The table `p` as another process kept it while this one waited for its lock (`lock`), if
    /// it is there and is what this one would build (whole where `whole` is asked).
    fn kept_meanwhile(
        &self,
        p: &Pending,
        whole: bool,
        lock: &Option<(BuildLock, Waited)>,
    ) -> Option<PatternDb> {
        let c = self
            .cache
            .as_ref()
            .filter(|_| matches!(lock, Some((_, Waited::Yes))))?;
        let size = p.outer.size * p.inner.size;
        let table = Floored::open(c, &p.what, PATTERN_NAME, size).filter(|t| t.whole || !whole)?;
        let (o, n) = (p.outer.clone(), p.inner.clone());
        Some(PatternDb::opened(o, n, self.moves, table, c, &p.what))
    }

    /// Puts a table built or opened for `p` among the bounds (in the place of the partial one
    /// it completes), and leaves it pending if it lacks its last levels.
    fn install(&mut self, p: Pending, db: PatternDb) {
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
    }
}
