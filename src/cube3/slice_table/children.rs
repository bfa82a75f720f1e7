//! A node's children for [`SliceSearch`]: their look-ups in passes, each pass asking for the
//! next one's entries (prefetch) before reading its own, so that the cache misses overlap.
//!
//! - Three axes a side (tables with flips, and vcube's): every child's moving-side entries asked for, then
//!   read; the survivors' other-side entries asked for, then read.
//! - One axis a side (the slices' tables without flips, where every axis sees the same distance): the
//!   moving side's first axis, then the survivors' other side, then where an entry read its line's
//!   least value, the edges' fallback and (16 symmetries only) the other two axes, whose lines may
//!   say more.

use super::fast_cube::FastCube;
use super::slice_search::{allowed, is_half, most, Kid, Parent, SliceSearch};
use crate::cube3::cubie::N_MOVES;

/// No edge fallback entry to read for this side.
const NO_FALLBACK: usize = usize::MAX;

/// A child of [`SliceSearch::children_one_axis`] between its passes: its move, its six indices
/// (moving side's axes 0..3, other side's 3..6), per side whether its first entry read a line's
/// least value (and so the other axes are asked), that entry, and its fallback entry's index.
#[derive(Clone, Copy)]
struct Pending {
    m: u8,
    idx: [usize; 6],
    least: [bool; 2],
    h: [u8; 2],
    fb: [usize; 2],
}

