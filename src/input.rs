//! Whole-input tokenizing with positions, so that bad input is reported as "line L, column C: expected X".
//!
//! Judge binaries read all of stdin at once ([`read_stdin`]) and walk it line by line; every token keeps
//! its 1-based line and column (in characters) for error messages.

use std::fmt;
use std::io::Read;

/// Reads all of standard input. Invalid UTF-8 becomes an error at the first bad byte's line and column.
pub fn read_stdin() -> Result<String, InputError> {
    let mut bytes = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut bytes) {
        return Err(InputError::new(
            1,
            1,
            format!("cannot read standard input: {e}"),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let good = std::str::from_utf8(good).unwrap_or("");
        let line = good.matches('\n').count() + 1;
        let col = good.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        InputError::new(
            line,
            col,
            "expected text (UTF-8), found an invalid byte".to_string(),
        )
    })
}

/// One whitespace-separated token with its 1-based position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub text: &'a str,
    pub line: usize,
    pub col: usize,
}

impl Token<'_> {
    /// An error located at this token.
    pub fn error(&self, msg: impl Into<String>) -> InputError {
        InputError::new(self.line, self.col, msg.into())
    }

    /// Parses an integer in `lo..=hi`, or explains what was expected.
    pub fn int_in(&self, what: &str, lo: i64, hi: i64) -> Result<i64, InputError> {
        match self.text.parse::<i64>() {
            Ok(v) if (lo..=hi).contains(&v) => Ok(v),
            _ => Err(self.error(format!(
                "expected {what} ({lo}..{hi}), found `{}`",
                self.text
            ))),
        }
    }
}

/// A problem with the input at a position. Lines and columns count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    pub line: usize,
    pub col: usize,
    pub msg: String,
}

impl InputError {
    pub fn new(line: usize, col: usize, msg: String) -> Self {
        InputError { line, col, msg }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.col, self.msg)
    }
}

impl std::error::Error for InputError {}

/// The tokens of one line (`line` is its 1-based number), with columns.
pub fn line_tokens(text: &str, line: usize) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    let mut col = 0;
    for (b, ch) in text.char_indices() {
        col += 1;
        if ch.is_whitespace() {
            if let Some((sb, sc)) = start.take() {
                out.push(Token {
                    text: &text[sb..b],
                    line,
                    col: sc,
                });
            }
        } else if start.is_none() {
            start = Some((b, col));
        }
    }
    if let Some((sb, sc)) = start {
        out.push(Token {
            text: &text[sb..],
            line,
            col: sc,
        });
    }
    out
}

/// The input's lines with their 1-based numbers (a trailing `\r` is dropped, so CRLF input works).
pub fn numbered_lines(src: &str) -> impl Iterator<Item = (usize, &str)> {
    src.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
}

/// All tokens of the input in order, across lines.
pub fn all_tokens(src: &str) -> Vec<Token<'_>> {
    numbered_lines(src)
        .flat_map(|(n, l)| line_tokens(l, n))
        .collect()
}

/// Where an unexpected end of input is: just past the last character.
pub fn end_position(src: &str) -> (usize, usize) {
    let line = numbered_lines(src).count().max(1);
    let last = numbered_lines(src).last().map_or("", |(_, l)| l);
    (line, last.chars().count() + 1)
}

/// Prints `prefix: error` on stderr and exits with code 2 (the judges' convention for bad input).
pub fn fail(prefix: &str, err: &dyn fmt::Display) -> ! {
    eprintln!("{prefix}: {err}");
    std::process::exit(2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn tokens_carry_columns() {
        let t = line_tokens("  ab c\tdé f", 4);
        let got: Vec<_> = t.iter().map(|t| (t.text, t.line, t.col)).collect();
        assert_eq!(
            got,
            vec![("ab", 4, 3), ("c", 4, 6), ("dé", 4, 8), ("f", 4, 11)]
        );
    }

    #[test]
    fn int_in_reports_range() {
        let t = line_tokens("7", 2)[0];
        let e = t.int_in("a colour", 1, 6).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 1: expected a colour (1..6), found `7`"
        );
    }

    proptest! {
        #[test]
        fn tokenizer_never_panics(s in "\\PC*") {
            let toks = all_tokens(&s);
            for t in toks {
                prop_assert!(!t.text.is_empty());
                prop_assert!(t.line >= 1 && t.col >= 1);
                let _ = t.int_in("x", 0, 9);
            }
            let _ = end_position(&s);
        }
    }
}
