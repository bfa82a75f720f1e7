//! `bench nissy`: cube3-opt beside nissy-core's H48 solver (Sebastiano Tronto's C library, the
//! fastest public optimal solver per table size), on nissy's own benchmark scrambles.
//!
//! - nissy-core is not a crate and this machine has no internet: its source is taken from
//!   `$NISSY_CORE_DIR` or `target/nissy-core` (a clone of github.com/sebastianotronto/nissy-core),
//!   copied to `target/nissy-core-build`, and built there by its own `build.sh`. Its tool
//!   `solve_file` generates the table on first use (kept in that folder's `tables/`) and times
//!   the solves alone, as `cube3-opt --stats` does.
//! - nissy at its smallest table (`h48h0`, 30 MiB), or at the levels `NISSY_LEVELS` names
//!   (`NISSY_LEVELS=0,1,2`: h48h0, h48h1, h48h2; each level doubles the table and its generation
//!   takes longer: minutes for h0, hours for h6 on 2 cores), each beside cube3-opt at the size
//!   nearest it (h0 and cube3-opt's 28 MiB are the same distances reduced by the same 48
//!   symmetries), both on every core, one process for all the cubes of a length.
//! - The first cubes of `benchmarks/scrambles/scrambles-16.txt` and `-17.txt`; both solvers'
//!   lengths must agree.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tools::timing::{build, root};

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
    let levels: Vec<u32> = match std::env::var("NISSY_LEVELS") {
        Ok(v) => v
            .split(',')
            .map(|l| l.trim().parse().ok().filter(|&l| l <= 11))
            .collect::<Option<_>>()
            .unwrap_or_else(|| {
                eprintln!("bench nissy: NISSY_LEVELS takes levels 0 to 11, e.g. 0,1,2");
                std::process::exit(2);
            }),
        Err(_) => vec![0],
    };
    for level in levels {
        beside(&dir, &format!("h48h{level}"));
    }
}

/// nissy's `solver` beside cube3-opt at the size nearest its table.
fn beside(dir: &Path, solver: &str) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let tables = root().join("target/bench-cube3-tables");
    let t = tables.to_str().unwrap();
    // nissy generates its table on first use: a run on no cube makes it, so that its size is known.
    let empty = root().join("target/nissy-scrambles-none.txt");
    std::fs::write(&empty, "").unwrap();
    let generating = std::time::Instant::now();
    let made = nissy_table_bytes(dir, solver).is_none();
    nissy_run(dir, solver, threads, &empty);
    let nissy_bytes = nissy_table_bytes(dir, solver).unwrap_or(0);
    let ours = twisty::cube3::slice_table::SIZES
        .iter()
        .min_by_key(|s| (s.bytes() as i64 - nissy_bytes as i64).abs())
        .unwrap();
    let flag = ours.flag_value();
    println!(
        "nissy-core {solver} ({}{}) beside cube3-opt --table-size {flag} ({}), {threads} threads \
         each, solving time only",
        twisty::bytes::show(nissy_bytes as u128),
        if made {
            format!(", generated in {:.0} s", generating.elapsed().as_secs_f64())
        } else {
            String::new()
        },
        twisty::bytes::show(ours.bytes() as u128)
    );
    println!("length  cubes   nissy mean   cube3-opt mean");
    for (length, n) in LENGTHS {
        let file = dir.join(format!("benchmarks/scrambles/scrambles-{length}.txt"));
        let text = std::fs::read_to_string(&file).expect("nissy's scrambles");
        let lines: Vec<String> = text.lines().take(n).map(str::to_string).collect();
        let picked = root().join(format!("target/nissy-scrambles-{length}.txt"));
        std::fs::write(&picked, lines.join("\n") + "\n").unwrap();
        let (nissy_secs, nissy_lengths) = nissy(dir, solver, threads, &picked);
        let ours =
            crate::cube3_opt_timing::solve_lines(&["--tables", t, "--table-size", &flag], &lines);
        let our_lengths: Vec<usize> = ours.iter().map(|s| s.length).collect();
        assert_eq!(our_lengths, nissy_lengths, "lengths at {length}");
        let our_secs: f64 = ours.iter().map(|s| s.secs).sum();
        println!(
            "{length:>6} {n:>6} {:>10.3} s {:>12.3} s",
            nissy_secs / n as f64,
            our_secs / n as f64
        );
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

/// The size of nissy's table for `solver` (kept in `tables/` under a data id that starts with the
/// solver's name), if it is there.
fn nissy_table_bytes(dir: &Path, solver: &str) -> Option<u64> {
    std::fs::read_dir(dir.join("tables"))
        .ok()?
        .flatten()
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name == solver
                || name.starts_with(&format!("{solver}k"))
                || name.starts_with(&format!("{solver}_"))
        })
        .filter_map(|e| e.metadata().ok().map(|m| m.len()))
        .max()
}

/// nissy's `solve_file` with `solver` on `scrambles`: its output.
fn nissy_run(dir: &Path, solver: &str, threads: usize, scrambles: &Path) -> String {
    let out = Command::new("./build.sh")
        .args(["tool", "solve_file", solver])
        .arg(scrambles)
        .env("THREADS", threads.to_string())
        .current_dir(dir)
        .stderr(Stdio::inherit())
        .output()
        .expect("nissy-core's build.sh runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// nissy's `solve_file` on `scrambles`: its total time, and each solution's length.
fn nissy(dir: &Path, solver: &str, threads: usize, scrambles: &Path) -> (f64, Vec<usize>) {
    let text = nissy_run(dir, solver, threads, scrambles);
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
