//! The outer values' classes under the symmetries that reduce a table: each value's class and the
//! symmetry that takes it to the class's representative, and the representatives' own symmetries.

use crate::tables::space::{all_digits, ComponentImage, Conjugation, Coord, TwistTerms};

/// Bits of a class-and-symmetry word given to the symmetry.
pub const SYM_BITS: u32 = 6;

pub struct Classes {
    /// Per outer value: `class << SYM_BITS | symmetry`.
    pub class_sym: Vec<u32>,
    /// Each class's representative (its first value).
    pub reps: Vec<u32>,
    /// Each representative's own symmetries, as bits.
    pub self_syms: Vec<u64>,
}

impl Classes {
    /// The classes of (places, twists) of one component under the symmetries' `images` (the
    /// identity first), `inverse[s]` the inverse of symmetry `s`. The places are conjugated by a
    /// table, the twists as sums of a term a piece ([`TwistTerms`]): a million values in a
    /// fiftieth of a second.
    pub fn find(
        places: Option<&Coord>,
        twists: Option<&Coord>,
        images: &[ComponentImage],
        inverse: &[usize],
    ) -> Classes {
        let mut scratch: [Vec<u8>; 4] = Default::default();
        let n = images.first().map_or(0, ComponentImage::len);
        let places_size = places.map_or(1, |c| c.size);
        let twists_size = twists.map_or(1, |c| c.size);
        let mut places_conj = vec![0usize; images.len() * places_size];
        for (s, image) in images.iter().enumerate() {
            let c = Conjugation {
                places,
                twists: None,
                image,
            };
            for p in 0..places_size {
                places_conj[s * places_size + p] = c.values(p, 0, &mut scratch).0;
            }
        }
        let place_digits = all_digits(places, n);
        let twist_digits = all_digits(twists, n);
        let terms: Option<Vec<TwistTerms>> =
            twists.map(|t| images.iter().map(|i| TwistTerms::new(i, t)).collect());
        Classes::of(places_size * twists_size, inverse, |s, o| {
            let (p, t) = (o / twists_size, o % twists_size);
            let t2 = terms.as_ref().map_or(0, |terms| {
                terms[s].value(&place_digits[p * n..][..n], &twist_digits[t * n..][..n])
            });
            places_conj[s * places_size + p] * twists_size + t2
        })
    }

    /// The classes of `0..size` where `conj(s, o)` is `o` conjugated by symmetry `s`.
    fn of(size: usize, inverse: &[usize], mut conj: impl FnMut(usize, usize) -> usize) -> Classes {
        let mut class_sym = vec![u32::MAX; size];
        let (mut reps, mut self_syms) = (Vec::new(), Vec::new());
        for o in 0..size {
            if class_sym[o] != u32::MAX {
                continue;
            }
            let c = reps.len() as u32;
            reps.push(o as u32);
            let mut own = 0u64;
            for (s, &inv) in inverse.iter().enumerate() {
                let o2 = conj(s, o);
                if o2 == o {
                    own |= 1 << s;
                }
                // (Conjugating back by the inverse takes `o2` to the representative.)
                if class_sym[o2] == u32::MAX {
                    class_sym[o2] = c << SYM_BITS | inv as u32;
                }
            }
            self_syms.push(own);
        }
        Classes {
            class_sym,
            reps,
            self_syms,
        }
    }

    /// The classes as words: the counts, the class words and representatives two to a word, the
    /// representatives' symmetries.
    pub fn to_words(class_sym: &[u32], reps: &[u32], self_syms: &[u64]) -> Vec<u64> {
        let pack = |v: &[u32]| -> Vec<u64> {
            v.chunks(2)
                .map(|p| p[0] as u64 | (p.get(1).copied().unwrap_or(0) as u64) << 32)
                .collect()
        };
        let mut w = vec![class_sym.len() as u64, reps.len() as u64];
        w.extend(pack(class_sym));
        w.extend(pack(reps));
        w.extend(self_syms);
        w
    }

    /// The classes from [`Classes::to_words`], if they are of `size` outer values and `syms`
    /// symmetries.
    pub fn from_words(w: &[u64], size: usize, syms: usize) -> Option<Classes> {
        let [n, classes, rest @ ..] = w else {
            return None;
        };
        let (n, classes) = (*n as usize, *classes as usize);
        let (pairs, reps) = (n.div_ceil(2), classes.div_ceil(2));
        if n != size || rest.len() != pairs + reps + classes {
            return None;
        }
        let unpack = |words: &[u64], len: usize| -> Vec<u32> {
            let mut v: Vec<u32> = words
                .iter()
                .flat_map(|&x| [x as u32, (x >> 32) as u32])
                .collect();
            v.truncate(len);
            v
        };
        let class_sym = unpack(&rest[..pairs], n);
        let r = unpack(&rest[pairs..pairs + reps], classes);
        let own = &rest[pairs + reps..];
        let sym_mask = (1u32 << SYM_BITS) - 1;
        let bad = class_sym
            .iter()
            .any(|&x| (x >> SYM_BITS) as usize >= classes || (x & sym_mask) as usize >= syms)
            || r.iter().any(|&o| o as usize >= n)
            || own.iter().any(|&m| syms < 64 && m >> syms != 0);
        (!bad).then(|| Classes {
            class_sym,
            reps: r,
            self_syms: own.to_vec(),
        })
    }
}
