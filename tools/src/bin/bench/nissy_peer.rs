//! `bench nissy`: cube3-opt beside nissy-core's H48 solver (Sebastiano Tronto's C library, the
//! fastest public optimal solver per table size), on nissy's own benchmark scrambles.
//!
//! - nissy-core is not a crate and this machine has no internet: its source is taken from
//!   `$NISSY_CORE_DIR` or `target/nissy-core` (a clone of github.com/sebastianotronto/nissy-core),
//!   copied to `target/nissy-core-build`, and built there by its own `build.sh`. Its tool
//!   `solve_file` generates the table on first use (kept in that folder's `tables/`) and times
//!   the solves alone, as `cube3-opt --stats` does.
//! - nissy at its smallest table (`h48h0`, 30 MiB), cube3-opt at the size nearest it
//!   (`--table-size 40M`: 28 MiB, the same distances reduced by the same 48 symmetries), both on
//!   every core, one process for all the cubes of a length.
//! - The first cubes of `benchmarks/scrambles/scrambles-16.txt` and `-17.txt`; both solvers'
//!   lengths must agree.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tools::timing::{build, root};

const SOLVER: &str = "h48h0";
/// (optimal length, cubes).
const LENGTHS: [(usize, usize); 2] = [(16, 5), (17, 3)];

pub fn run() {
    let Some(src) = source() else {
        eprintln!(
            "bench nissy: nissy-core's source is not here. Clone it (git clone \
             https://github.com/sebastianotronto/nissy-core target/nissy-core) or set NISSY_CORE_DIR."
        );
        std::process::exit(2);
    };
    let dir = root().join("target/nissy-core-build");
    if !dir.join("build.sh").exists() {
        let ok = Command::new("cp")
            .arg("-r")
            .arg(&src)
            .arg(&dir)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "copying {} to {}", src.display(), dir.display());
    }
    build("twisty", &["cube3-opt"]);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let tables = root().join("target/bench-cube3-tables");
    let t = tables.to_str().unwrap();
    println!(
        "nissy-core {SOLVER} beside cube3-opt --table-size 40M, {threads} threads each, solving time only"
    );
    println!("length  cubes   nissy mean   cube3-opt mean");
    for (length, n) in LENGTHS {
        let file = dir.join(format!("benchmarks/scrambles/scrambles-{length}.txt"));
        let text = std::fs::read_to_string(&file).expect("nissy's scrambles");
        let lines: Vec<String> = text.lines().take(n).map(str::to_string).collect();
        let picked = root().join(format!("target/nissy-scrambles-{length}.txt"));
        std::fs::write(&picked, lines.join("\n") + "\n").unwrap();
        let (nissy_secs, nissy_lengths) = nissy(&dir, threads, &picked);
        let ours =
            crate::cube3_opt_timing::solve_lines(&["--tables", t, "--table-size", "40M"], &lines);
        let our_lengths: Vec<usize> = ours.iter().map(|s| s.length).collect();
        assert_eq!(our_lengths, nissy_lengths, "lengths at {length}");
        let our_secs: f64 = ours.iter().map(|s| s.secs).sum();
        println!(
            "{length:>6} {n:>6} {:>10.3} s {:>12.3} s",
            nissy_secs / n as f64,
            our_secs / n as f64
        );
    }
    if let Ok(m) = std::fs::metadata(dir.join("tables").join(SOLVER)) {
        println!("(nissy's {SOLVER} table: {} bytes)", m.len());
    }
}

pub(crate) fn source() -> Option<PathBuf> {
    let dirs = [
        std::env::var_os("NISSY_CORE_DIR").map(PathBuf::from),
        Some(root().join("target/nissy-core")),
    ];
    dirs.into_iter()
        .flatten()
        .find(|d| d.join("build.sh").exists())
}

/// nissy's `solve_file` on `scrambles`: its total time, and each solution's length.
fn nissy(dir: &Path, threads: usize, scrambles: &Path) -> (f64, Vec<usize>) {
    let out = Command::new("./build.sh")
        .args(["tool", "solve_file", SOLVER])
        .arg(scrambles)
        .env("THREADS", threads.to_string())
        .current_dir(dir)
        .stderr(Stdio::inherit())
        .output()
        .expect("nissy-core's build.sh runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let secs = text
        .lines()
        .find_map(|l| l.strip_prefix("Total time: "))
        .and_then(|t| t.trim_end_matches('s').parse().ok())
        .unwrap_or_else(|| panic!("nissy's output has no total time:\n{text}"));
    let mut lines = text.lines();
    let mut lengths = Vec::new();
    while let Some(l) = lines.next() {
        if l == "Solutions:" {
            lengths.push(lines.next().map_or(0, |s| s.split_whitespace().count()));
        }
    }
    (secs, lengths)
}
