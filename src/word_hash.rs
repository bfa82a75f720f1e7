//! A hasher for tables keyed by states and move products: a multiply-rotate a word. std's SipHash
//! resists adversaries that a move table does not have, and was a tenth of a megaminx's start
//! and most of a robot model's build.

use std::hash::{BuildHasherDefault, Hasher};

/// Multiply-rotate over 8-byte words (the rest byte by byte); a `u128` key in one multiply.
#[derive(Clone, Copy, Default)]
pub struct WordHasher(u64);

/// A `HashMap` or `HashSet` hasher: `HashSet<K, BuildWordHasher>`.
pub type BuildWordHasher = BuildHasherDefault<WordHasher>;

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.0 =
                (self.0.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(0x517C_C1B7_2722_0A95);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x517C_C1B7_2722_0A95);
        }
    }

    fn write_u128(&mut self, k: u128) {
        // Fold the high half in, then one multiply: hashbrown takes its bucket from the low bits
        // and its tag from the top seven, and the multiply's high bits mix everything.
        let folded = (k as u64) ^ ((k >> 64) as u64).rotate_left(32);
        self.0 = folded.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(26);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
