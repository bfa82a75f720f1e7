//! The 2x2x2: eight corners, with the DBL corner kept home so that 7 corners describe a state
//! (5040 permutations x 729 orientations = 3,674,160 states), as in the seed articles.
//!
//! - [`CubieCube`]: all 8 corners as arrays (`cp[i]` = corner at position `i`, `co[i]` its twist), moved
//!   by multiplication with the face-turn and rotation cubies. Used to read scrambles.
//! - [`Layout`]: where a judge puts each sticker, as data; [`from_stickers`] reads any colour numbering
//!   and checks that the stickers are a real cube.
//! - [`Cube2Tables`]: coordinate move tables and the packed HTM / QTM distance tables; an optimal
//!   solution is read off a table by stepping to a neighbour one closer.

use crate::coord::{rank_ori, rank_perm, unrank_ori, unrank_perm, MoveTable};
use crate::dist_table::{CoordGraph, DepthTable, PackedTable, ProductGraph};
use crate::facelet::{PieceError, PieceKind};
use crate::input::{InputError, Token};
use crate::lazy::Lazy;
use crate::notation::{parse_moves, Face, Families, Move, Turn};

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

/// Corners as a [`PieceKind`]: twist `o` shows facelet `j` in slot `(j + o) % 3`.
pub const CORNERS: PieceKind = PieceKind {
    name: "corner",
    position_names: &CORNER_NAMES,
    slots: &[
        &CORNER_FACELETS[0],
        &CORNER_FACELETS[1],
        &CORNER_FACELETS[2],
        &CORNER_FACELETS[3],
        &CORNER_FACELETS[4],
        &CORNER_FACELETS[5],
        &CORNER_FACELETS[6],
        &CORNER_FACELETS[7],
    ],
    twists: &[&[0, 1, 2], &[1, 2, 0], &[2, 0, 1]],
};

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

/// Why 24 stickers are not a 2x2x2. `sticker` is the canonical index to point at.
pub use crate::facelet::StickerError;

/// Reads 24 stickers in the canonical numbering, any colour numbering. The colours on the DBL
/// corner name the D, B and L faces; the other three are paired with them as opposite faces.
pub fn from_stickers(s: &[u8; 24]) -> Result<CubieCube, StickerError> {
    from_stickers_named(s, &|c| c.to_string())
}

/// [`from_stickers`], naming colours in messages with `name` (letters for the robot's camera).
pub fn from_stickers_named(
    s: &[u8; 24],
    name: &dyn Fn(u8) -> String,
) -> Result<CubieCube, StickerError> {
    // Each colour exactly four times.
    let mut colours: Vec<(u8, Vec<usize>)> = Vec::new();
    for (i, &c) in s.iter().enumerate() {
        match colours.iter_mut().find(|(x, _)| *x == c) {
            Some((_, at)) => at.push(i),
            None => colours.push((c, vec![i])),
        }
    }
    if let Some((c, at)) = colours.iter().find(|(_, at)| at.len() > 4) {
        return Err(StickerError {
            sticker: at[4],
            msg: format!(
                "colour {} appears {} times; each of 6 colours must appear 4 times",
                name(*c),
                at.len()
            ),
        });
    }
    if let Some((c, at)) = colours.iter().find(|(_, at)| at.len() < 4) {
        return Err(StickerError {
            sticker: at[0],
            msg: format!(
                "colour {} appears {} times; each of 6 colours must appear 4 times",
                name(*c),
                at.len()
            ),
        });
    }
    let [d, b, l] = CORNER_FACELETS[DBL].map(|f| s[f]);
    if d == b || b == l || d == l {
        return Err(StickerError {
            sticker: CORNER_FACELETS[DBL][0],
            msg: "the corner at DBL shows one colour twice, which no corner does".into(),
        });
    }
    // Pair the other three colours with D, L, B as their opposites: the pairing under which
    // opposite colours share the fewest corners (none, on a real cube).
    let rest: Vec<u8> = colours
        .iter()
        .map(|(c, _)| *c)
        .filter(|c| ![d, b, l].contains(c))
        .collect();
    let together = |x: u8, y: u8| {
        CORNER_FACELETS
            .iter()
            .filter(|cf| cf.iter().any(|&f| s[f] == x) && cf.iter().any(|&f| s[f] == y))
            .count()
    };
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let best = orders
        .iter()
        .min_by_key(|o| together(rest[o[0]], d) + together(rest[o[1]], l) + together(rest[o[2]], b))
        .unwrap();
    let (u, r, f) = (rest[best[0]], rest[best[1]], rest[best[2]]);
    let face_colour = [u, r, f, d, l, b];
    let solved: [u8; 24] = std::array::from_fn(|i| face_colour[i / 4]);
    let (cp, co) = CORNERS
        .read(&solved, s)
        .map_err(|e| explain(e, &face_colour, name))?;
    let mut c = CubieCube::SOLVED;
    c.cp.copy_from_slice(&cp);
    c.co.copy_from_slice(&co);
    let twist = c.co.iter().map(|&x| x as u32).sum::<u32>() % 3;
    if twist != 0 {
        let way = if twist == 1 {
            "clockwise"
        } else {
            "counter-clockwise"
        };
        return Err(StickerError {
            sticker: CORNER_FACELETS[URF][0],
            msg: format!(
                "a corner is twisted in place: the corner twists add up to {twist} (mod 3) instead of 0, as if one \
                 corner had been turned {way}; no sequence of turns solves this"
            ),
        });
    }
    Ok(c)
}

