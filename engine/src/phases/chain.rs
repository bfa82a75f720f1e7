//! A chain of subgroups G = G0 > G1 > ... > Gk = 1, found from the moves alone or read from a
//! phases file, each link checked by counting.
//!
//! Phase i starts in G(i-1) and ends in G(i) with G(i-1)'s moves; its space is the cosets, seen
//! through a [`super::coset_view::CosetView`] that [`super::link`] checks by counting. A phases
//! file's group may also leave the one before: the phase then ends where the two meet, its link
//! counted in the group they make together, and the next phase starts with its own moves.
//!
//! The automatic choice walks down from the whole group one step at a time ([`Families::smaller`]:
//! a family's moves replaced by a power, or dropped), taking the step that keeps the estimated
//! total shortest while the phase's cosets stay within the size limit, and cuts a phase when no
//! step fits. A group within the limit is the last phase: an optimal solve.

use super::end_look;
use super::families::{Families, Steps};
use super::fixing;
use super::link::{link, looks, Group};
use super::look_goal::Look;
use super::phase_view::PhaseView;
use super::sift::Sift;
use super::slot_view::SlotView;
use super::widen::{widen, Admission};
use crate::model::big_uint::BigUint;
use crate::model::metric::MoveSet;
use crate::model::reachable::Reachable;
use crate::model::Puzzle;
use std::sync::Arc;

/// The subgroup a phase ends in.
#[derive(Clone, Debug)]
pub enum Target {
    /// The group some powers of the moves generate (every family dropped: the goal).
    Moves(Steps),
    /// The elements of the phase's group that keep these positions' pieces home, unturned
    /// ([`super::fixing`]).
    Fixed(Vec<usize>),
}

/// One phase: from the group of `moves` (or a subgroup of it that an earlier phase ended in) to
/// the group of `target`.
#[derive(Clone, Debug)]
pub struct Phase {
    /// The moves the phase searches with.
    pub moves: Steps,
    pub target: Target,
    /// The phase's space: the looks its view tells apart.
    pub cosets: BigUint,
    pub view: PhaseView,
    /// Where the view falls short of the cosets ([`super::link`]): the test each solution's end
    /// must pass.
    pub sift: Option<Arc<Sift>>,
    /// Where the goal is widened to every state the next phase can finish from
    /// ([`super::widen`]): the test each solution's end must pass.
    pub admit: Option<Arc<Admission>>,
    /// The phase's group and the next line's are not nested: the phase ends where they meet, and
    /// its link was counted in the group the two make together (`cosets` are of that group).
    pub meets: bool,
}

/// The phases, first to last.
#[derive(Clone, Debug)]
pub struct Chain {
    pub families: Families,
    pub phases: Vec<Phase>,
    /// The product of the phases' cosets: the looks the moves reach; where the last phase ends
    /// at a look ([`super::end_look`]), those over the look's stabiliser in the last group.
    pub looks: BigUint,
    /// Whether the last phase ends at a look given as the puzzle solved (a `solved` line).
    pub ends_at_look: bool,
}

/// What the automatic choice may make.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Cosets a phase may have (and the size of a group solved optimally as the last phase).
    pub phase_size: f64,
    /// Cosets a phase that puts pieces home may have: far fewer, its tables see only slots.
    pub fix_size: f64,
}

/// A guess at the moves a phase takes: the depth at which `size` states are reached with the
/// branching of these moves (a family's other powers cannot follow a move).
fn est_moves(size: f64, families: &Families, steps: &Steps) -> f64 {
    let kept = families.moves(steps).len() as f64;
    let fams = families
        .families
        .iter()
        .zip(steps)
        .filter(|(f, &k)| k < f.order)
        .count()
        .max(1) as f64;
    let branching = (kept - kept / fams).max(1.5);
    size.max(1.0).ln() / branching.ln()
}

