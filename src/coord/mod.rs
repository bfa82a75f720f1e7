//! Coordinates: dense integer ranks of permutations (all, or one parity), orientation vectors (free,
//! or with a fixed twist sum), combinations and arrangements of interchangeable pieces; the one
//! ranking module of the dedicated solvers and the engine's state space.
//!
//! A puzzle state split into "which piece is where" (a permutation) and "how each piece is twisted"
//! (an orientation vector) becomes a few small integers, so tables indexed by them replace hashing.

pub mod arrangement;

/// `n!` for small `n` (up to 12 fits comfortably in `usize`).
pub const fn factorial(n: usize) -> usize {
    let mut f = 1;
    let mut i = 2;
    while i <= n {
        f *= i;
        i += 1;
    }
    f
}

/// `n!` for `n` up to 20, looked up: unranking divides by one per digit, in the hot loop of a
/// breadth-first search over permutations.
const FACTORIALS: [usize; 21] = {
    let mut f = [1usize; 21];
    let mut i = 1;
    while i < 21 {
        f[i] = f[i - 1] * i;
        i += 1;
    }
    f
};

/// Set bits of each byte: counting the smaller digits already seen in a rank's hot loop without
/// assuming a popcount instruction (judges compile for a baseline CPU).
const POP8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// How many of the digits in `seen` (a bit mask) are below `x`: two byte look-ups for up to 16
/// digits, a third (never taken there, so the branch costs nothing) beyond.
#[inline(always)]
pub(crate) fn count_below(seen: u32, x: u8) -> u32 {
    let below = seen & ((1u32 << x) - 1);
    let low = POP8[(below & 255) as usize] as u32 + POP8[(below >> 8 & 255) as usize] as u32;
    if below >> 16 == 0 {
        low
    } else {
        low + POP8[(below >> 16 & 255) as usize] as u32
    }
}

/// Rank of a permutation of `0..n` (`n` at most 20, as `20!` is the largest that fits) in
/// lexicographic order (Lehmer code), in `0..n!`. Each digit's Lehmer value is the digit less the
/// smaller digits already seen (a bit mask), summed in Horner form.
pub fn rank_perm(p: &[u8]) -> usize {
    let n = p.len();
    let mut seen = 0u32;
    let mut r = 0;
    for (i, &x) in p.iter().enumerate() {
        r = r * (n - i) + (x as u32 - count_below(seen, x)) as usize;
        seen |= 1 << x;
    }
    r
}

/// [`rank_perm`] of the permutation `i -> d[src[i]]` (a move's source map applied to digits),
/// computed in one pass without writing it: the hot loop of a breadth-first search over a large
/// permutation (the pancake's 12!).
#[inline]
pub fn rank_perm_through(d: &[u8], src: &[u8]) -> usize {
    let n = src.len();
    let mut seen = 0u32;
    let mut r = 0;
    if n > 16 {
        for (i, &s) in src.iter().enumerate() {
            let x = d[s as usize];
            r = r * (n - i) + (x as u32 - count_below(seen, x)) as usize;
            seen |= 1 << x;
        }
        return r;
    }
    // Up to 16 digits, two byte look-ups count the smaller digits seen: the loop the pancake's
    // BFS spends its time in, kept free of the wider case's branch.
    for (i, &s) in src.iter().enumerate() {
        let x = d[s as usize] as u32;
        let below = seen & ((1u32 << x) - 1);
        let smaller = POP8[(below & 255) as usize] + POP8[(below >> 8 & 255) as usize];
        r = r * (n - i) + (x - smaller as u32) as usize;
        seen |= 1 << x;
    }
    r
}

/// Inverse of [`rank_perm`]: writes the permutation of `0..out.len()` with rank `r` into `out`.
pub fn unrank_perm(mut r: usize, out: &mut [u8]) {
    let n = out.len();
    if n <= 16 {
        // The digits not yet used, as nibbles in order: taking the q-th is a shift and a splice.
        let mut avail: u64 = 0xFEDC_BA98_7654_3210;
        for (i, o) in out.iter_mut().enumerate() {
            let f = FACTORIALS[n - 1 - i];
            let q = r / f;
            r %= f;
            let shift = 4 * q;
            *o = ((avail >> shift) & 15) as u8;
            let low = avail & ((1u64 << shift) - 1);
            let high = if shift + 4 >= 64 {
                0
            } else {
                avail >> (shift + 4)
            };
            avail = low | (high << shift);
        }
        return;
    }
    // Up to 20 digits: the q-th set bit of the mask of unused digits.
    let mut avail: u32 = (1u32 << n) - 1;
    for (i, o) in out.iter_mut().enumerate() {
        let f = FACTORIALS[n - 1 - i];
        let mut q = r / f;
        r %= f;
        let mut v = 0;
        loop {
            if avail & (1 << v) != 0 {
                if q == 0 {
                    break;
                }
                q -= 1;
            }
            v += 1;
        }
        avail &= !(1 << v);
        *o = v as u8;
    }
}

