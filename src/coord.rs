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
