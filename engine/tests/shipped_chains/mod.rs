//! Chains from phases files' text, and the shipped ones with their event's moves (shared by the
//! tests of looks and of the 4x4x4's shipped phases).

use engine::load::shipped;
use engine::model::choice::Choice;
use engine::model::metric::MoveSet;
use engine::model::Puzzle;
use engine::phases::chain::{self, Chain};
use engine::phases::look_goal::Look;
use engine::phases::phase_file;
use engine::phases::shipped_phases::ShippedPhases;

/// The chain a phases file's text gives, its goal lines' looks read from `looks` by name.
pub fn chain_of(
    p: &Puzzle,
    set: &MoveSet,
    text: &str,
    looks: &[(&str, String)],
) -> Result<Chain, String> {
    let file = phase_file::parse(text)?;
    let families = chain::families_of(p, set);
    let groups = phase_file::subgroups(&file.groups, set, &families)?;
    // (The `solved` look, past the groups' looks, is where the last phase ends.)
    let given: Vec<Option<Look>> = file
        .goals
        .iter()
        .chain([&file.solved])
        .map(|g| {
            g.as_ref().map(|w| {
                let text = &looks.iter().find(|(n, _)| *n == w.text).unwrap().1;
                Look::of(p, text).unwrap()
            })
        })
        .collect();
    chain::through(p, set, &groups, (&given, &file.widen), None)
}

/// The definition and moves a shipped phases file is for: its event's moves (the 4x4x4's
/// `U D L R F B Uw Rw Fw`), else the definition's own.
pub fn shipped_puzzle(name: &str) -> (Puzzle, MoveSet) {
    let p = shipped::open(name).unwrap();
    let moves = shipped::EVENTS
        .iter()
        .find(|e| e.1 == name)
        .and_then(|e| shipped::event_moves(e.0));
    let choice = Choice {
        moves: moves.map(|m| m.split(',').map(String::from).collect()),
        ..Choice::default()
    };
    let c = choice.apply(&p).unwrap();
    (c.puzzle, c.set)
}

/// The chain a shipped phases file gives, its looks the shipped ones.
pub fn shipped_chain(s: &ShippedPhases, p: &Puzzle, set: &MoveSet) -> Chain {
    let looks: Vec<(&str, String)> = s.looks.iter().map(|l| (l.0, l.1.to_string())).collect();
    chain_of(p, set, s.text, &looks).unwrap_or_else(|e| panic!("{}: {e}", s.file))
}
