//! `judge`: runs twisty's solvers on `testcases/` like an online judge.
//!
//! `judge test [PROBLEM...]` builds the release binaries, runs every case under the problem's time and
//! memory limits, compares by the problem's match mode and prints one verdict line per case and a
//! summary table. `judge bless` / `judge accept` turn new inputs into reviewed answers.

use clap::{Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use judge::problem::Problem;
use judge::report::{self, ProblemReport};
use judge::runner::{self, Program, RunError, Verdict};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::Command;

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
enum Format {
    Text,
    Json,
}

/// Where things are.
struct Workspace {
    root: PathBuf,
    testcases: PathBuf,
    /// target/release
    bin_dir: PathBuf,
    /// target/judge
    work: PathBuf,
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
    let ws = workspace(&cli)?;
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
            test(&ws, &helper, &problems, format, &programs)
        }
        Cmd::Bless { problems } => {
            let problems = load(&ws, &problems)?;
            let helper = build(&ws, &problems, cli.no_build, false)?;
            bless(&ws, &helper, &problems)
        }
        Cmd::Accept { problems, force } => {
            let problems = load(&ws, &problems)?;
            accept(&ws, &problems, force)
        }
    }
}

fn workspace(cli: &Cli) -> Result<Workspace, String> {
    let root = match &cli.root {
        Some(r) => r.clone(),
        None => {
            let cwd = std::env::current_dir().map_err(|e| e.to_string())?;
            cwd.ancestors()
                .find(|d| d.join("testcases").is_dir() && d.join("Cargo.toml").is_file())
                .map(Path::to_path_buf)
                .ok_or(
                    "no folder with testcases/ and Cargo.toml above the current one; use --root",
                )?
        }
    };
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let target = if target.is_absolute() {
        target
    } else {
        root.join(target)
    };
    Ok(Workspace {
        testcases: cli
            .testcases
            .clone()
            .unwrap_or_else(|| root.join("testcases")),
        bin_dir: target.join("release"),
        work: target.join("judge"),
        root,
    })
}

fn load(ws: &Workspace, names: &[String]) -> Result<Vec<Problem>, String> {
    let names = if names.is_empty() {
        Problem::all_names(&ws.testcases)?
    } else {
        names.to_vec()
    };
    if names.is_empty() {
        return Err(format!(
            "no problems (no *.toml) in {}",
            ws.testcases.display()
        ));
    }
    names
        .iter()
        .map(|n| Problem::load(&ws.testcases, n))
        .collect()
}

/// `cargo build --release` of everything the judge runs: the measuring helper, the solvers and
/// checkers the problems name, and (for `--bundled`) the bundler. Returns the measuring helper.
fn build(
    ws: &Workspace,
    problems: &[Problem],
    no_build: bool,
    bundler: bool,
) -> Result<PathBuf, String> {
    let mut bins: Vec<&str> = problems.iter().filter_map(|p| p.binary()).collect();
    bins.extend(problems.iter().filter_map(|p| p.checker_binary()));
    bins.sort();
    bins.dedup();
    if !no_build {
        let mut what = vec!["the measuring helper".to_string()];
        if !bins.is_empty() {
            what.push(bins.join(", "));
        }
        if bundler {
            what.push("the bundler".to_string());
        }
        eprintln!(
            "judge: building {} (cargo build --release)",
            what.join(", ")
        );
        let mut packages = vec![("judge", vec!["judge-measure"])];
        if !bins.is_empty() {
            packages.push(("twisty", bins.clone()));
        }
        if bundler {
            packages.push(("tools", vec!["bundle"]));
        }
        for (package, targets) in packages {
            let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
            cmd.current_dir(&ws.root)
                .args(["build", "--release", "--quiet", "-p", package]);
            for b in targets {
                cmd.args(["--bin", b]);
            }
            let status = cmd.status().map_err(|e| format!("cannot run cargo: {e}"))?;
            if !status.success() {
                return Err(format!("cargo build --release -p {package} failed"));
            }
        }
    }
    let helper = find_helper(ws)?;
    for b in &bins {
        let exe = ws.bin_dir.join(b);
        if !exe.is_file() {
            return Err(format!(
                "{} is missing; run without --no-build, or `cargo build --release --bin {b}`",
                exe.display()
            ));
        }
    }
    Ok(helper)
}

/// The measuring helper: beside the judge itself (how `cargo run` and the tests start it), else in
/// the release folder the judge builds into.
fn find_helper(ws: &Workspace) -> Result<PathBuf, String> {
    let beside = std::env::current_exe()
        .ok()
        .map(|me| me.with_file_name("judge-measure"));
    let candidates = beside.into_iter().chain([ws.bin_dir.join("judge-measure")]);
    let mut tried = Vec::new();
    for c in candidates {
        if c.is_file() {
            return Ok(c);
        }
        tried.push(c.display().to_string());
    }
    Err(format!(
        "the measuring helper judge-measure is missing (looked at {}); run without --no-build, \
         or `cargo build --release -p judge`",
        tried.join(" and ")
    ))
}

