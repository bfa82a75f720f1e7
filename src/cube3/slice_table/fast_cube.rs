//! The search's cube: each piece one byte (position in the low nibble, twist or flip above), corners
//! and edges in one 16-byte block each, so that a product is a byte shuffle (`pshufb`) and the
//! masks the coordinates start from are byte compares. Without SSSE3 the same layout is worked
//! byte by byte.
//!
//! Only cubes without mirrored corners (moves, rotations and what they make) are represented: a
//! corner twist is 0, 1 or 2.

use crate::cube3::cubie::CubieCube;

/// Corners in `c[..8]` (piece | twist << 4), edges in `e[..12]` (piece | flip << 4); the rest 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct FastCube {
    c: [u8; 16],
    e: [u8; 16],
}

/// Corner pieces of the first tetrad (URF, ULB, DLF, DRB) as bits.
pub const TETRAD_BITS: u32 = 0b1010_0101;
/// Corner pieces of the U layer (URF, UFL, ULB, UBR) as bits.
pub const U_LAYER_BITS: u32 = 0b0000_1111;

impl FastCube {
    pub fn from_cubie(x: &CubieCube) -> Self {
        let mut f = FastCube {
            c: [0; 16],
            e: [0; 16],
        };
        for i in 0..8 {
            f.c[i] = x.cp[i] | (x.co[i] % 3) << 4;
        }
        for i in 0..12 {
            f.e[i] = x.ep[i] | (x.eo[i] & 1) << 4;
        }
        f
    }

    pub fn to_cubie(&self) -> CubieCube {
        let mut x = CubieCube::SOLVED;
        for i in 0..8 {
            x.cp[i] = self.c[i] & 15;
            x.co[i] = self.c[i] >> 4;
        }
        for i in 0..12 {
            x.ep[i] = self.e[i] & 15;
            x.eo[i] = self.e[i] >> 4;
        }
        x
    }

    pub fn is_solved(&self) -> bool {
        self.c[..8].iter().enumerate().all(|(i, &b)| b == i as u8)
            && self.e[..12].iter().enumerate().all(|(i, &b)| b == i as u8)
    }

    /// `self * b`: first `self`, then `b` ([`CubieCube::multiply`]).
    #[inline(always)]
    pub fn multiply(&self, b: &FastCube) -> FastCube {
        #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
        {
            use std::arch::x86_64::*;
            // SAFETY: SSSE3 is enabled at compile time (cfg above); both blocks are 16 aligned
            // bytes inside `FastCube`.
            unsafe {
                let low = _mm_set1_epi8(0x0f);
                let ori = _mm_set1_epi8(0x30);
                let (ac, bc) = (
                    _mm_load_si128(self.c.as_ptr() as *const __m128i),
                    _mm_load_si128(b.c.as_ptr() as *const __m128i),
                );
                let g = _mm_shuffle_epi8(ac, _mm_and_si128(bc, low));
                let sum = _mm_add_epi8(_mm_and_si128(g, ori), _mm_and_si128(bc, ori));
                // Twists add mod 3: 3 or 4 (48 or 64 in the high nibble) lose 3.
                let wrap = _mm_and_si128(_mm_cmpgt_epi8(sum, _mm_set1_epi8(0x2f)), ori);
                let rc = _mm_or_si128(_mm_and_si128(g, low), _mm_sub_epi8(sum, wrap));
                let (ae, be) = (
                    _mm_load_si128(self.e.as_ptr() as *const __m128i),
                    _mm_load_si128(b.e.as_ptr() as *const __m128i),
                );
                let ge = _mm_shuffle_epi8(ae, _mm_and_si128(be, low));
                let re = _mm_xor_si128(ge, _mm_and_si128(be, _mm_set1_epi8(0x10)));
                let mut r = FastCube {
                    c: [0; 16],
                    e: [0; 16],
                };
                _mm_store_si128(r.c.as_mut_ptr() as *mut __m128i, rc);
                _mm_store_si128(r.e.as_mut_ptr() as *mut __m128i, re);
                r
            }
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
        {
            const MOD3: [u8; 8] = [0, 1, 2, 0, 1, 0, 0, 0];
            let mut r = FastCube {
                c: [0; 16],
                e: [0; 16],
            };
            for i in 0..8 {
                let x = self.c[(b.c[i] & 7) as usize];
                r.c[i] = (x & 15) | MOD3[((x >> 4) + (b.c[i] >> 4)) as usize & 7] << 4;
            }
            for i in 0..12 {
                r.e[i] = self.e[(b.e[i] & 15) as usize] ^ (b.e[i] & 0x10);
            }
            r
        }
    }

    /// Which positions hold the corners of `set` (pieces as bits: [`TETRAD_BITS`] or
    /// [`U_LAYER_BITS`]; 8 bits), and the twist of the first seven corners in base 3 (0..2187).
    #[inline(always)]
    pub fn corner_parts(&self, set: u32) -> (usize, usize) {
        let (mut mask, mut twist) = (0usize, 0usize);
        for i in 0..8 {
            mask |= ((set >> (self.c[i] & 7)) as usize & 1) << i;
        }
        for i in 0..7 {
            twist = twist * 3 + (self.c[i] >> 4) as usize;
        }
        (mask, twist)
    }

    /// The corner pieces by position (their twists above, as [`super::corner_cosets::rank8`]
    /// reads them).
    #[inline(always)]
    pub fn corner_pieces(&self) -> [u8; 8] {
        let mut p = [0u8; 8];
        p.copy_from_slice(&self.c[..8]);
        p
    }

    /// The E-slice pieces (less 8) at the positions of `e_mask`, in position order, two bits
    /// each, the first lowest (the index of [`order_ranks`]'s table).
    #[inline(always)]
    pub fn e_pieces(&self, e_mask: usize) -> usize {
        let (mut code, mut k, mut rest) = (0, 0, e_mask);
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            code |= ((self.e[i] & 3) as usize) << k;
            k += 2;
            rest &= rest - 1;
        }
        code
    }

