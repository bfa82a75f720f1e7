//! Coordinates: dense integer ranks of permutations and orientation vectors.
//!
//! A puzzle state split into "which piece is where" (a permutation) and "how each piece is twisted"
//! (an orientation vector) becomes a few small integers, so tables indexed by them replace hashing.

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

/// Rank of a permutation of `0..n` in lexicographic order (Lehmer code), in `0..n!`.
pub fn rank_perm(p: &[u8]) -> usize {
    let n = p.len();
    let mut r = 0;
    for i in 0..n {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        r = r * (n - i) + smaller;
    }
    r
}

/// Inverse of [`rank_perm`]: writes the permutation of `0..out.len()` with rank `r` into `out`.
pub fn unrank_perm(mut r: usize, out: &mut [u8]) {
    let n = out.len();
    // Lehmer digits from the least significant end.
    let mut digits = [0u8; 16];
    for i in (0..n).rev() {
        let base = n - i;
        digits[i] = (r % base) as u8;
        r /= base;
    }
    let mut avail: u32 = (1u32 << n) - 1;
    for i in 0..n {
        // The digit-th smallest element still available.
        let mut d = digits[i];
        let mut v = 0u8;
        loop {
            if avail & (1 << v) != 0 {
                if d == 0 {
                    break;
                }
                d -= 1;
            }
            v += 1;
        }
        avail &= !(1 << v);
        out[i] = v;
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
    let n = out.len();
    unrank_ori(r, k, &mut out[..n - 1]);
    let sum: usize = out[..n - 1].iter().map(|&x| x as usize).sum();
    out[n - 1] = ((k as usize - sum % k as usize) % k as usize) as u8;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_rank_every_subset_once() {
        // All subsets of 4 of 12 slots (the UD-slice edges): ranks are exactly 0..495.
        let mut seen = vec![false; choose(12, 4)];
        assert_eq!(seen.len(), 495);
        for bits in 0u32..1 << 12 {
            if bits.count_ones() != 4 {
                continue;
            }
            let mask: Vec<bool> = (0..12).map(|i| bits & 1 << i != 0).collect();
            let r = rank_comb(&mask);
            assert!(!seen[r], "rank {r} twice");
            seen[r] = true;
            let mut back = vec![false; 12];
            unrank_comb(r, 4, &mut back);
            assert_eq!(back, mask);
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn constrained_orientations_sum_to_zero() {
        // Eight corners, three twists: 3^7 = 2187 ranks, each a vector summing to 0 mod 3.
        for r in 0..2187 {
            let mut o = [0u8; 8];
            unrank_ori_sum(r, 3, &mut o);
            assert_eq!(o.iter().map(|&x| x as usize).sum::<usize>() % 3, 0);
            assert_eq!(rank_ori_sum(&o, 3), r);
        }
    }

    /// All permutations of 0..n by Heap-free recursion: an independent enumeration to rank against.
    fn all_perms(n: usize) -> Vec<Vec<u8>> {
        if n == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for first in 0..n as u8 {
            for rest in all_perms(n - 1) {
                let mut p = vec![first];
                p.extend(rest.into_iter().map(|x| if x >= first { x + 1 } else { x }));
                out.push(p);
            }
        }
        out
    }

    #[test]
    fn rank_is_lexicographic_order_and_round_trips() {
        for n in 0..=7 {
            let perms = all_perms(n); // generated in lexicographic order
            assert_eq!(perms.len(), factorial(n));
            for (i, p) in perms.iter().enumerate() {
                assert_eq!(rank_perm(p), i, "{p:?}");
                let mut q = vec![0; n];
                unrank_perm(i, &mut q);
                assert_eq!(&q, p);
            }
        }
    }

    #[test]
    fn parity_matches_transposition_count() {
        for p in all_perms(5) {
            // Count cycles: parity = (n - cycles) mod 2.
            let mut seen = [false; 5];
            let mut cycles = 0;
            for s in 0..5 {
                if !seen[s] {
                    cycles += 1;
                    let mut x = s;
                    while !seen[x] {
                        seen[x] = true;
                        x = p[x] as usize;
                    }
                }
            }
            assert_eq!(perm_parity(&p) as usize, (5 - cycles) % 2);
        }
    }

    #[test]
    fn orientation_round_trips() {
        for k in 2..=3u8 {
            let size = (k as usize).pow(5);
            let mut o = [0u8; 5];
            for r in 0..size {
                unrank_ori(r, k, &mut o);
                assert!(o.iter().all(|&x| x < k));
                assert_eq!(rank_ori(&o, k), r);
            }
        }
    }
}
