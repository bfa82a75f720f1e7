//! The full distance table of a puzzle: 2 bits per state (distance mod 3; 3 = not reached), filled
//! by the library's breadth-first search ([`twisty::dist_table::bfs`]) over the ranks on every core.
//!
//! Distances mod 3 are enough to walk down to the goal when the moves are closed under inverse:
//! neighbours differ by at most one level, so "one less mod 3" is "one less". When they are not (a
//! third of a turn one way only, a robot's arm that turns one way), a neighbour can be two levels
//! further and still look one closer mod 3, so such a table keeps exact distances in a byte, found
//! by searching from the goal under the moves' inverses (the states one move before).
//!
//! A table can be saved with a checksum and a fingerprint of the puzzle and metric it belongs to,
//! and the search can be cut into slices of the rank range (`slices.rs`).

use crate::interrupt;
use crate::model::metric::MoveSet;
use crate::model::Puzzle;
use crate::tables::space::{Scratch, Space};
use std::cell::RefCell;
use std::sync::atomic::Ordering;
use twisty::checksum::Fnv64;
use twisty::dist_table::bfs::Bfs;
pub use twisty::dist_table::bfs::Level;
use twisty::dist_table::fields::Fields;
use twisty::dist_table::fields_file::open_fields;
use twisty::dist_table::graphs::Directed;
use twisty::dist_table::{walk, Graph};
use twisty::machine::threads;
use twisty::table_file::TableHeader;

/// Distances mod 3 of every rank, or exact distances (see the module's note).
pub struct DistTable {
    fields: Fields,
    pub size: usize,
    /// The puzzle's moves are the space's first `moves`; the rest are their inverses.
    moves: usize,
    /// States at each distance from the goal.
    pub distribution: Vec<u64>,
    /// False when the build was interrupted (the distribution is then a prefix).
    pub complete: bool,
}

impl std::fmt::Debug for DistTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DistTable")
            .field("size", &self.size)
            .field("distribution", &self.distribution)
            .field("complete", &self.complete)
            .finish()
    }
}

/// The ranks of a space as a graph for the library's BFS, under all its moves (the slices' jobs
/// pull with it too).
pub(crate) struct RankGraph<'a> {
    space: &'a Space,
    all: Vec<usize>,
}

impl<'a> RankGraph<'a> {
    pub(crate) fn new(space: &'a Space) -> Self {
        Self::with(space, (0..space.moves.len()).collect())
    }

    /// The graph under some of the space's moves.
    fn with(space: &'a Space, all: Vec<usize>) -> Self {
        RankGraph { space, all }
    }
}

thread_local! {
    /// Each BFS thread's digits and coordinates (the graph's methods take `&self`).
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl Graph for RankGraph<'_> {
    fn size(&self) -> usize {
        self.space.size
    }

    fn neighbors<F: FnMut(usize, usize)>(&self, r: usize, f: F) {
        SCRATCH.with(|s| {
            self.space
                .for_each_neighbor(r, &self.all, &mut s.borrow_mut(), f)
        })
    }

    fn any_predecessor_of_run<P: FnMut(usize) -> bool, H: FnMut(usize)>(
        &self,
        states: &[usize],
        mut p: P,
        mut hit: H,
    ) {
        SCRATCH.with(|s| {
            let scratch = &mut s.borrow_mut();
            for (k, &r) in states.iter().enumerate() {
                if self.space.any_neighbor(r, &self.all, scratch, &mut p) {
                    hit(k);
                }
            }
        })
    }

    fn successors_of_run<F: FnMut(usize)>(&self, states: &[usize], mut f: F) {
        SCRATCH.with(|s| {
            let scratch = &mut s.borrow_mut();
            for &r in states {
                self.space
                    .for_each_neighbor(r, &self.all, scratch, |_, n| f(n));
            }
        })
    }
}

impl DistTable {
    /// An empty table of distances mod 3 for a space whose moves are closed under inverse.
    pub fn empty(size: usize) -> DistTable {
        DistTable {
            fields: Fields::new(size, 2),
            size,
            moves: usize::MAX,
            distribution: Vec::new(),
            complete: false,
        }
    }

