//! Helpers shared by the integration tests.

use assert_cmd::Command;
use std::path::PathBuf;

/// A testlib-style checker with a fixed input and answer file in a private temporary folder;
/// [`Checker::check`] runs it on one output and gives (exit code, stderr).
pub struct Checker {
    bin: &'static str,
    dir: PathBuf,
    input: PathBuf,
    answer: PathBuf,
}

impl Checker {
    pub fn new(bin: &'static str, input: &str, answer: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("twisty-{bin}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (i, a) = (dir.join("in"), dir.join("ans"));
        std::fs::write(&i, input).unwrap();
        std::fs::write(&a, answer).unwrap();
        Checker {
            bin,
            dir,
            input: i,
            answer: a,
        }
    }

    pub fn check(&self, output: &str) -> (Option<i32>, String) {
        self.check_bytes(output.as_bytes())
    }

    pub fn check_bytes(&self, output: &[u8]) -> (Option<i32>, String) {
        let out = self.dir.join("out");
        std::fs::write(&out, output).unwrap();
        let o = Command::cargo_bin(self.bin)
            .unwrap()
            .arg(&self.input)
            .arg(&out)
            .arg(&self.answer)
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).to_string(),
        )
    }
}

impl Drop for Checker {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.dir).ok();
    }
}
