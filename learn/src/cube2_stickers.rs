//! The 2x2x2 as the network sees it: its 24 stickers (the first of [`Stickers`]' 48) read off the
//! library's cubie model, and its nine turns (`U R F`, DBL fixed) as sticker maps.

use crate::cube3_stickers::Stickers;
use twisty::cube2::corner_cubie::{solver_move, CubieCube, CORNERS, MOVES};

/// The stickers of coordinate `coord` (the first 24 of 48; the rest 0).
pub fn stickers_of(coord: usize) -> Stickers {
    let mut out = [0u8; 48];
    out[..24].copy_from_slice(&CubieCube::from_coord(coord).to_stickers());
    out
}

/// Where each sticker comes from under each of the nine turns (`U U2 U' R ... F'`):
/// `next[j] = state[from[j]]`, read off the cubie model by numbering the stickers. Places 24..48
/// stay put.
pub fn turn_tables() -> [[u8; 48]; MOVES] {
    let numbered: [u8; 24] = std::array::from_fn(|i| i as u8);
    std::array::from_fn(|m| {
        let c = CubieCube::of_move(solver_move(m)).expect("a face turn");
        let mut from = [0u8; 24];
        CORNERS.write(&numbered, &c.cp, &c.co, &mut from);
        let mut t: [u8; 48] = std::array::from_fn(|i| i as u8);
        t[..24].copy_from_slice(&from);
        t
    })
}
