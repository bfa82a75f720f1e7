//! What a coset view carries beside the pieces' colours, each as an orbit of its own after the
//! positions it keeps: a parity (one piece of two orientations, [`Parity`]) or the pairs a
//! subgroup keeps together ([`Pairs`]: a slot per position pair, a pair's colour or blank).

use super::block_pairs::Pairs;
use super::parity::Parity;
use crate::model::{Perm, State};

#[derive(Clone, Debug)]
pub enum Carried {
    Parity(Parity),
    Pairs(Pairs),
}

impl Carried {
    /// The orbit's name (the `k`-th of its kind), positions and orientations.
    pub fn orbit(&self, k: usize) -> (String, usize, u8) {
        match self {
            Carried::Parity(_) => (format!("PARITY{k}"), 1, 2),
            Carried::Pairs(p) => (format!("PAIRS{k}"), p.slots.len(), 1),
        }
    }

    /// Its labels' names (the `k`-th of its kind).
    pub fn label_names(&self, k: usize) -> Vec<String> {
        match self {
            Carried::Parity(_) => vec![format!("parity{k}")],
            Carried::Pairs(_) => vec![format!("pair{k}"), "blank".into()],
        }
    }

    /// The goal's labels, by the carried orbit's own label numbers (its orientations are 0).
    pub fn goal(&self) -> Vec<u8> {
        match self {
            Carried::Parity(_) => vec![0],
            Carried::Pairs(p) => p.home.iter().map(|&h| u8::from(!h)).collect(),
        }
    }

    /// A state's labels and orientations in the orbit.
    pub fn state(&self, s: &State) -> (Vec<u8>, Vec<u8>) {
        match self {
            Carried::Parity(parity) => (vec![0], vec![parity.of_state(s)]),
            Carried::Pairs(p) => {
                let held = p.of_state(s);
                let ori = vec![0; held.len()];
                (held.into_iter().map(|h| u8::from(!h)).collect(), ori)
            }
        }
    }

    /// Per position of its orbit, the two positions of the puzzle whose pieces a pair slot
    /// pairs (`None`: not a slot).
    pub fn slot_ends(&self) -> Vec<Option<(u16, u16)>> {
        match self {
            Carried::Parity(_) => vec![None],
            Carried::Pairs(p) => p.slots.iter().map(|&s| Some(s)).collect(),
        }
    }

    /// A rearrangement's sources and twists in the orbit.
    pub fn perm(&self, p: &Perm) -> (Vec<u16>, Vec<u8>) {
        match self {
            Carried::Parity(parity) => (vec![0], vec![parity.of_perm(p)]),
            Carried::Pairs(pairs) => {
                let src = pairs.of_perm(p);
                let twist = vec![0; src.len()];
                (src, twist)
            }
        }
    }
}
