//! cube3: scrambles of every family and length, empty lines, and facelet strings of random states
//! (long random walks of the sticker model), some in other colour letters. The answer is the length
//! limit, 20, on every line: the checker simulates each output on the sticker model.

use super::case_making::random_cube3_move;
use std::fmt::Write as _;
use tools::rng::Rng;
use twisty::notation::{format_moves, Move};
use twisty::sticker_cube3::StickerCube3;

/// cube3: scrambles of every family and length, empty lines, and facelet strings of random states
/// (long random walks of the sticker model), some in other colour letters. The answer is the length
/// limit, 20, on every line: the checker simulates each output on the sticker model.
pub fn cube3() -> Vec<(String, String, String)> {
    let mut rng = Rng::new(3);
    let mut files = Vec::new();
    for (k, lines) in [40usize, 60, 100].into_iter().enumerate() {
        let mut input = String::new();
        for i in 0..lines {
            match i % 5 {
                0 if i % 20 == 0 => input.push('\n'),
                0..=2 => {
                    let len = rng.below(40);
                    let moves: Vec<Move> = (0..len)
                        .map(|_| random_cube3_move(&mut rng, false))
                        .collect();
                    writeln!(input, "{}", format_moves(&moves)).unwrap();
                }
                _ => {
                    let mut c = StickerCube3::solved();
                    for _ in 0..200 {
                        c = c.apply(random_cube3_move(&mut rng, true));
                    }
                    let letters: &[u8; 6] = if i % 2 == 0 { b"URFDLB" } else { b"wbrygo" };
                    let line: String = c.0.iter().map(|&f| letters[f as usize] as char).collect();
                    writeln!(input, "{line}").unwrap();
                }
            }
        }
        let answer = "20\n".repeat(lines);
        files.push((format!("random-{}", k + 1), input, answer));
    }
    files
}
