//! The Floppy Cube (1x3x3), as in the seed article's "general method": four corners with a
//! permutation (CP) and a flip each (CO), four edges that never move but flip (EO), two fixed centres.
//!
//! Each of the four turns rotates the three cubies along one side by 180 degrees: it swaps the two
//! corners on that side, flipping both, and flips the edge between them. Positions are numbered
//! clockwise on face A: corners top-left, top-right, bottom-right, bottom-left; edges top, right,
//! bottom, left. The sticker numbering is AOJ 0300's (see `shared/spec/problems.md`).

use crate::coord::{rank_ori, rank_perm, unrank_ori, unrank_perm, MoveTable};
use crate::dist_table::{
    depth::DepthTable,
    graphs::{CoordGraph, Product},
};
use crate::facelet::{PieceError, PieceKind};
use crate::heuristic::{entry, FnBound, Max};
use crate::input::{InputError, Token, TokenStream};
use crate::pruner::CanonicalPruner;
use crate::search::composed::{first_solution, Domain};

/// Turn names by the face-A stickers along the turned side.
pub const MOVE_NAMES: [&str; 4] = ["0-1-2", "2-5-8", "6-7-8", "0-3-6"];

/// For each turn: the two corner positions it swaps and the edge position it flips.
const MOVES: [(usize, usize, usize); 4] = [(0, 1, 0), (1, 2, 1), (2, 3, 2), (3, 0, 3)];

pub const CP_SIZE: usize = 24;
pub const CO_SIZE: usize = 16;
pub const EO_SIZE: usize = 16;
/// Size of the full coordinate space CP x CO x EO; 192 of these states are reachable.
pub const SIZE: usize = CP_SIZE * CO_SIZE * EO_SIZE;

/// A Floppy Cube state as piece arrays (`cp[i]`: corner at position `i`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FloppyState {
    pub cp: [u8; 4],
    pub co: [u8; 4],
    pub eo: [u8; 4],
}

impl FloppyState {
    pub const SOLVED: FloppyState = FloppyState {
        cp: [0, 1, 2, 3],
        co: [0; 4],
        eo: [0; 4],
    };

    /// Applies turn `m` (0..4).
    pub fn apply(&self, m: usize) -> FloppyState {
        let (a, b, e) = MOVES[m];
        let mut s = *self;
        s.cp.swap(a, b);
        s.co[a] = self.co[b] ^ 1;
        s.co[b] = self.co[a] ^ 1;
        s.eo[e] ^= 1;
        s
    }

    pub fn coords(&self) -> (usize, usize, usize) {
        (
            rank_perm(&self.cp),
            rank_ori(&self.co, 2),
            rank_ori(&self.eo, 2),
        )
    }

    /// Dense index in `0..SIZE`.
    pub fn index(&self) -> usize {
        let (cp, co, eo) = self.coords();
        (cp * CO_SIZE + co) * EO_SIZE + eo
    }

    pub fn from_index(i: usize) -> FloppyState {
        let mut s = FloppyState::SOLVED;
        unrank_perm(i / (CO_SIZE * EO_SIZE), &mut s.cp);
        unrank_ori(i / EO_SIZE % CO_SIZE, 2, &mut s.co);
        unrank_ori(i % EO_SIZE, 2, &mut s.eo);
        s
    }
}

/// Corners: slots are [face A, face B, top/bottom side, left/right side]; a flip swaps A and B.
pub const CORNERS: PieceKind<4> = PieceKind {
    name: "corner",
    position_names: &["top-left", "top-right", "bottom-right", "bottom-left"],
    slots: &[
        [0, 29, 20, 15],
        [2, 27, 18, 14],
        [8, 21, 11, 12],
        [6, 23, 9, 17],
    ],
    twists: &[[0, 1, 2, 3], [1, 0, 2, 3]],
};

/// Edges: slots are [face A, face B, side]; a flip swaps A and B.
pub const EDGES: PieceKind<3> = PieceKind {
    name: "edge",
    position_names: &["top", "right", "bottom", "left"],
    slots: &[[1, 28, 19], [5, 24, 13], [7, 22, 10], [3, 26, 16]],
    twists: &[[0, 1, 2], [1, 0, 2]],
};

