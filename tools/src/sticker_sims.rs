//! Sticker-array simulators, deliberately separate from the library's piece/coordinate models: test
//! answers computed here are an independent check of the solvers.

use std::collections::HashMap;

/// AOJ 0300: the four turns as the statement's sticker swaps.
pub const FLOPPY_SWAPS: [[(usize, usize); 5]; 4] = [
    [(0, 27), (1, 28), (2, 29), (14, 15), (18, 20)],
    [(2, 21), (5, 24), (8, 27), (11, 18), (12, 14)],
    [(6, 21), (7, 22), (8, 23), (9, 11), (12, 17)],
    [(0, 23), (3, 26), (6, 29), (9, 20), (15, 17)],
];

/// The statement's sample solved state.
pub const FLOPPY_SOLVED: [u8; 30] = [
    1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 4, 4, 4, 6, 6, 6, 5, 5, 5, 3, 3, 3, 3, 3, 3, 3, 3, 3,
];

pub fn floppy_turn(p: &[u8; 30], m: usize) -> [u8; 30] {
    let mut q = *p;
    for &(a, b) in &FLOPPY_SWAPS[m] {
        q.swap(a, b);
    }
    q
}

/// Plain BFS over sticker arrays from the solved state: every reachable state with its distance, in
/// BFS order.
pub fn floppy_bfs() -> Vec<([u8; 30], usize)> {
    let mut seen: HashMap<[u8; 30], usize> = HashMap::new();
    let mut order = vec![(FLOPPY_SOLVED, 0)];
    seen.insert(FLOPPY_SOLVED, 0);
    let mut i = 0;
    while i < order.len() {
        let (s, d) = order[i];
        for m in 0..4 {
            let t = floppy_turn(&s, m);
            if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(t) {
                e.insert(d + 1);
                order.push((t, d + 1));
            }
        }
        i += 1;
    }
    order
}

/// Renumbers colours by `perm` (colour `c` becomes `perm[c - 1]`).
pub fn recolour<const N: usize>(p: &[u8; N], perm: &[u8; 6]) -> [u8; N] {
    p.map(|c| perm[c as usize - 1])
}

use twisty::notation::{Face, Move, Turn};
use twisty::sticker_cube::StickerCube;

/// Stickers of the DBL corner (canonical numbering): they never move under U, R and F.
pub const DBL_STICKERS: [usize; 3] = [14, 23, 18];

/// A quarter or half turn of a face as notation.
pub fn face_move(face: Face, amount: u8) -> Move {
    Move {
        turn: Turn::Face(face),
        amount,
    }
}

/// The solver's move set for the 2x2x2 with DBL held: U R F, quarter turns only or all powers.
pub fn urf_moves(quarter_only: bool) -> Vec<Move> {
    let amounts: &[u8] = if quarter_only { &[1, 3] } else { &[1, 2, 3] };
    [Face::U, Face::R, Face::F]
        .iter()
        .flat_map(|&f| amounts.iter().map(move |&a| face_move(f, a)))
        .collect()
}

/// Relabels colours so that the DBL corner shows D, B, L (faces 3, 5, 4 of the solved colouring) and
/// every other colour follows its opposite (faces f and f+3 are opposite). Only for cubes coloured like
/// [`StickerCube::solved`].
pub fn relabel_dbl_home(c: &StickerCube) -> StickerCube {
    let mut map = [0u8; 6];
    for (k, &s) in DBL_STICKERS.iter().enumerate() {
        let target = [3u8, 5, 4][k];
        map[c.0[s] as usize] = target;
        map[(c.0[s] as usize + 3) % 6] = (target + 3) % 6;
    }
    StickerCube(c.0.map(|x| map[x as usize]))
}

/// 21 stickers (all but DBL's) at 3 bits each: a key for a cube whose DBL corner is home.
pub fn key(c: &StickerCube) -> u64 {
    let mut k = 0u64;
    for (i, &x) in c.0.iter().enumerate() {
        if !DBL_STICKERS.contains(&i) {
            k = (k << 3) | x as u64;
        }
    }
    k
}

