//! The skeleton of a line-by-line checker in testlib's convention: `CHECKER INPUT OUTPUT ANSWER`,
//! exit 0 accepted, 1 wrong answer, 3 checker failure. Each problem supplies only its per-line check.

use crate::args::Usage;
use crate::input::InputError;

/// The contestant's output is wrong.
pub const WRONG: i32 = 1;
/// The input or answer file is bad: the checker cannot judge.
pub const FAIL: i32 = 3;

/// A judgement against one line: the exit code and the message.
pub type Rejection = (i32, String);

/// Tags an input-file problem as a checker failure.
pub fn bad_input(e: InputError) -> Rejection {
    (FAIL, format!("input: {e}"))
}

/// Tags an answer-file problem as a checker failure.
pub fn bad_answer(e: InputError) -> Rejection {
    (FAIL, format!("answer: {e}"))
}

/// Tags an output problem as a wrong answer.
pub fn bad_output(e: InputError) -> Rejection {
    (WRONG, format!("output: {e}"))
}

/// The command line of a checker: `NAME INPUT OUTPUT ANSWER`; `about` says what it checks.
pub const fn usage(name: &'static str, about: &'static str) -> Usage {
    Usage {
        name,
        about,
        details: "Checks OUTPUT (the solver's) against INPUT and ANSWER (the reference), line by line.\n\
                  Exit codes (testlib): 0 accepted, 1 wrong answer, 3 checker failure (bad input or\n\
                  answer file, or a bad command line).",
        positional: &["INPUT", "OUTPUT", "ANSWER"],
        common_flags: &[],
        flags: &[],
        error_code: FAIL,
    }
}

/// Reads the three files named on the command line, requires one output and one answer line per
/// input line, and calls `check(line_number, input, output, answer)` on each; exits with the verdict.
pub fn run(usage: &Usage, check: impl Fn(usize, &str, &str, &str) -> Result<(), Rejection>) -> ! {
    let finish = |code: i32, msg: String| -> ! {
        eprintln!("{msg}");
        std::process::exit(code)
    };
    let args = usage.parse().positional;
    let (input, output, answer) = (&args[0], &args[1], &args[2]);
    // A file that cannot be read, or is not text, is the checker's failure for the input and the
    // answer, but the solver's (a wrong answer) for its output.
    let lines = |p: &str, blame: i32| -> Vec<String> {
        let bytes =
            std::fs::read(p).unwrap_or_else(|e| finish(FAIL, format!("cannot read {p}: {e}")));
        let text = String::from_utf8(bytes).unwrap_or_else(|e| {
            let at = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            finish(
                blame,
                format!("{p}: line {line}: not UTF-8 text (byte {at})"),
            )
        });
        crate::input::numbered_lines(&text)
            .map(|(_, l)| l.to_string())
            .collect()
    };
    let (inp, out, ans) = (
        lines(input, FAIL),
        lines(output, WRONG),
        lines(answer, FAIL),
    );
    if ans.len() != inp.len() {
        finish(
            FAIL,
            format!(
                "answer has {} lines for {} input lines",
                ans.len(),
                inp.len()
            ),
        );
    }
    if out.len() != inp.len() {
        finish(
            WRONG,
            format!("expected {} lines, found {}", inp.len(), out.len()),
        );
    }
    for (i, ((a, b), c)) in inp.iter().zip(&out).zip(&ans).enumerate() {
        if let Err((code, msg)) = check(i + 1, a, b, c) {
            finish(code, msg);
        }
    }
    finish(0, format!("ok {} lines", inp.len()))
}
