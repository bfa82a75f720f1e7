//! Running one case: start the measuring helper on the program, then judge the output.

use crate::check::{judge, Judgement};
use crate::measure::Measurement;
use crate::problem::{Case, Problem};
use serde::Serialize;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Verdict {
    AC,
    WA,
    RE,
    TLE,
    MLE,
    /// The case has no `.out` yet (see `judge bless`).
    #[serde(rename = "NO-ANSWER")]
    NoAnswer,
    /// The checker failed: a setup error, not the solver's fault.
    #[serde(rename = "CHECKER-FAIL")]
    CheckerFail,
}

impl Verdict {
    pub fn label(self) -> &'static str {
        match self {
            Verdict::AC => "AC",
            Verdict::WA => "WA",
            Verdict::RE => "RE",
            Verdict::TLE => "TLE",
            Verdict::MLE => "MLE",
            Verdict::NoAnswer => "NO-ANSWER",
            Verdict::CheckerFail => "CHECKER-FAIL",
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct CaseResult {
    pub case: String,
    pub verdict: Verdict,
    pub time_ms: f64,
    pub memory_kb: u64,
    /// Wall time the judge spent on the case beyond the child's own run (helper start, checking).
    pub overhead_ms: f64,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub detail: String,
    /// Where the program's output was kept.
    #[serde(skip)]
    pub output: PathBuf,
}

/// How to start the solver: program and arguments, and the folder to run in.
#[derive(Clone, Debug)]
pub struct Program {
    pub argv: Vec<String>,
    pub dir: Option<PathBuf>,
}

/// Runs `case` under `problem`'s limits through the measuring helper `helper`, keeping the output in
/// `work/<case>.out`.
pub fn run_case(
    helper: &Path,
    problem: &Problem,
    program: &Program,
    checker: Option<&Path>,
    case: &Case,
    work: &Path,
) -> Result<CaseResult, String> {
    let started = Instant::now();
    std::fs::create_dir_all(work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let output = work.join(format!("{}.out", case.name));
    let errors = work.join(format!("{}.err", case.name));
    let report = work.join(format!("{}.report", case.name));
    let _ = std::fs::remove_file(&report);
    let open = |p: &Path| File::open(p).map_err(|e| format!("cannot open {}: {e}", p.display()));
    let create =
        |p: &Path| File::create(p).map_err(|e| format!("cannot create {}: {e}", p.display()));
    let mut cmd = Command::new(helper);
    cmd.arg(problem.config.time_limit_ms.to_string())
        .arg(&report)
        .arg("--")
        .args(&program.argv)
        .stdin(Stdio::from(open(&case.input)?))
        .stdout(Stdio::from(create(&output)?))
        .stderr(Stdio::from(create(&errors)?));
    if let Some(dir) = &program.dir {
        cmd.current_dir(dir);
    }
    let status = cmd
        .status()
        .map_err(|e| format!("cannot start the measuring helper: {e}"))?;
    let m = std::fs::read_to_string(&report)
        .ok()
        .and_then(|s| Measurement::from_line(&s));
    let Some(m) = m.filter(|_| status.success()) else {
        let why = std::fs::read_to_string(&errors).unwrap_or_default();
        return Err(format!(
            "{}/{}: could not run {:?}: {}",
            problem.name,
            case.name,
            program.argv,
            why.trim()
        ));
    };
    let time_ms = m.wall_us as f64 / 1000.0;
    let limits = &problem.config;
    let stderr_hint = || {
        let e = std::fs::read_to_string(&errors).unwrap_or_default();
        e.lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .chars()
            .take(120)
            .collect::<String>()
    };
    let (verdict, detail) = if m.timed_out || time_ms > limits.time_limit_ms as f64 {
        (Verdict::TLE, String::new())
    } else if m.maxrss_kb > limits.memory_limit_kb {
        (Verdict::MLE, String::new())
    } else if let Some(sig) = m.signal {
        (Verdict::RE, format!("killed by signal {sig}"))
    } else if m.exit != Some(0) {
        let hint = stderr_hint();
        let code = m.exit.unwrap_or(-1);
        (
            Verdict::RE,
            if hint.is_empty() {
                format!("exit code {code}")
            } else {
                format!("exit code {code}: {hint}")
            },
        )
    } else if let Some(answer) = &case.answer {
        match judge(limits.match_mode, checker, &case.input, &output, answer) {
            Judgement::Accepted => (Verdict::AC, String::new()),
            Judgement::Wrong(why) => (Verdict::WA, why),
            Judgement::CheckerFailed(why) => (Verdict::CheckerFail, why),
        }
    } else {
        (
            Verdict::NoAnswer,
            format!("no {}.out: run `judge bless {}`", case.name, problem.name),
        )
    };
    let overhead_ms = (started.elapsed().as_micros() as f64 / 1000.0 - time_ms).max(0.0);
    Ok(CaseResult {
        case: case.name.clone(),
        verdict,
        time_ms,
        memory_kb: m.maxrss_kb,
        overhead_ms,
        detail,
        output,
    })
}
