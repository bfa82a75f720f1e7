//! Pieces a subgroup keeps paired, checked by brute force: eight pieces, all their arrangements
//! (S8), and the subgroup that keeps four pairs of places as pairs (S2 wr S4, 384 elements) while
//! moving every piece everywhere. No colouring and no parity tells its 105 cosets apart (the ways
//! to pair eight places); the pairs do.

use engine::load;
use engine::model::choice::Choice;
use engine::model::metric::MoveSet;
use engine::model::{Puzzle, State};
use engine::phases::block_pairs::{keeps, pair_systems};
use engine::phases::chain;
use engine::phases::phase_file;
use engine::phases::phase_solver::{Budget, PhaseSolver, TableOptions};
use std::collections::{HashSet, VecDeque};
use std::time::Duration;

/// Eight pieces: a 7-cycle of the last seven and a swap of the first and last make every
/// arrangement; X (a pair's swap), Y (two pairs swapped) and Z (the pairs turned round) keep the
/// pairs {0 1} {2 3} {4 5} {6 7}. (Each is its own move: the loader keeps one of equal moves.)
const EIGHT: &str = r#"{
  "name": "eight",
  "orbits": [{ "orbitName": "P", "numPieces": 8, "numOrientations": 1 }],
  "defaultPattern": { "P": { "pieces": [0, 1, 2, 3, 4, 5, 6, 7], "orientation": [0, 0, 0, 0, 0, 0, 0, 0] } },
  "moves": {
    "A": { "P": { "permutation": [0, 7, 1, 2, 3, 4, 5, 6], "orientationDelta": [0, 0, 0, 0, 0, 0, 0, 0] } },
    "T": { "P": { "permutation": [7, 1, 2, 3, 4, 5, 6, 0], "orientationDelta": [0, 0, 0, 0, 0, 0, 0, 0] } },
    "X": { "P": { "permutation": [1, 0, 2, 3, 4, 5, 6, 7], "orientationDelta": [0, 0, 0, 0, 0, 0, 0, 0] } },
    "Y": { "P": { "permutation": [2, 3, 0, 1, 4, 5, 6, 7], "orientationDelta": [0, 0, 0, 0, 0, 0, 0, 0] } },
    "Z": { "P": { "permutation": [6, 7, 0, 1, 2, 3, 4, 5], "orientationDelta": [0, 0, 0, 0, 0, 0, 0, 0] } }
  }
}"#;

fn eight() -> (Puzzle, MoveSet) {
    let c = Choice::default()
        .apply(&load::load("eight.kpuzzle.json", EIGHT).unwrap())
        .unwrap();
    (c.puzzle, c.set)
}

/// Every state `moves` reach, by breadth-first search, each move read as this test reads it:
/// the piece now at `i` came from `src[i]`.
fn reached(p: &Puzzle, set: &MoveSet, moves: &[usize]) -> HashSet<State> {
    let mut seen = HashSet::from([p.goal.clone()]);
    let mut queue = VecDeque::from([p.goal.clone()]);
    while let Some(s) = queue.pop_front() {
        for &m in moves {
            let src = &set.perms[m].src;
            let t = State {
                label: (0..s.label.len())
                    .map(|i| s.label[src[i] as usize])
                    .collect(),
                ori: s.ori.clone(),
            };
            if seen.insert(t.clone()) {
                queue.push_back(t);
            }
        }
    }
    seen
}

fn moves_named(set: &MoveSet, names: &str) -> Vec<usize> {
    (0..set.names.len())
        .filter(|&m| names.contains(&set.names[m][..1]))
        .collect()
}

#[test]
fn the_pair_system_is_found_and_the_whole_group_does_not_keep_it() {
    let (p, set) = eight();
    let gens = |names: &str| -> Vec<_> {
        moves_named(&set, names)
            .iter()
            .map(|&m| set.perms[m].clone())
            .collect()
    };
    let systems = pair_systems(&gens("XYZ"), 0..8);
    assert_eq!(systems, [vec![(0, 1), (2, 3), (4, 5), (6, 7)]]);
    assert!(keeps(&gens("XYZ"), &systems[0]));
    assert!(!keeps(&gens("AT"), &systems[0]));
    assert!(pair_systems(&gens("AT"), 0..8).is_empty());
    assert_eq!(p.positions(), 8);
}

