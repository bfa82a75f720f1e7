//! cube3: a solution of at most 20 face turns for each 3x3x3 scramble or facelet string, by
//! Kociemba's two-phase algorithm.
//!
//! The two big tables (91 MB) take about 20 s to build on 2 cores, so they are cached in a folder
//! (`--tables`) and read back in about a second; a missing or damaged file is rebuilt.

use twisty::args::{Flag, Usage};
use twisty::cube3::answer_lines;
use twisty::cube3::two_phase::{default_cache_dir, default_threads, TwoPhaseTables};
use twisty::input::{fail, read_stdin};
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
              Tables are cached in --tables DIR (default $TWISTY_CACHE_DIR, $XDG_CACHE_HOME/twisty or\n\
              ~/.cache/twisty), built there on first use (about 20 s on 2 cores, 91 MB).",
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
            name: "--max-length",
            value: Some("N"),
            help: "longest solution wanted (default 20; 20 always succeeds)",
        },
        Flag {
            name: "--threads",
            value: Some("N"),
            help: "threads for building tables and solving lines (default: all cores)",
        },
    ],
    error_code: 2,
};

fn number(args: &twisty::args::Args, name: &str, default: usize, lo: usize, hi: usize) -> usize {
    match args.value(name) {
        None => default,
        Some(v) => match v.parse::<usize>() {
            Ok(n) if (lo..=hi).contains(&n) => n,
            _ => fail(
                WHO,
                &format!("{name} expects a number from {lo} to {hi}, found `{v}`"),
            ),
        },
    }
}

fn main() {
    let args = USAGE.parse();
    let max_len = number(&args, "--max-length", 20, 20, 30);
    let threads = number(&args, "--threads", default_threads(), 1, 256);
    let src = read_stdin().unwrap_or_else(|e| fail(WHO, &e));
    let dir = if args.has("--no-cache") {
        None
    } else {
        args.value("--tables")
            .map(Into::into)
            .or_else(default_cache_dir)
    };
    let tables =
        TwoPhaseTables::load_or_build(dir.as_deref(), threads, |m| eprintln!("{WHO}: {m}"));
    let answers = answer_lines(&src, threads, |p| {
        let moves = tables
            .solve(&p.cube, max_len)
            .expect("every cube has a solution of 20 moves or fewer");
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
