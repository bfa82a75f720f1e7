//! Command-line options of the std-only binaries (judge binaries and checkers): `--help`, the flags a
//! binary knows, its positional arguments, and a clear error for anything else.
//!
//! The judge binaries cannot use clap (their bundles must compile with plain `rustc` on the judges),
//! yet a user who types `cube2 --help` or `robot2 --bogus` should get an answer, not a solver waiting
//! on standard input.

use std::ffi::OsString;
use std::fmt::Write as _;

/// One option: `--name`, or `--name VALUE` / `--name=VALUE` when `value` names the value.
#[derive(Clone, Copy, Debug)]
pub struct Flag {
    pub name: &'static str,
    pub value: Option<&'static str>,
    pub help: &'static str,
}

/// What a binary accepts on its command line.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    pub name: &'static str,
    /// One line on what the binary does.
    pub about: &'static str,
    /// Further lines for `--help`: input, output, exit codes.
    pub details: &'static str,
    /// Names of the positional arguments, all required.
    pub positional: &'static [&'static str],
    /// Flags several binaries share (such as cube3's table flags), listed before `flags`.
    pub common_flags: &'static [Flag],
    pub flags: &'static [Flag],
    /// Exit code for a bad command line: 2, or 3 for checkers (testlib's "checker failure", since a
    /// checker's 2 would read as a presentation error).
    pub error_code: i32,
}

/// The command line, once accepted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    /// Flags in the order given, with their values.
    pub flags: Vec<(&'static str, Option<String>)>,
    pub positional: Vec<String>,
}

impl Args {
    pub fn has(&self, name: &str) -> bool {
        self.flags.iter().any(|(n, _)| *n == name)
    }

    /// The value of the last `name` given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.flags
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    /// The number given with `name` (`default` when absent), or why it is not one in `lo..=hi`.
    pub fn number_in(
        &self,
        name: &str,
        default: usize,
        lo: usize,
        hi: usize,
    ) -> Result<usize, String> {
        match self.value(name) {
            None => Ok(default),
            Some(v) => match v.parse::<usize>() {
                Ok(n) if (lo..=hi).contains(&n) => Ok(n),
                _ => Err(format!(
                    "{name} expects a number from {lo} to {hi}, found `{v}`"
                )),
            },
        }
    }
}

/// Why the command line was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgsError {
    /// `--help` or `-h`: print the help and succeed.
    Help,
    Bad(String),
}

impl Usage {
    /// A judge binary's: no arguments and no flags (beyond `--help`), exit 2 on any other.
    pub const fn judge(name: &'static str, about: &'static str, details: &'static str) -> Usage {
        Usage {
            name,
            about,
            details,
            positional: &[],
            common_flags: &[],
            flags: &[],
            error_code: 2,
        }
    }

    /// The process's own arguments; on `--help` prints the help and exits 0, on a bad command line
    /// prints what is wrong and exits with `error_code`.
    pub fn parse(&self) -> Args {
        match self.parse_from(std::env::args_os().skip(1)) {
            Ok(a) => a,
            Err(ArgsError::Help) => {
                print!("{}", self.help());
                std::process::exit(0)
            }
            Err(ArgsError::Bad(msg)) => {
                eprintln!("{}: {msg}", self.name);
                eprintln!("{}", self.synopsis());
                eprintln!("Try `{} --help`.", self.name);
                std::process::exit(self.error_code)
            }
        }
    }