    /// The edges' orientations by position (12 bits).
    #[inline(always)]
    pub fn orientations(&self) -> usize {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::*;
            // SAFETY: SSE2 is part of x86-64; the load is 16 aligned bytes inside `FastCube`.
            unsafe {
                let e = _mm_load_si128(self.e.as_ptr() as *const __m128i);
                // The flip bit (0x10) moved to each byte's top bit, which movemask reads.
                _mm_movemask_epi8(_mm_slli_epi16(e, 3)) as usize & 0xfff
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            (0..12).map(|i| ((self.e[i] >> 4) as usize & 1) << i).sum()
        }
    }

    /// Masks by position: E-slice pieces, M-slice pieces (UF UB DF DB), flipped E-slice pieces.
    #[inline(always)]
    pub fn edge_masks(&self) -> (usize, usize, usize) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::*;
            // SAFETY: SSE2 is part of x86-64; the load is 16 aligned bytes inside `FastCube`.
            unsafe {
                let e = _mm_load_si128(self.e.as_ptr() as *const __m128i);
                let piece = _mm_and_si128(e, _mm_set1_epi8(0x0f));
                let is_e = _mm_cmpgt_epi8(piece, _mm_set1_epi8(7));
                let one = _mm_set1_epi8(1);
                let odd = _mm_cmpeq_epi8(_mm_and_si128(piece, one), one);
                let flip = _mm_set1_epi8(0x10);
                let flipped = _mm_cmpeq_epi8(_mm_and_si128(e, flip), flip);
                (
                    _mm_movemask_epi8(is_e) as usize & 0xfff,
                    _mm_movemask_epi8(_mm_andnot_si128(is_e, odd)) as usize & 0xfff,
                    _mm_movemask_epi8(_mm_and_si128(is_e, flipped)) as usize & 0xfff,
                )
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let (mut e, mut m, mut f) = (0, 0, 0);
            for i in 0..12 {
                let p = (self.e[i] & 15) as usize;
                let is_e = (p >= 8) as usize;
                e |= is_e << i;
                m |= (p & 1 & (1 - is_e)) << i;
                f |= ((self.e[i] >> 4) as usize & is_e) << i;
            }
            (e, m, f)
        }
    }
}

/// The 24 orders of the four E-slice edges: piece (less 8) by the k-th E-slice position.
const fn orders() -> [[u8; 4]; 24] {
    let mut out = [[0u8; 4]; 24];
    let mut n = 0;
    let mut code = 0;
    while code < 256 {
        let p = [code & 3, code >> 2 & 3, code >> 4 & 3, code >> 6 & 3];
        let distinct = p[0] != p[1]
            && p[0] != p[2]
            && p[0] != p[3]
            && p[1] != p[2]
            && p[1] != p[3]
            && p[2] != p[3];
        if distinct {
            out[n] = [p[0] as u8, p[1] as u8, p[2] as u8, p[3] as u8];
            n += 1;
        }
        code += 1;
    }
    out
}

pub(super) const ORDERS: [[u8; 4]; 24] = orders();

/// The rank of each order by [`FastCube::e_pieces`]'s code (255: not an order; kept as
/// `SliceCoords::order_rank`).
pub(super) fn order_ranks() -> [u8; 256] {
    let mut rank = [255u8; 256];
    for (r, p) in ORDERS.iter().enumerate() {
        let code = (0..4).fold(0, |c, k| c | (p[k] as usize) << (2 * k));
        rank[code] = r as u8;
    }
    rank
}
