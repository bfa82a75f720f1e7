//! A state's inverse, and a state seen through a symmetry, both without a permutation built:
//! for the search, which bounds a state by its inverse's bound too (a state of distance d has an
//! inverse of distance d; Korf's and Rokicki's optimal solvers look both up), through each view of
//! the table reduced by symmetry. Both need each piece's home, so they hold for puzzles whose goal
//! has every label once in its orbit and no twist (else "the sequence that made a state" is not
//! one permutation).

use crate::model::perm_group::Slots;
use crate::model::{Puzzle, State};

/// Where each piece is at home.
#[derive(Clone, Debug)]
pub(super) struct Homes {
    /// Per position, its orbit's row of `home`: 256 times the orbit's index (labels are an
    /// orbit's own).
    offset: Vec<u16>,
    home: Vec<u16>,
}

impl Homes {
    pub(super) fn new(puzzle: &Puzzle) -> Option<Homes> {
        let distinct = (0..puzzle.orbits.len()).all(|o| puzzle.distinct_labels(o));
        if !distinct || puzzle.goal.ori.iter().any(|&o| o != 0) {
            return None;
        }
        let offsets = puzzle.offsets();
        let mut offset = vec![0u16; puzzle.positions()];
        let mut home = vec![0u16; 256 * puzzle.orbits.len()];
        for (o, orbit) in puzzle.orbits.iter().enumerate() {
            for p in offsets[o]..offsets[o] + orbit.size {
                offset[p] = (256 * o) as u16;
                home[256 * o + puzzle.goal.label[p] as usize] = p as u16;
            }
        }
        Some(Homes { offset, home })
    }

    /// The home of the piece labelled `l` at position `p`.
    #[inline]
    pub(super) fn of(&self, p: usize, l: u8) -> usize {
        self.home[self.offset[p] as usize + l as usize] as usize
    }
}

/// The inverse of states of one puzzle.
#[derive(Clone, Debug)]
pub struct Inverter {
    homes: Homes,
    goal_label: Vec<u8>,
    modulus: Vec<u8>,
}

impl Inverter {
    /// `None` when a goal repeats a label in an orbit or twists a piece.
    pub fn new(puzzle: &Puzzle) -> Option<Inverter> {
        Some(Inverter {
            homes: Homes::new(puzzle)?,
            goal_label: puzzle.goal.label.clone(),
            modulus: puzzle.modulus(),
        })
    }

    /// Writes the inverse of `s` into `out` (of the same size): the piece at `p` came from its
    /// home `q` with twist `t`, so in the inverse the piece of `p` goes to `q`, twisted by `-t`.
    #[inline]
    pub fn invert_into(&self, s: &State, out: &mut State) {
        for p in 0..s.label.len() {
            let q = self.homes.of(p, s.label[p]);
            out.label[q] = self.goal_label[p];
            let m = self.modulus[p];
            out.ori[q] = if s.ori[p] == 0 { 0 } else { m - s.ori[p] };
        }
    }
}

/// `σ s σ⁻¹` for one symmetry `σ`, as [`crate::model::symmetries::conjugate_state`] makes it,
/// in two passes over the positions: the slots a piece's home and twist go to are tabled.
#[derive(Clone, Debug)]
pub struct Conjugator {
    homes: Homes,
    goal_label: Vec<u8>,
    pub(super) first: Vec<u16>,
    pub(super) modulus: Vec<u8>,
    /// The symmetry, slot to slot.
    pub(super) sigma: Vec<u16>,
    /// The position of each slot.
    owner: Vec<u16>,
    /// Per position `f`: the slot `σ⁻¹` takes `f`'s first slot to, as (its position, the
    /// orientation in it).
    pub(super) from: Vec<(u16, u8)>,
}

impl Conjugator {
    /// `None` where [`Inverter::new`] is.
    pub fn new(puzzle: &Puzzle, slots: &Slots, sigma: &[u16]) -> Option<Conjugator> {
        let homes = Homes::new(puzzle)?;
        let n = puzzle.positions();
        let mut owner = vec![0u16; slots.n];
        for (x, o) in owner.iter_mut().enumerate() {
            *o = slots.position(x) as u16;
        }
        let mut back = vec![0u16; slots.n];
        for (x, &y) in sigma.iter().enumerate() {
            back[y as usize] = x as u16;
        }
        let from = (0..n)
            .map(|f| {
                let y = back[slots.first[f]] as usize;
                let h = slots.position(y);
                (h as u16, (y - slots.first[h]) as u8)
            })
            .collect();
        Some(Conjugator {
            homes,
            goal_label: puzzle.goal.label.clone(),
            first: slots.first.iter().map(|&f| f as u16).collect(),
            modulus: slots.modulus.clone(),
            sigma: sigma.to_vec(),
            owner,
            from,
        })
    }

    /// Writes `σ s σ⁻¹` into `out`; `at` is scratch of a position a piece.
    ///
    /// The state's slot permutation `t` takes home slot `(h, o)` to `(q, o + s.ori[q])`, `q`
    /// where the piece of home `h` is; the conjugate `c[σ x] = σ t x`. The result's piece from
    /// position `f` is where `c` takes `f`'s first slot: `σ t σ⁻¹ (first f)`.
    #[inline]
    pub fn conjugate_into(&self, s: &State, at: &mut [u16], out: &mut State) {
        let n = s.label.len();
        for q in 0..n {
            at[self.homes.of(q, s.label[q])] = q as u16;
        }
        for f in 0..n {
            let (h, o) = self.from[f];
            let q = at[h as usize] as usize;
            let k = self.modulus[q];
            let turned = o + s.ori[q];
            let slot = self.first[q] + if turned >= k { turned - k } else { turned } as u16;
            let to = self.sigma[slot as usize];
            let p = self.owner[to as usize] as usize;
            out.label[p] = self.goal_label[f];
            out.ori[p] = (to - self.first[p]) as u8;
        }
    }
}
