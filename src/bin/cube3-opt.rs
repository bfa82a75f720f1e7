//! cube3-opt: an optimal (half-turn metric) solution for each 3x3x3 scramble or facelet string, by
//! IDA* with Korf's pattern databases and the phase-1 table along three axes.
//!
//! Lines are solved one after another (each search uses all cores' worth of nothing but one thread;
//! `--threads` spreads lines over threads). Searches deeper than 14 moves can take minutes: each
//! new depth is reported on stderr once a line has taken more than a second.

use std::time::Instant;
use twisty::args::{Flag, Usage};
use twisty::cube3::optimal::OptimalTables;
use twisty::cube3::two_phase::{default_cache_dir, default_threads, TwoPhaseTables};
use twisty::cube3::{answer_lines, Position};
use twisty::input::{fail, read_stdin};
use twisty::output;

const WHO: &str = "cube3-opt";

const USAGE: Usage = Usage {
    name: "cube3-opt",
    about: "an optimal half-turn-metric 3x3x3 solution for each line (IDA*, Korf's pattern databases)",
    details: "Input: one scramble per line (U D L R F B with ' 2, x y z, M E S, Rw or r), or one facelet\n\
              string (54 colours in the order U R F D L B). Output: one optimal solution per line in\n\
              outer face turns, for the cube as held after the scramble; empty for a solved cube. A bad\n\
              line is reported on stderr with line and column and gets no output line; exit code 2.\n\
              Tables (268 MB in all) are cached in --tables DIR (default $TWISTY_CACHE_DIR,\n\
              $XDG_CACHE_HOME/twisty or ~/.cache/twisty) and built there on first use (about a minute\n\
              on 2 cores). Progress of searches longer than a second goes to stderr.",
    positional: &[],
    flags: &[
        Flag {
            name: "--tables",
            value: Some("DIR"),
            help: "folder of the cached tables",
        },
        Flag {
            name: "--no-cache",
            value: None,
            help: "build the tables in memory, read and write no file",
        },
        Flag {
            name: "--threads",
            value: Some("N"),
            help: "threads for building tables and solving lines (default: all cores)",
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
    let threads = match args.value("--threads") {
        None => default_threads(),
        Some(v) => match v.parse::<usize>() {
            Ok(n) if (1..=256).contains(&n) => n,
            _ => fail(
                WHO,
                &format!("--threads expects a number from 1 to 256, found `{v}`"),
            ),
        },
    };
    let quiet = args.has("--quiet");
    let src = read_stdin().unwrap_or_else(|e| fail(WHO, &e));
    let dir = if args.has("--no-cache") {
        None
    } else {
        args.value("--tables")
            .map(Into::into)
            .or_else(default_cache_dir)
    };
    let log = |m: &str| eprintln!("{WHO}: {m}");
    let two_phase = TwoPhaseTables::load_or_build(dir.as_deref(), threads, log);
    let tables = OptimalTables::load_or_build(two_phase, dir.as_deref(), threads, log);
    let answers = answer_lines(&src, threads, |p: &Position| {
        let start = Instant::now();
        let (moves, _) = tables.solve(&p.cube, |depth, stats| {
            let secs = start.elapsed().as_secs_f64();
            if !quiet && secs > 1.0 {
                eprintln!(
                    "{WHO}: searching depth {depth} ({} nodes, {secs:.1} s so far)",
                    stats.nodes
                );
            }
        });
        p.format_solution(&moves)
    });
    let mut out = output::stdout();
    let mut failed = false;
    for a in answers {
        match a {
            Ok(line) => output::line(&mut out, WHO, line),
            Err(e) => {
                eprintln!("{WHO}: {e}");
                failed = true;
            }
        }
    }
    output::finish(&mut out, WHO);
    if failed {
        std::process::exit(2);
    }
}
