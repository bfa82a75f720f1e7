//! Some pieces of one component, followed alone: Korf's six of the 3x3x3's twelve edges, four of
//! the megaminx's corners of one face. Where they are is an arrangement in which each tracked
//! piece is a kind of its own ([`Coord::tracked_each`]); how they are turned is one digit per
//! *piece* (not per place, as a whole component's twists are), so a move's effect on the twists
//! depends on where the pieces are: it is tabled per (places, move) as the twists it adds
//! ([`TrackedTwists::step`]). A component too large for a table of all its pieces gets one of
//! these ([`tracked_parts`]).

use super::orbit_coord::{components, Kind};
use super::Coord;
use crate::model::{Perm, Puzzle, State};
use crate::tables::flat::Flat;

/// A component's places up to this many values are followed (the move table's rows).
pub const PLACES_LIMIT: usize = 1 << 20;
/// And up to this many (places, move) pairs: the move table and the twists' table, 5 bytes each
/// (the 3x3x3's six edges: 12 million; the megaminx's four corners: 5.6 million).
pub const STEPS_LIMIT: usize = 1 << 24;
/// Tables of fewer states are not offered.
const MIN_STATES: usize = 1 << 20;
/// Twists of the tracked pieces up to this many values (a byte a step).
const TWISTS_LIMIT: usize = 256;

impl Coord {
    /// Where some pieces of a component are, as a set (Kociemba's slice edges: which 4 of the 12
    /// places hold them): an arrangement of two kinds, the pieces labelled in `tracked` and the
    /// rest, over `positions` (one component of distinct labels), moved by `moves`.
    pub fn tracked(puzzle: &Puzzle, moves: &[Perm], positions: &[usize], tracked: &[u8]) -> Coord {
        Coord::tracked_as(puzzle, moves, positions, tracked, false)
    }

    /// Where each of some pieces of a component is (Korf's six edges: which of the 12 places
    /// holds each of them, 665,280 values): an arrangement in which every piece labelled in
    /// `tracked` is a kind of its own (digit `j + 1` for `tracked[j]`), the rest one kind (0).
    pub fn tracked_each(
        puzzle: &Puzzle,
        moves: &[Perm],
        positions: &[usize],
        tracked: &[u8],
    ) -> Coord {
        Coord::tracked_as(puzzle, moves, positions, tracked, true)
    }

    fn tracked_as(
        puzzle: &Puzzle,
        moves: &[Perm],
        positions: &[usize],
        tracked: &[u8],
        each: bool,
    ) -> Coord {
        let mut local = vec![usize::MAX; puzzle.positions()];
        for (k, &p) in positions.iter().enumerate() {
            local[p] = k;
        }
        let labels = positions.iter().map(|&p| puzzle.goal.label[p]);
        let rest = labels.clone().find(|l| !tracked.contains(l)).unwrap_or(0);
        let (digit_of_label, label_of_digit, kind) = if each {
            // The rest first: a rank then stops at the last tracked piece.
            let mut digit_of_label = vec![0u8; 256];
            for (j, &l) in tracked.iter().enumerate() {
                digit_of_label[l as usize] = j as u8 + 1;
            }
            let mut label_of_digit = vec![rest];
            label_of_digit.extend_from_slice(tracked);
            let kind = Kind::Partial { k: tracked.len() };
            (digit_of_label, label_of_digit, kind)
        } else {
            let mut digit_of_label = vec![1u8; 256];
            for &l in tracked {
                digit_of_label[l as usize] = 0;
            }
            let first = tracked.first().copied().unwrap_or(0);
            let counts = vec![tracked.len(), positions.len() - tracked.len()];
            let kind = Kind::Arrangement { counts };
            (digit_of_label, vec![first, rest], kind)
        };
        let n = positions.len();
        let size = match &kind {
            Kind::Arrangement { counts } => twisty::coord::multiset_count(counts),
            _ => (n + 1 - tracked.len()..=n).product(),
        };
        Coord {
            positions: positions.to_vec(),
            size,
            kind,
            digit_of_label,
            label_of_digit,
            local: moves
                .iter()
                .map(|m| {
                    let src = positions.iter().map(|&p| local[m.src[p] as usize] as u8);
                    (src.collect(), vec![0; positions.len()])
                })
                .collect(),
            table: None,
        }
    }
}

