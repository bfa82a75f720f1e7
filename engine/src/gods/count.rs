//! Counting reachable states: a breadth-first search where the space fits in memory, otherwise the
//! order of the group the moves generate, by Schreier-Sims (for each base point, group elements
//! that map it to each point of its orbit, completed with sifted Schreier generators), as an exact big integer.
//!
//! The group acts on *slots* (a position with an orientation), so orientations are counted too.
//! When pieces are interchangeable the number of states is the group order divided by the order of
//! the goal's stabiliser G ∩ H, where H swaps interchangeable pieces. That intersection is known
//! when H normalises G (then G is normal in <G, H> and |G ∩ H| = |G| |H| / |<G, H>|), so the count
//! is |<G, H>| / |H| ([`distinct_states`]); otherwise only the group order is reported.

use crate::model::{Perm, Puzzle};
use std::fmt;

/// A non-negative integer of any size, enough to multiply and print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BigUint(Vec<u32>);

impl BigUint {
    pub fn one() -> BigUint {
        BigUint(vec![1])
    }
    pub fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for d in &mut self.0 {
            let v = *d as u64 * m as u64 + carry;
            *d = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }
    /// Divides by `d`, which must divide the number.
    pub fn div_exact(&mut self, d: u32) {
        let mut rem = 0u64;
        for x in self.0.iter_mut().rev() {
            let v = (rem << 32) | *x as u64;
            *x = (v / d as u64) as u32;
            rem = v % d as u64;
        }
        debug_assert_eq!(rem, 0, "not a divisor");
        while self.0.len() > 1 && self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    pub fn to_u128(&self) -> Option<u128> {
        if self.0.len() > 4 {
            return None;
        }
        Some(
            self.0
                .iter()
                .rev()
                .fold(0u128, |acc, &d| (acc << 32) | d as u128),
        )
    }
}

impl fmt::Display for BigUint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut digits = self.0.clone();
        let mut parts = Vec::new();
        while digits.iter().any(|&d| d != 0) {
            let mut rem = 0u64;
            for d in digits.iter_mut().rev() {
                let v = (rem << 32) | *d as u64;
                *d = (v / 1_000_000_000) as u32;
                rem = v % 1_000_000_000;
            }
            parts.push(rem as u32);
        }
        match parts.split_last() {
            None => write!(f, "0"),
            Some((first, rest)) => {
                write!(f, "{first}")?;
                for p in rest.iter().rev() {
                    write!(f, "{p:09}")?;
                }
                Ok(())
            }
        }
    }
}

/// A permutation of slots as `dst` (the point at `x` goes to `dst[x]`).
type SlotPerm = Vec<u16>;

/// Each move as a permutation of slots.
pub fn slot_perms(puzzle: &Puzzle, perms: &[&Perm]) -> (usize, Vec<SlotPerm>) {
    let modulus = puzzle.modulus();
    let mut first = Vec::with_capacity(modulus.len());
    let mut n = 0usize;
    for &k in &modulus {
        first.push(n);
        n += k as usize;
    }
    let gens = perms
        .iter()
        .map(|p| {
            let mut dst = vec![0u16; n];
            for q in 0..p.len() {
                let from = p.src[q] as usize;
                let k = modulus[q] as usize;
                for o in 0..k {
                    dst[first[from] + o] = (first[q] + (o + p.twist[q] as usize) % k) as u16;
                }
            }
            dst
        })
        .collect();
    (n, gens)
}

/// Schreier-Sims with base 0, 1, 2, ...: `sigma[k][j]` maps base point `k` to `j` and fixes every
/// point before `k`; `gens[k]` generate the stabiliser of the points before `k`.
struct Chain {
    n: usize,
    sigma: Vec<Vec<Option<SlotPerm>>>,
    gens: Vec<Vec<SlotPerm>>,
}

fn then(a: &[u16], b: &[u16]) -> SlotPerm {
    a.iter().map(|&x| b[x as usize]).collect()
}

fn inverse(a: &[u16]) -> SlotPerm {
    let mut inv = vec![0u16; a.len()];
    for (x, &y) in a.iter().enumerate() {
        inv[y as usize] = x as u16;
    }
    inv
}

fn is_identity(a: &[u16]) -> bool {
    a.iter().enumerate().all(|(x, &y)| x == y as usize)
}

