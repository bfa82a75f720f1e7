//! flood: the judge against a solver that floods its output.

use std::process::Command;
use tools::timing::{max_rss_mb, median_ms, release_bin, runs};

/// The judge against a solver that prints 1 GB (`yes 0 | head -c 1000000000`, output limit raised
/// to 2 GB, answer identical): the judge's peak RSS and wall time, beside the same stream produced
/// and compared by `cmp` alone in the same run.
pub fn run() {
    let dir = std::env::temp_dir().join(format!("twisty-bench-flood-{}", std::process::id()));
    let tc = dir.join("testcases");
    std::fs::create_dir_all(tc.join("flood")).unwrap();
    std::fs::write(
        tc.join("flood.toml"),
        "command = [\"sh\", \"-c\", \"yes 0 | head -c 1000000000\"]\n\
         time_limit_ms = 120000\nmemory_limit_kb = 1048576\noutput_limit_kb = 2000000\n\
         match = \"exact\"\n",
    )
    .unwrap();
    std::fs::write(tc.join("flood/gb.in"), "").unwrap();
    let answer = tc.join("flood/gb.out");
    let ok = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "yes 0 | head -c 1000000000 > '{}'",
            answer.display()
        ))
        .status()
        .unwrap();
    assert!(ok.success());
    let judge = release_bin("judge");
    let empty = tc.join("flood/gb.in");
    let root = dir.to_str().unwrap();
    let judged = runs(
        &[
            judge.to_str().unwrap(),
            "--root",
            root,
            "--no-build",
            "test",
        ],
        &empty,
        1,
    );
    let verdict = std::fs::read_to_string(dir.join("target/judge/run/flood/gb.out"))
        .map(|s| s.len())
        .unwrap_or(0);
    let cmp = format!("yes 0 | head -c 1000000000 | cmp - '{}'", answer.display());
    let baseline = runs(&["sh", "-c", &cmp], &empty, 1);
    println!("flood: a solver printing 1 GB of `0` lines, compared in full (output limit 2 GB)");
    println!(
        "  judge test:          {:>8.0} ms, peak RSS {:>6.1} MB (largest single process of the run)",
        median_ms(&judged),
        max_rss_mb(&judged)
    );
    println!(
        "  yes | head | cmp:    {:>8.0} ms, peak RSS {:>6.1} MB (the same bytes, no judge)",
        median_ms(&baseline),
        max_rss_mb(&baseline)
    );
    println!("  output kept: {:.0} MB", verdict as f64 / 1e6);
    std::fs::remove_dir_all(&dir).ok();
}