/// Centre sticker of each face, and the face of every sticker in the solved state.
const CENTRES: [usize; 6] = [4, 10, 13, 16, 19, 25];
const FACE_NAMES: [&str; 6] = [
    "face A",
    "bottom side",
    "right side",
    "left side",
    "top side",
    "face B",
];
fn face_of_sticker(s: usize) -> usize {
    match s {
        0..=8 => 0,
        9..=11 => 1,
        12..=14 => 2,
        15..=17 => 3,
        18..=20 => 4,
        _ => 5,
    }
}

/// Why 30 stickers are not a Floppy Cube state. `sticker` is the 0-based index to point at.
pub use crate::facelet::StickerError;

/// Reads a state from 30 sticker colours (any numbering: the centres say which colour is which face).
/// Reachability is not checked here; see [`FloppyTables::distance`].
pub fn from_stickers(p: &[u8; 30]) -> Result<FloppyState, StickerError> {
    for (i, &a) in CENTRES.iter().enumerate() {
        for &b in &CENTRES[..i] {
            if p[a] == p[b] {
                return Err(StickerError {
                    sticker: a,
                    msg: format!(
                        "the centres of {} (sticker {}) and {} (sticker {}) have the same colour {}",
                        FACE_NAMES[face_of_sticker(b)],
                        b + 1,
                        FACE_NAMES[face_of_sticker(a)],
                        a + 1,
                        p[a]
                    ),
                });
            }
        }
    }
    let solved: Vec<u8> = (0..30).map(|s| p[CENTRES[face_of_sticker(s)]]).collect();
    fn piece_err<const N: usize>(kind: &PieceKind<N>, e: PieceError) -> StickerError {
        let pos = match &e {
            PieceError::NoSuchPiece { position, .. } => position,
            PieceError::Duplicate { positions, .. } => &positions[1],
        };
        let i = kind
            .position_names
            .iter()
            .position(|n| n == pos)
            .unwrap_or(0);
        StickerError {
            sticker: kind.slots[i][0],
            msg: e.to_string(),
        }
    }
    let (cp, co) = CORNERS
        .read(&solved, p)
        .map_err(|e| piece_err(&CORNERS, e))?;
    let (ep, eo) = EDGES.read(&solved, p).map_err(|e| piece_err(&EDGES, e))?;
    if let Some(i) = (0..4).find(|&i| ep[i] != i as u8) {
        // Edges never move, so an edge elsewhere means the stickers were not taken from a Floppy Cube.
        return Err(StickerError {
            sticker: EDGES.slots[i][0],
            msg: format!(
                "the {} edge shows the colours of another edge; edges never move",
                EDGES.position_names[i]
            ),
        });
    }
    let mut s = FloppyState::SOLVED;
    s.cp.copy_from_slice(&cp);
    s.co.copy_from_slice(&co);
    s.eo.copy_from_slice(&eo);
    Ok(s)
}

/// Writes the 30 stickers of `s` with colours `1..=6` for face A, bottom, right, left, top, face B.
pub fn to_stickers(s: &FloppyState) -> [u8; 30] {
    let solved: Vec<u8> = (0..30).map(|i| face_of_sticker(i) as u8 + 1).collect();
    let mut out = [0u8; 30];
    for (i, o) in out.iter_mut().enumerate() {
        *o = solved[i];
    }
    CORNERS.write(&solved, &s.cp, &s.co, &mut out);
    EDGES.write(&solved, &[0, 1, 2, 3], &s.eo, &mut out);
    out
}

/// Move tables per coordinate and the distance table of the whole space.
pub struct FloppyTables {
    cp_move: MoveTable,
    co_move: MoveTable,
    eo_move: MoveTable,
    /// Exact distances over CP x CO x EO (192 reachable states).
    pub dist: DepthTable,
    /// Pruning tables for IDA*: distance to solve each coordinate alone.
    cp_prune: DepthTable,
    co_prune: DepthTable,
    eo_prune: DepthTable,
}

/// The four turns.
const TURNS: [usize; 4] = [0, 1, 2, 3];

