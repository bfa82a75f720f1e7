//! Checker for robot2 (testlib convention): `check-robot2 INPUT OUTPUT ANSWER`.
//!
//! Each output line is `COST TWISTS...`: the twists must alternate pairs, COST must be their cost,
//! the scramble followed by the twists' face turns must leave every face one colour on the sticker
//! model (any orientation), and COST must equal the optimum in the answer line.
//! Exit 0 accepted, 1 wrong answer, 3 checker failure.

use twisty::args::Usage;
use twisty::checker::{bad_answer, bad_input, bad_output, run, usage, WRONG};
use twisty::notation::{parse_moves, Families, Move};
use twisty::robot::{parse_plan_line, plan_cost};
use twisty::sticker_cube::StickerCube;

const USAGE: Usage = usage(
    "check-robot2",
    "checks robot2 plans: each solves its scramble, alternates pairs, and costs the optimum",
);

fn main() {
    run(&USAGE, |n, scramble, got, want| {
        let scramble = parse_moves(scramble, n, Families::CUBE2).map_err(bad_input)?;
        let want = parse_plan_line(want, n).map_err(bad_answer)?;
        let got = parse_plan_line(got, n).map_err(bad_output)?;
        let turns: Vec<Move> = got.iter().flat_map(|t| t.face_moves()).collect();
        let cube = StickerCube::solved()
            .apply_all(&scramble)
            .and_then(|c| c.apply_all(&turns));
        if !cube.map_or(false, |c| c.is_solved()) {
            return Err((WRONG, format!("line {n}: the cube is not solved")));
        }
        let (g, w) = (plan_cost(&got), plan_cost(&want));
        if g != w {
            return Err((WRONG, format!("line {n}: cost {g}, but the optimum is {w}")));
        }
        Ok(())
    })
}