/// Says why a corner could not be read: a repeated colour, two opposite faces, or mirrored colours.
fn explain(e: PieceError, face_colour: &[u8; 6], name: &dyn Fn(u8) -> String) -> StickerError {
    let face_name = |c: u8| {
        face_colour
            .iter()
            .position(|&x| x == c)
            .map(|f| Face::ALL[f].letter())
    };
    match e {
        PieceError::NoSuchPiece {
            position, colours, ..
        } => {
            let i = CORNER_NAMES
                .iter()
                .position(|n| *n == position)
                .unwrap_or(0);
            let sticker = CORNER_FACELETS[i][0];
            let (a, b, c) = (colours[0], colours[1], colours[2]);
            let (na, nb, nc) = (name(a), name(b), name(c));
            let msg = if a == b || b == c || a == c {
                format!("the corner at {position} shows colours {na} {nb} {nc}: one colour twice, which no corner does")
            } else if let Some((x, y)) = [(a, b), (b, c), (a, c)].iter().copied().find(|&(x, y)| {
                matches!((face_name(x), face_name(y)), (Some(p), Some(q)) if Face::ALL.iter().any(|f| f.letter() == p && f.opposite().letter() == q))
            }) {
                format!(
                    "the corner at {position} shows colours {} and {}, which belong to opposite faces ({} and {})",
                    name(x),
                    name(y),
                    face_name(x).unwrap_or('?'),
                    face_name(y).unwrap_or('?')
                )
            } else {
                format!("the corner at {position} shows colours {na} {nb} {nc} in mirror order, which no real corner has")
            };
            StickerError { sticker, msg }
        }
        PieceError::Duplicate {
            piece, positions, ..
        } => {
            let i = CORNER_NAMES
                .iter()
                .position(|n| *n == positions[1])
                .unwrap_or(0);
            StickerError {
                sticker: CORNER_FACELETS[i][0],
                msg: format!(
                    "the {piece} corner appears twice, at {} and at {}",
                    positions[0], positions[1]
                ),
            }
        }
    }
}

/// A judge's sticker numbering: `faces[f][k]` is the judge's index of canonical sticker `f * 4 + k`
/// (faces U R F D L B; `k` = row * 2 + col as in [`crate::sticker_cube`]).
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub name: &'static str,
    pub faces: [[usize; 4]; 6],
}

impl Layout {
    /// Judge order to canonical order.
    pub fn to_canonical(&self, judge: &[u8; 24]) -> [u8; 24] {
        std::array::from_fn(|f| judge[self.faces[f / 4][f % 4]])
    }

    pub fn from_canonical(&self, canon: &[u8; 24]) -> [u8; 24] {
        let mut out = [0u8; 24];
        for f in 0..24 {
            out[self.faces[f / 4][f % 4]] = canon[f];
        }
        out
    }

    /// The judge's index of canonical sticker `f`.
    pub fn judge_index(&self, f: usize) -> usize {
        self.faces[f / 4][f % 4]
    }
}

/// Codeforces 887C / BOJ 16939 (0-based): U 0-3, F 4-7, D 8-11, L 12-15, R 16-19, B 20-23.
pub const CF887C: Layout = Layout {
    name: "Codeforces 887C",
    faces: [
        [0, 1, 2, 3],
        [16, 17, 18, 19],
        [4, 5, 6, 7],
        [8, 9, 10, 11],
        [12, 13, 14, 15],
        [20, 21, 22, 23],
    ],
};

/// HDU 4801: U, L F R in a row, then D and B below (B drawn with its bottom edge first).
pub const HDU4801: Layout = Layout {
    name: "HDU 4801",
    faces: [
        [0, 1, 2, 3],
        [8, 9, 14, 15],
        [6, 7, 12, 13],
        [16, 17, 18, 19],
        [4, 5, 10, 11],
        [23, 22, 21, 20],
    ],
};

