//! Whole-input tokenizing with positions, so that bad input is reported as "line L, column C: expected X".
//!
//! Judge binaries read all of stdin at once ([`read_stdin`]) and take tokens from a [`TokenStream`],
//! regardless of line breaks (the judges' formats are token streams; only this project's one-scramble-
//! per-line formats walk lines). Every token keeps its 1-based line and column (in characters).

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
                shown(self.text)
            ))),
        }
    }
}

/// Input text as a message shows it: invisible characters escaped (a BOM as `\u{feff}`, NUL as
/// `\0`), and at most 40 characters.
pub fn shown(text: &str) -> String {
    let mut s: String = text.chars().take(40).flat_map(char::escape_debug).collect();
    if text.chars().nth(40).is_some() {
        s.push('…');
    }
    s
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
    TokenStream::starting_at(text, line).collect()
}

/// The input's tokens one at a time, wherever the line breaks fall (as judges' data and proconio take
/// them), each with its line and column. Lazy: memory stays that of the input, however many tokens
/// a hostile input holds.
#[derive(Clone, Debug)]
pub struct TokenStream<'a> {
    src: &'a str,
    /// Byte offset of the next character to look at.
    pos: usize,
    /// Line and column (1-based, in characters) of that character.
    line: usize,
    col: usize,
}

impl<'a> TokenStream<'a> {
    pub fn new(src: &'a str) -> Self {
        Self::starting_at(src, 1)
    }

    /// A stream over `src` whose first line is line number `line` of the whole input.
    pub fn starting_at(src: &'a str, line: usize) -> Self {
        TokenStream {
            src,
            pos: 0,
            line,
            col: 1,
        }
    }

    /// The next token, or an error at the end of the input saying that `what` was expected.
    pub fn expect(&mut self, what: &str) -> Result<Token<'a>, InputError> {
        self.next().ok_or_else(|| self.end_error(what))
    }

    /// "expected `what`, found end of input", placed just past the input's last character.
    pub fn end_error(&self, what: &str) -> InputError {
        let (line, col) = end_position(self.src);
        InputError::new(line, col, format!("expected {what}, found end of input"))
    }

    /// The next `n` tokens, or "expected `n` `what`, found K" at the end of the input.
    pub fn take_n(&mut self, n: usize, what: &str) -> Result<Vec<Token<'a>>, InputError> {
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            match self.next() {
                Some(t) => out.push(t),
                None => {
                    let (line, col) = end_position(self.src);
                    let msg = format!("expected {n} {what}, found {}", out.len());
                    return Err(InputError::new(line, col, msg));
                }
            }
        }
        Ok(out)
    }

    /// Succeeds when no token is left; otherwise the error names the first extra one.
    pub fn expect_end(&mut self, after: &str) -> Result<(), InputError> {
        match self.next() {
            None => Ok(()),
            Some(t) => Err(t.error(format!(
                "expected end of input after {after}, found `{}`",
                shown(t.text)
            ))),
        }
    }
}

impl<'a> Iterator for TokenStream<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let rest = &self.src[self.pos..];
        let mut chars = rest.char_indices();
        // Skip white space, counting lines and columns.
        let (start, col) = loop {
            match chars.next() {
                None => {
                    self.pos = self.src.len();
                    return None;
                }
                Some((b, ch)) if !ch.is_whitespace() => break (b, self.col),
                // A line ends at `\n`, or at a `\r` not followed by one (as in `numbered_lines`).
                Some((b, '\r')) if rest.as_bytes().get(b + 1) != Some(&b'\n') => {
                    self.line += 1;
                    self.col = 1;
                }
                Some((_, '\n')) => {
                    self.line += 1;
                    self.col = 1;
                }
                Some(_) => self.col += 1,
            }
        };
        self.col += 1;
        let mut end = rest.len();
        for (b, ch) in chars {
            if ch.is_whitespace() {
                end = b;
                break;
            }
            self.col += 1;
        }
        self.pos += end;
        Some(Token {
            text: &rest[start..end],
            line: self.line,
            col,
        })
    }
}

