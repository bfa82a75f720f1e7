//! A 3x3x3 as the network sees it: its 48 non-centre stickers (centres never move under face turns),
//! each a colour (0..6, or 0/1 for a degenerate cube), which kind of cube they describe, the face
//! turns as sticker maps read off the sticker model, and the network's one-hot inputs.

use twisty::notation::{Face, Move, Turn};
use twisty::sticker_cube3::StickerCube3;

/// Sticker positions that move: the 54 of the facelet order less the six centres.
pub const STICKERS: usize = 48;

/// Which cube the data describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Full,
    Degenerate,
    /// The 2x2x2 (DBL corner fixed, turns of U, R and F), whose whole space has a distance table:
    /// the variant on which the network's over-estimates are counted over every state.
    Cube2,
}

impl Kind {
    /// Network inputs per state: one-hot colours, 6 per sticker (full) or 2 (degenerate, the
    /// paper's 96).
    pub fn inputs(self) -> usize {
        match self {
            Kind::Full => STICKERS * 6,
            Kind::Degenerate => STICKERS * 2,
            Kind::Cube2 => 24 * 6,
        }
    }

    /// Stickers in use (the 2x2x2's 24 are the first of [`Stickers`]' 48, the rest 0).
    pub fn stickers(self) -> usize {
        match self {
            Kind::Full | Kind::Degenerate => STICKERS,
            Kind::Cube2 => 24,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Full => "full",
            Kind::Degenerate => "degenerate",
            Kind::Cube2 => "cube2",
        }
    }
}

/// The 48 non-centre stickers' colours (0..6, or 0/1 for a degenerate cube).
pub type Stickers = [u8; STICKERS];

/// The moving stickers of a sticker cube, in facelet order.
pub fn stickers(c: &StickerCube3) -> Stickers {
    let mut out = [0u8; STICKERS];
    let mut k = 0;
    for (i, &x) in c.0.iter().enumerate() {
        if i % 9 != 4 {
            out[k] = x;
            k += 1;
        }
    }
    out
}

/// One face's colour against the rest: 1 where the sticker shows `colour`.
pub fn project(s: &Stickers, colour: u8) -> Stickers {
    s.map(|x| (x == colour) as u8)
}

/// Where each moving sticker comes from under each of the 18 face turns (`U U2 U' R ...`), read off
/// the sticker model: `next[j] = state[from[j]]`.
pub fn turn_tables() -> [[u8; STICKERS]; 18] {
    // Number the 54 stickers, turn, and read which number lands where; centres stay put.
    let numbered = StickerCube3(std::array::from_fn(|i| i as u8));
    let index_of = |i: usize| i - i / 9 - (i % 9 > 4) as usize;
    std::array::from_fn(|m| {
        let turned = numbered.apply(Move {
            turn: Turn::Face(Face::ALL[m / 3]),
            amount: (m % 3) as u8 + 1,
        });
        std::array::from_fn(|j| {
            let k = (0..54).filter(|i| i % 9 != 4).nth(j).unwrap();
            index_of(turned.0[k] as usize) as u8
        })
    })
}

/// One-hot network inputs of a state: `kind.inputs()` values of 0 or 1, sticker by sticker.
pub fn encode(kind: Kind, s: &Stickers, out: &mut [f32]) {
    let width = kind.inputs() / kind.stickers();
    out.fill(0.0);
    for (i, &c) in s[..kind.stickers()].iter().enumerate() {
        out[i * width + c as usize] = 1.0;
    }
}

/// The sticker cube of a full-colour state (centres put back).
pub fn to_cube(s: &Stickers) -> StickerCube3 {
    let mut c = [0u8; 54];
    let mut k = 0;
    for (i, x) in c.iter_mut().enumerate() {
        if i % 9 == 4 {
            *x = (i / 9) as u8;
        } else {
            *x = s[k];
            k += 1;
        }
    }
    StickerCube3(c)
}
