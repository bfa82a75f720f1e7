//! Writing answers: one buffered writer for the whole output, and a clean end when it cannot be
//! written, instead of a panic.

use std::io::{self, BufWriter, StdoutLock, Write};

/// Standard output behind one large buffer, as judge binaries write it.
pub fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// Ends the process after a failed write: quietly with 141 (as a process killed by SIGPIPE) when
/// the reader has gone away (`| head`), else with one line on stderr and exit code 1 (a full disk).
pub fn write_failed(who: &str, e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(141);
    }
    eprintln!("{who}: cannot write the answer: {e}");
    std::process::exit(1)
}

/// Writes one line, or ends the process as [`write_failed`] says.
pub fn line(out: &mut impl Write, who: &str, text: impl std::fmt::Display) {
    if let Err(e) = writeln!(out, "{text}") {
        write_failed(who, &e);
    }
}

/// Flushes, or ends the process as [`write_failed`] says.
pub fn finish(out: &mut impl Write, who: &str) {
    if let Err(e) = out.flush() {
        write_failed(who, &e);
    }
}

/// Writes one line per answer through one buffered writer; an answer that is an error (a bad input
/// line) goes to stderr instead, and makes the process end with exit code 2 once all is written. The
/// line-per-scramble formats (cube2, cube3, cube3-opt) answer every good line this way.
pub fn lines_or_errors<E: std::fmt::Display>(
    who: &str,
    answers: impl IntoIterator<Item = Result<String, E>>,
) {
    let mut out = stdout();
    let mut failed = false;
    for a in answers {
        match a {
            Ok(text) => line(&mut out, who, text),
            Err(e) => {
                eprintln!("{who}: {e}");
                failed = true;
            }
        }
    }
    finish(&mut out, who);
    if failed {
        std::process::exit(2);
    }
}