/// The twists of the pieces a [`Coord::tracked_each`] follows, digit `j` the twist of tracked
/// piece `j`, least significant first.
#[derive(Clone, Debug)]
pub struct TrackedTwists {
    places: Coord,
    positions: Vec<usize>,
    k: usize,
    modulus: u8,
    pub size: usize,
    /// Per move, the twist it gives the piece it brings to each local position.
    twists: Vec<Vec<u8>>,
    /// `delta[places * moves + m]`: the twists move `m` adds to the tracked pieces from those
    /// places, as a value; made by [`TrackedTwists::tabulate`].
    delta: Flat<u8>,
    /// `add[a * size + b]`: the twists `a` and `b` added digit by digit.
    add: Vec<u8>,
}

impl TrackedTwists {
    /// The twists of the `k` pieces `places` follows, over its positions, mod `modulus`.
    pub fn new(places: &Coord, moves: &[Perm], k: usize, modulus: u8) -> TrackedTwists {
        let positions = places.positions().to_vec();
        let twists = moves
            .iter()
            .map(|m| positions.iter().map(|&p| m.twist[p] % modulus).collect())
            .collect();
        TrackedTwists {
            places: places.clone(),
            positions,
            k,
            modulus,
            size: (modulus as usize).pow(k as u32),
            twists,
            delta: Flat::default(),
            add: Vec::new(),
        }
    }

    /// The twists of a state.
    pub fn value(&self, s: &State) -> usize {
        let (mut w, m) = (0, self.modulus as usize);
        for &p in &self.positions {
            // (Digit 0 is the pieces not followed; tracked piece `j` is digit `j + 1`.)
            let j = self.places.digit_of(s.label[p]) as usize;
            if j > 0 {
                w += (s.ori[p] as usize % m) * m.pow(j as u32 - 1);
            }
        }
        w
    }

    /// Makes the tables (a pass over every places value and move).
    pub fn tabulate(&mut self) {
        if !self.add.is_empty() {
            return;
        }
        self.delta = self.make_delta().into();
        self.add = self.make_add();
    }

    /// The tables with the steps' twists given (as [`TrackedTwists::steps`] gave them, kept in a
    /// file): only the small table of sums is made. False if they are not this table's.
    pub fn tabulate_with(&mut self, steps: Flat<u8>) -> bool {
        if steps.len() != self.places.size * self.twists.len() {
            return false;
        }
        self.delta = steps;
        self.add = self.make_add();
        true
    }

    /// The twists each step adds ([`TrackedTwists::tabulate`] made them), to be kept.
    pub fn steps(&self) -> &Flat<u8> {
        &self.delta
    }

    fn make_delta(&self) -> Vec<u8> {
        let (m, n, moves) = (
            self.modulus as usize,
            self.positions.len(),
            self.twists.len(),
        );
        let power: Vec<usize> = (0..self.k).map(|j| m.pow(j as u32)).collect();
        let mut delta = vec![0u8; self.places.size * moves];
        let mut d = vec![0u8; n];
        for p in 0..self.places.size {
            self.places.unrank(p, &mut d);
            for (mv, twist) in self.twists.iter().enumerate() {
                let src = self.places.local_src(mv);
                let mut sum = 0;
                for i in 0..n {
                    let j = d[src[i] as usize] as usize;
                    if j > 0 {
                        sum += twist[i] as usize * power[j - 1];
                    }
                }
                delta[p * moves + mv] = sum as u8;
            }
        }
        delta
    }

    fn make_add(&self) -> Vec<u8> {
        let m = self.modulus as usize;
        let power: Vec<usize> = (0..self.k).map(|j| m.pow(j as u32)).collect();
        let digits = |mut w: usize| -> Vec<usize> {
            (0..self.k)
                .map(|_| {
                    let x = w % m;
                    w /= m;
                    x
                })
                .collect()
        };
        let mut add = vec![0u8; self.size * self.size];
        for a in 0..self.size {
            let da = digits(a);
            for b in 0..self.size {
                let sum: usize = digits(b)
                    .iter()
                    .zip(&da)
                    .zip(&power)
                    .map(|((x, y), p)| (x + y) % m * p)
                    .sum();
                add[a * self.size + b] = sum as u8;
            }
        }
        add
    }

