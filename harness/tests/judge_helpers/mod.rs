//! The judge's fixture problems, copied into a temporary folder with their solver compiled by rustc.

#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// A copy of the named fixture problems (`tests/fixture/testcases/<name>.toml` and folder) in a
/// temporary folder, with the fixture solver compiled by plain rustc as `testcases/fixture-solver`.
pub fn fixture(problems: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixture");
    let tc = dir.path().join("testcases");
    for name in problems {
        std::fs::create_dir_all(tc.join(name)).unwrap();
        std::fs::copy(
            src.join(format!("testcases/{name}.toml")),
            tc.join(format!("{name}.toml")),
        )
        .unwrap();
        for e in std::fs::read_dir(src.join("testcases").join(name)).unwrap() {
            let e = e.unwrap();
            std::fs::copy(e.path(), tc.join(name).join(e.file_name())).unwrap();
        }
    }
    let ok = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(tc.join("fixture-solver"))
        .arg(src.join("toy_solver.rs"))
        .status()
        .unwrap();
    assert!(ok.success());
    dir
}

/// The judge on a fixture root, without building anything.
pub fn judge_command(root: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_judge"));
    cmd.arg("--root")
        .arg(root)
        .arg("--no-build")
        .args(args)
        .env_remove("CARGO_TARGET_DIR");
    cmd
}

pub fn judge(root: &Path, args: &[&str]) -> Output {
    judge_command(root, args).output().unwrap()
}

/// `(case, verdict, detail)` of every case in a JSON report, and the report.
pub fn verdicts(out: &Output) -> (Vec<(String, String, String)>, serde_json::Value) {
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let rows = v
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["cases"].as_array().unwrap().clone())
        .map(|c| {
            (
                c["case"].as_str().unwrap().to_string(),
                c["verdict"].as_str().unwrap().to_string(),
                c["detail"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    (rows, v)
}

/// Whether a process with this pid exists (zombies included).
pub fn alive(pid: i32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}
