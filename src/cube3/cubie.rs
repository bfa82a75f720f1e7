//! The 3x3x3 as cubies: `cp[i]`/`ep[i]` is the corner/edge at position `i`, `co[i]`/`eo[i]` its twist or
//! flip; centres stay put. Moves and symmetries are cubies too, applied by multiplication
//! (Kociemba's "replaced-by" convention: `(a * b).cp[i] = a.cp[b.cp[i]]`).

use crate::coord::{perm_parity, rank_comb, rank_ori_sum, rank_perm, unrank_ori_sum, unrank_perm};

/// Corner positions in Kociemba's order.
pub const CORNER_NAMES: [&str; 8] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];
/// Edge positions in Kociemba's order: the last four are the UD slice (FR FL BL BR).
pub const EDGE_NAMES: [&str; 12] = [
    "UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR",
];

/// A 3x3x3 with centres fixed. Corner twists are 0..2; 3..5 appear only in mirror symmetries (a
/// mirrored corner, see [`CubieCube::multiply`]).
///
/// The fields are laid out in order (`repr(C)`), so that the optimal solver can read the edges as
/// 16-byte blocks ([`crate::cube3::slice_table::SliceCoords`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct CubieCube {
    pub cp: [u8; 8],
    pub co: [u8; 8],
    pub ep: [u8; 12],
    pub eo: [u8; 12],
}

/// The 18 face turns `U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'`: move `m` turns face
/// `m / 3` (U R F D L B) by `m % 3 + 1` quarters clockwise.
pub const N_MOVES: usize = 18;
pub const MOVE_NAMES: [&str; N_MOVES] = [
    "U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'", "D", "D2", "D'", "L", "L2", "L'", "B", "B2",
    "B'",
];

/// The inverse of face-turn move `m`: a quarter turn's the other way, a half turn itself.
pub const fn inverse_move(m: usize) -> usize {
    m / 3 * 3 + 2 - m % 3
}

const fn cube(cp: [u8; 8], co: [u8; 8], ep: [u8; 12], eo: [u8; 12]) -> CubieCube {
    CubieCube { cp, co, ep, eo }
}