impl FloppyTables {
    /// Builds move tables from the move definitions, then BFS from solved. Microseconds.
    pub fn new() -> Self {
        let cp_move = MoveTable::build(CP_SIZE, 4, |c, m| {
            let mut s = FloppyState::SOLVED;
            unrank_perm(c, &mut s.cp);
            rank_perm(&s.apply(m).cp)
        });
        let co_move = MoveTable::build(CO_SIZE, 4, |c, m| {
            let mut s = FloppyState::SOLVED;
            unrank_ori(c, 2, &mut s.co);
            rank_ori(&s.apply(m).co, 2)
        });
        let eo_move = MoveTable::build(EO_SIZE, 4, |c, m| {
            let mut s = FloppyState::SOLVED;
            unrank_ori(c, 2, &mut s.eo);
            rank_ori(&s.apply(m).eo, 2)
        });
        let prune = |table: &MoveTable| {
            DepthTable::build(
                &CoordGraph {
                    table,
                    moves: &TURNS,
                },
                &[0],
            )
        };
        let (cp_prune, co_prune, eo_prune) = (prune(&cp_move), prune(&co_move), prune(&eo_move));
        let dist = DepthTable::build(
            &Product {
                tables: [&cp_move, &co_move, &eo_move],
                moves: &TURNS,
            },
            &[FloppyState::SOLVED.index()],
        );
        FloppyTables {
            cp_move,
            co_move,
            eo_move,
            dist,
            cp_prune,
            co_prune,
            eo_prune,
        }
    }

    /// The whole space: CP x CO x EO, in the order of [`FloppyState::index`].
    fn graph(&self) -> Product<'_, 3> {
        Product {
            tables: [&self.cp_move, &self.co_move, &self.eo_move],
            moves: &TURNS,
        }
    }

    /// Minimum number of turns, or `None` if the state cannot be reached by turning.
    pub fn distance(&self, s: &FloppyState) -> Option<u8> {
        self.dist.get(s.index())
    }

    /// An optimal turn sequence read off the distance table.
    pub fn solve(&self, s: &FloppyState) -> Option<Vec<usize>> {
        self.dist.path(&self.graph(), s.index())
    }

    /// An optimal turn sequence by IDA* with the CP, CO and EO pruning tables (the article's method).
    pub fn solve_ida(&self, s: &FloppyState) -> Option<Vec<usize>> {
        // The article's heuristic: the largest of the three coordinates' own distances.
        let cp = FnBound(|s: &(usize, usize, usize)| entry(self.cp_prune.get(s.0)));
        let co = FnBound(|s: &(usize, usize, usize)| entry(self.co_prune.get(s.1)));
        let eo = FnBound(|s: &(usize, usize, usize)| entry(self.eo_prune.get(s.2)));
        // A turn twice is no turn; opposite sides (turns 0 and 2, 1 and 3) commute.
        let pruner = CanonicalPruner::new(4, |m| m, |a, b| a % 2 == b % 2 && a != b);
        // Unreachable states would make IDA* search to the bound in vain; the bound is God's number.
        first_solution(
            &FloppyIda(self),
            &Max(Max(cp, co), eo),
            &pruner,
            &s.coords(),
            8,
        )
        .0
    }
}

impl Default for FloppyTables {
    fn default() -> Self {
        Self::new()
    }
}

/// IDA* view of the Floppy Cube over the (CP, CO, EO) coordinates.
struct FloppyIda<'a>(&'a FloppyTables);

impl Domain for FloppyIda<'_> {
    type State = (usize, usize, usize);
    fn move_count(&self) -> usize {
        4
    }
    fn apply_into(&self, &(cp, co, eo): &Self::State, m: usize, out: &mut Self::State) {
        let t = self.0;
        *out = (
            t.cp_move.apply(cp, m),
            t.co_move.apply(co, m),
            t.eo_move.apply(eo, m),
        );
    }
    fn is_goal(&self, s: &Self::State) -> bool {
        *s == (0, 0, 0)
    }
}

/// One AOJ 0300 puzzle: its 30 colours and the tokens they were read from (for error positions).
pub type Aoj0300Puzzle<'a> = ([u8; 30], Vec<Token<'a>>);

