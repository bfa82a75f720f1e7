//! A table's words, read-only: either built in memory (a `Vec`) or a file mapped into memory.
//!
//! Mapping is why a process that answers one cube starts in milliseconds: the kernel hands out the
//! file's pages from its page cache as the search touches them, instead of the process copying
//! 2.8 GB first, and every process on the machine shares the one copy. Only std: the judge
//! binaries that carry this module compile with plain `rustc`, so `mmap` is declared here, for
//! 64-bit Unix (Linux, macOS), where `off_t` is 64 bits and the flags below have these values.
//! Elsewhere, and on big-endian machines (the file's words are little-endian), the words are read.

use std::fs::File;
use std::ops::Deref;

/// Read-only words, owned or mapped; derefs to `[u64]`.
pub struct Words {
    // The slice is kept as a pointer and a length, so that a look-up is one load whichever way
    // the words are held (no branch on the backing in the search's hot loop).
    ptr: *const u64,
    len: usize,
    _backing: Held,
}

// The fields are held only to be freed (dropped, unmapped) with the words.
#[allow(dead_code)]
enum Held {
    Owned(Vec<u64>),
    Mapped(Mapping),
}

// SAFETY: the words are never written through `Words`; the backing (a Vec, or a private read-only
// mapping) lives as long as the pointer and is freed once, in drop.
unsafe impl Send for Words {}
unsafe impl Sync for Words {}

impl From<Vec<u64>> for Words {
    fn from(v: Vec<u64>) -> Words {
        Words {
            ptr: v.as_ptr(),
            len: v.len(),
            _backing: Held::Owned(v),
        }
    }
}

