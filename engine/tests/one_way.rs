//! Moves not closed under inverse (quarter turns one way only, as a robot's arm may turn): the
//! table keeps exact distances, and solving, sequences for an effect and exhaustive discovery all
//! come out as short as a plain breadth-first search in the test's own model says they can be.

mod geometry;

use engine::discovery::{discover, Options};
use engine::load::load;
use engine::model::choice::Choice;
use engine::model::Puzzle;
use engine::solving::solver::Solver;
use geometry::*;
use std::collections::HashMap;

/// A corner state in the test's own terms: the piece and orientation at each place.
type Corners = Vec<(usize, usize)>;
/// A move in the test's own terms: gather sources and twists.
type Move = (Vec<usize>, Vec<usize>);

/// The 2x2x2 turned by U and R clockwise only.
fn model() -> (Puzzle, Vec<Move>) {
    let orbits = [cube2_corners()];
    let turns: Vec<Turn> = faces(&["U", "R"]);
    let d = Def::plain(&orbits, &turns);
    let moves = turns
        .iter()
        .map(|t| transformation(&orbits, t).remove(0))
        .collect();
    (load("ur.json", &kpuzzle(&d)).unwrap(), moves)
}

fn apply(s: &Corners, (src, twist): &Move) -> Corners {
    (0..s.len())
        .map(|i| (s[src[i]].0, (s[src[i]].1 + twist[i]) % 3))
        .collect()
}

/// Distances from the solved state under the moves, by breadth-first search over whole states.
fn distances(moves: &[Move]) -> HashMap<Corners, usize> {
    let solved: Corners = (0..8).map(|i| (i, 0)).collect();
    let mut d = HashMap::from([(solved.clone(), 0)]);
    let mut frontier = vec![solved];
    let mut depth = 0;
    while !frontier.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for s in &frontier {
            for m in moves {
                let t = apply(s, m);
                if !d.contains_key(&t) {
                    d.insert(t.clone(), depth);
                    next.push(t);
                }
            }
        }
        frontier = next;
    }
    d
}

fn one_way() -> Choice {
    Choice {
        metric: Some("moves".into()),
        ..Choice::default()
    }
}

#[test]
fn a_one_way_table_is_exact() {
    let (p, moves) = model();
    let truth = distances(&moves);
    assert_eq!(truth.len(), 29_160);
    let set = one_way().apply(&p).unwrap().set;
    assert!(!set.closed_under_inverse(&p.modulus()));
    let solver = Solver::new(&p, set.clone(), None, 1 << 28, |_| {}).unwrap();
    let names = |s: &str| p.move_index(s);
    let perms: Vec<_> = p.moves.iter().map(|m| &m.perm).collect();
    let modulus = p.modulus();
    // Sequences whose states the test follows in its own model.
    let mut seed = 7u64;
    for len in 0..40 {
        let mut text = Vec::new();
        let mut mine: Corners = (0..8).map(|i| (i, 0)).collect();
        for _ in 0..len {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let k = (seed >> 33) as usize % 2;
            text.push(["U", "R"][k]);
            mine = apply(&mine, &moves[k]);
        }
        let a = engine::model::alg::parse(&text.join(" "), &names).unwrap();
        let s = p.goal.apply(&a.perm(&perms, &modulus), &modulus);
        let path = solver.solve(&s, 60).unwrap();
        // The distance to the solved state is the inverse state's distance from it.
        let mut inverse = vec![(0, 0); 8];
        for (place, &(piece, o)) in mine.iter().enumerate() {
            inverse[piece] = (place, (3 - o) % 3);
        }
        assert_eq!(path.len(), truth[&inverse], "after {text:?}");
        let mut end = s.clone();
        for &m in &path {
            end = end.apply(&set.perms[m], &modulus);
        }
        assert_eq!(end, p.goal);
        // A sequence for the effect of the scramble: exactly as long as the scramble's state is
        // far from the solved state.
        let effect = a.perm(&perms, &modulus);
        let w = solver.sequence_for(&effect, 60).unwrap().unwrap();
        assert_eq!(w.len(), truth[&mine], "effect of {text:?}");
        let mut done = p.goal.clone();
        for &m in &w {
            done = done.apply(&set.perms[m], &modulus);
        }
        assert_eq!(done, s);
    }
}

#[test]
fn exhaustive_discovery_with_one_way_moves() {
    let (p, moves) = model();
    let truth = distances(&moves);
    let set = one_way().apply(&p).unwrap().set;
    let options = Options {
        max_pieces: 3,
        max_depth: None,
        fixed: Vec::new(),
        top: 1000,
        memory: 1 << 28,
        state_limit: 1 << 20,
    };
    let d = discover(&p, &set, &options, None, |_| {}).unwrap();
    assert!(d.exhaustive);
    // Every state of the model that moves at most three pieces, with its distance.
    let small: Vec<(&Corners, &usize)> = truth
        .iter()
        .filter(|(s, _)| s.iter().enumerate().filter(|(i, x)| **x != (*i, 0)).count() <= 3)
        .filter(|(s, _)| {
            s.iter().any(|&(_, o)| o != 0) || s.iter().enumerate().any(|(i, x)| x.0 != i)
        })
        .collect();
    assert_eq!(d.found.len(), small.len());
    for f in &d.found {
        let mut mine: Corners = (0..8).map(|i| (i, 0)).collect();
        for &m in &f.moves {
            mine = apply(&mine, &moves[set.names[m].starts_with('R') as usize]);
        }
        assert_eq!(f.moves.len(), truth[&mine], "{}", f.notation);
    }
}
