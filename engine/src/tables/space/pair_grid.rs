//! A grid of pair slots ranked by its pairing: the 4x4x4's wings under moves that keep the high
//! wings apart from the low ones.
//!
//! A view that keeps pieces paired ([`crate::phases::block_pairs`]) has a slot per position pair,
//! holding a pair or blank. Where the moves keep two sets of `t` positions apart (rows and
//! columns) and every slot pairs a row with a column, each of the `t * t` pairs once, the slots
//! are a grid, and the states the moves reach hold a permutation matrix in it: row `r`'s piece
//! is paired with the piece in column `sigma(r)`. Ranked as a colouring (the pairs among the
//! blanks) the grid would have C(144, 12) values, about 1e17, for the 4x4x4; ranked as `sigma`
//! it has 12! (halved where every move keeps its parity: TNoodle's Edge3, 239.5 million).
//!
//! A move takes each row to a row and each column to a column (a move that did not is no grid's:
//! the component is then ranked as a colouring): the slot `(r, c)` receives what was at
//! `(a(r), b(c))`, so `sigma'(r) = b⁻¹(sigma(a(r)))`.

use crate::model::{Perm, Puzzle, State};
use twisty::coord::perm_parity;

#[derive(Clone, Debug)]
pub(super) struct Grid {
    /// Rows (and columns).
    pub t: usize,
    /// Whether every move keeps the pairing's parity (the rank is then halved).
    pub even: bool,
    /// The label of a slot holding a pair, and of a blank one.
    token: u8,
    blank: u8,
    /// Per slot (local position): its row and column; columns are numbered by the row paired
    /// with them at the goal, so that the goal's pairing is the identity.
    row: Vec<u8>,
    col: Vec<u8>,
    /// The slot of `(r, c)`: `at[r * t + c]`.
    at: Vec<u8>,
    /// Per move: `a` (the row each row receives from) and `b⁻¹` (the column a column goes to).
    moves: Vec<(Vec<u8>, Vec<u8>)>,
}

impl Grid {
    /// The grid the slots at `positions` (one component of `puzzle` under `moves`) make, if they
    /// make one.
    pub fn of(puzzle: &Puzzle, moves: &[Perm], positions: &[usize]) -> Option<Grid> {
        let n = positions.len();
        let ends: Vec<(u16, u16)> = positions
            .iter()
            .map(|&p| *puzzle.slot_ends.get(p)?)
            .collect::<Option<_>>()?;
        let t = (1..=16).find(|t| t * t == n)?;
        // Two-colour the ends (the slots as edges of a bipartite graph), from the first slot's.
        let mut side: std::collections::HashMap<u16, bool> = [(ends[0].0, false)].into();
        let mut changed = true;
        while changed {
            changed = false;
            for &(x, y) in &ends {
                match (side.get(&x).copied(), side.get(&y).copied()) {
                    (Some(a), Some(b)) if a == b => return None,
                    (Some(a), None) => _ = side.insert(y, !a),
                    (None, Some(b)) => _ = side.insert(x, !b),
                    _ => continue,
                }
                changed = true;
            }
        }
        let index = |on: bool| {
            let mut v: Vec<u16> = side.iter().filter(|e| *e.1 == on).map(|e| *e.0).collect();
            v.sort_unstable();
            v
        };
        let (rows, cols) = (index(false), index(true));
        if rows.len() != t || cols.len() != t {
            return None;
        }
        let mut row = vec![0u8; n];
        let mut col = vec![0u8; n];
        for (k, &(x, y)) in ends.iter().enumerate() {
            let (r, c) = if side.get(&x) == Some(&false) {
                (x, y)
            } else {
                (y, x)
            };
            row[k] = rows.binary_search(&r).ok()? as u8;
            col[k] = cols.binary_search(&c).ok()? as u8;
        }
        // The goal: one label on a permutation matrix, another on the rest.
        let labels: Vec<u8> = positions.iter().map(|&p| puzzle.goal.label[p]).collect();
        let token =
            labels[(0..n).find(|&k| labels.iter().filter(|&&l| l == labels[k]).count() == t)?];
        let blank = *labels.iter().find(|&&l| l != token)?;
        let mut partner = vec![u8::MAX; t];
        for k in (0..n).filter(|&k| labels[k] == token) {
            if partner[row[k] as usize] != u8::MAX {
                return None;
            }
            partner[row[k] as usize] = col[k];
        }
        if labels.iter().any(|&l| l != token && l != blank) || !is_perm(&partner) {
            return None;
        }
        let mut renumber = vec![0u8; t];
        for (r, &c) in partner.iter().enumerate() {
            renumber[c as usize] = r as u8;
        }
        col.iter_mut().for_each(|c| *c = renumber[*c as usize]);
        let mut at = vec![u8::MAX; n];
        for k in 0..n {
            at[row[k] as usize * t + col[k] as usize] = k as u8;
        }
        if at.contains(&u8::MAX) {
            return None;
        }
        let mut local = vec![usize::MAX; puzzle.positions()];
        for (k, &p) in positions.iter().enumerate() {
            local[p] = k;
        }
        let mut grid_moves = Vec::new();
        for m in moves {
            let (mut a, mut b) = (vec![u8::MAX; t], vec![u8::MAX; t]);
            for (k, &p) in positions.iter().enumerate() {
                let from = local[m.src[p] as usize];
                let (r, c) = (row[k] as usize, col[k] as usize);
                // Each row (column) must receive from one row (column) whatever its column (row).
                for (map, i, j) in [(&mut a, r, row[from]), (&mut b, c, col[from])] {
                    if map[i] != u8::MAX && map[i] != j {
                        return None;
                    }
                    map[i] = j;
                }
            }
            let mut b_inv = vec![0u8; t];
            for (c, &f) in b.iter().enumerate() {
                b_inv[f as usize] = c as u8;
            }
            grid_moves.push((a, b_inv));
        }
        let even = grid_moves
            .iter()
            .all(|(a, b)| perm_parity(a) == perm_parity(b));
        Some(Grid {
            t,
            even,
            token,
            blank,
            row,
            col,
            at,
            moves: grid_moves,
        })
    }

    /// The pairing of a state: `out[r]` the column paired with row `r`.
    pub fn digits(&self, s: &State, positions: &[usize], out: &mut [u8]) {
        out.fill(0);
        for (k, &p) in positions.iter().enumerate() {
            if s.label[p] == self.token {
                out[self.row[k] as usize] = self.col[k];
            }
        }
    }

    /// Writes a pairing into a state's slots.
    pub fn write(&self, d: &[u8], positions: &[usize], s: &mut State) {
        for &p in positions {
            s.label[p] = self.blank;
        }
        for (r, &c) in d.iter().enumerate() {
            s.label[positions[self.at[r * self.t + c as usize] as usize]] = self.token;
        }
    }

    /// The pairing after move `m`.
    #[inline]
    pub fn apply(&self, m: usize, d: &[u8], out: &mut [u8]) {
        let (a, b_inv) = &self.moves[m];
        for r in 0..self.t {
            out[r] = b_inv[d[a[r] as usize] as usize];
        }
    }
}

fn is_perm(p: &[u8]) -> bool {
    let mut seen = vec![false; p.len()];
    p.iter()
        .all(|&x| (x as usize) < p.len() && !std::mem::replace(&mut seen[x as usize], true))
}
