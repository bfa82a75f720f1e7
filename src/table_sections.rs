//! Several arrays of small integers kept in one table file's words ([`crate::table_file`]): each
//! array its length, then its elements packed little-endian, starting on a word. For the tables a
//! solver derives in a fraction of a second but would rather not derive at every start (the
//! two-phase solver's move tables and symmetry classes, 14 MB: read back in milliseconds).

/// An element type of a section: 1, 2, 4 or 8 bytes.
pub trait Element: Copy + Default {
    const BYTES: usize;
    fn to_u64(self) -> u64;
    // (Read back word by word on big-endian machines only: little-endian ones copy the bytes.)
    #[cfg_attr(target_endian = "little", allow(dead_code))]
    fn from_u64(w: u64) -> Self;
}

// (Written out, not by a macro: the bundler keeps items by name, and an invocation has none.)
impl Element for u8 {
    const BYTES: usize = std::mem::size_of::<u8>();
    fn to_u64(self) -> u64 {
        self as u64
    }
    fn from_u64(w: u64) -> Self {
        w as u8
    }
}

impl Element for u16 {
    const BYTES: usize = std::mem::size_of::<u16>();
    fn to_u64(self) -> u64 {
        self as u64
    }
    fn from_u64(w: u64) -> Self {
        w as u16
    }
}

impl Element for u32 {
    const BYTES: usize = std::mem::size_of::<u32>();
    fn to_u64(self) -> u64 {
        self as u64
    }
    fn from_u64(w: u64) -> Self {
        w as u32
    }
}

impl Element for u64 {
    const BYTES: usize = 8;
    fn to_u64(self) -> u64 {
        self
    }
    fn from_u64(w: u64) -> Self {
        w
    }
}

/// Writes arrays one after another into words.
#[derive(Default)]
pub struct SectionWriter {
    words: Vec<u64>,
}

impl SectionWriter {
    pub fn new() -> Self {
        SectionWriter::default()
    }

    /// Appends `v`: its length, then its elements.
    pub fn put<T: Element>(&mut self, v: &[T]) -> &mut Self {
        self.words.push(v.len() as u64);
        let per = 8 / T::BYTES;
        for chunk in v.chunks(per) {
            let mut w = 0u64;
            for (k, &x) in chunk.iter().enumerate() {
                w |= x.to_u64() << (8 * T::BYTES * k);
            }
            self.words.push(w);
        }
        self
    }

    pub fn finish(self) -> Vec<u64> {
        self.words
    }
}

/// Reads back what a [`SectionWriter`] wrote, in the same order.
pub struct SectionReader<'a> {
    words: &'a [u64],
    at: usize,
}

impl<'a> SectionReader<'a> {
    pub fn new(words: &'a [u64]) -> Self {
        SectionReader { words, at: 0 }
    }

    /// The next array, if there is a whole one of at most `max` elements.
    pub fn take<T: Element>(&mut self, max: usize) -> Option<Vec<T>> {
        let n = *self.words.get(self.at)? as usize;
        let per = 8 / T::BYTES;
        if n > max || (self.words.len() - self.at - 1) * per < n {
            return None;
        }
        let span = (n + per - 1) / per;
        let body = &self.words[self.at + 1..self.at + 1 + span];
        self.at += 1 + span;
        let mut v = vec![T::default(); n];
        #[cfg(target_endian = "little")]
        {
            // The words' bytes are the elements in order (the file is little-endian): one copy.
            // SAFETY: `body` holds at least `n * T::BYTES` bytes; `v` has room for `n` elements
            // of plain integers, any bit pattern valid.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    body.as_ptr() as *const u8,
                    v.as_mut_ptr() as *mut u8,
                    n * T::BYTES,
                )
            };
        }
        #[cfg(not(target_endian = "little"))]
        for (i, x) in v.iter_mut().enumerate() {
            *x = T::from_u64(body[i / per] >> (8 * T::BYTES * (i % per)));
        }
        Some(v)
    }

    /// Whether every word was read.
    pub fn is_done(&self) -> bool {
        self.at == self.words.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays_come_back_as_written() {
        let a: Vec<u16> = (0..1001).map(|i| (i * 37) as u16).collect();
        let b: Vec<u8> = (0..13).map(|i| i as u8 * 19).collect();
        let c: Vec<u32> = vec![u32::MAX, 0, 7];
        let mut w = SectionWriter::new();
        w.put(&a).put(&b).put::<u64>(&[]).put(&c);
        let words = w.finish();
        let mut r = SectionReader::new(&words);
        assert_eq!(r.take::<u16>(usize::MAX).unwrap(), a);
        assert_eq!(r.take::<u8>(usize::MAX).unwrap(), b);
        assert_eq!(r.take::<u64>(0).unwrap(), Vec::<u64>::new());
        assert!(!r.is_done());
        assert_eq!(r.take::<u32>(3).unwrap(), c);
        assert!(r.is_done());
        assert!(r.take::<u8>(9).is_none());
        // A length beyond what is there, or beyond the bound, is refused, not read past.
        assert!(SectionReader::new(&[5, 1]).take::<u64>(9).is_none());
        assert!(SectionReader::new(&words).take::<u16>(1000).is_none());
    }
}
