//! The storage of every distance table: fields of 2, 4 or 8 bits packed in 64-bit words that
//! several threads may read and mark at once. A field of all ones means "not reached".
//!
//! What a field holds is the BFS's business ([`super::bfs`]): the distance mod 3 in 2 bits, the
//! distance in 4 bits (up to 14) or 8 bits (up to 254).

use crate::prefetch::prefetch;
use std::sync::atomic::{AtomicU64, Ordering};

/// `size` fields of `bits` bits each (2, 4 or 8), all ones when new.
pub struct Fields {
    words: FieldWords,
    size: usize,
    bits: u32,
}

/// The words, in memory of their own or in a table file mapped copy-on-write
/// ([`Fields::mapped`]). Kept as a pointer and a length so that a look-up is one load either way.
struct FieldWords {
    ptr: *mut AtomicU64,
    len: usize,
    backing: Backing,
}

// The fields are held only to be freed (dropped, unmapped) with the words. A mapping is held as
// `Any` so that this module names no mapping code: the judge bundles that build tables in memory
// carry none of it (the bundler keeps what is named).
#[allow(dead_code)]
enum Backing {
    Owned(Vec<AtomicU64>),
    Mapped(Box<dyn std::any::Any + Send + Sync>),
}

// SAFETY: the words are atomics (shared marking is their purpose); the backing lives as long as
// the pointer and is freed once.
unsafe impl Send for FieldWords {}
unsafe impl Sync for FieldWords {}

impl FieldWords {
    fn owned(mut v: Vec<AtomicU64>) -> FieldWords {
        FieldWords {
            ptr: v.as_mut_ptr(),
            len: v.len(),
            backing: Backing::Owned(v),
        }
    }

