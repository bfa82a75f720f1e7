//! One link of a chain: the view that tells the cosets of the next group apart, checked by
//! counting.
//!
//! A view is right when the looks it tells apart, over the looks the goal's look takes under
//! the next group (one, unless a given look is finer than that group keeps), times the looks the
//! next group reaches, make the looks the phase's group reaches (Schreier-Sims counts all three):
//! then the states that look like one of the goal's looks are exactly those the next group
//! reaches. Where colours are not enough (the 4x4x4's wings that must stay paired, a parity) the
//! view carries more ([`Carried`]); where even that falls short by a small factor, the phase's
//! solutions are sifted ([`Sift`]).

use super::block_pairs::{self, Pairs};
use super::carried::Carried;
use super::coset_view::CosetView;
use super::look_goal::Look;
use super::parity;
use super::sift::MOST_SIFTED;
use crate::model::big_uint::BigUint;
use crate::model::reachable::Reachable;
use crate::model::{Perm, Puzzle};

/// The looks a group reaches from the goal, if Schreier-Sims can count them.
pub fn looks(puzzle: &Puzzle, gens: &[Perm]) -> Option<BigUint> {
    if gens.is_empty() {
        return Some(BigUint::one());
    }
    let refs: Vec<&Perm> = gens.iter().collect();
    Reachable::new(puzzle, &refs).looks()
}

/// The most parities a view carries (the 4x4x4's wings need one; three leave room for the
/// bigger cubes' wing orbits).
const MOST_PARITIES: usize = 3;

/// The most looks a phase's goal may be (a look the next phase's moves change: see
/// [`CosetView::goal_looks`]).
const MOST_GOAL_LOOKS: usize = 100_000;

/// A group: its generators and the looks it reaches.
pub struct Group<'a> {
    pub gens: &'a [Perm],
    pub looks: &'a BigUint,
}

/// A link's view, the cosets it stands for, and the factor its looks fall short by (1: exact;
/// more: the phase's solutions are sifted).
pub struct Found {
    pub view: CosetView,
    pub cosets: BigUint,
    pub short_by: u32,
}

/// The most block systems a view carries (each is an orbit of every position pair: the 4x4x4
/// needs one).
const MOST_PAIR_SYSTEMS: usize = 2;

/// The view of the cosets of `to` in `from` (`given`, else made from `to`'s orbits), if it or
/// one carrying more tells them apart, or (where `sifted` allows: a chain given by hand) falls
/// short by at most [`MOST_SIFTED`].
pub fn link(
    puzzle: &Puzzle,
    from: Group,
    to: Group,
    given: Option<&Look>,
    sifted: bool,
) -> Result<Found, String> {
    let view = match given {
        Some(look) => look.view(puzzle, to.gens)?,
        None => CosetView::new(puzzle, to.gens)?,
    };
    let first = check(view.clone(), &from, &to)?;
    if first.short_by == 1 {
        return Ok(first);
    }
    // Short: the subgroup may keep a parity the colours do not show, or pieces paired
    // ([`block_pairs`]); each is tried alone, then both.
    let parities: Vec<Carried> = parity::kept(puzzle, from.gens, to.gens, MOST_PARITIES)
        .into_iter()
        .map(Carried::Parity)
        .collect();
    let pairs: Vec<Carried> = kept_pairs(puzzle, from.gens, to.gens)
        .into_iter()
        .take(MOST_PAIR_SYSTEMS)
        .map(Carried::Pairs)
        .collect();
    let both: Vec<Carried> = parities.iter().chain(&pairs).cloned().collect();
    let mut best = first;
    for more in [parities, pairs, both] {
        if more.is_empty() {
            continue;
        }
        // (One that cannot be counted is not the view; the others may be.)
        let Ok(found) = view
            .clone()
            .with(puzzle, more)
            .and_then(|v| check(v, &from, &to))
        else {
            continue;
        };
        if found.short_by < best.short_by {
            best = found;
        }
        if best.short_by == 1 {
            break;
        }
    }
    if best.short_by > if sifted { MOST_SIFTED } else { 1 } {
        return Err(format!(
            "the pieces' colours do not tell the cosets apart ({} looks, {} cosets)",
            best.cosets,
            from.looks.to_f64() / to.looks.to_f64()
        ));
    }
    Ok(best)
}

/// The view with its goal's looks, the cosets it stands for, and by how much it falls short
/// (`u32::MAX`: by more than can serve).
fn check(view: CosetView, from: &Group, to: &Group) -> Result<Found, String> {
    let goals = view.goal_looks(to.gens, MOST_GOAL_LOOKS)?;
    let gens: Vec<Perm> = from.gens.iter().map(|g| view.perm(g)).collect();
    let reached = looks(&view.puzzle, &gens).ok_or("the view's looks cannot be counted")?;
    let spread = small(goals.len() as u32);
    // reached / goals * short_by = from / to.
    let (have, want) = (reached.times(to.looks), from.looks.times(&spread));
    let ratio = (want.to_f64() / have.to_f64()).round();
    let short_by = (1.0..=MOST_SIFTED as f64)
        .contains(&ratio)
        .then_some(ratio as u32)
        .filter(|&k| have.times(&small(k)) == want);
    let mut cosets = reached;
    let Some(short_by) = short_by else {
        cosets.div_floor(goals.len() as u32);
        return Ok(Found {
            view,
            cosets,
            short_by: u32::MAX,
        });
    };
    cosets.mul_small(short_by);
    cosets.div_exact(goals.len() as u32);
    Ok(Found {
        view: view.with_goals(&goals),
        cosets,
        short_by,
    })
}

fn small(n: u32) -> BigUint {
    let mut b = BigUint::one();
    b.mul_small(n);
    b
}

/// The pair views of the block systems of blocks of two that `to` keeps on an orbit and `from`
/// does not (the 4x4x4's wings under the face turns).
fn kept_pairs(puzzle: &Puzzle, from: &[Perm], to: &[Perm]) -> Vec<Pairs> {
    let offsets = puzzle.offsets();
    let mut out = Vec::new();
    for (o, orbit) in puzzle.orbits.iter().enumerate() {
        let range = offsets[o]..offsets[o] + orbit.size;
        for system in block_pairs::pair_systems(to, range) {
            if !block_pairs::keeps(from, &system) {
                if let Ok(p) = Pairs::new(puzzle, &system) {
                    out.push(p);
                }
            }
        }
    }
    out
}
