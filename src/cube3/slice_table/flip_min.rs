//! nissy's H48 hk tables ([`super::Shape::flip_min`]): the slices' coordinates (3,393 corner
//! classes under all 48 symmetries x 34,650 places) and the flips of the first k positions as
//! every axis sees them; an entry is the least distance to H11 (H48 with every edge unflipped)
//! over the cubes with that coordinate, whatever their other flips.
//!
//! The entries are not a coset's, so no breadth-first search over them gives them. Their cubes'
//! cosets of H11 are (H48's coordinates and all eleven free flips): a breadth-first search over
//! those, kept as sorted keys, reaches every coset up to a move short of the base (8); every coset
//! at the base, and one and two moves further, lies one to three moves past one of those, which a
//! depth-first search from each finds. What no coset within base + 2 reaches reads base + 3, "at
//! least that". nissy's h2 and h3 are built so (its depth-first search starts at the base, from
//! keys it holds in a hash map).

use super::coords::{SliceCoords, SYM_BITS, SYM_MASK};
use super::fast_cube::FastCube;
use super::slice_flips::{even_handed, flip_min_view};
use crate::bytes::show;
use crate::cube3::cubie::{CubieCube, N_MOVES};
use crate::dist_table::fields::with_huge_pages;
use crate::dist_table::line_table::{misalignment, LineTable, PER_LINE};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

/// The base: entries at or below it read their line's least value (nissy's for k up to 3).
pub const BASE: u8 = 8;

/// The coset of H11 of `c`, as a key: its row and, seen by the row's symmetry, its places and
/// eleven of its flips (the twelfth follows from the places). A function of the coset, one to one
/// (two keys may be symmetric to each other where a row has self-symmetries).
#[inline(always)]
fn flip_min_key(coords: &SliceCoords, c: &FastCube) -> u64 {
    let cs = coords.view_class_sym(c, 0);
    let sym = &coords.edge_syms[cs & SYM_MASK];
    let (places, flips) = flip_min_view(&coords.ranks, sym, c);
    (((cs >> SYM_BITS) * 34_650 + places) as u64) << 11 | (flips & 0x7ff) as u64
}

/// A cube of the coset `key` ([`flip_min_key`]).
fn flip_min_cube(coords: &SliceCoords, key: u64) -> FastCube {
    let flips = (key & 0x7ff) as usize;
    let x = (key >> 11) as usize;
    let (row, places) = (x / 34_650, x % 34_650);
    let corners = coords.corner_cube(coords.rep(row));
    let mut c = coords.ranks.places_cube(places, 0);
    let f = FastCube::from_cubie(&c);
    let (e, m, _) = f.edge_masks();
    let eo = even_handed(flips, e, m) & 0x7ff;
    for i in 0..11 {
        c.eo[i] = (eo >> i & 1) as u8;
    }
    c.eo[11] = (eo.count_ones() & 1) as u8;
    c.cp = corners.cp;
    c.co = corners.co;
    FastCube::from_cubie(&c)
}