/// How `--bundled` compiles the bundles.
struct Compiler {
    rustc: PathBuf,
    edition: String,
    minify: bool,
}

/// Bundles and compiles every binary the problems run: `(binary, compiled program)`.
fn bundle_all(
    ws: &Workspace,
    problems: &[Problem],
    compiler: &Compiler,
) -> Result<Vec<(String, PathBuf)>, String> {
    let version = Command::new(&compiler.rustc)
        .arg("--version")
        .output()
        .map_err(|e| format!("cannot run {}: {e}", compiler.rustc.display()))?;
    eprintln!(
        "judge: compiling the {}bundles with {} ({}), --edition {}",
        if compiler.minify { "minified " } else { "" },
        String::from_utf8_lossy(&version.stdout).trim(),
        compiler.rustc.display(),
        compiler.edition
    );
    let dir = ws.work.join("bundled");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let mut bins: Vec<&str> = problems.iter().filter_map(|p| p.binary()).collect();
    bins.sort();
    bins.dedup();
    let mut out = Vec::new();
    for bin in bins {
        let src = dir.join(format!("{bin}.rs"));
        let exe = dir.join(bin);
        let mut bundle = Command::new(ws.bin_dir.join("bundle"));
        bundle.arg(bin).arg("-o").arg(&src);
        if compiler.minify {
            bundle.arg("--minify");
        }
        let o = bundle
            .output()
            .map_err(|e| format!("cannot run the bundler: {e}"))?;
        if !o.status.success() {
            return Err(format!(
                "bundling {bin} failed: {}",
                String::from_utf8_lossy(&o.stderr).trim()
            ));
        }
        let o = Command::new(&compiler.rustc)
            .args(["--edition", &compiler.edition, "-O", "-o"])
            .arg(&exe)
            .arg(&src)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", compiler.rustc.display()))?;
        if !o.status.success() {
            return Err(format!(
                "the bundle of {bin} does not compile alone with {} --edition {}:\n{}",
                compiler.rustc.display(),
                compiler.edition,
                String::from_utf8_lossy(&o.stderr)
            ));
        }
        out.push((bin.to_string(), exe));
    }
    Ok(out)
}

fn program_of(ws: &Workspace, p: &Problem) -> Program {
    match &p.config.command {
        Some(argv) => Program {
            argv: argv.clone(),
            dir: Some(p.base.clone()),
        },
        None => {
            let bin = ws.bin_dir.join(p.binary().unwrap_or(&p.name));
            Program {
                argv: vec![bin.to_string_lossy().into_owned()],
                dir: None,
            }
        }
    }
}

fn checker_of(ws: &Workspace, p: &Problem) -> Option<PathBuf> {
    p.config.checker.as_ref().map(|c| match p.checker_binary() {
        Some(bin) => ws.bin_dir.join(bin),
        None => p.base.join(c),
    })
}

fn progress(total: usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
    pb.set_style(ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}").unwrap());
    pb
}

