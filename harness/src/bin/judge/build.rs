//! Building what the judge runs: `cargo build --release` of the measuring helper, the solvers and
//! checkers the problems name and the bundler; and for `--bundled`, each binary bundled into one
//! file and compiled alone with plain `rustc`.

use crate::workspace::Workspace;
use judge::problem::Problem;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What the judge needs built besides the measuring helper and the problems' checkers.
#[derive(Clone, Copy, Default)]
pub struct Needs {
    /// The problems' own solvers (not when `-c` gives the solution).
    pub solvers: bool,
    /// The bundler (`--bundled`).
    pub bundler: bool,
    /// The case generator `gen` (`stress`).
    pub generator: bool,
}

/// `cargo build --release` of everything the judge runs: the measuring helper, the checkers the
/// problems name, and what `needs` asks. Returns the measuring helper.
pub fn build(
    ws: &Workspace,
    problems: &[Problem],
    no_build: bool,
    needs: Needs,
) -> Result<PathBuf, String> {
    let mut bins: Vec<&str> = Vec::new();
    if needs.solvers {
        bins.extend(problems.iter().filter_map(|p| p.binary()));
    }
    bins.extend(problems.iter().filter_map(|p| p.checker_binary()));
    bins.sort();
    bins.dedup();
    if !no_build {
        let mut what = vec!["the measuring helper".to_string()];
        if !bins.is_empty() {
            what.push(bins.join(", "));
        }
        if needs.bundler {
            what.push("the bundler".to_string());
        }
        if needs.generator {
            what.push("the case generator".to_string());
        }
        eprintln!(
            "judge: building {} (cargo build --release)",
            what.join(", ")
        );
        let mut packages = vec![("judge", vec!["judge-measure"])];
        if !bins.is_empty() {
            packages.push(("twisty", bins.clone()));
        }
        // The bundler is a package of its own: building it compiles its parser, not the engine
        // that the tools' generators and benchmarks use.
        if needs.bundler {
            packages.push(("bundler", vec!["bundle"]));
        }
        if needs.generator {
            packages.push(("tools", vec!["gen"]));
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
    if needs.generator {
        bins.push("gen");
    }
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
pub struct Compiler {
    pub rustc: PathBuf,
    pub edition: String,
    pub minify: bool,
}

/// Bundles and compiles every binary the problems run: `(binary, compiled program)`.
pub fn bundle_all(
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
    // Each bundle is compiled by its own `rustc -O`, mostly on one core: one worker a core takes
    // the next binary, so a CI run's three passes over every bundle take half the wall time.
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut done: Vec<(usize, Result<PathBuf, String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers.min(bins.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(bin) = bins.get(i) else { break };
                        mine.push((i, bundle_one(ws, &dir, bin, compiler)));
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a bundling worker panicked"))
            .collect()
    });
    // In the binaries' order, and the first failure (by that order) is the one reported.
    done.sort_by_key(|(i, _)| *i);
    done.into_iter()
        .map(|(i, r)| r.map(|exe| (bins[i].to_string(), exe)))
        .collect()
}

/// Bundles one binary into `dir` and compiles the bundle alone; returns the program.
fn bundle_one(
    ws: &Workspace,
    dir: &Path,
    bin: &str,
    compiler: &Compiler,
) -> Result<PathBuf, String> {
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
    Ok(exe)
}