    /// The space a table for `set` ranks: the set's moves, then the inverses a search from the
    /// goal needs when they are not among them.
    pub fn space_for(puzzle: &Puzzle, set: &MoveSet) -> Result<Space, String> {
        let modulus = puzzle.modulus();
        let mut perms = set.perms.clone();
        for p in &set.perms {
            let inv = p.inverse(&modulus);
            if !set.perms.contains(&inv) && !perms.contains(&inv) {
                perms.push(inv);
            }
        }
        if perms.len() > set.perms.len() {
            // The inverses of every move, in order, after the moves.
            perms.truncate(set.perms.len());
            perms.extend(set.perms.iter().map(|p| p.inverse(&modulus)));
        }
        Space::new(puzzle, perms)
    }

    /// Whether the table keeps exact distances (the moves are not closed under inverse).
    pub fn exact(&self) -> bool {
        self.fields.bits() == 8
    }

    /// The value of an unreached state.
    pub fn unreached(&self) -> u8 {
        if self.exact() {
            u8::MAX
        } else {
            3
        }
    }

    /// Builds the table of a space from [`DistTable::space_for`] with `moves` moves of its own.
    pub fn build_for(space: &Space, moves: usize, report: impl FnMut(&Level)) -> DistTable {
        if moves == space.moves.len() {
            return Self::build(space, report);
        }
        let graph = Directed {
            forward: RankGraph::with(space, (moves..space.moves.len()).collect()),
            backward: RankGraph::with(space, (0..moves).collect()),
        };
        Self::run(space, 8, &graph, moves, report)
    }

    fn run<G: Graph + Sync>(
        space: &Space,
        bits: u32,
        graph: &G,
        moves: usize,
        mut report: impl FnMut(&Level),
    ) -> DistTable {
        let stop = interrupt::requested;
        let layers = Bfs::new(bits)
            .threads(threads())
            .report(&mut report)
            .stop(&stop)
            .run(graph, &space.goals);
        DistTable {
            fields: layers.fields,
            size: space.size,
            moves,
            distribution: layers.distribution,
            complete: layers.complete,
        }
    }

    #[inline]
    pub fn get(&self, r: usize) -> u8 {
        self.fields.get(r)
    }

    /// Sets the field of `r` (building a table from other data).
    pub fn set(&mut self, r: usize, v: u8) {
        self.fields.set(r, v);
    }

    /// A checksum of the fields, to compare two tables.
    pub fn digest(&self) -> u64 {
        let mut h = Fnv64::new();
        for w in self.fields.words() {
            h.update(&w.load(Ordering::Relaxed).to_le_bytes());
        }
        h.finish()
    }

    pub fn bytes(&self) -> usize {
        self.fields.bytes()
    }

    /// God's number: the largest distance.
    pub fn gods_number(&self) -> usize {
        self.distribution.len().saturating_sub(1)
    }

    /// Breadth-first search from the goal over the whole space, on every core; Ctrl-C stops it
    /// (the table is then incomplete). `report` hears of every level.
    pub fn build(space: &Space, report: impl FnMut(&Level)) -> DistTable {
        let graph = RankGraph::new(space);
        Self::run(space, 2, &graph, space.moves.len(), report)
    }

    /// The distribution counted once per look, where per-piece moduli ignore some orientations:
    /// `None` when no orientation is ignored or a count does not divide.
    ///
    /// Why a division is exact: the states that look like `s` are `k s`, `k` turning pieces by
    /// multiples of their modulus (it travels with the piece, so it commutes with every move).
    /// The table starts from every look-alike of the goal, so `k s` is reached at the distance of
    /// `s`, and the `k` are told apart by where they turn the goal's pieces: every look holds as
    /// many reached states, at one distance, as the goal has look-alikes among the goals.
    pub fn looks_distribution(&self, space: &Space, puzzle: &Puzzle) -> Option<Vec<u64>> {
        if puzzle.label_mod.is_empty() {
            return None;
        }
        let alike = puzzle
            .variants(&puzzle.goal)
            .iter()
            .filter_map(|v| space.rank_checked(v))
            .filter(|r| space.goals.contains(r))
            .count() as u64;
        if alike == 0 || self.distribution.iter().any(|&c| c % alike != 0) {
            return None;
        }
        Some(self.distribution.iter().map(|&c| c / alike).collect())
    }