/// The table of `coords` (a `flip_min` shape) on `threads` threads, written straight into its
/// lines (2 bits an entry): its size in memory, and the cosets up to a move short of the base
/// beside it (8 bytes each, 4.3 MB).
pub fn build(coords: &SliceCoords, threads: usize, log: &mut dyn FnMut(&str)) -> LineTable {
    let start = std::time::Instant::now();
    let threads = threads.max(1);
    let entries = coords.entries();
    log(&format!(
        "building the slice table ({} entries, {}) on {threads} threads: cosets of H11 to depth \
         {}, then three moves past; it is kept for later runs (an interrupted build starts again: \
         about a minute and a half on 2 cores)",
        entries,
        show(((entries + PER_LINE - 1) / PER_LINE * 64) as u128),
        BASE - 1
    ));
    let levels = cosets_to_base(coords, BASE - 1, threads, &start, log);
    let table = Lines::new(entries);
    let product = sym_products(coords);
    // A row's self-symmetries give a coset's entry under each of them (different cubes of its
    // class meet the row's representative by different symmetries): each is set.
    let set = |c: &FastCube, d: u8| {
        let cs = coords.view_class_sym(c, 0);
        let (row, s) = (cs >> SYM_BITS, cs & SYM_MASK);
        let mut stab = coords.self_syms(row) | 1;
        while stab != 0 {
            let t = stab.trailing_zeros() as usize;
            stab &= stab - 1;
            let u = product[t * 48 + s] as usize;
            table.lower(coords.view_index(c, row << SYM_BITS | u), d);
        }
    };
    let moves: Vec<FastCube> = (0..N_MOVES)
        .map(|m| FastCube::from_cubie(&CubieCube::SOLVED.apply(m)))
        .collect();
    for (d, level) in levels.iter().enumerate() {
        for &k in level {
            set(&flip_min_cube(coords, k), d as u8);
        }
    }
    // The base's cosets are not kept (6.3 million keys, half the 113 MB table again): each is met
    // as a neighbour of one a move nearer that is in no level kept, and the search goes one and
    // two moves past it from each such neighbour, about two (74 s for h2, where the search from
    // kept keys at the base took 42 s and 50 MB more).
    let last = &levels[BASE as usize - 1];
    let nearer = &levels[BASE as usize - 2];
    let kept = |k: u64| last.binary_search(&k).is_ok() || nearer.binary_search(&k).is_ok();
    let next = AtomicUsize::new(0);
    let began = start.elapsed().as_secs_f64();
    const CHUNK: usize = 512;
    let past = |i: usize| {
        for &k in &last[i..(i + CHUNK).min(last.len())] {
            let c = flip_min_cube(coords, k);
            for at_base in moves.iter().map(|m| c.multiply(m)) {
                if kept(flip_min_key(coords, &at_base)) {
                    continue;
                }
                set(&at_base, BASE);
                for (m1, move1) in moves.iter().enumerate() {
                    let c1 = at_base.multiply(move1);
                    set(&c1, BASE + 1);
                    for (m2, move2) in moves.iter().enumerate() {
                        if m2 / 3 != m1 / 3 {
                            set(&c1.multiply(move2), BASE + 2);
                        }
                    }
                }
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(CHUNK, Relaxed);
                if i >= last.len() {
                    break;
                }
                past(i);
            });
        }
        // This thread reports too, between its chunks.
        let mut shown = began;
        loop {
            let i = next.fetch_add(CHUNK, Relaxed);
            if i >= last.len() {
                break;
            }
            let now = start.elapsed().as_secs_f64();
            if now - shown >= 10.0 && i > 0 {
                let left = (now - began) * (last.len() - i) as f64 / i as f64;
                log(&format!(
                    "past the base: {:.0} % ({left:.0} s left)",
                    100.0 * i as f64 / last.len() as f64
                ));
                shown = now;
            }
            past(i);
        }
    });
    drop(levels);
    let table = table.finish(entries);
    log(&format!(
        "built the slice table in {:.1} s (base {BASE}: {} and further are not searched)",
        start.elapsed().as_secs_f64(),
        BASE + 3
    ));
    table
}

/// The cosets of H11 at each depth up to `depth`, as sorted keys ([`flip_min_key`]).
fn cosets_to_base(
    coords: &SliceCoords,
    depth: u8,
    threads: usize,
    start: &std::time::Instant,
    log: &mut dyn FnMut(&str),
) -> Vec<Vec<u64>> {
    let moves: Vec<FastCube> = (0..N_MOVES)
        .map(|m| FastCube::from_cubie(&CubieCube::SOLVED.apply(m)))
        .collect();
    let solved = FastCube::from_cubie(&CubieCube::SOLVED);
    let mut levels: Vec<Vec<u64>> = vec![vec![flip_min_key(coords, &solved)]];
    for d in 0..depth as usize {
        let level = &levels[d];
        let chunk = ((level.len() + threads - 1) / threads).max(1);
        let mut next: Vec<u64> = std::thread::scope(|scope| {
            let parts: Vec<_> = level
                .chunks(chunk)
                .map(|part| {
                    let moves = &moves;
                    scope.spawn(move || {
                        let mut out = Vec::with_capacity(part.len() * N_MOVES);
                        for &k in part {
                            let c = flip_min_cube(coords, k);
                            out.extend(moves.iter().map(|m| flip_min_key(coords, &c.multiply(m))));
                        }
                        out.sort_unstable();
                        out.dedup();
                        out
                    })
                })
                .collect();
            let parts: Vec<Vec<u64>> = parts.into_iter().map(|p| p.join().unwrap()).collect();
            parts.concat()
        });
        next.sort_unstable();
        next.dedup();
        // A neighbour of depth d lies at d - 1, d or d + 1.
        let older = |k: &u64| {
            levels[d].binary_search(k).is_ok() || (d > 0 && levels[d - 1].binary_search(k).is_ok())
        };
        next.retain(|k| !older(k));
        next.shrink_to_fit();
        log(&format!(
            "cosets of H11 at depth {}: {} ({:.1} s)",
            d + 1,
            next.len(),
            start.elapsed().as_secs_f64()
        ));
        levels.push(next);
    }
    levels
}

