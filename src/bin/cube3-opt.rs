//! cube3-opt: an optimal (half-turn metric) solution for each 3x3x3 scramble or facelet string, by
//! IDA* on one big symmetry-reduced table (the cosets of nissy's H48 group under the 16 U-D
//! symmetries), read along three axes on the cube and its inverse, both cores on each cube.
//!
//! The table is built once (minutes for the default size) and cached; `--table-size` trades memory
//! for speed. Each new depth of a search longer than a second is reported on stderr.

use std::time::Instant;
use twisty::args::{Flag, Usage};
use twisty::bytes::show;
use twisty::cube3::cache::{tables_dir, verify_tables, TABLE_FLAGS};
use twisty::cube3::optimal::OptimalTables;
use twisty::cube3::slice_table::{SliceTables, TableSize, DEFAULT_BUDGET};
use twisty::cube3::two_phase::TwoPhaseTables;
use twisty::cube3::{answer_lines, Position};
use twisty::input::{fail, read_stdin};
use twisty::machine::threads as default_threads;
use twisty::output;
use twisty::progress_line::ProgressLine;

const WHO: &str = "cube3-opt";

const USAGE: Usage = Usage {
    name: "cube3-opt",
    about: "an optimal half-turn-metric 3x3x3 solution for each line (IDA*, one big symmetry-reduced table)",
    details: "Input: one scramble per line (U D L R F B with ' 2, x y z, M E S, Rw or r), or one facelet\n\
              string (54 colours in the order U R F D L B). Output: one optimal solution per line in\n\
              outer face turns, for the cube as held after the scramble; empty for a solved cube. A bad\n\
              line is reported on stderr with line and column and gets no output line; exit code 2.\n\
              The table is the largest that fits --table-size: 28 MB, 57 MB, 113 MB, 226 MB, 664 MB,\n\
              1.3 GB, 2.6 GB or 7.1 GB (powers of 1024, as --table-size reads sizes and the build\n\
              reports them); the larger, the faster (7.1 GB: about 2.4 times 2.6 GB's speed on 18-move\n\
              cubes). Without the flag: the largest already kept that fits the memory available,\n\
              and a line on stderr names the bigger sizes --table-size would build; none kept: 4G. It is cached in --cache-dir DIR (default $TWISTY_CACHE_DIR,\n\
              $XDG_CACHE_HOME/twisty or ~/.cache/twisty) and built there on first use, on every\n\
              thread, in its own size of memory, with a progress line per depth and the time left\n\
              (5 s for the smallest, about 22 min for the largest, on 2 cores). An interrupted build\n\
              resumes: levels that took over a minute are kept beside the table (a .levels file);\n\
              the 113 and 226 MB tables (nissy's h2 and h3, about 1.5 min) are built again.\n\
              Each cube is searched on all --threads; progress of searches over a second goes to stderr,\n\
              or, for many cubes with stderr on a terminal, one line: cubes done, mean seconds a cube.\n\
              Answers come in input order. Tables are mapped, not read: a second run starts at once.",
    positional: &[],
    common_flags: &TABLE_FLAGS,
    flags: &[
        Flag {
            name: "--table-size",
            value: Some("SIZE"),
            help: "most memory for the table, such as 4G or 300M (default: the largest kept that fits the memory, else 4G)",
        },
        Flag {
            name: "--solver",
            value: Some("slice|korf"),
            help: "slice (default): the slice table; korf: Korf's pattern databases (177 MB, slower)",
        },
        Flag {
            name: "--stats",
            value: None,
            help: "a line on stderr per cube: length, nodes searched, seconds",
        },
        Flag {
            name: "--quiet",
            value: None,
            help: "no progress on stderr",
        },
    ],
    error_code: 2,
};

