//! The 2x2x2's corners as cubies: `cp[i]` is the corner at position `i`, `co[i]` its twist, moved by
//! multiplication with the face-turn and rotation cubies; the coordinates of a cube with DBL home.

use crate::coord::{rank_ori, rank_perm, unrank_ori, unrank_perm};
use crate::facelet::{cube_corners, PieceKind};
use crate::lazy::Lazy;
use crate::notation::{Face, Move, Turn};

/// Corner positions in Kociemba's order.
pub const URF: usize = 0;
pub const DBL: usize = 6;
pub const CORNER_NAMES: [&str; 8] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];

/// Stickers of each corner position (see [`crate::sticker_cube`] for the numbering), U/D sticker first,
/// then clockwise.
pub const CORNER_FACELETS: [[usize; 3]; 8] = [
    [3, 4, 9],    // URF: U3 R0 F1
    [2, 8, 17],   // UFL: U2 F0 L1
    [0, 16, 21],  // ULB: U0 L0 B1
    [1, 20, 5],   // UBR: U1 B0 R1
    [13, 11, 6],  // DFR: D1 F3 R2
    [12, 19, 10], // DLF: D0 L3 F2
    [14, 23, 18], // DBL: D2 B3 L2
    [15, 7, 22],  // DRB: D3 R3 B2
];

/// Corners as a [`PieceKind`].
pub const CORNERS: PieceKind<3> = cube_corners(&CORNER_NAMES, &CORNER_FACELETS);

/// Eight corners: `cp[i]` is the corner at position `i`, `co[i]` how far it is twisted clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubieCube {
    pub cp: [u8; 8],
    pub co: [u8; 8],
}

/// Clockwise quarter turns of U R F D L B as "position i receives the corner from position cp[i]".
const FACE_CUBIES: [CubieCube; 6] = [
    CubieCube {
        cp: [3, 0, 1, 2, 4, 5, 6, 7],
        co: [0, 0, 0, 0, 0, 0, 0, 0],
    },
    CubieCube {
        cp: [4, 1, 2, 0, 7, 5, 6, 3],
        co: [2, 0, 0, 1, 1, 0, 0, 2],
    },
    CubieCube {
        cp: [1, 5, 2, 3, 0, 4, 6, 7],
        co: [1, 2, 0, 0, 2, 1, 0, 0],
    },
    CubieCube {
        cp: [0, 1, 2, 3, 5, 6, 7, 4],
        co: [0, 0, 0, 0, 0, 0, 0, 0],
    },
    CubieCube {
        cp: [0, 2, 6, 3, 4, 1, 5, 7],
        co: [0, 1, 2, 0, 0, 2, 1, 0],
    },
    CubieCube {
        cp: [0, 1, 3, 7, 4, 5, 2, 6],
        co: [0, 0, 1, 2, 0, 0, 2, 1],
    },
];

impl CubieCube {
    pub const SOLVED: CubieCube = CubieCube {
        cp: [0, 1, 2, 3, 4, 5, 6, 7],
        co: [0; 8],
    };

    /// `self` followed by `b`.
    pub fn then(&self, b: &CubieCube) -> CubieCube {
        let mut r = CubieCube::SOLVED;
        for i in 0..8 {
            let from = b.cp[i] as usize;
            r.cp[i] = self.cp[from];
            r.co[i] = (self.co[from] + b.co[i]) % 3;
        }
        r
    }

    /// The cubie of one move. Rotations are two opposite face turns (a 2x2x2 has no middle layer).
    /// Slices and wide turns do not exist on the 2x2x2: `None`.
    pub fn of_move(m: Move) -> Option<CubieCube> {
        // Six faces and three rotations, each with amounts 1..=3, computed once.
        static TABLE: Lazy<[[CubieCube; 4]; 9]> = Lazy::new(|| {
            std::array::from_fn(|k| {
                let quarter = if k < 6 {
                    FACE_CUBIES[k]
                } else {
                    let f = [Face::R, Face::U, Face::F][k - 6];
                    FACE_CUBIES[f as usize].then(&FACE_CUBIES[f.opposite() as usize].inverse())
                };
                std::array::from_fn(|a| quarter.power(a as u8))
            })
        });
        let table = TABLE.get();
        let k = match m.turn {
            Turn::Face(f) => f as usize,
            Turn::Rotation('x') => 6,
            Turn::Rotation('y') => 7,
            Turn::Rotation(_) => 8,
            _ => return None,
        };
        Some(table[k][(m.amount % 4) as usize])
    }

    /// The cube that undoes this one: `self.then(&self.inverse())` is solved.
    pub fn inverse(&self) -> CubieCube {
        let mut r = CubieCube::SOLVED;
        for i in 0..8 {
            let p = self.cp[i] as usize;
            r.cp[p] = i as u8;
            r.co[p] = (3 - self.co[i]) % 3;
        }
        r
    }

    pub fn power(&self, k: u8) -> CubieCube {
        (0..k).fold(CubieCube::SOLVED, |c, _| c.then(self))
    }

    /// Applies a whole scramble; `None` if it has a move the 2x2x2 does not have.
    pub fn apply_moves(&self, moves: &[Move]) -> Option<CubieCube> {
        moves
            .iter()
            .try_fold(*self, |c, &m| Some(c.then(&CubieCube::of_move(m)?)))
    }

    /// The 24 stickers, coloured by face index (U=0 R=1 F=2 D=3 L=4 B=5).
    pub fn to_stickers(&self) -> [u8; 24] {
        let solved: [u8; 24] = std::array::from_fn(|f| (f / 4) as u8);
        let mut out = [0u8; 24];
        CORNERS.write(&solved, &self.cp, &self.co, &mut out);
        out
    }