impl Chain {
    fn new(n: usize) -> Chain {
        let id: SlotPerm = (0..n as u16).collect();
        let sigma = (0..n)
            .map(|k| {
                let mut row = vec![None; n];
                row[k] = Some(id.clone());
                row
            })
            .collect();
        Chain {
            n,
            sigma,
            gens: vec![Vec::new(); n],
        }
    }

    /// Sifts `p` (fixing the points before `k`) down the chain; adds what is left as a generator.
    fn sift(&mut self, k: usize, p: SlotPerm) {
        let mut p = p;
        let mut k = k;
        while k < self.n {
            let j = p[k] as usize;
            match &self.sigma[k][j] {
                Some(s) => {
                    p = then(&p, &inverse(s));
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
            self.gens[level].push(p.clone());
            let known: Vec<SlotPerm> = self.sigma[level].iter().flatten().cloned().collect();
            for s in known {
                self.close(level, then(&s, &p));
            }
        }
    }

    fn close(&mut self, k: usize, q: SlotPerm) {
        let j = q[k] as usize;
        if let Some(s) = &self.sigma[k][j] {
            let r = then(&q, &inverse(s));
            if !is_identity(&r) {
                self.sift(k + 1, r);
            }
            return;
        }
        self.sigma[k][j] = Some(q.clone());
        let gens = self.gens[k].clone();
        for g in gens {
            self.close(k, then(&q, &g));
        }
    }
}

impl Chain {
    fn of(n: usize, gens: &[SlotPerm]) -> Chain {
        let mut chain = Chain::new(n);
        for g in gens {
            if !is_identity(g) {
                chain.sift(0, g.clone());
            }
        }
        chain
    }

    fn order(&self) -> BigUint {
        let mut order = BigUint::one();
        for row in &self.sigma {
            order.mul_small(row.iter().filter(|s| s.is_some()).count() as u32);
        }
        order
    }

    /// Whether `p` is in the group (it sifts down to the identity).
    fn contains(&self, p: &[u16]) -> bool {
        let mut p = p.to_vec();
        for k in 0..self.n {
            match &self.sigma[k][p[k] as usize] {
                Some(s) => p = then(&p, &inverse(s)),
                None => return false,
            }
        }
        is_identity(&p)
    }
}

/// The order of the group generated by `perms`.
pub fn group_order(puzzle: &Puzzle, perms: &[&Perm]) -> BigUint {
    let (n, gens) = slot_perms(puzzle, perms);
    Chain::of(n, &gens).order()
}

/// The number of distinct states the moves reach where pieces are interchangeable, when the
/// swaps of interchangeable pieces normalise the group (see the module's note); `None` otherwise.
pub fn distinct_states(puzzle: &Puzzle, perms: &[&Perm]) -> Option<BigUint> {
    let n = puzzle.positions();
    // H: swaps of neighbours within each class of equal labels (orientations kept).
    let mut swaps = Vec::new();
    let mut class_sizes = Vec::new();
    let mut done = vec![false; n];
    for i in 0..n {
        if done[i] {
            continue;
        }
        let class: Vec<usize> = (i..n)
            .filter(|&j| puzzle.goal.label[j] == puzzle.goal.label[i])
            .collect();
        for w in class.windows(2) {
            let mut p = Perm::identity(n);
            p.src.swap(w[0], w[1]);
            swaps.push(p);
        }
        class.iter().for_each(|&j| done[j] = true);
        class_sizes.push(class.len());
    }
    let (slots, g) = slot_perms(puzzle, perms);
    let (_, h) = slot_perms(puzzle, &swaps.iter().collect::<Vec<_>>());
    let group = Chain::of(slots, &g);
    let normal = h.iter().all(|x| {
        let x_inv = inverse(x);
        g.iter().all(|y| group.contains(&then(&then(&x_inv, y), x)))
    });
    if !normal {
        return None;
    }
    let mut both = g;
    both.extend(h);
    let mut count = Chain::of(slots, &both).order();
    for size in class_sizes {
        for f in 2..=size as u32 {
            count.div_exact(f);
        }
    }
    Some(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_numbers_print() {
        let mut x = BigUint::one();
        for i in 1..=25u32 {
            x.mul_small(i);
        }
        assert_eq!(x.to_string(), "15511210043330985984000000"); // 25!
        assert_eq!(BigUint::one().to_u128(), Some(1));
    }
}
