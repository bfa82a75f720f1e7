//! One file format for every table the project keeps on disk (the 3x3x3's symmetry tables, the
//! engine's distance tables and its slice files): a header that names the puzzle and the table,
//! what the table belongs to, its size and entry width, a few numbers kept beside it, then the
//! entries as 64-bit words and one checksum over everything ([`crate::checksum::Fnv64`]).
//!
//! Layout, little-endian `u64` fields:
//!
//! ```text
//! "twisty table v3\n"
//! name length, name (UTF-8)   which puzzle and which table, e.g. "cube3 phase-1 distances mod 3"
//! key                         what it belongs to beyond its name (the engine: the definition,
//!                             move set and metric's fingerprint; 0 for a dedicated puzzle's table)
//! entries, bits per entry
//! extra count, extra values   kept beside the entries (a distance distribution, slice numbers)
//! header checksum             FNV-1a over the bytes above (version 3): opening a file trusts
//!                             its header without reading the words
//! zeros                       up to the next multiple of 4096 bytes, so that the words of a
//!                             mapped file are aligned (to a page: cache lines, and the 2-bit
//!                             table's lines, start where they would in memory)
//! words                       ceil(entries * bits / 64) of them
//! checksum                    FNV-1a over the header's bytes (not the zeros), then a word at a
//!                             time over the words
//! ```
//!
//! Files are written under another name and renamed into place, so that a file that exists is
//! whole. [`open`] maps a file and checks everything but the checksum (every header field, the
//! zeros, the length to the byte), so that opening a 2.8 GB table costs nothing; the checksum is
//! checked when a table is written ([`keep_verified`](crate::table_keeping::keep_verified)) and when the user asks ([`verify`]).
//! [`load`] reads the words into memory and checks all. Version 2 files (the same without the
//! zeros) are still read, and [`open`] rewrites them as version 3 once.

use crate::bytes::show;
use crate::checksum::Fnv64;
use crate::mapped_words::{AtomicWords, Words};
use std::fmt;
use std::io::{Read, Write};
use std::path::Path;

const MAGIC: &[u8] = b"twisty table v3\n";
const MAGIC_V2: &[u8] = b"twisty table v2\n";
/// The header is padded with zeros to a multiple of this.
const ALIGN: usize = 4096;

/// The header of a table file, as written and as expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableHeader {
    pub name: String,
    pub key: u64,
    pub entries: u64,
    pub bits: u32,
    pub extra: Vec<u64>,
}

impl TableHeader {
    /// The words the entries take.
    pub fn words(&self) -> usize {
        ((self.entries as u128 * self.bits as u128 + 63) / 64) as usize
    }

    fn bytes(&self, magic: &[u8]) -> Vec<u8> {
        let mut b = magic.to_vec();
        b.extend_from_slice(&(self.name.len() as u64).to_le_bytes());
        b.extend_from_slice(self.name.as_bytes());
        for v in [
            self.key,
            self.entries,
            self.bits as u64,
            self.extra.len() as u64,
        ] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        for v in &self.extra {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b
    }
}

/// Why a table file was not read.
#[derive(Debug)]
pub enum TableFileError {
    Io(std::io::Error),
    /// Not this format (another file, an older version, or cut off inside the header).
    NotATable,
    /// Another table of the format.
    OtherTable(String),
    /// The same table of another puzzle, move set or metric.
    OtherKey,
    /// The same table of another size or entry width.
    OtherSize,
    /// The checksum or the length does not match: damaged or incomplete.
    Damaged,
}

impl fmt::Display for TableFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableFileError::Io(e) => write!(f, "{e}"),
            TableFileError::NotATable => f.write_str("not a twisty table file of this version"),
            TableFileError::OtherTable(name) => write!(f, "holds another table ({name})"),
            TableFileError::OtherKey => {
                f.write_str("belongs to another puzzle, move set or metric")
            }
            TableFileError::OtherSize => f.write_str("the table has another size"),
            TableFileError::Damaged => {
                f.write_str("checksum mismatch (the file is damaged or incomplete)")
            }
        }
    }
}

