//! `bench cube3-opt`: cube3-opt's slice table at the default size beside the solver it replaced
//! (`--solver korf`: Korf's pattern databases and phase 1 on three axes), on the same states.
//!
//! - The table: its size, and the time to build it (first run) or read it back (later runs), in
//!   `target/bench-cube3-tables`.
//! - States of optimal length 14, 15 and 16 (scrambles of 14 to 17 random turns, sorted by the
//!   length the slice search gives), five each, and 20 uniformly random cubes from a fixed seed.
//! - The slice search runs each group in one process (the table opened once, as a user solving
//!   many cubes sees it) and reports each cube's time and nodes (`--stats`); the random cubes also
//!   one process each (whole-process wall time, as `echo CUBE | cube3-opt`); the Korf solver runs one
//!   process per cube, stopped after a time limit on the random cubes, which take it minutes to
//!   hours.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tools::rng::Rng;
use tools::timing::{build, root};
use twisty::cube3::{to_facelets, CubieCube};

/// Random cubes.
const RANDOM: usize = 20;
/// States of each length 14, 15, 16.
const PER_LENGTH: usize = 5;
/// Random cubes given to the Korf solver, and its time limit on each.
const KORF_RANDOM: usize = 2;
const KORF_LIMIT: Duration = Duration::from_secs(90);

/// One cube's outcome: its optimal length, seconds and nodes (None: stopped at the limit).
pub(crate) struct Solved {
    pub length: usize,
    pub secs: f64,
    pub nodes: u64,
}

/// cube3-opt with `args` on `lines` in one process: each cube's `--stats`.
pub(crate) fn solve_lines(args: &[&str], lines: &[String]) -> Vec<Solved> {
    cube3_opt(args, lines, None).expect("no time limit")
}

