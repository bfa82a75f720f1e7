//! Distances, exact (4 bits per entry) or mod 3 (2 bits), over (symmetry class of one coordinate, another coordinate),
//! built by breadth-first search on several threads, and saved to or loaded from a file with a
//! checksum. The two-phase tables are two of these: phase 1 over (flip-slice class, twist), phase 2
//! over (corner class, U-D edges).
//!
//! A class is stored once for all states related by a symmetry; a state maps to its class and the
//! symmetry that takes it to the class representative, and the other coordinate is conjugated by
//! that symmetry. A representative fixed by some symmetries has several equivalent entries, and the
//! search sets them together.

use crate::prefetch::prefetch;
use crate::table_file::{self, TableFileError, TableHeader};
use std::sync::atomic::{AtomicU64, Ordering};

/// How one table's states are connected.
pub trait SymSpace: Sync {
    fn classes(&self) -> usize;
    /// Size of the second coordinate.
    fn others(&self) -> usize;
    fn moves(&self) -> &[usize];
    /// The entry (class, other) reached from the representative of `class` with `other` by move `m`.
    fn neighbour(&self, class: usize, other: usize, m: usize) -> (usize, usize);
    /// The symmetries (bits) that fix the representative of `class`.
    fn self_syms(&self, class: usize) -> u16;
    /// `other` conjugated by symmetry `s`.
    fn conjugate(&self, other: usize, s: usize) -> usize;
    /// The entry at distance 0.
    fn goal(&self) -> (usize, usize) {
        (0, 0)
    }
}

pub struct SymTable {
    pub words: Vec<u64>,
    pub size: usize,
    /// 2: distances mod 3 (the search decodes a child's distance from its parent's); 4: exact.
    pub bits: u32,
}

/// Where entry `i` is: word and shift. (Shifts and masks, not a division: `bits` is 2 or 4, and a
/// division by a run-time value costs more than the rest of a look-up that hits the cache.)
#[inline]
fn slot(i: usize, bits: u32) -> (usize, u32) {
    let per_word_log = 6 - bits.trailing_zeros();
    (
        i >> per_word_log,
        (i as u32 & ((1 << per_word_log) - 1)) * bits,
    )
}

impl SymTable {
    /// The stored value of entry `i`: distance mod 3 (2 bits) or distance (4 bits); all ones when
    /// never reached.
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        let (w, shift) = slot(i, self.bits);
        (self.words[w] >> shift) as u8 & ((1u8 << self.bits) - 1)
    }

    /// Asks the processor to bring entry `i`'s word into cache.
    #[inline]
    pub fn prefetch(&self, i: usize) {
        if let Some(w) = self.words.get(slot(i, self.bits).0) {
            prefetch(w);
        }
    }

    /// Breadth-first search from the goal entry on `threads` threads, `bits` per entry (2: distance mod 3,
    /// 4: distance saturated at 14): forward from the entries at the
    /// current depth while they are few, then backward (each unreached entry looks for a neighbour at
    /// the current depth) once they are many. Returns the table and the entries at each depth.
    pub fn build(space: &impl SymSpace, bits: u32, threads: usize) -> (Self, Vec<u64>) {
        let others = space.others();
        let size = space.classes() * others;
        let n_words = size.div_ceil_compat(64 / bits as usize);
        let ones = (1u8 << bits) - 1;
        let mut words: Vec<AtomicU64> = with_huge_pages(n_words);
        words.extend((0..n_words).map(|_| AtomicU64::new(u64::MAX)));
        let get = |i: usize| {
            let (w, shift) = slot(i, bits);
            (words[w].load(Ordering::Relaxed) >> shift) as u8 & ones
        };
        // Sets an unreached entry to v (a race sets the same value twice): true if it was unreached.
        let set = |i: usize, v: u8| {
            let (w, shift) = slot(i, bits);
            let old = words[w].fetch_and(!(((ones ^ v) as u64) << shift), Ordering::Relaxed);
            (old >> shift) as u8 & ones == ones
        };
        let value = |depth: u8| if bits == 2 { depth % 3 } else { depth };
        // Sets an entry and its equivalents under the class's self-symmetries; returns how many new.
        let set_class = |class: usize, other: usize, v: u8| {
            let mut new = set(class * others + other, v) as u64;
            let mut mask = space.self_syms(class) & !1;
            while mask != 0 {
                let s = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                new += set(class * others + space.conjugate(other, s), v) as u64;
            }
            new
        };
        let (goal_class, goal_other) = space.goal();
        let mut counts = vec![set_class(goal_class, goal_other, 0)];
        let mut reached = counts[0];
        let threads = threads.max(1);
        let chunk = n_words.div_ceil_compat(threads) * (64 / bits as usize);
        for depth in 0u8.. {
            let (v, next) = (value(depth), value(depth + 1));
            if bits == 4 && next == ones - 1 {
                // Four bits hold 0..=14 and "unreached": whatever is left is at least 14 away, and
                // 14 is what it gets (still a lower bound).
                let left = size as u64 - reached;
                for i in 0..size {
                    if get(i) == ones {
                        set(i, next);
                    }
                }
                if left > 0 {
                    counts.push(left);
                }
                break;
            }
            let backward = counts[depth as usize] > (size as u64 - reached) / 4;
            let per_word = 64 / bits as usize;
            let run = |k: usize| {
                let mut new = 0u64;
                let lo = (k * chunk).min(size) / per_word;
                let hi = (((k + 1) * chunk).min(size)).div_ceil_compat(per_word);
                for w in lo..hi {
                    // The entries of this word that matter in this pass, found a word at a time:
                    // most words have none.
                    let word = words[w].load(Ordering::Relaxed);
                    let mut hits = fields_equal(word, if backward { ones } else { v }, bits);
                    while hits != 0 {
                        let field = hits.trailing_zeros() / bits;
                        hits &= hits - 1;
                        let i = w * per_word + field as usize;
                        if i >= size {
                            break;
                        }
                        let (class, other) = (i / others, i % others);
                        if backward {
                            let hit = space.moves().iter().any(|&m| {
                                let (c, o) = space.neighbour(class, other, m);
                                get(c * others + o) == v
                            });
                            if hit {
                                new += set(i, next) as u64;
                            }
                        } else {
                            // (Mod 3, entries at depth - 3 match too; their neighbours are all
                            // reached.)
                            for &m in space.moves() {
                                let (c, o) = space.neighbour(class, other, m);
                                if get(c * others + o) == ones {
                                    new += set_class(c, o, next);
                                }
                            }
                        }
                    }
                }
                new
            };
            let run = &run;
            let new: u64 = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads).map(|k| scope.spawn(move || run(k))).collect();
                handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
            });
            if new == 0 {
                break;
            }
            counts.push(new);
            reached += new;
        }
        // (Collected in place: the same memory, still in 2 MB pages.)
        let words = words.into_iter().map(AtomicU64::into_inner).collect();
        (SymTable { words, size, bits }, counts)
    }

    /// The table in file `path` if it is there and sound; otherwise `build()`, saved to `path`.
    /// `name` says which puzzle and table (the file's header, [`crate::table_file`]). `log` hears
    /// what happened (for stderr); a file that cannot be written is reported and otherwise
    /// ignored.
    pub fn cached(
        path: Option<&std::path::Path>,
        name: &str,
        size: usize,
        bits: u32,
        log: &mut dyn FnMut(&str),
        build: impl FnOnce() -> SymTable,
    ) -> SymTable {
        if let Some(p) = path {
            match SymTable::load(p, name, size, bits) {
                Ok(t) => return t,
                Err(e) if p.exists() => log(&format!("{}: {e}; building it again", p.display())),
                Err(_) => {}
            }
        }
        let start = std::time::Instant::now();
        let t = build();
        log(&format!(
            "built the {name} in {:.1} s",
            start.elapsed().as_secs_f64()
        ));
        if let Some(p) = path {
            let saved = match p.parent() {
                Some(d) => std::fs::create_dir_all(d).and_then(|_| t.save(p, name)),
                None => t.save(p, name),
            };
            match saved {
                Ok(()) => log(&format!("saved {}", p.display())),
                Err(e) => log(&format!("cannot save {}: {e}", p.display())),
            }
        }
        t
    }

    fn header(name: &str, size: usize, bits: u32) -> TableHeader {
        TableHeader {
            name: name.to_string(),
            key: 0,
            entries: size as u64,
            bits,
            extra: Vec::new(),
        }
    }

    /// Writes the table to `path` in the table file format, its header naming it `name`.
    pub fn save(&self, path: &std::path::Path, name: &str) -> std::io::Result<()> {
        let header = Self::header(name, self.size, self.bits);
        table_file::save(path, &header, self.words.iter().copied())
    }

    /// Reads a table of `size` entries of `bits` written by [`SymTable::save`] under `name`;
    /// `Err` says why the file is no good.
    pub fn load(
        path: &std::path::Path,
        name: &str,
        size: usize,
        bits: u32,
    ) -> Result<Self, TableFileError> {
        let header = Self::header(name, size, bits);
        let mut words = with_huge_pages(header.words());
        table_file::load(path, &header, &mut words)?;
        Ok(SymTable { words, size, bits })
    }
}

