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
pub(super) fn misalignment(words: &[u64]) -> usize {
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
    pub(super) fn from_lines(words: Vec<u64>, offset: usize, entries: usize, base: u8) -> Self {
        LineTable {
            words: Words::from(words),
            offset,
            entries,
            base,
        }
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
            entries: (lines_for(entries) * WORDS * 32) as u64,
            bits: 2,
            extra: Vec::new(),
        }
    }

    /// Writes the table (its lines, then the base in the header's extra field).
    pub fn save(&self, path: &std::path::Path, name: &str, key: u64) -> std::io::Result<()> {
        let mut header = Self::header(name, key, self.entries);
        header.extra = vec![self.base as u64, self.entries as u64];
        let n = lines_for(self.entries) * WORDS;
        table_file::save(
            path,
            &header,
            self.words[self.offset..self.offset + n].iter().copied(),
        )
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
