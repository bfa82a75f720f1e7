//! What of a state names its coset of a subgroup: the pieces recoloured by the subgroup's orbits.
//!
//! A phase that ends in the subgroup `K` needs, of each state, what every state `K` leads to from
//! the goal shares, and nothing more. The orbits of `K` on slots (a position with an orientation)
//! give it:
//! - Positions `K` mixes hold pieces of one colour: the goal's labels of an orbit become one.
//! - Orientations count modulo `d`, where `K` turns a piece in place by multiples of `d` only (the
//!   3x3x3's edge flips under `<U, D, L2, R2, F2, B2>`: `d` = 2; corner twists under `<U, R>`: 1).
//!   Orientation frames need not agree around an orbit, so each position `q` gets the twist `c(q)`
//!   that carries the orbit's first slot to it, and each piece keeps, as an offset travelling with
//!   it, the twist between its home's `c` and its home orientation: every state of the coset then
//!   shows `c(q)` at `q`.
//!
//! Whether that is enough (the pieces `K` keeps paired, parities) is not decided here but by
//! counting: [`super::chain`] multiplies the views' count by the subgroup's and compares.

use super::carried::Carried;
use crate::model::disjoint_sets::DisjointSets;
use crate::model::{keep_positions, Move, Orbit, Perm, Puzzle, State};

/// The most solved states a view may have (each piece whose orientation it ignores, in an orbit
/// whose other pieces' orientations count, multiplies them).
const MAX_GOALS: u64 = 4096;

/// A puzzle's states seen up to a subgroup: the phase's puzzle and the map into it.
#[derive(Clone, Debug)]
pub struct CosetView {
    /// The view as a puzzle of its own: its goal is what every state of the subgroup looks like.
    pub puzzle: Puzzle,
    /// The positions kept (those whose look can change).
    pub(super) kept: Vec<usize>,
    /// Per label of the puzzle: its colour in the view, and the twist its pieces carry.
    pub(super) class: Vec<u8>,
    pub(super) offset: Vec<u8>,
    /// The view's orientation count of each kept position.
    pub(super) modulus: Vec<u8>,
    /// What the view carries after the kept positions (parities, pairs), each with its first
    /// label's number in the view.
    pub(super) carried: Vec<(Carried, u8)>,
}

/// What a view makes of a puzzle's labels and positions: from a subgroup's orbits
/// ([`CosetView::new`]) or given as a look ([`super::look_goal`]).
pub(super) struct Recolouring {
    /// Per label: its colour, and the twist its pieces carry; the colours' names.
    pub class: Vec<u8>,
    pub offset: Vec<u8>,
    pub names: Vec<String>,
    /// Per colour: the modulus its orientation counts in, where not its position's (0).
    pub label_mod: Vec<u8>,
    /// Per position: the view's orientation modulus, and the goal's orientation in it.
    pub view_mod: Vec<u8>,
    pub goal_ori: Vec<u8>,
    /// The positions the view keeps (whole orbits).
    pub kept: Vec<usize>,
}

impl Recolouring {
    /// The colours the orbits of the group `gens` generate give (see the module's notes).
    pub fn by_orbits(puzzle: &Puzzle, gens: &[Perm]) -> Result<Recolouring, String> {
        let modulus = puzzle.modulus();
        let slots = SlotOrbits::of(puzzle, gens, &modulus);
        let (step, frame) = (&slots.step, &slots.frame);
        let (class, names) = colour_classes(puzzle, &slots.root_position);
        let offset = label_offsets(puzzle, step, frame)?;
        let (view_mod, label_mod, kept) = orientation_steps(puzzle, step, &class, names.len())?;
        Ok(Recolouring {
            goal_ori: (0..modulus.len()).map(|q| frame[q] % view_mod[q]).collect(),
            offset: offset.iter().map(|x| x.map_or(0, |(v, _)| v)).collect(),
            class,
            names,
            label_mod,
            view_mod,
            kept,
        })
    }
}

impl CosetView {
    /// The view of `puzzle`'s states up to the group `gens` generate. An error where alike pieces
    /// sit in frames the orbits cannot reconcile (the view would need more than colours).
    pub fn new(puzzle: &Puzzle, gens: &[Perm]) -> Result<CosetView, String> {
        CosetView::assemble(puzzle, Recolouring::by_orbits(puzzle, gens)?)
    }

