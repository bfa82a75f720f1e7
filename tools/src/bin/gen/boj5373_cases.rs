//! BOJ 5373: random cases (short, long, the limits of 100 cases and 1000 moves), answered by the
//! geometric 54-sticker model.

use std::fmt::Write as _;
use tools::rng::Rng;
use twisty::notation::{Face, Move, Turn};
use twisty::sticker_cube3::StickerCube3;

/// BOJ 5373: random cases (short, long, the limits of 100 cases and 1000 moves), answered by the
/// geometric 54-sticker model.
pub fn boj5373() -> Vec<(String, String, String)> {
    // The statement's colours of U R F D L B.
    const COLOURS: &[u8; 6] = b"wbrygo";
    let mut rng = Rng::new(5373);
    let mut files = Vec::new();
    for (k, (cases, max_moves)) in [(10, 5), (20, 30), (100, 1000), (100, 200)]
        .into_iter()
        .enumerate()
    {
        let (mut input, mut answer) = (format!("{cases}\n"), String::new());
        for _ in 0..cases {
            let n = 1 + rng.below(max_moves);
            let mut cube = StickerCube3::solved();
            let mut names = Vec::new();
            for _ in 0..n {
                let face = Face::ALL[rng.below(6)];
                let cw = rng.below(2) == 0;
                cube = cube.apply(Move {
                    turn: Turn::Face(face),
                    amount: if cw { 1 } else { 3 },
                });
                names.push(format!("{}{}", face.letter(), if cw { '+' } else { '-' }));
            }
            writeln!(input, "{n}\n{}", names.join(" ")).unwrap();
            for row in cube.0[..9].chunks(3) {
                let line: String = row.iter().map(|&c| COLOURS[c as usize] as char).collect();
                writeln!(answer, "{line}").unwrap();
            }
        }
        files.push((format!("random-{}", k + 1), input, answer));
    }
    files
}