/// Rank of a permutation among those of its parity, in `0..n!/2` (`n` at least 2): where the moves
/// keep a permutation's parity, half the ranks never occur. Ranks `2j` and `2j + 1` differ by
/// swapping the last two digits, so they have opposite parities and `rank / 2` is dense.
pub fn rank_perm_parity(p: &[u8]) -> usize {
    rank_perm(p) / 2
}

/// Inverse of [`rank_perm_parity`] for permutations of parity `parity` (0 even, 1 odd).
pub fn unrank_perm_parity(r: usize, parity: u8, out: &mut [u8]) {
    unrank_perm(2 * r, out);
    if perm_parity(out) != parity {
        let n = out.len();
        out.swap(n - 2, n - 1);
    }
}

/// Parity of a permutation: 0 even, 1 odd.
pub fn perm_parity(p: &[u8]) -> u8 {
    let mut inv = 0;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            if p[i] > p[j] {
                inv ^= 1;
            }
        }
    }
    inv
}

/// Orientation vector as a base-`k` number, first piece most significant.
pub fn rank_ori(o: &[u8], k: u8) -> usize {
    o.iter().fold(0, |acc, &x| acc * k as usize + x as usize)
}

/// Inverse of [`rank_ori`].
pub fn unrank_ori(mut r: usize, k: u8, out: &mut [u8]) {
    for x in out.iter_mut().rev() {
        *x = (r % k as usize) as u8;
        r /= k as usize;
    }
}

/// Orientations of `o.len()` pieces whose twists sum to 0 mod `k` (a real cube's corners or edges):
/// the last piece's twist follows from the others, so the rank is that of all but the last, in
/// `0..k^(n-1)`.
pub fn rank_ori_sum(o: &[u8], k: u8) -> usize {
    rank_ori(&o[..o.len() - 1], k)
}

/// Inverse of [`rank_ori_sum`]: the last twist is the one that makes the sum 0 mod `k`.
pub fn unrank_ori_sum(r: usize, k: u8, out: &mut [u8]) {
    unrank_ori_sum_to(r, k, 0, out);
}

/// Inverse of [`rank_ori_sum`] for orientations whose twists sum to `sum` mod `k` (a puzzle whose
/// goal is not at twist 0 everywhere): the last twist is the one that makes that sum.
pub fn unrank_ori_sum_to(r: usize, k: u8, sum: u8, out: &mut [u8]) {
    let n = out.len();
    unrank_ori(r, k, &mut out[..n - 1]);
    let total: usize = out[..n - 1].iter().map(|&x| x as usize).sum();
    let k = k as usize;
    out[n - 1] = ((sum as usize % k + k - total % k) % k) as u8;
}

/// How many arrangements a multiset of `counts[c]` pieces of each class `c` has (the multinomial
/// coefficient); `usize::MAX` when that does not fit.
pub fn multiset_count(counts: &[usize]) -> usize {
    let mut total = 0usize;
    let mut r: u128 = 1;
    for &c in counts {
        for i in 1..=c {
            total += 1;
            r = match (r as u64).checked_mul(total as u64) {
                Some(p) if r >> 64 == 0 => (p / i as u64) as u128,
                _ => r * total as u128 / i as u128,
            };
        }
    }
    usize::try_from(r).unwrap_or(usize::MAX)
}

/// Arrangements that start with a class of `count` among `remaining` pieces, of `total`.
#[inline]
fn share(total: usize, count: usize, remaining: usize) -> usize {
    // (A 128-bit division is a library call some ten times slower: only where 64 bits overflow.)
    match (total as u64).checked_mul(count as u64) {
        Some(p) => (p / remaining as u64) as usize,
        None => (total as u128 * count as u128 / remaining as u128) as usize,
    }
}

