//! A phase's view of the puzzle: colours by orbits for a subgroup the moves make
//! ([`CosetView`]), the slots of the fixed pieces for a stabiliser ([`SlotView`]).

use super::coset_view::CosetView;
use super::slot_view::SlotView;
use crate::model::{Perm, Puzzle, State};

#[derive(Clone, Debug)]
pub enum PhaseView {
    Orbits(CosetView),
    Slots(SlotView),
}

impl PhaseView {
    /// The view as a puzzle: its goal is what every state of the phase's target looks like.
    pub fn puzzle(&self) -> &Puzzle {
        match self {
            PhaseView::Orbits(v) => &v.puzzle,
            PhaseView::Slots(v) => &v.puzzle,
        }
    }

    pub fn state(&self, s: &State) -> State {
        match self {
            PhaseView::Orbits(v) => v.state(s),
            PhaseView::Slots(v) => v.state(s),
        }
    }

    pub fn perm(&self, p: &Perm) -> Perm {
        match self {
            PhaseView::Orbits(v) => v.perm(p),
            PhaseView::Slots(v) => v.perm(p),
        }
    }

    pub fn describe(&self) -> String {
        match self {
            PhaseView::Orbits(v) => v.describe(),
            PhaseView::Slots(v) => v.describe(),
        }
    }
}
