//! The tools answer `--help` and reject an unknown option with exit code 2, doing nothing else (the
//! bundler's own: `tools/bundler/tests/command_line.rs`).

use std::process::Command;

#[test]
fn tools_answer_help_and_reject_unknown_options() {
    for exe in [env!("CARGO_BIN_EXE_gen"), env!("CARGO_BIN_EXE_bench")] {
        let out = Command::new(exe).arg("--help").output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{exe} --help");
        let text = String::from_utf8_lossy(&out.stdout).to_lowercase();
        assert!(text.contains("usage"), "{exe}: {text}");
        let out = Command::new(exe).arg("--bogus").output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{exe} --bogus");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--bogus"));
    }
}
