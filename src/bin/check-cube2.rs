//! Checker for cube2 (testlib convention): `check-cube2 INPUT OUTPUT ANSWER`.
//!
//! For every scramble line: the output line must be `U R F` turns only, applying the scramble then
//! the output to a sticker model (built from 3D geometry, not from the solver's tables) must leave
//! every face one colour, and its length must equal the length of the answer line (an optimal
//! solution). Exit 0 accepted, 1 wrong answer, 3 checker failure (bad input or answer file).

use twisty::args::Usage;
use twisty::checker::{bad_answer, bad_input, bad_output, run, usage, WRONG};
use twisty::input::InputError;
use twisty::notation::{parse_moves, Face, Families, Move, Turn};
use twisty::sticker_cube::StickerCube;

/// A solution line: outer turns of U, R and F only.
fn urf_only(s: &str, n: usize) -> Result<Vec<Move>, InputError> {
    let moves = parse_moves(s, n, Families::FACES)?;
    match moves
        .iter()
        .find(|m| !matches!(m.turn, Turn::Face(Face::U | Face::R | Face::F)))
    {
        Some(m) => Err(InputError::new(n, 1, format!("`{m}` is not one of U R F"))),
        None => Ok(moves),
    }
}

const USAGE: Usage = usage(
    "check-cube2",
    "checks cube2 answers: each solves its scramble in U R F turns, as short as the answer's",
);

fn main() {
    run(&USAGE, |n, scramble, got, want| {
        let scramble = parse_moves(scramble, n, Families::CUBE2).map_err(bad_input)?;
        let want = urf_only(want, n).map_err(bad_answer)?;
        let got = urf_only(got, n).map_err(bad_output)?;
        let cube = StickerCube::solved()
            .apply_all(&scramble)
            .and_then(|c| c.apply_all(&got));
        if !cube.map_or(false, |c| c.is_solved()) {
            return Err((WRONG, format!("line {n}: the cube is not solved")));
        }
        if got.len() != want.len() {
            return Err((
                WRONG,
                format!(
                    "line {n}: {} moves, but the optimum is {}",
                    got.len(),
                    want.len()
                ),
            ));
        }
        Ok(())
    })
}
