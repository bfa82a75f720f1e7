//! The limits a command line gives (`--tle`, `--mle`, `--match`, `--checker`, as oj's), applied
//! here and only here to every problem a command judges: the project's own, a folder of cases,
//! anyone's solution.

use crate::own_solution::{self, startable};
use crate::workspace::{load, Workspace};
use judge::problem::{MatchMode, Problem, ProblemConfig};
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

/// What a command judges: a folder of cases (under the named problem's limits, or the defaults) or
/// the named problems (all when none is named), each under the command line's limits.
pub fn problems(
    ws: &Workspace,
    names: &[String],
    cases: Option<&Path>,
    overrides: &Overrides,
) -> Result<Vec<Problem>, String> {
    let mut problems = match cases {
        Some(dir) => vec![own_solution::problem(
            ws,
            names.first().map(String::as_str),
            Some(dir),
        )?],
        None => load(ws, names)?,
    };
    for p in &mut problems {
        overrides.apply(&mut p.config)?;
    }
    Ok(problems)
}
