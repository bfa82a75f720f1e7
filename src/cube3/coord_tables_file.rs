//! The two-phase solver's coordinate tables in one file beside its big tables: move tables,
//! symmetry classes, the phase-2 tables and the flip-slice entries (14 MB). Deriving them (the
//! classes conjugate a million cubes 16 times each) was most of `cube3`'s start; read back they
//! take milliseconds (docs/performance.md, "Tables opened, not read, built within their size").

use super::symmetry::N_SYM;
use super::two_phase_tables::{
    Classes, FlipSliceEntries, MoveTables, Phase2Tables, SymClasses, N_CORNER_CLASS, N_FLIP,
    N_FLIPSLICE, N_FLIPSLICE_CLASS, N_PERM8, N_SLICE, N_SLICE_PERM, N_TWIST,
};
use crate::dist_table::depth::DepthTable;
use crate::table_file::{self, TableFileError, TableHeader};
use crate::table_keeping;
use crate::table_sections::{SectionReader, SectionWriter};
use std::path::Path;

pub const COORDS_FILE: &str = "cube3-coords.bin";
const NAME: &str = "cube3 two-phase coordinate tables";

/// The tables the two phases share, derived or read back.
pub struct CoordTables {
    pub moves: MoveTables,
    pub classes: Classes,
    pub phase2_small: Phase2Tables,
    pub flip_slice: FlipSliceEntries,
}

impl CoordTables {
    pub fn build() -> CoordTables {
        let moves = MoveTables::new();
        let classes = Classes::new(&super::symmetry::Symmetries::new());
        CoordTables {
            phase2_small: Phase2Tables::new(&moves),
            flip_slice: FlipSliceEntries::new(&moves, &classes),
            moves,
            classes,
        }
    }

    /// Read from `dir` if kept there and sound, else derived and kept there.
    pub fn cached(dir: Option<&Path>, log: &mut dyn FnMut(&str)) -> CoordTables {
        let path = dir.map(|d| d.join(COORDS_FILE));
        table_keeping::cached(
            path.as_deref(),
            log,
            |p| {
                // Read whole and checksummed (14 MB, milliseconds): a damaged move table would
                // send a search out of bounds, where a damaged distance only misleads it.
                let mut expect = header(0);
                expect.entries = table_file::peek(p)?.entries;
                let mut words = Vec::new();
                table_file::load(p, &expect, &mut words)?;
                decode(&words).ok_or(TableFileError::Damaged)
            },
            |_| CoordTables::build(),
            |t, p| {
                let words = encode(t);
                table_file::save(p, &header(words.len()), words)
            },
        )
    }
}

fn header(words: usize) -> TableHeader {
    TableHeader {
        name: NAME.to_string(),
        key: 0,
        entries: words as u64,
        bits: 64,
        extra: Vec::new(),
    }
}

fn encode(t: &CoordTables) -> Vec<u64> {
    let m = &t.moves;
    let c = &t.classes;
    let mut w = SectionWriter::new();
    w.put(&m.twist).put(&m.flip).put(&m.slice).put(&m.corners);
    w.put(&m.ud_edges).put(&m.slice_perm);
    for s in [&c.flip_slice, &c.corners] {
        w.put(&s.class_sym).put(&s.reps).put(&s.self_syms);
    }
    w.put(&c.twist_conj).put(&c.ud_edges_conj);
    for d in [&t.phase2_small.corner_slice, &t.phase2_small.edge_slice] {
        let dist: Vec<u64> = d.distribution.iter().map(|&n| n as u64).collect();
        w.put(d.words()).put(&dist);
    }
    w.put(t.flip_slice.entries());
    w.finish()
}

fn decode(words: &[u64]) -> Option<CoordTables> {
    const MAX: usize = 1 << 24;
    let mut r = SectionReader::new(words);
    let moves = MoveTables {
        twist: r.take(MAX)?,
        flip: r.take(MAX)?,
        slice: r.take(MAX)?,
        corners: r.take(MAX)?,
        ud_edges: r.take(MAX)?,
        slice_perm: r.take(MAX)?,
    };
    let mut classes = || -> Option<SymClasses> {
        Some(SymClasses {
            class_sym: r.take(MAX)?,
            reps: r.take(MAX)?,
            self_syms: r.take(MAX)?,
        })
    };
    let (flip_slice, corners) = (classes()?, classes()?);
    let classes = Classes {
        flip_slice,
        corners,
        twist_conj: r.take(MAX)?,
        ud_edges_conj: r.take(MAX)?,
    };
    let mut depth = || -> Option<DepthTable> {
        let words = r.take(MAX)?;
        let dist: Vec<u64> = r.take(64)?;
        Some(DepthTable::from_parts(
            words,
            dist.iter().map(|&n| n as usize).collect(),
        ))
    };
    let phase2_small = Phase2Tables {
        corner_slice: depth()?,
        edge_slice: depth()?,
    };
    let entries = r.take(N_FLIPSLICE)?;
    // Every table at its size and every entry in range: a file of another layout is refused, not
    // indexed out of bounds.
    let m = &moves;
    let c = &classes;
    let fits = |t: &[u16], rows: usize, values: usize| {
        t.len() == rows * 18 && t.iter().all(|&x| (x as usize) < values)
    };
    let sizes_right = fits(&m.twist, N_TWIST, N_TWIST)
        && fits(&m.flip, N_FLIP, N_FLIP)
        && fits(&m.slice, N_SLICE, N_SLICE)
        && fits(&m.corners, N_PERM8, N_PERM8)
        && fits(&m.ud_edges, N_PERM8, N_PERM8)
        && fits(&m.slice_perm, N_SLICE_PERM, N_SLICE_PERM)
        && classes_fit(&c.flip_slice, N_FLIPSLICE, N_FLIPSLICE_CLASS)
        && classes_fit(&c.corners, N_PERM8, N_CORNER_CLASS)
        && c.twist_conj.len() == N_TWIST * N_SYM
        && c.twist_conj.iter().all(|&x| (x as usize) < N_TWIST)
        && c.ud_edges_conj.len() == N_PERM8 * N_SYM
        && c.ud_edges_conj.iter().all(|&x| (x as usize) < N_PERM8)
        && phase2_small.corner_slice.words().len() * 8 == N_PERM8 * N_SLICE_PERM
        && phase2_small.edge_slice.words().len() * 8 == N_PERM8 * N_SLICE_PERM
        && entries.len() == N_FLIPSLICE
        && entries
            .iter()
            .all(|&e| (e & 0xff_ffff) as usize >> 4 < N_FLIPSLICE_CLASS)
        && r.is_done();
    sizes_right.then(|| CoordTables {
        moves,
        classes,
        phase2_small,
        flip_slice: FlipSliceEntries::from_entries(entries),
    })
}

fn classes_fit(s: &SymClasses, raw: usize, classes: usize) -> bool {
    s.class_sym.len() == raw
        && s.class_sym.iter().all(|&x| (x as usize >> 4) < classes)
        && s.reps.len() == classes
        && s.reps.iter().all(|&x| (x as usize) < raw)
        && s.self_syms.len() == classes
}
