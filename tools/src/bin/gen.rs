//! Test-case generators: `cargo run -p tools --bin gen -- PROBLEM [--out DIR]`.
//!
//! Answers come from sticker-level simulation (`tools::stickers`), never from the solver under test.
//! Output is deterministic (fixed seeds), so regenerating gives the same files.

use clap::{Parser, ValueEnum};
use std::fmt::Write as _;
use std::path::PathBuf;
use tools::rng::Rng;
use tools::stickers::{floppy_bfs, recolour};

#[derive(Parser)]
#[command(about = "Generate test cases with independently computed answers")]
struct Cli {
    problem: Problem,
    /// Folder to write into (default: testcases/<problem> of the workspace).
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Problem {
    Aoj0300,
}

fn main() {
    let cli = Cli::parse();
    let (name, files) = match cli.problem {
        Problem::Aoj0300 => ("aoj0300", aoj0300()),
    };
    let dir = cli
        .out
        .unwrap_or_else(|| tools::measure::root().join("testcases").join(name));
    std::fs::create_dir_all(&dir).unwrap();
    for (stem, input, answer) in &files {
        std::fs::write(dir.join(format!("{stem}.in")), input).unwrap();
        std::fs::write(dir.join(format!("{stem}.out")), answer).unwrap();
    }
    eprintln!("wrote {} cases to {}", files.len(), dir.display());
}

/// All 192 Floppy states, 30 per file, every other one with its colours renumbered.
fn aoj0300() -> Vec<(String, String, String)> {
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