/// A group whose orbits a block crosses: the 4x4x4's wings under `<U, D, F2, B2, R2, L2>` lie in
/// orbits that no block stays inside (a dedge's two wings are in two of them), and the face
/// turns' own system (the dedges) is still found, beside any others; checked by each system's
/// blocks being kept and every position being in exactly one block.
#[test]
fn pair_systems_are_found_across_the_orbits_of_the_group() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../puzzles/community");
    let text = std::fs::read_to_string(format!("{dir}/4x4x4.kpuzzle.json")).unwrap();
    let c = Choice::default()
        .apply(&load::load("4x4x4", &text).unwrap())
        .unwrap();
    let (p, set) = (c.puzzle, c.set);
    let gens = |names: &[&str]| -> Vec<_> {
        (0..set.names.len())
            .filter(|&m| names.contains(&set.names[m].as_str()))
            .map(|m| set.perms[m].clone())
            .collect()
    };
    let wings = p.orbits.iter().position(|o| o.name == "WINGS").unwrap();
    let range = p.offsets()[wings]..p.offsets()[wings] + 24;
    let faces = gens(&["U", "D", "L", "R", "F", "B"]);
    let half = gens(&["U", "D", "L2", "R2", "F2", "B2"]);
    let dedges = pair_systems(&faces, range.clone());
    assert_eq!(dedges.len(), 1);
    let found = pair_systems(&half, range.clone());
    assert!(found.contains(&dedges[0]), "{found:?}");
    for system in &found {
        assert!(keeps(&half, system));
        let mut seen: Vec<usize> = system.iter().flat_map(|&(x, y)| [x, y]).collect();
        seen.sort_unstable();
        assert_eq!(seen, range.clone().collect::<Vec<_>>());
    }
    // (The smaller group's orbits do split the wings, and a dedge's two wings lie in two.)
    let mut orbit = vec![range.start];
    let mut next = 0;
    while next < orbit.len() {
        for g in &half {
            let to = g
                .src
                .iter()
                .position(|&s| s as usize == orbit[next])
                .unwrap();
            if !orbit.contains(&to) {
                orbit.push(to);
            }
        }
        next += 1;
    }
    assert!(orbit.len() < 24);
    assert!(dedges[0]
        .iter()
        .any(|(x, y)| orbit.contains(x) != orbit.contains(y)));
}

#[test]
fn a_pair_view_tells_apart_exactly_the_cosets_of_the_pairs_group() {
    let (p, set) = eight();
    let families = chain::families_of(&p, &set);
    let file = phase_file::parse("moves X Y Z\n").unwrap();
    let groups = phase_file::subgroups(&file.groups, &set, &families).unwrap();
    let chain = chain::through(&p, &set, &groups, (&[], &[]), None).unwrap();
    let phase1 = &chain.phases[0];
    assert_eq!(phase1.cosets.to_string(), "105");
    assert!(
        phase1.view.describe().contains("PAIRS1"),
        "{}",
        phase1.view.describe()
    );
    let all = reached(&p, &set, &(0..set.perms.len()).collect::<Vec<_>>());
    let inner = reached(&p, &set, &moves_named(&set, "XYZ"));
    assert_eq!((all.len(), inner.len()), (40320, 384));
    let goal = phase1.view.state(&p.goal);
    let alike: HashSet<&State> = all
        .iter()
        .filter(|s| phase1.view.state(s) == goal)
        .collect();
    assert_eq!(alike.len(), 384);
    assert!(inner.iter().all(|s| alike.contains(s)));
    // Every state in the view is what the view's moves make of it: a move then the view is the
    // view then the move's image.
    let modulus = phase1.view.puzzle().modulus();
    for s in all.iter().step_by(97) {
        for m in 0..set.perms.len() {
            let after = s.apply(&set.perms[m], &p.modulus());
            let image = phase1.view.perm(&set.perms[m]);
            assert_eq!(
                phase1.view.state(&after),
                phase1.view.state(s).apply(&image, &modulus)
            );
        }
    }
    // And states are solved through the two phases.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pairs-cache");
    let tables = TableOptions {
        memory: 1 << 28,
        cache_dir: Some(dir),
        report: |_, _, _| {},
        near_report: |_, _, _, _| {},
        pattern_report: |_, _, _| {},
    };
    let phases = PhaseSolver::new(&p, &set, chain, &tables).unwrap();
    for s in all.iter().step_by(211) {
        let budget = Budget {
            max_length: None,
            time: Duration::from_secs(5),
        };
        let moves = phases.solve(s, budget).expect("solved").moves;
        let mut t = s.clone();
        for &m in &moves {
            t = t.apply(&set.perms[m], &p.modulus());
        }
        assert_eq!(t, p.goal);
    }
}
