//! The main job as a test: every problem in testcases/ judged on release builds, all AC; then the
//! same with every judge binary bundled into one file and compiled by plain rustc, with outputs
//! byte-identical to the Cargo build's.

use std::path::Path;
use std::process::Command;

fn judge(root: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .current_dir(root)
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

#[test]
fn every_problem_is_accepted_built_by_cargo_and_bundled() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let text = judge(root, &["test"]);
    for p in ["aoj0300", "cf887c", "cube2", "hdu4801", "mipt041", "robot2"] {
        assert!(
            text.contains(&format!("\n{p} ")),
            "{p} missing from\n{text}"
        );
    }
    judge(root, &["test", "--bundled"]);

    // Same bytes from both builds on every input.
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or(root.join("target"), Into::into);
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
