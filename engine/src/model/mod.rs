//! The one model every definition becomes: orbits of pieces with orientations, moves as
//! permutation plus orientation change, and a goal whose equal labels mark interchangeable pieces.
//!
//! Positions of all orbits are numbered together (orbit 0 first), so that a move is two flat arrays
//! and applying it is one loop: the KPuzzle convention, `new[i] = old[src[i]]`, with the moved
//! piece's orientation increased by `twist[i]` modulo its orbit's orientation count.
//!
//! Beside the model, its notation and the choices made on it: [`alg`] (move sequences with
//! powers, groups, conjugates and commutators), [`choice`] (the moves a user chooses), [`metric`]
//! (which moves a metric counts, and the move pruner that goes with it), [`rotations`]
//! (whole-puzzle rotations found, and puzzles reduced to "solved in any orientation"),
//! [`state_notation`] (states, effects and positions as users type them), [`show`] (states and
//! effects as text), [`net_drawing`] (a state drawn as the definition's net), and the group the
//! moves generate: [`perm_group`] (its stabiliser chain), [`reachable`] (which states and how many
//! looks the moves reach) with [`big_uint`] for its numbers, and [`symmetries`] (the
//! rearrangements under which the moves become the moves, found from the definition).

pub mod alg;
pub mod big_uint;
pub mod canonical;
pub mod choice;
pub mod class_hash;
pub mod disjoint_sets;
pub mod goal_set;
use goal_set::GoalSet;
pub mod fingerprint;
pub mod inverse;
mod kept_positions;
pub mod look_stabiliser;
pub mod metric;
pub mod net_drawing;
pub mod perm_group;
pub mod reachable;
pub mod rotations;
pub mod show;
pub mod state_notation;
pub mod symmetries;
pub mod word_merge;
pub use kept_positions::keep_positions;

/// A kind of piece: `size` positions, each piece with `ori` orientations (1: none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orbit {
    pub name: String,
    pub size: usize,
    pub ori: u8,
}

/// A rearrangement of the positions, in gather form: the piece now at `i` came from `src[i]` and
/// turned by `twist[i]`. Moves, algorithms and effects are all `Perm`s.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Perm {
    pub src: Vec<u16>,
    pub twist: Vec<u8>,
}

/// A state: the label (goal class) and orientation of the piece at each position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    pub label: Vec<u8>,
    pub ori: Vec<u8>,
}

/// A named move of the definition.
#[derive(Clone, Debug)]
pub struct Move {
    pub name: String,
    pub perm: Perm,
    /// A base move (YAML `baseTurns`, KPuzzle `moves`), as opposed to a derived one: the metrics
    /// `htm` and `qtm` turn base moves into their powers.
    pub base: bool,
}

/// How a piece-level puzzle maps back to the stickers of the definition it was reduced from, so
/// that states and effects print in the definition's own numbering.
#[derive(Clone, Debug)]
pub struct StickerMap {
    /// Number of stickers in the definition.
    pub stickers: usize,
    /// For each position, its stickers in orientation order.
    pub of_position: Vec<Vec<usize>>,
    /// Goal colour names of the stickers.
    pub colors: Vec<String>,
}

/// A puzzle ready to search.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub name: String,
    pub orbits: Vec<Orbit>,
    pub moves: Vec<Move>,
    pub goal: State,
    /// Label names (colours or piece names), for printing.
    pub label_names: Vec<String>,
    /// Where the definition was given sticker by sticker.
    pub stickers: Option<StickerMap>,
    /// A drawing of the puzzle with sticker numbers in it (YAML `layout`).
    pub layout: Option<String>,
    /// What the definition says of itself (`comment`/`description`).
    pub comment: Option<String>,
    /// Each position's index within its orbit in the definition (pieces no move touches are
    /// dropped, so the numbering can have gaps).
    pub original: Vec<usize>,
    /// What the loader ignored and the user should hear of (an orbit no one declared).
    pub warnings: Vec<String>,
    /// Per label, the modulus its orientation counts in when it differs from its orbit's
    /// (KPuzzle's per-piece `orientationMod`; 0 or missing: the orbit's). Empty for most puzzles.
    pub label_mod: Vec<u8>,
    /// What counts as solved beside `goal` (a phase's goal that is several looks: the 4x4x4's
    /// R/L centres in any of the arrangements half turns solve). Empty for a definition.
    pub goal_set: GoalSet,
    /// Per position, where it is a pair slot (a view's [`Pairs`](crate::phases::block_pairs)),
    /// the two positions of the puzzle the view was made of whose pieces it pairs: a coordinate
    /// ranks a grid of such slots by its pairing ([`crate::tables::space`]). Empty for a
    /// definition; `None` at positions that are not slots.
    pub slot_ends: Vec<Option<(u16, u16)>>,
}

