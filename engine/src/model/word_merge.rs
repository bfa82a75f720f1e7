//! Shortening a word of moves without a search: two moves that make one move (or nothing) become
//! it, also across moves that commute with both (`U D U'` is `D`), until none are left.

use crate::model::metric::MoveSet;
use crate::model::Perm;

/// What each pair of moves makes, and which pairs commute.
pub struct WordMerge {
    /// `merged[a * n + b]`: `a` then `b` as one move, `Some(None)` for nothing, `None` when they
    /// make no single move.
    merged: Vec<Option<Option<usize>>>,
    commute: Vec<bool>,
    n: usize,
}

impl WordMerge {
    pub fn new(set: &MoveSet, modulus: &[u8]) -> WordMerge {
        let n = set.perms.len();
        let identity = Perm::identity(modulus.len());
        let mut merged = vec![None; n * n];
        let mut commute = vec![false; n * n];
        let index: std::collections::HashMap<&Perm, usize> = set
            .perms
            .iter()
            .enumerate()
            .rev()
            .map(|(i, p)| (p, i))
            .collect();
        for a in 0..n {
            for b in 0..n {
                let ab = set.perms[a].then(&set.perms[b], modulus);
                let ba = set.perms[b].then(&set.perms[a], modulus);
                commute[a * n + b] = ab == ba;
                merged[a * n + b] = if ab == identity {
                    Some(None)
                } else {
                    index.get(&ab).map(|&i| Some(i))
                };
            }
        }
        WordMerge { merged, commute, n }
    }

    /// The word with every merge made.
    pub fn shorten(&self, word: &[u16]) -> Vec<u16> {
        let mut out = Vec::with_capacity(word.len());
        for &m in word {
            self.push(&mut out, m);
        }
        out
    }

    /// Appends `m` to a word with every merge made, merged into the last move it can reach
    /// across moves it commutes with.
    pub fn push(&self, out: &mut Vec<u16>, m: u16) {
        let n = self.n;
        let m = m as usize;
        for i in (0..out.len()).rev() {
            let a = out[i] as usize;
            if let Some(result) = self.merged[a * n + m] {
                // `a` and `m` meet across moves that commute with `m`: merge them there, and the
                // result may merge further back, so it is pushed again in `a`'s place.
                let tail: Vec<u16> = out.drain(i..).skip(1).collect();
                if let Some(c) = result {
                    self.push(out, c as u16);
                }
                for t in tail {
                    out.push(t);
                }
                return;
            }
            if !self.commute[a * n + m] {
                break;
            }
        }
        out.push(m as u16);
    }
}