/// Writes `header` and its words (`header.words()` of them, from `words`) to `path`.
pub fn save(
    path: &Path,
    header: &TableHeader,
    words: impl IntoIterator<Item = u64>,
) -> std::io::Result<()> {
    // The file is renamed into place: over a device (`--out /dev/null`) that would replace the
    // device itself.
    if path.exists() && !path.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file: a table is written to a file of its own",
        ));
    }
    let tmp = partial_path(path);
    let head = header.bytes(MAGIC);
    let bytes = padded(head.len() + 8) as u64 + header.words() as u64 * 8 + 8;
    // A full disk is named, with what is needed and what is left, before the first byte.
    let full = |free: u64| {
        std::io::Error::new(
            std::io::ErrorKind::Other,
            format!(
                "the disk is full: the file takes {}, and {} is free there",
                show(bytes as u128),
                show(free as u128)
            ),
        )
    };
    let folder = path.parent().unwrap_or_else(|| Path::new("."));
    let free = crate::disk_space::free_bytes(folder);
    if let Some(free) = free.filter(|&f| f < bytes) {
        return Err(full(free));
    }
    let result = (|| {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        let mut sum = Fnv64::new();
        sum.update(&head);
        f.write_all(&head)?;
        f.write_all(&sum.finish().to_le_bytes())?;
        f.write_all(&vec![0u8; padded(head.len() + 8) - head.len() - 8])?;
        let mut written = 0;
        for w in words.into_iter().take(header.words()) {
            sum.update_words(&[w]);
            f.write_all(&w.to_le_bytes())?;
            written += 1;
        }
        if written != header.words() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "fewer words than the header says",
            ));
        }
        f.write_all(&sum.finish().to_le_bytes())?;
        f.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    // ENOSPC (28 on Linux): another writer took the space meanwhile, or the system could not say.
    match result {
        Err(e) if e.raw_os_error() == Some(28) => {
            Err(full(crate::disk_space::free_bytes(folder).unwrap_or(0)))
        }
        other => other,
    }
}

/// Reads a table written by [`save`]: its header must match `expect` in name, key, entries and
/// width (`expect.extra` is not compared: it comes back in the returned header). The words go into
/// `words` (empty, perhaps with capacity in memory of the caller's choosing), read in chunks so
/// that a large table is never held twice.
pub fn load(
    path: &Path,
    expect: &TableHeader,
    words: &mut Vec<u64>,
) -> Result<TableHeader, TableFileError> {
    let file = std::fs::File::open(path).map_err(TableFileError::Io)?;
    let mut f = std::io::BufReader::new(file);
    let (header, magic) = read_header(&mut f)?;
    check_expected(&header, expect)?;
    let mut sum = Fnv64::new();
    sum.update(&header.bytes(magic));
    let n = header.words();
    let mut buf = vec![0u8; 1 << 16];
    words.clear();
    while words.len() < n {
        let take = ((n - words.len()) * 8).min(buf.len());
        f.read_exact(&mut buf[..take])
            .map_err(|_| TableFileError::Damaged)?;
        words.extend(buf[..take].chunks(8).map(word));
    }
    sum.update_words(words);
    let mut tail = [0u8; 9];
    let got = read_up_to(&mut f, &mut tail).map_err(TableFileError::Io)?;
    if got != 8 || word(&tail[..8]) != sum.finish() {
        return Err(TableFileError::Damaged);
    }
    Ok(header)
}

/// Opens a table written by [`save`] without reading it: the words are the file, mapped
/// read-only ([`Words`]). The header must match `expect` as for [`load`], the file must be exactly
/// as long as the header says, and the checksum is not read (see [`verify`]). A version 2 file is
/// read, checked and rewritten as version 3 first.
pub fn open(path: &Path, expect: &TableHeader) -> Result<(TableHeader, Words), TableFileError> {
    let (header, file, start) = opened(path, expect)?;
    let words = Words::map(&file, start, header.words()).map_err(TableFileError::Io)?;
    Ok((header, words))
}

