//! The edge coordinate conjugated by a symmetry without a table: the cube's three 12-bit edge masks
//! (E-slice pieces, M-slice pieces, flipped E-slice pieces, by position) have their bits moved as
//! the symmetry moves positions, then are ranked again ([`super::SliceCoords::view_index`]). Each
//! table here is a few KB, so a search's look-up of a conjugated coordinate never misses in cache.

use crate::cube3::symmetry::Symmetries;

/// Edge pieces of the M slice (UF, UB, DF, DB); E is 8..12 (FR FL BL BR), S the rest. (Here, not in
/// `coords`, which builds on this module: neither imports the other back.)
pub(super) const M_SLICE: [u8; 4] = [1, 3, 5, 7];

/// How a symmetry S moves the edge coordinate's three 12-bit masks (E-slice pieces, M-slice pieces,
/// flipped E-slice pieces, by position), so that a conjugated cube's edge coordinate needs no
/// table: position `i` of `S c S^-1` shows position `src[i]` of `c`, which `lo` and `hi` apply to
/// a mask's two halves.
#[derive(Clone, Copy)]
pub struct EdgeSym {
    lo: [u16; 64],
    hi: [u16; 64],
    /// S takes M-slice pieces to S-slice pieces (a quarter turn about U-D).
    swap: bool,
    /// Flips that S adds at each position holding an E-slice piece.
    flips: u16,
}

/// `COMPRESS[mask][x]`: the bits of `x` where `mask` has ones, packed low (a 6-bit `pext`).
pub struct Compress {
    bits: [[u8; 64]; 64],
}

impl Default for Compress {
    fn default() -> Self {
        Compress::new()
    }
}

impl Compress {
    pub fn new() -> Self {
        let mut bits = [[0u8; 64]; 64];
        for (mask, row) in bits.iter_mut().enumerate() {
            for (x, out) in row.iter_mut().enumerate() {
                let mut k = 0;
                for i in 0..6 {
                    if mask >> i & 1 == 1 {
                        *out |= ((x >> i & 1) << k) as u8;
                        k += 1;
                    }
                }
            }
        }
        Compress { bits }
    }

    /// The bits of the 12-bit `x` where `mask` has ones, packed low.
    #[inline(always)]
    pub fn of(&self, x: usize, mask: usize) -> usize {
        let (mlo, mhi) = (mask & 63, mask >> 6 & 63);
        self.bits[mlo][x & 63] as usize
            | (self.bits[mhi][x >> 6 & 63] as usize) << (mlo as u32).count_ones()
    }
}

impl EdgeSym {
    /// How symmetry `s` of `syms` moves the edge masks.
    pub fn new(syms: &Symmetries, s: usize) -> Self {
        let (sc, inv) = (&syms.cubes[s], &syms.cubes[syms.inverse[s]]);
        let turn = |x: usize| -> u16 {
            (0..12)
                .filter(|&i| x >> inv.ep[i] & 1 == 1)
                .map(|i| 1u16 << i)
                .sum()
        };
        let mut flips = 0u16;
        for i in 0..12 {
            // Position i of S c S^-1 gets S's flip of the (E-slice) piece and S^-1's at i.
            flips |= u16::from((sc.eo[8] ^ inv.eo[i]) & 1) << i;
        }
        EdgeSym {
            lo: std::array::from_fn(turn),
            hi: std::array::from_fn(|x| turn(x << 6)),
            swap: !M_SLICE.contains(&sc.ep[1]),
            flips,
        }
    }

    /// The three masks of `S c S^-1` from those of `c`.
    #[inline(always)]
    pub fn turn(&self, e: usize, m: usize, f: usize) -> (usize, usize, usize) {
        let turn = |x: usize| (self.lo[x & 63] | self.hi[x >> 6]) as usize;
        let e2 = turn(e);
        let m2 = if self.swap {
            turn(0xfff & !e & !m)
        } else {
            turn(m)
        };
        (e2, m2, turn(f) ^ (self.flips as usize & e2))
    }
}
