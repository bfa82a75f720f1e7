//! The full distance table of a puzzle: 2 bits per state (distance mod 3; 3 = not reached), filled
//! by a breadth-first search over the ranks on every core (rayon).
//!
//! Early levels expand the frontier forward (each new state marked with an atomic AND, so two
//! threads reaching one state count it once); once half the space is reached, each unreached state
//! asks whether a neighbour is in the current level (backward), and each thread writes only its own
//! words. Distances mod 3 are enough to walk down to the goal because the moves are closed under
//! inverse: neighbours differ by at most one level, so "one less mod 3" is "one less".
//!
//! A table can be saved with a checksum and a fingerprint of the puzzle and metric it belongs to,
//! and the search can be cut into slices of the rank range (`slices.rs`).

use crate::interrupt;
use crate::space::{Scratch, Space};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use twisty::checksum::Fnv64;
use twisty::dist_table::walk_mod3;
use twisty::table_file::{self, TableHeader};

pub const UNREACHED: u8 = 3;
/// Tables larger than this are searched in prefetched batches.
const BATCH_ABOVE_BYTES: usize = 8 << 20;
/// States per batch.
const BATCH_STATES: usize = 512;

/// One thread's batch: states and their neighbours, gathered before any is read.
#[derive(Default)]
struct Batch {
    scratch: Scratch,
    /// Each state, with where its neighbours start in `neighbors`.
    owners: Vec<(usize, usize)>,
    neighbors: Vec<usize>,
}

impl Batch {
    /// Forward: marks every neighbour new at `nxt`. Backward: marks each (unreached) state whose
    /// neighbour is at `cur`. Returns how many it marked.
    fn flush(&mut self, t: &DistTable, forward: bool, cur: u8, nxt: u8) -> usize {
        let mut found = 0;
        if forward {
            for &n in &self.neighbors {
                found += t.mark(n, nxt) as usize;
            }
        } else {
            for (i, &(r, start)) in self.owners.iter().enumerate() {
                let end = self.owners.get(i + 1).map_or(self.neighbors.len(), |o| o.1);
                if self.neighbors[start..end].iter().any(|&n| t.get(n) == cur) {
                    found += t.mark(r, nxt) as usize;
                }
            }
        }
        self.owners.clear();
        self.neighbors.clear();
        found
    }
}
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// Distances mod 3 of every rank.
pub struct DistTable {
    words: Vec<AtomicU64>,
    pub size: usize,
    /// States at each distance from the goal.
    pub distribution: Vec<u64>,
    /// False when the build was interrupted (the distribution is then a prefix).
    pub complete: bool,
}

/// One finished level, for progress reports.
pub struct Level {
    pub depth: usize,
    pub states: u64,
    pub reached: u64,
    pub seconds: f64,
}

