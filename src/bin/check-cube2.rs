//! Checker for cube2 (testlib convention): `check-cube2 INPUT OUTPUT ANSWER`.
//!
//! For every scramble line: the output line must be `U R F` turns only, applying the scramble then
//! the output to a sticker model (built from 3D geometry, not from the solver's tables) must leave
//! every face one colour, and its length must equal the length of the answer line (an optimal
//! solution). Exit 0 accepted, 1 wrong answer, 3 checker failure (bad input or answer file).

use twisty::notation::{parse_moves, Face, Families, Turn};
use twisty::sticker_cube::StickerCube;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output, answer] = &args[..] else {
        eprintln!("usage: check-cube2 INPUT OUTPUT ANSWER");
        std::process::exit(3);
    };
    let read = |p: &str| {
        std::fs::read_to_string(p).unwrap_or_else(|e| {
            eprintln!("cannot read {p}: {e}");
            std::process::exit(3)
        })
    };
    let (input, output, answer) = (read(input), read(output), read(answer));
    match check(&input, &output, &answer) {
        Ok(n) => eprintln!("ok {n} scrambles"),
        Err((code, msg)) => {
            eprintln!("{msg}");
            std::process::exit(code);
        }
    }
}

fn check(input: &str, output: &str, answer: &str) -> Result<usize, (i32, String)> {
    let fail = |msg: String| (3, msg);
    let wrong = |msg: String| (1, msg);
    let lines = |s: &str| -> Vec<String> {
        s.lines()
            .map(|l| l.trim_end_matches('\r').to_string())
            .collect()
    };
    let (inp, out, ans) = (lines(input), lines(output), lines(answer));
    if ans.len() != inp.len() {
        return Err(fail(format!(
            "answer has {} lines for {} scrambles",
            ans.len(),
            inp.len()
        )));
    }
    if out.len() != inp.len() {
        return Err(wrong(format!(
            "expected {} lines, found {}",
            inp.len(),
            out.len()
        )));
    }
    let urf_only = |s: &str, n: usize| {
        let moves = parse_moves(s, n, Families::FACES)?;
        match moves
            .iter()
            .find(|m| !matches!(m.turn, Turn::Face(Face::U | Face::R | Face::F)))
        {
            Some(m) => Err(twisty::input::InputError::new(
                n,
                1,
                format!("`{m}` is not one of U R F"),
            )),
            None => Ok(moves),
        }
    };
    for (i, ((scramble, got), want)) in inp.iter().zip(&out).zip(&ans).enumerate() {
        let n = i + 1;
        let scramble =
            parse_moves(scramble, n, Families::CUBE2).map_err(|e| fail(format!("input: {e}")))?;
        let want = urf_only(want, n).map_err(|e| fail(format!("answer: {e}")))?;
        let got = urf_only(got, n).map_err(|e| wrong(format!("output: {e}")))?;
        let cube = StickerCube::solved()
            .apply_all(&scramble)
            .and_then(|c| c.apply_all(&got));
        if !cube.is_some_and(|c| c.is_solved()) {
            return Err(wrong(format!("line {n}: the cube is not solved")));
        }
        if got.len() != want.len() {
            return Err(wrong(format!(
                "line {n}: {} moves, but the optimum is {}",
                got.len(),
                want.len()
            )));
        }
    }
    Ok(inp.len())
}
