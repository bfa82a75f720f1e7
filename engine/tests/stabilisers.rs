//! A subgroup the moves make that keeps some pieces home, checked by brute force: six pieces of
//! three orientations, the group of three moves (every state listed by breadth-first search) and
//! the group of two of them, which keeps the last two pieces home. Where that group is all of those
//! pieces' stabiliser, the slots of the pieces name its cosets exactly; where it is smaller, the
//! count refuses it. The kilominx's groups of faces are such subgroups: its chain chosen from the
//! moves and its shipped phases file (`puzzles/phases/kilominx.phases`) solve random states,
//! each answer replayed in this test's own terms.

mod rng;

use engine::load;
use engine::model::choice::Choice;
use engine::model::metric::MoveSet;
use engine::model::{Perm, Puzzle, State};
use engine::phases::chain::{self, Chain, Limits, Target};
use engine::phases::fixing::stabiliser_of;
use engine::phases::phase_file;
use engine::phases::phase_solver::{Budget, PhaseSolver, TableOptions};
use engine::phases::shipped_phases;
use engine::phases::slot_view::SlotView;
use rng::Lcg;
use std::collections::{HashSet, VecDeque};
use std::time::Duration;

/// X turns the first four pieces round, twisting one; S swaps the first two; T twists them
/// against each other; Y cycles the last three, twisting two of them. X, S and T keep pieces 4 and
/// 5 home and unturned, and so do X and S alone (whose twists are all of one kind: X's four times).
const SIX: &str = r#"{
  "name": "six",
  "orbits": [{ "orbitName": "P", "numPieces": 6, "numOrientations": 3 }],
  "defaultPattern": { "P": { "pieces": [0, 1, 2, 3, 4, 5], "orientation": [0, 0, 0, 0, 0, 0] } },
  "moves": {
    "X": { "P": { "permutation": [1, 2, 3, 0, 4, 5], "orientationDelta": [1, 0, 0, 0, 0, 0] } },
    "S": { "P": { "permutation": [1, 0, 2, 3, 4, 5], "orientationDelta": [0, 0, 0, 0, 0, 0] } },
    "T": { "P": { "permutation": [0, 1, 2, 3, 4, 5], "orientationDelta": [1, 2, 0, 0, 0, 0] } },
    "Y": { "P": { "permutation": [0, 1, 2, 4, 5, 3], "orientationDelta": [0, 0, 0, 1, 2, 0] } }
  }
}"#;

fn six() -> (Puzzle, MoveSet) {
    let c = Choice::default()
        .apply(&load::load("six.kpuzzle.json", SIX).unwrap())
        .unwrap();
    (c.puzzle, c.set)
}

/// The moves whose names start with one of `families`' letters.
fn moves_of(set: &MoveSet, families: &str) -> Vec<usize> {
    (0..set.names.len())
        .filter(|&m| families.contains(&set.names[m][..1]))
        .collect()
}

/// Every state `moves` reach from the goal, each move read as this test reads it: the piece now
/// at `i` came from `src[i]`, turned by `twist[i]` (not the engine's `apply`).
fn reached(p: &Puzzle, set: &MoveSet, moves: &[usize]) -> HashSet<State> {
    let step = |s: &State, g: &Perm| step(s, g, 3);
    let mut seen = HashSet::from([p.goal.clone()]);
    let mut queue = VecDeque::from([p.goal.clone()]);
    while let Some(s) = queue.pop_front() {
        for &m in moves {
            let t = step(&s, &set.perms[m]);
            if seen.insert(t.clone()) {
                queue.push_back(t);
            }
        }
    }
    seen
}

/// The state after the move `g`, in this test's terms, every piece of `k` orientations.
fn step(s: &State, g: &Perm, k: u8) -> State {
    let n = s.label.len();
    State {
        label: (0..n).map(|i| s.label[g.src[i] as usize]).collect(),
        ori: (0..n)
            .map(|i| (s.ori[g.src[i] as usize] + g.twist[i]) % k)
            .collect(),
    }
}

fn perms(set: &MoveSet, moves: &[usize]) -> Vec<Perm> {
    moves.iter().map(|&m| set.perms[m].clone()).collect()
}

