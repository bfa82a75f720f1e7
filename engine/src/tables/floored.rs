//! Distances of 4 bits whose last levels may be left out, the store of the engine's pattern
//! databases ([`crate::tables::pattern_db`], [`crate::tables::sym_pdb`]).
//!
//! The last levels are most of a table and cost the most to find, for bounds a move or two higher
//! that a short search seldom needs (the 3x3x3's corners: levels 0-7 in 0.15 s, all 11 in 0.5 s;
//! its 13-move row visits 41 million nodes against 36 million). Unless a table is built whole, its
//! breadth-first search stops once a level's expansion would touch half the states, and what it
//! has not reached is bounded by the first level it did not finish: the floor.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use twisty::dist_table::bfs::{Bfs, Level};
use twisty::dist_table::fields::{get_in, Fields};
use twisty::dist_table::Graph;

/// Bits an entry (15: not reached).
pub const BITS: u32 = 4;

pub struct Floored {
    fields: Fields,
    /// The bound of a state not reached: the first level not finished.
    floor: u32,
    /// Whether every level was found.
    pub whole: bool,
    /// Entries at each distance.
    pub distribution: Vec<u64>,
}

impl Floored {
    /// No entries yet.
    pub fn empty() -> Floored {
        Floored {
            fields: Fields::new(1, BITS),
            floor: 0,
            whole: false,
            distribution: Vec::new(),
        }
    }

    /// The library's BFS over `graph` (`moves` moves a state, closed under inverse) from
    /// `starts` on `threads` threads; `whole`: every level, else the last ones left to the floor.
    /// `pull_early` as [`Bfs::pull_early`].
    pub fn build<G: Graph + Sync>(
        graph: &G,
        starts: &[usize],
        moves: usize,
        threads: usize,
        whole: bool,
        pull_early: bool,
    ) -> Floored {
        let size = graph.size();
        let stop = AtomicBool::new(false);
        let mut level = |l: &Level| {
            if !whole && l.states * moves as u64 > size as u64 / 2 {
                stop.store(true, Relaxed);
            }
        };
        let stopped = || stop.load(Relaxed);
        let bfs = Bfs::new(BITS).threads(threads);
        let bfs = if pull_early { bfs.pull_early() } else { bfs };
        let layers = bfs.report(&mut level).stop(&stopped).run_in(
            graph,
            starts,
            Fields::in_huge_pages(size, BITS),
        );
        Floored {
            floor: layers.distribution.len() as u32,
            whole: layers.complete,
            fields: layers.fields,
            distribution: layers.distribution,
        }
    }

    /// Brings the entry of index `i` into the cache ahead of [`Floored::get`].
    #[inline]
    pub fn prefetch(&self, i: usize) {
        self.fields.prefetch(i);
    }

    /// A lower bound on the moves from a state of index `i` to the goal.
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        match get_in(self.fields.words(), i, BITS) {
            15 => self.floor,
            d => d as u32,
        }
    }

    /// The mean bound over the entries (those not reached at the floor).
    pub fn mean(&self) -> f64 {
        let size = self.fields.size() as u64;
        let reached: u64 = self.distribution.iter().sum();
        let sum: u64 = self
            .distribution
            .iter()
            .enumerate()
            .map(|(d, &n)| d as u64 * n)
            .sum();
        let rest = size.saturating_sub(reached) * self.floor as u64;
        (sum + rest) as f64 / size.max(1) as f64
    }

    /// The table as a file keeps it: `(entries, bits, extra, words)`, the extra being the floor,
    /// whether it is whole, and the distribution.
    pub fn to_file(&self) -> (u64, u32, Vec<u64>, impl Iterator<Item = u64> + '_) {
        let mut extra = vec![self.floor as u64, self.whole as u64];
        extra.extend(&self.distribution);
        let words = self.fields.words().iter().map(|w| w.load(Relaxed));
        (self.fields.size() as u64, BITS, extra, words)
    }

    /// A table read from a file ([`Floored::to_file`]; opened, see
    /// [`twisty::table_file::open_fields`]); `None` if it is not of `size` entries.
    pub fn from_file(extra: &[u64], fields: Fields, size: usize) -> Option<Floored> {
        let [floor, whole, distribution @ ..] = extra else {
            return None;
        };
        if fields.size() != size || fields.bits() != BITS || *floor > 15 {
            return None;
        }
        Some(Floored {
            fields,
            floor: *floor as u32,
            whole: *whole != 0,
            distribution: distribution.to_vec(),
        })
    }

    pub fn bytes(&self) -> u64 {
        self.fields.bytes() as u64
    }
}
