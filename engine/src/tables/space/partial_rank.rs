//! Where `k` distinct pieces are among `n` places, as one rank (a k-permutation's, mixed radix
//! `n, n-1, ...`): the coordinate of tracked pieces ([`super::tracked`]) and of components whose
//! other pieces are alike ([`super::orbit_coord`]).

/// Rank of where `k` distinct pieces are among `d.len()` places (digit `j + 1` marks piece `j`,
/// 0 the others), in `0..n!/(n-k)!`: each piece's place among those the earlier ones left, mixed
/// radix `n, n-1, ...` (Korf's six edges of twelve: 665,280 values).
pub fn rank_partial(d: &[u8], k: usize) -> usize {
    let mut at = [0usize; 32];
    for (i, &x) in d.iter().enumerate() {
        if x > 0 {
            at[x as usize - 1] = i;
        }
    }
    let mut r = 0;
    for j in 0..k {
        let before = at[..j].iter().filter(|&&a| a < at[j]).count();
        r = r * (d.len() - j) + at[j] - before;
    }
    r
}

/// Inverse of [`rank_partial`].
pub fn unrank_partial(mut r: usize, k: usize, out: &mut [u8]) {
    let n = out.len();
    let mut free = [0usize; 32];
    for j in (0..k).rev() {
        free[j] = r % (n - j);
        r /= n - j;
    }
    out.iter_mut().for_each(|o| *o = 0);
    for (j, &f) in free[..k].iter().enumerate() {
        // The `f`-th place the earlier pieces left.
        let mut seen = 0;
        for o in out.iter_mut() {
            if *o == 0 {
                if seen == f {
                    *o = j as u8 + 1;
                    break;
                }
                seen += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{rank_partial, unrank_partial};

    /// Every permutation of `0..n`, written out by insertion (no ranking involved).
    fn permutations(n: usize) -> Vec<Vec<usize>> {
        let mut all = vec![Vec::new()];
        for x in 0..n {
            all = all
                .into_iter()
                .flat_map(|p| {
                    (0..=p.len()).map(move |i| {
                        let mut q = p.clone();
                        q.insert(i, x);
                        q
                    })
                })
                .collect();
        }
        all
    }

    #[test]
    fn partial_ranks_are_a_bijection_of_the_arrangements() {
        // Three distinct pieces (1, 2, 3) among seven places: the arrangements, listed from every
        // permutation, are 7 x 6 x 5 = 210, and their ranks are 0..210, each undone by the unrank.
        let pieces = [1u8, 2, 3, 0, 0, 0, 0];
        let mut all: Vec<Vec<u8>> = permutations(7)
            .iter()
            .map(|p| p.iter().map(|&i| pieces[i]).collect())
            .collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 210);
        let mut seen = vec![false; 210];
        for a in &all {
            let r = rank_partial(a, 3);
            assert!(r < 210 && !seen[r], "{a:?} ranked {r}");
            seen[r] = true;
            let mut back = [9u8; 7];
            unrank_partial(r, 3, &mut back);
            assert_eq!(&back[..], &a[..]);
        }
    }
}
