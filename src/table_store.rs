//! The table store: a folder and a key (`--cache-dir`; the engine's key is the fingerprint of the
//! puzzle and move set), one file per table named by what it is and the key, in the project's
//! table format ([`crate::table_file`]: checksummed, written then renamed, read back after writing
//! through [`crate::table_keeping`]), opened mapped, built one at a time ([`TableStore::lock`]). A
//! file that is damaged or another puzzle's is said so on stderr and left to be rebuilt; a file
//! that cannot be written costs nothing but the next run's time. The 3x3x3's tables, named by
//! themselves, are kept through the same functions ([`crate::table_keeping::cached`]).

use crate::dist_table::fields::Fields;
use crate::dist_table::fields_file::open_fields;
use crate::file_lock::{self, BuildLock, Waited};
use crate::mapped_words::{AtomicWords, Words};
use crate::table_file::{self, TableHeader};
use crate::table_keeping;
use std::path::PathBuf;

/// Where tables are kept between runs, and under which key.
pub struct TableStore {
    pub dir: PathBuf,
    pub key: u64,
}

impl TableStore {
    pub fn path(&self, what: &str) -> PathBuf {
        self.dir.join(format!("{what}-{:016x}.table", self.key))
    }

    /// Writes a table named `name` given as `(entries, bits, extra, words)`, under this cache's
    /// key ([`TableStore::keep`]).
    pub fn keep_table(
        &self,
        what: &str,
        name: &str,
        (entries, bits, extra, words): (u64, u32, Vec<u64>, impl Iterator<Item = u64>),
    ) {
        let header = TableHeader {
            name: name.into(),
            key: self.key,
            entries,
            bits,
            extra,
        };
        self.keep(what, &header, words);
    }

    /// Writes a table (a failure is only reported: the answer stands without it).
    pub fn keep(&self, what: &str, header: &TableHeader, words: impl Iterator<Item = u64>) {
        let path = self.path(what);
        if let Err(e) = table_keeping::keep_verified(&path, |p| table_file::save(p, header, words))
        {
            eprintln!(
                "warning: could not keep {} in the cache: {e}",
                path.display()
            );
        }
    }

    /// The words and extra numbers of a kept table, read into memory, if it is there and whole
    /// (a damaged or foreign one is reported and ignored): for a table that grows in memory.
    pub fn read(&self, what: &str, name: &str, bits: u32) -> Option<(Vec<u64>, Vec<u64>)> {
        let (path, expect) = self.expect(what, name, bits)?;
        let mut note = |m: &str| eprintln!("note: {m}");
        table_keeping::read_kept(&path, &mut note, |p| {
            let mut words = Vec::new();
            table_file::load(p, &expect, &mut words).map(|h| (words, h.extra))
        })
    }

    /// The fields and extra numbers of a kept table of 2, 4 or 8 bits, opened (mapped, not read:
    /// [`open_fields`]), if it is there and sound as [`TableStore::read`] says.
    pub fn open(&self, what: &str, name: &str, bits: u32) -> Option<(Fields, Vec<u64>)> {
        let (path, expect) = self.expect(what, name, bits)?;
        let mut note = |m: &str| eprintln!("note: {m}");
        table_keeping::read_kept(&path, &mut note, |p| {
            open_fields(p, &expect).map(|(h, f)| (f, h.extra))
        })
    }

    /// The words and extra numbers of a kept table, opened (mapped where the machine allows,
    /// [`table_file::open`]), if it is there and sound as [`TableStore::read`] says: for a table laid
    /// out as its own words (lines).
    pub fn open_words(&self, what: &str, name: &str, bits: u32) -> Option<(Words, Vec<u64>)> {
        let (path, expect) = self.expect(what, name, bits)?;
        let mut note = |m: &str| eprintln!("note: {m}");
        table_keeping::read_kept(&path, &mut note, |p| {
            table_file::open(p, &expect).map(|(h, w)| (w, h.extra))
        })
    }

    /// The words and extra numbers of a kept table, mapped copy-on-write
    /// ([`table_file::open_atomic`]): for a table that grows in place (the near table), opened in
    /// milliseconds where reading it took a tenth of a second for 64 MB.
    pub fn open_atomic(
        &self,
        what: &str,
        name: &str,
        bits: u32,
    ) -> Option<(AtomicWords, Vec<u64>)> {
        let (path, expect) = self.expect(what, name, bits)?;
        let mut note = |m: &str| eprintln!("note: {m}");
        table_keeping::read_kept(&path, &mut note, |p| {
            table_file::open_atomic(p, &expect).map(|(h, w)| (w, h.extra))
        })
    }

    /// Takes the lock on building `what` ([`twisty::file_lock`]), waiting while another process
    /// builds it; [`Waited::Yes`] then says to look for the table again before building it.
    pub fn lock(&self, what: &str) -> Option<(BuildLock, Waited)> {
        let mut note = |m: &str| eprintln!("note: {m}");
        file_lock::lock_build(&self.path(what), &mut note)
    }

    /// The bits an entry of the kept table `what` has, if its header can be read.
    pub fn kept_bits(&self, what: &str) -> Option<u32> {
        table_file::peek(&self.path(what)).ok().map(|h| h.bits)
    }

    /// The file of `what` and the header it must have, if the file is there.
    fn expect(&self, what: &str, name: &str, bits: u32) -> Option<(PathBuf, TableHeader)> {
        let path = self.path(what);
        // (One whose header cannot be read is said so, as one whose entries cannot.)
        let mut note = |m: &str| eprintln!("note: {m}");
        let head = table_keeping::read_kept(&path, &mut note, table_file::peek)?;
        let expect = TableHeader {
            name: name.into(),
            key: self.key,
            entries: head.entries,
            bits,
            extra: Vec::new(),
        };
        Some((path, expect))
    }
}
