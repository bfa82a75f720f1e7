//! A state's representative under the symmetries (`engine::model::canonical`) and its class hash
//! (`engine::model::class_hash`), against the slow conjugation that shares nothing with them
//! (`symmetries::conjugate_state`, through slot permutations): on the 3x3x3 (mirrors among its
//! 48), the megaminx (120) and the skewb, for random states of every length, every conjugate of a
//! state has the state's representative and class hash, and the representative is a conjugate.

mod defs;
mod rng;

use defs::puzzle;
use engine::model::canonical::{Canon, CanonScratch};
use engine::model::metric::MoveSet;
use engine::model::perm_group::Slots;
use engine::model::symmetries::{conjugate_state, find};
use engine::model::{Puzzle, State};
use engine::tables::near_table::fingerprint;
use rng::Lcg;

fn random_state(p: &Puzzle, set: &MoveSet, rng: &mut Lcg, moves: usize) -> State {
    let m = p.modulus();
    (0..moves).fold(p.goal.clone(), |s, _| {
        s.apply(&set.perms[rng.below(set.perms.len())], &m)
    })
}

#[test]
fn every_conjugate_has_the_states_representative_and_class_hash() {
    for (name, syms_expected) in [("3x3x3", 48), ("megaminx.tws", 120), ("skewb.tws", 0)] {
        let (p, set) = puzzle(name);
        let slots = Slots::of(&p);
        let found = find(&p, &set.perms, &set.names);
        let all = found.elements(true, 1000);
        if syms_expected > 0 {
            assert_eq!(all.len(), syms_expected, "{name}");
        }
        let canon = Canon::new(&p, &all).expect("distinct pieces");
        let mut scratch = CanonScratch::default();
        let mut rng = Lcg(0x5851_F42D_4C95_7F2D);
        for i in 0..60 {
            let s = random_state(&p, &set, &mut rng, i % 12);
            let f = canon.canonical(&s, &mut scratch);
            let rep = canon.representative(&s, &mut scratch).clone();
            assert_eq!(fingerprint(&rep), fingerprint(&rep));
            let h = canon.class_hash(&s);
            let mut rep_is_conjugate = false;
            for sym in &all {
                let c = conjugate_state(&p.goal, &slots, &sym.slots, &s);
                assert_eq!(canon.canonical(&c, &mut scratch), f, "{name} move {i}");
                assert_eq!(canon.class_hash(&c), h, "{name} move {i}");
                rep_is_conjugate |= c == rep;
            }
            assert!(rep_is_conjugate, "{name}");
        }
    }
}