/// Bit 2i set where field i of `word` equals `v`.
#[inline]
pub fn fields_equal(word: u64, v: u8) -> u64 {
    let x = word ^ (LOW_BITS * v as u64);
    !(x | (x >> 1)) & LOW_BITS
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

impl DistTable {
    pub fn empty(size: usize) -> DistTable {
        DistTable {
            words: (0..size.div_ceil(32))
                .map(|_| AtomicU64::new(u64::MAX))
                .collect(),
            size,
            distribution: Vec::new(),
            complete: false,
        }
    }

    #[inline]
    pub fn get(&self, r: usize) -> u8 {
        ((self.words[r >> 5].load(Ordering::Relaxed) >> ((r & 31) * 2)) & 3) as u8
    }

    /// Asks the memory for the word of `r` ahead of its use.
    #[inline]
    fn prefetch(&self, r: usize) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is only a hint; the address is inside the table.
        #[allow(unused_unsafe)]
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.words.as_ptr().add(r >> 5) as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = r;
    }

    /// Marks `r` with `v` if it is unreached; true if it was.
    #[inline]
    fn mark(&self, r: usize, v: u8) -> bool {
        let shift = (r & 31) * 2;
        let word = &self.words[r >> 5];
        // Only an unreached field (3) may change. Within one level every writer writes the same
        // value, so a field seen as 3 is 3 or that value when the AND lands: either way it ends up
        // as the value, and only the writer that still saw 3 in the AND's result counts it.
        if (word.load(Ordering::Relaxed) >> shift) & 3 != 3 {
            return false;
        }
        let clear = !(((3 ^ v) as u64) << shift);
        let old = word.fetch_and(clear, Ordering::Relaxed);
        (old >> shift) & 3 == 3
    }

    /// Sets the field of `r` (building a table from other data).
    pub fn set(&mut self, r: usize, v: u8) {
        let shift = (r & 31) * 2;
        let w = self.words[r >> 5].get_mut();
        *w = (*w & !(3 << shift)) | ((v as u64) << shift);
    }

    /// A checksum of the fields, to compare two tables.
    pub fn digest(&self) -> u64 {
        let mut h = Fnv64::new();
        for w in &self.words {
            h.update(&w.load(Ordering::Relaxed).to_le_bytes());
        }
        h.finish()
    }

    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// God's number: the largest distance.
    pub fn gods_number(&self) -> usize {
        self.distribution.len().saturating_sub(1)
    }

    /// Breadth-first search from the goal over the whole space. `report` hears of every level.
    pub fn build(space: &Space, mut report: impl FnMut(&Level)) -> DistTable {
        let t = DistTable::empty(space.size);
        let all: Vec<usize> = (0..space.moves.len()).collect();
        let start = std::time::Instant::now();
        let goal = space.goal_rank();
        t.mark(goal, 0);
        let mut t = t;
        t.distribution.push(1);
        let mut reached = 1u64;
        report(&Level {
            depth: 0,
            states: 1,
            reached,
            seconds: start.elapsed().as_secs_f64(),
        });
        let chunk_words = 1024;
        let mut d = 0usize;
        loop {
            if interrupt::requested() {
                return t;
            }
            let cur = (d % 3) as u8;
            let nxt = ((d + 1) % 3) as u8;
            let found = AtomicUsize::new(0);
            let words = t.words.len();
            let forward = reached * 2 < space.size as u64;
            // A table far larger than the caches costs a memory round trip per neighbour: gather
            // the neighbours of many states first, asking the memory for each as it is computed,
            // and read them afterwards, so that the waits overlap.
            let batched = t.bytes() > BATCH_ABOVE_BYTES;
            (0..words.div_ceil(chunk_words))
                .into_par_iter()
                .for_each_init(Batch::default, |b, chunk| {
                    if interrupt::requested() {
                        return;
                    }
                    let mut local = 0;
                    for w in chunk * chunk_words..((chunk + 1) * chunk_words).min(words) {
                        let word = t.words[w].load(Ordering::Relaxed);
                        let mut hits = fields_equal(word, if forward { cur } else { UNREACHED });
                        while hits != 0 {
                            let r = w * 32 + hits.trailing_zeros() as usize / 2;
                            hits &= hits - 1;
                            if r >= t.size {
                                break;
                            }
                            match (forward, batched) {
                                (true, false) => {
                                    space.for_each_neighbor(r, &all, &mut b.scratch, |_, n| {
                                        local += t.mark(n, nxt) as usize;
                                    })
                                }
                                (false, false) => {
                                    if space
                                        .any_neighbor(r, &all, &mut b.scratch, |n| t.get(n) == cur)
                                    {
                                        local += t.mark(r, nxt) as usize;
                                    }
                                }
                                (_, true) => {
                                    b.owners.push((r, b.neighbors.len()));
                                    let neighbors = &mut b.neighbors;
                                    space.for_each_neighbor(r, &all, &mut b.scratch, |_, n| {
                                        t.prefetch(n);
                                        neighbors.push(n);
                                    });
                                    if b.owners.len() >= BATCH_STATES {
                                        local += b.flush(&t, forward, cur, nxt);
                                    }
                                }
                            }
                        }
                    }
                    local += b.flush(&t, forward, cur, nxt);
                    found.fetch_add(local, Ordering::Relaxed);
                });
            if interrupt::requested() {
                return t;
            }
            let found = found.into_inner() as u64;
            if found == 0 {
                t.complete = true;
                return t;
            }
            d += 1;
            reached += found;
            t.distribution.push(found);
            report(&Level {
                depth: d,
                states: found,
                reached,
                seconds: start.elapsed().as_secs_f64(),
            });
        }
    }

    /// A shortest path from rank `r` to the goal, as move indices; `None` if `r` is unreached.
    pub fn path(&self, space: &Space, r: usize) -> Option<Vec<usize>> {
        let goal = space.goal_rank();
        let all: Vec<usize> = (0..space.moves.len()).collect();
        let mut scratch = Scratch::default();
        walk_mod3(
            r,
            |s| self.get(s),
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
        let words = self.words.iter().map(|w| w.load(Ordering::Relaxed));
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
        Ok(DistTable {
            words: words.into_iter().map(AtomicU64::new).collect(),
            size,
            distribution: header.extra,
            complete: true,
        })
    }
}

/// The name in the header of an engine's distance table file.
const TABLE_NAME: &str = "engine distance table, 2 bits (distance mod 3)";
