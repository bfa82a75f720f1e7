//! The learned IDA* heuristic of seed 003 (a network that predicts a 3x3x3's distance from its
//! stickers): [`data`] makes the training data (std only, always built); [`net`] is the network
//! (the `learn` feature: candle); [`search`] is IDA* on stickers with any heuristic (the network's too); [`testset`] draws
//! the evaluation's states by optimal length;
//! [`cli`] is `twisty learn`.
pub mod cli;
pub mod data;
#[cfg(feature = "learn")]
pub mod net;
pub mod search;
pub mod testset;

/// Writes `PATH.fnv64` beside a weights file: the FNV-1a hash of its bytes, so that a damaged or
/// replaced file is noticed before it is used. Returns the hash as written.
pub fn weights_checksum(path: &std::path::Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in &bytes {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    let sum = format!("{h:016x}");
    let mut side = path.as_os_str().to_owned();
    side.push(".fnv64");
    std::fs::write(&side, format!("{sum}\n"))
        .map_err(|e| format!("{}: {e}", PathBuf::from(&side).display()))?;
    Ok(sum)
}

use std::path::PathBuf;