/// Rank of an arrangement of interchangeable pieces (digit `d[i]` is the class at place `i`; class
/// `c` occurs `counts[c]` times) in lexicographic order, in `0..multiset_count(counts)`: where pieces
/// are interchangeable, a permutation's rank would count each state many times.
pub fn rank_multiset(d: &[u8], counts: &[usize]) -> usize {
    if counts.len() == 2 && d.len() < BINOMIAL.len() {
        return rank_two_kinds(d, counts[0]);
    }
    // (On the stack where the classes are few: move tables rank millions of arrangements.)
    let mut buf = [0usize; 32];
    let mut heap;
    let left: &mut [usize] = if counts.len() <= buf.len() {
        buf[..counts.len()].copy_from_slice(counts);
        &mut buf[..counts.len()]
    } else {
        heap = counts.to_vec();
        &mut heap
    };
    let mut total = multiset_count(left);
    let mut r = 0;
    let n = d.len();
    for (i, &x) in d.iter().enumerate() {
        // One arrangement left: the rest of the digits add nothing.
        if total == 1 {
            break;
        }
        let remaining = n - i;
        let x = x as usize;
        for &count in &left[..x] {
            if count > 0 {
                r += share(total, count, remaining);
            }
        }
        total = share(total, left[x], remaining);
        left[x] -= 1;
    }
    r
}

/// `BINOMIAL[n][k]`: `n` choose `k`, for the ranks of two kinds.
const BINOMIAL: [[u64; 33]; 33] = binomials();

const fn binomials() -> [[u64; 33]; 33] {
    let mut t = [[0u64; 33]; 33];
    let mut n = 0;
    while n < 33 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
}

/// [`rank_multiset`] of two kinds (`zeros` of kind 0; Kociemba's slice edges), by table: a 1 at
/// a place counts the arrangements with a 0 there instead, `remaining - 1` choose `zeros - 1`.
fn rank_two_kinds(d: &[u8], mut zeros: usize) -> usize {
    let mut r = 0;
    let n = d.len();
    for (i, &x) in d.iter().enumerate() {
        let remaining = n - i;
        // The rest all of one kind: they add nothing.
        if zeros == 0 || zeros == remaining {
            break;
        }
        if x == 0 {
            zeros -= 1;
        } else {
            r += BINOMIAL[remaining - 1][zeros - 1] as usize;
        }
    }
    r
}

/// Inverse of [`rank_multiset`].
pub fn unrank_multiset(mut r: usize, counts: &[usize], out: &mut [u8]) {
    let mut left = counts.to_vec();
    let mut total = multiset_count(&left);
    let n = out.len();
    for (i, o) in out.iter_mut().enumerate() {
        let remaining = n - i;
        for (c, count) in left.iter_mut().enumerate() {
            if *count == 0 {
                continue;
            }
            let block = share(total, *count, remaining);
            if r < block {
                *o = c as u8;
                total = block;
                *count -= 1;
                break;
            }
            r -= block;
        }
    }
}

/// `n` choose `k`.
pub const fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// Rank of a set of positions (which of `mask.len()` slots hold a piece of the set, such as the four
/// UD-slice edges among twelve: 495 values) in `0..choose(n, k)`, by the combinatorial number
/// system.
pub fn rank_comb(mask: &[bool]) -> usize {
    let mut r = 0;
    let mut k = 0;
    for (i, &m) in mask.iter().enumerate() {
        if m {
            k += 1;
            r += choose(i, k);
        }
    }
    r
}

/// Inverse of [`rank_comb`]: marks the `k` chosen slots of `out`.
pub fn unrank_comb(mut r: usize, k: usize, out: &mut [bool]) {
    let mut k = k;
    for i in (0..out.len()).rev() {
        out[i] = k > 0 && choose(i, k) <= r;
        if out[i] {
            r -= choose(i, k);
            k -= 1;
        }
    }
}

/// A move table: `apply(c, m)` is coordinate `c` after move `m`, one flat look-up.
#[derive(Clone, Debug)]
pub struct MoveTable {
    pub size: usize,
    pub moves: usize,
    table: Vec<u16>,
}

impl MoveTable {
    /// Builds it from a function that applies move `m` to coordinate `c`.
    pub fn build(size: usize, moves: usize, apply: impl Fn(usize, usize) -> usize) -> Self {
        MoveTable {
            size,
            moves,
            table: move_table(size, moves, apply),
        }
    }

    #[inline]
    pub fn apply(&self, c: usize, m: usize) -> usize {
        self.table[c * self.moves + m] as usize
    }

    /// The flat table, `table[c * moves + m]`.
    pub fn as_slice(&self) -> &[u16] {
        &self.table
    }
}

/// Builds a move table `table[coord * moves + m]` for a coordinate of `size` values, from a function
/// that applies move `m` to coordinate `c`. Tables are flat so one lookup is one index computation.
pub fn move_table(size: usize, moves: usize, apply: impl Fn(usize, usize) -> usize) -> Vec<u16> {
    debug_assert!(size <= u16::MAX as usize + 1);
    let mut t = Vec::with_capacity(size * moves);
    for c in 0..size {
        for m in 0..moves {
            t.push(apply(c, m) as u16);
        }
    }
    t
}
