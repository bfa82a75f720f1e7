//! HDU 4801 Pocket Cube: for each case, the most single-coloured faces over all states within N
//! quarter turns (N <= 7). Cases until end of input.
//!
//! All cases are read first, then answered together from one pass per N over every state
//! (`twisty::cube2::best_faces`): a file of thousands of cases costs what one costs.

use twisty::args::Usage;
use twisty::cube2::best_faces::most_uniform_faces;
use twisty::cube2::{cube_from_judge, read_colours, HDU4801};
use twisty::input::{fail, judge_input, InputError, TokenStream};
use twisty::output;

const WHO: &str = "hdu4801 (2x2x2, HDU 4801)";

const USAGE: Usage = Usage::judge(
    "hdu4801",
    "HDU 4801 Pocket Cube: the most single-coloured faces within N quarter turns",
    "Input: cases until end of input, each N (1..7) then 24 colours (0..5) in the statement's\n\
              sticker order. Output: one line per case. Bad input: the answers before it, then a\n\
              message with line and column, exit 2.",
);

fn main() {
    let src = judge_input(&USAGE, WHO);
    let mut tokens = TokenStream::new(&src);
    // Cases until the end of input: N, then 24 colours, wherever the line breaks fall. The cases
    // before a bad one are still answered.
    let mut queries = Vec::new();
    let mut error = None;
    while let Some(first) = tokens.next() {
        let case = (|| {
            let n = first.int_in("N, the number of turns", 1, 7)? as usize;
            let cube_tokens = tokens.take_n(24, "colours")?;
            let colours = read_colours(&cube_tokens, 0, 5)?;
            let cube = cube_from_judge(&colours, &HDU4801, &cube_tokens)?;
            Ok::<_, InputError>((cube.coord(), n))
        })();
        match case {
            Ok(q) => queries.push(q),
            Err(e) => {
                error = Some(e);
                break;
            }
        }
    }
    let mut out = output::stdout();
    for best in most_uniform_faces(&queries) {
        output::line(&mut out, WHO, best);
    }
    output::finish(&mut out, WHO);
    if let Some(e) = error {
        fail(WHO, &e);
    }
}
