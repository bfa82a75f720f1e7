//! Comparing a program's output with the expected answer, as streams in bounded memory: a solver may
//! print up to the output limit, and neither comparison nor report may grow with it.

use crate::measure::{Limits, Measurement};
use crate::problem::MatchMode;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command, Stdio};

/// The checker's judgement of one output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    Accepted,
    /// Wrong answer, with a short reason for the report.
    Wrong(String),
    /// The checker itself failed (testlib exit 3, a crash, a hang, or it could not run): a setup
    /// error, not the solver's fault.
    CheckerFailed(String),
}

/// At most this many characters of a line or token are shown in a report.
pub const SHOWN: usize = 100;

/// How to run a checker: the measuring helper, the checker program, its time limit, and where its
/// messages go.
pub struct CheckerRun<'a> {
    pub helper: &'a Path,
    pub checker: &'a Path,
    pub time_limit_ms: u64,
    /// The checker's stderr is kept here.
    pub messages: &'a Path,
}

/// Compares by `mode`. `checker` runs the checker for [`MatchMode::Checker`].
pub fn judge(
    mode: MatchMode,
    checker: Option<&CheckerRun>,
    input: &Path,
    output: &Path,
    answer: &Path,
) -> Judgement {
    let open = |p: &Path| {
        File::open(p)
            .map(|f| BufReader::with_capacity(1 << 16, f))
            .map_err(|e| format!("cannot read {}: {e}", p.display()))
    };
    match mode {
        MatchMode::Exact | MatchMode::Tokens => {
            let (got, want) = match (open(output), open(answer)) {
                (Ok(g), Ok(w)) => (g, w),
                (Err(e), _) | (_, Err(e)) => return Judgement::CheckerFailed(e),
            };
            let r = if mode == MatchMode::Exact {
                compare_exact(got, want)
            } else {
                compare_tokens(got, want)
            };
            r.unwrap_or_else(|e| Judgement::CheckerFailed(format!("reading the output: {e}")))
        }
        MatchMode::Checker => match checker {
            None => Judgement::CheckerFailed("no checker configured".into()),
            Some(run) => run_checker(run, input, output, answer),
        },
    }
}

/// Runs `CHECKER INPUT OUTPUT ANSWER` through the measuring helper (time limit, no stray processes)
/// and reads testlib's exit codes: 0 accepted, 1 wrong answer, 2 presentation error, 3 failure.
fn run_checker(run: &CheckerRun, input: &Path, output: &Path, answer: &Path) -> Judgement {
    let report = run.messages.with_extension("checker-report");
    let _ = std::fs::remove_file(&report);
    let stderr = match File::create(run.messages) {
        Ok(f) => f,
        Err(e) => {
            return Judgement::CheckerFailed(format!(
                "cannot create {}: {e}",
                run.messages.display()
            ))
        }
    };
    let limits = Limits {
        time_ms: run.time_limit_ms,
        memory_kb: u64::MAX / 1024,
        output_kb: 1024,
    };
    let mut cmd = Command::new(run.helper);
    cmd.args(helper_args(&limits, &report))
        .arg(run.checker)
        .arg(input)
        .arg(output)
        .arg(answer)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr);
    let m = match crate::stop::run_child(&mut cmd) {
        Ok(status) if status.success() => std::fs::read_to_string(&report)
            .ok()
            .and_then(|s| Measurement::from_line(&s)),
        Ok(_) => None,
        Err(e) => {
            return Judgement::CheckerFailed(format!("cannot start the measuring helper: {e}"))
        }
    };
    let msg = first_line(run.messages);
    let Some(m) = m else {
        return Judgement::CheckerFailed(format!("cannot run {}: {msg}", run.checker.display()));
    };
    let with_msg = |s: String| {
        if msg.is_empty() {
            s
        } else {
            format!("{s}: {msg}")
        }
    };
    if m.timed_out {
        return Judgement::CheckerFailed(format!(
            "checker gave no verdict within {} ms (stopped)",
            run.time_limit_ms
        ));
    }
    if let Some(sig) = m.signal {
        return Judgement::CheckerFailed(with_msg(format!(
            "checker killed by signal {sig} ({})",
            signal_name(sig)
        )));
    }
    match m.exit {
        Some(0) => Judgement::Accepted,
        Some(1) => Judgement::Wrong(msg),
        Some(2) => Judgement::Wrong(format!("presentation error: {msg}")),
        Some(3) => Judgement::CheckerFailed(with_msg("checker failed (exit code 3)".into())),
        Some(c) => Judgement::CheckerFailed(with_msg(format!(
            "checker exited with code {c}, which is no testlib verdict (0 1 2 3)"
        ))),
        None => Judgement::CheckerFailed(with_msg("checker ended without an exit code".into())),
    }
}

