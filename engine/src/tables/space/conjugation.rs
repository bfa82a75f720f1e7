//! A component's coordinates seen through a symmetry: the values of `σ s σ⁻¹` from those of `s`,
//! digit by digit, for the symmetry-reduced tables (`sym_pdb`).
//!
//! A symmetry sends the slot (position `p`, orientation `o`) to (`σp`, `g_p(o)`). A piece of home
//! `h` at `p` turned by `o` becomes, in the conjugate, the piece of home `σh` at `σp` turned by
//! `g_p(o) - g_h(0)`, when every `g` is `o ↦ c ± o` with one sign. So the conjugate's classes and
//! orientations follow from the state's alone when `σ` keeps the component and each class of
//! pieces (the slice edges, the rest), and turns all homes of one class alike (`g_h(0)` the same):
//! the cube's 16 symmetries that keep the U-D axis do so for the corners' twists and the edges'
//! flips with the slice, the other 32 do not (they turn U stickers to the side). Only such
//! symmetries reduce a table; the others give it views (see `sym_pdb`).

use super::Coord;
use crate::model::perm_group::Slots;

/// How one symmetry moves one component's pieces (local positions).
#[derive(Clone, Debug)]
pub struct ComponentImage {
    /// The local position `p` goes to.
    to: Vec<u8>,
    /// `ori[p * k + o]`: the orientation slot `(p, o)` lands on.
    ori: Vec<u8>,
    /// `g_h(0)` of each class of homes.
    base: Vec<u8>,
    k: u8,
}

impl ComponentImage {
    /// The image of the component at `positions` (orientations mod `k`, classes of its homes
    /// `class_of_home`, by local position) under the slot permutation `sigma`; `None` when its
    /// conjugates are not a function of the classes and orientations (see the module's note).
    pub fn new(
        slots: &Slots,
        sigma: &[u16],
        positions: &[usize],
        class_of_home: &[u8],
    ) -> Option<ComponentImage> {
        let k = slots.modulus[positions[0]];
        let mut local = vec![usize::MAX; slots.n];
        for (i, &q) in positions.iter().enumerate() {
            for o in 0..k as usize {
                local[slots.first[q] + o] = i;
            }
        }
        let n = positions.len();
        let (mut to, mut ori) = (vec![0u8; n], vec![0u8; n * k as usize]);
        let mut sign = None;
        for (i, &q) in positions.iter().enumerate() {
            let land = |o: usize| sigma[slots.first[q] + o] as usize;
            let j = local[land(0)];
            if j == usize::MAX {
                return None;
            }
            to[i] = j as u8;
            let first = slots.first[positions[j]];
            for o in 0..k as usize {
                if local[land(o)] != j {
                    return None;
                }
                ori[i * k as usize + o] = (land(o) - first) as u8;
            }
            // One sign for all: o ↦ c + o (a rotation) or c - o (a mirror).
            let g0 = ori[i * k as usize];
            let step = |s: u8| (0..k).all(|o| ori[i * k as usize + o as usize] == (g0 + s * o) % k);
            let s = if step(1) {
                1
            } else if step(k - 1) {
                k - 1
            } else {
                return None;
            };
            if k > 2 && *sign.get_or_insert(s) != s {
                return None;
            }
        }
        let classes = class_of_home.iter().max().map_or(0, |&c| c as usize + 1);
        let mut base = vec![u8::MAX; classes];
        for i in 0..n {
            let c = class_of_home[i] as usize;
            if class_of_home[to[i] as usize] as usize != c {
                return None;
            }
            let g0 = ori[i * k as usize];
            if base[c] == u8::MAX {
                base[c] = g0;
            } else if base[c] != g0 {
                return None;
            }
        }
        Some(ComponentImage { to, ori, base, k })
    }

    /// Positions of the component.
    pub fn len(&self) -> usize {
        self.to.len()
    }

    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// The conjugate's classes and orientations (by local position) from the state's.
    #[inline]
    pub fn apply(&self, classes: &[u8], ori: &[u8], classes_out: &mut [u8], ori_out: &mut [u8]) {
        let k = self.k as usize;
        for i in 0..self.to.len() {
            let j = self.to[i] as usize;
            let c = classes[i];
            classes_out[j] = c;
            let o = self.ori[i * k + ori[i] as usize] as usize + k - self.base[c as usize] as usize;
            ori_out[j] = (o % k) as u8;
        }
    }
}

