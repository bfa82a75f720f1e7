//! The main job as a test: every problem in testcases/ judged on release builds, all AC, each in the
//! verdict table. Then (a proof, `cargo proofs`) the same with every judge binary bundled into one
//! file and compiled by plain rustc, with outputs byte-identical to the Cargo build's.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn judge(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .current_dir(root())
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "judge {args:?}:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// The problems of testcases/, one per `<name>.toml`, read from the folder (not from the judge).
fn problems() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("testcases"))
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            let stem = p.file_stem()?.to_str()?.to_string();
            (p.extension()? == "toml").then_some(stem)
        })
        .collect();
    names.sort();
    names
}

/// The verdict table's row of `problem`: `problem cases AC slowest memory result`.
fn row<'a>(table: &'a str, problem: &str) -> Option<&'a str> {
    table
        .lines()
        .find(|l| l.split_whitespace().next() == Some(problem) && l.ends_with("OK"))
}

#[test]
fn every_problem_is_accepted_and_in_the_verdict_table() {
    let names = problems();
    // The nine problems of the mission; a new toml adds to them.
    for p in [
        "aoj0300",
        "boj5373",
        "cf887c",
        "cube2",
        "cube3",
        "cube3-opt",
        "hdu4801",
        "mipt041",
        "robot2",
    ] {
        assert!(names.iter().any(|n| n == p), "testcases/{p}.toml is gone");
    }
    let text = judge(&["test"]);
    for p in &names {
        let r = row(&text, p).unwrap_or_else(|| panic!("{p}: no OK row in\n{text}"));
        // Every case of the problem accepted: the cases and AC columns agree and are not zero.
        let cols: Vec<&str> = r.split_whitespace().collect();
        assert_eq!(cols[1], cols[2], "{r}");
        assert_ne!(cols[1], "0", "{r}");
    }
}

#[test]
#[ignore = "proof"]
fn bundles_give_the_cargo_builds_bytes_on_every_case() {
    judge(&["test"]);
    judge(&["test", "--bundled"]);
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or(root().join("target"), Into::into);
    let (cargo_runs, bundle_runs) = (target.join("judge/run"), target.join("judge/run-bundled"));
    let mut compared = 0;
    for problem in std::fs::read_dir(&bundle_runs).unwrap() {
        let problem = problem.unwrap().path();
        let name = problem.file_name().unwrap();
        for f in std::fs::read_dir(&problem).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|x| x == "out") {
                let other = cargo_runs.join(name).join(f.file_name().unwrap());
                assert_eq!(
                    std::fs::read(&f).unwrap(),
                    std::fs::read(&other).unwrap(),
                    "{}",
                    f.display()
                );
                compared += 1;
            }
        }
    }
    assert!(compared >= 60, "only {compared} outputs compared");
}
