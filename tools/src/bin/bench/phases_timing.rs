//! phases: the engine's solutions in phases on uniformly random states (the scrambler's own draw,
//! a fixed seed), beside the baselines measured on the same states in the same run: the library's
//! two-phase for the 3x3x3 (its own cubie model and tables), and the stabiliser chain's words (what
//! `twisty scramble` gave before phases) for the others.
//!
//! Per puzzle: the chain's phases, the tables' build (read from no cache: a folder of this run's
//! own), mean and worst length, mean and worst time a state, and the process's peak memory so far.

use engine::load::{self, shipped};
use engine::model::choice::Choice;
use engine::model::metric::MoveSet;
use engine::model::Puzzle;
use engine::phases::chain::{self, Chain, Limits};
use engine::phases::look_goal::Look;
use engine::phases::phase_file;
use engine::phases::phase_solver::{Budget, PhaseSolver, TableOptions};
use engine::phases::shipped_phases;
use engine::scrambles::random_state::Scrambler;
use std::time::{Duration, Instant};
use tools::rng::Rng;
use tools::timing::{build, release_bin, root};
use twisty::cube3::cubie::{CubieCube, MOVE_NAMES};
use twisty::cube3::two_phase::TwoPhaseTables;

/// A puzzle and how many states it is measured on; `event`: a WCA event's moves (`twisty scramble
/// 444`'s wide turns) instead of the file's.
struct Row {
    label: &'static str,
    file: &'static str,
    states: usize,
    event: Option<&'static str>,
    anchor: &'static str,
}

const ROWS: [Row; 5] = [
    Row {
        label: "3x3x3",
        file: "puzzles/3x3x3.json",
        states: 100,
        event: None,
        anchor: "",
    },
    Row {
        label: "3x3x3 (centerless)",
        file: "puzzles/community/3x3x3-centerless.kpuzzle.json",
        states: 100,
        event: None,
        anchor: "",
    },
    Row {
        label: "clock",
        file: "puzzles/community/clock.kpuzzle.json",
        states: 5,
        event: None,
        anchor: "",
    },
    Row {
        label: "kilominx",
        file: "puzzles/community/kilominx.kpuzzle.json",
        states: 100,
        event: None,
        anchor: "",
    },
    Row {
        label: "4x4x4, WCA moves",
        file: "puzzles/community/4x4x4.kpuzzle.json",
        states: 100,
        event: Some("444"),
        anchor: "; TNoodle (its published figures): 44.39 (40 to 47), 250 ms",
    },
];

/// The puzzles whose chain is not found (alike pieces) or whose phases are too slow to measure
/// here (docs/phases.md, "Not done yet").
const NOT_MEASURED: &str =
    "5x5x5 and bigger cubes, FTO (alike pieces: no chain, no phases file); megaminx (over five minutes a state)";

/// The bytes of the tables kept in the cache folder.
fn kept_bytes(dir: &std::path::Path) -> u64 {
    let files = std::fs::read_dir(dir).into_iter().flatten().flatten();
    files
        .filter_map(|f| f.metadata().ok())
        .map(|m| m.len())
        .sum()
}

fn peak_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The definition with the event's moves, where the row names an event.
fn open(row: &Row) -> (Puzzle, MoveSet) {
    let text = std::fs::read_to_string(root().join(row.file)).unwrap();
    let def = load::load(row.file, &text).unwrap();
    let moves = row.event.and_then(shipped::event_moves);
    let choice = Choice {
        moves: moves.map(|m| m.split(',').map(String::from).collect()),
        ..Choice::default()
    };
    let c = choice.apply(&def).unwrap();
    (c.puzzle, c.set)
}

/// The chain of the phases shipped for the puzzle, with their looks.
fn shipped_chain(p: &Puzzle, set: &MoveSet) -> Chain {
    let s = shipped_phases::for_puzzle(&p.name).expect("a shipped phases file");
    let file = phase_file::parse(s.text).unwrap();
    let families = chain::families_of(p, set);
    let groups = phase_file::subgroups(&file.groups, set, &families).unwrap();
    let looks: Vec<Option<Look>> = file
        .goals
        .iter()
        .map(|g| {
            let g = g.as_ref()?;
            Some(Look::of(p, s.look(&g.text).unwrap()).unwrap())
        })
        .collect();
    chain::through(p, set, &groups, (&looks, &file.widen), None).unwrap()
}

pub fn run() {
    println!("phases: solutions in phases on uniformly random states (seed 1), beside a baseline on the same states, same run");
    println!("  | puzzle | phases | tables: built, kept | mean length (worst) | a state: mean (worst) | peak memory | baseline: mean length (worst), a state |");
    println!("  |---|---:|---:|---:|---:|---:|---|");
    let cache = std::env::temp_dir().join(format!("twisty-bench-phases-{}", std::process::id()));
    for row in &ROWS {
        measure(row, &cache);
    }
    measure_cli_444(&cache.join("cli"));
    std::fs::remove_dir_all(&cache).ok();
    println!("  not measured: {NOT_MEASURED}");
}

