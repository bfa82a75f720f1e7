//! Weights files and their checksums: `PATH.fnv64` beside each, so that a damaged or replaced file
//! is noticed before it is used.

use std::path::{Path, PathBuf};

/// The FNV-1a hash of a file's bytes, as 16 hex digits.
fn fnv64_of(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(twisty::checksum::Fnv64::hex_of(&bytes))
}

fn checksum_file(path: &Path) -> PathBuf {
    let mut side = path.as_os_str().to_owned();
    side.push(".fnv64");
    side.into()
}

/// Writes `PATH.fnv64` beside a weights file: the FNV-1a hash of its bytes, so that a damaged or
/// replaced file is noticed before it is used. Returns the hash as written.
pub fn weights_checksum(path: &Path) -> Result<String, String> {
    let sum = fnv64_of(path)?;
    let side = checksum_file(path);
    std::fs::write(&side, format!("{sum}\n")).map_err(|e| format!("{}: {e}", side.display()))?;
    Ok(sum)
}

/// Checks a weights file against its `PATH.fnv64`; returns the hash.
pub fn verify_checksum(path: &Path) -> Result<String, String> {
    let side = checksum_file(path);
    let want = std::fs::read_to_string(&side).map_err(|e| format!("{}: {e}", side.display()))?;
    let sum = fnv64_of(path)?;
    if want.trim() != sum {
        return Err(format!(
            "{}: checksum {sum} does not match {} ({}): the weights are damaged or were replaced",
            path.display(),
            side.display(),
            want.trim()
        ));
    }
    Ok(sum)
}
