//! cube3-opt: an optimal (half-turn metric) solution for each 3x3x3 scramble or facelet string, by
//! IDA* with Korf's pattern databases and the phase-1 table along three axes.
//!
//! Searches deeper than 14 moves can take minutes: each new depth is reported on stderr once a line
//! has taken more than a second. `--threads` spreads lines over threads.

use std::time::Instant;
use twisty::args::{Flag, Usage};
use twisty::cube3::cache::{default_threads, tables_dir, TABLE_FLAGS};
use twisty::cube3::optimal::OptimalTables;
use twisty::cube3::two_phase::TwoPhaseTables;
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
              Tables (177 MB in all) are cached in --tables DIR (default $TWISTY_CACHE_DIR,\n\
              $XDG_CACHE_HOME/twisty or ~/.cache/twisty) and built there on first use (about 40 s\n\
              on 2 cores). Progress of searches longer than a second goes to stderr.",
    positional: &[],
    flags: &[
        TABLE_FLAGS[0],
        TABLE_FLAGS[1],
        TABLE_FLAGS[2],
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
    let quiet = args.has("--quiet");
    let src = read_stdin().unwrap_or_else(|e| fail(WHO, &e));
    let dir = tables_dir(&args);
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
    output::lines_or_errors(WHO, answers);
}