    pub fn parse_from<I: IntoIterator<Item = OsString>>(&self, args: I) -> Result<Args, ArgsError> {
        let mut out = Args::default();
        let mut args = args.into_iter();
        let mut only_positional = false;
        while let Some(arg) = args.next() {
            let arg = arg.into_string().map_err(|a| {
                ArgsError::Bad(format!("argument `{}` is not UTF-8", a.to_string_lossy()))
            })?;
            if only_positional || arg == "-" || !arg.starts_with('-') {
                out.positional.push(arg);
                continue;
            }
            if arg == "--" {
                only_positional = true;
                continue;
            }
            if arg == "--help" || arg == "-h" {
                return Err(ArgsError::Help);
            }
            let (name, inline) = match arg.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (arg.as_str(), None),
            };
            let flag = self
                .all_flags()
                .find(|f| f.name == name)
                .ok_or_else(|| ArgsError::Bad(format!("unknown option `{}`", escape(&arg))))?;
            let value = match (flag.value, inline) {
                (None, None) => None,
                (None, Some(_)) => {
                    return Err(ArgsError::Bad(format!("`{name}` takes no value")));
                }
                (Some(_), Some(v)) => Some(v),
                (Some(what), None) => Some(
                    args.next()
                        .and_then(|v| v.into_string().ok())
                        .ok_or_else(|| ArgsError::Bad(format!("`{name}` needs a value {what}")))?,
                ),
            };
            out.flags.push((flag.name, value));
        }
        if out.positional.len() != self.positional.len() {
            return Err(ArgsError::Bad(match self.positional.len() {
                0 => format!(
                    "unexpected argument `{}` (the input is read from standard input)",
                    escape(&out.positional[0])
                ),
                n => format!(
                    "expected {n} arguments ({}), found {}",
                    self.positional.join(" "),
                    out.positional.len()
                ),
            }));
        }
        Ok(out)
    }

    /// The shared flags, then the binary's own.
    fn all_flags(&self) -> impl Iterator<Item = &'static Flag> {
        self.common_flags.iter().chain(self.flags)
    }

    /// `usage: NAME [OPTIONS] ARGS...`
    pub fn synopsis(&self) -> String {
        let mut s = format!("usage: {}", self.name);
        if self.all_flags().next().is_some() {
            s.push_str(" [OPTIONS]");
        }
        for p in self.positional {
            s.push(' ');
            s.push_str(p);
        }
        if self.positional.is_empty() {
            s.push_str(" < INPUT");
        }
        s
    }

    pub fn help(&self) -> String {
        let mut s = format!("{}: {}\n\n{}\n", self.name, self.about, self.synopsis());
        if !self.details.is_empty() {
            let _ = write!(s, "\n{}\n", self.details.trim_end());
        }
        s.push_str("\nOptions:\n");
        let mut rows: Vec<(String, &str)> = self
            .all_flags()
            .map(|f| {
                let head = match f.value {
                    Some(v) => format!("{} {v}", f.name),
                    None => f.name.to_string(),
                };
                (head, f.help)
            })
            .collect();
        rows.push(("-h, --help".to_string(), "print this help"));
        let width = rows.iter().map(|(h, _)| h.len()).max().unwrap_or(0);
        for (head, help) in rows {
            let _ = writeln!(s, "  {head:width$}  {help}");
        }
        s
    }
}

/// Shows invisible characters in an argument (a stray BOM or control byte) as escapes.
fn escape(s: &str) -> String {
    s.chars().flat_map(char::escape_debug).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const USAGE: Usage = Usage {
        name: "demo",
        about: "a demo",
        details: "",
        positional: &[],
        common_flags: &[],
        flags: &[
            Flag {
                name: "--ida",
                value: None,
                help: "use IDA*",
            },
            Flag {
                name: "--speed",
                value: Some("MODE"),
                help: "how fast",
            },
        ],
        error_code: 2,
    };

    fn parse(args: &[&str]) -> Result<Args, ArgsError> {
        USAGE.parse_from(args.iter().map(OsString::from))
    }

    #[test]
    fn flags_values_and_errors() {
        let a = parse(&["--ida", "--speed", "fast", "--speed=slow"]).unwrap();
        assert!(a.has("--ida"));
        assert_eq!(a.value("--speed"), Some("slow"));
        assert_eq!(parse(&["-h"]), Err(ArgsError::Help));
        assert_eq!(parse(&["--ida", "--help"]), Err(ArgsError::Help));
        let bad = |args: &[&str]| match parse(args) {
            Err(ArgsError::Bad(m)) => m,
            other => panic!("{args:?} gave {other:?}"),
        };
        assert_eq!(bad(&["--bogus"]), "unknown option `--bogus`");
        assert_eq!(bad(&["-x"]), "unknown option `-x`");
        assert_eq!(bad(&["--ida=1"]), "`--ida` takes no value");
        assert_eq!(bad(&["--speed"]), "`--speed` needs a value MODE");
        assert!(bad(&["file.txt"]).starts_with("unexpected argument `file.txt`"));
        assert!(bad(&["--", "--ida"]).starts_with("unexpected argument `--ida`"));
        assert_eq!(bad(&["--\u{feff}"]), "unknown option `--\\u{feff}`");
    }

    #[test]
    fn help_lists_every_flag() {
        let h = USAGE.help();
        assert!(h.starts_with("demo: a demo\n\nusage: demo [OPTIONS] < INPUT\n"));
        for f in ["--ida", "--speed MODE", "-h, --help"] {
            assert!(h.contains(f), "{h}");
        }
    }

    proptest! {
        #[test]
        fn never_panics(args in proptest::collection::vec("\\PC{0,8}", 0..6)) {
            let _ = parse(&args.iter().map(String::as_str).collect::<Vec<_>>());
        }
    }
}
