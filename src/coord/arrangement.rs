//! Arrangements: where `k` distinct pieces lie among `n` places, as one rank in `0..n!/(n-k)!`
//! (each piece's place among those the earlier ones left, mixed radix `n, n-1, ...`): Korf's six
//! edges of twelve (665,280 values) for cube3-opt, the engine's tracked pieces on any puzzle.

use super::count_below;

/// Places up to which the ranks count with a bit mask (two or three byte look-ups); past it,
/// by comparing places (the engine's bigger orbits: a megaminx's 30 edges, a 7x7x7's wings).
const MASKED: usize = 20;

/// The most places an arrangement may have (a place is a byte).
pub const MOST_PLACES: usize = 256;

/// Rank of an arrangement given as each piece's place: `pos[j]` is where piece `j` is, each
/// below `n` (at most [`MOST_PLACES`]) and all distinct.
pub fn rank_arrangement(pos: &[u8], n: usize) -> usize {
    let mut r = 0;
    if n <= MASKED {
        let mut seen = 0u32;
        for (i, &x) in pos.iter().enumerate() {
            r = r * (n - i) + (x as u32 - count_below(seen, x)) as usize;
            seen |= 1 << x;
        }
        return r;
    }
    for (i, &x) in pos.iter().enumerate() {
        let before = pos[..i].iter().filter(|&&p| p < x).count();
        r = r * (n - i) + x as usize - before;
    }
    r
}

/// Inverse of [`rank_arrangement`]: each of `out.len()` pieces' place among `0..n` in the
/// arrangement of rank `r`.
pub fn unrank_arrangement(mut r: usize, n: usize, out: &mut [u8]) {
    let k = out.len();
    let mut digits = [0u8; MOST_PLACES];
    for i in (0..k).rev() {
        digits[i] = (r % (n - i)) as u8;
        r /= n - i;
    }
    if n <= MASKED {
        let mut avail: u32 = (1u32 << n) - 1;
        for (o, &d) in out.iter_mut().zip(&digits) {
            // The d-th place not yet taken.
            let mut left = avail;
            for _ in 0..d {
                left &= left - 1;
            }
            let x = left.trailing_zeros();
            *o = x as u8;
            avail &= !(1 << x);
        }
        return;
    }
    let mut taken = [false; MOST_PLACES];
    for (o, &d) in out.iter_mut().zip(&digits) {
        let x = (0..n)
            .filter(|&p| !taken[p])
            .nth(d as usize)
            .expect("a rank below n!/(n-k)!");
        *o = x as u8;
        taken[x] = true;
    }
}

/// Rank of an arrangement given by place: `d[i]` is `j + 1` where piece `j` is, 0 elsewhere;
/// `k` pieces among `d.len()` places. The same rank as [`rank_arrangement`].
pub fn rank_pieces(d: &[u8], k: usize) -> usize {
    debug_assert!(d.len() <= MOST_PLACES);
    let mut pos = [0u8; MOST_PLACES];
    for (i, &x) in d.iter().enumerate() {
        if x > 0 {
            pos[x as usize - 1] = i as u8;
        }
    }
    rank_arrangement(&pos[..k], d.len())
}

/// Inverse of [`rank_pieces`]: `out[i]` is `j + 1` where piece `j` is, 0 elsewhere.
pub fn unrank_pieces(r: usize, k: usize, out: &mut [u8]) {
    let mut pos = [0u8; MOST_PLACES];
    unrank_arrangement(r, out.len(), &mut pos[..k]);
    out.iter_mut().for_each(|o| *o = 0);
    for (j, &p) in pos[..k].iter().enumerate() {
        out[p as usize] = j as u8 + 1;
    }
}
