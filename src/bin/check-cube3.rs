//! Checker for cube3 and cube3-opt (testlib convention): `check-cube3 INPUT OUTPUT ANSWER`.
//!
//! For every input line (a scramble or a facelet string): the output line must be outer face turns,
//! applying the scramble then the output to the 54-sticker geometric model (not the solver's cubies)
//! must leave every face one colour, and the output must be no longer than the answer line's number:
//! 20 for cube3; the optimal length for cube3-opt, where no solution can be shorter, so "no longer"
//! means optimal. Exit 0 accepted, 1 wrong answer, 3 checker failure (bad input or answer file).

use twisty::args::Usage;
use twisty::checker::{bad_answer, bad_input, bad_output, run, usage, WRONG};
use twisty::cube3::is_facelet_line;
use twisty::input::InputError;
use twisty::notation::{parse_moves, Families};
use twisty::sticker_cube3::StickerCube3;

const USAGE: Usage = usage(
    "check-cube3",
    "checks cube3 and cube3-opt answers: each solves its cube, in at most the answer's number of turns",
);

/// The stickers of an input line: a facelet string as given, or a scramble applied to solved.
fn cube_of(line: &str, n: usize) -> Result<StickerCube3, InputError> {
    let t = line.trim();
    if is_facelet_line(t) {
        let chars: Vec<char> = t.chars().collect();
        if chars.len() != 54 {
            return Err(InputError::new(
                n,
                1,
                format!("{} facelets, not 54", chars.len()),
            ));
        }
        let mut s = [0u8; 54];
        for (i, c) in chars.iter().enumerate() {
            s[i] = (0..6)
                .find(|&f| chars[f * 9 + 4] == *c)
                .ok_or_else(|| InputError::new(n, i + 1, format!("`{c}` is no centre's colour")))?
                as u8;
        }
        return Ok(StickerCube3(s));
    }
    Ok(StickerCube3::solved().apply_all(&parse_moves(line, n, Families::CUBE3)?))
}

fn main() {
    run(&USAGE, |n, input, got, want| {
        let cube = cube_of(input, n).map_err(bad_input)?;
        let limit: usize = want.trim().parse().map_err(|_| {
            bad_answer(InputError::new(
                n,
                1,
                format!("expected a length, found `{want}`"),
            ))
        })?;
        let moves = parse_moves(got, n, Families::FACES).map_err(bad_output)?;
        if !cube.apply_all(&moves).is_solved() {
            return Err((WRONG, format!("line {n}: the cube is not solved")));
        }
        if moves.len() > limit {
            return Err((
                WRONG,
                format!("line {n}: {} moves, more than {limit}", moves.len()),
            ));
        }
        Ok(())
    })
}
