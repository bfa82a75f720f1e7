//! A problem's folder: `testcases/<name>.toml` (limits, match mode) beside `testcases/<name>/`
//! holding `*.in` and `*.out` only, as online-judge-tools lays them out.

use serde::Deserialize;
use std::path::{Path, PathBuf};

/// How an output is compared with the expected answer.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, serde::Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum MatchMode {
    /// Byte for byte, except that a final newline is optional and `\r\n` equals `\n`.
    Exact,
    /// The same whitespace-separated tokens.
    Tokens,
    /// An external checker `CHECKER INPUT OUTPUT ANSWER` (testlib exit codes).
    Checker,
}

/// `testcases/<name>.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProblemConfig {
    /// Shown in reports.
    #[serde(default)]
    pub title: String,
    /// Binary of the `twisty` package that solves it (default: the problem's name).
    pub binary: Option<String>,
    /// Instead of a binary: a command run from the toml's folder (for fixtures and foreign solvers).
    pub command: Option<Vec<String>>,
    /// Flags given to the binary on every case (cube3-opt's `--table-size`).
    #[serde(default)]
    pub args: Vec<String>,
    pub time_limit_ms: u64,
    pub memory_limit_kb: u64,
    /// Most bytes (KB) the solver may write to stdout, and to stderr; past it the verdict is `OLE`.
    #[serde(default = "default_output_limit_kb")]
    pub output_limit_kb: u64,
    /// A checker still running after this long is stopped: `CHECKER-FAIL`.
    #[serde(default = "default_checker_time_limit_ms")]
    pub checker_time_limit_ms: u64,
    #[serde(rename = "match")]
    pub match_mode: MatchMode,
    /// With `match = "checker"`: a binary of the `twisty` package, or a path with a `/` relative to
    /// the toml's folder (as `command` runs).
    pub checker: Option<String>,
    /// Why this problem has no single-file submission (`test --bundled` skips it and says so).
    pub not_bundled: Option<String>,
    /// Why `judge stress` cannot take the problem's solver as the reference (its `.out` files are
    /// not the solver's own output, say).
    pub no_stress: Option<String>,
}

impl ProblemConfig {
    /// The limits where nothing says otherwise (`judge test --cases DIR` without a problem): 2 s and
    /// 256 MB, the most common limits on Codeforces and AtCoder, compared `exact` (oj's default,
    /// `\r\n` as `\n`; here a missing final newline is forgiven too).
    pub fn defaults() -> ProblemConfig {
        ProblemConfig {
            title: String::new(),
            binary: None,
            command: None,
            args: Vec::new(),
            time_limit_ms: 2000,
            memory_limit_kb: 256 * 1024,
            output_limit_kb: default_output_limit_kb(),
            checker_time_limit_ms: default_checker_time_limit_ms(),
            match_mode: MatchMode::Exact,
            checker: None,
            not_bundled: None,
            no_stress: None,
        }
    }
}

/// 64 MiB, Codeforces' and Library Checker's output limit.
fn default_output_limit_kb() -> u64 {
    64 * 1024
}

fn default_checker_time_limit_ms() -> u64 {
    10_000
}

#[derive(Clone, Debug)]
pub struct Problem {
    pub name: String,
    pub config: ProblemConfig,
    /// `testcases/<name>/`
    pub dir: PathBuf,
    /// Folder of the toml, where `command` runs.
    pub base: PathBuf,
}

/// One test: `<dir>/<name>.in`, and `<name>.out` if it exists.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub input: PathBuf,
    pub answer: Option<PathBuf>,
}

