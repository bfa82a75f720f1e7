//! The edge coordinate conjugated by a symmetry without a table: the cube's three 12-bit edge masks
//! (E-slice pieces, M-slice pieces, flipped E-slice pieces, by position) have their bits moved as
//! the symmetry moves positions, then are ranked again ([`super::SliceCoords::view_index`]). Each
//! table here is a few KB, so a search's look-up of a conjugated coordinate never misses in cache.

use crate::cube3::symmetry::SymGroup;

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
    /// Which of `c`'s masks (0: E-slice pieces, 1: M, 2: S) become the E and the M masks of
    /// `S c S^-1`: the slices whose pieces S takes to E and to M.
    from: [u8; 2],
    /// Flips that S adds at each position holding an E-slice piece.
    flips: u16,
    /// Whether S flips the pieces of each slice (E, M, S; the same for a whole slice, as an
    /// edge's orientation in its own slice is the same from every axis), and the flips `S^-1`
    /// adds by position.
    slice_flips: [u16; 3],
    inverse_flips: u16,
}

/// `bits[mask][x]`: the bits of `x` where `mask` has ones, packed low (a 6-bit `pext`).
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
    /// How symmetry `s` of `group` moves the edge masks.
    pub fn new(group: &SymGroup, s: usize) -> Self {
        let (sc, inv) = (&group.cubes[s], &group.cubes[group.inverse[s]]);
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
        // A piece p of c shows as piece S.ep[p]: one piece of each slice says where it goes.
        let slice = |p: u8| match p {
            8.. => 0u8,
            _ if M_SLICE.contains(&p) => 1,
            _ => 2,
        };
        let mut from = [0u8; 2];
        for (x, &piece) in [8u8, M_SLICE[0], 0].iter().enumerate() {
            let to = slice(sc.ep[piece as usize]) as usize;
            if to < 2 {
                from[to] = x as u8;
            }
        }
        let slice_flips = [8u8, M_SLICE[0], 0].map(|p| {
            let f = sc.eo[p as usize];
            let same = (0..12u8).filter(|&q| slice(q) == slice(p));
            assert!(same.into_iter().all(|q| sc.eo[q as usize] == f));
            0u16.wrapping_sub(f as u16) & 0xfff
        });
        let inverse_flips = (0..12).map(|i| u16::from(inv.eo[i] & 1) << i).sum();
        EdgeSym {
            lo: std::array::from_fn(turn),
            hi: std::array::from_fn(|x| turn(x << 6)),
            from,
            flips,
            slice_flips,
            inverse_flips,
        }
    }

    /// The orientations (12 bits by position) of `S c S^-1` from those of `c` and its E- and
    /// M-slice masks: position `i` shows `c`'s piece from `src[i]`, flipped by S as its slice
    /// says and by `S^-1` as position `i` says.
    #[inline(always)]
    pub fn turn_orientations(&self, eo: usize, e: usize, m: usize) -> usize {
        let s = 0xfff & !e & !m;
        let [fe, fm, fs] = self.slice_flips.map(|f| f as usize);
        let x = eo ^ (fe & e) ^ (fm & m) ^ (fs & s);
        (self.lo[x & 63] | self.hi[x >> 6]) as usize ^ self.inverse_flips as usize
    }

    /// Which slices of `c` (0: E, 1: M, 2: S) S takes to the E and the M slice.
    #[inline(always)]
    pub(super) fn slices_from(&self) -> [usize; 2] {
        self.from.map(usize::from)
    }

    /// The three masks of `S c S^-1` from those of `c`.
    #[inline(always)]
    pub fn turn(&self, e: usize, m: usize, f: usize) -> (usize, usize, usize) {
        let turn = |x: usize| (self.lo[x & 63] | self.hi[x >> 6]) as usize;
        let masks = [e, m, 0xfff & !e & !m];
        let e2 = turn(masks[self.from[0] as usize]);
        let m2 = turn(masks[self.from[1] as usize]);
        (e2, m2, turn(f) ^ (self.flips as usize & e2))
    }
}
