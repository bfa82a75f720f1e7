//! `judge`: runs twisty's solvers on `testcases/` like an online judge.
//!
//! `judge test [PROBLEM...]` builds the release binaries, runs every case under the problem's time and
//! memory limits, compares by the problem's match mode and prints one verdict line per case and a
//! summary table. `-c CMD` judges anyone's solution instead, `--cases DIR` a folder of oj's layout;
//! `judge stress` hunts an input where a solution and the project's solver disagree.
//! `judge bless` / `judge accept` turn new inputs into reviewed answers.

mod build;
mod limits;
mod own_solution;
mod review;
mod run_cases;
mod stress;
mod workspace;

use build::{build, bundle_all, Compiler, Needs};
use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use judge::problem::MatchMode;
use limits::Overrides;
use std::io::IsTerminal;
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

/// Limits and comparison that replace the problem's (or, for a folder alone, the defaults: 2 s,
/// 256 MB, exact).
#[derive(Args)]
struct LimitArgs {
    /// Time limit in seconds (as oj's --tle).
    #[arg(long, value_name = "SECONDS")]
    tle: Option<f64>,
    /// Memory limit in megabytes (as oj's --mle).
    #[arg(long, value_name = "MB")]
    mle: Option<u64>,
    /// How outputs are compared: exact (a final newline and \r\n forgiven), tokens (as oj's -N),
    /// or checker (with --checker).
    #[arg(long = "match", value_enum, value_name = "MODE")]
    match_mode: Option<MatchMode>,
    /// A testlib-style checker, run as CHECKER INPUT OUTPUT ANSWER (exit 0 accepted, 1 or 2 wrong).
    #[arg(long, value_name = "PATH")]
    checker: Option<PathBuf>,
}

impl LimitArgs {
    /// The flags as given, to repeat them in a command line the judge prints.
    fn flags(&self) -> Vec<String> {
        let mut f = Vec::new();
        if let Some(t) = self.tle {
            f.extend(["--tle".to_string(), t.to_string()]);
        }
        if let Some(m) = self.mle {
            f.extend(["--mle".to_string(), m.to_string()]);
        }
        if let Some(m) = self.match_mode {
            let name = m.to_possible_value().expect("no variant is skipped");
            f.extend(["--match".to_string(), name.get_name().to_string()]);
        }
        if let Some(c) = &self.checker {
            f.extend(["--checker".to_string(), c.display().to_string()]);
        }
        f
    }

    fn overrides(&self) -> Overrides {
        Overrides {
            tle: self.tle,
            mle: self.mle,
            match_mode: self.match_mode,
            checker: self.checker.clone(),
        }
    }
}

