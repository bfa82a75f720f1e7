//! The state space as dense ranks, so that a distance table is a plain array (2 bits per state).
//!
//! Each orbit gives two coordinates: where its pieces are (a permutation of distinct pieces, or an
//! arrangement of labels where pieces are interchangeable) and how they are turned (one digit per
//! position; the last is implied when no move changes the orbit's twist sum). A state's rank mixes
//! the coordinates, the first most significant. A coordinate small enough gets a move table (one
//! look-up per move, as the dedicated solvers do); a larger one (the pancake's 12! arrangements) is
//! unranked once per state and each move applied to the digits and ranked again.

use crate::model::{Perm, Puzzle, State};
use twisty::coord::{
    rank_multiset, rank_ori, rank_ori_sum, rank_perm, rank_perm_through, unrank_multiset,
    unrank_ori, unrank_ori_sum_to, unrank_perm,
};

/// Coordinates up to this size get move tables.
const TABLE_LIMIT: usize = 1 << 20;

#[derive(Clone, Debug)]
enum Kind {
    /// Distinct pieces: digits are local piece indices, ranked by Lehmer code.
    Perm,
    /// Interchangeable pieces: digits are classes with these counts, ranked as a multiset.
    Arrangement { counts: Vec<usize> },
    /// Orientations modulo `k`; with `implied`, the last digit makes the sum `sum` (mod `k`).
    Ori { k: u8, implied: bool, sum: u8 },
}

/// One coordinate: a function of the digits at positions `first..first + n`.
#[derive(Clone, Debug)]
pub struct Coord {
    first: usize,
    n: usize,
    kind: Kind,
    pub size: usize,
    /// Digit of each label (Perm: the local index of its home; Arrangement: its class).
    digit_of_label: Vec<u8>,
    /// The goal label of each digit (Perm) or class (Arrangement).
    label_of_digit: Vec<u8>,
    /// Per move, the orbit-local `src` and `twist`.
    local: Vec<(Vec<u8>, Vec<u8>)>,
    table: Option<Vec<u32>>,
}

/// The space of a puzzle under a list of moves.
#[derive(Clone, Debug)]
pub struct Space {
    pub coords: Vec<Coord>,
    strides: Vec<usize>,
    pub size: usize,
    pub moves: Vec<Perm>,
    pub modulus: Vec<u8>,
    pub goal: State,
}

/// Per-thread buffers for [`Space::for_each_neighbor`].
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    coords: Vec<usize>,
    digits: Vec<Vec<u8>>,
    moved: Vec<u8>,
}

impl Coord {
    /// The coordinate's digits of a state.
    fn digits(&self, s: &State, out: &mut [u8]) {
        for i in 0..self.n {
            out[i] = match self.kind {
                Kind::Ori { .. } => s.ori[self.first + i],
                _ => self.digit_of_label[s.label[self.first + i] as usize],
            };
        }
    }

    fn rank(&self, d: &[u8]) -> usize {
        match &self.kind {
            Kind::Perm => rank_perm(d),
            Kind::Arrangement { counts } => rank_multiset(d, counts),
            Kind::Ori {
                k, implied: true, ..
            } => rank_ori_sum(d, *k),
            Kind::Ori { k, .. } => rank_ori(d, *k),
        }
    }

    fn unrank(&self, r: usize, out: &mut [u8]) {
        match &self.kind {
            Kind::Perm => unrank_perm(r, out),
            Kind::Arrangement { counts } => unrank_multiset(r, counts, out),
            Kind::Ori {
                k,
                implied: true,
                sum,
            } => unrank_ori_sum_to(r, *k, *sum, out),
            Kind::Ori { k, .. } => unrank_ori(r, *k, out),
        }
    }

    /// The rank of the permutation digits after move `m`, in one pass (the hot loop of the BFS over
    /// a large permutation, the pancake's 12!).
    #[inline]
    fn apply_rank_perm(&self, m: usize, d: &[u8]) -> usize {
        rank_perm_through(d, &self.local[m].0[..self.n])
    }

    /// Digits after move `m`.
    #[inline]
    fn apply(&self, m: usize, d: &[u8], out: &mut [u8]) {
        let (src, twist) = &self.local[m];
        match self.kind {
            Kind::Ori { k, .. } => {
                for i in 0..self.n {
                    let o = d[src[i] as usize] + twist[i];
                    out[i] = if o >= k { o - k } else { o };
                }
            }
            _ => {
                for i in 0..self.n {
                    out[i] = d[src[i] as usize];
                }
            }
        }
    }