impl SliceSearch<'_> {
    /// The children of `p` that may lie on a solution, into `out`. Only moves and look-up
    /// indices travel between the passes; a child's views are made again, by six cheap products,
    /// once it has passed them all.
    ///
    /// A move in an axis's view of the table's group (a half turn, for the slices' groups; the
    /// axis's own face turns, for the layers') leaves the other side's coset along that axis, and
    /// so its bound there, as it was: the child asks nothing of the other side along it.
    pub(super) fn children(&self, p: &Parent, out: &mut Vec<Kid>) {
        out.clear();
        if p.left_after == 0 {
            return self.solving_move(p, out);
        }
        if self.same_axes {
            return self.children_one_axis(p, out);
        }
        let coords = self.coords;
        let left_after = p.left_after;
        let mut pending = [(0u8, [0u8; 3], [0usize; 3]); N_MOVES];
        // The index of each view of one side of the child by `m`, but for the views in `skip`
        // (bits); None when the corners alone already put one beyond `left_after`. Not asked for
        // here: see `ask_all`.
        let ask = |views: [FastCube; 3], parity: u8, skip: u32| {
            let mut idx = [0; 3];
            for k in 0..3 {
                if skip >> k & 1 == 1 {
                    continue;
                }
                let cs = coords.view_class_sym(&views[k], parity);
                if coords.corner_depth_of(cs) > left_after {
                    return None;
                }
                idx[k] = coords.view_index(&views[k], cs);
            }
            Some(idx)
        };
        let parity = |m: usize| p.parity ^ !is_half(m) as u8;
        let kept = |m: usize| self.kept_views[m] as u32;
        let (a, b) = (p.a, p.b);
        let a_views = |m: usize| std::array::from_fn(|k| a[k].multiply(&self.right[k][m]));
        let b_views = |m: usize| std::array::from_fn(|k| self.left[k][m].multiply(&b[k]));
        let mut count = 0;
        for m in 0..N_MOVES {
            if allowed(m, p.last, p.barred) {
                if let Some(idx) = ask(a_views(m), parity(m), 0) {
                    pending[count] = (m as u8, [0; 3], idx);
                    count += 1;
                }
            }
        }
        self.ask_all(pending[..count].iter().map(|&(_, _, idx)| (idx, 0)));
        // The moving side's bounds read; the other side's look-ups asked for.
        let mut survivors = 0;
        for q in 0..count {
            let (m, _, idx) = pending[q];
            let h_a = idx.map(|i| self.table.get(i));
            if self.side(h_a) > left_after {
                continue;
            }
            let skip = kept(m as usize);
            let idx = if skip == 7 {
                idx
            } else {
                match ask(b_views(m as usize), parity(m as usize), skip) {
                    Some(idx) => idx,
                    None => continue,
                }
            };
            pending[survivors] = (m, h_a, idx);
            survivors += 1;
        }
        self.ask_all(
            pending[..survivors]
                .iter()
                .map(|&(m, _, idx)| (idx, kept(m as usize))),
        );
        for &(m, h_a, idx) in &pending[..survivors] {
            let skip = kept(m as usize);
            let h_b: [u8; 3] = std::array::from_fn(|k| {
                if skip >> k & 1 == 1 {
                    p.h_b[k]
                } else {
                    self.table.get(idx[k])
                }
            });
            if self.side(h_b) <= left_after {
                out.push(Kid {
                    m,
                    h_moving: h_a,
                    h_other: h_b,
                });
            }
        }
    }

    /// Asks for the entries of the indices given, but for the views in each one's `skip` bits:
    /// all together, once every index is made. A prefetch into the 7.1 GB table often misses the
    /// TLB, and on this machine (AMD, under KVM) it holds back retirement while the page walk
    /// runs: asked for one by one between index computations of some hundred instructions each,
    /// only two or three were in flight (125 ns a look-up on one thread); asked for in a row,
    /// tens are (48 ns). docs/performance.md, "Prefetches in a row".
    #[inline(always)]
    fn ask_all(&self, indices: impl Iterator<Item = ([usize; 3], u32)>) {
        for (idx, skip) in indices {
            for (k, &i) in idx.iter().enumerate() {
                if skip >> k & 1 == 0 {
                    self.table.prefetch(i);
                }
            }
        }
    }

    /// View `k` of side `s` (0: moving, 1: other) of the child of `p` by `m`.
    #[inline]
    pub(super) fn view(&self, p: &Parent, m: usize, s: usize, k: usize) -> FastCube {
        if s == 0 {
            p.a[k].multiply(&self.right[k][m])
        } else {
            self.left[k][m].multiply(&p.b[k])
        }
    }

    /// [`SliceSearch::children`] where every axis sees the same distance, in three passes that
    /// each ask for the next one's entries: the moving side's first axis for every child; the
    /// other side's for those it did not cut; then, for a side whose entry read its line's least
    /// value, the edges' fallback and (16 symmetries only) the other two axes, whose lines may say
    /// more. Asking for both sides at once saved a round trip but made twice the look-ups; on
    /// these tables (28 to 166 MB, mostly in the L3 cache or in a few TLB entries) a round trip
    /// costs less than the look-ups it saves: 10 to 14 % less time (docs/performance.md, "One side,
    /// then the other").
    fn children_one_axis(&self, p: &Parent, out: &mut Vec<Kid>) {
        let (coords, table) = (self.coords, self.table);
        let left_after = p.left_after;
        let blank = Pending {
            m: 0,
            idx: [0; 6],
            least: [false; 2],
            h: [0; 2],
            fb: [NO_FALLBACK; 2],
        };
        let mut pending = [blank; N_MOVES];
        let ask = |m: usize, k: usize| {
            let parity = p.parity ^ (m % 3 != 1) as u8;
            let v = self.view(p, m, k / 3, k % 3);
            let cs = coords.view_class_sym(&v, parity);
            if coords.corner_depth_of(cs) > left_after {
                return None;
            }
            let i = coords.view_index(&v, cs);
            table.prefetch(i);
            Some(i)
        };
        let fallback = |m: usize, h: u8, least: bool, k: usize| match self.fallback {
            Some(f) if least && h <= left_after => {
                let i = f.index_of_view(coords, &self.view(p, m, k / 3, k % 3));
                f.table.prefetch(i);
                i
            }
            _ => NO_FALLBACK,
        };
        // The corners' class entries asked for first (on the three-axis tables this gained
        // nothing: the big table's look-ups dominate there).
        for m in 0..N_MOVES {
            if allowed(m, p.last, p.barred) {
                coords.ask_class_sym(&self.view(p, m, 0, 0));
            }
        }
        // The moving side's first axis, asked for.
        let mut count = 0;
        for m in 0..N_MOVES {
            if !allowed(m, p.last, p.barred) {
                continue;
            }
            if let Some(i) = ask(m, 0) {
                let mut q = blank;
                q.m = m as u8;
                q.idx[0] = i;
                pending[count] = q;
                count += 1;
            }
        }
        // Read; the other side's first axis asked for.
        let mut kept = 0;
        for j in 0..count {
            let mut q = pending[j];
            let m = q.m as usize;
            let (a, a_least) = table.get_and_whether_least(q.idx[0]);
            if a > left_after {
                continue;
            }
            q.fb[0] = fallback(m, a, a_least, 0);
            q.h[0] = a;
            q.least[0] = a_least && !self.one_view;
            if !is_half(m) {
                match ask(m, 3) {
                    Some(i) => q.idx[3] = i,
                    None => continue,
                }
            }
            pending[kept] = q;
            kept += 1;
        }
        // Read; fallbacks and other axes asked for.
        let mut last = 0;
        for j in 0..kept {
            let mut q = pending[j];
            let m = q.m as usize;
            let (b, b_least) = if is_half(m) {
                (most(p.h_b), false)
            } else {
                table.get_and_whether_least(q.idx[3])
            };
            if b > left_after {
                continue;
            }
            q.fb[1] = fallback(m, b, b_least, 3);
            q.h[1] = b;
            q.least[1] = b_least && !self.one_view;
            let mut all = true;
            for (side, least) in [(0, q.least[0]), (3, q.least[1])] {
                for k in side + 1..side + 3 {
                    if least {
                        match ask(m, k) {
                            Some(x) => q.idx[k] = x,
                            None => all = false,
                        }
                    }
                }
            }
            if all {
                pending[last] = q;
                last += 1;
            }
        }
        for q in &pending[..last] {
            let edges = |h: u8, i: usize| match self.fallback {
                Some(f) if i != NO_FALLBACK => h.max(f.table.get(i)),
                _ => h,
            };
            let side = |first: usize, least: bool| {
                let axes = if least { 3 } else { 1 };
                (first + 1..first + axes)
                    .map(|k| table.get(q.idx[k]))
                    .max()
                    .unwrap_or(0)
            };
            let a = side(0, q.least[0]).max(edges(q.h[0], q.fb[0]));
            let b = if is_half(q.m as usize) {
                most(p.h_b)
            } else {
                side(3, q.least[1]).max(edges(q.h[1], q.fb[1]))
            };
            if a <= left_after && b <= left_after {
                out.push(Kid {
                    m: q.m,
                    h_moving: [a; 3],
                    h_other: [b; 3],
                });
            }
        }
    }
}
