//! The full distance table of a puzzle: 2 bits per state (distance mod 3; 3 = not reached), filled
//! by the library's breadth-first search ([`twisty::dist_table::bfs`]) over the ranks on every core.
//!
//! Distances mod 3 are enough to walk down to the goal because the moves are closed under inverse:
//! neighbours differ by at most one level, so "one less mod 3" is "one less".
//!
//! A table can be saved with a checksum and a fingerprint of the puzzle and metric it belongs to,
//! and the search can be cut into slices of the rank range (`slices.rs`).

use crate::interrupt;
use crate::space::{Scratch, Space};
use std::cell::RefCell;
use std::sync::atomic::Ordering;
use twisty::checksum::Fnv64;
use twisty::dist_table::bfs::Bfs;
pub use twisty::dist_table::bfs::Level;
use twisty::dist_table::fields::{words_for, Fields};
use twisty::dist_table::{walk, Graph};
use twisty::table_file::{self, TableHeader};

pub const UNREACHED: u8 = 3;

/// Distances mod 3 of every rank.
pub struct DistTable {
    fields: Fields,
    pub size: usize,
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

/// The threads a table build uses: every core.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The ranks of a space as a graph for the library's BFS, under all its moves (the slices' jobs
/// pull with it too).
pub(crate) struct RankGraph<'a> {
    space: &'a Space,
    all: Vec<usize>,
}

impl<'a> RankGraph<'a> {
    pub(crate) fn new(space: &'a Space) -> Self {
        RankGraph {
            space,
            all: (0..space.moves.len()).collect(),
        }
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
    pub fn empty(size: usize) -> DistTable {
        DistTable {
            fields: Fields::new(size, 2),
            size,
            distribution: Vec::new(),
            complete: false,
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
    pub fn build(space: &Space, mut report: impl FnMut(&Level)) -> DistTable {
        let graph = RankGraph::new(space);
        let stop = interrupt::requested;
        let layers = Bfs::new(2)
            .threads(threads())
            .report(&mut report)
            .stop(&stop)
            .run(&graph, &[space.goal_rank()]);
        DistTable {
            fields: layers.fields,
            size: space.size,
            distribution: layers.distribution,
            complete: layers.complete,
        }
    }

    /// A shortest path from rank `r` to the goal, as move indices; `None` if `r` is unreached.
    pub fn path(&self, space: &Space, r: usize) -> Option<Vec<usize>> {
        let goal = space.goal_rank();
        let all: Vec<usize> = (0..space.moves.len()).collect();
        let mut scratch = Scratch::default();
        walk(
            r,
            |s| self.get(s),
            UNREACHED,
            true,
            |s, f| space.for_each_neighbor(s, &all, &mut scratch, f),
            |s| s == goal,
        )
    }

    fn header(fingerprint: u64, size: usize, distribution: Vec<u64>) -> TableHeader {
        TableHeader {
            name: TABLE_NAME.to_string(),
            key: fingerprint,
            entries: size as u64,
            bits: 2,
            extra: distribution,
        }
    }

    /// Writes the table in the library's table file format: its header names the puzzle, move set
    /// and metric (`fingerprint`) and keeps the distribution.
    pub fn save(&self, path: &std::path::Path, fingerprint: u64) -> std::io::Result<()> {
        let header = Self::header(fingerprint, self.size, self.distribution.clone());
        let words = self
            .fields
            .words()
            .iter()
            .map(|w| w.load(Ordering::Relaxed));
        table_file::save(path, &header, words)
    }

    /// Reads a table saved by [`DistTable::save`], checking its checksum and that it belongs to
    /// `fingerprint` and `size`.
    pub fn load(
        path: &std::path::Path,
        fingerprint: u64,
        size: usize,
    ) -> Result<DistTable, String> {
        let mut words = Vec::new();
        let header = table_file::load(
            path,
            &Self::header(fingerprint, size, Vec::new()),
            &mut words,
        )
        .map_err(|e| format!("{}: {e}", path.display()))?;
        if words.len() != words_for(size, 2) {
            return Err(format!("{}: not a table of {size} states", path.display()));
        }
        Ok(DistTable {
            fields: Fields::from_words(words, size, 2),
            size,
            distribution: header.extra,
            complete: true,
        })
    }
}

/// The name in the header of an engine's distance table file.
const TABLE_NAME: &str = "engine distance table, 2 bits (distance mod 3)";
