//! The look the last phase ends at, where a puzzle counts as solved before every piece of its
//! definition is home (a phases file's `solved` line): the FTO as the WCA scrambles it, whose 24
//! centres are each their own piece in cubing.js's definition, but three alike a face on the
//! puzzle. A uniform state's look is a uniform look (each look is made by as many states as any
//! other: a coset of its stabiliser), so scrambles that end at it stay random-state.
//!
//! No count can refuse such a look, since any look is somewhere to end: the phase's space is the
//! looks the last group reaches from it. The chain's sizes then multiply to the looks the moves
//! reach over the look's stabiliser in that group (a divisor of it; `engine/tests/look_goals.rs`
//! checks both by counting).

use super::coset_view::CosetView;
use super::link::looks;
use super::look_goal::Look;
use crate::model::big_uint::BigUint;
use crate::model::{Perm, Puzzle};

/// The last phase's view, ending at `look` (the orbits it leaves out each piece its own, as with
/// no look), and the looks `gens` (the last group's moves) reach in it: the phase's space.
pub fn end_view(
    puzzle: &Puzzle,
    gens: &[Perm],
    look: &Look,
) -> Result<(CosetView, BigUint), String> {
    let view = look.view(puzzle, &[])?;
    let seen: Vec<Perm> = gens.iter().map(|g| view.perm(g)).collect();
    let cosets = looks(&view.puzzle, &seen).ok_or("the solved look's looks cannot be counted")?;
    Ok((view, cosets))
}
