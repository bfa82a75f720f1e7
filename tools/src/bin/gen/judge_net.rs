//! Cases written in a judge's own sticker order: the statement's net folded in 3D
//! (`tools::folded_net`), never the library's layout tables, with colours renamed at random.

use tools::folded_net::NetPicture;
use tools::rng::Rng;
use twisty::notation::{Face, Move, Turn};
use twisty::sticker_cube::StickerCube;

/// Colours of a sticker cube in a judge's order, renumbered by `perm` (face f gets colour perm[f]).
/// The judge's order comes from folding the statement's net (`tools::folded_net`), never from the library's
/// layout tables, so that a wrong table in the library cannot agree with the cases made here.
pub fn judge_line(c: &StickerCube, net: &NetPicture, perm: &[u8; 6]) -> String {
    let layout = tools::folded_net::layout(net).expect("the statement's net folds");
    let mut judge = [0u8; 24];
    for (f, &j) in layout.iter().enumerate() {
        judge[j] = perm[c.0[f] as usize];
    }
    judge
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn random_perm(rng: &mut Rng, base: u8) -> [u8; 6] {
    let mut p = [base, base + 1, base + 2, base + 3, base + 4, base + 5];
    rng.shuffle(&mut p);
    p
}

/// All twelve quarter turns of a real cube (any face), for answers that do not hold DBL.
pub fn quarter_turns() -> Vec<Move> {
    Face::ALL
        .iter()
        .flat_map(|&f| {
            [1u8, 3].map(|a| Move {
                turn: Turn::Face(f),
                amount: a,
            })
        })
        .collect()
}