/// The phase from the group of `from` to the one of `to`, powers of the moves both, seen through
/// `look` where one is given. Its link is counted in the group `within` (`from`'s, or the one
/// `from`'s and `to`'s moves make together where `to` leaves `from`).
fn move_link(
    puzzle: &Puzzle,
    families: &Families,
    from: &Steps,
    (within, within_looks): (&Steps, &BigUint),
    (to, to_looks): (&Steps, &BigUint),
    look: Option<&Look>,
    sifted: bool,
) -> Result<Phase, String> {
    let modulus = puzzle.modulus();
    let (a, b) = (
        families.generators(within, &modulus),
        families.generators(to, &modulus),
    );
    let found = link(
        puzzle,
        Group {
            gens: &a,
            looks: within_looks,
        },
        Group {
            gens: &b,
            looks: to_looks,
        },
        look,
        sifted,
    );
    let found = match found {
        Ok(found) => found,
        // A group that keeps some pieces home and is all of their stabiliser (the kilominx's
        // `<U, F, R, L, BL, BR>`, which keeps the D face's corners home): its cosets are where
        // those pieces are. Colours cannot say it where the pieces it moves turn freely (their
        // orientations ignored one by one: 3^15 solved states there), so the slots say it.
        Err(e) if look.is_none() && within == from => {
            let Some((fixed, cosets)) = fixing::stabiliser_of(puzzle, &a, &b) else {
                return Err(format!("{}: {e}", families.describe(to)));
            };
            let view = SlotView::new(puzzle, &fixed)
                .map_err(|e| format!("{}: {e}", families.describe(to)))?;
            return Ok(Phase {
                moves: from.clone(),
                target: Target::Moves(to.clone()),
                cosets,
                view: PhaseView::Slots(view),
                sift: None,
                admit: None,
                meets: false,
            });
        }
        Err(e) => return Err(format!("{}: {e}", families.describe(to))),
    };
    Ok(Phase {
        moves: from.clone(),
        target: Target::Moves(to.clone()),
        cosets: found.cosets,
        view: PhaseView::Orbits(found.view),
        sift: (found.short_by > 1).then(|| Arc::new(Sift::new(puzzle, &b, found.short_by))),
        admit: None,
        meets: within != from,
    })
}

/// Phases from the group of `from` that put its pieces home a few at a time ([`fixing`]), each
/// seen as the slots of the pieces fixed so far ([`SlotView`]: exact by construction; the sizes
/// are the stabiliser chain's).
fn fixing_phases(
    puzzle: &Puzzle,
    families: &Families,
    from: &Steps,
    limit: f64,
) -> Result<Vec<Phase>, String> {
    let gens = families.generators(from, &puzzle.modulus());
    let order = fixing::order(puzzle, &gens);
    let mut phases = Vec::new();
    for cut in fixing::cuts(puzzle, &gens, &order, limit) {
        let view = SlotView::new(puzzle, &cut.fixed)
            .map_err(|e| format!("putting pieces home in phases: {e}"))?;
        phases.push(Phase {
            moves: from.clone(),
            target: Target::Fixed(cut.fixed),
            cosets: cut.cosets,
            view: PhaseView::Slots(view),
            sift: None,
            admit: None,
            meets: false,
        });
    }
    Ok(phases)
}

/// Every move of the set, in families.
pub fn families_of(puzzle: &Puzzle, set: &MoveSet) -> Families {
    Families::of(set, &puzzle.modulus())
}

