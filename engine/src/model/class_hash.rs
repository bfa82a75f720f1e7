//! A hash of a state that every state of its class under the symmetries shares, in one pass over
//! the positions: the near table reduced by symmetry asks it first, and makes a state's
//! representative ([`super::canonical`], ten times the cost) only where a class of that hash is
//! in the table. Most states a search asks about are not.
//!
//! A state's rearrangement `t` is a set of slot pairs `(x, t x)`; seen through a symmetry `σ`,
//! the conjugate's pairs are the `(σ x, σ t x)`. So the multiset of the pairs' orbits under the
//! symmetries is the same for the whole class, and the hash adds a random number per pair's
//! orbit. Two classes may share it (it forgets which pair is where): the hash only says which
//! states need their representative.

use super::disjoint_sets::DisjointSets;
use super::inverse::Homes;
use super::perm_group::Slots;
use super::symmetries::Symmetry;
use super::{Puzzle, State};

/// The hash of the states of one puzzle under a group of its symmetries.
pub struct ClassHash {
    homes: Homes,
    /// Per position `q`, the row of `terms` of its orbit's pieces: `row[q] + h * k + r` for the
    /// piece of home `h` at `q` with twist `r`.
    row: Vec<isize>,
    modulus: Vec<u8>,
    /// The sum of the random numbers of the piece's `k` slot pairs.
    terms: Vec<u64>,
}

/// SplitMix64: a random number per pair orbit.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl ClassHash {
    /// `None` where the goal repeats a label in an orbit or twists a piece.
    pub fn new(puzzle: &Puzzle, syms: &[Symmetry]) -> Option<ClassHash> {
        let homes = Homes::new(puzzle)?;
        let slots = Slots::of(puzzle);
        let n = slots.n;
        // A pair's orbit is its class under the symmetries as generators: the slot permutations
        // given need not be closed (a symmetry kept per map of the moves), the group they make
        // is, and it conjugates a state into itself or a state of its class.
        let mut sets = DisjointSets::new(n * n);
        for s in syms {
            for x in 0..n {
                for y in 0..n {
                    sets.union(x * n + y, s.slots[x] as usize * n + s.slots[y] as usize);
                }
            }
        }
        let mut orbit = |x: usize, y: usize| sets.find(x * n + y);
        let offsets = puzzle.offsets();
        let mut row = vec![0isize; puzzle.positions()];
        let mut terms = Vec::new();
        for (o, orbit_def) in puzzle.orbits.iter().enumerate() {
            let start = offsets[o];
            for q in start..start + orbit_def.size {
                let k = slots.modulus[q].max(1) as usize;
                row[q] = terms.len() as isize - (start * k) as isize;
                for h in start..start + orbit_def.size {
                    for r in 0..k {
                        // The piece of home `h` at `q`, twisted `r`: `t (h, o) = (q, o + r)`.
                        let term = (0..k).fold(0u64, |acc, o| {
                            let x = slots.first[h] + o;
                            let y = slots.first[q] + (o + r) % k;
                            acc.wrapping_add(mix(orbit(x, y) as u64))
                        });
                        terms.push(term);
                    }
                }
            }
        }
        Some(ClassHash {
            homes,
            row,
            modulus: slots.modulus,
            terms,
        })
    }

    /// The hash of `s`'s class.
    #[inline]
    pub fn of(&self, s: &State) -> u64 {
        let mut sum = 0u64;
        for q in 0..s.label.len() {
            let h = self.homes.of(q, s.label[q]);
            let k = self.modulus[q].max(1) as isize;
            let at = self.row[q] + h as isize * k + s.ori[q] as isize;
            sum = sum.wrapping_add(self.terms[at as usize]);
        }
        mix(sum)
    }
}