/// An empty vector with room for `n` values, in memory the kernel is asked to back with 2 MB pages.
/// The searches read these tables at random, one cache miss per look-up; with 4 KB pages nearly
/// every miss is also a TLB miss (a 35 MB table spans 9,000 pages), with 2 MB pages the whole table
/// fits in the TLB. The advice must come before the memory is first written (the kernel picks the
/// page size when it maps a page), so the caller fills the vector after. Where the advice is not
/// available (or refused) this is a plain vector.
fn with_huge_pages<T>(n: usize) -> Vec<T> {
    let mut v = Vec::with_capacity(n);
    #[cfg(target_os = "linux")]
    {
        extern "C" {
            fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
        }
        const MADV_HUGEPAGE: i32 = 14;
        const HUGE: usize = 2 << 20;
        let start = v.as_mut_ptr() as usize;
        let end = start + n * std::mem::size_of::<T>();
        let (lo, hi) = ((start + HUGE - 1) & !(HUGE - 1), end & !(HUGE - 1));
        if hi > lo {
            // SAFETY: [lo, hi) lies inside the vector's allocation and is page-aligned; the advice
            // changes no contents, only how the kernel backs the pages. A failure leaves 4 KB pages.
            unsafe { madvise(lo as *mut u8, hi - lo, MADV_HUGEPAGE) };
        }
    }
    v
}

/// The lowest bit of every `bits`-wide field of `w` that equals `v`.
#[inline]
fn fields_equal(w: u64, v: u8, bits: u32) -> u64 {
    if bits == 2 {
        const LOW: u64 = 0x5555_5555_5555_5555;
        let x = w ^ (LOW * v as u64);
        !(x | (x >> 1)) & LOW
    } else {
        const LOW: u64 = 0x1111_1111_1111_1111;
        let x = w ^ (LOW * v as u64);
        let t = x | (x >> 1);
        !(t | (t >> 2)) & LOW
    }
}

/// `div_ceil` for the judges' Rust 1.63.
trait DivCeil {
    fn div_ceil_compat(self, d: usize) -> usize;
}

impl DivCeil for usize {
    fn div_ceil_compat(self, d: usize) -> usize {
        (self + d - 1) / d
    }
}