fn main() {
    let args = USAGE.parse();
    let threads = args
        .number_in("--threads", default_threads(), 1, 256)
        .unwrap_or_else(|e| fail(WHO, &e));
    let dir = tables_dir(&args);
    let memory = twisty::machine::memory_available().unwrap_or(DEFAULT_BUDGET);
    let size = match args.value("--table-size") {
        Some(v) => twisty::bytes::parse(v).and_then(TableSize::within),
        None => TableSize::kept_or_default(dir.as_deref(), memory),
    }
    .unwrap_or_else(|e| fail(WHO, &format!("--table-size: {e}")));
    let quiet = args.has("--quiet");
    let stats = args.has("--stats");
    let korf = match args.value("--solver") {
        None | Some("slice") => false,
        Some("korf") => true,
        Some(other) => fail(
            WHO,
            &format!("--solver expects slice or korf, found `{other}`"),
        ),
    };
    let src = read_stdin().unwrap_or_else(|e| fail(WHO, &e));
    let mut log = |m: &str| eprintln!("{WHO}: {m}");
    verify_tables(&args, dir.as_deref(), &mut log);
    let report = |length: usize, nodes: u64, start: Instant| {
        if stats {
            let secs = start.elapsed().as_secs_f64();
            let rate = nodes as f64 / secs.max(1e-9);
            eprintln!(
                "{WHO}: stats: {length} moves, {nodes} nodes, {secs:.3} s, {rate:.0} nodes/s"
            );
        }
    };
    // Many cubes on a terminal: one line of cubes done; one cube: a line per depth past a second.
    let cubes = src.lines().filter(|l| !l.trim().is_empty()).count();
    let line = ProgressLine::new(WHO, cubes, !quiet && !stats);
    let progress = |start: Instant, depth: u32, nodes: u64| {
        let secs = start.elapsed().as_secs_f64();
        if !quiet && !line.is_on() && secs > 1.0 {
            eprintln!("{WHO}: depth {depth} searched ({nodes} nodes, {secs:.1} s so far)");
        }
    };
    let answers = if korf {
        let two_phase = TwoPhaseTables::load_or_build(dir.as_deref(), threads, &mut log);
        let tables = OptimalTables::load_or_build(two_phase, dir.as_deref(), threads, &mut log);
        // Lines spread over the threads, each searched on one.
        answer_lines(&src, threads, |p: &Position| {
            let start = Instant::now();
            let (moves, s) = tables.solve(&p.cube, |d, s| progress(start, d, s.nodes));
            report(moves.len(), s.nodes, start);
            line.done(start.elapsed().as_secs_f64());
            p.format_solution(&moves)
        })
    } else {
        let tables = SliceTables::load_or_build(size, dir.as_deref(), threads, &mut log);
        if stats {
            log(&format!("slice table of {}", show(size.bytes() as u128)));
        }
        if !quiet && args.value("--table-size").is_none() {
            bigger_sizes(size, memory, threads, &mut log);
        }
        let search = tables.search();
        // One cube at a time, each on every thread.
        answer_lines(&src, 1, |p: &Position| {
            let start = Instant::now();
            let (moves, nodes) =
                search.solve(&p.cube, threads, |d, n| progress(start, d as u32, n));
            report(moves.len(), nodes, start);
            line.done(start.elapsed().as_secs_f64());
            p.format_solution(&moves)
        })
    };
    output::lines_or_errors(WHO, answers);
}

/// Where no `--table-size` was given and a bigger table than the one used fits the memory: which
/// sizes `--table-size` would build, in how long, and how fast they search.
fn bigger_sizes(size: TableSize, memory: u64, threads: usize, log: &mut dyn FnMut(&str)) {
    let bigger = size.bigger(memory);
    if bigger.is_empty() {
        return;
    }
    let offers: Vec<String> = bigger
        .iter()
        .map(|s| {
            let minutes = s.build_seconds(threads) / 60.0;
            format!(
                "--table-size {} builds {} in about {:.0} min and solves one in {}",
                s.flag_value(),
                show(s.bytes() as u128),
                minutes.max(1.0),
                speeds(s)
            )
        })
        .collect();
    log(&format!(
        "using the {} table (a 17-move cube of nissy's benchmark in {} on 2 threads); \
         bigger ones fit this machine's memory: {}",
        show(size.bytes() as u128),
        speeds(&size),
        offers.join("; ")
    ));
}

/// A size's measured speeds: at 17 moves, and at 18 where measured.
fn speeds(s: &TableSize) -> String {
    match s.seconds_18 {
        Some(s18) => format!("{:.1} s (an 18-move one in {s18:.1} s)", s.seconds_17),
        None => format!("{:.1} s", s.seconds_17),
    }
}
