//! The state space as dense ranks, so that a distance table is a plain array (2 bits per state).
//!
//! The coordinates ([`orbit_coord`]) are where the pieces of each group of positions the moves connect
//! are, and how they are turned, each as dense as parity and twist sums allow. A state's rank mixes
//! the coordinates, the first most significant. A coordinate small enough gets a move table (one
//! look-up per move, as the dedicated solvers do); a larger one (the pancake's 12! arrangements) is
//! unranked once per state and each move applied to the digits and ranked again.

use crate::model::{Perm, Puzzle, State};

mod conjugation;
mod orbit_coord;
mod pair_grid;
mod tracked;

pub use conjugation::{all_digits, class_of_home, ComponentImage, Conjugation, TwistTerms};
pub use orbit_coord::{coordinates, rank_count, Coord};
pub use tracked::{tracked_parts, TrackedTwists};

/// The space of a puzzle under a list of moves.
#[derive(Clone, Debug)]
pub struct Space {
    pub coords: Vec<Coord>,
    strides: Vec<usize>,
    pub size: usize,
    pub moves: Vec<Perm>,
    pub modulus: Vec<u8>,
    pub goal: State,
    /// The ranks of every solved state (see [`Puzzle::goals`]).
    pub goals: Vec<usize>,
}

/// Per-thread buffers for [`Space::for_each_neighbor`].
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    coords: Vec<usize>,
    digits: Vec<Vec<u8>>,
    moved: Vec<u8>,
}

impl Space {
    /// The space of `puzzle` under `moves` (each a rearrangement of all positions). Fails when the
    /// ranks would not fit in a `usize`.
    pub fn new(puzzle: &Puzzle, moves: Vec<Perm>) -> Result<Space, String> {
        let count = rank_count(puzzle, &moves).ok_or("the state space is too large to rank")?;
        if count > (usize::MAX / 4) as u128 {
            return Err(format!("{count} ranked states do not fit in memory"));
        }
        let mut coords = coordinates(puzzle, &moves, usize::MAX)?;
        coords.iter_mut().for_each(Coord::tabulate);
        let mut strides = vec![0; coords.len()];
        let mut size = 1usize;
        for i in (0..coords.len()).rev() {
            strides[i] = size;
            size *= coords[i].size;
        }
        let mut space = Space {
            coords,
            strides,
            size,
            moves,
            modulus: puzzle.modulus(),
            goal: puzzle.goal.clone(),
            goals: Vec::new(),
        };
        // Solved states a twist sum rules out have no rank of their own; they are never reached.
        space.goals = puzzle
            .goals()
            .iter()
            .filter_map(|g| space.rank_checked(g))
            .collect();
        space.goals.sort_unstable();
        space.goals.dedup();
        Ok(space)
    }

    pub fn rank(&self, s: &State) -> usize {
        let mut r = 0;
        let mut d = Vec::new();
        for (c, stride) in self.coords.iter().zip(&self.strides) {
            d.resize(c.len(), 0);
            c.digits(s, &mut d);
            r += c.rank(&d) * stride;
        }
        r
    }

    /// The rank of `s` if `s` is one of the ranked states: a state whose orientations break an
    /// invariant sum (one corner twisted alone) shares its rank with another and gets `None`.
    pub fn rank_checked(&self, s: &State) -> Option<usize> {
        let r = self.rank(s);
        (self.unrank(r) == *s).then_some(r)
    }

    /// The state of rank `r`. Positions no coordinate covers keep their goal values.
    pub fn unrank(&self, r: usize) -> State {
        let mut s = self.goal.clone();
        let mut d = Vec::new();
        for (c, stride) in self.coords.iter().zip(&self.strides) {
            d.resize(c.len(), 0);
            c.unrank(r / stride % c.size, &mut d);
            c.write(&d, &mut s);
        }
        s
    }

    /// Whether the neighbour of `r` under some move in `moves` satisfies `p` (stops at the first).
    #[inline]
    pub fn any_neighbor(
        &self,
        r: usize,
        moves: &[usize],
        scratch: &mut Scratch,
        mut p: impl FnMut(usize) -> bool,
    ) -> bool {
        let mut hit = false;
        self.for_each_neighbor_until(r, moves, scratch, |_, n| {
            hit = p(n);
            hit
        });
        hit
    }

    /// Calls `f(m, rank)` for the neighbour of `r` under each move `m` in `moves` (indices into
    /// this space's moves).
    #[inline]
    pub fn for_each_neighbor(
        &self,
        r: usize,
        moves: &[usize],
        scratch: &mut Scratch,
        mut f: impl FnMut(usize, usize),
    ) {
        self.for_each_neighbor_until(r, moves, scratch, |m, n| {
            f(m, n);
            false
        });
    }

    /// [`Space::for_each_neighbor`] until `f` returns true.
    #[inline]
    fn for_each_neighbor_until(
        &self,
        r: usize,
        moves: &[usize],
        scratch: &mut Scratch,
        mut f: impl FnMut(usize, usize) -> bool,
    ) {
        let k = self.coords.len();
        if scratch.digits.len() < k {
            scratch.digits.resize(k, Vec::new());
        }
        scratch.coords.resize(k, 0);
        let cs = &mut scratch.coords;
        for i in 0..k {
            let c = &self.coords[i];
            cs[i] = r / self.strides[i] % c.size;
            if !c.has_table() {
                scratch.digits[i].resize(c.len(), 0);
                c.unrank(cs[i], &mut scratch.digits[i]);
            }
        }
        for &m in moves {
            let mut next = 0;
            for i in 0..k {
                let c = &self.coords[i];
                let v = match c.table_next(cs[i], m, self.moves.len()) {
                    Some(v) => v,
                    None => c.step(m, &scratch.digits[i], &mut scratch.moved),
                };
                next += v * self.strides[i];
            }
            if f(m, next) {
                return;
            }
        }
    }
}
