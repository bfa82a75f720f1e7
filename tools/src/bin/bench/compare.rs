//! `bench compare REV`: this tree against another commit, built in a worktree, in one sitting:
//! whole-process wall time and peak RSS of the judge binaries and the engine on the same inputs,
//! three runs each (old and new alternate, so that a change in the machine's load hits both), and
//! the bundles' sizes.
//!
//! cube3-opt's rows read the 2.8 GB table from `target/bench-cube3-tables` (shared with `bench
//! cube3-opt`; built there on first use: docs/performance.md, "Tables opened, not read, built
//! within their size") and the engine's rows their pattern databases from one cache folder: both
//! trees read the same files, warmed by a run of each before the timed ones.

use crate::compare_engine;
use crate::cube3_opt_timing::{by_length, random_cubes, tables_dir};
use crate::engine_twips::{def, without_rotations};
use crate::hdu4801_timing::hdu4801_cases;
use crate::shared::{scrambles, temp_input};
use std::path::{Path, PathBuf};
use std::process::Command;
use tools::rng::Rng;
use tools::sticker_sims::floppy_bfs;
use tools::timing::{max_rss_mb, median_ms, root, runs};

/// Runs of the whole comparison: each row's three medians show the noise beside the change.
const RUNS: usize = 3;

/// One row: a binary, its arguments, what it measures, its input and repetitions per run.
#[derive(Clone)]
struct Case {
    bin: &'static str,
    args: Vec<String>,
    what: String,
    input: String,
    reps: usize,
    /// Run once in each tree before the timed runs (tables to the cache folder or page cache).
    warm_up: bool,
}

fn case(bin: &'static str, args: &[&str], what: &str, input: String, reps: usize) -> Case {
    let args = args.iter().map(|a| a.to_string()).collect();
    Case {
        bin,
        args,
        what: what.to_string(),
        input,
        reps,
        warm_up: false,
    }
}