    /// The view a recolouring makes (from a subgroup's orbits, or given as a look:
    /// [`super::look_goal`]). An error where ignored orientations would give the view too many
    /// solved states.
    pub(super) fn assemble(puzzle: &Puzzle, r: Recolouring) -> Result<CosetView, String> {
        let n = r.view_mod.len();
        let goal = &puzzle.goal;
        let offsets = puzzle.offsets();
        let mut view = puzzle.clone();
        view.orbits = puzzle
            .orbits
            .iter()
            .enumerate()
            .map(|(o, orbit)| Orbit {
                ori: r.view_mod[offsets[o]],
                ..orbit.clone()
            })
            .collect();
        // A piece whose orientation is ignored within an orbit that counts it multiplies the
        // solved states the tables start from (`Puzzle::goals`): 3^20 on a megaminx's corners.
        let mut goals = 1f64;
        for q in 0..n {
            let c = r.class[goal.label[q] as usize] as usize;
            let m = r.label_mod.get(c).copied().unwrap_or(0);
            if m > 0 && r.view_mod[q] > m {
                goals *= (r.view_mod[q] / m) as f64;
            }
        }
        if goals > MAX_GOALS as f64 {
            return Err(format!(
                "the view would have {goals:.0e} solved states (orientations ignored piece by piece)"
            ));
        }
        view.label_mod = if r.label_mod.iter().all(|&m| m == 0) {
            Vec::new()
        } else {
            r.label_mod
        };
        view.label_names = r.names;
        view.goal = State {
            label: goal.label.iter().map(|&l| r.class[l as usize]).collect(),
            ori: r.goal_ori,
        };
        let reduce = |p: &Perm| Perm {
            src: p.src.clone(),
            twist: (0..n).map(|q| p.twist[q] % r.view_mod[q]).collect(),
        };
        view.moves = puzzle
            .moves
            .iter()
            .map(|m| Move {
                perm: reduce(&m.perm),
                ..m.clone()
            })
            .collect();
        let view = keep_positions(&view, &r.kept);
        let modulus = r.kept.iter().map(|&q| r.view_mod[q]).collect();
        Ok(CosetView {
            puzzle: view,
            kept: r.kept,
            class: r.class,
            offset: r.offset,
            modulus,
            carried: Vec::new(),
        })
    }

    /// The view with `more` carried too, each an orbit of its own after the positions kept,
    /// which each of `puzzle`'s moves moves as it says. An error where the labels would pass a
    /// byte's 256.
    pub fn with(mut self, puzzle: &Puzzle, more: Vec<Carried>) -> Result<CosetView, String> {
        let v = &mut self.puzzle;
        for c in more {
            let k = 1 + self
                .carried
                .iter()
                .filter(|(d, _)| same_kind(d, &c))
                .count();
            let (name, size, ori) = c.orbit(k);
            let names = c.label_names(k);
            let base = u8::try_from(v.label_names.len() + names.len() - 1)
                .map(|last| last - (names.len() as u8 - 1))
                .map_err(|_| "the view would have more than 256 labels".to_string())?;
            let at = v.positions() as u16;
            v.orbits.push(Orbit { name, size, ori });
            if !v.label_mod.is_empty() {
                v.label_mod.extend(names.iter().map(|_| 0));
            }
            v.label_names.extend(names);
            v.goal.label.extend(c.goal().iter().map(|&l| base + l));
            v.goal.ori.extend((0..size).map(|_| 0));
            v.original.extend(0..size);
            v.add_slot_ends(at as usize, c.slot_ends());
            for (m, original) in v.moves.iter_mut().zip(&puzzle.moves) {
                let (src, twist) = c.perm(&original.perm);
                m.perm.src.extend(src.iter().map(|&q| at + q));
                m.perm.twist.extend(twist);
            }
            self.carried.push((c, base));
        }
        // Sticker drawings have no place for a parity or a pair.
        v.stickers = None;
        Ok(self)
    }

