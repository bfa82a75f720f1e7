//! The 4x4x4's shipped phases: the third phase ranks the wings by their pairing, and the second,
//! widened, ends where TNoodle's check says the third can finish from.

use engine::model::{Perm, State};
use engine::phases::block_pairs::pair_systems;
use engine::phases::shipped_phases::SHIPPED_PHASES;
use engine::tables::space::{coordinates, Coord};
use shipped_chains::{shipped_chain, shipped_puzzle};
use std::collections::{BTreeSet, HashMap};

mod rng;
mod shipped_chains;

/// The 4x4x4's third phase ranks its wings by their pairing (TNoodle's Edge3, 12!/2 values, where
/// its 144 pair slots as a colouring would have C(144, 12)): along a walk of the phase's moves,
/// the value is the same exactly where this test's pairing of the wings is (each dedge's two
/// wings found by their places), and a move changes it as the coordinate's own step does.
#[test]
fn the_4x4x4s_third_phase_ranks_the_wings_by_their_pairing() {
    let s = SHIPPED_PHASES.iter().find(|s| s.puzzle == "4x4x4").unwrap();
    let (p, set) = shipped_puzzle("4x4x4");
    let chain = shipped_chain(s, &p, &set);
    let phase = &chain.phases[2];
    let ours = chain.families.moves(&phase.moves);
    let moves: Vec<Perm> = ours
        .iter()
        .map(|&m| phase.view.perm(&set.perms[m]))
        .collect();
    let grid = coordinates(phase.view.puzzle(), &moves, usize::MAX)
        .unwrap()
        .into_iter()
        .find(Coord::is_grid)
        .expect("a grid of pair slots");
    assert_eq!(grid.size, 239_500_800);
    let wings = p.orbits.iter().position(|o| o.name == "WINGS").unwrap();
    let range = p.offsets()[wings]..p.offsets()[wings] + 24;
    let faces: Vec<Perm> = ["U", "D", "L", "R", "F", "B"]
        .iter()
        .map(|f| set.perms[set.names.iter().position(|n| n == f).unwrap()].clone())
        .collect();
    let dedges: Vec<(u8, u8)> = pair_systems(&faces, range)[0]
        .iter()
        .map(|&(x, y)| (p.goal.label[x], p.goal.label[y]))
        .collect();
    let pairing = |s: &State| -> BTreeSet<(usize, usize)> {
        let at = |l: u8| s.label.iter().position(|&x| x == l).unwrap();
        dedges
            .iter()
            .map(|&(a, b)| (at(a).min(at(b)), at(a).max(at(b))))
            .collect()
    };
    let (mut value_of, mut pairing_of) = (HashMap::new(), HashMap::new());
    let (mut state, mut rng, mut scratch) = (p.goal.clone(), rng::Lcg(69), Vec::new());
    for _ in 0..2000 {
        let k = rng.below(ours.len());
        let next = state.apply(&set.perms[ours[k]], &p.modulus());
        let v = grid.value(&phase.view.state(&state));
        assert_eq!(
            grid.next(v, k, &mut scratch),
            grid.value(&phase.view.state(&next))
        );
        assert_eq!(*value_of.entry(pairing(&state)).or_insert(v), v);
        assert_eq!(
            *pairing_of.entry(v).or_insert(pairing(&state)),
            pairing(&state)
        );
        state = next;
    }
    assert!(value_of.len() > 1000, "{}", value_of.len());
}

/// The 4x4x4's second phase, widened (`widen`), ends wherever the third phase's moves reach the
/// face turns' group: its end test agrees with TNoodle's `checkEdge`, computed here from the
/// moves alone (each dedge's wings, found as the places the same faces turn, sit one in each of
/// the classes the third phase's moves keep, an even number of dedges the wrong way round), on
/// states `f·g` (always in) and `g·f`, `g·f·g'` (often not), `f` of face turns, `g` of the
/// third phase's moves.
#[test]
fn the_4x4x4s_widened_second_phase_ends_as_tnoodles_check_says() {
    let s = SHIPPED_PHASES.iter().find(|s| s.puzzle == "4x4x4").unwrap();
    let (p, set) = shipped_puzzle("4x4x4");
    let chain = shipped_chain(s, &p, &set);
    let admit = chain.phases[1]
        .admit
        .as_ref()
        .expect("a widened second phase");
    let named = |names: &[&str]| -> Vec<usize> {
        let m = |n: &str| set.names.iter().position(|x| x == n).unwrap();
        names.iter().map(|n| m(n)).collect()
    };
    let faces = named(&["U", "D", "L", "R", "F", "B"]);
    let third = named(&["U", "D", "L2", "R2", "F", "B", "Uw2", "Rw2", "Fw2"]);
    let wings = p.orbits.iter().position(|o| o.name == "WINGS").unwrap();
    let range = p.offsets()[wings]..p.offsets()[wings] + 24;
    let turned_by = |q: usize| -> Vec<bool> {
        faces
            .iter()
            .map(|&f| set.perms[f].src[q] as usize != q)
            .collect()
    };
    let mut class: HashMap<usize, usize> = range.clone().map(|q| (q, q)).collect();
    for _ in 0..24 {
        for &m in &third {
            for q in range.clone() {
                let (a, b) = (class[&q], class[&(set.perms[m].src[q] as usize)]);
                class.insert(q, a.min(b));
            }
        }
    }
    let dedges: Vec<(usize, usize)> = range
        .clone()
        .flat_map(|a| range.clone().map(move |b| (a, b)))
        .filter(|&(a, b)| a < b && turned_by(a) == turned_by(b))
        .collect();
    assert_eq!(dedges.len(), 12);
    let check_edge = |t: &State| {
        let at = |home: usize| {
            t.label
                .iter()
                .position(|&l| l == p.goal.label[home])
                .unwrap()
        };
        let split = dedges.iter().all(|&(a, b)| class[&at(a)] != class[&at(b)]);
        let turned = dedges
            .iter()
            .filter(|&&(a, _)| class[&at(a)] != class[&a])
            .count();
        split && turned % 2 == 0
    };
    let mut rng = rng::Lcg(2048);
    let mut word = |moves: &[usize], s: State| -> State {
        (0..30).fold(s, |s, _| {
            s.apply(&set.perms[moves[rng.below(moves.len())]], &p.modulus())
        })
    };
    let mut verdicts = [0; 2];
    for _ in 0..40 {
        let f = word(&faces, p.goal.clone());
        let fg = word(&third, f);
        assert!(check_edge(&fg));
        let g = word(&third, p.goal.clone());
        let gf = word(&faces, g);
        let gfg = word(&third, gf.clone());
        for t in [fg, gf, gfg] {
            assert_eq!(admit.admits(&p, &t), check_edge(&t));
            verdicts[usize::from(check_edge(&t))] += 1;
        }
    }
    assert!(verdicts.iter().all(|&n| n >= 40), "{verdicts:?}");
}
