//! AOJ 0300 Floppy Cube: the minimum number of turns for each of up to 30 states.
//!
//! Reads all of stdin, builds the 192-state distance table from the move definitions, answers each
//! puzzle by one lookup. `--ida` answers by IDA* with the CP/CO/EO pruning tables instead.

use std::io::{BufWriter, Write};
use twisty::floppy::{answer_aoj0300, FloppyTables};
use twisty::input::{fail, read_stdin};

const WHO: &str = "aoj0300 (Floppy Cube, AOJ 0300)";

fn main() {
    let use_ida = std::env::args().skip(1).any(|a| a == "--ida");
    let src = read_stdin().unwrap_or_else(|e| fail(WHO, &e));
    let tables = FloppyTables::new();
    let answers = answer_aoj0300(&src, &tables, use_ida).unwrap_or_else(|e| fail(WHO, &e));
    let mut out = BufWriter::new(std::io::stdout().lock());
    for a in answers {
        writeln!(out, "{a}").unwrap();
    }
    out.flush().unwrap();
}
