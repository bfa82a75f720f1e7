//! An interrupted build of the slice table resumes where it was: after each level that took long,
//! the table's lines and the levels' sizes are written beside the table (`<table file>.levels`,
//! in the project's table file format, its checksum included), and a build that finds them (the
//! same table, whole, its checksum right) starts after that level. The file goes once the table
//! is kept. (A level is all a breadth-first search in the table's own layout carries: the lines
//! after a level's sweep read 0, 1 and 3, and the sizes give the depth and what was reached.)

use crate::table_file::{self, TableHeader};
use std::io::{Read, Seek, SeekFrom};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where a build keeps its levels, and after which ones.
pub struct Resume {
    pub path: PathBuf,
    /// The table's name and key, as its own file has them.
    pub name: String,
    pub key: u64,
    /// Levels that took less are not kept: doing them again costs less than writing the lines
    /// (8.3 GB at about 450 MB/s on this project's machine, measured on the former 7.7 GB size).
    pub min_seconds: f64,
}

impl Resume {
    /// The header: the levels' seconds (in milliseconds), then their sizes, as its extra values.
    fn header(&self, words: usize, sizes: &[u64], seconds: f64) -> TableHeader {
        let mut extra = vec![(seconds * 1000.0) as u64];
        extra.extend_from_slice(sizes);
        TableHeader {
            name: format!("{} levels", self.name),
            key: self.key,
            entries: words as u64 * 32,
            bits: 2,
            extra,
        }
    }

    /// Writes the lines, the levels' sizes so far and the seconds they took (written under another
    /// name and renamed, so that a kept file is always whole).
    pub(super) fn keep(
        &self,
        words: &[AtomicU64],
        sizes: &[u64],
        seconds: f64,
    ) -> std::io::Result<()> {
        // (A first build into a new folder: the store makes the folder. Not read back here: the
        // levels are checked whole when read, and written every minute or so of a long build.)
        crate::table_keeping::write(
            &self.path,
            &self.header(words.len(), sizes, seconds),
            words.iter().map(|w| w.load(Ordering::Relaxed)),
            false,
        )
    }

    /// The kept levels, read into `body`: the levels' sizes and their seconds; `Ok(None)` where
    /// nothing is kept, `Err` (why) where what is kept cannot be used.
    pub(super) fn read(&self, body: &mut [u64]) -> Result<Option<(Vec<u64>, f64)>, String> {
        if !self.path.exists() {
            return Ok(None);
        }
        let fail = |e: table_file::TableFileError| format!("{}: {e}", self.path.display());
        table_file::verify(&self.path).map_err(fail)?;
        // Opened to check the header (mapped, not touched), then read through a small buffer:
        // copying from the mapping would hold the file's pages beside the table's (twice the
        // table's memory at the peak, measured on the 7.7 GB table).
        let (header, words) =
            table_file::open(&self.path, &self.header(body.len(), &[], 0.0)).map_err(fail)?;
        let n = words.len();
        drop(words);
        if n != body.len() || header.extra.len() < 2 {
            return Err(format!("{}: not this table's levels", self.path.display()));
        }
        let io = |e: std::io::Error| format!("{}: {e}", self.path.display());
        let mut file = std::fs::File::open(&self.path).map_err(io)?;
        file.seek(SeekFrom::End(-8 - 8 * n as i64)).map_err(io)?;
        let mut buf = vec![0u8; 1 << 20];
        for chunk in body.chunks_mut(buf.len() / 8) {
            let bytes = &mut buf[..chunk.len() * 8];
            file.read_exact(bytes).map_err(io)?;
            for (w, b) in chunk.iter_mut().zip(bytes.chunks_exact(8)) {
                *w = u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
            }
        }
        Ok(Some((
            header.extra[1..].to_vec(),
            header.extra[0] as f64 / 1000.0,
        )))
    }

    /// Removes the kept levels: the caller's, once the table they build is kept (an interruption
    /// while it is saved then still resumes from them).
    pub fn discard(&self) {
        let _ = std::fs::remove_file(&self.path);
    }
}