/// The input's lines with their 1-based numbers. A line ends at `\n`, `\r\n` or a lone `\r` (old Mac
/// files, or a copy through a terminal), which is not kept; a final line ending makes no empty line.
pub fn numbered_lines(src: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = Some(src).filter(|s| !s.is_empty());
    let mut n = 0;
    std::iter::from_fn(move || {
        let s = rest?;
        n += 1;
        match s.find(['\n', '\r']) {
            Some(i) => {
                let end = if s[i..].starts_with("\r\n") {
                    i + 2
                } else {
                    i + 1
                };
                rest = Some(&s[end..]).filter(|r| !r.is_empty());
                Some((n, &s[..i]))
            }
            None => {
                rest = None;
                Some((n, s))
            }
        }
    })
}

/// All tokens of the input in order, across lines.
pub fn all_tokens(src: &str) -> Vec<Token<'_>> {
    TokenStream::new(src).collect()
}

/// Where an unexpected end of input is: just past the last character.
pub fn end_position(src: &str) -> (usize, usize) {
    let line = numbered_lines(src).count().max(1);
    let last = numbered_lines(src).last().map_or("", |(_, l)| l);
    (line, last.chars().count() + 1)
}

/// Prints `prefix: error` on stderr and exits with code 2 (the judges' convention for bad input).
/// A judge binary's start: its command line checked against `usage` (`--help` answered), then
/// all of stdin, or the reason it cannot be read as `who`'s message, exit 2.
pub fn judge_input(usage: &crate::args::Usage, who: &str) -> String {
    usage.parse();
    read_stdin().unwrap_or_else(|e| fail(who, &e))
}

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

    #[test]
    fn invisible_characters_are_escaped() {
        let t = all_tokens("\u{feff}1 \u{0}")[0];
        assert_eq!(
            t.int_in("N", 1, 30).unwrap_err().msg,
            "expected N (1..30), found `\\u{feff}1`"
        );
        assert_eq!(shown("\u{0}"), "\\0");
        assert_eq!(shown(&"x".repeat(50)), format!("{}…", "x".repeat(40)));
    }

    #[test]
    fn lines_end_at_lf_crlf_or_a_lone_cr() {
        let got: Vec<_> = numbered_lines("a\rb\r\nc\n\nd\r").collect();
        assert_eq!(got, vec![(1, "a"), (2, "b"), (3, "c"), (4, ""), (5, "d")]);
        assert_eq!(numbered_lines("").count(), 0);
        let toks: Vec<_> = all_tokens("a\rb\r\nc")
            .iter()
            .map(|t| (t.line, t.col))
            .collect();
        assert_eq!(toks, vec![(1, 1), (2, 1), (3, 1)]);
    }

    #[test]
    fn stream_ignores_line_breaks_and_reports_the_end() {
        let mut ts = TokenStream::new("3\n 1 2\r\n\n  4");
        let got: Vec<_> = ts.by_ref().map(|t| (t.text, t.line, t.col)).collect();
        assert_eq!(
            got,
            vec![("3", 1, 1), ("1", 2, 2), ("2", 2, 4), ("4", 4, 3)]
        );
        assert_eq!(
            ts.expect("a colour").unwrap_err().to_string(),
            "line 4, column 4: expected a colour, found end of input"
        );
        let mut ts = TokenStream::new("1 x");
        ts.next();
        assert_eq!(
            ts.expect_end("1 puzzle").unwrap_err().to_string(),
            "line 1, column 3: expected end of input after 1 puzzle, found `x`"
        );
    }

    proptest! {
        /// The stream and the line-by-line tokenizer find the same tokens at the same places.
        #[test]
        fn stream_agrees_with_lines(s in "[ a\n\t\r\u{3000}é]*") {
            let by_lines: Vec<Token> = numbered_lines(&s).flat_map(|(n, l)| line_tokens(l, n)).collect();
            prop_assert_eq!(all_tokens(&s), by_lines);
        }

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