/// Runs every case. `bundled` replaces binaries by their compiled bundles (outputs then go to
/// `target/judge/run-bundled/`, so that both runs can be compared).
fn test(
    ws: &Workspace,
    helper: &Path,
    problems: &[Problem],
    format: Format,
    bundled: &[(String, PathBuf)],
) -> Result<i32, String> {
    let all: Vec<_> = problems
        .iter()
        .map(|p| p.cases().map(|c| (p, c)))
        .collect::<Result<_, _>>()?;
    let total = all.iter().map(|(_, c)| c.len()).sum();
    let width = all
        .iter()
        .flat_map(|(p, cs)| cs.iter().map(move |c| p.name.len() + 1 + c.name.len()))
        .max()
        .unwrap_or(10);
    let pb = progress(total);
    let mut reports = Vec::new();
    let mut interrupted = false;
    'problems: for (p, cases) in all {
        let mut program = program_of(ws, p);
        if let Some((_, exe)) = bundled.iter().find(|(b, _)| Some(b.as_str()) == p.binary()) {
            program = Program {
                argv: vec![exe.to_string_lossy().into_owned()],
                dir: None,
            };
        }
        let run_dir = ws
            .work
            .join(if bundled.is_empty() {
                "run"
            } else {
                "run-bundled"
            })
            .join(&p.name);
        let checker = checker_of(ws, p);
        let mut rep = ProblemReport {
            problem: p.name.clone(),
            title: p.config.title.clone(),
            cases: Vec::new(),
        };
        if cases.is_empty() {
            eprintln!(
                "judge: warning: {} has no *.in cases; nothing of {} was judged",
                p.dir.display(),
                p.name
            );
        }
        for case in &cases {
            pb.set_message(format!("{}/{}", p.name, case.name));
            match runner::run_case(helper, p, &program, checker.as_deref(), case, &run_dir) {
                Ok(r) => {
                    if format == Format::Text {
                        pb.suspend(|| say(&report::case_line(&p.name, width, &r)));
                    }
                    pb.inc(1);
                    rep.cases.push(r);
                }
                Err(RunError::Interrupted) => {
                    interrupted = true;
                    reports.push(rep);
                    break 'problems;
                }
                Err(RunError::Setup(e)) => return Err(e),
            }
        }
        reports.push(rep);
    }
    pb.finish_and_clear();
    match format {
        Format::Text => say(&format!("\n{}", report::summary(&reports).trim_end())),
        Format::Json => say(&serde_json::to_string_pretty(&reports).map_err(|e| e.to_string())?),
    }
    let judged: usize = reports.iter().map(|r| r.cases.len()).sum();
    if interrupted {
        eprintln!("judge: interrupted; {judged} of {total} cases judged, the running one stopped");
        return Ok(130);
    }
    let verdicts = || {
        reports
            .iter()
            .flat_map(|r| r.cases.iter().map(|c| c.verdict))
    };
    Ok(if verdicts().any(|v| v == Verdict::CheckerFail) {
        2
    } else if reports.iter().any(|r| r.cases.is_empty()) {
        1
    } else if verdicts().all(|v| v == Verdict::AC) {
        0
    } else {
        1
    })
}

/// Prints a line of the report. When stdout is gone (`judge ... | head`) the judge stops quietly,
/// like a Unix filter; any other write error (a full disk) ends it with one line on stderr. No case
/// is running when this is called, so nothing is left behind.
fn say(line: &str) {
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

fn pending_dir(ws: &Workspace, p: &Problem) -> PathBuf {
    ws.work.join("pending").join(&p.name)
}

fn bless(ws: &Workspace, helper: &Path, problems: &[Problem]) -> Result<i32, String> {
    let mut code = 0;
    let mut count = 0;
    for p in problems {
        let program = program_of(ws, p);
        let pending = pending_dir(ws, p);
        for case in p.cases()?.iter().filter(|c| c.answer.is_none()) {
            let r = runner::run_case(
                helper,
                p,
                &program,
                None,
                case,
                &ws.work.join("run").join(&p.name),
            );
            let r = match r {
                Ok(r) => r,
                Err(RunError::Interrupted) => {
                    eprintln!("judge: interrupted; {count} pending answer(s) kept so far");
                    return Ok(130);
                }
                Err(RunError::Setup(e)) => return Err(e),
            };
            if r.verdict != Verdict::NoAnswer {
                say(&format!(
                    "{}/{}: {} {}, not kept",
                    p.name,
                    case.name,
                    r.verdict.label(),
                    r.detail
                ));
                code = 1;
                continue;
            }
            std::fs::create_dir_all(&pending).map_err(|e| e.to_string())?;
            let dest = pending.join(format!("{}.out", case.name));
            std::fs::copy(&r.output, &dest)
                .map_err(|e| format!("cannot write {}: {e}", dest.display()))?;
            say(&format!(
                "{}/{}: pending {}",
                p.name,
                case.name,
                dest.display()
            ));
            count += 1;
        }
    }
    say(&format!(
        "{count} pending answer(s); review them, then run `judge accept`"
    ));
    Ok(code)
}

fn accept(ws: &Workspace, problems: &[Problem], force: bool) -> Result<i32, String> {
    let mut code = 0;
    let mut moved = 0;
    for p in problems {
        let pending = pending_dir(ws, p);
        let Ok(rd) = std::fs::read_dir(&pending) else {
            continue;
        };
        let mut files: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        for f in files {
            let name = f.file_name().unwrap_or_default().to_owned();
            let dest = p.dir.join(&name);
            if dest.exists() && !force {
                say(&format!(
                    "{}: {} exists; not replaced (use --force)",
                    p.name,
                    dest.display()
                ));
                code = 1;
                continue;
            }
            std::fs::copy(&f, &dest)
                .map_err(|e| format!("cannot write {}: {e}", dest.display()))?;
            std::fs::remove_file(&f).map_err(|e| e.to_string())?;
            say(&format!("{}: accepted {}", p.name, dest.display()));
            moved += 1;
        }
    }
    say(&format!("{moved} answer(s) accepted"));
    Ok(code)
}
