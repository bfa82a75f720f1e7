//! What of a state names its coset of a stabiliser: where the fixed pieces are, each by one of its
//! slots (a position with an orientation), all else blank.
//!
//! A phase that puts pieces home ([`super::fixing`]) ends in the subgroup that keeps them home and
//! unturned, and twists every other piece freely. Recolouring by orbits would have to ignore the
//! free pieces' orientations piece by piece, which the tables cannot do without listing every
//! solved state (3^20 of them on a megaminx). Seen as slots instead, a piece with `k` orientations
//! is `k` slots that move together without turning: a fixed piece marks the slot its orientation 0
//! is in, and a free piece marks nothing, so its turns cannot show. Two elements of the group put
//! the marked slots in the same places exactly when they differ by an element of the stabiliser:
//! the view names the cosets by construction.

use crate::model::{Move, Orbit, Perm, Puzzle, State};

/// The puzzle's states as the slots of some fixed pieces.
#[derive(Clone, Debug)]
pub struct SlotView {
    /// The view as a puzzle of its own: one orbit of slots for each orbit with a fixed piece.
    pub puzzle: Puzzle,
    /// The positions kept (whole orbits of the puzzle), and the first slot of each in the view.
    kept: Vec<usize>,
    first: Vec<usize>,
    /// Per label: its mark in the view (`blank` for pieces not fixed), and its home orientation.
    mark: Vec<u8>,
    home_ori: Vec<u8>,
    blank: u8,
    /// The puzzle's orientation count per position.
    modulus: Vec<u8>,
}

impl SlotView {
    /// The view marking the pieces whose homes are `fixed`; an error if one of them shares its
    /// label with another piece (which one is home would not be known).
    pub fn new(puzzle: &Puzzle, fixed: &[usize]) -> Result<SlotView, String> {
        if !puzzle.label_mod.is_empty() {
            // A piece home but turned by an ignored orientation would not look home here.
            return Err("pieces whose orientation counts modulo a number of their own".into());
        }
        let modulus = puzzle.modulus();
        let goal = &puzzle.goal;
        let labels = goal.label_count();
        let blank = u8::try_from(fixed.len()).map_err(|_| "more than 255 pieces to fix")?;
        let mut mark = vec![blank; labels];
        let mut home_ori = vec![0u8; labels];
        for (i, &p) in fixed.iter().enumerate() {
            let l = goal.label[p];
            if goal.label.iter().filter(|&&x| x == l).count() > 1 {
                return Err(format!(
                    "the pieces labelled {} are alike: which one is home cannot be told",
                    puzzle
                        .label_names
                        .get(l as usize)
                        .map_or("?", |s| s.as_str())
                ));
            }
            mark[l as usize] = i as u8;
            home_ori[l as usize] = goal.ori[p];
        }
        let offsets = puzzle.offsets();
        let mut view = puzzle.clone();
        view.orbits.clear();
        let (mut kept, mut first) = (Vec::new(), Vec::new());
        let mut at = 0;
        for (o, orbit) in puzzle.orbits.iter().enumerate() {
            let range = offsets[o]..offsets[o] + orbit.size;
            if !fixed.iter().any(|p| range.contains(p)) {
                continue;
            }
            for q in range {
                kept.push(q);
                first.push(at);
                at += orbit.ori as usize;
            }
            view.orbits.push(Orbit {
                name: orbit.name.clone(),
                size: orbit.size * orbit.ori as usize,
                ori: 1,
            });
        }
        let mut out = SlotView {
            puzzle: view,
            kept,
            first,
            mark,
            home_ori,
            blank,
            modulus,
        };
        out.puzzle.label_mod = Vec::new();
        out.puzzle.stickers = None;
        out.puzzle.label_names = (0..=fixed.len())
            .map(|i| match fixed.get(i) {
                Some(&p) => puzzle
                    .label_names
                    .get(goal.label[p] as usize)
                    .cloned()
                    .unwrap_or_default(),
                None => "blank".into(),
            })
            .collect();
        out.puzzle.original = (0..at).collect();
        out.puzzle.goal = out.state(goal);
        out.puzzle.moves = puzzle
            .moves
            .iter()
            .map(|m| Move {
                perm: out.perm(&m.perm),
                ..m.clone()
            })
            .collect();
        Ok(out)
    }

    /// A state of the puzzle as the view sees it: each fixed piece marks the slot its home
    /// orientation is in.
    pub fn state(&self, s: &State) -> State {
        let n = self.first.last().map_or(0, |&f| f)
            + self.kept.last().map_or(0, |&q| self.modulus[q] as usize);
        let mut label = vec![self.blank; n];
        for (i, &q) in self.kept.iter().enumerate() {
            let l = s.label[q] as usize;
            if self.mark[l] != self.blank {
                let k = self.modulus[q];
                let o = (s.ori[q] + k - self.home_ori[l] % k) % k;
                label[self.first[i] + o as usize] = self.mark[l];
            }
        }
        State {
            label,
            ori: vec![0; n],
        }
    }

    /// A rearrangement of the puzzle as a rearrangement of the slots (nothing turns).
    pub fn perm(&self, p: &Perm) -> Perm {
        let mut slot_of = vec![usize::MAX; p.len()];
        for (i, &q) in self.kept.iter().enumerate() {
            slot_of[q] = self.first[i];
        }
        let mut src = Vec::new();
        for &q in &self.kept {
            let k = self.modulus[q];
            let from = p.src[q] as usize;
            // The slot (q, o) receives what was at (from, o - twist).
            for o in 0..k {
                src.push((slot_of[from] + ((o + k - p.twist[q]) % k) as usize) as u16);
            }
        }
        Perm {
            twist: vec![0; src.len()],
            src,
        }
    }

    /// What the view tracks.
    pub fn describe(&self) -> String {
        format!(
            "{} pieces home, by {} slots",
            self.blank,
            self.puzzle.positions()
        )
    }
}
