//! A state's inverse and its conjugates by a symmetry, as the search's inverse look-ups make them
//! (`engine::model::inverse`), against the slow ways that share nothing with them:
//! - the inverse of the state a random sequence makes is the state the inverse sequence makes
//!   (each move inverted as a permutation, in reverse order), on the 3x3x3 and the megaminx;
//! - the conjugate of a random state by each generator of the symmetries is the one
//!   `symmetries::conjugate_state` makes (through slot permutations), on the 3x3x3 (mirrors
//!   among them), the megaminx and the skewb.

mod defs;
mod rng;

use defs::puzzle;
use engine::model::inverse::{Conjugator, Inverter};
use engine::model::metric::MoveSet;
use engine::model::perm_group::Slots;
use engine::model::symmetries::{conjugate_state, find};
use engine::model::{Puzzle, State};
use rng::Lcg;

fn random_state(p: &Puzzle, set: &MoveSet, rng: &mut Lcg) -> (State, Vec<usize>) {
    let m = p.modulus();
    let seq: Vec<usize> = (0..rng.below(40))
        .map(|_| rng.below(set.perms.len()))
        .collect();
    let s = seq
        .iter()
        .fold(p.goal.clone(), |s, &mv| s.apply(&set.perms[mv], &m));
    (s, seq)
}

#[test]
fn the_inverse_is_the_inverse_sequences_state() {
    for name in ["3x3x3", "megaminx.tws"] {
        let (p, set) = puzzle(name);
        let inverter = Inverter::new(&p).expect("distinct pieces, untwisted goal");
        let m = p.modulus();
        let mut rng = Lcg(0x2545_F491_4F6C_DD1D);
        let mut out = p.goal.clone();
        for _ in 0..200 {
            let (s, seq) = random_state(&p, &set, &mut rng);
            let undone = seq.iter().rev().fold(p.goal.clone(), |t, &mv| {
                t.apply(&set.perms[mv].inverse(&m), &m)
            });
            inverter.invert_into(&s, &mut out);
            assert_eq!(out, undone, "{name} {seq:?}");
        }
    }
}

#[test]
fn conjugates_are_those_of_the_slot_permutations() {
    for name in ["3x3x3", "megaminx.tws", "skewb.tws"] {
        let (p, set) = puzzle(name);
        let slots = Slots::of(&p);
        let syms = find(&p, &set.perms, &set.names);
        assert!(syms.generators.len() >= 2, "{name}");
        let mut rng = Lcg(0x9E37_79B9_7F4A_7C15);
        let mut out = p.goal.clone();
        let mut at = vec![0u16; p.positions()];
        for g in &syms.generators {
            let conj = Conjugator::new(&p, &slots, &g.slots).expect("distinct pieces");
            for _ in 0..50 {
                let (s, seq) = random_state(&p, &set, &mut rng);
                conj.conjugate_into(&s, &mut at, &mut out);
                let slow = conjugate_state(&p.goal, &slots, &g.slots, &s);
                assert_eq!(out, slow, "{name} {seq:?}");
            }
        }
    }
}
