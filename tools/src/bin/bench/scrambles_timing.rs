//! scrambles: the engine's random-state scrambles beside twips' `scramble` (cubing.js's search
//! engine, its hand-made scramble finders per event) in the same run, and `solve --scrambles`
//! (one process for many states) against a process a line.
//!
//! - 2x2x2, pyraminx (without tips) and skewb: the drawing and the solving timed apart, in
//!   process (10,000 states), and whole processes of 1,000 scrambles each beside twips.
//! - FTO, megaminx, 4x4x4: lengths and times of 20 scrambles (the chain's words here; twips has
//!   no FTO scrambles, random moves for the megaminx as the WCA does, and a multi-phase search for
//!   the 4x4x4, given 300 s for two scrambles).
//! - 100 random 3x3x3 14-move scrambles solved by `twisty solve --scrambles` in one process, and
//!   by a process each.

use crate::engine_twips::{run, try_run, twips};
use crate::shared::temp_input;
use engine::model::choice::Choice;
use engine::scrambles::random_state::Scrambler;
use std::time::Instant;
use tools::rng::Rng;
use tools::timing::{release_bin, root};

/// Seconds twips is given for a row (unbounded, its 4x4x4 search grew for many minutes and
/// gigabytes: docs/performance.md, "Figures that were in code comments").
const TWIPS_LIMIT: u64 = 300;

