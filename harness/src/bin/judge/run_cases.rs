//! `judge test`: every case of every problem under its limits, one verdict line per case on a
//! terminal's progress bar, then the summary table (or JSON), and the exit code the verdicts give.

use crate::workspace::{checker_of, program_of, Workspace};
use crate::{progress, say, Format};
use judge::problem::Problem;
use judge::report::{self, ProblemReport};
use judge::runner::{self, Program, RunError, Verdict};
use std::path::{Path, PathBuf};

/// Runs every case. `bundled` replaces binaries by their compiled bundles (outputs then go to
/// `target/judge/run-bundled/`, so that both runs can be compared); `command` replaces them by
/// anyone's solution (`-c`; outputs in `target/judge/run-command/`).
pub fn test(
    ws: &Workspace,
    helper: &Path,
    problems: &[Problem],
    format: Format,
    bundled: &[(String, PathBuf)],
    command: Option<&Program>,
) -> Result<i32, String> {
    let all: Vec<_> = problems
        .iter()
        .map(|p| p.cases().map(|c| (p, c)))
        .collect::<Result<_, _>>()?;
    let total = all.iter().map(|(_, c)| c.len()).sum();
    let width = all
        .iter()
        .flat_map(|(p, cs)| cs.iter().map(move |c| p.name.len() + 1 + c.name.len()))
        .max()
        .unwrap_or(10);
    let pb = progress(total);
    let mut reports = Vec::new();
    let mut interrupted = false;
    'problems: for (p, cases) in all {
        let mut program = command.cloned().unwrap_or_else(|| program_of(ws, p));
        if let Some((_, exe)) = bundled.iter().find(|(b, _)| Some(b.as_str()) == p.binary()) {
            program = Program {
                argv: vec![exe.to_string_lossy().into_owned()],
                dir: None,
            };
        }
        let runs = match (bundled.is_empty(), command.is_some()) {
            (false, _) => "run-bundled",
            (true, true) => "run-command",
            (true, false) => "run",
        };
        let run_dir = ws.work.join(runs).join(&p.name);
        let checker = checker_of(ws, p);
        let mut rep = ProblemReport {
            problem: p.name.clone(),
            title: p.config.title.clone(),
            cases: Vec::new(),
        };
        if cases.is_empty() {
            eprintln!(
                "judge: warning: {} has no *.in cases; nothing of {} was judged",
                p.dir.display(),
                p.name
            );
        }
        for case in &cases {
            pb.set_message(format!("{}/{}", p.name, case.name));
            match runner::run_case(helper, p, &program, checker.as_deref(), case, &run_dir) {
                Ok(r) => {
                    if format == Format::Text {
                        pb.suspend(|| say(&report::case_line(&p.name, width, &r)));
                    }
                    pb.inc(1);
                    rep.cases.push(r);
                }
                Err(RunError::Interrupted) => {
                    interrupted = true;
                    reports.push(rep);
                    break 'problems;
                }
                Err(RunError::Setup(e)) => return Err(e),
            }
        }
        reports.push(rep);
    }
    pb.finish_and_clear();
    match format {
        Format::Text => say(&format!("\n{}", report::summary(&reports).trim_end())),
        Format::Json => say(&serde_json::to_string_pretty(&reports).map_err(|e| e.to_string())?),
    }
    let judged: usize = reports.iter().map(|r| r.cases.len()).sum();
    if interrupted {
        eprintln!("judge: interrupted; {judged} of {total} cases judged, the running one stopped");
        return Ok(130);
    }
    let verdicts = || {
        reports
            .iter()
            .flat_map(|r| r.cases.iter().map(|c| c.verdict))
    };
    Ok(if verdicts().any(|v| v == Verdict::CheckerFail) {
        2
    } else if reports.iter().any(|r| r.cases.is_empty()) {
        1
    } else if verdicts().all(|v| v == Verdict::AC) {
        0
    } else {
        1
    })
}
