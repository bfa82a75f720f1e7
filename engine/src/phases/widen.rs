//! A phase's goal widened to every state from which the next phase can finish, where the next
//! phase leaves its group (TNoodle's 4x4x4, second phase).
//!
//! Where phase k+1's group G does not hold the group T it ends in (the 4x4x4's `<U, D, F, B, R2,
//! L2, Uw2, Rw2, Fw2>` and the face turns), phase k need not end in G: phase k+1 finishes from
//! any state of T·G (t = f·g: g's inverse, a word of G, leaves f in T). On the 4x4x4 that is the
//! wings: G keeps each wing among its 12 "low" or "high" places, T flips dedges, so phase k may
//! leave each dedge's two wings one low, one high, either way round, an even number of them the
//! wrong way (TNoodle's `checkEdge`): 2,048 times G's goal, about three moves shorter.
//!
//! No colouring sees T·G (it is a union of G's left cosets, a look sees right ones), so the view
//! drops the orbits T changes (D) and each solution's end is tested. The test, for a view V exact
//! on G's cosets, whose goals agree on D: t is in T·G exactly when V's other orbits see t solved
//! and V sees t's inverse, on D, as T sees the goal (f⁻¹·t is then in G, for the f with
//! goal_D·t⁻¹ = goal_D·f⁻¹). The inverse is taken on D alone, so D's pieces must each be their own.

use super::coset_view::CosetView;
use super::phase_view::PhaseView;
use crate::model::{keep_positions, Perm, Puzzle, State};
use std::collections::HashSet;

/// The most looks T may take the goal's part on D to (the 4x4x4's: 2,048).
const MOST_WIDE_LOOKS: usize = 1 << 20;

/// The test a widened phase's solutions pass at their end: in T·G.
#[derive(Debug)]
pub struct Admission {
    /// The phase's view before widening: exact on G's cosets.
    view: CosetView,
    /// The puzzle's positions of D (whole orbits), and per label its home position.
    positions: Vec<usize>,
    home: Vec<usize>,
    /// D's positions in the view, and the looks T takes the goal's part there to.
    at: Vec<usize>,
    looks: HashSet<Vec<(u8, u8)>>,
    /// How many times the phase's goal the widened one is.
    pub factor: usize,
}

impl Admission {
    /// Whether `s` (a state of the puzzle) lies in T·G, its other orbits already solved.
    pub fn admits(&self, puzzle: &Puzzle, s: &State) -> bool {
        let goal = &puzzle.goal;
        let modulus = puzzle.modulus();
        let mut inverse = s.clone();
        for &r in &self.positions {
            // Position r holds the piece whose home is q: the inverse holds r's piece at q.
            let q = self.home[s.label[r] as usize];
            let m = modulus[q];
            inverse.label[q] = goal.label[r];
            inverse.ori[q] = (goal.ori[r] + goal.ori[q] + m - s.ori[r] % m) % m;
        }
        let v = self.view.state(&inverse);
        let part: Vec<(u8, u8)> = self.at.iter().map(|&i| (v.label[i], v.ori[i])).collect();
        self.looks.contains(&part)
    }
}