/// A community file with the moves the engine scrambles with (`None`: its default).
struct Puzzle {
    label: &'static str,
    file: &'static str,
    moves: Option<&'static str>,
    /// twips' event id and how many scrambles it is asked for (`None`: it has none for the
    /// event: "Scrambles are not implement for this event yet: fto").
    event: Option<(&'static str, usize)>,
}

const SMALL: [Puzzle; 3] = [
    Puzzle {
        label: "2x2x2",
        file: "puzzles/2x2x2.json",
        moves: None,
        event: Some(("222", 1000)),
    },
    Puzzle {
        label: "pyraminx (no tips)",
        file: "puzzles/community/tetraminx.kpuzzle.json",
        moves: None,
        event: Some(("pyram", 1000)),
    },
    Puzzle {
        label: "skewb",
        file: "puzzles/community/skewb-fixed-corner-with-co-tweaks.kpuzzle.json",
        moves: None,
        event: Some(("skewb", 1000)),
    },
];

const BIG: [Puzzle; 3] = [
    Puzzle {
        label: "FTO",
        file: "tools/bench-data/FTO.tws",
        moves: None,
        event: None,
    },
    Puzzle {
        label: "megaminx",
        file: "puzzles/community/megaminx.kpuzzle.json",
        moves: None,
        event: Some(("minx", 20)),
    },
    Puzzle {
        label: "4x4x4 (faces, wide turns)",
        file: "puzzles/community/4x4x4.kpuzzle.json",
        moves: Some("U,L,F,R,B,D,Uw,Lw,Fw,Rw,Bw,Dw"),
        event: Some(("444", 2)),
    },
];

pub fn run_all() {
    println!("scrambles: random-state scrambles, the engine beside twips 0.12.3, same run");
    let ours = release_bin("twisty");
    let ours = ours.to_str().unwrap();
    let twips = twips();
    let twips = twips.to_str().unwrap();
    for p in &SMALL {
        in_process(p);
    }
    println!("  | puzzle | scrambles | engine: whole process, mean length, peak memory | twips: scrambles, whole process, mean length, peak memory |");
    println!("  |---|---:|---:|---:|");
    for p in &SMALL {
        processes(p, 1000, ours, twips);
    }
    for p in &BIG {
        processes(p, 20, ours, twips);
    }
    solve_many(ours);
}

/// Preparing, drawing 10,000 states, and drawing and solving 10,000, in this process.
fn in_process(p: &Puzzle) {
    let text = std::fs::read_to_string(root().join(p.file)).unwrap();
    let def = engine::load::load(p.file, &text).unwrap();
    let choice = Choice {
        moves: p.moves.map(|m| m.split(',').map(String::from).collect()),
        ..Choice::default()
    };
    let c = choice.apply(&def).unwrap();
    let mut rng = Rng::new(1);
    let mut draw = |n: usize| rng.below(n);
    let t = Instant::now();
    let s = Scrambler::new(&c.puzzle, &c.set, 1 << 30, &mut draw).unwrap();
    let prepare = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for _ in 0..10_000 {
        std::hint::black_box(s.draw_state(&mut draw));
    }
    let drawing = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mut moves = 0;
    for _ in 0..10_000 {
        moves += s.next(&mut draw).moves.len();
    }
    let both = t.elapsed().as_secs_f64();
    println!(
        "  {}: tables {prepare:.2} s; 10,000 states drawn in {:.1} ms, drawn and solved in {:.1} ms (solving {:.1} us a state): {:.0} scrambles a second, {:.2} moves on average",
        p.label,
        drawing * 1e3,
        both * 1e3,
        (both - drawing) / 1e4 * 1e6,
        1e4 / both,
        moves as f64 / 1e4
    );
}

/// Whole processes: `twisty scramble` and `twips scramble` of `n` scrambles each.
fn processes(p: &Puzzle, n: usize, ours: &str, twips: &str) {
    let file = root().join(p.file);
    let count = n.to_string();
    let mut argv = vec![ours, "scramble", file.to_str().unwrap(), "--count", &count];
    argv.extend(["--seed", "1"]);
    if let Some(m) = p.moves {
        argv.extend(["--moves", m]);
    }
    let a = run(&argv);
    let theirs = match p.event {
        Some((event, m)) => {
            let amount = m.to_string();
            let limit = TWIPS_LIMIT.to_string();
            let argv = [
                "timeout", &limit, twips, "scramble", event, "--amount", &amount,
            ];
            match try_run(&argv) {
                Ok(b) => format!(
                    "{m}: {:.2} s, {:.1} moves, {:.0} MB",
                    b.secs,
                    tokens(&b.out) as f64 / m as f64,
                    b.rss_mb
                ),
                Err(_) => format!("{m}: not done in {TWIPS_LIMIT} s"),
            }
        }
        None => "none for this event".into(),
    };
    println!(
        "  | {} | {n} | {:.2} s, {:.1} moves, {:.0} MB | {theirs} |",
        p.label,
        a.secs,
        tokens(&a.out) as f64 / n as f64,
        a.rss_mb,
    );
}

/// Moves in an output (a megaminx scramble of twips' spans seven lines).
fn tokens(out: &str) -> usize {
    out.lines().map(|l| l.split_whitespace().count()).sum()
}

/// 100 random 14-move 3x3x3 scrambles: `solve --scrambles` in one process against a process a
/// line.
fn solve_many(ours: &str) {
    let faces = ["U", "R", "F", "D", "L", "B"];
    let mut rng = Rng::new(14);
    let lines: Vec<String> = (0..100)
        .map(|_| {
            let mut last = 6;
            let mut moves = Vec::new();
            while moves.len() < 14 {
                let f = rng.below(6);
                if f != last {
                    moves.push(format!("{}{}", faces[f], ["", "2", "'"][rng.below(3)]));
                    last = f;
                }
            }
            moves.join(" ")
        })
        .collect();
    let file = temp_input("scrambles-14.txt", &(lines.join("\n") + "\n"));
    let one = run(&[
        ours,
        "solve",
        "3x3x3",
        "--scrambles",
        file.to_str().unwrap(),
    ]);
    let t = Instant::now();
    for l in &lines {
        run(&[ours, "solve", "3x3x3", l]);
    }
    let each = t.elapsed().as_secs_f64();
    println!(
        "  solve --scrambles, 100 random 3x3x3 14-move scrambles: one process {:.1} s ({:.0} MB), a process a line {:.1} s",
        one.secs, one.rss_mb, each
    );
}