/// The engine's rows of `bench engine-twips` that take it over a few milliseconds, the issue's
/// FTO row, and a row for each community file ([`compare_engine`]), their tables in
/// `engine_cache` (a folder of each tree's own: their files may differ).
fn engine_rows(engine_cache: &Path, community: &[compare_engine::Row]) -> Vec<Case> {
    let tmp = std::env::temp_dir().join(format!("twisty-bench-defs-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let cube3 = def("3x3x3", "puzzles/3x3x3.json", &tmp);
    let fto = def("FTO", "tools/bench-data/FTO.tws", &tmp);
    let mega = def("megaminx", "tools/bench-data/megaminx.tws", &tmp);
    let fto_slices = def("FTO + slices", "tools/bench-data/FTO-slices.tws", &tmp);
    let mega_js = without_rotations(def(
        "megaminx (cubing.js)",
        "puzzles/community/megaminx.kpuzzle.json",
        &tmp,
    ));
    let cube3_moves = "U,D,F,B,L,R".to_string();
    let cache = engine_cache.to_str().unwrap();
    let mut rows = Vec::new();
    for (d, moves, scramble) in [
        (&cube3, &cube3_moves, "R U2 F' L D2 B' R2 U' F D L'"),
        (&cube3, &cube3_moves, "R U2 F' L D2 B' R2 U' F D L' B2 U"),
        (&fto, &fto.moves.join(","), "U R F L BB' D BR"),
        (&mega, &mega.moves.join(","), "R U F BR"),
        (
            &fto_slices,
            &fto_slices.moves.join(","),
            "R U L BB' F D BR L' U' BB",
        ),
        (&mega_js, &mega_js.moves.join(","), "U R' BR F2 L DR' BL"),
    ] {
        let file = d.ours.to_str().unwrap();
        let args = [
            "solve",
            file,
            "--moves",
            moves,
            "--cache-dir",
            cache,
            scramble,
        ];
        let mut c = case(
            "twisty",
            &args,
            &format!("engine: {} {scramble}", d.label),
            String::new(),
            1,
        );
        c.warm_up = true;
        rows.push(c);
    }
    std::fs::remove_dir_all(tmp).ok();
    let fto = root().join("puzzles/community/fto.kpuzzle.json");
    let fto = fto.to_str().unwrap();
    let scramble = "R U L B' F D BR L' U' B";
    let what = format!("engine: FTO (cubing.js) {scramble}");
    let mut c = case(
        "twisty",
        &["solve", fto, "--cache-dir", cache, scramble],
        &what,
        String::new(),
        1,
    );
    c.warm_up = true;
    rows.push(c);
    for r in community {
        let args = ["solve", &r.file, "--cache-dir", cache, &r.scramble];
        let mut c = case("twisty", &args, &r.what, String::new(), 1);
        c.warm_up = true;
        rows.push(c);
    }
    rows
}

/// cube3-opt's rows of `bench cube3-opt`, their table read from a folder both trees share.
fn cube3_opt_rows() -> Vec<Case> {
    let mut rows = Vec::new();
    let opt_tables = tables_dir();
    let t = opt_tables.to_str().unwrap();
    for (length, lines) in by_length(&opt_tables) {
        let what = format!("cube3-opt: {} of optimal length {length}", lines.len());
        let mut c = case(
            "cube3-opt",
            &["--tables", t],
            &what,
            lines.join("\n") + "\n",
            1,
        );
        c.warm_up = true;
        rows.push(c);
    }
    let random = random_cubes();
    let what = format!("cube3-opt: {} random cubes", random.len());
    let mut c = case(
        "cube3-opt",
        &["--tables", t],
        &what,
        random.join("\n") + "\n",
        1,
    );
    c.warm_up = true;
    rows.push(c);
    rows
}

/// The judge binaries and the engine, built in `tree` into `target`.
fn build_in(tree: &Path, target: &Path, bins: &[&str]) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(&cargo);
    // The `twisty` binary's package: `twisty-cli` since it left the engine's.
    let cli = if tree.join("cli/Cargo.toml").exists() {
        "twisty-cli"
    } else {
        "engine"
    };
    // The bundler's package: `bundler` since it left the tools'.
    let bundler = if tree.join("tools/bundler/Cargo.toml").exists() {
        "bundler"
    } else {
        "tools"
    };
    cmd.current_dir(tree).env("CARGO_TARGET_DIR", target).args([
        "build",
        "--release",
        "--quiet",
        "-p",
        "twisty",
        "-p",
        bundler,
        "-p",
        cli,
    ]);
    for b in bins.iter().chain(&["bundle", "twisty"]) {
        cmd.args(["--bin", b]);
    }
    assert!(
        cmd.status().unwrap().success(),
        "build in {}",
        tree.display()
    );
}

fn inputs(tables: &Path) -> Vec<Case> {
    let mut rng = Rng::new(2014);
    let states = floppy_bfs();
    let mut floppy = String::from("30\n");
    for _ in 0..30 {
        let (s, _) = states[rng.below(states.len())];
        let line: Vec<String> = s.iter().map(|c| c.to_string()).collect();
        floppy.push_str(&(line.join(" ") + "\n"));
    }
    let tables = tables.to_str().unwrap();
    let mipt = "1 1 5 5 2 2 2 2 4 4 6 6 3 3 3 3 5 6 5 6 1 4 1 4\n";
    vec![
        case("aoj0300", &[], "aoj0300, 30 puzzles", floppy, 101),
        case(
            "cube2",
            &[],
            "cube2, 100,000 scrambles",
            scrambles(7, 100_000).join("\n") + "\n",
            5,
        ),
        case(
            "cube2",
            &[],
            "cube2: the 2x2x2 table (empty input)",
            String::new(),
            21,
        ),
        case(
            "hdu4801",
            &[],
            "hdu4801, 10,000 cases",
            hdu4801_cases(4801, 10_000).0,
            5,
        ),
        case(
            "robot2",
            &[],
            "robot2, 1,000 scrambles",
            scrambles(8, 1_000).join("\n") + "\n",
            5,
        ),
        case(
            "robot2",
            &[],
            "robot2 start-up (empty input)",
            String::new(),
            21,
        ),
        case(
            "mipt041",
            &[],
            "mipt041 (QTM table + one answer)",
            mipt.into(),
            21,
        ),
        case(
            "cube3",
            &["--no-cache"],
            "cube3: table build (no cache)",
            String::new(),
            1,
        ),
        case(
            "cube3",
            &["--tables", tables],
            "cube3, 1,000 scrambles (tables read)",
            scrambles(9, 1_000).join("\n") + "\n",
            3,
        ),
        case(
            "twisty",
            &["gods", "2x2x2"],
            "engine: gods 2x2x2",
            String::new(),
            5,
        ),
        case(
            "twisty",
            &["gods", "pancake"],
            "engine: gods pancake (12!)",
            String::new(),
            1,
        ),
    ]
}

/// `bench compare REV`, or with `engine_only` (`--engine`) the engine's rows alone.
pub fn run(rev: &str, engine_only: bool) {
    let root = root();
    let dir = std::env::temp_dir().join(format!("twisty-bench-compare-{}", std::process::id()));
    let git = |args: &[&str]| {
        let ok = Command::new("git")
            .current_dir(&root)
            .args(args)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "git {args:?} failed");
    };
    git(&["worktree", "add", "--detach", dir.to_str().unwrap(), rev]);
    let bins = [
        "aoj0300",
        "cube2",
        "hdu4801",
        "robot2",
        "mipt041",
        "cube3",
        "cube3-opt",
    ];
    // (The older tree's build is kept under this tree's target folder: a second comparison with
    // the same commit builds nothing.)
    let old_target = root
        .join("target/bench-compare")
        .join(rev.replace('/', "_"));
    let new_target = root.join("target");
    eprintln!("bench: building {rev} in {}", dir.display());
    build_in(&dir, &old_target, &bins);
    build_in(&root, &new_target, &bins);
    // Each tree reads the 3x3x3 tables from a folder of its own (the file format may differ).
    let tables = |t: &Path| -> PathBuf { t.join("bench-cube3-tables") };
    let (old_tables, new_tables) = (tables(&old_target), tables(&new_target));
    let exe = |target: &Path, bin: &str| target.join("release").join(bin);
    for (target, t) in [(&old_target, &old_tables), (&new_target, &new_tables)] {
        if engine_only {
            break;
        }
        let warm = temp_input("compare-warm", "");
        runs(
            &[
                exe(target, "cube3").to_str().unwrap(),
                "--tables",
                t.to_str().unwrap(),
            ],
            &warm,
            1,
        );
    }
    println!("compare: this tree against {rev}, whole process, median wall time of each run (ms) and peak RSS");
    println!(
        "  {:<38} {:>26} {:>26}",
        "",
        format!("{rev} ({RUNS} runs)"),
        format!("this tree ({RUNS} runs)")
    );
    let community = compare_engine::community_rows(&root, &exe(&new_target, "twisty"));
    // (Each tree's engine tables start afresh in every comparison: a folder left by an earlier one
    // would hold tables a longer row built, which this run's first rows would then open.)
    let rows_of = |tree: &str, tables: &Path| {
        let cache = dir.join(format!("engine-cache-{tree}"));
        std::fs::create_dir_all(&cache).unwrap();
        let mut rows = if engine_only {
            Vec::new()
        } else {
            inputs(tables)
        };
        rows.extend(engine_rows(&cache, &community));
        if !engine_only {
            rows.extend(cube3_opt_rows());
        }
        rows
    };
    let (old_cases, new_cases) = (rows_of("old", &old_tables), rows_of("new", &new_tables));
    let mut flagged = Vec::new();
    for (old_case, new_case) in old_cases.into_iter().zip(new_cases) {
        let file = temp_input(&format!("compare-{}", old_case.bin), &old_case.input);
        if old_case.warm_up {
            for (target, c) in [(&old_target, &old_case), (&new_target, &new_case)] {
                let mut argv = vec![exe(target, c.bin).to_str().unwrap().to_string()];
                argv.extend(c.args.iter().cloned());
                let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
                runs(&argv, &file, 1);
            }
        }
        // Per tree: the median of each run, and the peak memory over all runs.
        let (mut old, mut new) = ((Vec::new(), 0.0f64), (Vec::new(), 0.0f64));
        // (A tree whose runs failed is said so: the clock's file is refused by 56dc91e in 2 ms.)
        let (mut old_failed, mut new_failed) = (false, false);
        for _ in 0..RUNS {
            for (target, c, out, failed) in [
                (&old_target, &old_case, &mut old, &mut old_failed),
                (&new_target, &new_case, &mut new, &mut new_failed),
            ] {
                let mut argv = vec![exe(target, c.bin).to_str().unwrap().to_string()];
                argv.extend(c.args.iter().cloned());
                let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
                let r = runs(&argv, &file, c.reps);
                out.0.push(median_ms(&r));
                out.1 = out.1.max(max_rss_mb(&r));
                *failed |= r.iter().any(|r| !r.succeeded);
            }
        }
        let show = |v: &[f64]| {
            v.iter()
                .map(|m| format!("{m:.1}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let (ratio, mut mark) = compare_engine::flag(&old.0, &new.0);
        match (old_failed, new_failed) {
            (true, false) => mark = "  (the older one failed: no comparison)",
            (_, true) => mark = "  FAILED",
            _ => {}
        }
        println!(
            "  {:<38} {:>18} {:>5.0} MB {:>18} {:>5.0} MB {ratio:>6.2}x{mark}",
            old_case.what,
            show(&old.0),
            old.1,
            show(&new.0),
            new.1
        );
        if mark == "  SLOWER" || mark == "  FAILED" {
            flagged.push(old_case.what.clone());
        }
        std::fs::remove_file(file).ok();
    }
    println!(
        "  rows more than {}x slower than {rev}, or failing: {}{}",
        compare_engine::SLOWER,
        flagged.len(),
        if flagged.is_empty() {
            String::new()
        } else {
            format!(" ({})", flagged.join("; "))
        }
    );
    // (To run a row by hand: `twisty solve FILE "SCRAMBLE" --stats`.)
    println!("  the community rows' scrambles:");
    for r in &community {
        println!("    {}: {}", r.what, r.scramble);
    }
    if engine_only {
        git(&["worktree", "remove", "--force", dir.to_str().unwrap()]);
        return;
    }
    println!("  bundle sizes (bytes, formatted):");
    for bin in bins {
        let size = |tree: &Path, target: &Path| {
            let out = Command::new(target.join("release/bundle"))
                .current_dir(tree)
                .arg(bin)
                .output()
                .unwrap();
            out.stdout.len()
        };
        println!(
            "  {bin:<38} {:>26} {:>26}",
            size(&dir, &old_target),
            size(&root, &new_target)
        );
    }
    git(&["worktree", "remove", "--force", dir.to_str().unwrap()]);
}