/// acm.mipt.ru 041: U F D B in a column (B with its bottom edge first), then L and R.
pub const MIPT041: Layout = Layout {
    name: "acm.mipt.ru 041",
    faces: [
        [0, 1, 2, 3],
        [20, 21, 22, 23],
        [4, 5, 6, 7],
        [8, 9, 10, 11],
        [16, 17, 18, 19],
        [15, 14, 13, 12],
    ],
};

/// Move tables of the two coordinates, and graphs over the whole space for the distance tables.
pub struct Cube2Tables {
    cp_move: MoveTable,
    co_move: MoveTable,
}

impl Cube2Tables {
    /// Builds both move tables by cubie multiplication (well under a millisecond).
    pub fn new() -> Self {
        let moves: Vec<CubieCube> = (0..MOVES)
            .map(|m| CubieCube::of_move(solver_move(m)).unwrap())
            .collect();
        let cp_move = MoveTable::build(CP_SIZE, MOVES, |c, m| {
            CubieCube::from_coord(c * CO_SIZE).then(&moves[m]).coord() / CO_SIZE
        });
        let co_move = MoveTable::build(CO_SIZE, MOVES, |c, m| {
            CubieCube::from_coord(c).then(&moves[m]).coord() % CO_SIZE
        });
        Cube2Tables { cp_move, co_move }
    }

    /// Applies solver move `m` to coordinate `c`.
    #[inline]
    pub fn apply(&self, c: usize, m: usize) -> usize {
        let (cp, co) = (c / CO_SIZE, c % CO_SIZE);
        self.cp_move.apply(cp, m) * CO_SIZE + self.co_move.apply(co, m)
    }

    /// The whole space under some of the solver moves: CP outer, CO inner.
    pub fn graph(&self, moves: &'static [usize]) -> ProductGraph<'_> {
        ProductGraph {
            outer: self.cp_move.as_slice(),
            outer_size: CP_SIZE,
            inner: self.co_move.as_slice(),
            inner_size: CO_SIZE,
            stride: MOVES,
            moves,
        }
    }

    /// The graph of the half-turn metric (all 9 moves).
    pub fn htm(&self) -> ProductGraph<'_> {
        self.graph(&HALF_TURN_MOVES)
    }

    /// The graph of the quarter-turn metric (6 quarter turns).
    pub fn qtm(&self) -> ProductGraph<'_> {
        self.graph(&QUARTER_MOVES)
    }

    /// Pruning tables of each coordinate alone, for IDA* (the seed articles' CP and CO tables).
    pub fn prune_tables(&self, moves: &'static [usize]) -> (DepthTable, DepthTable) {
        let prune = |table: &MoveTable| DepthTable::build(&CoordGraph { table, moves }, &[0]);
        (prune(&self.cp_move), prune(&self.co_move))
    }
}

impl Default for Cube2Tables {
    fn default() -> Self {
        Self::new()
    }
}

/// A packed distance table with the graph it was built on: solves by walking down.
pub struct Cube2Solver {
    pub tables: Cube2Tables,
    pub dist: PackedTable,
    quarter: bool,
}

impl Cube2Solver {
    /// Half-turn metric: 9 moves, God's number 11.
    pub fn htm() -> Self {
        let tables = Cube2Tables::new();
        let dist = PackedTable::build_product(&tables.htm(), &[0]);
        Cube2Solver {
            tables,
            dist,
            quarter: false,
        }
    }

    /// Quarter-turn metric: 6 moves, God's number 14.
    pub fn qtm() -> Self {
        let tables = Cube2Tables::new();
        let dist = PackedTable::build_product(&tables.qtm(), &[0]);
        Cube2Solver {
            tables,
            dist,
            quarter: true,
        }
    }

    /// An optimal solution (solver move indices) for a cube whose DBL corner is home.
    pub fn solve(&self, c: &CubieCube) -> Vec<usize> {
        let coord = c.coord();
        let path = if self.quarter {
            self.dist.path(&self.tables.qtm(), coord, |x| x == 0)
        } else {
            self.dist.path(&self.tables.htm(), coord, |x| x == 0)
        };
        path.expect("every 2x2x2 state with DBL home is reachable")
    }
}

/// Parses a scramble line (face turns and rotations) into the cube it produces, DBL normalised home.
pub fn scramble(text: &str, line: usize) -> Result<CubieCube, InputError> {
    let moves = parse_moves(text, line, Families::CUBE2)?;
    Ok(CubieCube::SOLVED
        .apply_moves(&moves)
        .expect("CUBE2 families only")
        .normalised())
}

