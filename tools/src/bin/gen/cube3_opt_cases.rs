//! cube3-opt: scrambles whose optimal length (0 to 14) is found by meeting in the middle on the
//! sticker model: the ball of radius 7 around solved (about 100 million states) against the ball of
//! radius 6 around the scrambled cube gives every distance up to 13; a 14-move scramble that meets
//! nothing there is 14 away. Some use rotations, slices and wide turns, the cube being turned
//! upright before its distance is measured.

use super::case_making::random_cube3_move;
use std::fmt::Write as _;
use tools::rng::Rng;
use tools::sticker_sims::{cube3_upright, Cube3Meet};
use twisty::notation::{format_moves, Move, Turn};
use twisty::sticker_cube3::StickerCube3;

/// cube3-opt: scrambles whose optimal length (0 to 14) is found by meeting in the middle on the
/// sticker model: the ball of radius 7 around solved (about 100 million states) against the ball of
/// radius 6 around the scrambled cube gives every distance up to 13; a 14-move scramble that meets
/// nothing there is 14 away. Some use rotations, slices and wide turns, the cube being turned
/// upright before its distance is measured.
pub fn cube3_opt() -> Vec<(String, String, String)> {
    const RADIUS: u8 = 7;
    const NEAR: u8 = 6;
    let mut rng = Rng::new(14);
    eprintln!("cube3-opt: the ball of radius {RADIUS} around solved (sticker states)...");
    let solved = Cube3Meet::new(RADIUS);
    eprintln!("cube3-opt: {} states", solved.len());
    let mut files = Vec::new();
    for (k, lengths) in [
        (0..=10).collect::<Vec<usize>>(),
        vec![11, 11, 12, 12, 12, 12, 13, 13],
        vec![13, 13, 13, 14, 14, 14, 14, 14, 14, 14, 14, 14],
        vec![7, 7, 8, 8, 9, 9, 10, 10],
    ]
    .into_iter()
    .enumerate()
    {
        let (mut input, mut answer) = (String::new(), String::new());
        for (i, &len) in lengths.iter().enumerate() {
            let all_families = k == 0 && i % 3 == 2;
            let mut moves: Vec<Move> = Vec::new();
            while moves.len() < len {
                let m = random_cube3_move(&mut rng, !all_families);
                // The long ones never turn one face twice running, the longest not even one axis
                // (so that they stay long).
                let axis = |m: &Move| match m.turn {
                    Turn::Face(f) => f as usize % 3,
                    _ => 3,
                };
                let fits = match moves.last() {
                    None => true,
                    Some(l) if k == 1 || k == 3 => l.turn != m.turn,
                    Some(l) => k == 0 || axis(l) != axis(&m),
                };
                if fits {
                    moves.push(m);
                }
            }
            let cube = cube3_upright(&StickerCube3::solved().apply_all(&moves));
            // Beyond RADIUS + NEAR, a scramble of face turns only of one more move is its own
            // proof: at most its length, more than RADIUS + NEAR.
            let d = solved.distance(&cube, NEAR).or_else(|| {
                (!all_families && len == (RADIUS + NEAR + 1) as usize).then_some(len as u8)
            });
            match d {
                Some(d) => {
                    writeln!(input, "{}", format_moves(&moves)).unwrap();
                    writeln!(answer, "{d}").unwrap();
                    eprintln!("cube3-opt: {} -> {d}", format_moves(&moves));
                }
                None => eprintln!("cube3-opt: {} is beyond 14, left out", format_moves(&moves)),
            }
        }
        files.push((format!("random-{}", k + 1), input, answer));
    }
    files
}