/// The twists of a component's conjugates by one image as sums of a term a piece: a rank of
/// orientations is linear in its digits (base `k`, the last one dropped when implied), so each
/// piece adds its conjugated digit times the weight of the place it lands on. A class table of a
/// million outer values is made in a twentieth of the time the digit-by-digit way takes.
pub struct TwistTerms {
    classes: usize,
    k: usize,
    /// `terms[(i * classes + c) * k + d]`.
    terms: Vec<u32>,
}

impl TwistTerms {
    /// The terms of `twists` (a coordinate of orientations over the image's component) under
    /// `image`.
    pub fn new(image: &ComponentImage, twists: &Coord) -> TwistTerms {
        let (n, k) = (image.to.len(), image.k as usize);
        let weight: Vec<u32> = (0..n)
            .map(|j| {
                let mut unit = vec![0u8; n];
                unit[j] = 1;
                twists.rank(&unit) as u32
            })
            .collect();
        let classes = image.base.len().max(1);
        let mut terms = vec![0u32; n * classes * k];
        for i in 0..n {
            for c in 0..classes {
                let b = image.base.get(c).copied().unwrap_or(0) as usize;
                for d in 0..k {
                    let o = (image.ori[i * k + d] as usize + k - b % k) % k;
                    terms[(i * classes + c) * k + d] = o as u32 * weight[image.to[i] as usize];
                }
            }
        }
        TwistTerms { classes, k, terms }
    }

    /// The conjugate's twists from the state's classes and orientations (by local position).
    #[inline]
    pub fn value(&self, classes: &[u8], ori: &[u8]) -> usize {
        let mut v = 0;
        for (i, (&c, &d)) in classes.iter().zip(ori).enumerate() {
            v += self.terms[(i * self.classes + c as usize) * self.k + d as usize];
        }
        v as usize
    }
}

/// A component's coordinates under one symmetry: where a set of its pieces is (`places`, or none:
/// one class) and how all of them are turned (`twists`, or none).
pub struct Conjugation<'a> {
    pub places: Option<&'a Coord>,
    pub twists: Option<&'a Coord>,
    pub image: &'a ComponentImage,
}

impl Conjugation<'_> {
    /// The conjugate's values of (places, twists) from the state's (0 for a missing one).
    pub fn values(
        &self,
        places: usize,
        twists: usize,
        scratch: &mut [Vec<u8>; 4],
    ) -> (usize, usize) {
        let n = self.image.to.len();
        let [c, o, c2, o2] = scratch;
        for v in [&mut *c, &mut *o, &mut *c2, &mut *o2] {
            v.clear();
            v.resize(n, 0);
        }
        if let Some(p) = self.places {
            p.unrank(places, c);
        }
        if let Some(t) = self.twists {
            t.unrank(twists, o);
        }
        self.image.apply(c, o, c2, o2);
        let p = self.places.map_or(0, |p| p.rank(c2));
        let t = self.twists.map_or(0, |t| t.rank(o2));
        (p, t)
    }
}

/// Every value's digits of a coordinate (`None`: one value, all digits 0), `n` a value.
pub fn all_digits(c: Option<&Coord>, n: usize) -> Vec<u8> {
    let Some(c) = c else {
        return vec![0; n];
    };
    let mut out = vec![0u8; c.size * n];
    for (v, d) in out.chunks_mut(n).enumerate() {
        c.unrank(v, d);
    }
    out
}

/// The classes of a component's homes under a coordinate of where a set of its pieces are (all 0
/// without one), by local position; `goal_labels` are the goal's labels of the positions.
pub fn class_of_home(places: Option<&Coord>, goal_labels: &[u8]) -> Vec<u8> {
    goal_labels
        .iter()
        .map(|&l| places.map_or(0, |p| p.digit_of(l)))
        .collect()
}