/// Clockwise quarter turns of U R F D L B.
pub const FACE_TURNS: [CubieCube; 6] = [
    cube(
        [3, 0, 1, 2, 4, 5, 6, 7],
        [0; 8],
        [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11],
        [0; 12],
    ),
    cube(
        [4, 1, 2, 0, 7, 5, 6, 3],
        [2, 0, 0, 1, 1, 0, 0, 2],
        [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0],
        [0; 12],
    ),
    cube(
        [1, 5, 2, 3, 0, 4, 6, 7],
        [1, 2, 0, 0, 2, 1, 0, 0],
        [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11],
        [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
    ),
    cube(
        [0, 1, 2, 3, 5, 6, 7, 4],
        [0; 8],
        [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11],
        [0; 12],
    ),
    cube(
        [0, 2, 6, 3, 4, 1, 5, 7],
        [0, 1, 2, 0, 0, 2, 1, 0],
        [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11],
        [0; 12],
    ),
    cube(
        [0, 1, 3, 7, 4, 5, 2, 6],
        [0, 0, 1, 2, 0, 0, 2, 1],
        [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7],
        [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
    ),
];

impl CubieCube {
    pub const SOLVED: CubieCube = cube(
        [0, 1, 2, 3, 4, 5, 6, 7],
        [0; 8],
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        [0; 12],
    );

    /// `self * b`: first `self`, then `b`. Corner twists follow Kociemba's rule for mirrored
    /// cubies (twist >= 3 means the corner is seen in a mirror), so symmetries compose too.
    pub fn multiply(&self, b: &CubieCube) -> CubieCube {
        let mut r = CubieCube::SOLVED;
        for i in 0..8 {
            let j = b.cp[i] as usize;
            r.cp[i] = self.cp[j];
            let (oa, ob) = (self.co[j], b.co[i]);
            r.co[i] = match (oa < 3, ob < 3) {
                (true, true) => (oa + ob) % 3,
                (true, false) => 3 + (oa + ob - 3) % 3,
                (false, true) => 3 + (oa + 3 - ob) % 3,
                (false, false) => (oa + 3 - ob) % 3,
            };
        }
        for i in 0..12 {
            let j = b.ep[i] as usize;
            r.ep[i] = self.ep[j];
            r.eo[i] = (self.eo[j] + b.eo[i]) & 1;
        }
        r
    }

    /// [`CubieCube::multiply`] for cubes without mirrored corners (moves, rotations and the cubes
    /// they make), without its mirror cases: the search's inner loop.
    #[inline(always)]
    pub fn multiply_proper(&self, b: &CubieCube) -> CubieCube {
        const MOD3: [u8; 5] = [0, 1, 2, 0, 1];
        let mut r = CubieCube::SOLVED;
        for i in 0..8 {
            let j = b.cp[i] as usize & 7;
            r.cp[i] = self.cp[j];
            r.co[i] = MOD3[(self.co[j] + b.co[i]) as usize % 5];
        }
        for i in 0..12 {
            let j = b.ep[i] as usize % 12;
            r.ep[i] = self.ep[j];
            r.eo[i] = (self.eo[j] ^ b.eo[i]) & 1;
        }
        r
    }

    pub fn inverse(&self) -> CubieCube {
        let mut r = CubieCube::SOLVED;
        for i in 0..8 {
            let p = self.cp[i] as usize;
            r.cp[p] = i as u8;
            let o = self.co[i];
            r.co[p] = if o >= 3 { o } else { (3 - o) % 3 };
        }
        for i in 0..12 {
            let p = self.ep[i] as usize;
            r.ep[p] = i as u8;
            r.eo[p] = self.eo[i];
        }
        r
    }

    /// Applies face-turn move `m` (see [`MOVE_NAMES`]).
    pub fn apply(&self, m: usize) -> CubieCube {
        let mut c = *self;
        for _ in 0..m % 3 + 1 {
            c = c.multiply(&FACE_TURNS[m / 3]);
        }
        c
    }

    pub fn apply_all(&self, moves: &[usize]) -> CubieCube {
        moves.iter().fold(*self, |c, &m| c.apply(m))
    }

    /// Corner orientation: 0..2187.
    pub fn twist(&self) -> usize {
        rank_ori_sum(&self.co, 3)
    }

    /// Edge orientation: 0..2048.
    pub fn flip(&self) -> usize {
        rank_ori_sum(&self.eo, 2)
    }

    /// Which four positions hold the UD-slice edges (FR FL BL BR): 0..495, 0 when they are home.
    pub fn slice(&self) -> usize {
        let mut mask = [false; 12];
        for i in 0..12 {
            // Counted from the slice end so that home is 0.
            mask[11 - i] = self.ep[i] >= 8;
        }
        rank_comb(&mask)
    }

    /// The UD-slice edges' positions and order: `slice() * 24 + order`, 0..11880. In phase 2 (slice
    /// edges in the slice) it is [`CubieCube::slice_perm`].
    pub fn slice_sorted(&self) -> usize {
        self.edges4(2)
    }

    pub fn set_slice_sorted(&mut self, ss: usize) {
        self.set_edges4(2, ss)
    }

    /// Where the four edges of `group` (0: the U edges UR UF UL UB, 1: the D edges, 2: the slice
    /// edges) are and in which order: `positions * 24 + order`, 0..11880, with positions counted
    /// from the BR end (so that the slice edges at home give 0).
    pub fn edges4(&self, group: u8) -> usize {
        let mut mask = [false; 12];
        let mut p = [0u8; 4];
        let mut k = 0;
        for (i, &e) in self.ep.iter().enumerate() {
            if e / 4 == group {
                mask[11 - i] = true;
                p[k] = e % 4;
                k += 1;
            }
        }
        rank_comb(&mask) * 24 + rank_perm(&p)
    }

    /// Inverse of [`CubieCube::edges4`]: the group's edges where `x` says, the other eight edges in
    /// the remaining positions in increasing order.
    pub fn set_edges4(&mut self, group: u8, x: usize) {
        let mut mask = [false; 12];
        crate::coord::unrank_comb(x / 24, 4, &mut mask);
        let mut p = [0u8; 4];
        unrank_perm(x % 24, &mut p);
        let (mut k, mut other) = (0, 0u8);
        for i in 0..12 {
            if mask[11 - i] {
                self.ep[i] = group * 4 + p[k];
                k += 1;
            } else {
                if other / 4 == group {
                    other += 4;
                }
                self.ep[i] = other;
                other += 1;
            }
        }
    }

    /// Corner permutation: 0..40320.
    pub fn corners(&self) -> usize {
        rank_perm(&self.cp)
    }

    /// The eight U and D edges' permutation, for cubes in phase 2 (slice edges in the slice): 0..40320.
    pub fn ud_edges(&self) -> usize {
        rank_perm(&self.ep[..8])
    }

    /// The four slice edges' order, for cubes in phase 2: 0..24.
    pub fn slice_perm(&self) -> usize {
        let mut p = [0u8; 4];
        for (x, &e) in p.iter_mut().zip(&self.ep[8..]) {
            *x = e.wrapping_sub(8);
        }
        rank_perm(&p)
    }

    pub fn set_twist(&mut self, t: usize) {
        unrank_ori_sum(t, 3, &mut self.co);
    }

    pub fn set_flip(&mut self, f: usize) {
        unrank_ori_sum(f, 2, &mut self.eo);
    }

    pub fn set_corners(&mut self, c: usize) {
        unrank_perm(c, &mut self.cp);
    }

    /// Places the slice edges at the positions of slice coordinate `s` (the others keep their order).
    pub fn set_slice(&mut self, s: usize) {
        let mut mask = [false; 12];
        crate::coord::unrank_comb(s, 4, &mut mask);
        let (mut slice, mut other) = (8u8, 0u8);
        for i in 0..12 {
            if mask[11 - i] {
                self.ep[i] = slice;
                slice += 1;
            } else {
                self.ep[i] = other;
                other += 1;
            }
        }
    }

    pub fn set_ud_edges(&mut self, e: usize) {
        unrank_perm(e, &mut self.ep[..8]);
    }

    pub fn set_slice_perm(&mut self, s: usize) {
        let mut p = [0u8; 4];
        unrank_perm(s, &mut p);
        for (e, &x) in self.ep[8..].iter_mut().zip(&p) {
            *e = x + 8;
        }
    }

    /// Why this is no reachable cube, if it is not: twists, flips and permutation parities.
    pub fn verify(&self) -> Result<(), String> {
        let twist: u32 = self.co.iter().map(|&x| x as u32).sum::<u32>() % 3;
        if twist != 0 {
            let way = if twist == 1 {
                "clockwise"
            } else {
                "counter-clockwise"
            };
            return Err(format!(
                "the corner twists add up to {twist} (mod 3) instead of 0, as if one corner had been \
                 turned {way} in place"
            ));
        }
        if self.eo.iter().map(|&x| x as u32).sum::<u32>() % 2 != 0 {
            return Err(
                "one edge is flipped in place (the edge flips add up to an odd number)".into(),
            );
        }
        if perm_parity(&self.cp) != perm_parity(&self.ep) {
            return Err(
                "two pieces are swapped (the corner and edge permutations have different parities)"
                    .into(),
            );
        }
        Ok(())
    }

    /// A uniformly random reachable cube from 64-bit random numbers (`next()`), for tests and
    /// benchmarks.
    pub fn random(mut next: impl FnMut() -> u64) -> CubieCube {
        let mut c = CubieCube::SOLVED;
        c.set_twist((next() % 2187) as usize);
        c.set_flip((next() % 2048) as usize);
        c.set_corners((next() % 40320) as usize);
        let e = (next() % 479_001_600) as usize;
        unrank_perm(e, &mut c.ep);
        if perm_parity(&c.cp) != perm_parity(&c.ep) {
            c.ep.swap(10, 11);
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_have_order_four_and_inverses_undo() {
        for m in 0..N_MOVES {
            let c = CubieCube::SOLVED.apply(m);
            assert_ne!(c, CubieCube::SOLVED);
            assert_eq!(c.multiply(&c.inverse()), CubieCube::SOLVED);
            let back = c.apply(inverse_move(m));
            assert_eq!(back, CubieCube::SOLVED, "{}", MOVE_NAMES[m]);
        }
    }

    #[test]
    fn coordinates_round_trip() {
        let mut x = 7u64;
        let mut next = || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            x >> 20
        };
        for _ in 0..200 {
            let c = CubieCube::random(&mut next);
            assert_eq!(c.verify(), Ok(()));
            let mut d = CubieCube::SOLVED;
            d.set_twist(c.twist());
            d.set_flip(c.flip());
            assert_eq!((d.co, d.eo), (c.co, c.eo));
            d.set_slice(c.slice());
            assert_eq!(d.slice(), c.slice());
            for g in 0..3 {
                d.set_edges4(g, c.edges4(g));
                assert_eq!(d.edges4(g), c.edges4(g));
            }
        }
        assert_eq!(CubieCube::SOLVED.slice(), 0);
        assert_eq!(CubieCube::SOLVED.slice_perm(), 0);
    }
}
