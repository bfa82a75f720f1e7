//! The coordinates a state's rank is made of, each as dense as the moves allow.
//!
//! Pieces never leave the positions the moves connect, so each orbit is cut into those components
//! first (the skewb's corners fall into two tetrads that never mix). Each component gives two
//! coordinates: where its pieces are (a permutation of distinct pieces, halved when every move is
//! an even permutation of it; or an arrangement where pieces are interchangeable) and how they are
//! turned (one digit per position; the last implied when no move changes the component's twist
//! sum).

use super::pair_grid::Grid;
use crate::model::disjoint_sets::DisjointSets;
use crate::model::{Perm, Puzzle, State};
use twisty::coord::arrangement::{rank_pieces, unrank_pieces};
use twisty::coord::{
    perm_parity, rank_multiset, rank_ori, rank_ori_sum, rank_perm, rank_perm_through,
    unrank_multiset, unrank_ori, unrank_ori_sum_to, unrank_perm, unrank_perm_parity,
};

/// Coordinates up to this size get move tables.
const TABLE_LIMIT: usize = 1 << 20;

#[derive(Clone, Debug)]
pub(super) enum Kind {
    /// Distinct pieces: digits are local piece indices, ranked by Lehmer code (halved, with the
    /// parity implied, when `even`).
    Perm { even: bool },
    /// Interchangeable pieces: digits are classes with these counts, ranked as a multiset.
    Arrangement { counts: Vec<usize> },
    /// `k` distinct pieces followed among the rest: digit `j + 1` is piece `j`, 0 the others.
    Partial { k: usize },
    /// Orientations modulo `k`; with `implied`, the last digit makes the sum `sum` (mod `k`).
    Ori { k: u8, implied: bool, sum: u8 },
    /// Pair slots in a grid, ranked by their pairing ([`Grid`]): digit `r` is the column paired
    /// with row `r`, ranked by Lehmer code (halved when `even`).
    Grid(Box<Grid>),
}

/// One coordinate: a function of the digits at `positions`.
#[derive(Clone, Debug)]
pub struct Coord {
    pub(super) positions: Vec<usize>,
    pub(super) kind: Kind,
    pub size: usize,
    /// Digit of each label (Perm: the local index of its home; Arrangement: its class).
    pub(super) digit_of_label: Vec<u8>,
    /// The goal label of each digit (Perm) or class (Arrangement).
    pub(super) label_of_digit: Vec<u8>,
    /// Per move, the component-local `src` and `twist`.
    pub(super) local: Vec<(Vec<u8>, Vec<u8>)>,
    pub(super) table: Option<Vec<u32>>,
}

