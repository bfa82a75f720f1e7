//! The group a set of moves generates, as a stabiliser chain (Schreier-Sims): its order, whether
//! a rearrangement belongs to it, and uniformly random elements.
//!
//! The group acts on *slots*, a position with an orientation (position `q`'s orientation `o` is
//! slot `first[q] + o`), so that orientations are part of the permutation.
//!
//! The chain uses base points 0, 1, 2, ...: `level[k]` holds, for each slot `j` of base point `k`'s
//! orbit under the stabiliser of the points before it, an element taking `k` to `j` (with its
//! inverse, which sifting needs at every step), and that stabiliser's generators. Elements are
//! completed with sifted Schreier generators (Knuth's "Efficient representation of perm groups"),
//! so the order is exact, not a Monte Carlo estimate.

use super::{Perm, Puzzle};

/// A permutation of slots as `dst` (the point at `x` goes to `dst[x]`).
pub type SlotPerm = Vec<u16>;

/// The slots of a puzzle's positions.
#[derive(Clone, Debug)]
pub struct Slots {
    /// First slot of each position.
    pub first: Vec<usize>,
    /// Orientation count of each position.
    pub modulus: Vec<u8>,
    pub n: usize,
    /// The position of each slot.
    owner: Vec<u32>,
}

impl Slots {
    pub fn of(puzzle: &Puzzle) -> Slots {
        let modulus = puzzle.modulus();
        let mut first = Vec::with_capacity(modulus.len());
        let mut owner = Vec::new();
        let mut n = 0usize;
        for (q, &k) in modulus.iter().enumerate() {
            first.push(n);
            n += k as usize;
            owner.extend(std::iter::repeat_n(q as u32, k as usize));
        }
        Slots {
            first,
            modulus,
            n,
            owner,
        }
    }

    /// The position slot `s` belongs to.
    #[inline]
    pub fn position(&self, s: usize) -> usize {
        self.owner[s] as usize
    }

    /// A rearrangement as a permutation of slots: the piece at `p.src[q]`, orientation `o`, goes
    /// to position `q` with orientation `o + p.twist[q]`.
    pub fn perm(&self, p: &Perm) -> SlotPerm {
        let mut dst = vec![0u16; self.n];
        for q in 0..p.len() {
            let from = p.src[q] as usize;
            let k = self.modulus[q] as usize;
            for o in 0..k {
                dst[self.first[from] + o] = (self.first[q] + (o + p.twist[q] as usize) % k) as u16;
            }
        }
        dst
    }

    /// The rearrangement a slot permutation makes (the inverse of [`Slots::perm`]).
    pub fn rearrangement(&self, dst: &[u16]) -> Perm {
        let positions = self.first.len();
        let mut p = Perm::identity(positions);
        for from in 0..positions {
            let to = dst[self.first[from]] as usize;
            let q = self.position(to);
            p.src[q] = from as u16;
            p.twist[q] = (to - self.first[q]) as u8;
        }
        p
    }
}

pub fn then(a: &[u16], b: &[u16]) -> SlotPerm {
    a.iter().map(|&x| b[x as usize]).collect()
}

/// `a` becomes `a` then `b`, without allocating (sifting does this once a level).
fn then_in_place(a: &mut [u16], b: &[u16]) {
    for x in a.iter_mut() {
        *x = b[*x as usize];
    }
}

pub fn inverse(a: &[u16]) -> SlotPerm {
    let mut inv = vec![0u16; a.len()];
    for (x, &y) in a.iter().enumerate() {
        inv[y as usize] = x as u16;
    }
    inv
}

fn is_identity(a: &[u16]) -> bool {
    a.iter().enumerate().all(|(x, &y)| x == y as usize)
}

/// One level of the chain: for each slot of the base point's orbit, an element taking the base
/// point there, and its inverse.
#[derive(Clone, Debug)]
struct Level {
    reps: Vec<Option<(SlotPerm, SlotPerm)>>,
    gens: Vec<SlotPerm>,
}

/// A stabiliser chain of the group some slot permutations generate.
#[derive(Clone, Debug)]
pub struct StabChain {
    n: usize,
    levels: Vec<Level>,
}

impl StabChain {
    /// The chain of the group `gens` generate on `n` slots.
    pub fn of(n: usize, gens: &[SlotPerm]) -> StabChain {
        let id: SlotPerm = (0..n as u16).collect();
        let levels = (0..n)
            .map(|k| {
                let mut reps = vec![None; n];
                reps[k] = Some((id.clone(), id.clone()));
                Level {
                    reps,
                    gens: Vec::new(),
                }
            })
            .collect();
        let mut chain = StabChain { n, levels };
        for g in gens {
            if !is_identity(g) {
                chain.sift_in(0, g.clone());
            }
        }
        chain
    }

