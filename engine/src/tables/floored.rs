//! Distances of 4 bits whose last levels may be left out, the store of the engine's pattern
//! databases ([`crate::tables::pattern_db`], [`crate::tables::sym_pdb`]).
//!
//! The last levels are most of a table and cost the most to find, for bounds a move or two higher
//! that a short search seldom needs (the 3x3x3's corners: levels 0-7 in 0.15 s, all 11 in 0.5 s;
//! its 13-move row visits 41 million nodes against 36 million). Unless a table is built whole, its
//! breadth-first search stops once a level's expansion would touch half the states, and what it
//! has not reached is bounded by the first level it did not finish: the floor.
//!
//! A table, whole or not, may then be kept at 2 bits an entry relative to a base ([`Floored::pack`]),
//! as nxopt's and H48's tables are: each entry says "at most the base", "base + 1", "base + 2" or
//! "at least base + 3", the first read as 0. Most entries of a big table are within a move or two
//! of its mean, so with the base that loses the least the bounds may lose little; where they lose
//! less than [`MAX_PACKED_LOSS`] the table is packed and takes half the memory and half the cache
//! file.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use twisty::dist_table::bfs::{Bfs, Level};
use twisty::dist_table::fields::{get_in, Fields};
use twisty::dist_table::Graph;

/// Bits an entry as built (15: not reached).
pub const BITS: u32 = 4;

/// Bits an entry once packed relative to a base.
pub const PACKED_BITS: u32 = 2;

/// A table is packed where its bounds lose at most this many moves on average. The 3x3x3's
/// tables built without their last levels lose 0.003 (symmetry-reduced, base 6) and 0.013 (corners,
/// base 5), and the searches visit the same nodes; its whole symmetry-reduced table would lose
/// 0.068 (base 7): the 15- and 16-move rows then visited 3 % and 8 % more nodes, so it stays at 4
/// bits (docs/engine.md).
pub const MAX_PACKED_LOSS: f64 = 0.05;

pub struct Floored {
    fields: Fields,
    /// The bound of a state not reached: the first level not finished.
    floor: u32,
    /// Whether every level was found.
    pub whole: bool,
    /// Entries at each distance.
    pub distribution: Vec<u64>,
    /// Packed ([`Floored::pack`]): the base its entries are relative to.
    base: Option<u32>,
    /// The bound each stored value stands for.
    bound: [u32; 16],
}

/// What 4-bit values stand for: the distance, 15 the floor.
fn plain_bounds(floor: u32) -> [u32; 16] {
    let mut b: [u32; 16] = std::array::from_fn(|v| v as u32);
    b[15] = floor;
    b
}

/// What 2-bit values stand for relative to `base`: 0 at most the base (so bounded by 0), then
/// base + 1, base + 2, and at least base + 3.
fn packed_bounds(base: u32) -> [u32; 16] {
    let mut b = [0; 16];
    b[1..4].copy_from_slice(&[base + 1, base + 2, base + 3]);
    b
}

/// The 2-bit value of a distance `d` relative to `base`.
fn code(d: u32, base: u32) -> u32 {
    d.saturating_sub(base).min(3)
}

impl Floored {
    /// No entries yet.
    pub fn empty() -> Floored {
        Floored {
            fields: Fields::new(1, BITS),
            floor: 0,
            whole: false,
            distribution: Vec::new(),
            base: None,
            bound: plain_bounds(0),
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
        let floor = layers.distribution.len() as u32;
        let mut table = Floored {
            floor,
            whole: layers.complete,
            fields: layers.fields,
            distribution: layers.distribution,
            base: None,
            bound: plain_bounds(floor),
        };
        if table.loss(table.best_base()) <= MAX_PACKED_LOSS {
            table.pack();
        }
        table
    }

    /// Brings the entry of index `i` into the cache ahead of [`Floored::get`].
    #[inline]
    pub fn prefetch(&self, i: usize) {
        self.fields.prefetch(i);
    }

    /// A lower bound on the moves from a state of index `i` to the goal.
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        self.bound[get_in(self.fields.words(), i, self.fields.bits()) as usize]
    }

    /// The bound read for an entry at distance `d` (the floor for one not reached).
    fn read_as(&self, d: u32) -> u32 {
        match self.base {
            Some(base) => self.bound[code(d, base) as usize],
            None => d,
        }
    }

