//! A state's fingerprint: 64 bits mixed from its labels and orientations, by which the near table
//! keeps it ([`crate::tables::near_table`]); the representatives of classes under the symmetries
//! ([`super::canonical`]) end their hash with the same avalanche.

use super::State;

/// Low bits a fingerprint leaves 0, for the near table's distance.
pub const FREE_BITS: u32 = 4;

/// A state's fingerprint: its labels and orientations mixed into 64 bits, never 0 in the top 60
/// (0 marks an empty slot).
pub fn fingerprint(s: &State) -> u64 {
    #[inline]
    fn mix(mut h: u64, bytes: &[u8]) -> u64 {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 32;
        }
        let mut last = 0u64;
        for (i, &b) in chunks.remainder().iter().enumerate() {
            last |= (b as u64) << (8 * i);
        }
        h = (h ^ last ^ 0xFF).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^ (h >> 32)
    }
    finish_fingerprint(mix(mix(0x243F_6A88_85A3_08D3, &s.label), &s.ori))
}

/// A hash made a fingerprint: a final avalanche (murmur3's) so that the top bits depend on every
/// byte, the low [`FREE_BITS`] cleared (the near table keeps a distance there),
/// never 0.
#[inline]
pub fn finish_fingerprint(h: u64) -> u64 {
    let mut h = h ^ (h >> 33);
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^= h >> 33;
    if h >> FREE_BITS == 0 {
        1 << 63
    } else {
        h & !((1 << FREE_BITS) - 1)
    }
}
