//! twips: the engine's `twisty solve` and `twisty gods` against twips-cli 0.12.3 (cubing.js's
//! search engine), whole processes in the same run, the same definitions and moves, both optimal.
//!
//! twips reads KPuzzle JSON only: twsearch's `.tws` files (`tools/bench-data/`) are handed to it
//! as the engine writes them back ([`engine::load::to_kpuzzle`], tested to be the same puzzle).
//! twips is taken from `$TWIPS`, else `target/twips/bin/twips`, else installed there by
//! `cargo install twips-cli --version 0.12.3 --no-default-features` (its SIMD feature needs a
//! nightly compiler). Neither tool keeps tables between runs here: every row is a cold start
//! (twips gets an empty cache folder and `--write-prune-tables never`). Rows under a second are
//! the median of five runs of each tool; random states are one run each, averaged.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;
use tools::rng::Rng;
use tools::timing::{release_bin, root};

/// One definition as each tool reads it, and the moves both use.
pub(crate) struct Def {
    pub(crate) label: &'static str,
    /// The engine's file, and twips' (the same file, or its KPuzzle rewrite).
    pub(crate) ours: PathBuf,
    pub(crate) theirs: PathBuf,
    /// Base moves, each with all its powers (twips' `--generator-moves`).
    pub(crate) moves: Vec<String>,
}

/// A finished process: seconds, peak resident memory (MB) and stdout.
pub(crate) struct Ran {
    pub(crate) secs: f64,
    pub(crate) rss_mb: f64,
    pub(crate) out: String,
}

fn as_strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Runs `argv` to its end: wall time from spawn to exit, and the peak resident memory the kernel
/// reports for it (`wait4`). Its stderr (progress lines) goes to a file, shown if it fails.
pub(crate) fn run(argv: &[&str]) -> Ran {
    try_run(argv).unwrap_or_else(|e| panic!("{argv:?} failed: {e}"))
}

/// [`run`], or what the process said on stderr when it failed.
// (The child is reaped by `wait4`, not `Child::wait`, which would not give its rusage.)
#[allow(clippy::zombie_processes)]
pub(crate) fn try_run(argv: &[&str]) -> Result<Ran, String> {
    try_run_with(argv, None)
}

/// [`try_run`] with `input` on the process's stdin (else it inherits ours).
#[allow(clippy::zombie_processes)]
pub(crate) fn try_run_with(argv: &[&str], input: Option<&str>) -> Result<Ran, String> {
    use std::io::{Read, Write};
    let err_path = std::env::temp_dir().join(format!("twisty-bench-{}.err", std::process::id()));
    let err = std::fs::File::create(&err_path).unwrap();
    let t = Instant::now();
    let mut child = Command::new(argv[0])
        .args(&argv[1..])
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::inherit()
        })
        .stdout(Stdio::piped())
        .stderr(err)
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", argv[0]));
    if let (Some(text), Some(mut stdin)) = (input, child.stdin.take()) {
        stdin.write_all(text.as_bytes()).unwrap();
    }
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let mut status = 0;
    // SAFETY: `rusage` is plain data that wait4 fills; the pid is our child, not yet reaped.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    let secs = t.elapsed().as_secs_f64();
    let ok = pid > 0 && libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    let err = std::fs::read_to_string(&err_path).unwrap_or_default();
    std::fs::remove_file(&err_path).ok();
    if !ok {
        return Err(err);
    }
    Ok(Ran {
        secs,
        rss_mb: usage.ru_maxrss as f64 / 1024.0,
        out,
    })
}

/// twips, found or installed.
pub(crate) fn twips() -> PathBuf {
    if let Some(p) = std::env::var_os("TWIPS") {
        return PathBuf::from(p);
    }
    let prefix = root().join("target/twips");
    let bin = prefix.join("bin/twips");
    if !bin.is_file() {
        println!(
            "  installing twips-cli 0.12.3 into {} (once)",
            prefix.display()
        );
        let ok = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(["install", "--quiet", "twips-cli", "--version", "0.12.3"])
            .args(["--no-default-features", "--locked", "--root"])
            .arg(&prefix)
            .status()
            .expect("cargo runs")
            .success();
        assert!(
            ok,
            "could not install twips-cli; set TWIPS to a twips binary"
        );
    }
    bin
}