    #[inline]
    fn get(&self) -> &[AtomicU64] {
        // SAFETY: `ptr`/`len` describe the backing's words, alive while `self` is.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    #[inline]
    fn get_mut(&mut self) -> &mut [AtomicU64] {
        // SAFETY: as `get`, and `&mut self` makes the access unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

/// Where field `i` of `bits`-bit fields is: word and shift. (Shifts and masks, not a division: a
/// division by a run-time value costs more than the rest of a look-up that hits the cache.)
#[inline]
pub fn slot(i: usize, bits: u32) -> (usize, u32) {
    let per_word_log = 6 - bits.trailing_zeros();
    (
        i >> per_word_log,
        (i as u32 & ((1 << per_word_log) - 1)) * bits,
    )
}

/// The lowest bit of every `bits`-wide field of `w` that equals `v`: a word's matching entries at
/// once, so that a scan skips the (many) words with none.
#[inline]
pub fn fields_equal(w: u64, v: u8, bits: u32) -> u64 {
    let low = u64::MAX / ((1u64 << bits) - 1);
    let mut x = w ^ (low * v as u64);
    // Fold each field's bits into its lowest: zero there exactly when the field equalled `v`.
    let mut s = 1;
    while s < bits {
        x |= x >> s;
        s <<= 1;
    }
    !x & low
}

impl Fields {
    /// `size` fields, all "not reached".
    pub fn new(size: usize, bits: u32) -> Fields {
        Fields::filled(Vec::new(), size, bits)
    }

    /// [`Fields::new`] in memory asked for 2 MB pages ([`with_huge_pages`]): for tables that
    /// searches read at random.
    pub fn in_huge_pages(size: usize, bits: u32) -> Fields {
        Fields::filled(with_huge_pages(words_for(size, bits)), size, bits)
    }

    fn filled(mut words: Vec<AtomicU64>, size: usize, bits: u32) -> Fields {
        assert!(
            bits == 2 || bits == 4 || bits == 8,
            "fields of 2, 4 or 8 bits"
        );
        words.extend((0..words_for(size, bits)).map(|_| AtomicU64::new(u64::MAX)));
        Fields {
            words: FieldWords::owned(words),
            size,
            bits,
        }
    }

    /// Fields over words read back from a file or built elsewhere (`words_for(size, bits)` of them).
    pub fn from_words(words: Vec<u64>, size: usize, bits: u32) -> Fields {
        assert_eq!(
            words.len(),
            words_for(size, bits),
            "words for {size} fields"
        );
        // (Collected in place: the same memory, still in whatever pages it had.)
        let words = words.into_iter().map(AtomicU64::new).collect();
        Fields {
            words: FieldWords::owned(words),
            size,
            bits,
        }
    }

    /// Fields over `words_for(size, bits)` words at `ptr`, kept alive by `keeper` (a mapped file:
    /// [`super::fields_file::open_fields`]).
    ///
    /// # Safety
    /// `ptr` must point to that many words, aligned, readable and writable by this process alone
    /// (a private mapping), for as long as `keeper` lives.
    pub unsafe fn from_raw_parts(
        ptr: *mut AtomicU64,
        size: usize,
        bits: u32,
        keeper: Box<dyn std::any::Any + Send + Sync>,
    ) -> Fields {
        Fields {
            words: FieldWords {
                ptr,
                len: words_for(size, bits),
                backing: Backing::Mapped(keeper),
            },
            size,
            bits,
        }
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The value of a field never reached.
    #[inline]
    pub fn unreached(&self) -> u8 {
        ((1u16 << self.bits) - 1) as u8
    }

    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        get_in(self.words.get(), i, self.bits)
    }

    /// Sets field `i` (filling a table from other data).
    pub fn set(&mut self, i: usize, v: u8) {
        let (w, shift) = slot(i, self.bits);
        let ones = self.unreached() as u64;
        let w = self.words.get_mut()[w].get_mut();
        *w = (*w & !(ones << shift)) | ((v as u64) << shift);
    }

    /// The words themselves, for loops that read and mark many fields ([`get_in`], [`mark_in`]):
    /// held in a local, their address and length stay in registers across the marks.
    pub fn words(&self) -> &[AtomicU64] {
        self.words.get()
    }

    /// Asks the processor to bring field `i`'s word into cache.
    #[inline]
    pub fn prefetch(&self, i: usize) {
        if let Some(w) = self.words.get().get(slot(i, self.bits).0) {
            prefetch(w);
        }
    }

    /// Bytes the fields take.
    pub fn bytes(&self) -> usize {
        self.words.len * 8
    }

    /// The words, in place.
    pub fn into_words(self) -> Vec<u64> {
        match self.words.backing {
            Backing::Owned(v) => v.into_iter().map(AtomicU64::into_inner).collect(),
            Backing::Mapped(_) => self
                .words
                .get()
                .iter()
                .map(|w| w.load(Ordering::Relaxed))
                .collect(),
        }
    }
}

/// Field `i` of `bits`-bit fields in `words`. (Inlined where the width is a constant, the shifts
/// and masks fold: the BFS's inner loops are compiled once per width.)
#[inline(always)]
pub fn get_in(words: &[AtomicU64], i: usize, bits: u32) -> u8 {
    let (w, shift) = slot(i, bits);
    let ones = ((1u16 << bits) - 1) as u8;
    (words[w].load(Ordering::Relaxed) >> shift) as u8 & ones
}

/// Sets field `i` to `v` if it is unreached (all ones); true if it was. `SHARED`: other threads
/// may be marking fields of the same word, so the change is one atomic AND (a field seen as
/// unreached is unreached or `v` when the AND lands, since every writer of a level writes the
/// same value, and only the writer whose AND still found it unreached counts it). Alone, a plain
/// read and write do, without a branch: about half the fields a big level touches are new, and a
/// branch would be mispredicted half the time.
#[inline(always)]
pub fn mark_in<const SHARED: bool>(words: &[AtomicU64], i: usize, v: u8, bits: u32) -> bool {
    let (w, shift) = slot(i, bits);
    let ones = (1u64 << bits) - 1;
    let word = &words[w];
    let old = word.load(Ordering::Relaxed);
    if SHARED {
        if (old >> shift) & ones != ones {
            return false;
        }
        let old = word.fetch_and(!((ones ^ v as u64) << shift), Ordering::Relaxed);
        (old >> shift) & ones == ones
    } else {
        let new = ((old >> shift) & ones == ones) as u64;
        word.store(
            old ^ ((new * (ones ^ v as u64)) << shift),
            Ordering::Relaxed,
        );
        new != 0
    }
}

/// Words that hold `size` fields of `bits` bits.
pub fn words_for(size: usize, bits: u32) -> usize {
    let per_word = 64 / bits as usize;
    (size + per_word - 1) / per_word
}

pub use crate::huge_pages::with_huge_pages;