/// A phase's view (`sifted`: its ends are sifted) widened to end anywhere in T·G, T the group
/// `target` (the next phase's end) generates: the narrower view and the test each end must pass;
/// an error says why it cannot be. (The chain builds the phase from them: this module sees no
/// phase, so the two do not import each other.)
pub fn widen(
    puzzle: &Puzzle,
    (view, sifted): (&PhaseView, bool),
    target: &[Perm],
) -> Result<(PhaseView, Admission), String> {
    let PhaseView::Orbits(view) = view else {
        return Err("the phase puts pieces home (only a coset view widens)".into());
    };
    if sifted {
        return Err("the phase's view falls short of its cosets (its ends are sifted)".into());
    }
    let vp = &view.puzzle;
    let modulus = vp.modulus();
    let perms: Vec<Perm> = target.iter().map(|g| view.perm(g)).collect();
    let offsets = vp.offsets();
    // D: the view's orbits that some generator of T changes the goal's look on.
    let mut drop = vec![false; vp.positions()];
    for (o, orbit) in vp.orbits.iter().enumerate() {
        let range = offsets[o]..offsets[o] + orbit.size;
        let changed = perms.iter().any(|p| {
            let s = vp.goal.apply(p, &modulus);
            range
                .clone()
                .any(|i| (s.label[i], s.ori[i]) != (vp.goal.label[i], vp.goal.ori[i]))
        });
        if !changed {
            continue;
        }
        if range.end > view.kept.len() {
            return Err(format!(
                "the next phase's end changes the view's {}, which it carries (only pieces widen)",
                orbit.name
            ));
        }
        range.for_each(|i| drop[i] = true);
    }
    let at: Vec<usize> = (0..drop.len()).filter(|&i| drop[i]).collect();
    if at.is_empty() {
        return Err(
            "the next phase's end leaves this phase's goal as it is: nothing to widen".into(),
        );
    }
    let part =
        |s: &State| -> Vec<(u8, u8)> { at.iter().map(|&i| (s.label[i], s.ori[i])).collect() };
    if vp.goal_set.more.iter().any(|g| part(g) != part(&vp.goal)) {
        return Err("the phase's goals differ where the next phase's end changes them".into());
    }
    let positions: Vec<usize> = at.iter().map(|&i| view.kept[i]).collect();
    let mut home = vec![usize::MAX; puzzle.goal.label_count()];
    for &q in &positions {
        let l = puzzle.goal.label[q] as usize;
        if home[l] != usize::MAX
            || puzzle
                .goal
                .label
                .iter()
                .filter(|&&x| x as usize == l)
                .count()
                > 1
        {
            return Err("pieces that look alike where the next phase's end moves them".into());
        }
        home[l] = q;
    }
    // The looks T takes the goal's part on D to (a search of the view's looks under T).
    let mut seen = HashSet::from([vp.goal.clone()]);
    let mut queue = vec![vp.goal.clone()];
    while let Some(s) = queue.pop() {
        for p in &perms {
            let t = s.apply(p, &modulus);
            if !seen.contains(&t) {
                if seen.len() == MOST_WIDE_LOOKS {
                    return Err(format!(
                        "the next phase's end takes the goal to more than {MOST_WIDE_LOOKS} looks"
                    ));
                }
                seen.insert(t.clone());
                queue.push(t);
            }
        }
    }
    let looks: HashSet<Vec<(u8, u8)>> = seen.iter().map(part).collect();
    // The view without D: its goals are the old ones there.
    let keep: Vec<usize> = (0..drop.len()).filter(|&i| !drop[i]).collect();
    let mut narrow = view.clone();
    narrow.puzzle = keep_positions(vp, &keep);
    let cut = |s: &State| State {
        label: keep.iter().map(|&i| s.label[i]).collect(),
        ori: keep.iter().map(|&i| s.ori[i]).collect(),
    };
    let goal = narrow.puzzle.goal.clone();
    let mut more: Vec<State> = vp
        .goal_set
        .more
        .iter()
        .map(cut)
        .filter(|g| *g != goal)
        .collect();
    more.sort_unstable();
    more.dedup();
    narrow.puzzle.goal_set.more = more;
    let kept_view: Vec<usize> = keep
        .iter()
        .copied()
        .filter(|&i| i < view.kept.len())
        .collect();
    narrow.kept = kept_view.iter().map(|&i| view.kept[i]).collect();
    narrow.modulus = kept_view.iter().map(|&i| view.modulus[i]).collect();
    let factor = looks.len();
    let admission = Admission {
        view: view.clone(),
        positions,
        home,
        at,
        looks,
        factor,
    };
    Ok((PhaseView::Orbits(narrow), admission))
}