impl Perm {
    pub fn identity(n: usize) -> Perm {
        Perm {
            src: (0..n as u16).collect(),
            twist: vec![0; n],
        }
    }

    pub fn len(&self) -> usize {
        self.src.len()
    }

    pub fn is_empty(&self) -> bool {
        self.src.is_empty()
    }

    /// `self` then `other`.
    pub fn then(&self, other: &Perm, modulus: &[u8]) -> Perm {
        let n = self.len();
        let mut p = Perm {
            src: vec![0; n],
            twist: vec![0; n],
        };
        self.then_into(other, modulus, &mut p);
        p
    }

    /// [`Perm::then`] into `out` (of the same length), without allocating.
    pub fn then_into(&self, other: &Perm, modulus: &[u8], out: &mut Perm) {
        for i in 0..self.len() {
            let j = other.src[i] as usize;
            out.src[i] = self.src[j];
            // (Twists are below their modulus: a subtraction, not a division.)
            let t = self.twist[j] + other.twist[i];
            out.twist[i] = if t >= modulus[i] { t - modulus[i] } else { t };
        }
    }

    pub fn inverse(&self, modulus: &[u8]) -> Perm {
        let n = self.len();
        let mut p = Perm {
            src: vec![0; n],
            twist: vec![0; n],
        };
        for i in 0..n {
            let j = self.src[i] as usize;
            p.src[j] = i as u16;
            p.twist[j] = (modulus[i] - self.twist[i]) % modulus[i];
        }
        p
    }

    /// `self` repeated `k` times (`k` may be negative: the inverse's power).
    pub fn pow(&self, k: i64, modulus: &[u8]) -> Perm {
        let base = if k < 0 {
            self.inverse(modulus)
        } else {
            self.clone()
        };
        let mut p = Perm::identity(self.len());
        for _ in 0..k.unsigned_abs() {
            p = p.then(&base, modulus);
        }
        p
    }

    pub fn is_identity(&self) -> bool {
        self.src.iter().enumerate().all(|(i, &s)| s as usize == i)
            && self.twist.iter().all(|&t| t == 0)
    }

    /// Smallest `k >= 1` with `self^k` the identity.
    pub fn order(&self, modulus: &[u8]) -> u64 {
        // The lcm over cycles of (cycle length times the order of its net twist).
        let mut seen = vec![false; self.len()];
        let mut order = 1u64;
        for start in 0..self.len() {
            if seen[start] {
                continue;
            }
            let (mut i, mut len, mut twist) = (start, 0u64, 0u32);
            while !seen[i] {
                seen[i] = true;
                twist += self.twist[i] as u32;
                i = self.src[i] as usize;
                len += 1;
            }
            let m = modulus[start] as u32;
            let t = twist % m;
            let twist_order = if t == 0 {
                1
            } else {
                (m / gcd(m as u64, t as u64) as u32) as u64
            };
            order = lcm(order, len * twist_order);
        }
        order
    }

    /// Number of positions whose piece moved or turned.
    pub fn support(&self) -> usize {
        (0..self.len())
            .filter(|&i| self.src[i] as usize != i || self.twist[i] != 0)
            .count()
    }
}

/// The label of `name`, added to `names` if new; `None` past 256 labels (labels are bytes).
pub fn intern(names: &mut Vec<String>, name: &str) -> Option<u8> {
    let l = match names.iter().position(|x| x == name) {
        Some(l) => l,
        None => {
            names.push(name.to_string());
            names.len() - 1
        }
    };
    u8::try_from(l).ok()
}

pub fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

pub fn lcm(a: u64, b: u64) -> u64 {
    a / gcd(a, b) * b
}

impl State {
    /// One more than the largest label: the length of a table indexed by label.
    pub fn label_count(&self) -> usize {
        self.label
            .iter()
            .map(|&l| l as usize + 1)
            .max()
            .unwrap_or(0)
    }

    /// The state after `p`.
    pub fn apply(&self, p: &Perm, modulus: &[u8]) -> State {
        let mut out = self.clone();
        self.apply_into(p, modulus, &mut out);
        out
    }

    #[inline]
    pub fn apply_into(&self, p: &Perm, modulus: &[u8], out: &mut State) {
        // The search's innermost loop: zipped so that only the source index is bounds-checked,
        // and the modulus subtracted without a branch.
        let n = p.src.len();
        let moved = p.src.iter().zip(&p.twist).zip(&modulus[..n]);
        for ((out_label, out_ori), ((&j, &t), &m)) in
            out.label[..n].iter_mut().zip(&mut out.ori[..n]).zip(moved)
        {
            let j = j as usize;
            *out_label = self.label[j];
            let o = self.ori[j] + t;
            *out_ori = o - if o >= m { m } else { 0 };
        }
    }
}

