//! aoj0300 (the Floppy Cube) against `/bin/true` run the same way.

use crate::shared::temp_input;
use tools::rng::Rng;
use tools::sticker_sims::floppy_bfs;
use tools::timing::{max_rss_mb, median_ms, release_bin, runs};

/// aoj0300 on a 30-puzzle input against `/bin/true` run the same way.
pub fn run() {
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