impl Deref for Words {
    type Target = [u64];
    #[inline]
    fn deref(&self) -> &[u64] {
        // SAFETY: `ptr` and `len` describe the backing's words, alive while `self` is.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl Words {
    /// `len` words at byte `offset` of `file` (a multiple of 8), mapped read-only where mapping is
    /// available, else read. The caller has checked that the file holds them.
    pub fn map(file: &File, offset: usize, len: usize) -> std::io::Result<Words> {
        #[cfg(all(unix, target_pointer_width = "64", target_endian = "little"))]
        {
            if let Some(m) = Mapping::new(file, offset + len * 8, false) {
                // SAFETY: the mapping holds at least offset + 8 * len bytes, and mappings start
                // on a page boundary, so `base + offset` is 8-byte aligned.
                let ptr = unsafe { m.base.add(offset) } as *const u64;
                return Ok(Words {
                    ptr,
                    len,
                    _backing: Held::Mapped(m),
                });
            }
        }
        read_words(file, offset, len).map(Words::from)
    }

    /// Whether the words are a mapped file (for messages and tests).
    pub fn is_mapped(&self) -> bool {
        matches!(self._backing, Held::Mapped(_))
    }
}

/// Words that a process may change, owned or mapped copy-on-write (the engine's near table, which
/// a long search deepens in place): a kept one opens without being read, and what this process
/// writes is its own, never the file's. Derefs to `[AtomicU64]`.
pub struct AtomicWords {
    ptr: *mut std::sync::atomic::AtomicU64,
    len: usize,
    _backing: AtomicHeld,
}

// The fields are held only to be freed with the words.
#[allow(dead_code)]
enum AtomicHeld {
    Owned(Vec<std::sync::atomic::AtomicU64>),
    Mapped(Mapping),
}

// SAFETY: the words are atomics; the backing (a Vec, or a private copy-on-write mapping) lives as
// long as the pointer and is freed once, in drop.
unsafe impl Send for AtomicWords {}
unsafe impl Sync for AtomicWords {}

impl From<Vec<std::sync::atomic::AtomicU64>> for AtomicWords {
    fn from(mut v: Vec<std::sync::atomic::AtomicU64>) -> AtomicWords {
        AtomicWords {
            ptr: v.as_mut_ptr(),
            len: v.len(),
            _backing: AtomicHeld::Owned(v),
        }
    }
}

impl Deref for AtomicWords {
    type Target = [std::sync::atomic::AtomicU64];
    #[inline]
    fn deref(&self) -> &[std::sync::atomic::AtomicU64] {
        // SAFETY: `ptr` and `len` describe the backing's words, alive while `self` is.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl AtomicWords {
    /// `len` words at byte `offset` of `file` (a multiple of 8), mapped copy-on-write where mapping
    /// is available, else read. The caller has checked that the file holds them.
    pub fn map(file: &File, offset: usize, len: usize) -> std::io::Result<AtomicWords> {
        #[cfg(all(unix, target_pointer_width = "64", target_endian = "little"))]
        {
            if let Some(m) = Mapping::new(file, offset + len * 8, true) {
                // SAFETY: the mapping holds offset + 8 * len bytes, readable and writable (this
                // process's own copy), `offset` a multiple of 8 from a page boundary.
                let ptr = unsafe { m.base().add(offset) } as *mut std::sync::atomic::AtomicU64;
                return Ok(AtomicWords {
                    ptr,
                    len,
                    _backing: AtomicHeld::Mapped(m),
                });
            }
        }
        let words = read_words(file, offset, len)?;
        Ok(AtomicWords::from(
            words
                .into_iter()
                .map(std::sync::atomic::AtomicU64::new)
                .collect::<Vec<_>>(),
        ))
    }

    /// Whether the words are a mapped file.
    pub fn is_mapped(&self) -> bool {
        matches!(self._backing, AtomicHeld::Mapped(_))
    }
}

/// Reads `len` little-endian words at byte `offset` of `file`.
fn read_words(file: &File, offset: usize, len: usize) -> std::io::Result<Vec<u64>> {
    use std::io::{Read, Seek, SeekFrom};
    let mut f = std::io::BufReader::new(file);
    f.seek(SeekFrom::Start(offset as u64))?;
    let mut words = crate::huge_pages::with_huge_pages(len);
    let mut buf = vec![0u8; 1 << 16];
    while words.len() < len {
        let take = ((len - words.len()) * 8).min(buf.len());
        f.read_exact(&mut buf[..take])?;
        words.extend(buf[..take].chunks(8).map(|b| {
            let mut w = [0u8; 8];
            w.copy_from_slice(b);
            u64::from_le_bytes(w)
        }));
    }
    Ok(words)
}

/// A private mapping of a file's first bytes (see [`Mapping::new`]), unmapped when dropped.
pub(crate) struct Mapping {
    base: *const u8,
    /// The range to unmap: on Linux the whole reservation the file was mapped into.
    reserved: *const u8,
    reserved_bytes: usize,
}

// SAFETY: a mapping is an address range, unmapped once when dropped; nothing is written through
// it by this type (a writable mapping's words are atomics, shared by their owner).
unsafe impl Send for Mapping {}
unsafe impl Sync for Mapping {}

/// 2 MB: the huge page size the mapping is aligned to.
const HUGE: usize = 2 << 20;

#[cfg(all(unix, target_pointer_width = "64", target_endian = "little"))]
mod sys {
    use std::os::raw::{c_int, c_void};
    extern "C" {
        pub fn mmap(
            addr: *mut c_void,
            len: usize,
            prot: c_int,
            flags: c_int,
            fd: c_int,
            off: i64,
        ) -> *mut c_void;
        pub fn munmap(addr: *mut c_void, len: usize) -> c_int;
        #[cfg(target_os = "linux")]
        // (Declared as `huge_pages` declares it: one signature in the crate.)
        pub fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
        #[cfg(target_os = "linux")]
        pub fn posix_fadvise(fd: c_int, offset: i64, len: i64, advice: c_int) -> c_int;
    }
    pub const PROT_NONE: c_int = 0;
    pub const PROT_READ: c_int = 1;
    pub const PROT_WRITE: c_int = 2;
    pub const MAP_PRIVATE: c_int = 2;
    #[cfg(target_os = "linux")]
    pub const MAP_FIXED: c_int = 0x10;
    #[cfg(target_os = "linux")]
    pub const MAP_ANONYMOUS: c_int = 0x20;
    #[cfg(target_os = "linux")]
    pub const MADV_HUGEPAGE: c_int = 14;
    #[cfg(target_os = "linux")]
    pub const POSIX_FADV_DONTNEED: c_int = 4;
}

#[cfg(all(unix, target_pointer_width = "64", target_endian = "little"))]
fn prot(writable: bool) -> std::os::raw::c_int {
    if writable {
        sys::PROT_READ | sys::PROT_WRITE
    } else {
        sys::PROT_READ
    }
}

impl Mapping {
    /// The first byte mapped.
    pub(crate) fn base(&self) -> *const u8 {
        self.base
    }
}

#[cfg(all(unix, target_pointer_width = "64", target_endian = "little"))]
impl Mapping {
    /// The first `bytes` of `file`, mapped read-only; `None` where the kernel refuses.
    ///
    /// On Linux the file goes at a 2 MB boundary of a reservation, with the advice to use huge
    /// pages. A search reads the table at random, a cache miss a look-up, and with 4 KB pages
    /// nearly every miss is also a TLB miss: measured, a mapping in 4 KB pages searched slower
    /// than the table read into 2 MB pages (docs/performance.md, "Tables opened, not read, built
    /// within their size"). Where the page cache holds the file in 2 MB folios (ext4 and others
    /// since Linux 6.16 read a file so when a mapping advised huge pages faults it in), the kernel
    /// maps them whole, and the mapped table is as fast as the read one.
    ///
    /// `writable`: copy-on-write, for tables a process completes in place (the engine's): what it
    /// writes is its own, the file and the other processes see none of it.
    pub(crate) fn new(file: &File, bytes: usize, writable: bool) -> Option<Mapping> {
        use std::os::unix::io::AsRawFd;
        if bytes == 0 {
            return None;
        }
        let failed = |p: *mut std::os::raw::c_void| p as isize == -1;
        #[cfg(target_os = "linux")]
        {
            let reserved_bytes = bytes + HUGE;
            // SAFETY: an anonymous inaccessible reservation; the file is then mapped over part
            // of it with MAP_FIXED, inside the range just reserved, which nothing else uses.
            unsafe {
                let r = sys::mmap(
                    std::ptr::null_mut(),
                    reserved_bytes,
                    sys::PROT_NONE,
                    sys::MAP_PRIVATE | sys::MAP_ANONYMOUS,
                    -1,
                    0,
                );
                if failed(r) {
                    return None;
                }
                let aligned = ((r as usize + HUGE - 1) & !(HUGE - 1)) as *mut std::os::raw::c_void;
                let base = sys::mmap(
                    aligned,
                    bytes,
                    prot(writable),
                    sys::MAP_PRIVATE | sys::MAP_FIXED,
                    file.as_raw_fd(),
                    0,
                );
                if failed(base) {
                    sys::munmap(r, reserved_bytes);
                    return None;
                }
                // (Refused advice leaves 4 KB pages: slower, still right.)
                sys::madvise(
                    base as *mut u8,
                    (bytes + HUGE - 1) & !(HUGE - 1),
                    sys::MADV_HUGEPAGE,
                );
                Some(Mapping {
                    base: base as *const u8,
                    reserved: r as *const u8,
                    reserved_bytes,
                })
            }
        }
        #[cfg(not(target_os = "linux"))]
        {
            // SAFETY: a fresh private read-only mapping of an open file; the kernel checks the
            // rest and answers MAP_FAILED (-1) on failure.
            let base = unsafe {
                sys::mmap(
                    std::ptr::null_mut(),
                    bytes,
                    prot(writable),
                    sys::MAP_PRIVATE,
                    file.as_raw_fd(),
                    0,
                )
            };
            if failed(base) {
                return None;
            }
            Some(Mapping {
                base: base as *const u8,
                reserved: base as *const u8,
                reserved_bytes: bytes,
            })
        }
    }
}

/// Asks the kernel to drop `file` from the page cache (Linux; elsewhere nothing). Called once a
/// table is written and verified: the pages written are small ones, and the next process that
/// maps the file then reads it back in 2 MB folios (see [`Words::map`]).
pub fn drop_cached(file: &File) {
    #[cfg(all(
        target_os = "linux",
        target_pointer_width = "64",
        target_endian = "little"
    ))]
    {
        use std::os::unix::io::AsRawFd;
        // SAFETY: advice about an open file's cached pages; it changes no contents.
        unsafe { sys::posix_fadvise(file.as_raw_fd(), 0, 0, sys::POSIX_FADV_DONTNEED) };
    }
    #[cfg(not(all(
        target_os = "linux",
        target_pointer_width = "64",
        target_endian = "little"
    )))]
    let _ = file;
}

