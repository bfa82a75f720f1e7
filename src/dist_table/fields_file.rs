//! A table file opened as [`Fields`]: its words mapped copy-on-write ([`open_atomic`]), so that a
//! process completes a partial table in place while the file stays as it was. Here, above both the
//! file format and the fields, so that neither imports the other.

use super::fields::{words_for, Fields};
use crate::table_file::{open_atomic, TableFileError, TableHeader};
use std::path::Path;

/// [`open_atomic`] as fields of 2, 4 or 8 bits: for tables that a process may complete in place
/// (the engine's).
pub fn open_fields(
    path: &Path,
    expect: &TableHeader,
) -> Result<(TableHeader, Fields), TableFileError> {
    let (header, words) = open_atomic(path, expect)?;
    if !matches!(header.bits, 2 | 4 | 8) {
        return Err(TableFileError::OtherSize);
    }
    let size = header.entries as usize;
    if words.len() != words_for(size, header.bits) {
        return Err(TableFileError::Damaged);
    }
    let ptr = words.as_ptr() as *mut std::sync::atomic::AtomicU64;
    // SAFETY: `words` holds `words_for(size, bits)` atomics, aligned, this process's own (a
    // private copy-on-write mapping, or read into memory), and goes with the fields as their
    // keeper, so they live as long as the pointer.
    let fields = unsafe { Fields::from_raw_parts(ptr, size, header.bits, Box::new(words)) };
    Ok((header, fields))
}
