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

use std::collections::HashMap;
use twisty::notation::Face;
pub use twisty::rng::Rng;
use twisty::sticker_cube3::StickerCube3;

use crate::cube3_stickers::{project, stickers, turn_tables, Kind, Stickers};

/// The goal a walk starts from.
pub fn goal(kind: Kind) -> Stickers {
    let s = stickers(&StickerCube3::solved());
    match kind {
        Kind::Full => s,
        Kind::Degenerate => project(&s, Face::U as u8),
        Kind::Cube2 => crate::cube2_stickers::stickers_of(0),
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

/// `walks` random walks of `length` turns from `kind`'s goal; every visited state with the first
/// step at which some walk saw it.
pub fn generate(kind: Kind, walks: usize, length: usize, seed: u64) -> Dataset {
    let turns = match kind {
        Kind::Full | Kind::Degenerate => turn_tables().to_vec(),
        Kind::Cube2 => crate::cube2_stickers::turn_tables().to_vec(),
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