impl Problem {
    pub fn load(testcases: &Path, name: &str) -> Result<Problem, String> {
        let toml_path = testcases.join(format!("{name}.toml"));
        if !toml_path.exists() {
            let known = Problem::all_names(testcases).unwrap_or_default();
            return Err(format!(
                "unknown problem `{name}`: no {} (known: {})",
                toml_path.display(),
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            ));
        }
        let text = std::fs::read_to_string(&toml_path)
            .map_err(|e| format!("cannot read {}: {e}", toml_path.display()))?;
        let config: ProblemConfig =
            toml::from_str(&text).map_err(|e| format!("{}: {e}", toml_path.display()))?;
        if config.match_mode == MatchMode::Checker && config.checker.is_none() {
            return Err(format!(
                "{}: match = \"checker\" needs `checker = \"BINARY\"`",
                toml_path.display()
            ));
        }
        if config.binary.is_some() && config.command.is_some() {
            return Err(format!(
                "{}: give `binary` or `command`, not both",
                toml_path.display()
            ));
        }
        Ok(Problem {
            name: name.to_string(),
            config,
            dir: testcases.join(name),
            base: testcases.to_path_buf(),
        })
    }

    /// A folder of cases with no toml of its own (`judge test --cases DIR`), judged under `config`;
    /// its name is the folder's.
    pub fn folder(dir: &Path, config: ProblemConfig) -> Problem {
        let name = dir
            .canonicalize()
            .ok()
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| dir.display().to_string());
        Problem {
            name,
            config,
            dir: dir.to_path_buf(),
            base: std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
        }
    }

    /// Every problem with a toml in `testcases`, sorted by name.
    pub fn all_names(testcases: &Path) -> Result<Vec<String>, String> {
        let rd = std::fs::read_dir(testcases)
            .map_err(|e| format!("cannot list {}: {e}", testcases.display()))?;
        let mut names: Vec<String> = rd
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                e.file_name()
                    .to_str()?
                    .strip_suffix(".toml")
                    .map(str::to_string)
            })
            .collect();
        names.sort();
        Ok(names)
    }

    /// The binary name this problem runs, if it runs a `twisty` binary.
    pub fn binary(&self) -> Option<&str> {
        match &self.config.command {
            Some(_) => None,
            None => Some(self.config.binary.as_deref().unwrap_or(&self.name)),
        }
    }

    /// The checker's name when it is a binary of the `twisty` package (to be built).
    pub fn checker_binary(&self) -> Option<&str> {
        self.config.checker.as_deref().filter(|c| !c.contains('/'))
    }

    /// The cases: samples first (oj's `sample-N`, as a judge runs them), then by name, numbers in
    /// natural order (`case-2` before `case-10`).
    pub fn cases(&self) -> Result<Vec<Case>, String> {
        let rd = std::fs::read_dir(&self.dir)
            .map_err(|e| format!("cannot list {}: {e}", self.dir.display()))?;
        let mut cases: Vec<Case> = rd
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let file = e.file_name().to_str()?.to_string();
                let stem = file.strip_suffix(".in")?.to_string();
                let out = self.dir.join(format!("{stem}.out"));
                Some(Case {
                    name: stem,
                    input: e.path(),
                    answer: out.exists().then_some(out),
                })
            })
            .collect();
        cases.sort_by_key(|c| (!c.name.starts_with("sample"), natural_key(&c.name)));
        Ok(cases)
    }
}

/// Splits digits runs out so that they compare as numbers.
fn natural_key(s: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut text = String::new();
    let mut chars = s.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_ascii_digit() {
            let mut n = String::new();
            while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                n.push(d);
                chars.next();
            }
            key.push((std::mem::take(&mut text), n.parse().unwrap_or(u64::MAX)));
        } else {
            text.push(c);
            chars.next();
        }
    }
    key.push((text, 0));
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_order() {
        let mut v = vec!["case-10", "case-2", "sample-1", "case-1"];
        v.sort_by_key(|s| natural_key(s));
        assert_eq!(v, vec!["case-1", "case-2", "case-10", "sample-1"]);
    }

    #[test]
    fn samples_come_first() {
        let dir = std::env::temp_dir().join(format!("judge-samples-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for f in [
            "case-10.in",
            "sample-2.in",
            "case-2.in",
            "sample-10.in",
            "x.out",
        ] {
            std::fs::write(dir.join(f), "").unwrap();
        }
        let p = Problem::folder(&dir, ProblemConfig::defaults());
        let names: Vec<String> = p.cases().unwrap().into_iter().map(|c| c.name).collect();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(names, ["sample-2", "sample-10", "case-2", "case-10"]);
    }
}