    /// The same physical cube seen with its DBL corner home: relabels the colours so that the
    /// corner now at DBL is the DBL corner, untwisted. Turning U, R and F then solves it.
    ///
    /// Relabelling colours by a whole-cube rotation `q` is `q` followed by `self` (the same turns on a
    /// cube coloured differently), so this tries the 24 rotations for the one that puts DBL home.
    pub fn normalised(&self) -> CubieCube {
        // Which rotation works depends only on the corner at DBL and its twist: 24 cases, cached.
        static BY_DBL: Lazy<[u8; 24]> = Lazy::new(|| {
            std::array::from_fn(|k| {
                // Any cube with corner k / 3 at DBL, twisted k % 3.
                let mut c = CubieCube::SOLVED;
                c.cp.swap(DBL, k / 3);
                c.co[DBL] = (k % 3) as u8;
                let home = |q: &CubieCube| {
                    let n = q.then(&c);
                    n.cp[DBL] == DBL as u8 && n.co[DBL] == 0
                };
                rotations()
                    .iter()
                    .position(home)
                    .expect("a rotation brings any corner home untwisted") as u8
            })
        });
        let q = BY_DBL.get()[self.cp[DBL] as usize * 3 + self.co[DBL] as usize];
        rotations()[q as usize].then(self)
    }

    /// Coordinate in `0..SIZE` of a cube whose DBL corner is home.
    pub fn coord(&self) -> usize {
        debug_assert!(self.cp[DBL] == DBL as u8 && self.co[DBL] == 0);
        let mut p = [0u8; 7];
        for (k, &i) in POS7.iter().enumerate() {
            p[k] = if self.cp[i] == 7 { 6 } else { self.cp[i] };
        }
        rank_perm(&p) * CO_SIZE + rank_ori(&self.co[..6], 3)
    }

    pub fn from_coord(c: usize) -> CubieCube {
        let mut p = [0u8; 7];
        unrank_perm(c / CO_SIZE, &mut p);
        let mut s = CubieCube::SOLVED;
        for (k, &i) in POS7.iter().enumerate() {
            s.cp[i] = if p[k] == 6 { 7 } else { p[k] };
        }
        unrank_ori(c % CO_SIZE, 3, &mut s.co[..6]);
        let sum: u8 = s.co[..6].iter().sum();
        s.co[7] = (3 - sum % 3) % 3;
        s
    }
}

/// The 24 whole-cube rotations as corner cubies, generated by `x` and `y`.
pub fn rotations() -> &'static [CubieCube; 24] {
    static ROTATIONS: Lazy<[CubieCube; 24]> = Lazy::new(|| {
        let generator = |c| {
            CubieCube::of_move(Move {
                turn: Turn::Rotation(c),
                amount: 1,
            })
            .unwrap()
        };
        let (x, y) = (generator('x'), generator('y'));
        let mut all = vec![CubieCube::SOLVED];
        let mut i = 0;
        while i < all.len() {
            for g in [&x, &y] {
                let n = all[i].then(g);
                if !all.contains(&n) {
                    all.push(n);
                }
            }
            i += 1;
        }
        assert_eq!(all.len(), 24, "the rotation group has 24 elements");
        let mut table = [CubieCube::SOLVED; 24];
        table.copy_from_slice(&all);
        table
    });
    ROTATIONS.get()
}

/// The positions other than DBL, in coordinate order.
const POS7: [usize; 7] = [0, 1, 2, 3, 4, 5, 7];
pub const CP_SIZE: usize = 5040;
pub const CO_SIZE: usize = 729;
pub const SIZE: usize = CP_SIZE * CO_SIZE;

/// The solver's moves: `U U2 U' R R2 R' F F2 F'` (index `face * 3 + amount - 1`).
pub const MOVES: usize = 9;
/// Quarter turns only, for the quarter-turn metric: `U U' R R' F F'`.
pub const QUARTER_MOVES: [usize; 6] = [0, 2, 3, 5, 6, 8];
/// All nine solver moves, for the half-turn metric.
pub const HALF_TURN_MOVES: [usize; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/// Solver move `m` as notation.
pub fn solver_move(m: usize) -> Move {
    Move {
        turn: Turn::Face([Face::U, Face::R, Face::F][m / 3]),
        amount: (m % 3 + 1) as u8,
    }
}

impl CubieCube {
    /// Number of faces showing one colour.
    pub fn uniform_faces(&self) -> usize {
        let s = self.to_stickers();
        s.chunks(4)
            .filter(|f| f[1] == f[0] && f[2] == f[0] && f[3] == f[0])
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_moves, Families};
    use crate::sticker_cube::StickerCube;

    #[test]
    fn cubie_moves_match_the_geometric_sticker_model() {
        for s in [
            "U",
            "R",
            "F",
            "D",
            "L",
            "B",
            "x",
            "y",
            "z",
            "R U2 F' D L2 B x y' z2",
        ] {
            let moves = parse_moves(s, 1, Families::CUBE2).unwrap();
            let cubie = CubieCube::SOLVED.apply_moves(&moves).unwrap();
            let sticker = StickerCube::solved().apply_all(&moves).unwrap();
            assert_eq!(cubie.to_stickers(), sticker.0, "{s}");
        }
    }

    #[test]
    fn inverses_undo() {
        for q in rotations().iter().chain(FACE_CUBIES.iter()) {
            assert_eq!(q.then(&q.inverse()), CubieCube::SOLVED);
            assert_eq!(q.inverse().then(q), CubieCube::SOLVED);
        }
    }

    #[test]
    fn coordinates_round_trip() {
        for c in (0..SIZE).step_by(997) {
            assert_eq!(CubieCube::from_coord(c).coord(), c);
        }
    }
}