    /// The coordinate of a state.
    pub fn value(&self, s: &State) -> usize {
        let mut d = [0u8; 256];
        self.digits(s, &mut d[..self.n]);
        self.rank(&d[..self.n])
    }

    /// Coordinate `c` after move `m`, through the table or the digits.
    pub fn next(&self, c: usize, m: usize, scratch: &mut Vec<u8>) -> usize {
        if let Some(t) = &self.table {
            return t[c * self.local.len() + m] as usize;
        }
        let mut d = vec![0; self.n];
        self.unrank(c, &mut d);
        scratch.resize(self.n, 0);
        self.apply(m, &d, scratch);
        self.rank(scratch)
    }
}

/// The number of states a space over `puzzle` would rank, without building it (`None`: more than
/// fits in a `usize`).
pub fn rank_count(puzzle: &Puzzle) -> Option<u128> {
    let mut total: u128 = 1;
    for (o, orbit) in puzzle.orbits.iter().enumerate() {
        let (perm, ori) = orbit_sizes(puzzle, o);
        total = total.checked_mul(perm)?.checked_mul(ori)?;
        let _ = orbit;
    }
    Some(total)
}

fn orbit_sizes(puzzle: &Puzzle, o: usize) -> (u128, u128) {
    let orbit = &puzzle.orbits[o];
    let first = puzzle.offsets()[o];
    let labels = &puzzle.goal.label[first..first + orbit.size];
    let mut counts = std::collections::BTreeMap::new();
    for &l in labels {
        *counts.entry(l).or_insert(0u128) += 1;
    }
    let mut perm: u128 = 1;
    let mut n = 0u128;
    for &c in counts.values() {
        for i in 1..=c {
            n += 1;
            perm = perm.saturating_mul(n) / i;
        }
    }
    let k = orbit.ori as u128;
    let implied = ori_sum_fixed(puzzle, o);
    let ori = k.saturating_pow(if implied {
        orbit.size as u32 - 1
    } else {
        orbit.size as u32
    });
    (perm, ori)
}

/// Whether no move changes the orbit's twist sum.
fn ori_sum_fixed(puzzle: &Puzzle, o: usize) -> bool {
    let orbit = &puzzle.orbits[o];
    let first = puzzle.offsets()[o];
    orbit.ori > 1
        && puzzle.moves.iter().all(|m| {
            m.perm.twist[first..first + orbit.size]
                .iter()
                .map(|&t| t as u32)
                .sum::<u32>()
                % orbit.ori as u32
                == 0
        })
}

impl Space {
    /// The space of `puzzle` under `moves` (each a rearrangement of all positions). Fails when the
    /// ranks would not fit in a `usize`.
    pub fn new(puzzle: &Puzzle, moves: Vec<Perm>) -> Result<Space, String> {
        let count = rank_count(puzzle).ok_or("the state space is too large to rank")?;
        if count > (usize::MAX / 4) as u128 {
            return Err(format!("{count} ranked states do not fit in memory"));
        }
        let coords = coordinates(puzzle, &moves, usize::MAX)?;
        let mut strides = vec![0; coords.len()];
        let mut size = 1usize;
        for i in (0..coords.len()).rev() {
            strides[i] = size;
            size *= coords[i].size;
        }
        Ok(Space {
            coords,
            strides,
            size,
            moves,
            modulus: puzzle.modulus(),
            goal: puzzle.goal.clone(),
        })
    }

    pub fn rank(&self, s: &State) -> usize {
        let mut r = 0;
        let mut d = Vec::new();
        for (c, stride) in self.coords.iter().zip(&self.strides) {
            d.resize(c.n, 0);
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
            d.resize(c.n, 0);
            c.unrank(r / stride % c.size, &mut d);
            for i in 0..c.n {
                match c.kind {
                    Kind::Ori { .. } => s.ori[c.first + i] = d[i],
                    _ => s.label[c.first + i] = c.label_of_digit[d[i] as usize],
                }
            }
        }
        s
    }

