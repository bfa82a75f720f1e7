//! The last word on a phase's goal where no view tells its cosets apart: membership in the next
//! group, asked of each state a phase's solution ends in.
//!
//! The 4x4x4's `<U, D, F, B, R2, L2, Uw2, Rw2, Fw2>` reaches states whose centres are solved and
//! whose wings are paired but which the face turns cannot solve: the dedges, as blocks, are
//! permuted oddly against the corners (twips' `PLL_PARITY`). A block's place is known only while
//! its wings are together, so no colouring, permutation sign or pair view shows that parity, and
//! the count finds the best view short by a factor of two. Such a view still sees every state of
//! the next group as solved (its goal is the goal's looks under that group), so its tables stay
//! lower bounds; what it lacks is the last check, which [`Reachable`] gives: a stabiliser-chain
//! sift, or a search over the chain where alike pieces make the looks' group act unevenly. A
//! phase's solutions that end outside the group are passed over, about `factor - 1` in `factor`.

use crate::model::reachable::{Reach, Reachable};
use crate::model::{Perm, Puzzle, State};

/// The most a view may fall short by and still serve, its solutions sifted: each sifted out
/// costs a solution of the phase, so a view short by more than this is refused.
pub const MOST_SIFTED: u32 = 2;

/// Membership in the group a phase ends in.
pub struct Sift {
    group: Reachable,
    /// How many states of the view's goal there are for each one of the group's.
    pub factor: u32,
}

impl std::fmt::Debug for Sift {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Sift {{ factor: {} }}", self.factor)
    }
}

impl Sift {
    /// The test for the group `gens` generate, where the view is short by `factor`.
    pub fn new(puzzle: &Puzzle, gens: &[Perm], factor: u32) -> Sift {
        let refs: Vec<&Perm> = gens.iter().collect();
        Sift {
            group: Reachable::new(puzzle, &refs),
            factor,
        }
    }

    /// Whether `state` is one the group reaches from the goal (a search that runs out of its
    /// budget says no: the phase then looks for another solution).
    pub fn admits(&self, puzzle: &Puzzle, state: &State) -> bool {
        self.group.reaches(puzzle, state) == Reach::Yes
    }
}