/// The helper's arguments before the program: `TIME_MS MEMORY_KB OUTPUT_KB REPORT --`.
pub fn helper_args(limits: &Limits, report: &Path) -> Vec<std::ffi::OsString> {
    vec![
        limits.time_ms.to_string().into(),
        limits.memory_kb.to_string().into(),
        limits.output_kb.to_string().into(),
        report.as_os_str().to_owned(),
        "--".into(),
    ]
}

/// The first non-empty line of a file, read from its first 4 KB only, shortened and escaped for a report.
pub fn first_line(path: &Path) -> String {
    let mut head = Vec::new();
    if let Ok(f) = File::open(path) {
        let _ = f.take(4096).read_to_end(&mut head);
    }
    String::from_utf8_lossy(&head)
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map(|l| shown(l.as_bytes(), l.len() > SHOWN))
        .unwrap_or_default()
}

/// A common name for a signal number.
pub fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGXCPU => "SIGXCPU",
        _ => "signal",
    }
}

/// Up to [`SHOWN`] characters of `bytes` with invisible ones escaped, `…` when `cut`.
fn shown(bytes: &[u8], cut: bool) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut s: String = text
        .chars()
        .take(SHOWN)
        .flat_map(char::escape_debug)
        .collect();
    if cut || text.chars().count() > SHOWN {
        s.push('…');
    }
    s
}

/// A byte stream read with `\r\n` as `\n` and without one final `\n`.
struct Normalised<R> {
    inner: R,
}

impl<R: BufRead> Normalised<R> {
    fn peek(&mut self) -> std::io::Result<Option<u8>> {
        Ok(self.inner.fill_buf()?.first().copied())
    }

    fn next(&mut self) -> std::io::Result<Option<u8>> {
        let Some(b) = self.peek()? else {
            return Ok(None);
        };
        self.inner.consume(1);
        if b == b'\r' && self.peek()? == Some(b'\n') {
            return self.next();
        }
        if b == b'\n' && self.peek()?.is_none() {
            return Ok(None);
        }
        Ok(Some(b))
    }
}

/// The rest of the current line (up to `SHOWN` more bytes), for a report.
fn rest_of_line<R: BufRead>(s: &mut Normalised<R>, line: &mut Vec<u8>) -> std::io::Result<bool> {
    while line.len() < SHOWN * 4 {
        match s.next()? {
            None | Some(b'\n') => return Ok(false),
            Some(b) => line.push(b),
        }
    }
    Ok(true)
}

/// One side at the first difference: its line so far plus what it has there.
fn describe<R: BufRead>(
    side: &mut Normalised<R>,
    line: &mut Vec<u8>,
    at: Option<u8>,
) -> std::io::Result<String> {
    Ok(match at {
        None if line.is_empty() => "end of output".to_string(),
        None => format!("`{}` then end of output", shown(line, false)),
        Some(b'\n') => format!("`{}`", shown(line, false)),
        Some(b) => {
            line.push(b);
            let cut = rest_of_line(side, line)?;
            format!("`{}`", shown(line, cut))
        }
    })
}

/// Moves the column over `bytes` (no line break among them) and keeps what can be shown of them.
fn advance(bytes: &[u8], col: &mut usize, common: &mut Vec<u8>) {
    // Columns count characters: UTF-8 continuation bytes do not start one.
    *col += bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count();
    let room = (SHOWN * 4).saturating_sub(common.len()).min(bytes.len());
    common.extend_from_slice(&bytes[..room]);
}