impl Drop for Mapping {
    fn drop(&mut self) {
        #[cfg(all(unix, target_pointer_width = "64", target_endian = "little"))]
        // SAFETY: the range this mapping reserved, unmapped once here; no `Words` pointing into
        // it outlives it (the mapping is the words' own backing).
        unsafe {
            sys::munmap(self.reserved as *mut _, self.reserved_bytes);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// Words read back through a mapping at an offset are the words written, little-endian, and
    /// the same as read without mapping.
    #[test]
    fn mapped_words_are_the_file_words() {
        let path = std::env::temp_dir().join(format!("twisty-mapped-{}", std::process::id()));
        let words: Vec<u64> = (0..5000u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        let mut f = File::create(&path).unwrap();
        f.write_all(&[7u8; 4096]).unwrap();
        for w in &words {
            f.write_all(&w.to_le_bytes()).unwrap();
        }
        drop(f);
        let f = File::open(&path).unwrap();
        let mapped = Words::map(&f, 4096, words.len()).unwrap();
        assert_eq!(&mapped[..], &words[..]);
        assert_eq!(read_words(&f, 4096, words.len()).unwrap(), words);
        assert_eq!(&Words::from(words.clone())[..], &words[..]);
        std::fs::remove_file(&path).unwrap();
    }

    /// Words mapped copy-on-write are the file's, and what this process writes to them changes
    /// its own copy, never the file.
    #[test]
    fn atomic_words_change_this_copy_not_the_file() {
        use std::sync::atomic::Ordering::Relaxed;
        let path = std::env::temp_dir().join(format!("twisty-atomic-{}", std::process::id()));
        let words: Vec<u64> = (0..3000u64).map(|i| i * 3 + 1).collect();
        let mut f = File::create(&path).unwrap();
        f.write_all(&[0u8; 4096]).unwrap();
        for w in &words {
            f.write_all(&w.to_le_bytes()).unwrap();
        }
        drop(f);
        let f = File::open(&path).unwrap();
        let a = AtomicWords::map(&f, 4096, words.len()).unwrap();
        let seen: Vec<u64> = a.iter().map(|w| w.load(Relaxed)).collect();
        assert_eq!(seen, words);
        a[17].store(99, Relaxed);
        assert_eq!(a[17].load(Relaxed), 99);
        assert_eq!(read_words(&f, 4096, words.len()).unwrap(), words);
        std::fs::remove_file(&path).unwrap();
    }
}