    /// Entries at each distance, the floor's holding those not reached.
    fn counts(&self) -> Vec<(u32, u64)> {
        let reached: u64 = self.distribution.iter().sum();
        let rest = (self.fields.size() as u64).saturating_sub(reached);
        let mut c: Vec<(u32, u64)> = (0..).zip(self.distribution.iter().copied()).collect();
        c.push((self.floor, rest));
        c
    }

    /// The mean bound over the entries (those not reached at the floor).
    pub fn mean(&self) -> f64 {
        let sum: u64 = self
            .counts()
            .iter()
            .map(|&(d, n)| self.read_as(d) as u64 * n)
            .sum();
        sum as f64 / self.fields.size().max(1) as f64
    }

    /// The moves the bounds lose at 2 bits an entry relative to `base`, on average over the entries.
    pub fn loss(&self, base: u32) -> f64 {
        let bound = packed_bounds(base);
        let lost: u64 = self
            .counts()
            .iter()
            .map(|&(d, n)| (d - bound[code(d, base) as usize]) as u64 * n)
            .sum();
        lost as f64 / self.fields.size().max(1) as f64
    }

    /// The base 2-bit entries lose the least against.
    pub fn best_base(&self) -> u32 {
        (0..self.floor.max(1))
            .min_by(|&a, &b| self.loss(a).total_cmp(&self.loss(b)))
            .unwrap_or(0)
    }

    /// The table at 2 bits an entry relative to [`Floored::best_base`] (half the memory; a bound
    /// may be lower). A table already packed stays as it is.
    pub fn pack(&mut self) {
        if self.base.is_some() {
            return;
        }
        let base = self.best_base();
        // Each 4-bit value's code, and a word of 16 values made 16 codes at once.
        let codes: [u64; 16] = std::array::from_fn(|v| {
            let d = if v == 15 { self.floor } else { v as u32 };
            code(d, base) as u64
        });
        let squeeze = |w: u64| -> u64 {
            (0..16).fold(0, |acc, k| {
                acc | codes[(w >> (4 * k)) as usize & 15] << (2 * k)
            })
        };
        let old = self.fields.words();
        let packed = Fields::in_huge_pages(self.fields.size(), PACKED_BITS);
        // (On every core: the 3x3x3's symmetry-reduced table, 141 million entries, in 0.1 s.)
        let threads = twisty::machine::threads();
        let chunk = packed.words().len().div_ceil(threads).max(1);
        std::thread::scope(|scope| {
            for (c, words) in packed.words().chunks(chunk).enumerate() {
                scope.spawn(move || {
                    for (k, w) in words.iter().enumerate() {
                        let i = c * chunk + k;
                        let low = old.get(2 * i).map_or(u64::MAX, |w| w.load(Relaxed));
                        let high = old.get(2 * i + 1).map_or(u64::MAX, |w| w.load(Relaxed));
                        w.store(squeeze(low) | squeeze(high) << 32, Relaxed);
                    }
                });
            }
        });
        self.fields = packed;
        self.base = Some(base);
        self.bound = packed_bounds(base);
    }

    /// The base of a packed table.
    pub fn base(&self) -> Option<u32> {
        self.base
    }

    /// The table as a file keeps it: `(entries, bits, extra, words)`, the extra being the floor,
    /// whether it is whole, the base plus one (0: not packed), and the distribution.
    pub fn to_file(&self) -> (u64, u32, Vec<u64>, impl Iterator<Item = u64> + '_) {
        let base = self.base.map_or(0, |b| b as u64 + 1);
        let mut extra = vec![self.floor as u64, self.whole as u64, base];
        extra.extend(&self.distribution);
        let words = self.fields.words().iter().map(|w| w.load(Relaxed));
        (self.fields.size() as u64, self.fields.bits(), extra, words)
    }

    /// A table read from a file ([`Floored::to_file`]; opened, see
    /// [`twisty::table_file::open_fields`]); `None` if it is not of `size` entries.
    pub fn from_file(extra: &[u64], fields: Fields, size: usize) -> Option<Floored> {
        let [floor, whole, base, distribution @ ..] = extra else {
            return None;
        };
        let base = base.checked_sub(1).map(|b| b as u32);
        let bits = if base.is_some() { PACKED_BITS } else { BITS };
        if fields.size() != size || fields.bits() != bits || *floor > 15 || base > Some(15) {
            return None;
        }
        let floor = *floor as u32;
        Some(Floored {
            fields,
            floor,
            whole: *whole != 0,
            distribution: distribution.to_vec(),
            base,
            bound: base.map_or(plain_bounds(floor), packed_bounds),
        })
    }

    pub fn bytes(&self) -> u64 {
        self.fields.bytes() as u64
    }
}