    /// What the view tracks, an orbit a clause: `EDGES 12 pieces in 2 colours, flips mod 2`.
    pub fn describe(&self) -> String {
        let p = &self.puzzle;
        let offsets = p.offsets();
        let parts: Vec<String> = p
            .orbits
            .iter()
            .enumerate()
            .map(|(o, orbit)| {
                let labels = &p.goal.label[offsets[o]..offsets[o] + orbit.size];
                let mut seen = [false; 256];
                let colours = labels
                    .iter()
                    .filter(|&&l| !std::mem::replace(&mut seen[l as usize], true))
                    .count();
                let ori = match orbit.ori {
                    1 => String::new(),
                    k => format!(", orientations mod {k}"),
                };
                let colours = if colours == orbit.size {
                    "each its own".to_string()
                } else {
                    format!("in {colours} colours")
                };
                format!("{} {} pieces {colours}{ori}", orbit.name, orbit.size)
            })
            .collect();
        if parts.is_empty() {
            "nothing (the phase is empty)".into()
        } else {
            parts.join("; ")
        }
    }

    /// A state of the puzzle as the view sees it.
    pub fn state(&self, s: &State) -> State {
        let mut out = State {
            label: Vec::with_capacity(self.kept.len()),
            ori: Vec::with_capacity(self.kept.len()),
        };
        for (i, &q) in self.kept.iter().enumerate() {
            let l = s.label[q] as usize;
            out.label.push(self.class[l]);
            out.ori.push((s.ori[q] + self.offset[l]) % self.modulus[i]);
        }
        for (c, base) in &self.carried {
            let (labels, ori) = c.state(s);
            out.label.extend(labels.iter().map(|&l| base + l));
            out.ori.extend(ori);
        }
        out
    }

    /// A rearrangement of the puzzle as the view sees it (the puzzle's moves keep the kept
    /// positions among themselves: whole orbits are kept or dropped).
    pub fn perm(&self, p: &Perm) -> Perm {
        let mut index = vec![u16::MAX; p.len()];
        for (i, &q) in self.kept.iter().enumerate() {
            index[q] = i as u16;
        }
        let mut out = Perm {
            src: self
                .kept
                .iter()
                .map(|&q| index[p.src[q] as usize])
                .collect(),
            twist: self
                .kept
                .iter()
                .enumerate()
                .map(|(i, &q)| p.twist[q] % self.modulus[i])
                .collect(),
        };
        let mut at = self.kept.len() as u16;
        for (c, _) in &self.carried {
            let (src, twist) = c.perm(p);
            out.src.extend(src.iter().map(|&q| at + q));
            out.twist.extend(twist);
            at += src.len() as u16;
        }
        out
    }
}

/// Whether two carried things are of one kind (their orbits are numbered within a kind).
fn same_kind(a: &Carried, b: &Carried) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The slots (a position and an orientation) the subgroup's generators connect, seen from each
/// position.
struct SlotOrbits {
    /// Per position: the twist step the subgroup allows in place.
    step: Vec<u8>,
    /// Per position: its orientation relative to its orbit's first slot, c(q).
    frame: Vec<u8>,
    /// Per position: the first position of its orbit.
    root_position: Vec<usize>,
}

impl SlotOrbits {
    fn of(puzzle: &Puzzle, gens: &[Perm], modulus: &[u8]) -> SlotOrbits {
        let n = modulus.len();
        let mut first = Vec::with_capacity(n);
        let mut slots = 0;
        for &k in modulus {
            first.push(slots);
            slots += k as usize;
        }
        // The piece at `src[i]` in orientation o goes to `i` in orientation o + twist[i].
        let mut orbits = DisjointSets::new(slots);
        for g in gens {
            for i in 0..n {
                let from = g.src[i] as usize;
                let k = modulus[i];
                for o in 0..k {
                    orbits.union(
                        first[from] + o as usize,
                        first[i] + ((o + g.twist[i]) % k) as usize,
                    );
                }
            }
        }
        let goal = &puzzle.goal;
        let ignored = |q: usize| match puzzle.label_mod.get(goal.label[q] as usize) {
            Some(&m) if m > 0 => m,
            _ => modulus[q],
        };
        // Per position: the twist step the subgroup allows in place, and c(q).
        let mut step = vec![0u8; n];
        let mut frame = vec![0u8; n];
        let mut root_position = vec![0usize; n];
        for q in 0..n {
            let k = modulus[q];
            let home = orbits.find(first[q]);
            let d = (1..k)
                .find(|&o| orbits.find(first[q] + o as usize) == home)
                .unwrap_or(k);
            step[q] = gcd(d, ignored(q));
            // The orbit's first slot: the first position with a slot in it, orientation 0 there.
            let r = (0..=q)
                .find(|&p| (0..modulus[p]).any(|o| orbits.find(first[p] + o as usize) == home))
                .unwrap_or(q);
            root_position[q] = r;
            let r0 = orbits.find(first[r]);
            frame[q] = (0..k)
                .find(|&o| orbits.find(first[q] + o as usize) == r0)
                .unwrap_or(0);
        }
        SlotOrbits {
            step,
            frame,
            root_position,
        }
    }
}

