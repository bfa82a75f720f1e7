//! The verdict lines, the summary table and the JSON report.

use crate::measure::megabytes;
use crate::runner::{CaseResult, Verdict};
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct ProblemReport {
    pub problem: String,
    pub title: String,
    pub cases: Vec<CaseResult>,
}

impl ProblemReport {
    pub fn accepted(&self) -> usize {
        self.cases
            .iter()
            .filter(|c| c.verdict == Verdict::AC)
            .count()
    }
    pub fn slowest_ms(&self) -> f64 {
        self.cases.iter().map(|c| c.time_ms).fold(0.0, f64::max)
    }
    pub fn max_memory_kb(&self) -> u64 {
        self.cases.iter().map(|c| c.memory_kb).max().unwrap_or(0)
    }
}

/// `aoj0300/sample-1  AC  3 ms  1.2 MB  detail`
pub fn case_line(problem: &str, width: usize, c: &CaseResult) -> String {
    let name = format!("{problem}/{}", c.case);
    let mut line = format!(
        "{name:<width$}  {:<3}  {:>5} ms  {:>8}",
        c.verdict.label(),
        format!("{:.0}", c.time_ms),
        megabytes(c.memory_kb)
    );
    if !c.detail.is_empty() {
        line.push_str("  ");
        line.push_str(&c.detail);
    }
    line
}

/// The summary table, one row per problem.
pub fn summary(reports: &[ProblemReport]) -> String {
    let w = reports
        .iter()
        .map(|r| r.problem.len())
        .max()
        .unwrap_or(7)
        .max(7);
    let mut s = format!(
        "{:<w$}  {:>5}  {:>5}  {:>9}  {:>10}  result\n",
        "problem", "cases", "AC", "slowest", "max memory"
    );
    for r in reports {
        let ok = r.accepted() == r.cases.len();
        s.push_str(&format!(
            "{:<w$}  {:>5}  {:>5}  {:>9}  {:>10}  {}\n",
            r.problem,
            r.cases.len(),
            r.accepted(),
            format!("{:.0} ms", r.slowest_ms()),
            megabytes(r.max_memory_kb()),
            if r.cases.is_empty() {
                "NO CASES"
            } else if ok {
                "OK"
            } else {
                "FAILED"
            }
        ));
    }
    s
}
