//! A coset view's goal, where it is more than one look: a look finer than the next group keeps
//! (the 4x4x4's R/L centres told apart, where half turns may still exchange them) is solved in
//! every look that group takes it to, a few, listed ([`CosetView::goal_looks`]).

use super::coset_view::CosetView;
use crate::model::{Perm, State};

impl CosetView {
    /// The looks the goal's look takes under `gens` (the next phase's moves), the goal's first.
    /// An error past `limit` looks.
    pub fn goal_looks(&self, gens: &[Perm], limit: usize) -> Result<Vec<State>, String> {
        let modulus = self.puzzle.modulus();
        let perms: Vec<Perm> = gens.iter().map(|g| self.perm(g)).collect();
        let mut seen = std::collections::HashSet::new();
        let mut out = vec![self.puzzle.goal.clone()];
        seen.insert(self.puzzle.goal.clone());
        let mut next = 0;
        while next < out.len() {
            for p in &perms {
                let s = out[next].apply(p, &modulus);
                if seen.insert(s.clone()) {
                    if out.len() == limit {
                        return Err(format!(
                            "the next phase's moves take the look to more than {limit} looks"
                        ));
                    }
                    out.push(s);
                }
            }
            next += 1;
        }
        Ok(out)
    }

    /// The view with every state of `looks` (the goal's first) solved.
    pub fn with_goals(mut self, looks: &[State]) -> CosetView {
        self.puzzle.goal_set.more = looks[1..].to_vec();
        self.puzzle.goal_set.more.sort_unstable();
        self
    }
}
