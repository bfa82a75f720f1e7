//! Which class hashes ([`crate::model::class_hash`]) a near table reduced by symmetry holds: a
//! Bloom filter, two bits of one 64-bit word per class, so that a state whose hash is not there
//! is known absent without its representative being made: 16 bits a class, so that about one
//! state in 70 that is not in the table is let through. A Bloom filter cannot be grown (the hashes
//! it was made of are not kept), so the table is built again when it outgrows its filter.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

pub struct ClassFilter {
    words: Vec<AtomicU64>,
    /// The word of hash `h` is `h >> shift`.
    shift: u32,
}

/// Bits a class.
const BITS_PER_CLASS: u64 = 16;

impl ClassFilter {
    /// A filter for up to `classes` classes.
    pub fn for_classes(classes: u64) -> ClassFilter {
        let n = (classes * BITS_PER_CLASS / 64)
            .next_power_of_two()
            .clamp(1 << 10, 1 << 30) as usize;
        let mut words = twisty::dist_table::fields::with_huge_pages(n);
        words.extend((0..n).map(|_| AtomicU64::new(0)));
        ClassFilter {
            words,
            shift: 64 - n.trailing_zeros(),
        }
    }

    /// A filter read back from its words (a cache file); `None` unless a power of two of them.
    pub fn from_words(words: Vec<u64>) -> Option<ClassFilter> {
        if !words.len().is_power_of_two() || words.len() < 2 {
            return None;
        }
        let shift = 64 - words.len().trailing_zeros();
        let mut v = twisty::dist_table::fields::with_huge_pages(words.len());
        v.extend(words.into_iter().map(AtomicU64::new));
        Some(ClassFilter { words: v, shift })
    }

    pub fn words(&self) -> impl Iterator<Item = u64> + '_ {
        self.words.iter().map(|w| w.load(Relaxed))
    }

    /// The classes it is sized for.
    pub fn capacity(&self) -> u64 {
        self.words.len() as u64 * 64 / BITS_PER_CLASS
    }

    pub fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }

    #[inline]
    fn at(&self, h: u64) -> (usize, u64) {
        (
            (h >> self.shift) as usize,
            1 << (h & 63) | 1 << ((h >> 6) & 63),
        )
    }

    pub fn insert(&self, h: u64) {
        let (w, m) = self.at(h);
        self.words[w].fetch_or(m, Relaxed);
    }

    /// Whether a class of hash `h` may be in the table (false: it is not).
    #[inline]
    pub fn may_hold(&self, h: u64) -> bool {
        let (w, m) = self.at(h);
        self.words[w].load(Relaxed) & m == m
    }

    #[inline]
    pub fn prefetch(&self, h: u64) {
        twisty::prefetch::prefetch(&self.words[self.at(h).0]);
    }
}