/// Byte for byte, except that `\r\n` equals `\n` and a final newline is optional. The report names
/// the line and column of the first difference and shows both lines (at most [`SHOWN`] characters).
pub fn compare_exact(got: impl BufRead, want: impl BufRead) -> std::io::Result<Judgement> {
    let (mut got, mut want) = (Normalised { inner: got }, Normalised { inner: want });
    let (mut line, mut col) = (1usize, 1usize);
    // The common start of the current line, as far as it can be shown.
    let mut common = Vec::new();
    loop {
        // Fast path: the longest equal run, in blocks, with no `\r`, leaving the last buffered byte
        // to the byte-by-byte path below (which knows about `\r\n` and the final newline).
        let run = {
            let (a, b) = (got.inner.fill_buf()?, want.inner.fill_buf()?);
            let n = a.len().min(b.len()).saturating_sub(1);
            let mut k = 0;
            while k < n {
                let end = (k + 256).min(n);
                if a[k..end] != b[k..end] || a[k..end].contains(&b'\r') {
                    break;
                }
                k = end;
            }
            let run = &a[..k];
            match run.iter().rposition(|&c| c == b'\n') {
                Some(last) => {
                    line += run.iter().filter(|&&c| c == b'\n').count();
                    common.clear();
                    col = 1;
                    advance(&run[last + 1..], &mut col, &mut common);
                }
                None => advance(run, &mut col, &mut common),
            }
            k
        };
        got.inner.consume(run);
        want.inner.consume(run);
        let (mut g, mut w) = (got.next()?, want.next()?);
        if g != w {
            // One side ends where the other starts a new line: report on that new line.
            if (g.is_none() && w == Some(b'\n')) || (w.is_none() && g == Some(b'\n')) {
                line += 1;
                col = 1;
                common.clear();
                let empty = "an empty line";
                if g.is_some() {
                    g = got.next()?;
                    if g.is_none() {
                        return Ok(Judgement::Wrong(format!(
                            "line {line}, column 1: expected end of output, got {empty}"
                        )));
                    }
                } else {
                    w = want.next()?;
                    if w.is_none() {
                        return Ok(Judgement::Wrong(format!(
                            "line {line}, column 1: expected {empty}, got end of output"
                        )));
                    }
                }
            }
            let (mut gl, mut wl) = (common.clone(), common);
            let want_text = describe(&mut want, &mut wl, w)?;
            let got_text = describe(&mut got, &mut gl, g)?;
            return Ok(Judgement::Wrong(format!(
                "line {line}, column {col}: expected {want_text}, got {got_text}"
            )));
        }
        match g {
            None => return Ok(Judgement::Accepted),
            Some(b'\n') => {
                line += 1;
                col = 1;
                common.clear();
            }
            Some(b) => advance(&[b], &mut col, &mut common),
        }
    }
}

/// Reads whitespace-separated tokens one at a time; a token longer than the answer's is cut after it
/// has been compared, so a giant token costs no memory.
struct Tokens<R> {
    inner: R,
    count: usize,
}

impl<R: BufRead> Tokens<R> {
    /// The next token's first `keep` bytes and whether it was longer; `None` at the end.
    fn next(&mut self, keep: usize) -> std::io::Result<Option<(Vec<u8>, bool)>> {
        // Skip white space.
        loop {
            let buf = self.inner.fill_buf()?;
            if buf.is_empty() {
                return Ok(None);
            }
            let n = buf.iter().take_while(|b| b.is_ascii_whitespace()).count();
            let all = n == buf.len();
            self.inner.consume(n);
            if !all {
                break;
            }
        }
        self.count += 1;
        let (mut tok, mut longer) = (Vec::new(), false);
        loop {
            let buf = self.inner.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            let n = buf.iter().take_while(|b| !b.is_ascii_whitespace()).count();
            let room = keep.saturating_sub(tok.len()).min(n);
            tok.extend_from_slice(&buf[..room]);
            longer |= room < n;
            let all = n == buf.len();
            self.inner.consume(n);
            if !all {
                break;
            }
        }
        Ok(Some((tok, longer)))
    }
}

/// The same whitespace-separated tokens, whatever the layout.
pub fn compare_tokens(got: impl BufRead, want: impl BufRead) -> std::io::Result<Judgement> {
    let mut got = Tokens {
        inner: got,
        count: 0,
    };
    let mut want = Tokens {
        inner: want,
        count: 0,
    };
    loop {
        // Answer tokens are short; keep one byte more of the output's to see it is longer.
        let w = want.next(usize::MAX)?;
        let keep = w
            .as_ref()
            .map_or(SHOWN * 4, |(t, _)| t.len().max(SHOWN * 4) + 1);
        let g = got.next(keep)?;
        match (&g, &w) {
            (None, None) => return Ok(Judgement::Accepted),
            (Some((a, false)), Some((b, _))) if a == b => continue,
            _ => {}
        }
        let text = |t: &Option<(Vec<u8>, bool)>| match t {
            None => "end of output".to_string(),
            Some((t, cut)) => format!("`{}`", shown(t, *cut)),
        };
        let at = got.count.max(want.count);
        return Ok(Judgement::Wrong(format!(
            "token {at}: expected {}, got {}",
            text(&w),
            text(&g)
        )));
    }
}
