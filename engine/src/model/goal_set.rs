//! What counts as solved beyond the goal itself: a phase's goal that is a set of looks.
//!
//! A definition has one goal (up to the orientations its per-piece moduli ignore). A phase of a
//! chain ([`crate::phases`]) may need more: every look the next group takes its goal's look to
//! (the 4x4x4's R/L centres in any of the arrangements half turns solve), listed. The tables
//! start from all of them ([`super::Puzzle::goals`]), and a search stops at any.

use super::State;

/// The states beside the goal that count as solved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoalSet {
    /// Other solved states, listed (a few thousand at most), sorted.
    pub more: Vec<State>,
}

impl GoalSet {
    /// Whether nothing beside the goal counts as solved.
    pub fn is_empty(&self) -> bool {
        self.more.is_empty()
    }
}
