//! A pattern database over a whole component of an orbit: where its pieces are *and* how they are
//! turned, as one table (the 3x3x3's corners: 8! x 3^7 = 88 million states, 4 bits each, 44 MB).
//! Korf's optimal solver starts from this table; the two coordinates alone (8! and 3^7) bound a
//! state by at most 8 and 6 moves, together by up to 11.
//!
//! The table is the library's BFS over the product of the two coordinates' move tables
//! (`ProductGraph`), on every core, 4 bits a state (the distance, 14 meaning "14 or more"). It is
//! built only for moves closed under inverse: then the BFS from the goal under the moves gives the
//! distances *to* the goal that a search needs.

use crate::space::Coord;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use twisty::dist_table::bfs::{Bfs, Level};
use twisty::dist_table::fields::{get_in, Fields};
use twisty::dist_table::graphs::ProductGraph;

/// Bits a state.
pub const BITS: u32 = 4;

/// The distances of one component's states (see the module's note).
pub struct PatternDb {
    /// Where the pieces are (most significant) and how they are turned.
    pub outer: Coord,
    pub inner: Coord,
    /// The coordinates' move tables (`[c * moves + m]`), moves per row.
    outer_moves: Vec<u32>,
    inner_moves: Vec<u32>,
    moves: usize,
    fields: Fields,
    /// The bound of a state not reached: the first level not finished.
    floor: u32,
    /// Whether every level was found.
    pub whole: bool,
    /// States at each distance.
    pub distribution: Vec<u64>,
}

/// The bytes a table of `outer` x `inner` takes.
pub fn bytes_for(outer: &Coord, inner: &Coord) -> u64 {
    (outer.size as u64 * inner.size as u64).div_ceil(64 / BITS as u64) * 8
}

/// Whether a coordinate's move table fits the library's product graph (16-bit entries).
fn small(c: &Coord) -> bool {
    c.size <= 1 << 16
}

/// The pairs of coordinates (indices into `coords`) that make a pattern database: the arrangement
/// and the orientations of one component, both small enough for 16-bit move tables (which
/// [`PatternDb::build`] and [`PatternDb::from_file`] make).
pub fn pairs(coords: &[Coord]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (i, a) in coords.iter().enumerate() {
        for (j, b) in coords.iter().enumerate() {
            if !a.is_ori() && b.is_ori() && a.positions() == b.positions() && small(a) && small(b) {
                out.push((i, j));
            }
        }
    }
    out
}

impl PatternDb {
    /// The table of `outer` x `inner` (a pair from [`pairs`]) with `goals` (values of the two
    /// coordinates) at distance 0, under `moves` moves closed under inverse; `whole`: every
    /// level, else the last ones are left to the floor (see below).
    pub fn build(
        mut outer: Coord,
        mut inner: Coord,
        goals: &[(usize, usize)],
        moves: usize,
        threads: usize,
        whole: bool,
    ) -> PatternDb {
        outer.tabulate();
        inner.tabulate();
        let narrow = |c: &Coord| -> Vec<u16> {
            let t = c.move_table().expect("pairs() has move tables");
            t.iter().map(|&v| v as u16).collect()
        };
        let (o, i) = (narrow(&outer), narrow(&inner));
        let all: Vec<usize> = (0..moves).collect();
        let graph = ProductGraph {
            outer: &o,
            outer_size: outer.size,
            inner: &i,
            inner_size: inner.size,
            stride: moves,
            moves: &all,
        };
        let mut starts: Vec<usize> = goals.iter().map(|&(a, b)| a * inner.size + b).collect();
        starts.sort_unstable();
        starts.dedup();
        let size = outer.size * inner.size;
        // The last levels are most of the table and cost the most to find, for bounds a move or
        // two higher that a short search seldom needs (the 3x3x3's corners: levels 0-7 in 0.15
        // s, all 11 in 0.5 s; its 13-move row visits 41 million nodes against 36 million): unless
        // whole, the search stops once a level's expansion would touch half the states, and what
        // it has not reached is bounded by the first level it did not finish.
        let stop = AtomicBool::new(false);
        let mut level = |l: &Level| {
            if !whole && l.states * moves as u64 > size as u64 / 2 {
                stop.store(true, Relaxed);
            }
        };
        let stopped = || stop.load(Relaxed);
        let layers = Bfs::new(BITS)
            .threads(threads)
            .report(&mut level)
            .stop(&stopped)
            .run_in(&graph, &starts, Fields::in_huge_pages(size, BITS));
        PatternDb {
            outer_moves: outer
                .move_table()
                .expect("pairs() has move tables")
                .to_vec(),
            inner_moves: inner
                .move_table()
                .expect("pairs() has move tables")
                .to_vec(),
            moves,
            outer,
            inner,
            floor: layers.distribution.len() as u32,
            whole: layers.complete,
            fields: layers.fields,
            distribution: layers.distribution,
        }
    }

    /// The two coordinates of a state.
    #[inline]
    pub fn coords(&self, s: &crate::model::State) -> [u32; 2] {
        [self.outer.value(s) as u32, self.inner.value(s) as u32]
    }

    /// The coordinates after move `m`, through the move tables (a search carries them from node
    /// to node: two look-ups instead of ranking the pieces).
    #[inline]
    pub fn step(&self, c: [u32; 2], m: usize) -> [u32; 2] {
        [
            self.outer_moves[c[0] as usize * self.moves + m],
            self.inner_moves[c[1] as usize * self.moves + m],
        ]
    }

    #[inline]
    pub fn index(&self, c: [u32; 2]) -> usize {
        c[0] as usize * self.inner.size + c[1] as usize
    }

    /// Brings the entry of index `i` into the cache ahead of [`PatternDb::get`].
    #[inline]
    pub fn prefetch(&self, i: usize) {
        self.fields.prefetch(i);
    }

    /// A lower bound on the moves from the state of index `i` to the goal.
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        match get_in(self.fields.words(), i, BITS) {
            15 => self.floor,
            d => d as u32,
        }
    }

    /// The largest bound the table gives.
    pub fn max(&self) -> u32 {
        self.floor
    }

    /// The table as a file keeps it: `(entries, bits, extra, words)`, the extra being the floor,
    /// whether it is whole, and the distribution.
    pub fn to_file(&self) -> (u64, u32, Vec<u64>, impl Iterator<Item = u64> + '_) {
        let mut extra = vec![self.floor as u64, self.whole as u64];
        extra.extend(&self.distribution);
        let words = self.fields.words().iter().map(|w| w.load(Relaxed));
        (self.fields.size() as u64, BITS, extra, words)
    }

    /// A table read back from a file ([`PatternDb::to_file`]); `None` if it does not fit the
    /// coordinates.
    pub fn from_file(
        mut outer: Coord,
        mut inner: Coord,
        moves: usize,
        extra: &[u64],
        words: Vec<u64>,
    ) -> Option<Self> {
        let size = outer.size * inner.size;
        let [floor, whole, distribution @ ..] = extra else {
            return None;
        };
        let floor = *floor;
        if words.len() != twisty::dist_table::fields::words_for(size, BITS) || floor > 15 {
            return None;
        }
        outer.tabulate();
        inner.tabulate();
        Some(PatternDb {
            outer_moves: outer.move_table()?.to_vec(),
            inner_moves: inner.move_table()?.to_vec(),
            moves,
            outer,
            inner,
            fields: Fields::from_words(words, size, BITS),
            floor: floor as u32,
            whole: *whole != 0,
            distribution: distribution.to_vec(),
        })
    }

    pub fn bytes(&self) -> u64 {
        self.fields.bytes() as u64
    }
}
