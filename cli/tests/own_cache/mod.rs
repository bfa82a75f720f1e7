//! The tests' way to run `twisty`: each run with a cache folder of its own.

use assert_cmd::Command;

/// The binary with a cache folder of its own for each run: tables are cached by default, and a
/// test must not find another's.
pub fn twisty() -> Command {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cli-cache-{}-{n}", std::process::id()));
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env("TWISTY_CACHE_DIR", dir);
    c
}
