//! The evaluation's test states: random cubes bucketed by their optimal length (found by the
//! optimal solver, not taken from the scramble's length), a fixed number per length.

use crate::data::Rng;
use twisty::cube3::optimal::OptimalTables;
use twisty::cube3::{from_facelets, CubieCube};
use twisty::notation::{Face, Move, Turn};
use twisty::sticker_cube3::StickerCube3;

pub struct TestState {
    /// The scramble that made it (face turns).
    pub scramble: Vec<Move>,
    pub cube: StickerCube3,
    /// Its optimal length (half-turn metric).
    pub optimal: u8,
}

/// The cubie cube of a sticker cube (centres at home), through its facelet string.
pub fn cubies(c: &StickerCube3) -> CubieCube {
    from_facelets(&c.to_facelets()).expect("a cube turned from solved is a cube")
}

/// `per_length` states of each optimal length in `lengths`, from random scrambles of that many
/// face turns (never one axis twice in a row, so that most stay that long), each solved optimally;
/// scrambles that turn out shorter are dropped. `progress` hears (length, found so far).
pub fn test_states(
    opt: &OptimalTables,
    lengths: std::ops::RangeInclusive<u8>,
    per_length: usize,
    seed: u64,
    mut progress: impl FnMut(u8, usize),
) -> Vec<TestState> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for len in lengths {
        let mut found = 0;
        while found < per_length {
            let mut scramble: Vec<Move> = Vec::with_capacity(len as usize);
            while scramble.len() < len as usize {
                let f = rng.below(6);
                if scramble
                    .last()
                    .is_some_and(|m| matches!(m.turn, Turn::Face(g) if g as usize % 3 == f % 3))
                {
                    continue;
                }
                scramble.push(Move {
                    turn: Turn::Face(Face::ALL[f]),
                    amount: rng.below(3) as u8 + 1,
                });
            }
            let cube = StickerCube3::solved().apply_all(&scramble);
            let (solution, _) = opt.solve(&cubies(&cube), |_, _| {});
            if solution.len() == len as usize {
                out.push(TestState {
                    scramble,
                    cube,
                    optimal: len,
                });
                found += 1;
                progress(len, found);
            }
        }
    }
    out
}
