//! aoj0300 (the Floppy Cube): all 192 states, 30 per file, every other one with its colours
//! renumbered.

use std::fmt::Write as _;
use tools::rng::Rng;
use tools::sticker_sims::{floppy_bfs, recolour};

/// All 192 Floppy states, 30 per file, every other one with its colours renumbered.
pub fn aoj0300() -> Vec<(String, String, String)> {
    let mut rng = Rng::new(300);
    let mut states = floppy_bfs();
    assert_eq!(states.len(), 192);
    rng.shuffle(&mut states);
    let mut files = Vec::new();
    for (k, chunk) in states.chunks(30).enumerate() {
        let (mut input, mut answer) = (format!("{}\n", chunk.len()), String::new());
        for (i, (s, d)) in chunk.iter().enumerate() {
            let s = if i % 2 == 1 {
                let mut perm = [1, 2, 3, 4, 5, 6];
                rng.shuffle(&mut perm);
                recolour(s, &perm)
            } else {
                *s
            };
            let line: Vec<String> = s.iter().map(|c| c.to_string()).collect();
            writeln!(input, "{}", line.join(" ")).unwrap();
            writeln!(answer, "{d}").unwrap();
        }
        files.push((format!("all-{}", k + 1), input, answer));
    }
    files
}