/// Breadth-first search over sticker cubes from solved with `moves`: for every state (by [`key`]),
/// its distance and the index of the move that first reached it.
pub struct StickerBfs {
    pub moves: Vec<Move>,
    pub seen: HashMap<u64, (u8, u8)>,
    pub distribution: Vec<usize>,
}

impl StickerBfs {
    pub fn new(moves: Vec<Move>) -> Self {
        let solved = StickerCube::solved();
        let mut seen = HashMap::with_capacity(3_700_000);
        seen.insert(key(&solved), (0u8, u8::MAX));
        let mut frontier = vec![solved];
        let mut distribution = vec![1];
        let mut d = 0u8;
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for c in &frontier {
                for (i, &m) in moves.iter().enumerate() {
                    let n = c.apply(m).unwrap();
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(key(&n)) {
                        e.insert((d + 1, i as u8));
                        next.push(n);
                    }
                }
            }
            if !next.is_empty() {
                distribution.push(next.len());
            }
            frontier = next;
            d += 1;
        }
        StickerBfs {
            moves,
            seen,
            distribution,
        }
    }

    /// A shortest solution for a cube whose DBL corner is home: undo the recorded moves.
    pub fn solve(&self, c: &StickerCube) -> Vec<Move> {
        let mut c = *c;
        let mut sol = Vec::new();
        loop {
            let (d, m) = self.seen[&key(&c)];
            if d == 0 {
                return sol;
            }
            let mv = self.moves[m as usize];
            let undo = Move {
                turn: mv.turn,
                amount: 4 - mv.amount,
            };
            c = c.apply(undo).unwrap();
            sol.push(undo);
        }
    }
}

use twisty::sticker_cube3::StickerCube3;

/// The 18 face turns as notation.
pub fn face_turns() -> Vec<Move> {
    (0..18)
        .map(|k| Move {
            turn: Turn::Face(Face::ALL[k / 3]),
            amount: (k % 3) as u8 + 1,
        })
        .collect()
}

/// Face-turn distances of 3x3x3 sticker states (centres at home) by meeting in the middle: every
/// state within `radius` turns of solved is kept, sorted, in a compact key; a cube's distance is the
/// shortest way to one of them. Radius 7 holds about 100 million states (1.7 GB), enough to measure
/// distances up to 13 exactly with a ball of radius 6 around the cube, and to prove 14 for a
/// 14-move scramble.
pub struct Cube3Meet {
    /// `key << 4 | distance`, sorted, one entry per state.
    solved: Vec<u128>,
    radius: u8,
}

/// Where each sticker comes from under each face turn (`next[j] = cube[from[j]]`), read off the
/// sticker model by turning a cube whose stickers are numbered.
fn sticker_turns() -> Vec<[u8; 54]> {
    let numbered = StickerCube3(std::array::from_fn(|i| i as u8));
    face_turns().iter().map(|&m| numbered.apply(m).0).collect()
}

/// 40 stickers at 3 bits each, enough to tell reachable cubes apart: all but the centres (fixed) and
/// the U and D stickers of the corners (a corner's two side stickers, in their clockwise order, name
/// the corner and its twist).
fn meet_key(c: &[u8; 54]) -> u128 {
    const SKIP: [usize; 14] = [0, 2, 4, 6, 8, 13, 22, 27, 29, 31, 33, 35, 40, 49];
    let mut k = 0u128;
    for (i, &x) in c.iter().enumerate() {
        if !SKIP.contains(&i) {
            k = k << 3 | x as u128;
        }
    }
    k
}

