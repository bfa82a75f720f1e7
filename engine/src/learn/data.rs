//! Training data as in seed 003: random walks from the goal, every state a walk visits labelled with
//! the first step at which any walk saw it (an upper bound on its distance, exact for most states
//! near the goal). Two kinds of cube:
//!
//! - **full**: the 3x3x3 with its six colours;
//! - **degenerate**: one face's colour against the rest (the paper's figure 2), a far smaller space
//!   (about 45 million states) that random walks cover much more densely. A full cube is judged by
//!   the six faces' views, each turned so that its face is on top (see [`face_views`]).
//!
//! A cube is seen as its 48 non-centre stickers (centres never move under face turns). Walks never
//! turn the same face twice in a row (that would be one turn), and everything is deterministic from
//! the seed: same seed, same states in the same order.

use super::views::{canonical, top_symmetries};
use std::collections::HashMap;
use twisty::notation::{Face, Move, Turn};
pub use twisty::rng::Rng;
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

/// The six views the degenerate heuristic averages: for each face, the cube turned whole so that
/// this face is on top, reduced to that face's colour against the rest (the view the network was
/// trained on, whose goal has the U colour on top), then read in its canonical orientation among
/// the symmetries that keep the top on top ([`canonical`]). Whole-cube turns and mirrors map face
/// turns to face turns, so each view's distance is a lower bound on the cube's.
pub fn face_views(c: &StickerCube3) -> [Stickers; 6] {
    static ROTATIONS: std::sync::OnceLock<[Option<Move>; 6]> = std::sync::OnceLock::new();
    let rotations = ROTATIONS.get_or_init(face_to_top);
    std::array::from_fn(|f| {
        let turned = rotations[f].map_or(*c, |m| c.apply(m));
        // The colour of the face that is now on top: its centre's.
        canonical(&project(&stickers(&turned), turned.0[4]))
    })
}

/// [`face_views`] of the cube whose moving stickers are `s` (centres at home, as under face turns),
/// through precomputed sticker permutations (8 per face, one per image): what the search asks for
/// every state it meets.
pub fn face_views_of(s: &Stickers) -> [Stickers; 6] {
    // Per face, its rotation on top composed with each symmetry that keeps the top on top.
    static MAPS: std::sync::OnceLock<[[[u8; STICKERS]; 8]; 6]> = std::sync::OnceLock::new();
    let maps = MAPS.get_or_init(|| {
        // Number the stickers, take each view's rotation, and read which number lands where.
        let rotations = face_to_top();
        let numbered: Stickers = std::array::from_fn(|i| i as u8);
        let cube = to_cube(&numbered);
        let symmetries = top_symmetries();
        std::array::from_fn(|f| {
            let turned = rotations[f].map_or(cube, |m| cube.apply(m));
            // Centres carry numbers below 6 too, but never land on a moving place.
            let on_top = stickers(&turned);
            std::array::from_fn(|k| symmetries[k].map(|j| on_top[j as usize]))
        })
    });
    std::array::from_fn(|f| {
        let image = |k: usize| -> Stickers {
            std::array::from_fn(|j| (s[maps[f][k][j] as usize] == f as u8) as u8)
        };
        // The least image, as `canonical` takes it.
        (1..8).map(image).fold(image(0), |best, v| best.min(v))
    })
}

/// For each face (U R F D L B), a whole-cube turn that brings it on top (`None` for U), found on the
/// sticker model rather than written down.
fn face_to_top() -> [Option<Move>; 6] {
    let candidates: Vec<Option<Move>> = std::iter::once(None)
        .chain(['x', 'z'].iter().flat_map(|&axis| {
            (1..4).map(move |amount| {
                Some(Move {
                    turn: Turn::Rotation(axis),
                    amount,
                })
            })
        }))
        .collect();
    let solved = StickerCube3::solved();
    std::array::from_fn(|f| {
        *candidates
            .iter()
            .find(|m| m.map_or(solved, |m| solved.apply(m)).0[4] == f as u8)
            .expect("x and z turns bring every face on top")
    })
}

/// The goal a walk starts from.
pub fn goal(kind: Kind) -> Stickers {
    let s = stickers(&StickerCube3::solved());
    match kind {
        Kind::Full => s,
        Kind::Degenerate => project(&s, Face::U as u8),
        Kind::Cube2 => super::cube2::stickers_of(0),
    }
}

/// States with their labels, sorted by state (so that a seed always gives the same order).
pub struct Dataset {
    pub kind: Kind,
    pub states: Vec<Stickers>,
    pub labels: Vec<u8>,
    /// How often the walks visited each state (the goal counts once, as the walks' start).
    /// Training takes every visit as an example, as the paper's data does: states near the goal,
    /// which every walk passes, weigh as much as they do in the walks.
    pub visits: Vec<u32>,
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

/// `walks` random walks of `length` turns from `kind`'s goal; every visited state with the first
/// step at which some walk saw it.
pub fn generate(kind: Kind, walks: usize, length: usize, seed: u64) -> Dataset {
    let turns = match kind {
        Kind::Full | Kind::Degenerate => turn_tables().to_vec(),
        Kind::Cube2 => super::cube2::turn_tables().to_vec(),
    };
    let mut rng = Rng::new(seed);
    let start = goal(kind);
    let mut seen: HashMap<Stickers, (u8, u32)> = HashMap::new();
    seen.insert(start, (0, 1));
    for _ in 0..walks {
        let mut s = start;
        let mut last_face = usize::MAX;
        for step in 1..=length {
            let m = loop {
                let m = rng.below(turns.len());
                if m / 3 != last_face {
                    break m;
                }
            };
            last_face = m / 3;
            s = turns[m].map(|from| s[from as usize]);
            let (label, visits) = seen.entry(s).or_insert((step as u8, 0));
            *label = (*label).min(step as u8);
            *visits += 1;
        }
    }
    let mut pairs: Vec<(Stickers, (u8, u32))> = seen.into_iter().collect();
    pairs.sort_unstable();
    Dataset {
        kind,
        states: pairs.iter().map(|p| p.0).collect(),
        labels: pairs.iter().map(|p| p.1 .0).collect(),
        visits: pairs.iter().map(|p| p.1 .1).collect(),
    }
}

impl Dataset {
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Training examples: every visit.
    pub fn examples(&self) -> usize {
        self.visits.iter().map(|&v| v as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// How many states carry each label.
    pub fn label_counts(&self) -> Vec<usize> {
        let mut counts = vec![
            0;
            self.labels
                .iter()
                .copied()
                .max()
                .map_or(0, |m| m as usize + 1)
        ];
        for &l in &self.labels {
            counts[l as usize] += 1;
        }
        counts
    }
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
