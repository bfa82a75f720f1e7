//! `bundle` answers `--help` and rejects an unknown option with exit code 2, doing nothing else;
//! it writes into a folder that is not there yet, and names a file it cannot write.

use std::process::Command;

#[test]
fn bundle_answers_help_and_rejects_unknown_options() {
    let exe = env!("CARGO_BIN_EXE_bundle");
    let out = Command::new(exe).arg("--help").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "--help");
    let text = String::from_utf8_lossy(&out.stdout).to_lowercase();
    assert!(text.contains("usage"), "{text}");
    let out = Command::new(exe).arg("--bogus").output().unwrap();
    assert_eq!(out.status.code(), Some(2), "--bogus");
    assert!(String::from_utf8_lossy(&out.stderr).contains("--bogus"));
}

#[test]
fn bundler_makes_the_output_folder_and_names_what_it_cannot_write() {
    let exe = env!("CARGO_BIN_EXE_bundle");
    let tmp = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("bundle-output");
    let _ = std::fs::remove_dir_all(&tmp);
    let file = tmp.join("new/folder/aoj0300.rs");
    let out = Command::new(exe)
        .args(["aoj0300", "--output"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(std::fs::read_to_string(&file).unwrap().contains("fn main"));
    // A file where the folder should be: said, exit 1, no panic.
    let blocked = tmp.join("blocked");
    std::fs::write(&blocked, "").unwrap();
    let out = Command::new(exe)
        .args(["aoj0300", "--output"])
        .arg(blocked.join("aoj0300.rs"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("cannot write") && !said.contains("panicked"),
        "{said}"
    );
}
