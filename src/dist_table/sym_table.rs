//! Distances, exact (4 bits per entry) or mod 3 (2 bits), over (symmetry class of one coordinate, another coordinate),
//! built by breadth-first search on several threads, and saved to or loaded from a file with a
//! checksum. The two-phase tables are two of these: phase 1 over (flip-slice class, twist), phase 2
//! over (corner class, U-D edges).
//!
//! A class is stored once for all states related by a symmetry; a state maps to its class and the
//! symmetry that takes it to the class representative, and the other coordinate is conjugated by
//! that symmetry. A representative fixed by some symmetries has several equivalent entries, and the
//! search sets them together.

use crate::dist_table::bfs::Bfs;
use crate::dist_table::fields::{slot, Fields};
use crate::dist_table::Graph;
use crate::mapped_words::Words;
use crate::prefetch::prefetch;
use crate::table_file::{self, TableFileError, TableHeader};

/// How one table's states are connected.
pub trait SymSpace: Sync {
    fn classes(&self) -> usize;
    /// Size of the second coordinate.
    fn others(&self) -> usize;
    fn moves(&self) -> &[usize];
    /// The entry (class, other) reached from the representative of `class` with `other` by move `m`.
    fn neighbour(&self, class: usize, other: usize, m: usize) -> (usize, usize);
    /// The symmetries (bits, up to 64 of them) that fix the representative of `class`.
    fn self_syms(&self, class: usize) -> u64;
    /// `other` conjugated by symmetry `s`, at the representative of `class` (which fixes it).
    fn conjugate(&self, class: usize, other: usize, s: usize) -> usize;
    /// The entry at distance 0.
    fn goal(&self) -> (usize, usize) {
        (0, 0)
    }
}

pub struct SymTable {
    /// Built in memory, or a kept file mapped ([`table_file::open`]).
    pub words: Words,
    pub size: usize,
    /// 2: distances mod 3 (the search decodes a child's distance from its parent's); 4: exact.
    pub bits: u32,
}

impl SymTable {
    /// The stored value of entry `i`: distance mod 3 (2 bits) or distance (4 bits); all ones when
    /// never reached.
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        let (w, shift) = slot(i, self.bits);
        (self.words[w] >> shift) as u8 & ((1u8 << self.bits) - 1)
    }

    /// Asks the processor to bring entry `i`'s word into cache.
    #[inline]
    pub fn prefetch(&self, i: usize) {
        if let Some(w) = self.words.get(slot(i, self.bits).0) {
            prefetch(w);
        }
    }

    /// Breadth-first search from the goal entry on `threads` threads, `bits` per entry (2: distance
    /// mod 3, 4: distance, 14 meaning 14 or more): the library's one BFS over the graph of
    /// classes ([`ClassGraph`]). Returns the table and the entries at each depth.
    pub fn build(space: &impl SymSpace, bits: u32, threads: usize) -> (Self, Vec<u64>) {
        SymTable::build_reporting(space, bits, threads, &mut |_| {})
    }

    /// [`SymTable::build`], telling `report` of each level finished (for a progress bar).
    pub fn build_reporting(
        space: &impl SymSpace,
        bits: u32,
        threads: usize,
        report: &mut dyn FnMut(&crate::dist_table::bfs::Level),
    ) -> (Self, Vec<u64>) {
        let graph = ClassGraph(space);
        let (class, other) = space.goal();
        let fields = Fields::in_huge_pages(graph.size(), bits);
        let layers = Bfs::new(bits)
            .threads(threads)
            .pull_early()
            .report(report)
            .run_in(&graph, &[class * space.others() + other], fields);
        let size = layers.fields.size();
        let table = SymTable {
            words: Words::from(layers.fields.into_words()),
            size,
            bits,
        };
        (table, layers.distribution)
    }

    /// The table in file `path` if it is there and sound; otherwise `build()`, saved to `path`.
    /// `name` says which puzzle and table (the file's header, [`crate::table_file`]). `log` hears
    /// what happened (for stderr); a file that cannot be written is reported and otherwise
    /// ignored.
    pub fn cached(
        path: Option<&std::path::Path>,
        name: &str,
        size: usize,
        bits: u32,
        log: &mut dyn FnMut(&str),
        build: impl FnOnce() -> SymTable,
    ) -> SymTable {
        crate::table_keeping::cached(
            path,
            log,
            |p| SymTable::load(p, name, size, bits),
            |log| {
                let start = std::time::Instant::now();
                let t = build();
                log(&format!(
                    "built the {name} in {:.1} s",
                    start.elapsed().as_secs_f64()
                ));
                t
            },
            |t, p| t.save(p, name),
        )
    }

    fn header(name: &str, size: usize, bits: u32) -> TableHeader {
        TableHeader {
            name: name.to_string(),
            key: 0,
            entries: size as u64,
            bits,
            extra: Vec::new(),
        }
    }

    /// Writes the table to `path` in the table file format, its header naming it `name`.
    pub fn save(&self, path: &std::path::Path, name: &str) -> std::io::Result<()> {
        let header = Self::header(name, self.size, self.bits);
        table_file::save(path, &header, self.words.iter().copied())
    }

    /// Opens (maps) a table of `size` entries of `bits` written by [`SymTable::save`] under
    /// `name`; `Err` says why the file is no good.
    pub fn load(
        path: &std::path::Path,
        name: &str,
        size: usize,
        bits: u32,
    ) -> Result<Self, TableFileError> {
        let (_, words) = table_file::open(path, &Self::header(name, size, bits))?;
        Ok(SymTable { words, size, bits })
    }
}

/// A symmetry-reduced table's entries as a graph: entry `class * others + other`, its neighbours
/// found from the class's representative, and the entries equivalent under the symmetries that fix
/// the representative stored together.
pub struct ClassGraph<'a, S>(pub &'a S);

impl<S: SymSpace> Graph for ClassGraph<'_, S> {
    fn size(&self) -> usize {
        self.0.classes() * self.0.others()
    }

    #[inline]
    fn neighbors<F: FnMut(usize, usize)>(&self, i: usize, mut f: F) {
        let others = self.0.others();
        let (class, other) = (i / others, i % others);
        for &m in self.0.moves() {
            let (c, o) = self.0.neighbour(class, other, m);
            f(m, c * others + o);
        }
    }

    /// A pull stops at the first predecessor in the level (neighbours: the moves are closed under
    /// inverse).
    fn any_predecessor_of_run<P: FnMut(usize) -> bool, H: FnMut(usize)>(
        &self,
        states: &[usize],
        mut p: P,
        mut hit: H,
    ) {
        let others = self.0.others();
        for (k, &i) in states.iter().enumerate() {
            let (class, other) = (i / others, i % others);
            let any = self.0.moves().iter().any(|&m| {
                let (c, o) = self.0.neighbour(class, other, m);
                p(c * others + o)
            });
            if any {
                hit(k);
            }
        }
    }

    #[inline]
    fn equivalents<F: FnMut(usize)>(&self, i: usize, mut f: F) {
        let others = self.0.others();
        let (class, other) = (i / others, i % others);
        let mut mask = self.0.self_syms(class) & !1;
        while mask != 0 {
            let s = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            f(class * others + self.0.conjugate(class, other, s));
        }
    }
}
