//! The ranking module (`twisty::coord`) against enumerations written here: every permutation,
//! subset, orientation and arrangement of small sizes listed independently, each rank checked to
//! be its place in lexicographic order and to round-trip.

use twisty::coord::*;

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
#[test]
fn one_parity_ranks_densely_and_round_trips() {
    // Every permutation of 6 once: each parity's ranks are exactly 0..360.
    let mut seen = [[false; 360]; 2];
    for p in all_perms(6) {
        let (parity, r) = (perm_parity(&p), rank_perm_parity(&p));
        assert!(!seen[parity as usize][r], "{p:?}");
        seen[parity as usize][r] = true;
        let mut back = [0u8; 6];
        unrank_perm_parity(r, parity, &mut back);
        assert_eq!(back.to_vec(), p);
    }
    assert!(seen.iter().flatten().all(|&s| s));
}

#[test]
fn a_move_applied_through_ranks_as_the_moved_permutation() {
    let src = [3u8, 0, 4, 1, 2];
    for d in all_perms(5) {
        let moved: Vec<u8> = src.iter().map(|&s| d[s as usize]).collect();
        assert_eq!(rank_perm_through(&d, &src), rank_perm(&moved));
    }
}

#[test]
fn long_permutations_round_trip() {
    // 17..=20 digits take the bit-mask path of unrank_perm; the largest rank and a spread.
    for n in 17..=20 {
        for r in [0, 1, factorial(n) / 3, factorial(n) - 1] {
            let mut p = vec![0u8; n];
            unrank_perm(r, &mut p);
            let mut sorted = p.clone();
            sorted.sort();
            assert_eq!(sorted, (0..n as u8).collect::<Vec<_>>());
            assert_eq!(rank_perm(&p), r);
        }
    }
    // The last permutation is the digits reversed.
    let mut p = vec![0u8; 20];
    unrank_perm(factorial(20) - 1, &mut p);
    assert_eq!(p, (0..20u8).rev().collect::<Vec<_>>());
}

#[test]
fn orientations_sum_to_any_twist() {
    for sum in 0..3u8 {
        for r in 0..27 {
            let mut o = [0u8; 4];
            unrank_ori_sum_to(r, 3, sum, &mut o);
            assert_eq!(
                o.iter().map(|&x| x as usize).sum::<usize>() % 3,
                sum as usize
            );
            assert_eq!(rank_ori_sum(&o, 3), r);
        }
    }
}

#[test]
fn arrangements_rank_in_lexicographic_order() {
    // Classes 0, 0, 1, 2, 2, 2: the distinct arrangements, listed by sorting and deduplicating
    // every permutation of the pieces, are 6!/(2!1!3!) = 60 in order.
    let pieces = [0u8, 0, 1, 2, 2, 2];
    let mut all: Vec<Vec<u8>> = all_perms(6)
        .iter()
        .map(|p| p.iter().map(|&i| pieces[i as usize]).collect())
        .collect();
    all.sort();
    all.dedup();
    let counts = [2, 1, 3];
    assert_eq!(all.len(), 60);
    assert_eq!(multiset_count(&counts), 60);
    for (i, a) in all.iter().enumerate() {
        assert_eq!(rank_multiset(a, &counts), i, "{a:?}");
        let mut back = [0u8; 6];
        unrank_multiset(i, &counts, &mut back);
        assert_eq!(&back[..], &a[..]);
    }
}

#[test]
fn two_kind_arrangements_rank_in_lexicographic_order() {
    // Four 0s and eight 1s (the slice edges' places): every 12-digit word of that many, in
    // lexicographic order, ranks 0..495 (the two-kind ranks take a table of binomials).
    let words: Vec<Vec<u8>> = (0u32..1 << 12)
        .rev()
        .filter(|b| b.count_zeros() - 20 == 4)
        .map(|b| (0..12).rev().map(|i| (b >> i & 1) as u8).collect())
        .collect();
    let mut sorted = words.clone();
    sorted.sort();
    assert_eq!(sorted.len(), 495);
    for (i, w) in sorted.iter().enumerate() {
        assert_eq!(rank_multiset(w, &[4, 8]), i, "{w:?}");
        let mut back = [9u8; 12];
        unrank_multiset(i, &[4, 8], &mut back);
        assert_eq!(&back[..], &w[..]);
    }
}

/// Every way to put `k` distinct pieces on `n` places, as each piece's place, in lexicographic
/// order (nested counting, no ranking involved).
fn arrangements(n: u8, k: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    for _ in 0..k {
        all = all
            .into_iter()
            .flat_map(|a: Vec<u8>| {
                let free: Vec<u8> = (0..n).filter(|p| !a.contains(p)).collect();
                free.into_iter().map(move |p| {
                    let mut b = a.clone();
                    b.push(p);
                    b
                })
            })
            .collect();
    }
    all
}

#[test]
fn arrangements_of_distinct_pieces_rank_in_lexicographic_order() {
    use twisty::coord::arrangement::{
        rank_arrangement, rank_pieces, unrank_arrangement, unrank_pieces,
    };
    // Places up to 20 count with a bit mask, more by comparing: both against the same listing
    // (Korf's six edges of twelve among them, checked by count).
    for (n, k) in [(7, 3), (12, 1), (12, 6), (20, 2), (21, 2), (30, 3), (60, 2)] {
        let all = arrangements(n, k);
        let expected: usize = (n as usize + 1 - k..=n as usize).product();
        assert_eq!(all.len(), expected, "{n} places, {k} pieces");
        for (i, pos) in all.iter().enumerate() {
            assert_eq!(rank_arrangement(pos, n as usize), i, "{pos:?} of {n}");
            let mut back = vec![0u8; k];
            unrank_arrangement(i, n as usize, &mut back);
            assert_eq!(&back, pos);
            // The same arrangement by place: piece j's number plus one where it is.
            let mut by_place = vec![0u8; n as usize];
            for (j, &p) in pos.iter().enumerate() {
                by_place[p as usize] = j as u8 + 1;
            }
            assert_eq!(rank_pieces(&by_place, k), i);
            let mut again = vec![9u8; n as usize];
            unrank_pieces(i, k, &mut again);
            assert_eq!(again, by_place);
        }
    }
}