    /// The reached states of `puzzle` counted once per look: where per-piece moduli ignore some
    /// orientations, states that differ only there are one (each counted at its smallest rank),
    /// on every core.
    pub fn distinct(&self, space: &Space, puzzle: &Puzzle) -> u64 {
        let unreached = self.unreached();
        let reached = |r: usize| self.get(r) != unreached;
        if puzzle.label_mod.is_empty() {
            return (0..self.size).filter(|&r| reached(r)).count() as u64;
        }
        let first = |r: usize| {
            reached(r)
                && puzzle
                    .variants(&space.unrank(r))
                    .iter()
                    .skip(1)
                    .all(|v| space.rank_checked(v).is_none_or(|q| q > r || !reached(q)))
        };
        let n = threads();
        let chunk = self.size.div_ceil(n);
        std::thread::scope(|scope| {
            let parts: Vec<_> = (0..n)
                .map(|t| {
                    let range = t * chunk..((t + 1) * chunk).min(self.size);
                    scope.spawn(move || range.filter(|&r| first(r)).count() as u64)
                })
                .collect();
            parts.into_iter().map(|p| p.join().expect("no panic")).sum()
        })
    }

    /// A shortest path from rank `r` to the goal, as move indices; `None` if `r` is unreached.
    pub fn path(&self, space: &Space, r: usize) -> Option<Vec<usize>> {
        let all: Vec<usize> = (0..self.moves.min(space.moves.len())).collect();
        let mut scratch = Scratch::default();
        walk(
            r,
            |s| self.get(s),
            self.unreached(),
            !self.exact(),
            |s, f| space.for_each_neighbor(s, &all, &mut scratch, f),
            |s| space.goals.contains(&s),
        )
    }

    fn header(fingerprint: u64, size: usize, bits: u32, distribution: Vec<u64>) -> TableHeader {
        TableHeader {
            name: TABLE_NAME.to_string(),
            key: fingerprint,
            entries: size as u64,
            bits,
            extra: distribution,
        }
    }

    /// Writes the table in the library's table file format through the store (its folder made,
    /// written then renamed, then read back and checked): its header names the puzzle, move set
    /// and metric (`fingerprint`) and keeps the distribution.
    pub fn save(&self, path: &std::path::Path, fingerprint: u64) -> std::io::Result<()> {
        let header = Self::header(
            fingerprint,
            self.size,
            self.fields.bits(),
            self.distribution.clone(),
        );
        let words = self
            .fields
            .words()
            .iter()
            .map(|w| w.load(Ordering::Relaxed));
        twisty::table_keeping::write(path, &header, words, true)
    }

    /// Opens (maps) a table saved by [`DistTable::save`] for a space from [`DistTable::space_for`]
    /// with `moves` moves of its own, checking that it belongs to `fingerprint` (its checksum is
    /// checked when it is written, and by `twisty solve --verify`).
    pub fn load(
        path: &std::path::Path,
        fingerprint: u64,
        space: &Space,
        moves: usize,
    ) -> Result<DistTable, String> {
        let size = space.size;
        let bits = if moves == space.moves.len() { 2 } else { 8 };
        let (header, fields) =
            open_fields(path, &Self::header(fingerprint, size, bits, Vec::new()))
                .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(DistTable {
            fields,
            size,
            moves,
            distribution: header.extra,
            complete: true,
        })
    }
}

/// The name in the header of an engine's distance table file (2 bits: distance mod 3; 8 bits:
/// exact).
const TABLE_NAME: &str = "engine distance table";
