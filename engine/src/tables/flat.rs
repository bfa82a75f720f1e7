//! A read-only array of small numbers (a move table's `u32` rows, a twist table's bytes), made in
//! memory or mapped from a file of the cache folder ([`Words`]). A kept table of tracked pieces
//! opens with its move tables mapped instead of made again: making the FTO's six edges' took 1.3 s,
//! more than the search that used them.

use std::ops::Deref;
use std::sync::Arc;
use twisty::mapped_words::Words;

/// The numbers a [`Flat`] may hold, written to a file as their little-endian bytes.
pub trait Small: Copy + Send + Sync + 'static {
    const BYTES: usize;
    fn to_u64(self) -> u64;
}

impl Small for u8 {
    const BYTES: usize = 1;
    fn to_u64(self) -> u64 {
        self as u64
    }
}

impl Small for u32 {
    const BYTES: usize = 4;
    fn to_u64(self) -> u64 {
        self as u64
    }
}

/// Read-only numbers, owned or mapped; derefs to `[T]`.
pub struct Flat<T: Small> {
    // A pointer and a length, so that a look-up is one load whichever way they are held.
    ptr: *const T,
    len: usize,
    held: Arc<Held<T>>,
}

// The fields are held only to be freed with the numbers.
#[allow(dead_code)]
enum Held<T> {
    Owned(Vec<T>),
    Mapped(Words),
}

// SAFETY: the numbers are never written through `Flat`; the backing lives as long as any copy of
// the pointer (each holds the `Arc`) and is freed once.
unsafe impl<T: Small> Send for Flat<T> {}
unsafe impl<T: Small> Sync for Flat<T> {}

impl<T: Small> Clone for Flat<T> {
    fn clone(&self) -> Self {
        Flat {
            ptr: self.ptr,
            len: self.len,
            held: self.held.clone(),
        }
    }
}

impl<T: Small> From<Vec<T>> for Flat<T> {
    fn from(v: Vec<T>) -> Self {
        let (ptr, len) = (v.as_ptr(), v.len());
        Flat {
            ptr,
            len,
            held: Arc::new(Held::Owned(v)),
        }
    }
}

impl<T: Small> std::fmt::Debug for Flat<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "Flat({} numbers)", self.len)
    }
}

impl<T: Small> Default for Flat<T> {
    fn default() -> Self {
        Vec::new().into()
    }
}

impl<T: Small> Deref for Flat<T> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` and `len` describe the backing's numbers, alive while `self` is.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl<T: Small> Flat<T> {
    /// `len` numbers laid out as [`Flat::words`] wrote them. `None` where the words are too few,
    /// or on a big-endian machine (the file's bytes are little-endian; the table is made there).
    pub fn from_words(words: Words, len: usize) -> Option<Flat<T>> {
        if cfg!(target_endian = "big") || words.len() != (len * T::BYTES).div_ceil(8) {
            return None;
        }
        let ptr = words.as_ptr() as *const T;
        Some(Flat {
            ptr,
            len,
            held: Arc::new(Held::Mapped(words)),
        })
    }

    /// The numbers as little-endian 64-bit words (the last one padded with zeros).
    pub fn words(&self) -> impl Iterator<Item = u64> + '_ {
        let per = 8 / T::BYTES;
        self.chunks(per).map(|c| {
            c.iter()
                .enumerate()
                .fold(0u64, |w, (i, &x)| w | x.to_u64() << (8 * T::BYTES * i))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_written_as_words_read_back_the_same() {
        let bytes: Vec<u8> = (0..37).map(|i| (i * 7 + 3) as u8).collect();
        let f = Flat::from(bytes.clone());
        let words: Vec<u64> = f.words().collect();
        assert_eq!(words.len(), 5);
        let back: Flat<u8> = Flat::from_words(Words::from(words), bytes.len()).unwrap();
        assert_eq!(&back[..], &bytes[..]);

        let rows: Vec<u32> = (0..9).map(|i| i * 0x0101_0101 + 5).collect();
        let words: Vec<u64> = Flat::from(rows.clone()).words().collect();
        let back: Flat<u32> = Flat::from_words(Words::from(words), rows.len()).unwrap();
        assert_eq!(&back[..], &rows[..]);
        // A length the words do not hold is refused.
        let words: Vec<u64> = Flat::from(rows.clone()).words().collect();
        assert!(Flat::<u32>::from_words(Words::from(words), 20).is_none());
    }
}