/// Every state `max - depth` or fewer turns from `c`, by canonical sequences (never a face twice in
/// a row, of two opposite faces only U before D, R before L, F before B): `key << 4 | distance`,
/// with repeats.
fn ball_keys(
    c: &[u8; 54],
    depth: u8,
    max: u8,
    last: usize,
    turns: &[[u8; 54]],
    out: &mut Vec<u128>,
) {
    out.push(meet_key(c) << 4 | depth as u128);
    if depth == max {
        return;
    }
    for (m, from) in turns.iter().enumerate() {
        let face = m / 3;
        if face == last || face + 3 == last {
            continue;
        }
        let next: [u8; 54] = std::array::from_fn(|j| c[from[j] as usize]);
        ball_keys(&next, depth + 1, max, face, turns, out);
    }
}

/// The ball of `radius` around `c`, sorted, each state once with its distance; built on all cores
/// (one subtree per first turn).
fn ball(c: &StickerCube3, radius: u8) -> Vec<u128> {
    use rayon::prelude::*;
    let turns = sticker_turns();
    let mut parts: Vec<Vec<u128>> = (0..=turns.len())
        .into_par_iter()
        .map(|m| {
            let mut out = Vec::new();
            if m == turns.len() {
                out.push(meet_key(&c.0) << 4);
            } else if radius > 0 {
                let next = std::array::from_fn(|j| c.0[turns[m][j] as usize]);
                ball_keys(&next, 1, radius, m / 3, &turns, &mut out);
            }
            out
        })
        .collect();
    let mut all = Vec::with_capacity(parts.iter().map(Vec::len).sum());
    for p in &mut parts {
        all.append(p);
    }
    drop(parts);
    all.par_sort_unstable();
    // Sorted by key, then distance: the first of each key is its distance.
    all.dedup_by_key(|x| *x >> 4);
    all
}

impl Cube3Meet {
    /// The states within `radius` of solved.
    pub fn new(radius: u8) -> Self {
        Cube3Meet {
            solved: ball(&StickerCube3::solved(), radius),
            radius,
        }
    }

    /// How many states are within the radius.
    pub fn len(&self) -> usize {
        self.solved.len()
    }

    pub fn is_empty(&self) -> bool {
        self.solved.is_empty()
    }

    /// The face-turn distance of `c` (centres at home), searching `near` turns around it: exact
    /// when it is at most `radius + near`, `None` when it is more. (An optimal path of that length
    /// has a state within `near` of `c` and within `radius` of solved; a meeting state of a longer
    /// path cannot be within both.)
    pub fn distance(&self, c: &StickerCube3, near: u8) -> Option<u8> {
        let mine = ball(c, near);
        let (mut i, mut j, mut best) = (0, 0, None);
        while i < mine.len() && j < self.solved.len() {
            let (a, b) = (mine[i] >> 4, self.solved[j] >> 4);
            if a < b {
                i += 1;
            } else if b < a {
                // Skip ahead: the solved ball is much the larger.
                j += self.solved[j..].partition_point(|&x| x >> 4 < a);
            } else {
                let d = (mine[i] & 15) as u8 + (self.solved[j] & 15) as u8;
                best = Some(best.map_or(d, |x: u8| x.min(d)));
                i += 1;
                j += 1;
            }
        }
        debug_assert!(best.is_none_or(|d| d <= self.radius + near));
        best
    }
}

/// The whole-cube rotation of `c` with every centre at home (the 24 orientations, tried).
pub fn cube3_upright(c: &StickerCube3) -> StickerCube3 {
    let rot = |ch: char| Move {
        turn: Turn::Rotation(ch),
        amount: 1,
    };
    let mut frontier = vec![*c];
    for _ in 0..5 {
        if let Some(u) = frontier
            .iter()
            .find(|s| (0..6).all(|f| s.0[f * 9 + 4] == f as u8))
        {
            return *u;
        }
        frontier = frontier
            .iter()
            .flat_map(|s| ['x', 'y', 'z'].map(|ch| s.apply(rot(ch))))
            .collect();
    }
    unreachable!("every orientation is within 4 quarter rotations")
}