/// Runs cube3-opt with `args` on `lines`; its `--stats` lines, or None past `limit`.
fn cube3_opt(args: &[&str], lines: &[String], limit: Option<Duration>) -> Option<Vec<Solved>> {
    let exe = root().join("target/release/cube3-opt");
    let mut child = Command::new(exe)
        .args(args)
        .args(["--stats", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cube3-opt runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    stdin.write_all(text.as_bytes()).unwrap();
    drop(stdin);
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if limit.is_some_and(|l| start.elapsed() > l) {
            child.kill().ok();
            child.wait().ok();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let stats: Vec<Solved> = err.lines().filter_map(parse_stats).collect();
    assert_eq!(stats.len(), lines.len(), "cube3-opt {args:?}: {err}");
    Some(stats)
}

/// `cube3-opt: stats: 17 moves, 123 nodes, 1.234 s, 100 nodes/s`.
fn parse_stats(line: &str) -> Option<Solved> {
    let rest = line.strip_prefix("cube3-opt: stats: ")?;
    let f: Vec<&str> = rest.split([',', ' ']).filter(|w| !w.is_empty()).collect();
    Some(Solved {
        length: f[0].parse().ok()?,
        nodes: f[2].parse().ok()?,
        secs: f[4].parse().ok()?,
    })
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

/// Median and worst seconds, and nodes per second over the group.
fn summary(s: &[Solved]) -> String {
    let mut t: Vec<f64> = s.iter().map(|x| x.secs).collect();
    let worst = t.iter().cloned().fold(0.0, f64::max);
    let rate = s.iter().map(|x| x.nodes).sum::<u64>() as f64 / t.iter().sum::<f64>();
    format!(
        "{:>8.3} s {:>8.3} s {:>7.2} M/s",
        median(&mut t),
        worst,
        rate / 1e6
    )
}

/// Scrambles of 14 to 17 random face turns until `PER_LENGTH` of each optimal length 14, 15, 16.
pub(crate) fn by_length(tables: &Path) -> Vec<(usize, Vec<String>)> {
    let mut rng = Rng::new(1415);
    let mut groups: Vec<(usize, Vec<String>)> = (14..=16).map(|l| (l, Vec::new())).collect();
    while groups.iter().any(|(_, g)| g.len() < PER_LENGTH) {
        let lines: Vec<String> = (0..10)
            .map(|_| {
                let c =
                    (0..14 + rng.below(4)).fold(CubieCube::SOLVED, |c, _| c.apply(rng.below(18)));
                to_facelets(&c)
            })
            .collect();
        let t = tables.to_str().unwrap();
        let stats = cube3_opt(&["--tables", t], &lines, None).unwrap();
        for (line, s) in lines.into_iter().zip(stats) {
            if let Some((_, g)) = groups.iter_mut().find(|(l, _)| *l == s.length) {
                if g.len() < PER_LENGTH {
                    g.push(line);
                }
            }
        }
    }
    groups
}

/// The benchmark's uniformly random cubes (a fixed seed), as facelet lines.
pub(crate) fn random_cubes() -> Vec<String> {
    let mut rng = Rng::new(20);
    (0..RANDOM)
        .map(|_| to_facelets(&CubieCube::random(|| rng.next_u64())))
        .collect()
}

/// The table folder this benchmark and `bench compare` share (the 2.8 GB table is built once).
pub(crate) fn tables_dir() -> PathBuf {
    root().join("target/bench-cube3-tables")
}

pub fn run() {
    build("twisty", &["cube3-opt"]);
    let tables = tables_dir();
    let t = tables.to_str().unwrap();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    // The table cube3-opt picks with no --table-size (the largest kept that fits the memory, else
    // the default): built on the first run, opened on later ones.
    let memory =
        twisty::machine::memory_available().unwrap_or(twisty::cube3::slice_table::DEFAULT_BUDGET);
    let size = twisty::cube3::slice_table::TableSize::kept_or_default(Some(&tables), memory)
        .expect("a table size");
    let cached = tables.join(size.file()).exists();
    let start = Instant::now();
    cube3_opt(&["--tables", t], &[], None);
    let table_secs = start.elapsed().as_secs_f64();
    println!(
        "cube3-opt: slice table of {} (no --table-size: the largest kept that fits), {} in \
         {table_secs:.1} s; {threads} threads",
        twisty::bytes::show(size.bytes() as u128),
        if cached { "opened" } else { "built" }
    );
    println!("  Korf tables (--solver korf, the solver before): 177 MB, same cache folder");
    println!(
        "  {:<28} {:>38}   {:>38}",
        "", "slice: median, worst, nodes/s", "korf: median, worst, nodes/s"
    );
    for (length, lines) in by_length(&tables) {
        let slice = cube3_opt(&["--tables", t], &lines, None).unwrap();
        let korf: Vec<Solved> = lines
            .iter()
            .map(|l| {
                let s = cube3_opt(
                    &["--tables", t, "--solver", "korf"],
                    std::slice::from_ref(l),
                    None,
                );
                s.unwrap().remove(0)
            })
            .collect();
        for (a, b) in slice.iter().zip(&korf) {
            assert_eq!(a.length, b.length, "lengths differ");
        }
        println!(
            "  {:<28} {:>38}   {:>38}",
            format!("optimal length {length} ({PER_LENGTH})"),
            summary(&slice),
            summary(&korf)
        );
    }
    let random = random_cubes();
    let slice = cube3_opt(&["--tables", t], &random, None).unwrap();
    let mut lengths: Vec<usize> = slice.iter().map(|s| s.length).collect();
    lengths.sort_unstable();
    println!(
        "  {:<28} {:>38}",
        format!("random cubes ({RANDOM})"),
        summary(&slice)
    );
    println!("    optimal lengths: {lengths:?}");
    // As a user piping one cube in sees it: the whole process, the table opened (not read) each
    // time, warm page cache.
    let input = std::env::temp_dir().join(format!("twisty-bench-cube-{}", std::process::id()));
    let mut walls: Vec<f64> = random
        .iter()
        .map(|line| {
            std::fs::write(&input, format!("{line}\n")).unwrap();
            let exe = tools::timing::release_bin("cube3-opt");
            let argv = [exe.to_str().unwrap(), "--tables", t];
            tools::timing::runs(&argv, &input, 1)[0].wall_us as f64 / 1e6
        })
        .collect();
    std::fs::remove_file(&input).ok();
    let worst = walls.iter().cloned().fold(0.0, f64::max);
    println!(
        "    one process each: median {:.2} s, worst {worst:.2} s (whole process; target: median under 2 s)",
        median(&mut walls)
    );
    for (k, line) in random.iter().take(KORF_RANDOM).enumerate() {
        let korf = cube3_opt(
            &["--tables", t, "--solver", "korf"],
            std::slice::from_ref(line),
            Some(KORF_LIMIT),
        );
        let korf = match korf {
            Some(s) => format!("{:.1} s", s[0].secs),
            None => format!("stopped after {} s", KORF_LIMIT.as_secs()),
        };
        println!(
            "    random cube {}: slice {:.2} s ({} moves), korf {korf}",
            k + 1,
            slice[k].secs,
            slice[k].length
        );
    }
}