/// The chain through the given subgroups (the first is the group of all the moves), each link
/// checked: an error names the first whose view does not identify its cosets. `given[i]`, where
/// given, is the view of the phase that ends in `groups[i]` ([`Look`]). With `fix`, the last
/// group's pieces then go home a few at a time, phases of at most `limit` cosets. Where
/// `widened[i]`, the phase that ends in `groups[i]` ends wherever the next one can finish from
/// ([`super::widen`]). A look given past the groups (`given[groups.len()]`) is where the last
/// phase ends, the puzzle solved as it sees it ([`super::end_look`]).
pub fn through(
    puzzle: &Puzzle,
    set: &MoveSet,
    groups: &[Steps],
    (given, widened): (&[Option<Look>], &[bool]),
    fix: Option<f64>,
) -> Result<Chain, String> {
    let families = families_of(puzzle, set);
    let modulus = puzzle.modulus();
    let whole = families.whole();
    let mut all = looks(puzzle, &families.generators(&whole, &modulus))
        .ok_or("the looks cannot be counted")?;
    let mut from = whole;
    let mut from_looks = all.clone();
    let mut phases = Vec::new();
    let mut to_widen = Vec::new();
    let clamp = |g: &Steps| -> Steps {
        g.iter()
            .zip(&families.families)
            .map(|(&k, f)| k.min(f.order))
            .collect()
    };
    let mut groups: Vec<Steps> = groups.iter().map(clamp).collect();
    if fix.is_none() {
        groups.push(clamp(&vec![u32::MAX; families.families.len()]));
    }
    let mut ends_at_look = false;
    for (i, to) in groups.iter().enumerate() {
        let look = given.get(i).and_then(Option::as_ref);
        let wide = widened.get(i).copied().unwrap_or(false);
        if let (None, true, Some(look)) = (fix, i + 1 == groups.len(), look) {
            let gens = families.generators(&from, &modulus);
            let (view, cosets) = end_look::end_view(puzzle, &gens, look)
                .map_err(|e| format!("phase {}: solved: {e}", phases.len() + 1))?;
            phases.push(Phase {
                moves: from.clone(),
                target: Target::Moves(to.clone()),
                cosets,
                view: PhaseView::Orbits(view),
                sift: None,
                admit: None,
                meets: false,
            });
            all = phases
                .iter()
                .fold(BigUint::one(), |a, p| a.times(&p.cosets));
            ends_at_look = true;
            break;
        }
        if *to == from {
            if look.is_some() || wide {
                return Err(format!(
                    "group {}: a look or a widening for a group that is the one before it (no phase \
                     ends there)",
                    i + 1
                ));
            }
            // (A line that repeats the group before it makes no phase.)
            continue;
        }
        let inside = Reachable::new(
            puzzle,
            &families
                .generators(&from, &modulus)
                .iter()
                .collect::<Vec<_>>(),
        );
        let to_looks = looks(puzzle, &families.generators(to, &modulus))
            .ok_or_else(|| format!("{}: its looks cannot be counted", families.describe(to)))?;
        // A group that leaves the one before (the 4x4x4's face turns after a phase without R
        // and L quarter turns): the phase ends where the two meet, counted in their join.
        let nested = families
            .generators(to, &modulus)
            .iter()
            .all(|g| inside.reaches_effect(g));
        let join: Steps = from.iter().zip(to).map(|(&a, &b)| gcd(a, b)).collect();
        let join_looks = if nested {
            from_looks.clone()
        } else {
            looks(puzzle, &families.generators(&join, &modulus)).ok_or_else(|| {
                format!(
                    "{} with {}: its looks cannot be counted",
                    families.describe(&from),
                    families.describe(to)
                )
            })?
        };
        let within = if nested { &from } else { &join };
        let phase = move_link(
            puzzle,
            &families,
            &from,
            (within, &join_looks),
            (to, &to_looks),
            look,
            true,
        )
        .map_err(|e| format!("phase {}: {e}", phases.len() + 1))?;
        if wide {
            to_widen.push(phases.len());
        }
        phases.push(phase);
        from = to.clone();
        from_looks = to_looks;
    }
    for k in to_widen {
        let target = match phases.get(k + 1) {
            Some(Phase {
                meets: true,
                target: Target::Moves(t),
                ..
            }) => families.generators(t, &modulus),
            _ => {
                return Err(format!(
                    "phase {}: widen: the next line's group does not leave this one (the goal \
                     widens only where the next phase ends where the two meet)",
                    k + 1
                ))
            }
        };
        let phase = &phases[k];
        let (view, admission) = widen(puzzle, (&phase.view, phase.sift.is_some()), &target)
            .map_err(|e| format!("phase {}: widen: {e}", k + 1))?;
        phases[k] = Phase {
            view,
            admit: Some(Arc::new(admission)),
            ..phase.clone()
        };
    }
    if let Some(limit) = fix {
        phases.extend(fixing_phases(puzzle, &families, &from, limit)?);
    }
    Ok(Chain {
        families,
        phases,
        looks: all,
        ends_at_look,
    })
}

