//! Checker for robot2 (testlib convention): `check-robot2 INPUT OUTPUT ANSWER`.
//!
//! Each output line is `COST TWISTS...`: the twists must alternate pairs, COST must be their cost,
//! the scramble followed by the twists' face turns must leave every face one colour on the sticker
//! model (any orientation), and COST must equal the optimum in the answer line.
//! Exit 0 accepted, 1 wrong answer, 3 checker failure.

use twisty::notation::{parse_moves, Families, Move};
use twisty::robot::parse_plan_line;
use twisty::sticker_cube::StickerCube;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output, answer] = &args[..] else {
        eprintln!("usage: check-robot2 INPUT OUTPUT ANSWER");
        std::process::exit(3);
    };
    let read = |p: &str| {
        std::fs::read_to_string(p).unwrap_or_else(|e| {
            eprintln!("cannot read {p}: {e}");
            std::process::exit(3)
        })
    };
    let lines = |s: String| -> Vec<String> {
        s.lines()
            .map(|l| l.trim_end_matches('\r').to_string())
            .collect()
    };
    let (inp, out, ans) = (lines(read(input)), lines(read(output)), lines(read(answer)));
    let finish = |code: i32, msg: String| -> ! {
        eprintln!("{msg}");
        std::process::exit(code)
    };
    if ans.len() != inp.len() {
        finish(
            3,
            format!("answer has {} lines for {} scrambles", ans.len(), inp.len()),
        );
    }
    if out.len() != inp.len() {
        finish(
            1,
            format!("expected {} lines, found {}", inp.len(), out.len()),
        );
    }
    for (i, ((scramble, got), want)) in inp.iter().zip(&out).zip(&ans).enumerate() {
        let n = i + 1;
        let scramble = parse_moves(scramble, n, Families::CUBE2)
            .unwrap_or_else(|e| finish(3, format!("input: {e}")));
        let want = parse_plan_line(want, n).unwrap_or_else(|e| finish(3, format!("answer: {e}")));
        let got = parse_plan_line(got, n).unwrap_or_else(|e| finish(1, format!("output: {e}")));
        let turns: Vec<Move> = got.iter().flat_map(|t| t.face_moves()).collect();
        let solved = StickerCube::solved()
            .apply_all(&scramble)
            .and_then(|c| c.apply_all(&turns))
            .is_some_and(|c| c.is_solved());
        if !solved {
            finish(1, format!("line {n}: the cube is not solved"));
        }
        let (g, w) = (
            twisty::robot::plan_cost(&got),
            twisty::robot::plan_cost(&want),
        );
        if g != w {
            finish(1, format!("line {n}: cost {g}, but the optimum is {w}"));
        }
    }
    eprintln!("ok {} scrambles", inp.len());
}
