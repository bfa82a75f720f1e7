//! A grid of pair slots ranked by its pairing (`engine/src/tables/space/pair_grid.rs`), checked against
//! this test's own reading of the pieces: which piece sits with which, found from the labels.
//! First by brute force on eight pieces (four "high" places, four "low", pairs of one of each),
//! every state; then on the 4x4x4's third phase (the wings paired, TNoodle's Edge3: 12!/2).

use engine::load;
use engine::model::choice::Choice;
use engine::model::metric::MoveSet;
use engine::model::{Perm, Puzzle, State};
use engine::phases::chain::{self, Chain};
use engine::phases::phase_file;
use engine::tables::space::{coordinates, Coord};
use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};

/// Eight pieces: H and S turn and swap the high places (0 to 3), L and M the low ones (4 to 7);
/// X and Y do both at once, keeping the pairs {0 4} {1 5} {2 6} {3 7}.
const EIGHT: &str = r#"{
  "name": "high-low",
  "orbits": [{ "orbitName": "P", "numPieces": 8, "numOrientations": 1 }],
  "defaultPattern": { "P": { "pieces": [0, 1, 2, 3, 4, 5, 6, 7], "orientation": [0, 0, 0, 0, 0, 0, 0, 0] } },
  "moves": {
    "H": { "P": { "permutation": [1, 2, 3, 0, 4, 5, 6, 7], "orientationDelta": [0, 0, 0, 0, 0, 0, 0, 0] } },
    "S": { "P": { "permutation": [1, 0, 2, 3, 4, 5, 6, 7], "orientationDelta": [0, 0, 0, 0, 0, 0, 0, 0] } },
    "L": { "P": { "permutation": [0, 1, 2, 3, 5, 6, 7, 4], "orientationDelta": [0, 0, 0, 0, 0, 0, 0, 0] } },
    "M": { "P": { "permutation": [0, 1, 2, 3, 5, 4, 6, 7], "orientationDelta": [0, 0, 0, 0, 0, 0, 0, 0] } },
    "X": { "P": { "permutation": [1, 2, 3, 0, 5, 6, 7, 4], "orientationDelta": [0, 0, 0, 0, 0, 0, 0, 0] } },
    "Y": { "P": { "permutation": [1, 0, 2, 3, 5, 4, 6, 7], "orientationDelta": [0, 0, 0, 0, 0, 0, 0, 0] } }
  }
}"#;

/// The piece at `i` after `m` came from `src[i]` (this test's reading of a move).
fn apply(s: &State, m: &Perm) -> State {
    State {
        label: m.src.iter().map(|&q| s.label[q as usize]).collect(),
        ori: m.src.iter().map(|&q| s.ori[q as usize]).collect(),
    }
}

/// Which places hold the two pieces of each pair (`pairs`: labels), as a set of place pairs.
fn pairing(s: &State, pairs: &[(u8, u8)]) -> BTreeSet<(usize, usize)> {
    let at = |l: u8| s.label.iter().position(|&x| x == l).unwrap();
    pairs
        .iter()
        .map(|&(a, b)| (at(a).min(at(b)), at(a).max(at(b))))
        .collect()
}

/// The chain the phases text gives, the puzzle and its moves.
fn chain_of(name: &str, text: &str, moves: Option<&str>, phases: &str) -> (Puzzle, MoveSet, Chain) {
    let choice = Choice {
        moves: moves.map(|m| m.split(',').map(String::from).collect()),
        ..Choice::default()
    };
    let c = choice.apply(&load::load(name, text).unwrap()).unwrap();
    let families = chain::families_of(&c.puzzle, &c.set);
    let file = phase_file::parse(phases).unwrap();
    let groups = phase_file::subgroups(&file.groups, &c.set, &families).unwrap();
    let chain = chain::through(&c.puzzle, &c.set, &groups, (&[], &[]), None).unwrap();
    (c.puzzle, c.set, chain)
}

/// The phase's grid coordinate and the view's image of every move.
fn grid_of(chain: &Chain, phase: usize, set: &MoveSet) -> (Coord, Vec<Perm>) {
    let view = &chain.phases[phase].view;
    let moves: Vec<Perm> = set.perms.iter().map(|p| view.perm(p)).collect();
    let mut grids: Vec<Coord> = coordinates(view.puzzle(), &moves, usize::MAX)
        .unwrap()
        .into_iter()
        .filter(Coord::is_grid)
        .collect();
    assert_eq!(grids.len(), 1, "{}", view.describe());
    (grids.remove(0), moves)
}

/// Every state of the eight pieces: the grid's value is the same exactly where the pairing is,
/// takes every value below its size once a pairing, and a move's image in the view moves it as
/// the coordinate's own step does.
#[test]
fn the_grid_ranks_every_pairing_once_and_moves_with_it() {
    let (p, set, chain) = chain_of("high-low.kpuzzle.json", EIGHT, None, "moves X Y\n");
    assert_eq!(chain.phases[0].cosets.to_string(), "24");
    let (grid, moves) = grid_of(&chain, 0, &set);
    // (H turns the high places alone: the pairing's parity changes, so all 4! are values.)
    assert_eq!(grid.size, 24);
    let label = |q: usize| p.goal.label[q];
    let pairs: Vec<(u8, u8)> = (0..4).map(|q| (label(q), label(q + 4))).collect();
    let view = &chain.phases[0].view;
    let mut seen = HashSet::from([p.goal.clone()]);
    let mut queue = VecDeque::from([p.goal.clone()]);
    let mut value_of: HashMap<BTreeSet<(usize, usize)>, usize> = HashMap::new();
    let mut scratch = Vec::new();
    while let Some(s) = queue.pop_front() {
        let v = grid.value(&view.state(&s));
        assert!(v < grid.size);
        assert_eq!(*value_of.entry(pairing(&s, &pairs)).or_insert(v), v);
        for (m, perm) in set.perms.iter().enumerate() {
            let t = apply(&s, perm);
            assert_eq!(grid.next(v, m, &mut scratch), grid.value(&view.state(&t)));
            assert_eq!(view.state(&t), apply(&view.state(&s), &moves[m]));
            if seen.insert(t.clone()) {
                queue.push_back(t);
            }
        }
    }
    assert_eq!(seen.len(), 576);
    let values: HashSet<usize> = value_of.values().copied().collect();
    assert_eq!((value_of.len(), values.len()), (24, 24));
}