fn measure(row: &Row, cache: &std::path::Path) {
    let (p, set) = open(row);
    let t = Instant::now();
    let limits = Limits {
        phase_size: 3e10,
        fix_size: 1e5,
    };
    // The phases shipped for the puzzle where it has them (as `twisty scramble` takes them: the
    // 4x4x4's, the kilominx's), else the chain chosen from the moves.
    let chain = match shipped_phases::for_puzzle(&p.name) {
        Some(_) => shipped_chain(&p, &set),
        None => chain::choose(&p, &set, limits).unwrap(),
    };
    let phases = chain.phases.len();
    let tables = TableOptions {
        memory: 1 << 30,
        cache_dir: Some(cache.to_path_buf()),
        report: |_, _, _| {},
        near_report: |_, _, _, _| {},
        pattern_report: |_, _, _| {},
    };
    let before = kept_bytes(cache);
    let solver = PhaseSolver::new(&p, &set, chain, &tables).unwrap();
    let build = t.elapsed().as_secs_f64();
    let kept = (kept_bytes(cache) - before) as f64 / 1e6;
    let mut rng = Rng::new(1);
    let mut draw = |n: usize| rng.below(n);
    let words = Scrambler::chain_words_only(&p, &set, &mut draw).unwrap();
    let budget = Budget {
        max_length: None,
        time: Duration::from_millis(300),
    };
    let (mut lengths, mut secs, mut base_lengths, mut base_secs) = (vec![], vec![], vec![], vec![]);
    let two_phase = (row.label == "3x3x3").then(|| TwoPhaseTables::build(2));
    for _ in 0..row.states {
        // The chain's words for a drawn state are its baseline (the same draw makes both).
        let s = words.next(&mut draw);
        let t = Instant::now();
        let answer = solver
            .solve(&s.state, budget)
            .expect("a state of the group");
        secs.push(t.elapsed().as_secs_f64());
        lengths.push(answer.moves.len());
        match &two_phase {
            Some(tp) => {
                let index = |m: usize| MOVE_NAMES.iter().position(|n| *n == set.names[m]).unwrap();
                let moves: Vec<usize> = s.moves.iter().map(|&m| index(m)).collect();
                let cube = CubieCube::SOLVED.apply_all(&moves);
                let t = Instant::now();
                // (At most 20 moves, as `cube3` answers.)
                let path = tp.solve(&cube, 20).unwrap();
                base_secs.push(t.elapsed().as_secs_f64());
                base_lengths.push(path.len());
            }
            None => base_lengths.push(s.moves.len()),
        }
    }
    let mean = |v: &[usize]| v.iter().sum::<usize>() as f64 / v.len() as f64;
    let worst = |v: &[usize]| v.iter().copied().max().unwrap_or(0);
    let fmean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let fworst = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    let baseline = if two_phase.is_some() {
        format!(
            "the library's two-phase: {:.2} ({}), {:.2} ms",
            mean(&base_lengths),
            worst(&base_lengths),
            fmean(&base_secs) * 1e3
        )
    } else {
        format!(
            "the chain's words: {:.1} ({}){}",
            mean(&base_lengths),
            worst(&base_lengths),
            row.anchor
        )
    };
    println!(
        "  | {} ({} states) | {phases} | {build:.2} s, {kept:.0} MB | {:.2} ({}) | {:.3} s ({:.3} s) | {} MB | {baseline} |",
        row.label,
        row.states,
        mean(&lengths),
        worst(&lengths),
        fmean(&secs),
        fworst(&secs),
        peak_kb() / 1024
    );
}

/// `twisty scramble 444` as a user runs it: the shipped phases, then the reduced cube by the
/// library's 3x3x3 two-phase (the CLI's finisher: the engine cannot reach the library's 3x3x3),
/// on 100 states of the command's own draw (seed 1). A first run of one state builds the tables
/// into an empty folder; a state's time is the 100 states' run less a run of one, over 99.
fn measure_cli_444(cache: &std::path::Path) {
    build("twisty-cli", &["twisty"]);
    let exe = release_bin("twisty");
    let run = |count: usize| {
        let t = Instant::now();
        let out = std::process::Command::new(&exe)
            .args([
                "scramble",
                "444",
                "--seed",
                "1",
                "--count",
                &count.to_string(),
            ])
            .arg("--cache-dir")
            .arg(cache)
            .output()
            .expect("twisty runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        (
            t.elapsed().as_secs_f64(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (first, _) = run(1);
    let (all, text) = run(100);
    let (one, _) = run(1);
    let lengths: Vec<usize> = text.lines().map(|l| l.split_whitespace().count()).collect();
    let mean = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
    let worst = lengths.iter().max().copied().unwrap_or(0);
    println!(
        "  | 4x4x4, `twisty scramble 444` (100 states, its own draw) | 3 + the library's 3x3x3 two-phase | {first:.1} s (a first run, tables built) | {mean:.2} ({worst}) | {:.3} s | | TNoodle (its published figures): 44.39 (40 to 47), 250 ms |",
        (all - one) / 99.0
    );
}
