//! The judge's own cost per case, beside the solver's.

use std::process::Command;
use std::time::Instant;
use tools::timing::{release_bin, root};

/// The judge's own time per case beyond the child's run, over all aoj0300 cases, repeated.
pub fn run() {
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
