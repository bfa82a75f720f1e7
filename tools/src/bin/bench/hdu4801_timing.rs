//! hdu4801: 10,000 cases.

use crate::shared::{scrambles, temp_input};
use std::process::Command;
use std::time::Instant;
use tools::timing::{max_rss_mb, median_ms, release_bin, runs};
use twisty::cube2::{scramble, CubieCube, HDU4801};

/// `n` random HDU 4801 cases at N = 7 (the input text) and their cubes.
pub fn hdu4801_cases(seed: u64, n: usize) -> (String, Vec<CubieCube>) {
    let mut input = String::new();
    let mut cubes = Vec::new();
    for text in scrambles(seed, n) {
        let cube = scramble(&text, 1).unwrap();
        let colours = HDU4801.from_canonical(&cube.to_stickers());
        let line: Vec<String> = colours.iter().map(|c| c.to_string()).collect();
        input.push_str(&format!("7\n{}\n", line.join(" ")));
        cubes.push(cube);
    }
    (input, cubes)
}

/// hdu4801: 10,000 random cases at N = 7, whole process (one table for all), against the search per
/// case the binary used before (depth-first over U R F quarter turns), timed in the same run on the
/// first 100 cases and scaled.
pub fn run() {
    use twisty::cube2::{solver_move, CubieCube, QUARTER_MOVES};
    let (input, cubes) = hdu4801_cases(4801, 10_000);
    let file = temp_input("hdu4801.in", &input);
    let bin = release_bin("hdu4801");
    let table = runs(&[bin.to_str().unwrap()], &file, 5);
    let turns: Vec<CubieCube> = QUARTER_MOVES
        .iter()
        .map(|&m| CubieCube::of_move(solver_move(m)).unwrap())
        .collect();
    fn dfs(
        c: &CubieCube,
        left: u32,
        last: Option<usize>,
        run: u32,
        t: &[CubieCube],
        best: &mut usize,
    ) {
        if left == 0 || *best == 6 {
            return;
        }
        for k in 0..t.len() {
            let run = if last == Some(k) { run + 1 } else { 1 };
            if last.is_some_and(|l| l != k && l / 2 == k / 2) || run > 2 {
                continue;
            }
            let next = c.then(&t[k]);
            *best = (*best).max(next.uniform_faces());
            dfs(&next, left - 1, Some(k), run, t, best);
        }
    }
    let sample = 100;
    let mut agree = 0;
    let out = Command::new(&bin)
        .stdin(std::fs::File::open(&file).unwrap())
        .output()
        .unwrap();
    let answers: Vec<usize> = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let search_start = Instant::now();
    for (i, c) in cubes.iter().take(sample).enumerate() {
        let mut best = c.uniform_faces();
        dfs(c, 7, None, 0, &turns, &mut best);
        agree += usize::from(answers[i] == best);
    }
    let per_case = search_start.elapsed().as_secs_f64() * 1000.0 / sample as f64;
    println!("hdu4801: 10,000 random cases, all N = 7");
    println!(
        "  table (whole process, median of 5): {:>9.1} ms, peak RSS {:.1} MB",
        median_ms(&table),
        max_rss_mb(&table)
    );
    println!(
        "  search per case (before): {per_case:.2} ms per case x 10,000 = {:.1} s (timed on {sample} cases)",
        per_case * 10.0
    );
    println!(
        "  speed-up {:.0}x; answers agree on {agree} of {sample}",
        per_case * 10_000.0 / median_ms(&table)
    );
    std::fs::remove_file(file).ok();
}
