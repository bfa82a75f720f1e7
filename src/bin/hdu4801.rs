//! HDU 4801 Pocket Cube: for each case, the most single-coloured faces over all states within N
//! quarter turns (N <= 7). Cases until end of input.
//!
//! Depth-first search over the six quarter turns of U, R and F with DBL held (turning D, L or B is
//! the same up to a whole-cube rotation, which does not change which faces are single-coloured).

use std::io::{BufWriter, Write};
use twisty::args::Usage;
use twisty::cube2::{
    cube_from_judge, read_colours, solver_move, CubieCube, HDU4801, QUARTER_MOVES,
};
use twisty::input::{fail, read_stdin, InputError, TokenStream};

const WHO: &str = "hdu4801 (2x2x2, HDU 4801)";

const USAGE: Usage = Usage {
    name: "hdu4801",
    about: "HDU 4801 Pocket Cube: the most single-coloured faces within N quarter turns",
    details:
        "Input: cases until end of input, each N (1..7) then 24 colours (0..5) in the statement's\n\
              sticker order. Output: one line per case. Bad input: the answers before it, then a\n\
              message with line and column, exit 2.",
    positional: &[],
    flags: &[],
    error_code: 2,
};

fn main() {
    USAGE.parse();
    let src = read_stdin().unwrap_or_else(|e| fail(WHO, &e));
    let turns: Vec<CubieCube> = QUARTER_MOVES
        .iter()
        .map(|&m| CubieCube::of_move(solver_move(m)).unwrap())
        .collect();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut tokens = TokenStream::new(&src);
    let mut result = Ok(());
    // Cases until the end of input: N, then 24 colours, wherever the line breaks fall.
    while let Some(first) = tokens.next() {
        let case = (|| {
            let n = first.int_in("N, the number of turns", 1, 7)? as u32;
            let cube_tokens = tokens.take_n(24, "colours")?;
            let colours = read_colours(&cube_tokens, 0, 5)?;
            let cube = cube_from_judge(&colours, &HDU4801, &cube_tokens)?;
            Ok::<_, InputError>(best_faces(&cube, n, &turns))
        })();
        match case {
            Ok(best) => writeln!(out, "{best}").unwrap(),
            Err(e) => {
                result = Err(e);
                break;
            }
        }
    }
    out.flush().unwrap();
    if let Err(e) = result {
        fail(WHO, &e);
    }
}

/// The most uniform faces within `depth` quarter turns of `cube`.
fn best_faces(cube: &CubieCube, depth: u32, turns: &[CubieCube]) -> usize {
    let mut best = cube.uniform_faces();
    search(cube, depth, None, 0, turns, &mut best);
    best
}

/// Quarter turn `k` is face `k / 2`, direction `k % 2`. Skips a turn right after its inverse and a
/// third equal turn in a row (three quarters are one quarter the other way, found shorter).
fn search(
    c: &CubieCube,
    left: u32,
    last: Option<usize>,
    run: u32,
    turns: &[CubieCube],
    best: &mut usize,
) {
    if left == 0 || *best == 6 {
        return;
    }
    for k in 0..turns.len() {
        let run = match last {
            Some(l) if l == k => run + 1,
            _ => 1,
        };
        if last.map_or(false, |l| l != k && l / 2 == k / 2) || run > 2 {
            continue;
        }
        let next = c.then(&turns[k]);
        *best = (*best).max(next.uniform_faces());
        search(&next, left - 1, Some(k), run, turns, best);
    }
}
