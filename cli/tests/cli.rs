//! The `twisty` binary: help, unknown options, errors with exit codes, and each subcommand's output.

use predicates::prelude::*;

mod own_cache;

use own_cache::twisty;

#[test]
fn help_and_unknown_options() {
    for sub in [
        "",
        "list",
        "apply",
        "solve",
        "count",
        "info",
        "scramble",
        "gods",
        "discover",
        "learn",
        "learn data",
        "learn train",
        "learn eval",
    ] {
        let mut c = twisty();
        c.args(sub.split_whitespace());
        c.arg("--help")
            .assert()
            .success()
            .stdout(predicate::str::contains("Usage"));
    }
    twisty()
        .args(["count", "floppy", "--frobnicate"])
        .assert()
        .code(2);
    twisty().arg("juggle").assert().code(2);
    twisty()
        .args(["info", "3x3x3", "--frobnicate"])
        .assert()
        .code(2);
}

#[test]
fn info_lists_the_cubes_48_symmetries() {
    let out = twisty()
        .args(["info", "3x3x3", "--symmetries"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "symmetries: 48 (half of them mirrors); 48 keep the goal's look",
        ))
        .stdout(predicate::str::contains(
            "group: 43252003274489856000 elements",
        ))
        // Kociemba's phase-1 space, its published 64,430 flip-slice classes, the three axes.
        .stdout(predicate::str::contains(
            "table reduced by symmetry: EDGES places of a set of pieces (495) with EDGES twists \
             (2048) x CORNERS twists (2187); 16 symmetries: 64430 classes",
        ))
        .stdout(predicate::str::contains("; 3 views"))
        // Korf's six edges with their flips: 12 x 11 x 10 x 9 x 8 x 7 places, 2^6 flips.
        .stdout(predicate::str::contains(
            "table of tracked pieces: EDGES, where 6 of the pieces are (665280 places x 64 twists",
        ))
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let listed: Vec<&str> = text.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(listed.len(), 48);
    assert_eq!(
        listed.iter().filter(|l| l.contains(": mirror:")).count(),
        24
    );
    // Each lists what the six faces become: six distinct faces.
    for l in &listed {
        let faces: std::collections::BTreeSet<&str> = l
            .split_whitespace()
            .filter_map(|w| w.split('>').nth(1))
            .map(|f| f.trim_end_matches('\''))
            .collect();
        assert_eq!(faces.len(), 6, "{l}");
    }
}

