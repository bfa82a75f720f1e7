//! Distances of 4 bits whose last levels may be left out, the store of the engine's pattern
//! databases ([`crate::tables::pattern_db`], [`crate::tables::sym_pdb`]).
//!
//! The last levels are most of a table and cost the most to find, for bounds a move or two higher
//! that a short search seldom needs (the 3x3x3's corners: docs/engine.md, "Optimal search"). Unless
//! a table is built whole, its breadth-first search stops once a level's expansion would touch half
//! the states, and what it has not reached is bounded by the first level it did not finish: the
//! floor.
//!
//! A table may then be packed at 2 bits an entry relative to a base ([`Floored::pack`]) in
//! nxopt's layout, as H48 and the library's cube3-opt keep theirs ([`LineTable`]): each entry says
//! "at most the base", "base + 1", "base + 2" or "at least base + 3", and the first reads as the
//! least distance in its 64-byte line. Most entries of a big table are within a move or two of its
//! mean, and the search's bounds come from its upper levels, so with the right base
//! ([`Floored::packed_base`]) they say nearly as much, in half the memory and half the cache file;
//! a search packs a whole table where the memory it was given is short
//! ([`Floored::pack_if_kept`]; docs/engine.md, "Tables at 2 bits an entry").

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use twisty::dist_table::bfs::{Bfs, Level};
use twisty::dist_table::fields::{get_in, Fields};
use twisty::dist_table::line_table::LineTable;
use twisty::dist_table::Graph;
use twisty::table_store::TableStore;

/// Bits an entry as built (15: not reached).
pub const BITS: u32 = 4;

/// Bits an entry once packed relative to a base.
pub const PACKED_BITS: u32 = 2;

pub struct Floored {
    store: Store,
    /// Entries.
    size: usize,
    /// The bound of a state not reached: the first level not finished.
    floor: u32,
    /// Whether every level was found.
    pub whole: bool,
    /// Entries at each distance.
    pub distribution: Vec<u64>,
    /// The moves the bounds lose on average against the distances (0 unless packed).
    loss: f64,
}

/// A pattern database read by entry index over a [`Floored`] table (the plain and the
/// symmetry-reduced ones): its look-ups and prefetches are the table's.
pub trait ByIndex {
    fn floored(&self) -> &Floored;

    /// Brings the entry of index `i` into the cache ahead of [`ByIndex::get`].
    #[inline]
    fn prefetch(&self, i: usize) {
        self.floored().prefetch(i);
    }

    /// A lower bound on the moves from a state of entry `i` to the goal.
    #[inline]
    fn get(&self, i: usize) -> u32 {
        self.floored().get(i)
    }
}

enum Store {
    /// 4 bits an entry, the distance (15: the floor).
    Exact(Fields),
    Packed(LineTable),
}

impl Floored {
    /// No entries yet.
    pub fn empty() -> Floored {
        Floored {
            store: Store::Exact(Fields::new(1, BITS)),
            size: 1,
            floor: 0,
            whole: false,
            distribution: Vec::new(),
            loss: 0.0,
        }
    }

