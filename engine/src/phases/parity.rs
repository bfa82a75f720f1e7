//! Parities a subgroup keeps that colours cannot show.
//!
//! The 4x4x4's `<U, D, L, R, F, B, Uw2, Rw2, Fw2>` turns its wings by even permutations only
//! (an inner slice's quarter turn is the odd one), but its orbits mix all the wings: recoloured,
//! they show nothing of it, and the count finds the view short by a factor of two. Such an
//! invariant is a sum of permutation signs: for a set of orbits whose pieces are each their own
//! (so a state's permutation of them is known), the parity of all their permutations together.
//! Where the subgroup's generators all have it even and some generator of the group above has it
//! odd, it is one more thing a coset shows; the view then carries it as a piece of its own with two
//! orientations, which each move turns by its parity.

use crate::model::{Perm, Puzzle, State};

/// The orbits whose parity is a sum of, as position ranges, and per position the home of the
/// label found there (labels are each their own in these orbits).
#[derive(Clone, Debug)]
pub struct Parity {
    ranges: Vec<std::ops::Range<usize>>,
    /// Per label: its home position, for labels of the ranges.
    home: Vec<usize>,
}

impl Parity {
    /// The parity of `p` restricted to the ranges (moves keep orbits among themselves).
    pub fn of_perm(&self, p: &Perm) -> u8 {
        let mut bit = 0;
        for r in &self.ranges {
            bit ^= sign(r.clone().map(|q| p.src[q] as usize), r.start);
        }
        bit
    }

    /// The parity of a state: the sign of the permutation taking each piece home.
    pub fn of_state(&self, s: &State) -> u8 {
        let mut bit = 0;
        for r in &self.ranges {
            bit ^= sign(r.clone().map(|q| self.home[s.label[q] as usize]), r.start);
        }
        bit
    }
}

/// The sign (0 even, 1 odd) of the map from `start..` given by `images`.
fn sign(images: impl Iterator<Item = usize>, start: usize) -> u8 {
    let map: Vec<usize> = images.map(|i| i - start).collect();
    let mut seen = vec![false; map.len()];
    let mut odd = 0;
    for i in 0..map.len() {
        let mut len = 0;
        let mut j = i;
        while !seen[j] {
            seen[j] = true;
            j = map[j];
            len += 1;
        }
        if len > 0 && len % 2 == 0 {
            odd ^= 1;
        }
    }
    odd
}

/// The orbits of `puzzle` whose goal labels are each their own (each label once in the puzzle).
fn distinct_orbits(puzzle: &Puzzle) -> Vec<std::ops::Range<usize>> {
    let labels = puzzle.goal.label_count();
    let mut count = vec![0usize; labels];
    for &l in &puzzle.goal.label {
        count[l as usize] += 1;
    }
    let offsets = puzzle.offsets();
    puzzle
        .orbits
        .iter()
        .enumerate()
        .map(|(o, orbit)| offsets[o]..offsets[o] + orbit.size)
        .filter(|r| r.len() > 1 && r.clone().all(|q| count[puzzle.goal.label[q] as usize] == 1))
        .collect()
}

/// The parities `sub`'s generators keep even and `group`'s do not, each independent of those
/// before it (at most `most`), smallest sums of orbits first.
pub fn kept(puzzle: &Puzzle, group: &[Perm], sub: &[Perm], most: usize) -> Vec<Parity> {
    let orbits = distinct_orbits(puzzle);
    // More orbits than this make too many sums to try; no definition here comes near.
    if orbits.is_empty() || orbits.len() > 10 {
        return Vec::new();
    }
    let labels = puzzle.goal.label_count();
    let mut home = vec![0usize; labels];
    for r in &orbits {
        for q in r.clone() {
            home[puzzle.goal.label[q] as usize] = q;
        }
    }
    let signs = |p: &Perm| -> u32 {
        orbits.iter().enumerate().fold(0, |acc, (k, r)| {
            acc | (sign(r.clone().map(|q| p.src[q] as usize), r.start) as u32) << k
        })
    };
    let sub_signs: Vec<u32> = sub.iter().map(signs).collect();
    let group_signs: Vec<u32> = group.iter().map(signs).collect();
    // A parity's values on the group's generators, as a vector of bits; independent parities have
    // independent vectors (kept in reduced form for elimination).
    let values = |mask: u32| -> u128 {
        group_signs.iter().enumerate().fold(0, |acc, (i, &s)| {
            acc | (((s & mask).count_ones() & 1) as u128) << (i % 128)
        })
    };
    let mut masks: Vec<u32> = (1..1u32 << orbits.len()).collect();
    masks.sort_by_key(|m| m.count_ones());
    let mut basis: Vec<u128> = Vec::new();
    let mut chosen = Vec::new();
    for mask in masks {
        if chosen.len() >= most {
            break;
        }
        if sub_signs.iter().any(|&s| (s & mask).count_ones() % 2 == 1) {
            continue;
        }
        let mut v = values(mask);
        for &b in &basis {
            v = v.min(v ^ b);
        }
        if v == 0 {
            continue;
        }
        basis.push(v);
        basis.sort_unstable_by(|a, b| b.cmp(a));
        chosen.push(Parity {
            ranges: orbits
                .iter()
                .enumerate()
                .filter(|(k, _)| mask >> k & 1 == 1)
                .map(|(_, r)| r.clone())
                .collect(),
            home: home.clone(),
        });
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::sign;

    #[test]
    fn signs_of_small_maps() {
        assert_eq!(sign([0, 1, 2].into_iter(), 0), 0);
        assert_eq!(sign([1, 0, 2].into_iter(), 0), 1);
        assert_eq!(sign([11, 12, 10].into_iter(), 10), 0);
        assert_eq!(sign([1, 2, 3, 0].into_iter(), 0), 1);
    }
}
