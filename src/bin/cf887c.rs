//! Codeforces 887C "Solution for Cube": YES if exactly one quarter turn solves the 2x2x2.
//!
//! Colourings that are no real cube (the statement allows any 24 colours, four of each) are NO: a
//! cube one turn from solved is always a real cube.

use twisty::args::Usage;
use twisty::cube2::{
    cube_from_judge, read_one_cube, solver_move, CubieCube, CF887C, QUARTER_MOVES,
};
use twisty::input::{fail, judge_input};
use twisty::output;

const WHO: &str = "cf887c (2x2x2, Codeforces 887C)";

const USAGE: Usage = Usage::judge(
    "cf887c",
    "Codeforces 887C: YES if one quarter turn solves the 2x2x2",
    "Input: 24 colours (1..6) in the statement's sticker order. Output: YES or NO.\n\
              Bad input: a message with line and column, exit 2.",
);

fn main() {
    let src = judge_input(&USAGE, WHO);
    let (tokens, colours) = read_one_cube(&src, 1, 6).unwrap_or_else(|e| fail(WHO, &e));
    let yes = match cube_from_judge(&colours, &CF887C, &tokens) {
        Err(_) => false,
        Ok(cube) => {
            cube != CubieCube::SOLVED
                && QUARTER_MOVES.iter().any(|&m| {
                    cube.then(&CubieCube::of_move(solver_move(m)).unwrap()) == CubieCube::SOLVED
                })
        }
    };
    let mut out = output::stdout();
    output::line(&mut out, WHO, if yes { "YES" } else { "NO" });
    output::finish(&mut out, WHO);
}
