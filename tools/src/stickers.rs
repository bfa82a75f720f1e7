//! Sticker-array simulators, deliberately separate from the library's piece/coordinate models: test
//! answers computed here are an independent check of the solvers.

use std::collections::HashMap;

/// AOJ 0300: the four turns as the statement's sticker swaps.
pub const FLOPPY_SWAPS: [[(usize, usize); 5]; 4] = [
    [(0, 27), (1, 28), (2, 29), (14, 15), (18, 20)],
    [(2, 21), (5, 24), (8, 27), (11, 18), (12, 14)],
    [(6, 21), (7, 22), (8, 23), (9, 11), (12, 17)],
    [(0, 23), (3, 26), (6, 29), (9, 20), (15, 17)],
];

/// The statement's sample solved state.
pub const FLOPPY_SOLVED: [u8; 30] = [
    1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 4, 4, 4, 6, 6, 6, 5, 5, 5, 3, 3, 3, 3, 3, 3, 3, 3, 3,
];

pub fn floppy_turn(p: &[u8; 30], m: usize) -> [u8; 30] {
    let mut q = *p;
    for &(a, b) in &FLOPPY_SWAPS[m] {
        q.swap(a, b);
    }
    q
}

/// Plain BFS over sticker arrays from the solved state: every reachable state with its distance, in
/// BFS order.
pub fn floppy_bfs() -> Vec<([u8; 30], usize)> {
    let mut seen: HashMap<[u8; 30], usize> = HashMap::new();
    let mut order = vec![(FLOPPY_SOLVED, 0)];
    seen.insert(FLOPPY_SOLVED, 0);
    let mut i = 0;
    while i < order.len() {
        let (s, d) = order[i];
        for m in 0..4 {
            let t = floppy_turn(&s, m);
            if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(t) {
                e.insert(d + 1);
                order.push((t, d + 1));
            }
        }
        i += 1;
    }
    order
}

/// Renumbers colours by `perm` (colour `c` becomes `perm[c - 1]`).
pub fn recolour<const N: usize>(p: &[u8; N], perm: &[u8; 6]) -> [u8; N] {
    p.map(|c| perm[c as usize - 1])
}
