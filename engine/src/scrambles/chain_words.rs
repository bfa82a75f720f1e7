//! Short words for a stabiliser chain (Minkwitz, "An algorithm for solving the factorization
//! problem in permutation groups", 1998): every element of the group as a sequence of moves, for
//! puzzles whose optimal solutions are out of reach.
//!
//! Each level of the chain keeps, for each point of its orbit, a coset representative *with the
//! move sequence that makes it*. Random sequences of moves are sifted through the chain: at each
//! level the element is stored where the level has nothing yet or something longer, then divided
//! by the stored representative (its word grows by the inverse word). Once every orbit is full, a
//! uniformly random element is one representative per level, drawn uniformly, and its word is
//! theirs one after another. The words are far from optimal (over a thousand moves on a megaminx)
//! but need no search; the rounds after the orbits are full shorten them.

use crate::model::perm_group::{inverse, then, SlotPerm, StabChain};
use crate::model::word_merge::WordMerge;

/// A representative and its word (move indices).
#[derive(Clone)]
struct Rep {
    perm: SlotPerm,
    word: Vec<u16>,
}

/// For each level of a chain, representatives with words.
pub struct ChainWords {
    /// (base point, for each slot its representative if it is in the orbit).
    levels: Vec<(usize, Vec<Option<Rep>>)>,
    /// Each move's inverse among the moves.
    inverse_move: Vec<u16>,
    /// Words are kept with every merge made: a product's length is what it would print as.
    merge: WordMerge,
}

impl ChainWords {
    /// Words for the chain of the group `moves` generate. `inverse_move[m]` is `m`'s inverse
    /// among `moves`; `merge` makes the merges of two moves into one; `draw(n)` is uniform in
    /// `0..n`. Random sequences are sifted until every orbit is full, then `improve` rounds of
    /// products of stored representatives.
    pub fn new(
        chain: &StabChain,
        moves: &[SlotPerm],
        inverse_move: Vec<u16>,
        merge: WordMerge,
        improve: usize,
        draw: &mut impl FnMut(usize) -> usize,
    ) -> ChainWords {
        let n = moves.first().map_or(0, |m| m.len());
        let identity: SlotPerm = (0..n as u16).collect();
        let orbits = chain.orbits();
        let sizes: Vec<usize> = orbits.iter().map(|(_, o)| o.len()).collect();
        let levels: Vec<(usize, Vec<Option<Rep>>)> = orbits
            .into_iter()
            .map(|(b, _)| {
                let mut reps = vec![None; n];
                reps[b] = Some(Rep {
                    perm: identity.clone(),
                    word: Vec::new(),
                });
                (b, reps)
            })
            .collect();
        let mut words = ChainWords {
            levels,
            inverse_move,
            merge,
        };
        // Random sequences of growing length until every orbit is full (a stored word longer
        // than `limit` is not kept), then products of stored representatives, which sift into
        // shorter ones where they can.
        let mut limit = 20usize;
        let mut round = 0usize;
        while !words.full(&sizes) {
            for _ in 0..200 {
                let (mut t, mut w) = (identity.clone(), Vec::new());
                for _ in 0..limit.min(30) {
                    let m = draw(moves.len());
                    t = then(&t, &moves[m]);
                    words.merge.push(&mut w, m as u16);
                    words.sift(t.clone(), w.clone(), limit);
                }
            }
            round += 1;
            if round.is_multiple_of(3) {
                limit += limit / 2;
            }
        }
        for _ in 0..improve {
            let reps: Vec<Rep> = words
                .levels
                .iter()
                .flat_map(|(_, reps)| reps.iter().flatten().cloned())
                .collect();
            let longest = reps.iter().map(|r| r.word.len()).max().unwrap_or(0);
            for _ in 0..reps.len() * 4 {
                let (a, b) = (&reps[draw(reps.len())], &reps[draw(reps.len())]);
                let t = then(&a.perm, &b.perm);
                let mut w = a.word.clone();
                for &m in &b.word {
                    words.merge.push(&mut w, m);
                }
                words.sift(t, w, longest);
            }
        }
        words
    }

    /// Whether every level's orbit has all its representatives.
    fn full(&self, sizes: &[usize]) -> bool {
        self.levels
            .iter()
            .zip(sizes)
            .all(|((_, reps), &size)| reps.iter().flatten().count() == size)
    }

    /// Stores `t` (made by `w`) where it is shorter, divided down the chain while its word stays
    /// within `limit`.
    fn sift(&mut self, mut t: SlotPerm, mut w: Vec<u16>, limit: usize) {
        for level in 0..self.levels.len() {
            let b = self.levels[level].0;
            let j = t[b] as usize;
            let stored = &mut self.levels[level].1[j];
            match stored {
                Some(rep) if rep.word.len() <= w.len() => {}
                _ => {
                    *stored = Some(Rep {
                        perm: t.clone(),
                        word: w.clone(),
                    });
                }
            }
            let rep = self.levels[level].1[j].as_ref().expect("stored above");
            t = then(&t, &inverse(&rep.perm));
            for &m in rep.word.iter().rev() {
                self.merge.push(&mut w, self.inverse_move[m as usize]);
            }
            if w.len() > limit {
                return;
            }
        }
    }

    /// The word of `g`, an element of the group: its representatives, found by dividing it down
    /// the chain (every orbit is full), merged deepest first as [`Self::random_word`] merges.
    pub fn word_of(&self, g: &SlotPerm) -> Vec<u16> {
        let mut t = g.clone();
        let mut reps = Vec::with_capacity(self.levels.len());
        for (b, level) in &self.levels {
            let rep = level[t[*b] as usize]
                .as_ref()
                .expect("every orbit of the chain is full");
            t = then(&t, &inverse(&rep.perm));
            reps.push(rep);
        }
        let mut word = Vec::new();
        for rep in reps.iter().rev() {
            for &m in &rep.word {
                self.merge.push(&mut word, m);
            }
        }
        word
    }

    /// A uniformly random element and its word: one representative per level, the deepest
    /// first, merged where two moves make one.
    pub fn random_word(&self, draw: &mut impl FnMut(usize) -> usize) -> (SlotPerm, Vec<u16>) {
        let n = self.levels.first().map_or(0, |(_, reps)| reps.len());
        let mut g: SlotPerm = (0..n as u16).collect();
        let mut word = Vec::new();
        for (_, reps) in self.levels.iter().rev() {
            let orbit: Vec<&Rep> = reps.iter().flatten().collect();
            let rep = orbit[draw(orbit.len())];
            g = then(&g, &rep.perm);
            for &m in &rep.word {
                self.merge.push(&mut word, m);
            }
        }
        (g, word)
    }
}