#[derive(Subcommand)]
enum Cmd {
    /// Run every case of the given problems (all by default) and print verdicts.
    Test {
        /// Problem names (testcases/<name>.toml); all when none is given.
        problems: Vec<String>,
        /// Judge this command instead of the project's solver, as `oj t -c` does: one problem, its
        /// words split as a shell splits them, run from the current folder.
        #[arg(short = 'c', long, value_name = "CMD", conflicts_with = "bundled")]
        command: Option<String>,
        /// Judge the cases in this folder (oj's layout: NAME.in beside NAME.out, samples first)
        /// instead of testcases/<problem>/, under the named problem's limits or the defaults.
        #[arg(long, value_name = "DIR", conflicts_with = "bundled")]
        cases: Option<PathBuf>,
        #[command(flatten)]
        limits: LimitArgs,
        /// How to print the results.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Judge the single-file submissions instead: bundle each binary (tools/bundler), compile the
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
    /// Hunt an input where CMD and the project's solver disagree: random inputs from the problem's
    /// generator, the first difference (or RE, TLE, MLE) shrunk and saved; exit 1 then, 0 if none.
    Stress {
        /// The problem (testcases/<name>.toml), whose limits and comparison apply.
        problem: String,
        /// The solution to test, as for `test -c`.
        #[arg(short = 'c', long, value_name = "CMD")]
        command: String,
        /// How many random inputs to try.
        #[arg(long, default_value_t = 100)]
        count: u64,
        /// The first input's seed; input k comes from seed + k.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where to save the failing input (default: target/judge/stress/<problem>).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        #[command(flatten)]
        limits: LimitArgs,
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
    if let Cmd::Test {
        problems,
        command,
        cases,
        limits,
        format,
        ..
    } = &cli.command
    {
        if command.is_some() || cases.is_some() {
            return own_test(
                &cli,
                problems,
                command.as_deref(),
                cases.as_deref(),
                limits,
                *format,
            );
        }
    }
    let ws = workspace(cli.root.as_deref(), cli.testcases.as_deref())?;
    match cli.command {
        Cmd::Test {
            problems,
            format,
            bundled,
            rustc,
            edition,
            minify,
            limits,
            ..
        } => {
            let mut problems = limits::problems(&ws, &problems, None, &limits.overrides())?;
            if bundled {
                problems.retain(|p| match &p.config.not_bundled {
                    Some(why) => {
                        eprintln!("judge: {} has no bundle: {why}", p.name);
                        false
                    }
                    None => true,
                });
            }
            let needs = Needs {
                solvers: true,
                bundler: bundled,
                generator: false,
            };
            let helper = build(&ws, &problems, cli.no_build, needs)?;
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
            run_cases::test(&ws, &helper, &problems, format, &programs, None)
        }
        Cmd::Stress {
            problem,
            command,
            count,
            seed,
            out,
            limits,
        } => {
            let program = own_solution::command_program(&command)?;
            let named = [problem];
            let p = one(limits::problems(&ws, &named, None, &Overrides::default())?);
            if let Some(why) = &p.config.no_stress {
                return Err(format!("{} cannot be stress-tested: {why}", p.name));
            }
            // The reference keeps the toml's limits; the command gets the command line's.
            let judged = one(limits::problems(&ws, &named, None, &limits.overrides())?);
            let needs = Needs {
                solvers: true,
                bundler: false,
                generator: true,
            };
            let helper = build(&ws, std::slice::from_ref(&p), cli.no_build, needs)?;
            let ask = stress::Stress {
                count,
                seed,
                out,
                command,
                limit_flags: limits.flags(),
            };
            stress::stress(&ws, &helper, (&p, &judged), &program, &ask)
        }
        Cmd::Bless { problems } => {
            let problems = load(&ws, &problems)?;
            let needs = Needs {
                solvers: true,
                ..Needs::default()
            };
            let helper = build(&ws, &problems, cli.no_build, needs)?;
            review::bless(&ws, &helper, &problems)
        }
        Cmd::Accept { problems, force } => {
            let problems = load(&ws, &problems)?;
            review::accept(&ws, &problems, force)
        }
    }
}

/// `test -c CMD` and `test --cases DIR`: one problem (or a folder alone), anyone's solution.
fn own_test(
    cli: &Cli,
    problems: &[String],
    command: Option<&str>,
    cases: Option<&std::path::Path>,
    limits: &LimitArgs,
    format: Format,
) -> Result<i32, String> {
    if problems.len() > 1 || (problems.is_empty() && cases.is_none()) {
        return Err(
            "-c and --cases judge one solution: name one problem, or give --cases DIR".into(),
        );
    }
    let name = problems.first().map(String::as_str);
    if name.is_none() && command.is_none() {
        return Err("--cases without a problem needs -c CMD: there is no solver to run".into());
    }
    // A folder alone can be judged from anywhere, with the judge's own helper and nothing built.
    let (ws, in_project) = match workspace(cli.root.as_deref(), cli.testcases.as_deref()) {
        Ok(ws) => (ws, true),
        Err(_) if name.is_none() => (workspace::outside()?, false),
        Err(e) => return Err(e),
    };
    let program = command.map(own_solution::command_program).transpose()?;
    let p = one(limits::problems(&ws, problems, cases, &limits.overrides())?);
    let needs = Needs {
        solvers: program.is_none(),
        ..Needs::default()
    };
    let helper = build(
        &ws,
        std::slice::from_ref(&p),
        cli.no_build || !in_project,
        needs,
    )?;
    run_cases::test(&ws, &helper, &[p], format, &[], program.as_ref())
}

/// A progress bar on stderr, only when stderr is a terminal.
pub fn progress(total: usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
    pb.set_style(ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}").unwrap());
    pb
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

/// The one problem of a command that judges one.
fn one(mut problems: Vec<judge::problem::Problem>) -> judge::problem::Problem {
    problems.pop().expect("one problem named")
}
