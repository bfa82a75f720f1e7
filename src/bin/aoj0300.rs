//! AOJ 0300 Floppy Cube: the minimum number of turns for each of up to 30 states.
//!
//! Reads all of stdin, builds the 192-state distance table from the move definitions, answers each
//! puzzle by one lookup. `--ida` answers by IDA* with the CP/CO/EO pruning tables instead.

use twisty::args::{Flag, Usage};
use twisty::floppy::{answer_aoj0300, FloppyTables};
use twisty::input::{fail, read_stdin};
use twisty::output;

const WHO: &str = "aoj0300 (Floppy Cube, AOJ 0300)";

const USAGE: Usage = Usage {
    name: "aoj0300",
    about: "AOJ 0300 Floppy Cube: the minimum number of turns of each puzzle",
    details: "Input: N (1..30), then N times 30 colours (1..6) in the statement's sticker order.\n\
              Output: one line per puzzle. Bad input: a message with line and column, exit 2.",
    positional: &[],
    common_flags: &[],
    flags: &[Flag {
        name: "--ida",
        value: None,
        help: "answer by IDA* with pruning tables instead of the distance table",
    }],
    error_code: 2,
};

fn main() {
    let use_ida = USAGE.parse().has("--ida");
    let src = read_stdin().unwrap_or_else(|e| fail(WHO, &e));
    let tables = FloppyTables::new();
    let answers = answer_aoj0300(&src, &tables, use_ida).unwrap_or_else(|e| fail(WHO, &e));
    let mut out = output::stdout();
    for a in answers {
        output::line(&mut out, WHO, a);
    }
    output::finish(&mut out, WHO);
}