#[test]
fn errors_name_the_file_and_fail() {
    twisty()
        .args(["count", "no-such-puzzle"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(
            "twisty: no-such-puzzle: no such file, and not a shipped definition",
        ));
    let dir = std::env::temp_dir().join(format!("twisty-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.yaml");
    std::fs::write(&bad, "turnSet:\n  baseTurns:\n    - name: U\n      value: [0, 1]\ngoalState:\n  colors: [a, b]\n").unwrap();
    twisty()
        .args(["count", bad.to_str().unwrap()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "bad.yaml:4:15: in move 'U': the cycle starting at 0 never closes",
        ));
    twisty()
        .args(["apply", "2x2x2", "R Q"])
        .assert()
        .code(1)
        .stderr("twisty: moves: column 3: unknown move 'Q'\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn apply_draws_the_net_and_solve_reads_it_back() {
    let out = twisty()
        .args(["apply", "2x2x2-stickers", "R U"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('\x1b'), "no colours when not on a terminal");
    assert!(text.contains("solved: no"));
    // The state line (sticker colours) is what --state reads.
    let line = text.lines().find(|l| l.split(' ').count() == 24).unwrap();
    let dir = std::env::temp_dir().join(format!("twisty-state-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("state.txt");
    std::fs::write(&file, line).unwrap();
    twisty()
        .args(["solve", "2x2x2-stickers", "--state", file.to_str().unwrap()])
        .assert()
        .success()
        .stdout("U' R'\n");
    let colored = twisty()
        .args(["apply", "2x2x2-stickers", "R", "--color", "always"])
        .output()
        .unwrap();
    assert!(String::from_utf8(colored.stdout).unwrap().contains("\x1b["));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_count_gods_discover() {
    twisty()
        .args(["solve", "2x2x2", "R U R' U'"])
        .assert()
        .success()
        .stdout("U R U' R'\n");
    twisty()
        .args(["solve", "2x2x2", "--metric", "qtm", "R2"])
        .assert()
        .success()
        .stdout("R R\n");
    twisty()
        .args(["solve", "floppy", "--effect", "EDGES (0)+1 (1)+1"])
        .assert()
        .success();
    twisty()
        .args(["count", "3x3x3"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "43252003274489856000 reachable states",
        ));
    twisty()
        .args(["gods", "floppy"])
        .assert()
        .success()
        .stdout(predicate::str::contains("God's number: 8"));
    twisty()
        .args(["discover", "floppy", "--max-pieces", "2", "--top", "3"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "# exhaustive: every effect moving at most 2 pieces",
        ));
}

#[test]
fn discovery_stops_cleanly_at_its_time_limit() {
    // The 3x3x3 is far too big for a table: breadth-first search, stopped at once.
    twisty()
        .args(["discover", "3x3x3", "--time-limit", "0"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "# not exhaustive (stopped): every sequence of at most 0 moves examined",
        ));
}

#[test]
fn a_saved_table_is_checked_and_reused() {
    let dir = std::env::temp_dir().join(format!("twisty-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("c2.table");
    let f = file.to_str().unwrap();
    twisty()
        .args(["gods", "2x2x2", "--out", f])
        .assert()
        .success();
    twisty()
        .args(["solve", "2x2x2", "--table", f, "R U"])
        .assert()
        .success()
        .stdout("U' R'\n");
    // Another metric's table is refused; so is a damaged one.
    twisty()
        .args(["solve", "2x2x2", "--metric", "qtm", "--table", f, "R"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "belongs to another puzzle, move set or metric",
        ));
    // A damaged one: cut short, refused when opened; a flipped bit among the entries (opening
    // maps the file without reading it), refused with --verify.
    let good = std::fs::read(&file).unwrap();
    std::fs::write(&file, &good[..good.len() - 8]).unwrap();
    twisty()
        .args(["solve", "2x2x2", "--table", f, "R"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("damaged or incomplete"));
    let mut bytes = good.clone();
    let n = bytes.len();
    bytes[n / 2] ^= 4;
    std::fs::write(&file, &bytes).unwrap();
    twisty()
        .args(["solve", "2x2x2", "--verify", "--table", f, "R"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("checksum mismatch"));
    std::fs::write(&file, &good).unwrap();
    twisty()
        .args(["solve", "2x2x2", "--verify", "--table", f, "R"])
        .assert()
        .success()
        .stdout("R'\n")
        .stderr(predicate::str::contains("checksum verified"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sliced_gods_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("twisty-job-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    for level in 0..9 {
        for i in 0..2 {
            twisty()
                .args([
                    "gods",
                    "floppy",
                    "--slice",
                    &format!("{i}/2"),
                    "--level",
                    &level.to_string(),
                    "--dir",
                    d,
                ])
                .assert()
                .success();
        }
    }
    twisty()
        .args(["gods", "merge", d])
        .assert()
        .success()
        .stdout(predicate::str::contains("God's number: 8"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn learn_data_counts_labels_and_train_names_its_feature() {
    // 400 walks from the two-colour goal: the goal once, the 12 states one R, L, F or B turn away (U
    // and D turns leave it as it is).
    let out = twisty()
        .args(["learn", "data", "--walks", "400", "--seed", "3"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.starts_with("degenerate data, 400 walks of 25 turns, seed 3:"),
        "{text}"
    );
    assert!(text.contains("\n    0  1\n    1  12\n"), "{text}");
    twisty()
        .args(["learn", "data", "--kind", "cubes"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "expected full, degenerate or cube2, found `cubes`",
        ));
    twisty()
        .args(["learn", "data", "--length", "26"])
        .assert()
        .code(2);
    if !cfg!(feature = "learn") {
        twisty()
            .args([
                "learn",
                "train",
                "--walks",
                "10",
                "--out",
                "weights.safetensors",
            ])
            .current_dir(std::env::temp_dir())
            .assert()
            .code(1)
            .stderr(predicate::str::contains("without the `learn` feature"));
        twisty()
            .args(["learn", "eval", "--per-length", "1"])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("without the `learn` feature"));
    }
    twisty()
        .args(["learn", "eval", "--to", "15"])
        .assert()
        .code(2);
}

/// A folder of its own for one test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("twisty-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn memory_budget_refuses_a_table_that_does_not_fit() {
    twisty()
        .args(["gods", "2x2x2", "--memory", "100K"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(
            "twisty: the table needs 898 KB (3674160 ranks at 2 bits), more than --memory 100 KB",
        ));
    twisty()
        .args(["gods", "2x2x2", "--memory", "lots"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "'lots': expected bytes, e.g. 512M or 8G",
        ));
    // Within the budget the same command answers; below it solve searches instead.
    twisty()
        .args(["gods", "2x2x2", "--memory", "1M"])
        .assert()
        .success()
        .stdout(predicate::str::contains("God's number: 11"));
    twisty()
        .args(["solve", "2x2x2", "R U F", "--memory", "100K"])
        .assert()
        .success()
        .stdout("F' U' R'\n");
}

#[test]
fn moves_rotations_and_any_orientation() {
    twisty()
        .args(["count", "pancake", "--moves", "U,Q"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("unknown move 'Q' in --moves"));
    twisty()
        .args(["count", "2x2x2", "--moves", "U,R"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("29160 reachable states"));
    twisty()
        .args(["count", "2x2x2", "--rotations", "w"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--rotations: unknown move 'w'"));
    twisty()
        .args(["count", "2x2x2", "--any-orientation"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no rotations I can find"));
    // A .tws definition with rotations among its moves, written here.
    let dir = scratch("rotations");
    let def = dir.join("two.tws");
    std::fs::write(
        &def,
        "Name two\nSet P 4 1\nSolved\nP\n1 2 3 4\nEnd\nMove A\nP\n2 1 3 4\nEnd\nMove B\nP\n1 2 4 3\nEnd\nMove S\nP\n3 4 1 2\nEnd\n",
    )
    .unwrap();
    twisty()
        .args(["count", def.to_str().unwrap()])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "rotations S left out of the moves",
        ))
        .stdout(predicate::str::starts_with("4 reachable states"));
    // The piece at 0 reaches place 1 by A, and no rotation brings it home from there: refused.
    twisty()
        .args(["count", def.to_str().unwrap(), "--any-orientation"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "no piece the rotations can always bring home",
        ));
}

#[test]
fn warnings_and_one_way_moves_from_the_command_line() {
    let dir = scratch("oneway");
    let def = dir.join("cycle.json");
    // One move of order 3 in the `moves` metric: no inverse among the moves.
    std::fs::write(
        &def,
        r#"{"orbits": [{"orbitName": "P", "numPieces": 3, "numOrientations": 1}],
 "defaultPattern": {"P": {"pieces": [0, 1, 2], "orientation": [0, 0, 0]}},
 "moves": {"A": {"P": {"permutation": [1, 2, 0], "orientationDelta": [0, 0, 0]},
                 "Q": {"permutation": [0], "orientationDelta": [0]}}}}"#,
    )
    .unwrap();
    let file = def.to_str().unwrap();
    twisty()
        .args(["solve", file, "--metric", "moves", "--effect", "(0 1 2)"])
        .assert()
        .success()
        .stdout("A A\n")
        .stderr(predicate::str::contains(
            "moves.A.Q: unknown orbit 'Q', ignored",
        ));
    twisty()
        .args(["gods", file, "--metric", "moves"])
        .assert()
        .success()
        .stdout(predicate::str::contains("God's number: 2"));
}

/// `--cache-dir` keeps the search's tables and the next run opens them (its near table needs no
/// deepening, so no level is reported); a damaged file is named by `--verify` and rebuilt, the
/// answer the same.
/// `--full-table` builds the table for one state, says so when it cannot (the 3x3x3) and searches;
/// it cannot go with `--table`.
#[test]
fn cache_dir_and_full_table_from_the_command_line() {
    let dir = scratch("cache");
    let d = dir.to_str().unwrap();
    let tperm = "R U R' U' R' F R2 U' R' U' R U R' F'";
    let first = twisty()
        .args(["solve", "3x3x3", "--cache-dir", d, tperm])
        .assert()
        .success()
        .stderr(predicate::str::contains("near table: depth  5"));
    let answer = String::from_utf8(first.get_output().stdout.clone()).unwrap();
    assert_eq!(answer.split_whitespace().count(), 11);
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    twisty()
        .args(["solve", "3x3x3", "--cache-dir", d, tperm])
        .assert()
        .success()
        .stdout(answer.clone())
        .stderr(predicate::str::contains("near table").not());
    let mut bytes = std::fs::read(&kept[0]).unwrap();
    let n = bytes.len();
    bytes[n / 2] ^= 1;
    std::fs::write(&kept[0], &bytes).unwrap();
    // (Opening maps the near table without reading it, as every kept table: `--verify` reads it.)
    twisty()
        .args(["solve", "3x3x3", "--cache-dir", d, "--verify", tperm])
        .assert()
        .success()
        .stdout(answer)
        .stderr(predicate::str::contains("not used").and(predicate::str::contains("near table")));
    twisty()
        .args(["solve", "2x2x2", "--full-table", "R U"])
        .assert()
        .success()
        .stdout("U' R'\n")
        .stderr(predicate::str::contains("depth"));
    twisty()
        .args(["solve", "3x3x3", "--full-table", "R U"])
        .assert()
        .success()
        .stdout("U' R'\n")
        .stderr(predicate::str::contains("does not fit"));
    twisty()
        .args([
            "solve",
            "2x2x2",
            "--full-table",
            "--table",
            "x.table",
            "R U",
        ])
        .assert()
        .code(2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn phases_list_solve_and_scramble() {
    twisty()
        .args(["info", "3x3x3", "--phases"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "phases: 2 from phases chosen from the moves (sizes multiply to 43252003274489856000 looks",
        ))
        .stdout(predicate::str::contains(
            "to B2 D2 F2 L R U2: 2217093120 cosets",
        ));
    let scramble = "R U2 F' L D2 B' R2 U' F D L' B2 U L2 B R D' F2 U B' L";
    let out = twisty()
        .args(["solve", "3x3x3", scramble, "--phases", "--max-length", "22"])
        .assert()
        .success()
        // (The 3x3x3's phases go whole to the library's two-phase.)
        .stderr(predicate::str::contains("by the library's two-phase"))
        .stderr(predicate::str::contains("moves in 1 phase ("))
        .get_output()
        .stdout
        .clone();
    let answer = String::from_utf8(out).unwrap();
    assert!(answer.split_whitespace().count() <= 22, "{answer}");
    // The answer after the scramble is the goal: an optimal solve of it is empty.
    twisty()
        .args(["solve", "3x3x3", &format!("{scramble} {}", answer.trim())])
        .assert()
        .success()
        .stdout("\n");
    twisty()
        .args([
            "scramble",
            "3x3x3",
            "--count",
            "2",
            "--seed",
            "5",
            "--no-cache",
        ])
        .assert()
        .success()
        .stderr(predicate::str::contains("solved in phases"));
}

#[test]
fn phases_errors_name_their_line_and_column() {
    let dir = tempfile_dir("phases-errors");
    let file = dir.join("bad.phases");
    std::fs::write(&file, "moves U D\nmoves U X2\n").unwrap();
    twisty()
        .args(["solve", "3x3x3", "R U", "--phases-from"])
        .arg(&file)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "bad.phases:2:9: unknown move 'X2'",
        ));
    twisty()
        .args(["solve", "3x3x3", "--effect", "CORNERS (0 1 2)", "--phases"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--phases solves states"));
    twisty()
        .args(["info", "3x3x3", "--phases", "--phase-size", "0"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "--phase-size 0: expected at least 1",
        ));
}

/// A fresh folder under the tests' temporary folder.
fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
