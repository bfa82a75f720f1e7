//! A group's states seen whole blocks at a time: where the group keeps an orbit's positions in
//! blocks of two (the 4x4x4's wings under the face turns: the dedges), each block is one piece
//! with two ways round, so the reduced 4x4x4 is a 3x3x3's corners and edges. A caller matches
//! that to a dedicated solver of the smaller puzzle (the CLI hands in the library's 3x3x3
//! two-phase: [`super::phase_solver::PhaseSolver::with_finisher`]).

use super::block_pairs::pair_systems;
use crate::model::{Perm, Puzzle, State};
use std::ops::Range;

/// One orbit of the quotient: a puzzle orbit as it is, or its blocks.
#[derive(Clone, Debug)]
pub struct QuotientOrbit {
    pub name: String,
    pub size: usize,
    pub ori: u8,
    kind: Kind,
}

#[derive(Clone, Debug)]
enum Kind {
    /// The puzzle's positions, each piece its own.
    Plain(Range<usize>),
    /// Blocks of two positions; per label of the puzzle, its home block and end (0 or 1).
    Blocks(Vec<(usize, usize)>, Vec<Option<(u8, u8)>>),
}

/// An orbit of the quotient in a state or a move: per position, the piece (its home index) or
/// the source, and the orientation or twist.
pub type Part = (Vec<u8>, Vec<u8>);

/// The group's action on whole blocks (orbits it does not change the look of are left out).
#[derive(Clone, Debug)]
pub struct Quotient {
    pub orbits: Vec<QuotientOrbit>,
}

impl Quotient {
    /// The quotient of the group `gens` generate; an error where an orbit it moves has alike
    /// pieces, or pieces turned at the goal.
    pub fn new(puzzle: &Puzzle, gens: &[Perm]) -> Result<Quotient, String> {
        let offsets = puzzle.offsets();
        let goal = &puzzle.goal;
        let mut orbits = Vec::new();
        for (o, orbit) in puzzle.orbits.iter().enumerate() {
            let range = offsets[o]..offsets[o] + orbit.size;
            let moved = gens.iter().any(|g| {
                range
                    .clone()
                    .any(|q| g.src[q] as usize != q || g.twist[q] != 0)
            });
            if !moved {
                continue;
            }
            if orbit.size > 256 {
                return Err(format!("orbit {}: more than 256 pieces", orbit.name));
            }
            let labels = &goal.label[range.clone()];
            let mut seen = vec![false; goal.label_count()];
            if labels
                .iter()
                .any(|&l| std::mem::replace(&mut seen[l as usize], true))
            {
                // Alike pieces the group only moves among themselves: it keeps their look.
                if orbit.ori == 1 && keeps_colours(gens, range.clone(), &goal.label) {
                    continue;
                }
                return Err(format!(
                    "orbit {}: alike pieces the group mixes",
                    orbit.name
                ));
            }
            if range.clone().any(|q| goal.ori[q] != 0) {
                return Err(format!("orbit {}: pieces turned at the goal", orbit.name));
            }
            let systems = if orbit.ori == 1 {
                pair_systems(gens, range.clone())
            } else {
                Vec::new()
            };
            let kind = match systems.into_iter().next() {
                Some(blocks) => {
                    let mut of_label = vec![None; goal.label_count()];
                    for (b, &(x, y)) in blocks.iter().enumerate() {
                        of_label[goal.label[x] as usize] = Some((b as u8, 0));
                        of_label[goal.label[y] as usize] = Some((b as u8, 1));
                    }
                    Kind::Blocks(blocks, of_label)
                }
                None => Kind::Plain(range),
            };
            let (size, ori) = match &kind {
                Kind::Blocks(b, _) => (b.len(), 2),
                Kind::Plain(r) => (r.len(), orbit.ori),
            };
            orbits.push(QuotientOrbit {
                name: orbit.name.clone(),
                size,
                ori,
                kind,
            });
        }
        Ok(Quotient { orbits })
    }

    /// A move of the group, orbit by orbit.
    pub fn perm(&self, p: &Perm) -> Vec<Part> {
        self.orbits
            .iter()
            .map(|o| match &o.kind {
                Kind::Plain(r) => (
                    r.clone()
                        .map(|q| (p.src[q] as usize - r.start) as u8)
                        .collect(),
                    r.clone().map(|q| p.twist[q]).collect(),
                ),
                Kind::Blocks(blocks, _) => blocks
                    .iter()
                    .map(|&(x, _)| {
                        let from = p.src[x] as usize;
                        let b = blocks.iter().position(|&(u, v)| u == from || v == from);
                        let b = b.expect("the group keeps the blocks");
                        (b as u8, u8::from(blocks[b].0 != from))
                    })
                    .unzip(),
            })
            .collect()
    }

    /// A state of the group, orbit by orbit (`None` where a block holds no pair).
    pub fn state(&self, puzzle: &Puzzle, s: &State) -> Option<Vec<Part>> {
        let mut home = vec![0; puzzle.goal.label_count()];
        for (q, &l) in puzzle.goal.label.iter().enumerate() {
            home[l as usize] = q;
        }
        self.orbits
            .iter()
            .map(|o| match &o.kind {
                Kind::Plain(r) => Some((
                    r.clone()
                        .map(|q| (home[s.label[q] as usize] - r.start) as u8)
                        .collect(),
                    r.clone().map(|q| s.ori[q]).collect(),
                )),
                Kind::Blocks(blocks, of_label) => {
                    let mut part: Part = (Vec::new(), Vec::new());
                    for &(x, y) in blocks {
                        let (a, end) = of_label[s.label[x] as usize]?;
                        let (b, _) = of_label[s.label[y] as usize]?;
                        if a != b {
                            return None;
                        }
                        part.0.push(a);
                        part.1.push(end);
                    }
                    Some(part)
                }
            })
            .collect()
    }
}

/// Whether every move of `gens` takes each position of `range` to one of the same colour.
fn keeps_colours(gens: &[Perm], range: Range<usize>, label: &[u8]) -> bool {
    gens.iter()
        .all(|g| range.clone().all(|q| label[g.src[q] as usize] == label[q]))
}