    /// Sifts `p` (fixing the points before `k`) down the chain; adds what is left as a generator.
    fn sift_in(&mut self, k: usize, p: SlotPerm) {
        let (mut p, mut k) = (p, k);
        while k < self.n {
            // A fixed base point's representative is the identity: nothing to divide by (most
            // levels, and the reason sifting is not n products of n slots).
            if p[k] as usize == k {
                k += 1;
                continue;
            }
            match &self.levels[k].reps[p[k] as usize] {
                Some((_, inv)) => {
                    then_in_place(&mut p, inv);
                    k += 1;
                }
                None => return self.add(k, p),
            }
        }
    }

    /// `p` fixes the base points before `k`, so it belongs to every level up to `k`: each of
    /// those orbits may grow by it (deepest first).
    fn add(&mut self, k: usize, p: SlotPerm) {
        for level in (0..=k).rev() {
            self.levels[level].gens.push(p.clone());
            let known: Vec<SlotPerm> = self.levels[level]
                .reps
                .iter()
                .flatten()
                .map(|(s, _)| s.clone())
                .collect();
            for s in known {
                self.close(level, then(&s, &p));
            }
        }
    }

    /// `q` takes base point `k` somewhere: a new orbit point (then its images under the level's
    /// generators too), or a Schreier generator to sift below.
    fn close(&mut self, k: usize, q: SlotPerm) {
        let mut todo = vec![q];
        while let Some(mut q) = todo.pop() {
            let j = q[k] as usize;
            if let Some((_, inv)) = &self.levels[k].reps[j] {
                if j != k {
                    then_in_place(&mut q, inv);
                }
                if !is_identity(&q) {
                    self.sift_in(k + 1, q);
                }
                continue;
            }
            let inv = inverse(&q);
            self.levels[k].reps[j] = Some((q.clone(), inv));
            for g in self.levels[k].gens.clone() {
                todo.push(then(&q, &g));
            }
        }
    }

    /// The group's order, exact.
    pub fn order(&self) -> super::big_uint::BigUint {
        let mut order = super::big_uint::BigUint::one();
        for level in &self.levels {
            order.mul_small(level.reps.iter().filter(|s| s.is_some()).count() as u32);
        }
        order
    }

    /// Whether `p` is in the group (it sifts down to the identity).
    pub fn contains(&self, p: &[u16]) -> bool {
        let mut p = p.to_vec();
        for k in 0..self.n {
            if p[k] as usize == k {
                continue;
            }
            match &self.levels[k].reps[p[k] as usize] {
                Some((_, inv)) => then_in_place(&mut p, inv),
                None => return false,
            }
        }
        is_identity(&p)
    }

    /// The number of slots the group acts on.
    pub fn slots(&self) -> usize {
        self.n
    }

    /// Level `k`'s element taking base point `k` to `j`, if `j` is in its orbit.
    pub fn rep(&self, k: usize, j: usize) -> Option<&SlotPerm> {
        self.levels[k].reps[j].as_ref().map(|(s, _)| s)
    }

    /// Generators of the stabiliser of the base points before `k`.
    pub fn gens(&self, k: usize) -> &[SlotPerm] {
        &self.levels[k].gens
    }

    /// The base points whose orbit under the stabiliser of the points before them has more than
    /// one point, with that orbit (base point first).
    pub fn orbits(&self) -> Vec<(usize, Vec<usize>)> {
        self.levels
            .iter()
            .enumerate()
            .map(|(k, level)| {
                let mut orbit = vec![k];
                orbit.extend((0..self.n).filter(|&j| j != k && level.reps[j].is_some()));
                (k, orbit)
            })
            .filter(|(_, orbit)| orbit.len() > 1)
            .collect()
    }

    /// A uniformly random element: one element of each level's orbit, drawn uniformly, multiplied
    /// from the deepest level up (every element is one such product, in one way).
    pub fn random(&self, mut draw: impl FnMut(usize) -> usize) -> SlotPerm {
        let mut g: SlotPerm = (0..self.n as u16).collect();
        for level in self.levels.iter().rev() {
            let orbit: Vec<&SlotPerm> = level.reps.iter().flatten().map(|(s, _)| s).collect();
            if orbit.len() > 1 {
                g = then(&g, orbit[draw(orbit.len())]);
            }
        }
        g
    }
}
