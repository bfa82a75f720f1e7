//! The 3x3x3 as 54 stickers moved by 3D rotations: a model built from geometry alone, sharing nothing
//! with the cubie tables of [`crate::cube3`]. Checkers, the test generators and the tests use it as
//! the ground truth.
//!
//! Stickers are numbered `face * 9 + row * 3 + col` with faces U R F D L B, each seen from outside in
//! the usual net (the facelet-string order): U with B at the top, D with F at the top, the side faces
//! with U at the top.

use crate::lazy::Lazy;
use crate::notation::{Face, Move, Turn};
use crate::sticker_cube::{dot, rotate, NORMALS, V};

/// The cubie position (coordinates in -1..=1) and outward normal of sticker `f`.
fn place(f: usize) -> (V, V) {
    let (face, row, col) = (f / 9, (f % 9 / 3) as i32, (f % 3) as i32);
    let pos = match face {
        0 => [col - 1, 1, row - 1], // U: rows back to front, columns left to right
        1 => [1, 1 - row, 1 - col], // R: columns front to back
        2 => [col - 1, 1 - row, 1], // F
        3 => [col - 1, -1, 1 - row], // D: rows front to back
        4 => [-1, 1 - row, col - 1], // L: columns back to front
        _ => [1 - col, 1 - row, -1], // B: columns right to left
    };
    (pos, NORMALS[face])
}

/// Layers a move turns, as which side of the plane through the centre, perpendicular to its axis.
#[derive(Clone, Copy)]
enum Layers {
    Outer,
    Middle,
    Wide,
    All,
}

/// `perm[f]`: where sticker `f` goes under a clockwise quarter turn about `axis` of `layers`.
fn quarter_perm(axis: V, layers: Layers) -> [u8; 54] {
    let places: Vec<(V, V)> = (0..54).map(place).collect();
    let mut perm = [0u8; 54];
    for f in 0..54 {
        let (p, n) = places[f];
        let d = dot(p, axis);
        let turns = match layers {
            Layers::Outer => d > 0,
            Layers::Middle => d == 0,
            Layers::Wide => d >= 0,
            Layers::All => true,
        };
        perm[f] = if turns {
            let target = (rotate(axis, p), rotate(axis, n));
            places
                .iter()
                .position(|&q| q == target)
                .expect("a rotation maps stickers to stickers") as u8
        } else {
            f as u8
        };
    }
    perm
}

/// Quarter-turn permutations: 6 faces, 6 wide turns, M E S, x y z.
static PERMS: Lazy<Vec<[u8; 54]>> = Lazy::new(|| {
    let mut v = Vec::new();
    for layers in [Layers::Outer, Layers::Wide] {
        for &axis in &NORMALS {
            v.push(quarter_perm(axis, layers));
        }
    }
    for f in [Face::L, Face::D, Face::F] {
        v.push(quarter_perm(NORMALS[f as usize], Layers::Middle));
    }
    for f in [Face::R, Face::U, Face::F] {
        v.push(quarter_perm(NORMALS[f as usize], Layers::All));
    }
    v
});

/// A 3x3x3 as the colour of each of its 54 stickers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StickerCube3(pub [u8; 54]);

impl StickerCube3 {
    /// Solved with face `f` coloured `f` (U=0 R=1 F=2 D=3 L=4 B=5).
    pub fn solved() -> Self {
        StickerCube3(std::array::from_fn(|f| (f / 9) as u8))
    }

    /// Applies a move of any family.
    pub fn apply(&self, m: Move) -> Self {
        let k = match m.turn {
            Turn::Face(f) => f as usize,
            Turn::Wide(f) => 6 + f as usize,
            Turn::Slice(c) => 12 + "MES".find(c).unwrap_or(0),
            Turn::Rotation(c) => 15 + "xyz".find(c).unwrap_or(0),
        };
        let perm = &PERMS.get()[k];
        let mut s = self.0;
        for _ in 0..m.amount % 4 {
            let mut t = [0; 54];
            for f in 0..54 {
                t[perm[f] as usize] = s[f];
            }
            s = t;
        }
        StickerCube3(s)
    }

    pub fn apply_all(&self, moves: &[Move]) -> Self {
        moves.iter().fold(*self, |c, &m| c.apply(m))
    }

    /// Every face shows one colour (in any orientation of the whole cube).
    pub fn is_solved(&self) -> bool {
        self.0.chunks(9).all(|f| f.iter().all(|&c| c == f[0]))
    }

    /// The facelet string with each sticker's colour written as the letter of its home face.
    pub fn to_facelets(&self) -> String {
        self.0
            .iter()
            .map(|&c| "URFDLB".as_bytes()[c as usize] as char)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_moves, Families};

    fn mv(s: &str) -> Vec<Move> {
        parse_moves(s, 1, Families::CUBE3).unwrap()
    }

    #[test]
    fn geometry_identities() {
        let s = StickerCube3::solved();
        for f in [
            "U", "R", "F", "D", "L", "B", "M", "E", "S", "Rw", "x", "y", "z",
        ] {
            let q = s.apply_all(&mv(&format!("{f} {f} {f}")));
            assert_ne!(q, s);
            assert_eq!(q.apply_all(&mv(f)), s, "{f}^4");
        }
        // x is R, M' and L' together; Rw is R and M'.
        assert_eq!(s.apply_all(&mv("x")), s.apply_all(&mv("R M' L'")));
        assert_eq!(s.apply_all(&mv("Rw")), s.apply_all(&mv("R M'")));
        assert_eq!(s.apply_all(&mv("y")), s.apply_all(&mv("U E' D'")));
        assert_eq!(s.apply_all(&mv("z")), s.apply_all(&mv("F S B'")));
        // U takes F's top row to L.
        let u = s.apply_all(&mv("U"));
        assert_eq!(&u.0[36..39], &[2, 2, 2]);
    }
}
