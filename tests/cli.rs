//! Every binary of the package answers `--help` with its usage and rejects an unknown option with a
//! message and a non-zero exit, without reading standard input (each is given a valid-looking empty
//! input, on which the solvers would otherwise succeed).

use assert_cmd::Command;
use predicates::prelude::*;

/// Each binary with the exit code of a bad command line (testlib's 3 for checkers).
const BINARIES: [(&str, i32); 14] = [
    ("aoj0300", 2),
    ("cf887c", 2),
    ("hdu4801", 2),
    ("mipt041", 2),
    ("cube2", 2),
    ("robot2", 2),
    ("check-cube2", 3),
    ("check-robot2", 3),
    ("boj5373", 2),
    ("cube3", 2),
    ("cube3-opt", 2),
    ("check-cube3", 3),
    ("bridge", 2),
    ("robot-sim", 2),
];

#[test]
fn every_binary_answers_help() {
    for (bin, _) in BINARIES {
        for flag in ["--help", "-h"] {
            let out = Command::cargo_bin(bin)
                .unwrap()
                .arg(flag)
                .write_stdin("")
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout).to_lowercase();
            assert_eq!(out.status.code(), Some(0), "{bin} {flag}");
            assert!(text.contains("usage"), "{bin} {flag}: {text}");
        }
    }
}

#[test]
fn every_binary_rejects_unknown_options() {
    for (bin, code) in BINARIES {
        for args in [&["--bogus"][..], &["-q"], &["--ida=3"]] {
            Command::cargo_bin(bin)
                .unwrap()
                .args(args)
                .write_stdin("")
                .assert()
                .code(code)
                .stdout("")
                .stderr(predicate::str::contains(args[0].split('=').next().unwrap()))
                .stderr(predicate::str::contains("panicked").not());
        }
    }
}

#[test]
fn solvers_take_no_positional_arguments() {
    for bin in [
        "aoj0300",
        "cube2",
        "robot2",
        "cf887c",
        "hdu4801",
        "mipt041",
        "boj5373",
        "cube3",
        "cube3-opt",
    ] {
        Command::cargo_bin(bin)
            .unwrap()
            .arg("input.txt")
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "unexpected argument `input.txt` (the input is read from standard input)",
            ));
    }
}