/// Formats a solution in solver moves (`U2 R' F`).
pub fn format_solution(moves: &[usize]) -> String {
    const NAMES: [&str; MOVES] = ["U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'"];
    let names: Vec<&str> = moves.iter().map(|&m| NAMES[m]).collect();
    names.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
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
    fn normalising_by_rotation_matches_reading_the_stickers() {
        let mut x = 12345u64;
        for _ in 0..500 {
            let mut c = CubieCube::SOLVED;
            for _ in 0..20 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let all = ["U", "R", "F", "D", "L", "B", "x", "y", "z"];
                let m = parse_moves(all[(x >> 33) as usize % 9], 1, Families::CUBE2).unwrap();
                c = c.apply_moves(&m).unwrap();
            }
            assert_eq!(c.normalised(), from_stickers(&c.to_stickers()).unwrap());
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

    #[test]
    fn layouts_are_permutations() {
        for l in [CF887C, HDU4801, MIPT041] {
            let mut seen = [false; 24];
            for f in l.faces.iter().flatten() {
                assert!(!seen[*f], "{}", l.name);
                seen[*f] = true;
            }
            let x: [u8; 24] = std::array::from_fn(|i| i as u8);
            assert_eq!(l.from_canonical(&l.to_canonical(&x)), x);
        }
    }
}

#[cfg(test)]
mod distribution_tests {
    use super::*;

    #[test]
    fn htm_distribution_is_the_published_one() {
        let s = Cube2Solver::htm();
        let want = [
            1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
        ];
        assert_eq!(s.dist.distribution, want);
    }

    #[test]
    fn qtm_distribution_is_the_published_one() {
        let s = Cube2Solver::qtm();
        let want = [
            1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280,
            276,
        ];
        assert_eq!(s.dist.distribution, want);
    }
}

/// The seed articles' solver: IDA* over (CP, CO) with one pruning table per coordinate, a move never
/// followed by a move of the same face. Kept as the baseline the table solver is measured against.
pub struct Cube2Ida {
    tables: Cube2Tables,
    cp_prune: DepthTable,
    co_prune: DepthTable,
}

impl Cube2Ida {
    pub fn htm() -> Self {
        let tables = Cube2Tables::new();
        let (cp_prune, co_prune) = tables.prune_tables(&HALF_TURN_MOVES);
        Cube2Ida {
            tables,
            cp_prune,
            co_prune,
        }
    }

    /// An optimal HTM solution for a cube whose DBL corner is home, and the search's counters.
    pub fn solve(&self, c: &CubieCube) -> (Vec<usize>, crate::search::SearchStats) {
        use crate::heuristic::{entry, FnBound, Max};
        let cp = FnBound(|s: &usize| entry(self.cp_prune.get(s / CO_SIZE)));
        let co = FnBound(|s: &usize| entry(self.co_prune.get(s % CO_SIZE)));
        // Two turns of one face in a row are one turn (U, R, F never commute with each other).
        let pruner = crate::pruner::CanonicalPruner::new(MOVES, |m| m / 3, |_, _| false);
        let (path, stats) =
            crate::search::first_solution(self, &Max(cp, co), &pruner, &c.coord(), 11);
        (path.expect("God's number in HTM is 11"), stats)
    }
}

impl crate::search::Domain for Cube2Ida {
    type State = usize;
    fn move_count(&self) -> usize {
        MOVES
    }
    fn apply_into(&self, s: &usize, m: usize, out: &mut usize) {
        *out = self.tables.apply(*s, m);
    }
    fn is_goal(&self, s: &usize) -> bool {
        *s == 0
    }
}

/// Reads the 24 colour tokens of a judge's input (`lo..=hi` each) in judge order.
pub fn read_colours(tokens: &[Token<'_>], lo: i64, hi: i64) -> Result<[u8; 24], InputError> {
    let mut c = [0u8; 24];
    for (i, t) in tokens.iter().enumerate() {
        c[i] = t.int_in("a colour", lo, hi)? as u8;
    }
    Ok(c)
}

/// The cube shown by judge-order colours, with any error pointed at the token of the sticker.
pub fn cube_from_judge(
    colours: &[u8; 24],
    layout: &Layout,
    tokens: &[Token<'_>],
) -> Result<CubieCube, InputError> {
    from_stickers(&layout.to_canonical(colours))
        .map_err(|e| tokens[layout.judge_index(e.sticker)].error(e.msg))
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

/// Reads an input that is exactly 24 colours (`lo..=hi`), as Codeforces 887C and acm.mipt.ru 041 give.
pub fn read_one_cube(
    src: &str,
    lo: i64,
    hi: i64,
) -> Result<(Vec<Token<'_>>, [u8; 24]), InputError> {
    let mut ts = crate::input::TokenStream::new(src);
    let tokens = ts.take_n(24, "colours")?;
    ts.expect_end("24 colours")?;
    let colours = read_colours(&tokens, lo, hi)?;
    Ok((tokens, colours))
}