impl Puzzle {
    /// Total number of positions.
    pub fn positions(&self) -> usize {
        self.orbits.iter().map(|o| o.size).sum()
    }

    /// Orientation count of each position.
    pub fn modulus(&self) -> Vec<u8> {
        self.orbits
            .iter()
            .flat_map(|o| std::iter::repeat_n(o.ori, o.size))
            .collect()
    }

    /// First position of each orbit.
    pub fn offsets(&self) -> Vec<usize> {
        let mut at = 0;
        self.orbits
            .iter()
            .map(|o| {
                let first = at;
                at += o.size;
                first
            })
            .collect()
    }

    pub fn move_index(&self, name: &str) -> Option<usize> {
        self.moves.iter().position(|m| m.name == name)
    }

    /// Whether all labels of an orbit are distinct (no interchangeable pieces in it).
    pub fn distinct_labels(&self, orbit: usize) -> bool {
        let first = self.offsets()[orbit];
        let labels = &self.goal.label[first..first + self.orbits[orbit].size];
        let mut seen = [false; 256];
        labels
            .iter()
            .all(|&l| !std::mem::replace(&mut seen[l as usize], true))
    }

    /// The puzzle with the pieces at `positions` interchangeable with each other (one label), in
    /// each orbit separately: their places do not matter any more.
    pub fn with_merged(&self, positions: &[usize]) -> Puzzle {
        let mut p = self.clone();
        let offsets = self.offsets();
        for (o, orbit) in self.orbits.iter().enumerate() {
            let inside: Vec<usize> = positions
                .iter()
                .copied()
                .filter(|&i| i >= offsets[o] && i < offsets[o] + orbit.size)
                .collect();
            if let Some(&first) = inside.first() {
                let label = p.goal.label[first];
                for &i in &inside {
                    p.goal.label[i] = label;
                }
            }
        }
        p
    }

    /// Whether `s` is solved: the goal (or one of `more_goals`), up to orientations that
    /// per-piece moduli ignore.
    pub fn is_solved(&self, s: &State) -> bool {
        let more = &self.goal_set.more;
        if self.label_mod.is_empty() {
            // (`more` is sorted: a phase's goal may be thousands of looks.)
            return *s == self.goal || more.binary_search(s).is_ok();
        }
        self.looks_like(s, &self.goal) || more.iter().any(|g| self.looks_like(s, g))
    }

    /// Whether `s` looks like `goal`: equal up to orientations that per-piece moduli ignore.
    fn looks_like(&self, s: &State, goal: &State) -> bool {
        if self.label_mod.is_empty() {
            return s == goal;
        }
        s.label == goal.label
            && (0..s.ori.len()).all(|i| match self.label_mod.get(s.label[i] as usize) {
                Some(&m) if m > 0 => s.ori[i] % m == goal.ori[i] % m,
                _ => s.ori[i] == goal.ori[i],
            })
    }

    /// Every solved state: the goal and `more_goals`, each with each piece whose modulus ignores
    /// some orientations turned by every multiple of that modulus (just the goal for most
    /// puzzles).
    pub fn goals(&self) -> Vec<State> {
        let mut out = self.variants(&self.goal);
        for g in &self.goal_set.more {
            out.extend(self.variants(g));
        }
        out
    }

    /// The states that look like `s` (itself first): `s` with each piece whose modulus ignores
    /// some orientations turned by every multiple of that modulus.
    pub fn variants(&self, s: &State) -> Vec<State> {
        let modulus = self.modulus();
        let mut out = vec![s.clone()];
        for i in 0..s.ori.len() {
            let m = match self.label_mod.get(s.label[i] as usize) {
                Some(&m) if m > 0 => m,
                _ => continue,
            };
            let k = modulus[i];
            let mut more = Vec::new();
            for g in &out {
                for step in 1..k / m {
                    let mut v = g.clone();
                    v.ori[i] = (v.ori[i] + step * m) % k;
                    more.push(v);
                }
            }
            out.extend(more);
        }
        out
    }

    /// Records the ends of the pair slots of positions `at..` (none where `ends` names none and
    /// no slot came before).
    pub fn add_slot_ends(&mut self, at: usize, ends: Vec<Option<(u16, u16)>>) {
        if !self.slot_ends.is_empty() || ends.iter().any(Option::is_some) {
            self.slot_ends.resize(at, None);
            self.slot_ends.extend(ends);
        }
    }

    /// The puzzle with only the named moves.
    pub fn with_moves(&self, keep: &[usize]) -> Puzzle {
        let mut p = self.clone();
        p.moves = keep.iter().map(|&m| self.moves[m].clone()).collect();
        p
    }
}
