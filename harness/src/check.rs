//! Comparing a program's output with the expected answer.

use crate::problem::MatchMode;
use std::path::Path;
use std::process::Command;

/// The checker's judgement of one output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    Accepted,
    /// Wrong answer, with a short reason for the report.
    Wrong(String),
    /// The checker itself failed (testlib exit 3, or it could not run): a setup error.
    CheckerFailed(String),
}

/// Compares by `mode`. `checker` is the checker program for [`MatchMode::Checker`].
pub fn judge(
    mode: MatchMode,
    checker: Option<&Path>,
    input: &Path,
    output: &Path,
    answer: &Path,
) -> Judgement {
    let read = |p: &Path| std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()));
    match mode {
        MatchMode::Exact | MatchMode::Tokens => {
            let (got, want) = match (read(output), read(answer)) {
                (Ok(g), Ok(w)) => (g, w),
                (Err(e), _) | (_, Err(e)) => return Judgement::CheckerFailed(e),
            };
            let (got, want) = (
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(&want),
            );
            if mode == MatchMode::Exact {
                compare_exact(&got, &want)
            } else {
                compare_tokens(&got, &want)
            }
        }
        MatchMode::Checker => {
            let Some(checker) = checker else {
                return Judgement::CheckerFailed("no checker configured".into());
            };
            let out = Command::new(checker)
                .arg(input)
                .arg(output)
                .arg(answer)
                .output();
            match out {
                Err(e) => {
                    Judgement::CheckerFailed(format!("cannot run {}: {e}", checker.display()))
                }
                Ok(o) => {
                    let msg = String::from_utf8_lossy(&o.stderr)
                        .lines()
                        .next()
                        .unwrap_or("")
                        .trim()
                        .to_string();
                    match o.status.code() {
                        Some(0) => Judgement::Accepted,
                        Some(1) => Judgement::Wrong(msg),
                        Some(2) => Judgement::Wrong(format!("presentation error: {msg}")),
                        _ => Judgement::CheckerFailed(format!("checker: {msg}")),
                    }
                }
            }
        }
    }
}

fn normalise(s: &str) -> String {
    let s = s.replace("\r\n", "\n");
    s.strip_suffix('\n').map(str::to_string).unwrap_or(s)
}

pub fn compare_exact(got: &str, want: &str) -> Judgement {
    let (g, w) = (normalise(got), normalise(want));
    if g == w {
        return Judgement::Accepted;
    }
    let (gl, wl): (Vec<&str>, Vec<&str>) = (g.split('\n').collect(), w.split('\n').collect());
    for i in 0..gl.len().max(wl.len()) {
        match (gl.get(i), wl.get(i)) {
            (Some(a), Some(b)) if a == b => continue,
            (Some(a), Some(b)) => {
                return Judgement::Wrong(format!("line {}: expected `{b}`, got `{a}`", i + 1))
            }
            (None, Some(b)) => {
                return Judgement::Wrong(format!(
                    "line {}: expected `{b}`, got end of output",
                    i + 1
                ))
            }
            (Some(a), None) => {
                return Judgement::Wrong(format!(
                    "line {}: expected end of output, got `{a}`",
                    i + 1
                ))
            }
            (None, None) => break,
        }
    }
    Judgement::Wrong("outputs differ".into())
}

pub fn compare_tokens(got: &str, want: &str) -> Judgement {
    let (g, w): (Vec<&str>, Vec<&str>) = (
        got.split_whitespace().collect(),
        want.split_whitespace().collect(),
    );
    for i in 0..g.len().max(w.len()) {
        match (g.get(i), w.get(i)) {
            (Some(a), Some(b)) if a == b => continue,
            (a, b) => {
                return Judgement::Wrong(format!(
                    "token {}: expected `{}`, got `{}`",
                    i + 1,
                    b.unwrap_or(&"end of output"),
                    a.unwrap_or(&"end of output")
                ))
            }
        }
    }
    Judgement::Accepted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_allows_only_final_newline_and_crlf() {
        assert_eq!(compare_exact("1\n2\n", "1\n2"), Judgement::Accepted);
        assert_eq!(compare_exact("1\r\n2\r\n", "1\n2\n"), Judgement::Accepted);
        assert_eq!(
            compare_exact("1 \n2\n", "1\n2\n"),
            Judgement::Wrong("line 1: expected `1`, got `1 `".into())
        );
        assert_eq!(
            compare_exact("1\n", "1\n2\n"),
            Judgement::Wrong("line 2: expected `2`, got end of output".into())
        );
    }

    #[test]
    fn tokens_ignore_layout() {
        assert_eq!(compare_tokens("1  2\n3", "1\n2 3\n"), Judgement::Accepted);
        assert_eq!(
            compare_tokens("1 2", "1 2 3"),
            Judgement::Wrong("token 3: expected `3`, got `end of output`".into())
        );
    }
}