impl Coord {
    /// The number of digits: one a position, but a grid's one a row.
    pub fn len(&self) -> usize {
        match &self.kind {
            Kind::Grid(g) => g.t,
            _ => self.positions.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The positions whose digits make the coordinate (one component of an orbit).
    pub fn positions(&self) -> &[usize] {
        &self.positions
    }

    /// Whether the coordinate is of orientations (else of where the pieces are).
    pub fn is_ori(&self) -> bool {
        matches!(self.kind, Kind::Ori { .. })
    }

    /// What the coordinate counts, in words (`twisty info`).
    pub fn describe(&self) -> String {
        match &self.kind {
            Kind::Perm { even: false } => "where the pieces are".into(),
            Kind::Perm { even: true } => "where the pieces are (even permutations only)".into(),
            Kind::Arrangement { counts } => {
                format!("where the pieces are, alike ones in {} kinds", counts.len())
            }
            Kind::Partial { k } => format!("where {k} of the pieces are"),
            Kind::Grid(g) => format!("which of {} pieces pairs with which of {0}", g.t),
            Kind::Ori { k, implied, .. } => format!(
                "orientations mod {k}{}",
                if *implied { " (the last implied)" } else { "" }
            ),
        }
    }

    /// The digit a piece of label `l` gives (its class; of a coordinate of where pieces are).
    pub(super) fn digit_of(&self, l: u8) -> u8 {
        self.digit_of_label[l as usize]
    }

    /// Where move `m` takes each local position's piece from (local positions).
    pub(super) fn local_src(&self, m: usize) -> &[u8] {
        &self.local[m].0
    }

    /// The move table, `table[c * moves + m]`, where the coordinate is small enough for one.
    pub fn move_table(&self) -> Option<&[u32]> {
        self.table.as_deref()
    }

    /// The coordinate's digits of a state.
    pub(super) fn digits(&self, s: &State, out: &mut [u8]) {
        if let Kind::Grid(g) = &self.kind {
            return g.digits(s, &self.positions, out);
        }
        for (o, &p) in out.iter_mut().zip(&self.positions) {
            *o = match self.kind {
                Kind::Ori { .. } => s.ori[p],
                _ => self.digit_of_label[s.label[p] as usize],
            };
        }
    }

    /// Writes digits into a state.
    pub(super) fn write(&self, d: &[u8], s: &mut State) {
        if let Kind::Grid(g) = &self.kind {
            return g.write(d, &self.positions, s);
        }
        for (&x, &p) in d.iter().zip(&self.positions) {
            match self.kind {
                Kind::Ori { .. } => s.ori[p] = x,
                _ => s.label[p] = self.label_of_digit[x as usize],
            }
        }
    }

    pub(super) fn rank(&self, d: &[u8]) -> usize {
        match &self.kind {
            Kind::Perm { even: false } => rank_perm(d),
            Kind::Perm { even: true } => rank_perm(d) / 2,
            Kind::Grid(g) => rank_perm(d) >> u8::from(g.even),
            Kind::Arrangement { counts } => rank_multiset(d, counts),
            Kind::Partial { k } => rank_pieces(d, *k),
            Kind::Ori {
                k, implied: true, ..
            } => rank_ori_sum(d, *k),
            Kind::Ori { k, .. } => rank_ori(d, *k),
        }
    }

    pub(super) fn unrank(&self, r: usize, out: &mut [u8]) {
        match &self.kind {
            Kind::Perm { even: false } => unrank_perm(r, out),
            Kind::Perm { even: true } => unrank_perm_parity(r, 0, out),
            Kind::Grid(g) if g.even => unrank_perm_parity(r, 0, out),
            Kind::Grid(_) => unrank_perm(r, out),
            Kind::Arrangement { counts } => unrank_multiset(r, counts, out),
            Kind::Partial { k } => unrank_pieces(r, *k, out),
            Kind::Ori {
                k,
                implied: true,
                sum,
            } => unrank_ori_sum_to(r, *k, *sum, out),
            Kind::Ori { k, .. } => unrank_ori(r, *k, out),
        }
    }

    pub(super) fn has_table(&self) -> bool {
        self.table.is_some()
    }

    /// Coordinate `c` after move `m` of `moves`, where a move table has it.
    #[inline]
    pub(super) fn table_next(&self, c: usize, m: usize, moves: usize) -> Option<usize> {
        self.table.as_ref().map(|t| t[c * moves + m] as usize)
    }

    /// The rank after move `m` of the digits `d`; `moved` is scratch.
    #[inline]
    pub(super) fn step(&self, m: usize, d: &[u8], moved: &mut Vec<u8>) -> usize {
        match self.kind {
            // The hot loop of a breadth-first search over a large permutation (the pancake's 12!):
            // ranked in one pass.
            Kind::Perm { even } if self.len() <= 16 => {
                rank_perm_through(d, &self.local[m].0[..self.len()]) >> u8::from(even)
            }
            _ => {
                moved.resize(self.len(), 0);
                self.apply(m, d, moved);
                self.rank(moved)
            }
        }
    }

    /// Digits after move `m`.
    #[inline]
    fn apply(&self, m: usize, d: &[u8], out: &mut [u8]) {
        let (src, twist) = &self.local[m];
        match &self.kind {
            Kind::Grid(g) => g.apply(m, d, out),
            &Kind::Ori { k, .. } => {
                for i in 0..self.len() {
                    let o = d[src[i] as usize] + twist[i];
                    out[i] = if o >= k { o - k } else { o };
                }
            }
            _ => {
                for i in 0..self.len() {
                    out[i] = d[src[i] as usize];
                }
            }
        }
    }

    /// The coordinate of a state.
    pub fn value(&self, s: &State) -> usize {
        let mut d = [0u8; 256];
        self.digits(s, &mut d[..self.len()]);
        self.rank(&d[..self.len()])
    }

    /// Makes the move table if the coordinate is small enough and has none yet (a rank per value
    /// and move: for a million values, a second or so).
    pub fn tabulate(&mut self) {
        if self.size > TABLE_LIMIT || self.table.is_some() {
            return;
        }
        let moves = self.local.len();
        let mut d = vec![0u8; self.len()];
        let mut e = vec![0u8; self.len()];
        let mut t = vec![0u32; self.size * moves];
        for r in 0..self.size {
            self.unrank(r, &mut d);
            for m in 0..moves {
                self.apply(m, &d, &mut e);
                t[r * moves + m] = self.rank(&e) as u32;
            }
        }
        self.table = Some(t);
    }

    /// Whether the coordinate is a grid of pair slots ranked by its pairing.
    pub fn is_grid(&self) -> bool {
        matches!(self.kind, Kind::Grid(_))
    }

    /// Calls `f(i, rank)` with value `c` after each move `moves[i]` (unranked once; `digits` and
    /// `moved` are scratch) until `f` returns true.
    pub fn each_next(
        &self,
        c: usize,
        moves: &[usize],
        (digits, moved): (&mut Vec<u8>, &mut Vec<u8>),
        mut f: impl FnMut(usize, usize) -> bool,
    ) {
        digits.resize(self.len(), 0);
        self.unrank(c, digits);
        for (i, &m) in moves.iter().enumerate() {
            if f(i, self.step(m, digits, moved)) {
                return;
            }
        }
    }

    /// Coordinate `c` after move `m`, through the table or the digits.
    pub fn next(&self, c: usize, m: usize, scratch: &mut Vec<u8>) -> usize {
        if let Some(v) = self.table_next(c, m, self.local.len()) {
            return v;
        }
        let mut d = vec![0; self.len()];
        self.unrank(c, &mut d);
        self.step(m, &d, scratch)
    }
}

/// The positions of each orbit that the moves connect, each list in order, orbits in order.
pub(super) fn components(puzzle: &Puzzle, moves: &[Perm]) -> Vec<Vec<usize>> {
    let n = puzzle.positions();
    let mut sets = DisjointSets::new(n);
    for m in moves {
        for i in 0..n {
            sets.union(i, m.src[i] as usize);
        }
    }
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut index = vec![usize::MAX; n];
    for i in 0..n {
        let r = sets.find(i);
        if index[r] == usize::MAX {
            index[r] = out.len();
            out.push(Vec::new());
        }
        out[index[r]].push(i);
    }
    out
}

/// What a component's coordinates are: kinds and sizes (`None`: more than a `u128` holds).
struct Shape {
    perm: (Kind, Option<u128>),
    ori: (Kind, Option<u128>),
}

fn shape(puzzle: &Puzzle, moves: &[Perm], positions: &[usize]) -> Shape {
    let labels: Vec<u8> = positions.iter().map(|&p| puzzle.goal.label[p]).collect();
    let mut classes = labels.clone();
    classes.sort_unstable();
    classes.dedup();
    let n = positions.len();
    let mut local = vec![usize::MAX; puzzle.positions()];
    for (k, &p) in positions.iter().enumerate() {
        local[p] = k;
    }
    let local_src = |m: &Perm| -> Vec<u8> {
        positions
            .iter()
            .map(|&p| local[m.src[p] as usize] as u8)
            .collect()
    };
    let perm = if let Some(g) = Grid::of(puzzle, moves, positions) {
        let size = (1..=g.t as u128).product::<u128>() >> u8::from(g.even);
        (Kind::Grid(Box::new(g)), Some(size))
    } else if classes.len() == n && n <= 20 {
        let even = n > 1 && moves.iter().all(|m| perm_parity(&local_src(m)) == 0);
        let mut size: u128 = (1..=n as u128).product();
        if even {
            size /= 2;
        }
        (Kind::Perm { even }, Some(size))
    } else {
        let counts: Vec<usize> = classes
            .iter()
            .map(|&c| labels.iter().filter(|&&l| l == c).count())
            .collect();
        // The multinomial n! / (c1! c2! ...), one factor at a time so that it stays exact.
        let mut size = Some(1u128);
        let mut seen = 0u128;
        for &c in &counts {
            for i in 1..=c as u128 {
                seen += 1;
                size = size.and_then(|s| s.checked_mul(seen)).map(|s| s / i);
            }
        }
        (Kind::Arrangement { counts }, size)
    };
    let k = puzzle.modulus()[positions[0]];
    let implied = k > 1
        && moves
            .iter()
            .all(|m| positions.iter().map(|&p| m.twist[p] as u32).sum::<u32>() % k as u32 == 0);
    let sum = (positions
        .iter()
        .map(|&p| puzzle.goal.ori[p] as u32)
        .sum::<u32>()
        % k as u32) as u8;
    let digits = if implied { n - 1 } else { n } as u32;
    let ori = (
        Kind::Ori { k, implied, sum },
        (k as u128).checked_pow(digits),
    );
    Shape { perm, ori }
}

/// The number of states a space over `puzzle` and `moves` would rank, without building it
/// (`None`: more than a `u128` holds).
pub fn rank_count(puzzle: &Puzzle, moves: &[Perm]) -> Option<u128> {
    let mut total: u128 = 1;
    for positions in components(puzzle, moves) {
        let s = shape(puzzle, moves, &positions);
        total = total.checked_mul(s.perm.1?)?.checked_mul(s.ori.1?)?;
    }
    Some(total)
}

/// The coordinates of `puzzle` under `moves` of at most `max_size` values each (larger ones are
/// left out: pattern databases use the ones that fit), without move tables ([`Coord::tabulate`]).
pub fn coordinates(puzzle: &Puzzle, moves: &[Perm], max_size: usize) -> Result<Vec<Coord>, String> {
    let mut coords = Vec::new();
    for positions in components(puzzle, moves) {
        let n = positions.len();
        if n > 255 {
            return Err(format!("more than 255 pieces move among each other ({n})"));
        }
        let mut local = vec![usize::MAX; puzzle.positions()];
        for (k, &p) in positions.iter().enumerate() {
            local[p] = k;
        }
        let moves_local = |ori: bool| -> Vec<(Vec<u8>, Vec<u8>)> {
            moves
                .iter()
                .map(|m| {
                    let src = positions
                        .iter()
                        .map(|&p| local[m.src[p] as usize] as u8)
                        .collect();
                    let twist = positions
                        .iter()
                        .map(|&p| if ori { m.twist[p] } else { 0 })
                        .collect();
                    (src, twist)
                })
                .collect()
        };
        let labels: Vec<u8> = positions.iter().map(|&p| puzzle.goal.label[p]).collect();
        let Shape { perm, ori } = shape(puzzle, moves, &positions);
        let mut digit_of_label = vec![0u8; 256];
        let label_of_digit = match &perm.0 {
            Kind::Perm { .. } => {
                for (i, &l) in labels.iter().enumerate() {
                    digit_of_label[l as usize] = i as u8;
                }
                labels.clone()
            }
            _ => {
                let mut classes = labels.clone();
                classes.sort_unstable();
                classes.dedup();
                for (c, &l) in classes.iter().enumerate() {
                    digit_of_label[l as usize] = c as u8;
                }
                classes
            }
        };
        for ((kind, size), is_ori) in [(perm, false), (ori, true)] {
            let Some(size) = size.filter(|&s| s > 1 && s <= max_size as u128) else {
                continue;
            };
            coords.push(Coord {
                positions: positions.clone(),
                kind,
                size: size as usize,
                digit_of_label: if is_ori {
                    Vec::new()
                } else {
                    digit_of_label.clone()
                },
                label_of_digit: if is_ori {
                    Vec::new()
                } else {
                    label_of_digit.clone()
                },
                local: moves_local(is_ori),
                table: None,
            });
        }
    }
    if coords.len() > 64 {
        return Err("more than 64 coordinates".into());
    }
    Ok(coords)
}
