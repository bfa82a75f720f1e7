//! acm.mipt.ru 041: the minimum number of quarter turns that solve a 2x2x2 (a half turn counts 2).

use twisty::args::Usage;
use twisty::cube2::{cube_from_judge, read_one_cube, Cube2Solver, MIPT041};
use twisty::input::{fail, judge_input};
use twisty::output;

const WHO: &str = "mipt041 (2x2x2, acm.mipt.ru 041)";

const USAGE: Usage = Usage::judge(
    "mipt041",
    "acm.mipt.ru 041: the minimum number of quarter turns that solve a 2x2x2",
    "Input: 24 colours in the statement's sticker order (any numbering). Output: the number of turns\n\
              (a half turn counts 2). Bad input: a message with line and column, exit 2.",
);

fn main() {
    let src = judge_input(&USAGE, WHO);
    let (tokens, colours) = read_one_cube(&src, 0, 255).unwrap_or_else(|e| fail(WHO, &e));
    let cube = cube_from_judge(&colours, &MIPT041, &tokens).unwrap_or_else(|e| fail(WHO, &e));
    let mut out = output::stdout();
    output::line(&mut out, WHO, Cube2Solver::qtm().solve(&cube).len());
    output::finish(&mut out, WHO);
}