/// Labels whose homes share an orbit become one colour: each label's colour, and the colours'
/// names.
fn colour_classes(puzzle: &Puzzle, root_position: &[usize]) -> (Vec<u8>, Vec<String>) {
    let goal = &puzzle.goal;
    let n = goal.label.len();
    let labels = goal.label_count();
    let mut colours = DisjointSets::new(labels);
    for q in 0..n {
        colours.union(
            goal.label[q] as usize,
            goal.label[root_position[q]] as usize,
        );
    }
    let mut class = vec![0u8; labels];
    let mut names: Vec<String> = Vec::new();
    for l in 0..labels {
        let c = colours.find(l);
        if c == l {
            class[l] = names.len() as u8;
            names.push(puzzle.label_names.get(l).cloned().unwrap_or_default());
        } else {
            class[l] = class[c];
        }
    }
    (class, names)
}

/// Each label's offset and step, which all its homes must agree on.
fn label_offsets(
    puzzle: &Puzzle,
    step: &[u8],
    frame: &[u8],
) -> Result<Vec<Option<(u8, u8)>>, String> {
    let goal = &puzzle.goal;
    let labels = goal.label_count();
    let mut offset = vec![None::<(u8, u8)>; labels];
    for q in 0..goal.label.len() {
        let d = step[q];
        let v = (frame[q] % d + d - goal.ori[q] % d) % d;
        let l = goal.label[q] as usize;
        match offset[l] {
            None => offset[l] = Some((v, d)),
            Some(x) if x == (v, d) => {}
            Some(_) => {
                return Err(format!(
                    "the pieces labelled {} sit in frames the subgroup's orbits cannot reconcile",
                    puzzle.label_names.get(l).map_or("?", |s| s.as_str())
                ))
            }
        }
    }
    Ok(offset)
}

/// Per position its orientations' modulus in the view, per colour its own (0: its orbit's), and
/// the positions the view keeps.
type Steps = (Vec<u8>, Vec<u8>, Vec<usize>);

/// Each orbit's orientations modulo its step where all its positions share one (which shrinks
/// the phase's space by the orientations it ignores), else each colour's modulo its step (as the
/// goal's look). An orbit of one colour that every position turns freely is left out.
fn orientation_steps(
    puzzle: &Puzzle,
    step: &[u8],
    class: &[u8],
    colours: usize,
) -> Result<Steps, String> {
    let goal = &puzzle.goal;
    let offsets = puzzle.offsets();
    let mut view_mod = puzzle.modulus();
    let mut label_mod = vec![0u8; colours];
    let mut kept = Vec::new();
    for (o, orbit) in puzzle.orbits.iter().enumerate() {
        let range = offsets[o]..offsets[o] + orbit.size;
        let d0 = step[range.start];
        let uniform = range.clone().all(|q| step[q] == d0);
        let one_colour = range
            .clone()
            .all(|q| class[goal.label[q] as usize] == class[goal.label[range.start] as usize]);
        for q in range.clone() {
            if uniform {
                view_mod[q] = d0;
            } else {
                let c = class[goal.label[q] as usize] as usize;
                if label_mod[c] != 0 && label_mod[c] != step[q] {
                    return Err("pieces of one colour turn in different steps".into());
                }
                label_mod[c] = step[q];
            }
        }
        if !(uniform && d0 == 1 && one_colour) {
            kept.extend(range);
        }
    }
    Ok((view_mod, label_mod, kept))
}
