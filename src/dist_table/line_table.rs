//! The slice table as the search reads it: 2 bits an entry relative to a base value, with a 4-bit
//! fallback in every 64-byte line (Rokicki's nxopt layout, as nissy's H48 uses it).
//!
//! A line holds 254 entries (508 bits) and, in its top 4 bits, the least distance among them (15
//! for 15 or more; the 3x3x3's lines stay far below). An
//! entry `v` of 1, 2 or 3 means a distance of `base + v` (3: at least that); 0 means at most `base`,
//! and the line's least distance stands in for it. One look-up is then one cache line, and the
//! table is half the size of exact 4-bit entries, so twice the coordinate fits in the same memory.

use crate::dist_table::fields::with_huge_pages;
use crate::mapped_words::Words;
use crate::prefetch::prefetch;
use crate::table_file::{self, TableFileError, TableHeader};

/// Entries in one 64-byte line.
pub const PER_LINE: usize = 254;
const WORDS: usize = 8;

pub struct LineTable {
    /// Built in memory, or a kept file mapped ([`table_file::open`]: its words start on a page).
    words: Words,
    /// Words before the first line, so that lines start on 64-byte boundaries.
    offset: usize,
    pub entries: usize,
    pub base: u8,
}

fn lines_for(entries: usize) -> usize {
    (entries + PER_LINE - 1) / PER_LINE
}

/// Words to skip at the start of `words` for 64-byte alignment.
pub(crate) fn misalignment(words: &[u64]) -> usize {
    let addr = words.as_ptr() as usize;
    ((64 - addr % 64) % 64) / 8
}

/// Words whose lines start on 64-byte boundaries, and how many words come before the first line. A
/// mapped file's words start on a page already; words read (a machine that does not map) are
/// copied onto a line.
fn on_lines(words: Words) -> (Words, usize) {
    if misalignment(&words) == 0 {
        return (words, 0);
    }
    let mut aligned = with_huge_pages::<u64>(words.len() + WORDS);
    aligned.extend_from_slice(&[0; WORDS]);
    let offset = misalignment(&aligned);
    aligned.truncate(offset);
    aligned.extend_from_slice(&words);
    (Words::from(aligned), offset)
}

impl LineTable {
    /// The table over `words` (whose lines start `offset` words in, on a 64-byte boundary) of
    /// `entries` against `base`, as [`super::line_bfs`] builds it.
    pub(crate) fn from_lines(words: Vec<u64>, offset: usize, entries: usize, base: u8) -> Self {
        LineTable {
            words: Words::from(words),
            offset,
            entries,
            base,
        }
    }

