//! cube3: a solution of at most 20 face turns for each 3x3x3 scramble or facelet string, by
//! Kociemba's two-phase algorithm.
//!
//! The two big tables (91 MB) take far longer to build than to read back, so they are cached in a
//! folder (`--cache-dir`, or `--tables`); a missing or damaged file is rebuilt.

use twisty::args::{Flag, Usage};
use twisty::cube3::answer_lines;
use twisty::cube3::cache::{tables_dir, verify_tables, TABLE_FLAGS};
use twisty::cube3::two_phase::TwoPhaseTables;
use twisty::input::{fail, read_stdin};
use twisty::machine::threads as default_threads;
use twisty::output;

const WHO: &str = "cube3";

const USAGE: Usage = Usage {
    name: "cube3",
    about: "a 3x3x3 solution of at most 20 face turns for each line (Kociemba's two-phase algorithm)",
    details: "Input: one scramble per line (U D L R F B with ' 2, x y z, M E S, Rw or r), or one facelet\n\
              string (54 colours in the order U R F D L B, 9 per face, as Kociemba's solvers read them).\n\
              Output: one solution per line in outer face turns, written for the cube as it is held after\n\
              the scramble; an empty line for a solved cube. A bad line is reported on stderr with line\n\
              and column and gets no output line; the exit code is then 2.\n\
              Tables are cached in --cache-dir DIR (default $TWISTY_CACHE_DIR, $XDG_CACHE_HOME/twisty or\n\
              ~/.cache/twisty), built there on first use (about 20 s on 2 cores, 91 MB).",
    positional: &[],
    common_flags: &TABLE_FLAGS,
    flags: &[
        Flag {
            name: "--max-length",
            value: Some("N"),
            help: "longest solution wanted (default 20; 20 always succeeds)",
        },
    ],
    error_code: 2,
};

fn main() {
    let args = USAGE.parse();
    let number = |name, default, lo, hi| {
        args.number_in(name, default, lo, hi)
            .unwrap_or_else(|e| fail(WHO, &e))
    };
    let max_len = number("--max-length", 20, 20, 30);
    let threads = number("--threads", default_threads(), 1, 256);
    let src = read_stdin().unwrap_or_else(|e| fail(WHO, &e));
    let dir = tables_dir(&args);
    verify_tables(&args, dir.as_deref(), &mut |m| eprintln!("{WHO}: {m}"));
    let tables =
        TwoPhaseTables::load_or_build(dir.as_deref(), threads, |m| eprintln!("{WHO}: {m}"));
    let answers = answer_lines(&src, threads, |p| {
        let moves = tables
            .solve(&p.cube, max_len)
            .expect("every cube has a solution of 20 moves or fewer");
        p.format_solution(&moves)
    });
    output::lines_or_errors(WHO, answers);
}
