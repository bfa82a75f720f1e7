//! The 3x3x3 solvers' figures: `cargo bench -p tools --bench cube3 [-- --states N --opt14 N
//! --random N --random-limit SECONDS]`.
//!
//! - cube3 (two-phase, at most 20 moves) against the `min2phase` crate on the same random cubes, in
//!   the same run, one thread each: mean time per cube, mean length, table set-up time.
//! - cube3-opt: median time for random cubes of optimal length 14, and for fully random cubes
//!   (optimal length 17-18, minutes each or more: each gets a time limit), with the tables' sizes and
//!   build times.

use std::time::{Duration, Instant};
use twisty::cube3::optimal::OptimalTables;
use twisty::cube3::two_phase::TwoPhaseTables;
use twisty::cube3::{to_facelets, CubieCube, MOVE_NAMES};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() {
        f64::NAN
    } else {
        v[v.len() / 2]
    }
}

fn main() {
    let states = arg("--states", 1000);
    let opt14 = arg("--opt14", 10);
    let random = arg("--random", 2);
    let limit = Duration::from_secs(arg("--random-limit", 300) as u64);
    let mut rng = Rng(20261123);
    let cubes: Vec<CubieCube> = (0..states)
        .map(|_| CubieCube::random(|| rng.next()))
        .collect();

    // Tables built in memory (no cache), so that the build time is measured.
    let t = Instant::now();
    let two = TwoPhaseTables::build(1);
    let two_build = t.elapsed();
    let t = Instant::now();
    let two2 = TwoPhaseTables::build(2);
    let two_build2 = t.elapsed();
    drop(two2);

    let t = Instant::now();
    let facelets: Vec<String> = cubes.iter().map(to_facelets).collect();
    let _ = min2phase::solve(&facelets[0], 20);
    let m2p_init = t.elapsed();

    let t = Instant::now();
    let mut ours_len = 0;
    for c in &cubes {
        let s = two.solve(c, 20).expect("at most 20");
        assert_eq!(c.apply_all(&s), CubieCube::SOLVED);
        ours_len += s.len();
    }
    let ours = t.elapsed();
    let t = Instant::now();
    let mut theirs_len = 0;
    for f in &facelets {
        let s = min2phase::solve(f, 20);
        assert!(!s.starts_with("Error"), "{s}");
        theirs_len += s.split_whitespace().count();
    }
    let theirs = t.elapsed();
    let per = |d: Duration| d.as_secs_f64() * 1000.0 / states as f64;
    println!("cube3 two-phase, at most 20 moves, {states} random cubes, one thread each:");
    println!(
        "{:<28} {:>12} {:>12} {:>24}",
        "solver", "ms per cube", "mean moves", "tables"
    );
    println!(
        "{:<28} {:>12.2} {:>12.2} {:>24}",
        "twisty cube3",
        per(ours),
        ours_len as f64 / states as f64,
        format!(
            "built {:.1} s (2 threads {:.1} s)",
            two_build.as_secs_f64(),
            two_build2.as_secs_f64()
        )
    );
    println!(
        "{:<28} {:>12.2} {:>12.2} {:>24}",
        "min2phase crate 0.2",
        per(theirs),
        theirs_len as f64 / states as f64,
        format!("set up {:.2} s", m2p_init.as_secs_f64())
    );

    // The optimal solver.
    let dir = std::env::temp_dir().join(format!("twisty-bench-{}", std::process::id()));
    let t = Instant::now();
    let opt = OptimalTables::load_or_build(two, Some(&dir), 2, |m| eprintln!("{m}"));
    let opt_build = t.elapsed();
    let sizes: Vec<String> = std::fs::read_dir(&dir)
        .map(|d| {
            let mut v: Vec<(String, u64)> = d
                .filter_map(|e| e.ok())
                .map(|e| {
                    (
                        e.file_name().to_string_lossy().into_owned(),
                        e.metadata().map_or(0, |m| m.len()),
                    )
                })
                .collect();
            v.sort();
            v.into_iter()
                .map(|(n, l)| format!("{n} {:.1} MB", l as f64 / 1e6))
                .collect()
        })
        .unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    println!();
    println!(
        "cube3-opt tables: two-phase tables above, pattern databases built in {:.1} s (2 threads): {}",
        opt_build.as_secs_f64(),
        sizes.join(", ")
    );
    let mut times = Vec::new();
    let mut nodes = Vec::new();
    while times.len() < opt14 {
        // Random 14-move scrambles (no face twice running); kept when 14 is optimal.
        let mut c = CubieCube::SOLVED;
        let mut last = 99;
        for _ in 0..14 {
            let mut m = (rng.next() % 18) as usize;
            while m / 3 == last {
                m = (rng.next() % 18) as usize;
            }
            last = m / 3;
            c = c.apply(m);
        }
        let t = Instant::now();
        let (s, stats) = opt.solve(&c, |_, _| {});
        if s.len() == 14 {
            times.push(t.elapsed().as_secs_f64());
            nodes.push(stats.nodes as f64);
        }
    }
    println!(
        "cube3-opt, {opt14} random cubes of optimal length 14: median {:.2} s, median {:.1} million nodes",
        median(times),
        median(nodes) / 1e6
    );
    let opt: &'static OptimalTables = Box::leak(Box::new(opt));
    for k in 0..random {
        let c = CubieCube::random(|| rng.next());
        let (tx, rx) = std::sync::mpsc::channel();
        let t = Instant::now();
        std::thread::spawn(move || {
            let r = opt.solve(&c, |_, _| {});
            let _ = tx.send(r);
        });
        match rx.recv_timeout(limit) {
            Ok((s, stats)) => {
                let names: Vec<&str> = s.iter().map(|&m| MOVE_NAMES[m]).collect();
                println!(
                    "cube3-opt, random cube {}: {} moves in {:.1} s ({:.0} million nodes): {}",
                    k + 1,
                    s.len(),
                    t.elapsed().as_secs_f64(),
                    stats.nodes as f64 / 1e6,
                    names.join(" ")
                );
            }
            Err(_) => println!(
                "cube3-opt, random cube {}: not finished within {} s (left running no longer)",
                k + 1,
                limit.as_secs()
            ),
        }
    }
    std::process::exit(0);
}