    /// A table of `entries` packed from their distances (`dist(i)`; 15 for 15 or more) against
    /// `base`, on `threads` threads, and the moves its bounds lose against those distances, summed
    /// (an entry at or below the base reads as its line's least distance, one past base + 3 as
    /// base + 3).
    pub fn pack(
        entries: usize,
        base: u8,
        dist: impl Fn(usize) -> u8 + Sync,
        threads: usize,
    ) -> (LineTable, u64) {
        let lines = lines_for(entries);
        let mut words = with_huge_pages::<u64>(lines * WORDS + WORDS);
        words.resize(lines * WORDS + WORDS, 0);
        let offset = misalignment(&words);
        let threads = threads.max(1);
        let per = ((lines + threads - 1) / threads).max(1);
        let lost = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|scope| {
            let body = &mut words[offset..offset + lines * WORDS];
            for (c, chunk) in body.chunks_mut(per * WORDS).enumerate() {
                let (dist, lost) = (&dist, &lost);
                scope.spawn(move || {
                    let mut mine = 0u64;
                    let mut ds = [0u8; PER_LINE];
                    for (k, line) in chunk.chunks_mut(WORDS).enumerate() {
                        let first = (c * per + k) * PER_LINE;
                        let n = PER_LINE.min(entries - first);
                        for (p, d) in ds[..n].iter_mut().enumerate() {
                            *d = dist(first + p).min(15);
                        }
                        let least = ds[..n].iter().copied().min().unwrap_or(15);
                        for (p, &d) in ds[..n].iter().enumerate() {
                            let v = d.saturating_sub(base).min(3);
                            line[p / 32] |= (v as u64) << (2 * (p % 32));
                            let read = if v == 0 { least } else { base + v };
                            mine += (d - read) as u64;
                        }
                        line[WORDS - 1] |= (least as u64) << 60;
                    }
                    lost.fetch_add(mine, std::sync::atomic::Ordering::Relaxed);
                });
            }
        });
        let table = LineTable::from_lines(words, offset, entries, base);
        (table, lost.into_inner())
    }

    /// A table of `entries` against `base` over words kept in a file (their lines as
    /// [`LineTable::line_words`] gave them; mapped or read).
    pub fn from_kept(words: Words, entries: usize, base: u8) -> Option<LineTable> {
        if words.len() != lines_for(entries) * WORDS {
            return None;
        }
        let (words, offset) = on_lines(words);
        Some(LineTable {
            words,
            offset,
            entries,
            base,
        })
    }

    /// The lines' words, in order (for a file: `2`-bit fields, 256 a line).
    pub fn line_words(&self) -> impl Iterator<Item = u64> + '_ {
        let n = lines_for(self.entries) * WORDS;
        self.words[self.offset..self.offset + n].iter().copied()
    }

    /// The fields a file of the lines holds (256 a line, the least value's among them).
    pub fn fields_kept(entries: usize) -> usize {
        lines_for(entries) * WORDS * 32
    }

    #[inline]
    fn line(&self, i: usize) -> (usize, usize) {
        (self.offset + i / PER_LINE * WORDS, i % PER_LINE)
    }

    /// A lower bound on the distance of entry `i`.
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        let (start, p) = self.line(i);
        let v = (self.words[start + p / 32] >> (2 * (p % 32))) & 3;
        if v == 0 {
            (self.words[start + WORDS - 1] >> 60) as u8
        } else {
            self.base + v as u8
        }
    }

    /// [`LineTable::get`], and whether the bound is the line's least value standing in for an
    /// entry at or below the base (so that another line holding the same distance may say more).
    #[inline]
    pub fn get_and_whether_least(&self, i: usize) -> (u8, bool) {
        let (start, p) = self.line(i);
        let v = (self.words[start + p / 32] >> (2 * (p % 32))) & 3;
        if v == 0 {
            ((self.words[start + WORDS - 1] >> 60) as u8, true)
        } else {
            (self.base + v as u8, false)
        }
    }

    /// Asks for entry `i`'s line ahead of [`LineTable::get`].
    #[inline]
    pub fn prefetch(&self, i: usize) {
        let (start, _) = self.line(i);
        if let Some(w) = self.words.get(start) {
            prefetch(w);
        }
    }

    pub fn bytes(&self) -> usize {
        lines_for(self.entries) * 64
    }

    fn header(name: &str, key: u64, entries: usize) -> TableHeader {
        TableHeader {
            name: name.to_string(),
            key,
            entries: Self::fields_kept(entries) as u64,
            bits: 2,
            extra: Vec::new(),
        }
    }

    /// Writes the table (its lines, then the base in the header's extra field).
    pub fn save(&self, path: &std::path::Path, name: &str, key: u64) -> std::io::Result<()> {
        let mut header = Self::header(name, key, self.entries);
        header.extra = vec![self.base as u64, self.entries as u64];
        table_file::save(path, &header, self.line_words())
    }

    /// Reads a table of `entries` written by [`LineTable::save`] under `name` and `key`.
    pub fn load(
        path: &std::path::Path,
        name: &str,
        key: u64,
        entries: usize,
    ) -> Result<Self, TableFileError> {
        let expect = Self::header(name, key, entries);
        let (header, words) = table_file::open(path, &expect)?;
        match header.extra[..] {
            [base, n] if n as usize == entries && base < 16 => {
                let (words, offset) = on_lines(words);
                Ok(LineTable {
                    words,
                    offset,
                    entries,
                    base: base as u8,
                })
            }
            _ => Err(TableFileError::Damaged),
        }
    }
}
