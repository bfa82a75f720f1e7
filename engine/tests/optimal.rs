//! Optimal solutions from the engine have the dedicated solvers' lengths, on random states; the
//! engine's IDA* (pattern databases and its move pruner, no full table) agrees with its table walk,
//! including in the quarter-turn metric where `U U` must stay allowed.

mod rng;

use engine::load::shipped;
use engine::model::metric::{Metric, MoveSet};
use engine::model::{Puzzle, State};
use engine::solving::solver::Solver;
use rng::Lcg;
use twisty::cube2::{scramble, Cube2Solver};
use twisty::floppy::{FloppyState, FloppyTables};

/// A memory budget the 2x2x2's full table (918 KB) does not fit in and its pattern databases
/// (corners' places and twists, 42 KB) do: the solver searches.
const SEARCH_ONLY: u64 = 200_000;

fn scrambled(p: &Puzzle, text: &str) -> State {
    let names = |s: &str| p.move_index(s);
    let a = engine::model::alg::parse(text, &names).unwrap();
    let perms: Vec<_> = p.moves.iter().map(|m| &m.perm).collect();
    let m = p.modulus();
    p.goal.apply(&a.perm(&perms, &m), &m)
}

/// Replays `path` (indices into `set`) on `s` and says whether it reaches the goal.
fn solves(p: &Puzzle, set: &MoveSet, s: &State, path: &[usize]) -> bool {
    let m = p.modulus();
    path.iter()
        .fold(s.clone(), |x, &i| x.apply(&set.perms[i], &m))
        == p.goal
}

/// Teeth: a table walk that steps to a neighbour one farther instead of one closer
/// (`sed -i 's/let want = (v + 2) % 3;/let want = (v + 1) % 3;/' engine/src/table.rs`) fails
/// this test (and every other table walk here) in the README's test command.
#[test]
fn cube2_lengths_match_the_dedicated_solver() {
    let dedicated = Cube2Solver::htm();
    let mut rng = Lcg(7);
    let faces = ["U", "R", "F"];
    let suffix = ["", "2", "'"];
    for name in ["2x2x2", "2x2x2-stickers"] {
        let p = shipped::open(name).unwrap();
        let table = Solver::new(&p, MoveSet::new(&p, Metric::Htm), None, 1 << 28, |_| {}).unwrap();
        let search =
            Solver::new(&p, MoveSet::new(&p, Metric::Htm), None, SEARCH_ONLY, |_| {}).unwrap();
        for _ in 0..40 {
            let text: Vec<String> = (0..25)
                .map(|_| format!("{}{}", faces[rng.below(3)], suffix[rng.below(3)]))
                .collect();
            let text = text.join(" ");
            let want = dedicated.solve(&scramble(&text, 1).unwrap()).len();
            let s = scrambled(&p, &text);
            let a = table.solve(&s, 20).unwrap();
            assert_eq!(a.len(), want, "{name}: {text}");
            assert!(solves(&p, &table.set, &s, &a));
            if want <= 9 {
                let b = search.solve(&s, 20).unwrap();
                assert_eq!(b.len(), want, "{name} by IDA*: {text}");
                assert!(solves(&p, &search.set, &s, &b));
            }
        }
    }
}

/// The deepest 2x2x2 states (10 and 11 half turns; 11 is God's number, 2,644 states of 3,674,160)
/// solved by the engine's IDA* (pattern databases, no full table) in the dedicated solver's
/// length and by its table walk too: found by drawing random scrambles until enough are that deep.
#[test]
fn ida_star_is_optimal_at_the_deepest_2x2x2_states() {
    let dedicated = Cube2Solver::htm();
    let p = shipped::open("2x2x2").unwrap();
    let table = Solver::new(&p, MoveSet::new(&p, Metric::Htm), None, 1 << 28, |_| {}).unwrap();
    let search = Solver::new(&p, MoveSet::new(&p, Metric::Htm), None, SEARCH_ONLY, |_| {}).unwrap();
    let mut rng = Lcg(2026);
    let (faces, suffix) = (["U", "R", "F"], ["", "2", "'"]);
    let mut wanted = [(10, 3), (11, 3)];
    while wanted.iter().any(|w| w.1 > 0) {
        let text: Vec<String> = (0..30)
            .map(|_| format!("{}{}", faces[rng.below(3)], suffix[rng.below(3)]))
            .collect();
        let text = text.join(" ");
        let want = dedicated.solve(&scramble(&text, 1).unwrap()).len();
        let Some(w) = wanted.iter_mut().find(|w| w.0 == want && w.1 > 0) else {
            continue;
        };
        w.1 -= 1;
        let s = scrambled(&p, &text);
        let b = search.solve(&s, 20).unwrap();
        assert_eq!(b.len(), want, "by IDA*: {text}");
        assert!(solves(&p, &search.set, &s, &b));
        assert_eq!(
            table.solve(&s, 20).unwrap().len(),
            want,
            "by the table: {text}"
        );
    }
}

#[test]
fn quarter_turn_search_keeps_u_u() {
    let dedicated = Cube2Solver::qtm();
    let p = shipped::open("2x2x2").unwrap();
    let table = Solver::new(&p, MoveSet::new(&p, Metric::Qtm), None, 1 << 28, |_| {}).unwrap();
    let search = Solver::new(&p, MoveSet::new(&p, Metric::Qtm), None, SEARCH_ONLY, |_| {}).unwrap();
    // A half turn is two quarter turns: the pruner must allow the same move twice.
    let s = scrambled(&p, "R2 U2 F2");
    let path = search.solve(&s, 12).unwrap();
    assert_eq!(path.len(), 6);
    assert!(solves(&p, &search.set, &s, &path));
    let mut rng = Lcg(11);
    let faces = ["U", "R", "F"];
    for _ in 0..30 {
        let text: Vec<String> = (0..8)
            .map(|_| format!("{}{}", faces[rng.below(3)], ["", "2", "'"][rng.below(3)]))
            .collect();
        let text = text.join(" ");
        let want =
            twisty::cube2::Cube2Solver::solve(&dedicated, &scramble(&text, 1).unwrap()).len();
        let s = scrambled(&p, &text);
        assert_eq!(table.solve(&s, 20).unwrap().len(), want, "{text}");
        if want <= 8 {
            let b = search.solve(&s, 20).unwrap();
            assert_eq!(b.len(), want, "IDA*: {text}");
            assert!(solves(&p, &search.set, &s, &b));
        }
    }
}

#[test]
fn floppy_lengths_match_the_dedicated_solver() {
    let dedicated = FloppyTables::new();
    let p = shipped::open("floppy").unwrap();
    let solver = Solver::new(&p, MoveSet::new(&p, Metric::Htm), None, 1 << 28, |_| {}).unwrap();
    // Seen from above, the dedicated solver's turns 0-1-2, 2-5-8, 6-7-8, 0-3-6 are B, R, F, L.
    let names = ["B", "R", "F", "L"];
    let mut rng = Lcg(3);
    for _ in 0..60 {
        let turns: Vec<usize> = (0..12).map(|_| rng.below(4)).collect();
        let d = turns.iter().fold(FloppyState::SOLVED, |s, &t| s.apply(t));
        let text: Vec<&str> = turns.iter().map(|&t| names[t]).collect();
        let s = scrambled(&p, &text.join(" "));
        let path = solver.solve(&s, 20).unwrap();
        assert_eq!(
            path.len(),
            dedicated.distance(&d).unwrap() as usize,
            "{text:?}"
        );
        assert!(solves(&p, &solver.set, &s, &path));
    }
}