/// Subgroups the automatic choice keeps at each step down from a phase's group (a beam): enough
/// to find Kociemba's group from the 3x3x3's, whose four squarings each look no better alone.
const BEAM: usize = 12;

/// Subgroups counted (a Schreier-Sims each, a tenth of a second on a 5x5x5 or a megaminx) while
/// a phase is chosen: past it, the best found so far ends the phase.
const COUNTED: usize = 120;

/// The estimated moves of the rest of the chain below a group of `size` looks: its own estimate,
/// raised by a quarter where it needs more than one phase (phases cost more than one search).
fn est_rest(size: f64, families: &Families, steps: &Steps, limits: Limits) -> f64 {
    let est = est_moves(size, families, steps);
    if size > limits.phase_size {
        est * 1.25
    } else {
        est
    }
}

/// The chain chosen from the moves alone (see the module's notes).
pub fn choose(puzzle: &Puzzle, set: &MoveSet, limits: Limits) -> Result<Chain, String> {
    let families = families_of(puzzle, set);
    let modulus = puzzle.modulus();
    let looks_of = |s: &Steps| looks(puzzle, &families.generators(s, &modulus));
    let mut cur = families.whole();
    let all = looks_of(&cur).ok_or("the looks the moves reach cannot be counted")?;
    let mut cur_looks = all.clone();
    let mut phases = Vec::new();
    let trivial: Steps = families.families.iter().map(|f| f.order).collect();
    while cur_looks.to_f64() > limits.phase_size {
        // Every subgroup within reach of the beam, scored by the estimated total; the best whose
        // view tells its cosets apart ends the phase.
        let mut seen = std::collections::HashSet::new();
        let mut scored: Vec<(f64, Steps, BigUint)> = Vec::new();
        let mut frontier = vec![cur.clone()];
        while !frontier.is_empty() && seen.len() < COUNTED {
            let mut level: Vec<(f64, Steps, BigUint)> = Vec::new();
            for g in &frontier {
                for cand in families.smaller(g) {
                    if families.trivial(&cand)
                        || seen.len() >= COUNTED
                        || !seen.insert(cand.clone())
                    {
                        continue;
                    }
                    let Some(l) = looks_of(&cand) else { continue };
                    let index = cur_looks.to_f64() / l.to_f64();
                    if index > limits.phase_size {
                        continue;
                    }
                    let est = est_moves(index, &families, &cur)
                        + est_rest(l.to_f64(), &families, &cand, limits);
                    level.push((est, cand, l));
                }
            }
            level.sort_by(|a, b| a.0.total_cmp(&b.0));
            frontier = level.iter().take(BEAM).map(|x| x.1.clone()).collect();
            scored.extend(level);
        }
        scored.sort_by(|a, b| a.0.total_cmp(&b.0));
        let found = scored.into_iter().find_map(|(_, cand, l)| {
            if l == cur_looks {
                return None;
            }
            let within = (&cur, &cur_looks);
            let phase =
                move_link(puzzle, &families, &cur, within, (&cand, &l), None, false).ok()?;
            Some((cand, phase, l))
        });
        let Some((next, phase, l)) = found else {
            // No subgroup the moves make is near enough: the pieces go home a few at a time.
            let fixing = fixing_phases(puzzle, &families, &cur, limits.fix_size)?;
            phases.extend(fixing);
            return Ok(Chain {
                families,
                phases,
                looks: all,
                ends_at_look: false,
            });
        };
        phases.push(phase);
        cur = next;
        cur_looks = l;
    }
    let last = move_link(
        puzzle,
        &families,
        &cur,
        (&cur, &cur_looks),
        (&trivial, &BigUint::one()),
        None,
        false,
    )?;
    phases.push(last);
    Ok(Chain {
        families,
        phases,
        looks: all,
        ends_at_look: false,
    })
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
