//! The main job as a test: every problem in testcases/ judged on release builds, all AC.

use std::path::Path;
use std::process::Command;

#[test]
fn every_problem_is_accepted() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .current_dir(root)
        .arg("test")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("aoj0300"), "{text}");
}