    /// Twists `w` after move `m` from places `places` (tabled: [`TrackedTwists::tabulate`]).
    #[inline]
    pub fn step(&self, w: u32, places: u32, m: usize) -> u32 {
        let d = self.delta[places as usize * self.twists.len() + m];
        self.add[w as usize * self.size + d as usize] as u32
    }

    /// Bytes of the tables.
    pub fn bytes(&self) -> u64 {
        (self.places.size * self.twists.len() + self.size * self.size) as u64
    }
}

/// For each component of distinct pieces too large for a table of all of them, the most of its
/// pieces that fit ([`PLACES_LIMIT`], [`STEPS_LIMIT`], `states` with their twists), chosen as
/// the pieces of one move, then of the moves that share most pieces with those chosen (a face's
/// corners, then its neighbours'): where they are, and how they are turned.
pub fn tracked_parts(
    puzzle: &Puzzle,
    moves: &[Perm],
    states: usize,
) -> Vec<(Coord, TrackedTwists)> {
    let modulus = puzzle.modulus();
    let mut out = Vec::new();
    for positions in components(puzzle, moves) {
        let n = positions.len();
        let mut labels: Vec<u8> = positions.iter().map(|&p| puzzle.goal.label[p]).collect();
        labels.sort_unstable();
        labels.dedup();
        // All of them fit a pair of parts (the pattern databases' own) below ten pieces.
        if !(10..=255).contains(&n) || labels.len() < n {
            continue;
        }
        let m = modulus[positions[0]] as usize;
        let fits = |k: usize| {
            let places: usize = (n + 1 - k..=n).product();
            places <= PLACES_LIMIT
                && places * moves.len() <= STEPS_LIMIT
                && m.pow(k as u32) <= TWISTS_LIMIT
                && places * m.pow(k as u32) <= states
        };
        let mut k = 0;
        while k < n && fits(k + 1) {
            k += 1;
        }
        // A smaller table says little the near table does not (the megaminx's three edges:
        // 194,880 states, distances up to 6).
        let places: usize = (n + 1 - k..=n).product();
        if places * m.pow(k as u32) < MIN_STATES {
            continue;
        }
        let chosen = choose_pieces(&positions, moves, k);
        let tracked: Vec<u8> = chosen.iter().map(|&p| puzzle.goal.label[p]).collect();
        let places = Coord::tracked_each(puzzle, moves, &positions, &tracked);
        let twists = TrackedTwists::new(&places, moves, k, m as u8);
        out.push((places, twists));
    }
    out
}

/// `k` positions of `positions`: one move's, then those of the move that shares most with the
/// chosen ones (and has some not chosen), in order.
fn choose_pieces(positions: &[usize], moves: &[Perm], k: usize) -> Vec<usize> {
    let support: Vec<Vec<usize>> = moves
        .iter()
        .map(|m| {
            let moved = positions.iter().filter(|&&p| m.src[p] as usize != p);
            moved.copied().collect()
        })
        .collect();
    let mut chosen: Vec<usize> = Vec::new();
    while chosen.len() < k {
        let fresh = |s: &Vec<usize>| s.iter().filter(|p| !chosen.contains(p)).count();
        let shared = |s: &Vec<usize>| s.len() - fresh(s);
        let wanted = k - chosen.len();
        // (Reversed: of equals, the first move.)
        let Some(next) = support
            .iter()
            .rev()
            .filter(|s| fresh(s) > 0)
            .max_by_key(|s| (shared(s), fresh(s).min(wanted)))
        else {
            break;
        };
        for &p in next {
            if chosen.len() < k && !chosen.contains(&p) {
                chosen.push(p);
            }
        }
    }
    // A component no move reaches in full (never, as components are what moves connect).
    for &p in positions {
        if chosen.len() < k && !chosen.contains(&p) {
            chosen.push(p);
        }
    }
    chosen
}
