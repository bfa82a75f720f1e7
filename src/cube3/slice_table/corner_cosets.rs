//! The corners' places up to the half-turn group: which of the 420 cosets of the 96 corner
//! permutations that half turns make a corner permutation lies in (70 tetrad places, times 6:
//! the parity and the "tetrad twist" that Thistlethwaite's third phase solves).
//!
//! The half-turn group is fixed by every symmetry and holds every half turn, so the slice
//! table's group narrowed to it keeps both properties the search rests on; it has 6 times as many
//! cosets as the tetrads alone (3 times as many as with the parity), hence the 166 MB size.

use crate::cube3::cubie::{CubieCube, N_MOVES};

/// Cosets of the half-turn group's corner permutations among all 8! (40,320 / 96).
pub const COSETS: usize = 420;

/// The coset of every corner permutation, and one member of each coset.
///
/// The search asks for a coset at every look-up, so it is found in three small tables rather than
/// from the permutation's rank (eight dependent steps, which cost the search a third of its
/// speed): the first four pieces, as an ordered choice of 8 (1,680), and the last four's order
/// among themselves (24) index `id` (80 KB, in cache).
pub struct HalfTurnCosets {
    /// By the first four pieces packed in 12 bits: their ordered choice.
    first: Vec<u16>,
    /// By the last four packed alike: their order (0..24).
    last: Vec<u8>,
    /// By `first * 24 + last`: the coset.
    id: Vec<u16>,
    reps: Vec<[u8; 8]>,
}

impl HalfTurnCosets {
    pub fn new() -> Self {
        let group = half_turn_corners();
        assert_eq!(
            group.len(),
            96,
            "the half turns make 96 corner permutations"
        );
        let mut by_rank = vec![u16::MAX; 40_320];
        let mut reps = Vec::with_capacity(COSETS);
        for r in 0..40_320 {
            if by_rank[r] != u16::MAX {
                continue;
            }
            let p = unrank8(r);
            // The coset of the distance table's group: the pieces relabelled by a member (h * p,
            // as `CubieCube::multiply` composes), which keeps which tetrad a piece is in.
            for h in &group {
                by_rank[rank8(&std::array::from_fn(|i| h[p[i] as usize]))] = reps.len() as u16;
            }
            reps.push(p);
        }
        assert_eq!(reps.len(), COSETS);
        let mut cosets = HalfTurnCosets {
            first: vec![0; 1 << 12],
            last: vec![0; 1 << 12],
            id: vec![0; 40_320],
            reps,
        };
        let mut choices = 0;
        for r in 0..40_320 {
            let p = unrank8(r);
            let (k1, k2) = (key(&p[..4]), key(&p[4..]));
            if r % 24 == 0 {
                // Ranks run through the last four's orders under each ordered first four.
                cosets.first[k1] = choices;
                choices += 1;
            }
            cosets.last[k2] = order4(&p[4..]);
            cosets.id[cosets.first[k1] as usize * 24 + cosets.last[k2] as usize] = by_rank[r];
        }
        cosets
    }

    /// The coset of corner permutation `cp` (pieces by position; bits above the lowest three are
    /// ignored: the search's bytes carry the twist there).
    #[inline(always)]
    pub fn of(&self, cp: &[u8; 8]) -> usize {
        let first = self.first[key(&cp[..4])] as usize;
        self.id[first * 24 + self.last[key(&cp[4..])] as usize] as usize
    }

    /// A member of coset `k`.
    pub fn rep(&self, k: usize) -> [u8; 8] {
        self.reps[k]
    }
}

impl Default for HalfTurnCosets {
    fn default() -> Self {
        HalfTurnCosets::new()
    }
}

/// The corner permutations that products of half turns make.
fn half_turn_corners() -> Vec<[u8; 8]> {
    let gens: Vec<[u8; 8]> = (0..N_MOVES)
        .filter(|m| m % 3 == 1)
        .map(|m| CubieCube::SOLVED.apply(m).cp)
        .collect();
    let mut seen = vec![[0u8, 1, 2, 3, 4, 5, 6, 7]];
    let mut k = 0;
    while k < seen.len() {
        let a = seen[k];
        for g in &gens {
            let b: [u8; 8] = std::array::from_fn(|i| a[g[i] as usize]);
            if !seen.contains(&b) {
                seen.push(b);
            }
        }
        k += 1;
    }
    seen
}

/// The rank of a permutation of 0..8 among all 40,320 in lexicographic order (pieces above 7 are
/// read modulo 8: the search's bytes carry the twist above).
#[inline(always)]
pub fn rank8(p: &[u8; 8]) -> usize {
    let (mut used, mut r) = (0u32, 0usize);
    for (i, &x) in p.iter().enumerate() {
        let x = (x & 7) as u32;
        let below = x - (used & ((1 << x) - 1)).count_ones();
        r = r * (8 - i) + below as usize;
        used |= 1 << x;
    }
    r
}

/// Four pieces (their lowest three bits) packed in 12 bits.
#[inline(always)]
fn key(p: &[u8]) -> usize {
    let x = u32::from_le_bytes([p[0], p[1], p[2], p[3]]) & 0x0707_0707;
    (x & 7 | x >> 5 & 0x38 | x >> 10 & 0x1c0 | x >> 15 & 0xe00) as usize
}

/// The order of four distinct values among themselves (0..24).
fn order4(p: &[u8]) -> u8 {
    let below = |i: usize| p[i + 1..].iter().filter(|&&x| x < p[i]).count() as u8;
    below(0) * 6 + below(1) * 2 + below(2)
}

fn unrank8(mut r: usize) -> [u8; 8] {
    let mut digits = [0usize; 8];
    for i in (0..8).rev() {
        digits[i] = r % (8 - i);
        r /= 8 - i;
    }
    let mut left: Vec<u8> = (0..8).collect();
    std::array::from_fn(|i| left.remove(digits[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection() {
        for r in (0..40_320).step_by(7) {
            assert_eq!(rank8(&unrank8(r)), r);
        }
        assert_eq!(rank8(&[0, 1, 2, 3, 4, 5, 6, 7]), 0);
        assert_eq!(rank8(&[7, 6, 5, 4, 3, 2, 1, 0]), 40_319);
    }

    /// The look-up is constant on each coset (a member of the group times a permutation), twists
    /// or not, and tells cosets apart: each of the 420 values is taken by exactly 96 permutations,
    /// one coset's worth, so its classes are the cosets.
    #[test]
    fn the_look_up_names_the_cosets() {
        let cosets = HalfTurnCosets::new();
        let group = half_turn_corners();
        let mut sizes = vec![0; COSETS];
        for r in 0..40_320 {
            let p = unrank8(r);
            let k = cosets.of(&p);
            sizes[k] += 1;
            let twisted: [u8; 8] = std::array::from_fn(|i| p[i] | ((i % 3) as u8) << 4);
            assert_eq!(cosets.of(&twisted), k);
            let h = group[r % 96];
            assert_eq!(cosets.of(&std::array::from_fn(|i| h[p[i] as usize])), k);
        }
        assert!(sizes.iter().all(|&n| n == 96));
    }
}