/// [`open`] as words this process may change, mapped copy-on-write ([`AtomicWords`]): for tables
/// that grow in place (the engine's near table).
pub fn open_atomic(
    path: &Path,
    expect: &TableHeader,
) -> Result<(TableHeader, AtomicWords), TableFileError> {
    let (header, file, start) = opened(path, expect)?;
    let words = AtomicWords::map(&file, start, header.words()).map_err(TableFileError::Io)?;
    Ok((header, words))
}

/// Where [`save`] writes before renaming: the whole file name with `.partial<pid>-<n>` after it,
/// `n` counting this process's saves (two tables of one name, `X.bin` and `X.levels`, or two
/// threads saving one table, never share a file).
fn partial_path(path: &Path) -> std::path::PathBuf {
    static SAVES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = SAVES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".partial{}-{n}", std::process::id()));
    path.with_file_name(name)
}

/// The checked header of a version 3 file, the file, and where its words start.
fn opened(
    path: &Path,
    expect: &TableHeader,
) -> Result<(TableHeader, std::fs::File, usize), TableFileError> {
    let file = std::fs::File::open(path).map_err(TableFileError::Io)?;
    let len = file.metadata().map_err(TableFileError::Io)?.len();
    let (header, magic) = read_header(&mut std::io::BufReader::new(&file))?;
    check_expected(&header, expect)?;
    if magic == MAGIC_V2 {
        let mut words = Vec::new();
        let header = load(path, expect, &mut words)?;
        save(path, &header, words.iter().copied()).map_err(TableFileError::Io)?;
        return opened(path, expect);
    }
    let start = padded(header.bytes(magic).len() + 8);
    if len != (start + header.words() * 8 + 8) as u64 {
        return Err(TableFileError::Damaged);
    }
    Ok((header, file, start))
}

/// Checks a table file's checksum and returns its header: what
/// [`keep_verified`](crate::table_keeping::keep_verified) runs after writing. Every field and the
/// length are checked by opening (which touches no word); the words are then read through a small
/// buffer, not the mapping, so that checking a 2.8 GB table just built adds page cache, which the
/// system may drop, not 2.8 GB more resident memory.
pub fn verify(path: &Path) -> Result<TableHeader, TableFileError> {
    verify_by(path, false)
}

/// [`verify`] for a kept table about to be used (what `--verify` runs): the file's cached pages
/// dropped first, then its words read through a mapping advised to use huge pages, so that it is
/// left in the page cache in 2 MB pieces. A file read by `read` (`cp`, `cat`, a checksum through a
/// buffer) is cached in small ones, a search's mapping of it then misses the TLB on nearly every
/// look-up, and searches on the 7.1 GB table ran about 10 % slower (docs/performance.md,
/// "Prefetches in a row").
pub fn verify_in_place(path: &Path) -> Result<TableHeader, TableFileError> {
    verify_by(path, true)
}

fn verify_by(path: &Path, in_place: bool) -> Result<TableHeader, TableFileError> {
    let file = std::fs::File::open(path).map_err(TableFileError::Io)?;
    let (header, magic) = read_header(&mut std::io::BufReader::new(&file))?;
    if magic == MAGIC_V2 {
        return load(path, &header, &mut Vec::new());
    }
    if in_place {
        crate::mapped_words::drop_cached(&file);
    }
    let (header, words) = open(path, &header)?;
    let n = words.len();
    let mut sum = Fnv64::new();
    sum.update(&header.bytes(MAGIC));
    use std::io::{Seek, SeekFrom};
    let mut f = file;
    if in_place && words.is_mapped() {
        sum.update_words(&words);
    } else {
        f.seek(SeekFrom::End(-8 - 8 * n as i64))
            .map_err(TableFileError::Io)?;
        let mut buf = vec![0u8; 1 << 20];
        let mut chunk: Vec<u64> = Vec::with_capacity(buf.len() / 8);
        let mut left = n;
        while left > 0 {
            let take = left.min(buf.len() / 8);
            f.read_exact(&mut buf[..take * 8])
                .map_err(TableFileError::Io)?;
            chunk.clear();
            chunk.extend(
                buf[..take * 8]
                    .chunks_exact(8)
                    .map(|b| u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])),
            );
            sum.update_words(&chunk);
            left -= take;
        }
    }
    drop(words);
    f.seek(SeekFrom::End(-8)).map_err(TableFileError::Io)?;
    let mut tail = [0u8; 8];
    f.read_exact(&mut tail).map_err(TableFileError::Io)?;
    if u64::from_le_bytes(tail) != sum.finish() {
        return Err(TableFileError::Damaged);
    }
    Ok(header)
}