pub(crate) fn def(label: &'static str, file: &str, tmp: &Path) -> Def {
    let ours = root().join(file);
    let text = std::fs::read_to_string(&ours).unwrap();
    let p = engine::load::load(file, &text).unwrap();
    let theirs = if file.ends_with(".json") {
        ours.clone()
    } else {
        let t = tmp.join(format!("{label}.kpuzzle.json"));
        std::fs::write(&t, engine::load::to_kpuzzle(&p)).unwrap();
        t
    };
    let moves = p
        .moves
        .iter()
        .filter(|m| m.base)
        .map(|m| m.name.clone())
        .collect();
    Def {
        label,
        ours,
        theirs,
        moves,
    }
}

/// `d` without the whole-puzzle rotations cubing.js's files name with a trailing `v` (`Uv`,
/// `U_F_Rv`): the moves the engine searches by default.
pub(crate) fn without_rotations(d: Def) -> Def {
    let moves = d.moves.into_iter().filter(|m| !m.ends_with('v')).collect();
    Def { moves, ..d }
}

/// Moves in a printed solution: the first line of moves (twips follows it with a `//` comment).
fn length(out: &str) -> usize {
    out.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .find(|l| !l.trim().is_empty())
        .map_or(0, |l| l.split_whitespace().count())
}

/// The two command lines of one scramble: twisty's and twips'.
fn commands(d: &Def, scramble: &str, twips: &Path, cache: &Path) -> [Vec<String>; 2] {
    let list = d.moves.join(",");
    let s = |x: &str| x.to_string();
    let ours = vec![
        s(release_bin("twisty").to_str().unwrap()),
        s("solve"),
        s(d.ours.to_str().unwrap()),
        s("--moves"),
        list.clone(),
        s(scramble),
    ];
    let theirs = [
        twips.to_str().unwrap(),
        "search",
        "--min-num-solutions",
        "1",
        "--generator-moves",
        &list,
        "--write-prune-tables",
        "never",
        "--cache-dir",
        cache.to_str().unwrap(),
        d.theirs.to_str().unwrap(),
        "--scramble-alg",
        scramble,
    ];
    [ours, theirs.iter().map(|x| x.to_string()).collect()]
}

/// Solves one scramble with both tools: their runs, and the common length.
fn solve_both(d: &Def, scramble: &str, twips: &Path, cache: &Path) -> (Ran, Ran, usize) {
    let [ours, theirs] = commands(d, scramble, twips, cache);
    let ours = run(&as_strs(&ours));
    let theirs = run(&as_strs(&theirs));
    let (a, b) = (length(&ours.out), length(&theirs.out));
    assert_eq!(
        a, b,
        "{} `{scramble}`: twisty {a} moves, twips {b}",
        d.label
    );
    (ours, theirs, a)
}

