//! Free space on the disk a table is about to be written to, so that a full disk is named with
//! what is needed and what is left before a 2.8 GB write fails half-way.

use std::path::Path;

/// Bytes free to an ordinary user on the file system holding `dir` (the nearest folder of it
/// that exists), or `None` where it cannot be asked.
pub fn free_bytes(dir: &Path) -> Option<u64> {
    let existing = dir.ancestors().find(|d| d.is_dir())?;
    statvfs_free(existing)
}

#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn statvfs_free(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    extern "C" {
        fn statvfs(path: *const std::os::raw::c_char, buf: *mut u64) -> i32;
    }
    let path = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    // glibc's and musl's `struct statvfs` on 64-bit Linux: eleven 8-byte fields (block size,
    // fragment size, blocks, free, available, ...) and spare room; 16 words hold it.
    let mut buf = [0u64; 16];
    // SAFETY: `path` is a NUL-terminated string and `buf` is larger than the struct written.
    if unsafe { statvfs(path.as_ptr(), buf.as_mut_ptr()) } != 0 {
        return None;
    }
    let (fragment, available) = (buf[1], buf[4]);
    Some(fragment.saturating_mul(available))
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn statvfs_free(_: &Path) -> Option<u64> {
    None
}