/// Parses AOJ 0300 input: `N`, then N times 30 colours in 1..=6, wherever the line breaks fall.
pub fn parse_aoj0300(src: &str) -> Result<Vec<Aoj0300Puzzle<'_>>, InputError> {
    let mut ts = TokenStream::new(src);
    let n =
        ts.expect("N, the number of puzzles (1..30)")?
            .int_in("N, the number of puzzles", 1, 30)? as usize;
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let mut p = [0u8; 30];
        let mut toks = Vec::with_capacity(30);
        for (i, c) in p.iter_mut().enumerate() {
            let t = ts.next().ok_or_else(|| {
                ts.end_error(&format!(
                    "{n} puzzles of 30 colours; found {k} puzzles and {i} colours, then the end of input"
                ))
            })?;
            *c = t.int_in("a colour", 1, 6)? as u8;
            toks.push(t);
        }
        out.push((p, toks));
    }
    ts.expect_end(&format!("{n} puzzles"))?;
    Ok(out)
}

/// Solves AOJ 0300 input; the error says which line and column is wrong and why.
pub fn answer_aoj0300(
    src: &str,
    tables: &FloppyTables,
    use_ida: bool,
) -> Result<Vec<usize>, InputError> {
    let puzzles = parse_aoj0300(src)?;
    let mut out = Vec::with_capacity(puzzles.len());
    for (p, toks) in puzzles {
        let s = from_stickers(&p).map_err(|e| toks[e.sticker].error(e.msg))?;
        let d = if use_ida {
            s_ida(tables, &s)
        } else {
            tables.distance(&s).map(usize::from)
        };
        let d = d.ok_or_else(|| {
            toks[0].error(
                "these colours are not a reachable Floppy Cube state (a corner is flipped in place)",
            )
        })?;
        out.push(d);
    }
    Ok(out)
}

fn s_ida(t: &FloppyTables, s: &FloppyState) -> Option<usize> {
    t.distance(s)?; // IDA* would search all depths for an unreachable state
    t.solve_ida(s).map(|p| p.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The AOJ sticker swaps of each turn, as given in the problem statement.
    const SWAPS: [[(usize, usize); 5]; 4] = [
        [(0, 27), (1, 28), (2, 29), (14, 15), (18, 20)],
        [(2, 21), (5, 24), (8, 27), (11, 18), (12, 14)],
        [(6, 21), (7, 22), (8, 23), (9, 11), (12, 17)],
        [(0, 23), (3, 26), (6, 29), (9, 20), (15, 17)],
    ];

    fn sticker_turn(p: &[u8; 30], m: usize) -> [u8; 30] {
        let mut q = *p;
        for &(a, b) in &SWAPS[m] {
            q.swap(a, b);
        }
        q
    }

    #[test]
    fn piece_moves_match_sticker_swaps() {
        // Walk every reachable state; each turn must agree with the statement's sticker swaps.
        let t = FloppyTables::new();
        for i in 0..SIZE {
            if t.dist.get(i).is_none() {
                continue;
            }
            let s = FloppyState::from_index(i);
            assert_eq!(s.index(), i);
            let st = to_stickers(&s);
            assert_eq!(from_stickers(&st).unwrap(), s);
            for m in 0..4 {
                assert_eq!(
                    to_stickers(&s.apply(m)),
                    sticker_turn(&st, m),
                    "state {i} turn {m}"
                );
            }
        }
    }

    #[test]
    fn distribution_is_the_published_one() {
        let t = FloppyTables::new();
        assert_eq!(t.dist.distribution, vec![1, 4, 10, 24, 53, 64, 31, 4, 1]);
        assert_eq!(t.dist.reached(), 192);
    }

    #[test]
    fn ida_agrees_with_table_on_every_state() {
        let t = FloppyTables::new();
        for i in 0..SIZE {
            let s = FloppyState::from_index(i);
            let d = match t.distance(&s) {
                Some(d) => d,
                None => continue,
            };
            let ida = t.solve_ida(&s).unwrap();
            assert_eq!(ida.len(), d as usize);
            let table = t.solve(&s).unwrap();
            assert_eq!(table.len(), d as usize);
            for path in [ida, table] {
                assert_eq!(path.iter().fold(s, |s, &m| s.apply(m)), FloppyState::SOLVED);
            }
        }
    }
}