/// The table's lines as the build writes them: every entry starts at 3 (base + 3 or more) and
/// only goes down; each line's least distance (its top 4 bits) too.
struct Lines {
    words: Vec<u64>,
    offset: usize,
}

impl Lines {
    fn new(entries: usize) -> Self {
        let lines = (entries + PER_LINE - 1) / PER_LINE;
        let mut words = with_huge_pages::<u64>(lines * 8 + 8);
        words.resize(lines * 8 + 8, u64::MAX);
        let offset = misalignment(&words);
        Lines { words, offset }
    }

    fn atomic(&self, w: usize) -> &AtomicU64 {
        // SAFETY: AtomicU64 has u64's size and alignment, and every write to the words while
        // they are shared goes through this.
        unsafe { &*(self.words.as_ptr().add(w) as *const AtomicU64) }
    }

    /// Entry `i` at most distance `d`, and its line's least at most `d`.
    #[inline(always)]
    fn lower(&self, i: usize, d: u8) {
        let (line, p) = (self.offset + i / PER_LINE * 8, i % PER_LINE);
        let v = d.saturating_sub(BASE) as u64;
        let shift = 2 * (p % 32);
        let word = self.atomic(line + p / 32);
        let mut old = word.load(Relaxed);
        while old >> shift & 3 > v {
            let new = old & !(3 << shift) | v << shift;
            match word.compare_exchange_weak(old, new, Relaxed, Relaxed) {
                Ok(_) => break,
                Err(x) => old = x,
            }
        }
        let top = self.atomic(line + 7);
        let mut old = top.load(Relaxed);
        while (old >> 60) as u8 > d {
            let new = old & !(15 << 60) | (d as u64) << 60;
            match top.compare_exchange_weak(old, new, Relaxed, Relaxed) {
                Ok(_) => break,
                Err(x) => old = x,
            }
        }
    }

    /// The table; lines that nothing reached say base + 3 (as [`LineTable::pack`] would).
    fn finish(mut self, entries: usize) -> LineTable {
        let lines = (entries + PER_LINE - 1) / PER_LINE;
        for line in 0..lines {
            let top = &mut self.words[self.offset + line * 8 + 7];
            if *top >> 60 > (BASE + 3) as u64 {
                *top = *top & !(15 << 60) | ((BASE + 3) as u64) << 60;
            }
        }
        // The fields past the last entry read 0, as a packed table's do.
        let used = entries - (lines - 1) * PER_LINE;
        for p in used..PER_LINE {
            let w = &mut self.words[self.offset + (lines - 1) * 8 + p / 32];
            *w &= !(3 << (2 * (p % 32)));
        }
        LineTable::from_lines(self.words, self.offset, entries, BASE)
    }
}

/// `product[t * 48 + s]`: the symmetry that conjugates as `s` then `t` do.
fn sym_products(coords: &SliceCoords) -> Vec<u8> {
    let g = &coords.group;
    let n = g.len();
    let x = CubieCube::SOLVED.apply_all(&[0, 3, 7, 10, 14, 16, 4, 8, 1, 12, 5]);
    let conj: Vec<CubieCube> = (0..n).map(|s| g.conjugate(&x, s)).collect();
    let mut out = vec![0u8; n * 48];
    for t in 0..n {
        for s in 0..n {
            let ts = g.conjugate(&conj[s], t);
            let mut found = (0..n).filter(|&u| conj[u] == ts);
            let u = found.next().expect("a symmetry");
            assert!(found.next().is_none(), "the cube has no self-symmetry");
            out[t * 48 + s] = u as u8;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip() {
        let shape = crate::cube3::slice_table::SIZES[0].shape;
        let coords = SliceCoords::new(super::super::Shape {
            edges: super::super::Edges::FlipMin(3),
            ..shape
        });
        let mut c = CubieCube::SOLVED;
        for i in 0..200 {
            c = c.apply((i * 7 + i / 3) % N_MOVES);
            let k = flip_min_key(&coords, &FastCube::from_cubie(&c));
            assert_eq!(flip_min_key(&coords, &flip_min_cube(&coords, k)), k);
        }
    }
}
