//! Benchmarks that print figures beside a baseline measured in the same run:
//! `cargo run --release -p tools --bin bench -- [aoj0300|judge]...` (no argument: all).
//!
//! These are measurements, never pass/fail tests: the machine's load moves the numbers.

use std::process::Command;
use std::time::Instant;
use tools::measure::{build, max_rss_mb, median_ms, release_bin, root, runs};
use tools::rng::Rng;
use tools::stickers::floppy_bfs;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let all = ["aoj0300", "judge"];
    let chosen: Vec<&str> = if args.is_empty() {
        all.to_vec()
    } else {
        args.iter().map(String::as_str).collect()
    };
    build("judge", &[]);
    build("twisty", &["aoj0300"]);
    for name in chosen {
        match name {
            "aoj0300" => aoj0300(),
            "judge" => judge_overhead(),
            other => {
                eprintln!(
                    "bench: unknown benchmark `{other}` (known: {})",
                    all.join(", ")
                );
                std::process::exit(2);
            }
        }
    }
}

fn temp_input(name: &str, text: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("twisty-bench-{}-{name}", std::process::id()));
    std::fs::write(&p, text).unwrap();
    p
}

/// aoj0300 on a 30-puzzle input against `/bin/true` run the same way.
fn aoj0300() {
    let mut rng = Rng::new(2014);
    let states = floppy_bfs();
    let mut input = String::from("30\n");
    for _ in 0..30 {
        let (s, _) = states[rng.below(states.len())];
        let line: Vec<String> = s.iter().map(|c| c.to_string()).collect();
        input.push_str(&line.join(" "));
        input.push('\n');
    }
    let file = temp_input("aoj0300.in", &input);
    let reps = 300;
    let bin = release_bin("aoj0300");
    let base = runs(&["/bin/true"], &file, reps);
    let solver = runs(&[bin.to_str().unwrap()], &file, reps);
    println!("aoj0300: 30 puzzles, {reps} runs each, median whole-process wall time and peak RSS");
    println!("  {:<12} {:>9} {:>10}", "", "wall", "peak RSS");
    println!(
        "  {:<12} {:>6.3} ms {:>7.2} MB",
        "/bin/true",
        median_ms(&base),
        max_rss_mb(&base)
    );
    println!(
        "  {:<12} {:>6.3} ms {:>7.2} MB",
        "aoj0300",
        median_ms(&solver),
        max_rss_mb(&solver)
    );
    println!(
        "  ratio aoj0300 / true: {:.2}x (target within 3x); peak RSS {:.2} MB (target under 3 MB)",
        median_ms(&solver) / median_ms(&base),
        max_rss_mb(&solver)
    );
    std::fs::remove_file(file).ok();
}

/// The judge's own time per case beyond the child's run, over all aoj0300 cases, repeated.
fn judge_overhead() {
    let judge = release_bin("judge");
    let reps = 20;
    let mut per_case = Vec::new();
    let mut inner = Vec::new();
    for _ in 0..reps {
        let t = Instant::now();
        let out = Command::new(&judge)
            .current_dir(root())
            .args(["--no-build", "test", "--format", "json", "aoj0300"])
            .output()
            .unwrap();
        let wall = t.elapsed().as_secs_f64() * 1000.0;
        assert!(
            out.status.success(),
            "judge failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let cases = v[0]["cases"].as_array().unwrap();
        let child: f64 = cases.iter().map(|c| c["time_ms"].as_f64().unwrap()).sum();
        let over: f64 = cases
            .iter()
            .map(|c| c["overhead_ms"].as_f64().unwrap())
            .sum();
        per_case.push((wall - child) / cases.len() as f64);
        inner.push(over / cases.len() as f64);
    }
    let med = |v: &mut Vec<f64>| {
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        v[v.len() / 2]
    };
    println!("judge: overhead per case beyond the child's own wall time ({reps} runs of `judge test aoj0300`)");
    println!(
        "  measured inside the judge (helper start, waiting, checking): {:.3} ms",
        med(&mut inner)
    );
    println!(
        "  whole judge process, start-up included, spread over the cases: {:.3} ms",
        med(&mut per_case)
    );
    println!("  target: under 2 ms");
}