    /// The library's BFS over `graph` (`moves` moves a state, closed under inverse) from
    /// `starts` on `threads` threads; `whole`: every level, else the last ones left to the floor.
    /// `pull_early` as [`Bfs::pull_early`]. At 4 bits ([`Floored::pack_if_kept`] may pack it).
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
            store: Store::Exact(layers.fields),
            size,
            distribution: layers.distribution,
            loss: 0.0,
        }
    }

    /// Brings the entry of index `i` into the cache ahead of [`Floored::get`].
    #[inline]
    pub fn prefetch(&self, i: usize) {
        match &self.store {
            Store::Exact(f) => f.prefetch(i),
            Store::Packed(t) => t.prefetch(i),
        }
    }

    /// A lower bound on the moves from a state of index `i` to the goal.
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        match &self.store {
            Store::Exact(f) => match get_in(f.words(), i, BITS) {
                15 => self.floor,
                d => d as u32,
            },
            Store::Packed(t) => t.get(i) as u32,
        }
    }

    /// The mean bound over the entries (those not reached at the floor).
    pub fn mean(&self) -> f64 {
        let reached: u64 = self.distribution.iter().sum();
        let rest = (self.size as u64).saturating_sub(reached);
        let sum: u64 = (0..)
            .zip(&self.distribution)
            .map(|(d, &n)| d * n)
            .sum::<u64>()
            + rest * self.floor as u64;
        sum as f64 / self.size.max(1) as f64 - self.loss
    }

    /// The base of a packed table.
    pub fn base(&self) -> Option<u32> {
        match &self.store {
            Store::Exact(_) => None,
            Store::Packed(t) => Some(t.base as u32),
        }
    }

    /// Entries at each distance, those not reached at the floor.
    fn counts(&self) -> Vec<u64> {
        let mut c = self.distribution.clone();
        let reached: u64 = c.iter().sum();
        let floor = self.floor as usize;
        c.resize(c.len().max(floor + 1), 0);
        c[floor] += (self.size as u64).saturating_sub(reached);
        c
    }

    /// The base of 2-bit entries that keeps the table's bounds, if one does: the least whose
    /// "at least base + 3" stands for no more than one entry in a hundred further than that, if
    /// no more than a tenth of the entries are at or below it (those read their line's least
    /// distance, mostly one less).
    pub fn packed_base(&self) -> Option<u32> {
        let counts = self.counts();
        let total: u64 = counts.iter().sum();
        let base =
            (0..counts.len()).find(|&b| counts.iter().skip(b + 4).sum::<u64>() * 100 <= total)?;
        let below: u64 = counts.iter().take(base + 1).sum();
        (below * 10 <= total).then_some(base as u32)
    }

    /// Packs a whole table that takes more than a quarter of `memory` (the search's) at 4 bits,
    /// where [`Floored::packed_base`] says its bounds are kept. Where the memory allows, 4 bits:
    /// the 3x3x3's whole symmetry-reduced table packed (base 8) made its 15- and 16-move rows
    /// visit a few per cent more nodes (docs/engine.md, "Optimal search"). One without its last
    /// levels stays at 4 bits: it is built for a short search, which would pay the packing's time
    /// and, for a moment, both tables' memory for nothing, and it may be completed yet.
    pub fn pack_if_kept(&mut self, memory: u64) {
        if !self.whole || self.bytes() * 4 <= memory {
            return;
        }
        if let Some(base) = self.packed_base() {
            self.pack(base);
        }
    }

    /// Packs the table at 2 bits an entry relative to `base`; the moves its bounds lose on average.
    pub fn pack(&mut self, base: u32) -> f64 {
        let Store::Exact(fields) = &self.store else {
            return self.loss;
        };
        let (words, floor) = (fields.words(), self.floor.min(15) as u8);
        let dist = |i: usize| match get_in(words, i, BITS) {
            15 => floor,
            d => d,
        };
        let threads = twisty::machine::threads();
        let (table, lost) = LineTable::pack(self.size, base as u8, dist, threads);
        self.store = Store::Packed(table);
        self.loss = lost as f64 / self.size.max(1) as f64;
        self.loss
    }

    /// The table as a file keeps it: `(entries, bits, extra, words)`, the extra being the floor,
    /// whether it is whole, the base plus one (0: 4 bits an entry), the loss (its bits), and the
    /// distribution.
    #[allow(clippy::type_complexity)]
    pub fn to_file(&self) -> (u64, u32, Vec<u64>, Box<dyn Iterator<Item = u64> + '_>) {
        let base = self.base().map_or(0, |b| b as u64 + 1);
        let mut extra = vec![
            self.floor as u64,
            self.whole as u64,
            base,
            self.loss.to_bits(),
        ];
        extra.extend(&self.distribution);
        match &self.store {
            Store::Exact(f) => {
                let words = f.words().iter().map(|w| w.load(Relaxed));
                (self.size as u64, BITS, extra, Box::new(words))
            }
            Store::Packed(t) => {
                let entries = LineTable::fields_kept(self.size) as u64;
                (entries, PACKED_BITS, extra, Box::new(t.line_words()))
            }
        }
    }

    /// A table of `size` entries kept in `cache` as `what` under `name` ([`Floored::to_file`]):
    /// at 4 bits opened as fields (mapped: a partial one completed changes this process's copy),
    /// packed as lines. `None` if it is not there or not sound (said on stderr).
    pub fn open(cache: &TableStore, what: &str, name: &str, size: usize) -> Option<Floored> {
        if cache.kept_bits(what) == Some(PACKED_BITS) {
            let (words, extra) = cache.open_words(what, name, PACKED_BITS)?;
            let (table, base) = Floored::from_extra(&extra, size)?;
            let lines = LineTable::from_kept(words, size, base.checked_sub(1)? as u8)?;
            Some(Floored {
                store: Store::Packed(lines),
                ..table
            })
        } else {
            let (fields, extra) = cache.open(what, name, BITS)?;
            let (table, base) = Floored::from_extra(&extra, size)?;
            (fields.size() == size && base == 0).then_some(Floored {
                store: Store::Exact(fields),
                ..table
            })
        }
    }

    /// The numbers of [`Floored::to_file`]'s extra (its store empty), and the base plus one.
    fn from_extra(extra: &[u64], size: usize) -> Option<(Floored, u64)> {
        let [floor, whole, base, loss, distribution @ ..] = extra else {
            return None;
        };
        let loss = f64::from_bits(*loss);
        if *floor > 15 || *base > 16 || !(0.0..16.0).contains(&loss) {
            return None;
        }
        let table = Floored {
            floor: *floor as u32,
            whole: *whole != 0,
            distribution: distribution.to_vec(),
            loss,
            size,
            ..Floored::empty()
        };
        Some((table, *base))
    }

    /// Entries.
    pub fn size(&self) -> usize {
        self.size
    }

    pub fn bytes(&self) -> u64 {
        match &self.store {
            Store::Exact(f) => f.bytes() as u64,
            Store::Packed(t) => t.bytes() as u64,
        }
    }
}