#[test]
fn the_slots_of_the_pieces_a_stabiliser_keeps_home_name_its_cosets() {
    let (p, set) = six();
    let (all, inner) = (moves_of(&set, "XSTY"), moves_of(&set, "XST"));
    let (whole, kept) = (reached(&p, &set, &all), reached(&p, &set, &inner));
    // The pieces the smaller group keeps home: every state of the whole group that has them home
    // and unturned is one the smaller group reaches (so it is their stabiliser).
    let home = |s: &State| (4..6).all(|i| s.label[i] == p.goal.label[i] && s.ori[i] == 0);
    assert_eq!(whole.iter().filter(|s| home(s)).count(), kept.len());
    let (fixed, cosets) =
        stabiliser_of(&p, &perms(&set, &all), &perms(&set, &inner)).expect("a stabiliser");
    assert_eq!(fixed, vec![4, 5]);
    assert_eq!(
        cosets.to_string(),
        (whole.len() / kept.len()).to_string(),
        "{} states, {} kept",
        whole.len(),
        kept.len()
    );
    // The view: the states that look like the goal are exactly the smaller group's, and it tells
    // as many looks apart as there are cosets.
    let view = SlotView::new(&p, &fixed).unwrap();
    let goal = view.state(&p.goal);
    let alike: HashSet<&State> = whole.iter().filter(|s| view.state(s) == goal).collect();
    assert_eq!(alike.len(), kept.len());
    assert!(kept.iter().all(|s| alike.contains(s)));
    let looks: HashSet<State> = whole.iter().map(|s| view.state(s)).collect();
    assert_eq!(looks.len(), whole.len() / kept.len());
}

#[test]
fn a_group_smaller_than_the_stabiliser_is_refused() {
    let (p, set) = six();
    let (all, inner) = (moves_of(&set, "XSTY"), moves_of(&set, "XS"));
    let (whole, kept) = (reached(&p, &set, &all), reached(&p, &set, &inner));
    let home = |s: &State| (4..6).all(|i| s.label[i] == p.goal.label[i] && s.ori[i] == 0);
    // X and S keep the same pieces home, but reach fewer of the states that have them home
    // (72 of 1,944): their slots would call those states theirs.
    assert!(whole.iter().filter(|s| home(s)).count() > kept.len());
    assert!(stabiliser_of(&p, &perms(&set, &all), &perms(&set, &inner)).is_none());
}

/// Random states of the kilominx (60 random moves) solved by `chain`, each answer replayed here.
fn kilominx_answers_solve(p: &Puzzle, set: &MoveSet, chain: Chain, rng: &mut Lcg) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("phases-cache");
    let tables = TableOptions {
        memory: 1 << 30,
        cache_dir: Some(dir),
        report: |_, _, _| {},
        near_report: |_, _, _, _| {},
        pattern_report: |_, _, _| {},
    };
    let solver = PhaseSolver::new(p, set, chain, &tables).unwrap();
    let replay = |s: &State, moves: &[usize]| {
        moves
            .iter()
            .fold(s.clone(), |s, &m| step(&s, &set.perms[m], 3))
    };
    for _ in 0..2 {
        let scramble: Vec<usize> = (0..60).map(|_| rng.below(set.perms.len())).collect();
        let state = replay(&p.goal, &scramble);
        let budget = Budget {
            max_length: None,
            time: Duration::from_millis(50),
        };
        let answer = solver.solve(&state, budget).unwrap();
        assert_eq!(replay(&state, &answer.moves), p.goal);
        // (Its twenty corners' groups of faces take 30 to 34 moves; the phases that put one
        // piece home at a time with every face, before, took about 45.)
        assert!(answer.moves.len() <= 40, "{} moves", answer.moves.len());
    }
}

/// The kilominx's chain chosen from its moves is groups of faces, each keeping corners home (none
/// puts pieces home with every face), and its answers solve; so do the shipped file's five phases.
#[test]
fn the_kilominxs_groups_of_faces_solve_its_states() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../puzzles/community/kilominx.kpuzzle.json"
    ))
    .unwrap();
    let c = Choice::default()
        .apply(&load::load("kilominx.kpuzzle.json", &text).unwrap())
        .unwrap();
    let (p, set) = (c.puzzle, c.set);
    let limits = Limits {
        phase_size: 3e10,
        fix_size: 1e5,
    };
    let chosen = chain::choose(&p, &set, limits).unwrap();
    assert!(chosen
        .phases
        .iter()
        .all(|ph| matches!(ph.target, Target::Moves(_))));
    let mut rng = Lcg(56);
    kilominx_answers_solve(&p, &set, chosen, &mut rng);
    let shipped = shipped_phases::for_puzzle("kilominx").unwrap();
    let file = phase_file::parse(shipped.text).unwrap();
    let families = chain::families_of(&p, &set);
    let groups = phase_file::subgroups(&file.groups, &set, &families).unwrap();
    let chain = chain::through(&p, &set, &groups, (&[], &[]), None).unwrap();
    assert_eq!(chain.phases.len(), 5);
    kilominx_answers_solve(&p, &set, chain, &mut rng);
}