fn check_expected(header: &TableHeader, expect: &TableHeader) -> Result<(), TableFileError> {
    if header.name != expect.name {
        return Err(TableFileError::OtherTable(header.name.clone()));
    }
    if header.key != expect.key {
        return Err(TableFileError::OtherKey);
    }
    if header.entries != expect.entries || header.bits != expect.bits {
        return Err(TableFileError::OtherSize);
    }
    Ok(())
}

fn padded(bytes: usize) -> usize {
    (bytes + ALIGN - 1) / ALIGN * ALIGN
}

/// The header of a table file alone: for a file whose expected size depends on its own fields
/// (a slice's range), read before [`load`].
pub fn peek(path: &Path) -> Result<TableHeader, TableFileError> {
    let file = std::fs::File::open(path).map_err(TableFileError::Io)?;
    read_header(&mut std::io::BufReader::new(file)).map(|(h, _)| h)
}

fn word(b: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[..8]);
    u64::from_le_bytes(w)
}

/// Reads until `buf` is full or the file ends; returns how many bytes came.
fn read_up_to(f: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match f.read(&mut buf[got..])? {
            0 => break,
            k => got += k,
        }
    }
    Ok(got)
}

/// The header and which version's magic it has; a version 3 header's zeros are read and checked.
fn read_header(f: &mut impl Read) -> Result<(TableHeader, &'static [u8]), TableFileError> {
    let mut magic = [0u8; MAGIC.len()];
    let field = |f: &mut dyn Read| -> Result<u64, TableFileError> {
        let mut b = [0u8; 8];
        f.read_exact(&mut b)
            .map_err(|_| TableFileError::NotATable)?;
        Ok(u64::from_le_bytes(b))
    };
    f.read_exact(&mut magic)
        .map_err(|_| TableFileError::NotATable)?;
    let magic: &'static [u8] = if magic == MAGIC {
        MAGIC
    } else if magic == MAGIC_V2 {
        MAGIC_V2
    } else {
        return Err(TableFileError::NotATable);
    };
    let len = field(f)?;
    if len > 1 << 12 {
        return Err(TableFileError::NotATable);
    }
    let mut name = vec![0u8; len as usize];
    f.read_exact(&mut name)
        .map_err(|_| TableFileError::NotATable)?;
    let name = String::from_utf8(name).map_err(|_| TableFileError::NotATable)?;
    let (key, entries, bits, extras) = (field(f)?, field(f)?, field(f)?, field(f)?);
    if bits == 0 || bits > 64 || extras > 1 << 16 {
        return Err(TableFileError::NotATable);
    }
    let extra = (0..extras)
        .map(|_| field(f))
        .collect::<Result<Vec<_>, _>>()?;
    let header = TableHeader {
        name,
        key,
        entries,
        bits: bits as u32,
        extra,
    };
    if magic == MAGIC {
        let head = header.bytes(MAGIC);
        let sum = field(f).map_err(|_| TableFileError::Damaged)?;
        let mut zeros = vec![0u8; padded(head.len() + 8) - head.len() - 8];
        f.read_exact(&mut zeros)
            .map_err(|_| TableFileError::Damaged)?;
        let mut expected = Fnv64::new();
        expected.update(&head);
        if sum != expected.finish() || zeros.iter().any(|&z| z != 0) {
            return Err(TableFileError::Damaged);
        }
    }
    Ok((header, magic))
}
