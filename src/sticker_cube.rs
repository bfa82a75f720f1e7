//! The 2x2x2 as 24 stickers moved by 3D rotations: a model built from geometry alone, independent of
//! the corner tables in [`crate::cube2`]. Checkers and tests use it as the ground truth.
//!
//! Stickers are numbered `face * 4 + row * 2 + col` with faces U R F D L B, each seen from outside in
//! the usual net: U with B at the top, D with F at the top, the side faces with U at the top.

use crate::notation::{Face, Move, Turn};

pub(crate) type V = [i32; 3];

/// Outward normal of each face, in the order U R F D L B.
pub(crate) const NORMALS: [V; 6] = [
    [0, 1, 0],
    [1, 0, 0],
    [0, 0, 1],
    [0, -1, 0],
    [-1, 0, 0],
    [0, 0, -1],
];

/// The cubie position and outward normal of sticker `f`.
fn place(f: usize) -> (V, V) {
    let (face, row, col) = (f / 4, (f % 4) / 2, f % 2);
    let a = |i: usize, lo: i32, hi: i32| if i == 0 { lo } else { hi };
    let pos = match face {
        0 => [a(col, -1, 1), 1, a(row, -1, 1)], // U: rows back to front, columns left to right
        1 => [1, a(row, 1, -1), a(col, 1, -1)], // R: columns front to back
        2 => [a(col, -1, 1), a(row, 1, -1), 1], // F
        3 => [a(col, -1, 1), -1, a(row, 1, -1)], // D: rows front to back
        4 => [-1, a(row, 1, -1), a(col, -1, 1)], // L: columns back to front
        _ => [a(col, 1, -1), a(row, 1, -1), -1], // B: columns right to left
    };
    (pos, NORMALS[face])
}

pub(crate) fn dot(a: V, b: V) -> i32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// A quarter turn clockwise as seen from the tip of `axis`: v -> -(axis x v) + axis (axis . v).
pub(crate) fn rotate(axis: V, v: V) -> V {
    let cross = [
        axis[1] * v[2] - axis[2] * v[1],
        axis[2] * v[0] - axis[0] * v[2],
        axis[0] * v[1] - axis[1] * v[0],
    ];
    let d = dot(axis, v);
    [
        -cross[0] + axis[0] * d,
        -cross[1] + axis[1] * d,
        -cross[2] + axis[2] * d,
    ]
}

/// Where each sticker goes under a clockwise quarter turn about `axis` of the stickers whose cubie
/// satisfies `moves`: `perm[f]` is the new index of sticker `f`.
fn quarter_perm(axis: V, moves: impl Fn(V) -> bool) -> [usize; 24] {
    let places: Vec<(V, V)> = (0..24).map(place).collect();
    let mut perm = [0; 24];
    for f in 0..24 {
        let (p, n) = places[f];
        perm[f] = if moves(p) {
            let target = (rotate(axis, p), rotate(axis, n));
            places
                .iter()
                .position(|&q| q == target)
                .expect("a rotation maps stickers to stickers")
        } else {
            f
        };
    }
    perm
}

/// A 2x2x2 as the colour of each of its 24 stickers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StickerCube(pub [u8; 24]);

impl StickerCube {
    /// Solved with face `f` coloured `f` (U=0 R=1 F=2 D=3 L=4 B=5).
    pub fn solved() -> Self {
        StickerCube(std::array::from_fn(|f| (f / 4) as u8))
    }

    /// Applies a face turn or rotation (slices and wide turns do not exist on a 2x2x2: `None`).
    pub fn apply(&self, m: Move) -> Option<Self> {
        let (axis, all) = match m.turn {
            Turn::Face(f) => (NORMALS[f as usize], false),
            Turn::Rotation('x') => (NORMALS[Face::R as usize], true),
            Turn::Rotation('y') => (NORMALS[Face::U as usize], true),
            Turn::Rotation('z') => (NORMALS[Face::F as usize], true),
            _ => return None,
        };
        let perm = quarter_perm(axis, |p| all || dot(p, axis) > 0);
        let mut s = self.0;
        for _ in 0..m.amount {
            let mut t = [0; 24];
            for f in 0..24 {
                t[perm[f]] = s[f];
            }
            s = t;
        }
        Some(StickerCube(s))
    }

    /// Turns the layer of stickers on the `axis` side of the cube (a face normal such as `[1, 0, 0]`
    /// for R) by `quarters` quarter turns clockwise as seen from that side.
    pub fn turn_layer(&self, axis: [i32; 3], quarters: u8) -> Self {
        let perm = quarter_perm(axis, |p| dot(p, axis) > 0);
        let mut s = self.0;
        for _ in 0..quarters % 4 {
            let mut t = [0; 24];
            for f in 0..24 {
                t[perm[f]] = s[f];
            }
            s = t;
        }
        StickerCube(s)
    }

    pub fn apply_all(&self, moves: &[Move]) -> Option<Self> {
        moves.iter().try_fold(*self, |c, &m| c.apply(m))
    }

    /// Number of faces showing a single colour.
    pub fn uniform_faces(&self) -> usize {
        self.0
            .chunks(4)
            .filter(|f| f.iter().all(|&c| c == f[0]))
            .count()
    }

    pub fn is_solved(&self) -> bool {
        self.uniform_faces() == 6
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_moves, Families};

    fn mv(s: &str) -> Vec<Move> {
        parse_moves(s, 1, Families::CUBE2).unwrap()
    }

    #[test]
    fn four_quarters_are_identity_and_sexy_move_has_order_six() {
        let s = StickerCube::solved();
        for f in ["U", "R", "F", "D", "L", "B", "x", "y", "z"] {
            let q = s.apply_all(&mv(&format!("{f} {f} {f}"))).unwrap();
            assert_ne!(q, s);
            assert_eq!(q.apply_all(&mv(f)).unwrap(), s, "{f}^4");
        }
        let sexy = mv("R U R' U'");
        let mut c = s;
        for k in 1..=6 {
            c = c.apply_all(&sexy).unwrap();
            assert_eq!(c == s, k == 6);
        }
    }

    #[test]
    fn turns_move_the_right_stickers() {
        // U clockwise seen from above takes the front face's top row to the left face.
        let c = StickerCube::solved().apply_all(&mv("U")).unwrap();
        assert_eq!(&c.0[16..18], &[2, 2]); // L's top row now shows F's colour
        assert_eq!(&c.0[8..10], &[1, 1]); // F's top row shows R's colour
                                          // x is R and L' together on a 2x2x2.
        let a = StickerCube::solved().apply_all(&mv("x")).unwrap();
        let b = StickerCube::solved().apply_all(&mv("R L'")).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.uniform_faces(), 6);
    }
}