    /// Whether the states of rank `r` are goals.
    pub fn goal_rank(&self) -> usize {
        self.rank(&self.goal)
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
            if c.table.is_none() {
                scratch.digits[i].resize(c.n, 0);
                c.unrank(cs[i], &mut scratch.digits[i]);
            }
        }
        for &m in moves {
            let mut next = 0;
            for i in 0..k {
                let c = &self.coords[i];
                let v = match &c.table {
                    Some(t) => t[cs[i] * self.moves.len() + m] as usize,
                    None if matches!(c.kind, Kind::Perm) && c.n <= 16 => {
                        c.apply_rank_perm(m, &scratch.digits[i])
                    }
                    None => {
                        scratch.moved.resize(c.n, 0);
                        c.apply(m, &scratch.digits[i], &mut scratch.moved);
                        c.rank(&scratch.moved)
                    }
                };
                next += v * self.strides[i];
            }
            if f(m, next) {
                return;
            }
        }
    }
}

/// The coordinates of `puzzle` under `moves` of at most `max_size` values each (larger ones are
/// left out: pattern databases use the ones that fit).
pub fn coordinates(puzzle: &Puzzle, moves: &[Perm], max_size: usize) -> Result<Vec<Coord>, String> {
    let offsets = puzzle.offsets();
    let mut coords = Vec::new();
    for (o, orbit) in puzzle.orbits.iter().enumerate() {
        let first = offsets[o];
        let n = orbit.size;
        let local = |ori: bool| -> Vec<(Vec<u8>, Vec<u8>)> {
            moves
                .iter()
                .map(|m| {
                    let src = (0..n)
                        .map(|i| (m.src[first + i] as usize - first) as u8)
                        .collect();
                    let twist = if ori {
                        m.twist[first..first + n].to_vec()
                    } else {
                        vec![0; n]
                    };
                    (src, twist)
                })
                .collect()
        };
        if n > 255 {
            return Err(format!("orbit {} has more than 255 pieces", orbit.name));
        }
        let labels = &puzzle.goal.label[first..first + n];
        let (perm_size, ori_size) = orbit_sizes(puzzle, o);
        let mut classes: Vec<u8> = labels.to_vec();
        classes.sort_unstable();
        classes.dedup();
        let mut digit_of_label = vec![0u8; 256];
        let (kind, label_of_digit) = if classes.len() == n && n <= 20 {
            for (i, &l) in labels.iter().enumerate() {
                digit_of_label[l as usize] = i as u8;
            }
            (Kind::Perm, labels.to_vec())
        } else {
            for (c, &l) in classes.iter().enumerate() {
                digit_of_label[l as usize] = c as u8;
            }
            let counts = classes
                .iter()
                .map(|&c| labels.iter().filter(|&&l| l == c).count())
                .collect();
            (Kind::Arrangement { counts }, classes.clone())
        };
        if perm_size > 1 && perm_size <= max_size as u128 {
            coords.push(Coord {
                first,
                n,
                kind,
                size: perm_size as usize,
                digit_of_label: digit_of_label.clone(),
                label_of_digit,
                local: local(false),
                table: None,
            });
        }
        if ori_size > 1 && ori_size <= max_size as u128 {
            let implied = ori_sum_fixed(puzzle, o);
            let k = orbit.ori;
            let sum = (puzzle.goal.ori[first..first + n]
                .iter()
                .map(|&x| x as u32)
                .sum::<u32>()
                % k as u32) as u8;
            coords.push(Coord {
                first,
                n,
                kind: Kind::Ori { k, implied, sum },
                size: ori_size as usize,
                digit_of_label: Vec::new(),
                label_of_digit: Vec::new(),
                local: local(true),
                table: None,
            });
        }
    }
    if coords.len() > 64 {
        return Err("more than 64 coordinates (32 orbits)".into());
    }
    for c in &mut coords {
        if c.size <= TABLE_LIMIT {
            let mut d = vec![0u8; c.n];
            let mut e = vec![0u8; c.n];
            let mut t = vec![0u32; c.size * moves.len()];
            for r in 0..c.size {
                c.unrank(r, &mut d);
                for m in 0..moves.len() {
                    c.apply(m, &d, &mut e);
                    t[r * moves.len() + m] = c.rank(&e) as u32;
                }
            }
            c.table = Some(t);
        }
    }
    Ok(coords)
}
