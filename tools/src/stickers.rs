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

/// 3x3x3 sticker states within `radius` face turns of `start`, with their distances (plain BFS).
pub fn cube3_ball(start: StickerCube3, radius: u8) -> HashMap<StickerCube3, u8> {
    let turns = face_turns();
    let mut seen = HashMap::from([(start, 0u8)]);
    let mut frontier = vec![start];
    for d in 1..=radius {
        let mut next = Vec::new();
        for s in &frontier {
            for &m in &turns {
                let t = s.apply(m);
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(t) {
                    e.insert(d);
                    next.push(t);
                }
            }
        }
        frontier = next;
    }
    seen
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

/// The face-turn distance of `c` (centres at home) by meeting in the middle: `solved_ball` holds the
/// states within `r` of solved; states within `r` of `c` are searched. Exact up to `2 r`; `None`
/// beyond.
pub fn cube3_distance(
    solved_ball: &HashMap<StickerCube3, u8>,
    r: u8,
    c: StickerCube3,
) -> Option<u8> {
    let turns = face_turns();
    let mut seen = std::collections::HashSet::from([c]);
    let mut frontier = vec![c];
    let mut best: Option<u8> = None;
    for d in 0..=r {
        for s in &frontier {
            if let Some(&b) = solved_ball.get(s) {
                best = Some(best.map_or(d + b, |x| x.min(d + b)));
            }
        }
        // A meeting found at this depth is optimal: any later one is at least d + 1 + (r - ... ),
        // and every state of the middle of an optimal path of length <= 2r is in one ball.
        if let Some(b) = best {
            if b <= d + r {
                return Some(b);
            }
        }
        if d == r {
            break;
        }
        let mut next = Vec::new();
        for s in &frontier {
            for &m in &turns {
                let t = s.apply(m);
                if seen.insert(t) {
                    next.push(t);
                }
            }
        }
        frontier = next;
    }
    best
}
