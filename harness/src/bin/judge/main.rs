//! `judge`: runs twisty's solvers on `testcases/` like an online judge.
//!
//! `judge test [PROBLEM...]` builds the release binaries, runs every case under the problem's time and
//! memory limits, compares by the problem's match mode and prints one verdict line per case and a
//! summary table. `judge bless` / `judge accept` turn new inputs into reviewed answers.

mod build;
mod review;
mod run_cases;
mod workspace;

use build::{build, bundle_all, Compiler};
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use workspace::{load, workspace};

#[derive(Parser)]
#[command(
    name = "judge",
    about = "Judge twisty's solvers on testcases/ with time and memory limits"
)]
struct Cli {
    /// Project root (default: the nearest folder above the current one that has testcases/).
    #[arg(long, global = true)]
    root: Option<PathBuf>,
    /// Folder of <problem>.toml files and <problem>/ case folders (default: ROOT/testcases).
    #[arg(long, global = true)]
    testcases: Option<PathBuf>,
    /// Do not run `cargo build --release` first; use the binaries already built.
    #[arg(long, global = true)]
    no_build: bool,
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run every case of the given problems (all by default) and print verdicts.
    Test {
        /// Problem names (testcases/<name>.toml); all when none is given.
        problems: Vec<String>,
        /// How to print the results.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Judge the single-file submissions instead: bundle each binary (tools/bundle), compile the
        /// bundle with plain `rustc --edition 2021 -O`, and run that.
        #[arg(long)]
        bundled: bool,
        /// With --bundled: the compiler to use, e.g. an old one such as Debian's /usr/bin/rustc (1.63).
        #[arg(
            long,
            value_name = "PATH",
            default_value = "rustc",
            requires = "bundled"
        )]
        rustc: PathBuf,
        /// With --bundled: bundle with `--minify` (the packed form some judges' size limits need).
        #[arg(long, requires = "bundled")]
        minify: bool,
        /// With --bundled: the Rust edition to compile the bundles as.
        #[arg(long, default_value = "2021", value_parser = ["2015", "2018", "2021", "2024"], requires = "bundled")]
        edition: String,
    },
    /// Run the cases that have no .out yet and keep their outputs as pending answers to review.
    Bless {
        /// Problem names; all when none is given.
        problems: Vec<String>,
    },
    /// Move reviewed pending answers into testcases/.
    Accept {
        /// Problem names; all when none is given.
        problems: Vec<String>,
        /// Replace an existing .out (never done without this flag).
        #[arg(long)]
        force: bool,
    },
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

fn main() {
    let cli = Cli::parse();
    judge::stop::install();
    let code = match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("judge: {e}");
            2
        }
    };
    std::process::exit(code);
}

fn run(cli: Cli) -> Result<i32, String> {
    let ws = workspace(cli.root.as_deref(), cli.testcases.as_deref())?;
    match cli.command {
        Cmd::Test {
            problems,
            format,
            bundled,
            rustc,
            edition,
            minify,
        } => {
            let mut problems = load(&ws, &problems)?;
            if bundled {
                problems.retain(|p| match &p.config.not_bundled {
                    Some(why) => {
                        eprintln!("judge: {} has no bundle: {why}", p.name);
                        false
                    }
                    None => true,
                });
            }
            let helper = build(&ws, &problems, cli.no_build, bundled)?;
            let programs = if bundled {
                bundle_all(
                    &ws,
                    &problems,
                    &Compiler {
                        rustc,
                        edition,
                        minify,
                    },
                )?
            } else {
                Vec::new()
            };
            run_cases::test(&ws, &helper, &problems, format, &programs)
        }
        Cmd::Bless { problems } => {
            let problems = load(&ws, &problems)?;
            let helper = build(&ws, &problems, cli.no_build, false)?;
            review::bless(&ws, &helper, &problems)
        }
        Cmd::Accept { problems, force } => {
            let problems = load(&ws, &problems)?;
            review::accept(&ws, &problems, force)
        }
    }
}

/// Prints a line of the report. When stdout is gone (`judge ... | head`) the judge stops quietly,
/// like a Unix filter; any other write error (a full disk) ends it with one line on stderr. No case
/// is running when this is called, so nothing is left behind.
pub fn say(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{line}").and_then(|_| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(141);
        }
        eprintln!("judge: cannot write the report: {e}");
        std::process::exit(2);
    }
}