/// `n` scrambles of 30 random base-move powers.
fn random_scrambles(d: &Def, seed: u64, n: usize) -> Vec<String> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            (0..30)
                .map(|_| {
                    let m = &d.moves[rng.below(d.moves.len())];
                    format!("{m}{}", ["", "'"][rng.below(2)])
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

pub fn run_all() {
    println!("twips: `twisty solve`/`twisty gods` against twips-cli 0.12.3, whole processes, cold");
    let twips = twips();
    let tmp = std::env::temp_dir().join(format!("twisty-bench-twips-{}", std::process::id()));
    let cache = tmp.join("twips-cache");
    std::fs::create_dir_all(&cache).unwrap();
    // twips finds its first solution sooner or later depending on the order of its moves (by a
    // factor of three on the 13-move row: docs/engine.md, "Optimal search"): the order
    // it is.
    let cube3 = Def {
        moves: ["U", "D", "F", "B", "L", "R"].map(String::from).to_vec(),
        ..def("3x3x3", "puzzles/3x3x3.json", &tmp)
    };
    let fto = def("FTO", "tools/bench-data/FTO.tws", &tmp);
    let mega = def("megaminx", "tools/bench-data/megaminx.tws", &tmp);
    // (The file's base moves are R, 2R and two rotations; the faces are derived from them. Both
    // tools get the faces and the inner slice next to R, the engine's default choice.)
    let cube4 = Def {
        moves: ["U", "D", "F", "B", "L", "R", "2R"]
            .map(String::from)
            .to_vec(),
        ..def("4x4x4", "puzzles/community/4x4x4.kpuzzle.json", &tmp)
    };
    println!(
        "  {:<44} {:>7} {:>10} {:>10} {:>8}   peak RSS twisty / twips",
        "puzzle, scramble", "optimal", "twisty", "twips", "ratio"
    );
    // The rows of issue 54: cubing.js's megaminx with its slices, whose search slipped (a core set
    // aside for the reachability check halved it on two cores), and an FTO with its inner slices
    // (derived from FTO.tws by tools/bench-data/make_fto_slices.py), a definition like the one
    // the issue saw slip.
    let fto_slices = def("FTO + slices", "tools/bench-data/FTO-slices.tws", &tmp);
    let mega_js = without_rotations(def(
        "megaminx (cubing.js)",
        "puzzles/community/megaminx.kpuzzle.json",
        &tmp,
    ));
    let rows: [(&Def, &str); 10] = [
        (&cube3, "R U R' U' R' F R2 U' R' U' R U R' F'"),
        (&cube3, "R U2 F' L D2 B' R2 U' F D L'"),
        (&cube3, "R U2 F' L D2 B' R2 U' F D L' B2 U"),
        (&fto, "U R F L BB' D BR"),
        (&fto, "U R F L BB' D BR U' L' F BL"),
        (&mega, "R U F BR"),
        (&mega, "R U F BR L' BF2 D' E"),
        (&cube4, "R U 2R F' D L2 2R' B U' F"),
        (&fto_slices, "R U L BB' F D BR L' U' BB"),
        (&mega_js, "U R' BR F2 L DR' BL"),
    ];
    for (d, scramble) in rows {
        // Rows of milliseconds are mostly process start: the median of five runs of each.
        let (mut ours, mut theirs, len) = solve_both(d, scramble, &twips, &cache);
        if ours.secs.max(theirs.secs) < 1.0 {
            let mut runs: Vec<(Ran, Ran)> = (0..4)
                .map(|_| {
                    let (a, b, _) = solve_both(d, scramble, &twips, &cache);
                    (a, b)
                })
                .collect();
            runs.push((ours, theirs));
            let median = |mut v: Vec<Ran>| {
                v.sort_by(|a, b| a.secs.total_cmp(&b.secs));
                v.swap_remove(2)
            };
            let (a, b): (Vec<Ran>, Vec<Ran>) = runs.into_iter().unzip();
            (ours, theirs) = (median(a), median(b));
        }
        let label = format!("{}, {scramble}", d.label);
        println!(
            "  {label:<44} {len:>7} {:>9.3}s {:>9.3}s {:>7.1}x   {:.0} MB / {:.0} MB",
            ours.secs,
            theirs.secs,
            theirs.secs / ours.secs,
            ours.rss_mb,
            theirs.rss_mb
        );
    }
    let randoms = [
        def("2x2x2", "puzzles/2x2x2.json", &tmp),
        def("pyraminx", "tools/bench-data/pyraminx.tws", &tmp),
        def("skewb", "tools/bench-data/skewb.tws", &tmp),
    ];
    let n: usize = std::env::var("TWIPS_STATES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    for (i, d) in randoms.iter().enumerate() {
        let (mut ours, mut theirs, mut total) = (0.0, 0.0, 0);
        for s in random_scrambles(d, 31 + i as u64, n) {
            let (a, b, len) = solve_both(d, &s, &twips, &cache);
            ours += a.secs;
            theirs += b.secs;
            total += len;
        }
        let label = format!("{}, {n} random states (mean)", d.label);
        let mean = total as f64 / n as f64;
        println!(
            "  {label:<44} {mean:>7.2} {:>9.3}s {:>9.3}s {:>7.1}x",
            ours / n as f64,
            theirs / n as f64,
            theirs / ours
        );
    }
    let tetraminx = def("tetraminx", "tools/bench-data/tetraminx.kpuzzle.json", &tmp);
    for d in [&randoms[0], &tetraminx] {
        let ours = run(&[
            release_bin("twisty").to_str().unwrap(),
            "gods",
            d.ours.to_str().unwrap(),
        ]);
        let theirs = run(&[
            twips.to_str().unwrap(),
            "gods-algorithm",
            d.theirs.to_str().unwrap(),
        ]);
        let label = format!("{}, God's algorithm", d.label);
        println!(
            "  {label:<44} {:>7} {:>9.3}s {:>9.3}s {:>7.1}x   {:.0} MB / {:.0} MB",
            "",
            ours.secs,
            theirs.secs,
            theirs.secs / ours.secs,
            ours.rss_mb,
            theirs.rss_mb
        );
    }
    std::fs::remove_dir_all(&tmp).ok();
}
