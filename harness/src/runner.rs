//! Running one case: start the measuring helper on the program, then judge the output.

use crate::check::{first_line, helper_args, judge, signal_name, CheckerRun, Judgement};
use crate::measure::{megabytes, Limits, Measurement};
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
    /// Output limit exceeded: more than `output_limit_kb` on stdout or stderr.
    OLE,
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
            Verdict::OLE => "OLE",
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

/// Why a case has no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    /// The judge was asked to stop (SIGINT, SIGTERM) while the case ran; it was killed.
    Interrupted,
    /// Something in the setup is wrong (a missing program, an unwritable folder).
    Setup(String),
}

impl From<String> for RunError {
    fn from(s: String) -> Self {
        RunError::Setup(s)
    }
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
) -> Result<CaseResult, RunError> {
    let started = Instant::now();
    std::fs::create_dir_all(work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let output = work.join(format!("{}.out", case.name));
    let errors = work.join(format!("{}.err", case.name));
    let report = work.join(format!("{}.report", case.name));
    let _ = std::fs::remove_file(&report);
    let open = |p: &Path| File::open(p).map_err(|e| format!("cannot open {}: {e}", p.display()));
    let create =
        |p: &Path| File::create(p).map_err(|e| format!("cannot create {}: {e}", p.display()));
    let limits = &problem.config;
    let mut cmd = Command::new(helper);
    cmd.args(helper_args(
        &Limits {
            time_ms: limits.time_limit_ms,
            memory_kb: limits.memory_limit_kb,
            output_kb: limits.output_limit_kb,
        },
        &report,
    ))
    .args(&program.argv)
    .stdin(Stdio::from(open(&case.input)?))
    .stdout(Stdio::from(create(&output)?))
    .stderr(Stdio::from(create(&errors)?));
    if let Some(dir) = &program.dir {
        cmd.current_dir(dir);
    }
    let status = crate::stop::run_child(&mut cmd)
        .map_err(|e| format!("cannot start the measuring helper: {e}"))?;
    let m = std::fs::read_to_string(&report)
        .ok()
        .and_then(|s| Measurement::from_line(&s));
    let Some(m) = m.filter(|_| status.success()) else {
        if crate::stop::requested() {
            return Err(RunError::Interrupted);
        }
        return Err(RunError::Setup(format!(
            "{}/{}: could not run {:?}: {}",
            problem.name,
            case.name,
            program.argv,
            first_line(&errors)
        )));
    };
    if m.interrupted || crate::stop::requested() {
        return Err(RunError::Interrupted);
    }
    let time_ms = m.wall_us as f64 / 1000.0;
    // A solver over the memory limit is stopped as soon as that is seen (memory_exceeded), or found
    // over it afterwards from the kernel's exact peak; both read the same.
    let over_memory = || {
        (
            Verdict::MLE,
            format!("limit {}", megabytes(limits.memory_limit_kb)),
        )
    };
    let (verdict, detail) = if m.memory_exceeded {
        over_memory()
    } else if m.timed_out || time_ms > limits.time_limit_ms as f64 {
        (Verdict::TLE, String::new())
    } else if m.maxrss_kb > limits.memory_limit_kb {
        over_memory()
    } else if m.output_exceeded {
        (
            Verdict::OLE,
            format!("wrote {} or more", megabytes(limits.output_limit_kb)),
        )
    } else if let Some(sig) = m.signal {
        (
            Verdict::RE,
            format!("killed by signal {sig} ({})", signal_name(sig)),
        )
    } else if m.exit != Some(0) {
        let hint = first_line(&errors);
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
        let messages = work.join(format!("{}.checker.err", case.name));
        let run = checker.map(|c| CheckerRun {
            helper,
            checker: c,
            time_limit_ms: limits.checker_time_limit_ms,
            messages: &messages,
        });
        match judge(
            limits.match_mode,
            run.as_ref(),
            &case.input,
            &output,
            answer,
        ) {
            Judgement::Accepted => (Verdict::AC, String::new()),
            Judgement::Wrong(why) => (Verdict::WA, why),
            Judgement::CheckerFailed(_) if crate::stop::requested() => {
                return Err(RunError::Interrupted)
            }
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
