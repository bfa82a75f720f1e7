//! Scrambles and answer files shared by several generators.

use tools::rng::Rng;
use tools::sticker_sims::{StickerBfs, DBL_STICKERS};
use twisty::notation::{Face, Move, Turn};
use twisty::sticker_cube::StickerCube;

/// An input of scramble lines and its answer file, one `answer(moves)` per line.
pub fn answered(lines: Vec<String>, answer: impl Fn(&[Move]) -> String) -> (String, String) {
    let answers: Vec<String> = lines
        .iter()
        .map(|l| {
            answer(&twisty::notation::parse_moves(l, 1, twisty::notation::Families::CUBE2).unwrap())
        })
        .collect();
    (lines.join("\n") + "\n", answers.join("\n") + "\n")
}

/// A random scramble of `len` moves over all faces, and rotations if asked.
pub fn random_scramble(rng: &mut Rng, len: usize, rotations: bool) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    while out.len() < len {
        let k = rng.below(if rotations { 9 } else { 6 });
        let turn = if k < 6 {
            Turn::Face(Face::ALL[k])
        } else {
            Turn::Rotation(['x', 'y', 'z'][k - 6])
        };
        if out.last().is_some_and(|m| m.turn == turn) {
            continue;
        }
        out.push(Move {
            turn,
            amount: rng.below(3) as u8 + 1,
        });
    }
    out
}

pub fn scrambled(moves: &[Move]) -> StickerCube {
    StickerCube::solved().apply_all(moves).unwrap()
}

/// The first `n` keys (in key order, so the choice is reproducible) of states at distance `d`.
pub fn antipodes(bfs: &StickerBfs, d: u8, n: usize) -> Vec<u64> {
    let all: std::collections::BTreeSet<u64> = bfs
        .seen
        .iter()
        .filter(|(_, v)| v.0 == d)
        .map(|(&k, _)| k)
        .collect();
    all.into_iter().take(n).collect()
}

/// A random move of any 3x3x3 family (faces, wide turns, slices, rotations).
pub fn random_cube3_move(rng: &mut Rng, faces_only: bool) -> Move {
    let k = rng.below(if faces_only { 6 } else { 18 });
    let turn = match k {
        0..=5 => Turn::Face(Face::ALL[k]),
        6..=11 => Turn::Wide(Face::ALL[k - 6]),
        12..=14 => Turn::Slice(['M', 'E', 'S'][k - 12]),
        _ => Turn::Rotation(['x', 'y', 'z'][k - 15]),
    };
    Move {
        turn,
        amount: rng.below(3) as u8 + 1,
    }
}

/// The sticker cube with a given key (its 21 free stickers, 3 bits each), DBL home.
pub fn cube_of_key(k: u64) -> StickerCube {
    let mut s = [0u8; 24];
    let free = (0..24).filter(|i| !DBL_STICKERS.contains(i));
    for (n, i) in free.enumerate() {
        s[i] = ((k >> (3 * (20 - n))) & 7) as u8;
    }
    for (k, &i) in DBL_STICKERS.iter().enumerate() {
        s[i] = [3, 5, 4][k];
    }
    StickerCube(s)
}
