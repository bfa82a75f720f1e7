//! Timing whole processes for benchmarks, with peak RSS through the judge's measuring helper.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The workspace root (this crate lives in `tools/`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

pub fn release_bin(name: &str) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"));
    target.join("release").join(name)
}

/// Builds release binaries of a package.
pub fn build(package: &str, bins: &[&str]) {
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.current_dir(root())
        .args(["build", "--release", "--quiet", "-p", package]);
    for b in bins {
        cmd.args(["--bin", b]);
    }
    assert!(
        cmd.status().expect("cargo runs").success(),
        "cargo build failed"
    );
}

/// One run: wall time (µs, spawn to exit, as the helper measures it) and peak RSS (KiB).
#[derive(Clone, Copy, Debug)]
pub struct Run {
    pub wall_us: u64,
    pub maxrss_kb: u64,
    /// Whether the command exited with status 0 (an older build may refuse an input).
    pub succeeded: bool,
}

/// Runs `argv` with `input` as stdin through `judge-measure`, `reps` times.
pub fn runs(argv: &[&str], input: &Path, reps: usize) -> Vec<Run> {
    runs_within(argv, input, reps, 600_000)
}

/// [`runs`] with a time limit of `time_ms` a run (a table build of many minutes).
pub fn runs_within(argv: &[&str], input: &Path, reps: usize, time_ms: u64) -> Vec<Run> {
    let helper = release_bin("judge-measure");
    assert!(
        helper.is_file(),
        "{} missing: cargo build --release -p judge",
        helper.display()
    );
    let report = std::env::temp_dir().join(format!("twisty-bench-{}.report", std::process::id()));
    (0..reps)
        .map(|_| {
            let limits = judge::measure::Limits {
                time_ms,
                memory_kb: 64 << 20,
                output_kb: 16 << 20,
            };
            let ok = Command::new(&helper)
                .args(judge::check::helper_args(&limits, &report))
                .args(argv)
                .stdin(std::fs::File::open(input).unwrap())
                .stdout(Stdio::null())
                .status()
                .unwrap()
                .success();
            assert!(ok);
            let line = std::fs::read_to_string(&report).unwrap();
            let m = judge::measure::Measurement::from_line(&line).expect("the helper's report");
            Run {
                wall_us: m.wall_us,
                maxrss_kb: m.maxrss_kb,
                succeeded: m.exit == Some(0),
            }
        })
        .collect()
}

/// Median of the wall times in ms.
pub fn median_ms(runs: &[Run]) -> f64 {
    let mut w: Vec<u64> = runs.iter().map(|r| r.wall_us).collect();
    w.sort();
    w[w.len() / 2] as f64 / 1000.0
}

pub fn max_rss_mb(runs: &[Run]) -> f64 {
    runs.iter().map(|r| r.maxrss_kb).max().unwrap_or(0) as f64 / 1024.0
}
