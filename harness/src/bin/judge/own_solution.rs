//! Judging anyone's solution, as online-judge-tools' `oj t -c` does: `-c "CMD ARGS"` runs in place
//! of the project's solver, `--cases DIR` judges a folder of oj's layout (`NAME.in`, `NAME.out`)
//! that has no toml, and `--tle`, `--mle`, `--match`, `--checker` set or replace the limits.

use crate::workspace::Workspace;
use judge::problem::{MatchMode, Problem, ProblemConfig};
use judge::runner::Program;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Limits and comparison given on the command line; each replaces the problem's (or the default).
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    /// Seconds, as oj's `--tle`.
    pub tle: Option<f64>,
    /// Megabytes, as oj's `--mle`.
    pub mle: Option<u64>,
    pub match_mode: Option<MatchMode>,
    /// A testlib-style checker run as `CHECKER INPUT OUTPUT ANSWER` (`--match checker`).
    pub checker: Option<PathBuf>,
}

impl Overrides {
    pub fn apply(&self, config: &mut ProblemConfig) -> Result<(), String> {
        if let Some(s) = self.tle {
            if !(s.is_finite() && s > 0.0) {
                return Err(format!(
                    "--tle {s}: a time limit is a positive number of seconds"
                ));
            }
            config.time_limit_ms = (s * 1000.0).ceil() as u64;
        }
        if let Some(mb) = self.mle {
            if mb == 0 {
                return Err("--mle 0: a memory limit is a positive number of megabytes".into());
            }
            config.memory_limit_kb = mb * 1024;
        }
        if let Some(c) = &self.checker {
            let path = std::path::absolute(c).map_err(|e| format!("--checker: {e}"))?;
            startable(&path.to_string_lossy())?;
            config.checker = Some(path.to_string_lossy().into_owned());
            config.match_mode = MatchMode::Checker;
        }
        if let Some(m) = self.match_mode {
            config.match_mode = m;
        }
        if config.match_mode == MatchMode::Checker && config.checker.is_none() {
            return Err("--match checker needs --checker PATH".into());
        }
        Ok(())
    }
}

/// The program `-c` names: its words split as a shell splits them (quotes, backslashes), run from
/// the current folder. Refused here, before any case runs, when its program cannot start.
pub fn command_program(command: &str) -> Result<Program, String> {
    let argv = shlex::split(command)
        .filter(|a| !a.is_empty())
        .ok_or_else(|| format!("-c {command:?}: no command, or an unclosed quote"))?;
    startable(&argv[0])?;
    Ok(Program { argv, dir: None })
}

/// Whether `program` names an executable file: a path with a `/`, or a name on `PATH`.
fn startable(program: &str) -> Result<(), String> {
    let executable = |p: &Path| {
        p.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if program.contains('/') {
        let p = Path::new(program);
        return match p.metadata() {
            Err(e) => Err(format!("cannot start `{program}`: {e}")),
            Ok(_) if !executable(p) => {
                Err(format!("cannot start `{program}`: not an executable file"))
            }
            Ok(_) => Ok(()),
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    if std::env::split_paths(&path).any(|d| executable(&d.join(program))) {
        Ok(())
    } else {
        Err(format!("cannot start `{program}`: no such program on PATH"))
    }
}

/// The problem to judge: the named one, or a folder of cases under the named problem's limits (or
/// the defaults), with the overrides applied. A folder must hold cases, each with its answer.
pub fn problem(
    ws: &Workspace,
    name: Option<&str>,
    cases: Option<&Path>,
    overrides: &Overrides,
) -> Result<Problem, String> {
    let mut p = match name {
        Some(n) => Problem::load(&ws.testcases, n)?,
        None => Problem::folder(
            cases.expect("a problem or a folder"),
            ProblemConfig::defaults(),
        ),
    };
    if let Some(dir) = cases {
        let folder = Problem::folder(dir, p.config.clone());
        p = match name {
            // The toml's `command` and checker paths stay relative to the toml's folder.
            Some(_) => Problem {
                dir: folder.dir,
                ..p
            },
            None => folder,
        };
        check_folder(&p)?;
    }
    overrides.apply(&mut p.config)?;
    Ok(p)
}

/// A folder given by `--cases` holds at least one `.in`, and every `.in` its `.out`.
fn check_folder(p: &Problem) -> Result<(), String> {
    if !p.dir.is_dir() {
        return Err(format!("--cases {}: no such folder", p.dir.display()));
    }
    let cases = p.cases()?;
    if cases.is_empty() {
        return Err(format!(
            "no cases in {}: oj's layout is NAME.in beside NAME.out",
            p.dir.display()
        ));
    }
    if let Some(c) = cases.iter().find(|c| c.answer.is_none()) {
        return Err(format!(
            "{} has no {}.out beside it (oj's layout: NAME.in and NAME.out)",
            c.input.display(),
            c.name
        ));
    }
    Ok(())
}
