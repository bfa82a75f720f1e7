//! BOJ 5373 Cubing: the U face of a 3x3x3 after each case's turns.
//!
//! The cube is kept as cubies (the 3x3x3 model of the library); the U face is read off its facelets.

use twisty::args::Usage;
use twisty::cube3::answer_boj5373;
use twisty::input::{fail, judge_input};
use twisty::output;

const WHO: &str = "boj5373 (Cubing, BOJ 5373)";

const USAGE: Usage = Usage::judge(
    "boj5373",
    "BOJ 5373 Cubing: the top face of a 3x3x3 after a sequence of turns",
    "Input: T (1..100) cases, each n (1..1000) then n moves such as `L-` or `U+`.\n\
              Output: 3 lines per case, the U face with B at the top. Bad input: a message with line\n\
              and column, exit 2.",
);

fn main() {
    let src = judge_input(&USAGE, WHO);
    let answers = answer_boj5373(&src).unwrap_or_else(|e| fail(WHO, &e));
    let mut out = output::stdout();
    for a in answers {
        output::line(&mut out, WHO, a);
    }
    output::finish(&mut out, WHO);
}
