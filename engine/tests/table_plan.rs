//! The table plan's choices, pinned by the reasons it states (`twisty solve --stats`), not by
//! timings:
//! - cubing.js's FTO with its inner slices: the table reduced by symmetry would be looked up
//!   through one view over the edges' and corners' twists, which a pair of the plan already
//!   holds, so it is left out, naming that pair (taking it had cost the FTO a pair and the near
//!   table's depth: a 10-move search took 3 s instead of 0.6 s); a 10-move search builds no table
//!   of tracked pieces (42.6 million entries), and says from how many nodes it would pay;
//! - the 3x3x3: the table reduced by symmetry is planned, with its three views (the three axes),
//!   once an iteration is expected to be long enough for it.
//!
//! A plan built a second time from the same cache folder opens what the first kept (the near
//! table too), and the table of tracked pieces comes back with its move tables, solving as the
//! fresh one did.

use engine::load::{load, shipped};
use engine::model::metric::{Metric, MoveSet, PairPruner};
use engine::model::{Puzzle, State};
use engine::solving::heuristics::{Heuristics, Note, Reports, Step};
use engine::solving::solver::{Options, Solver};

const QUIET: Reports = Reports {
    near: |_, _, _, _| {},
    pattern: |_, _, _| {},
};

fn fto() -> (Puzzle, MoveSet) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../puzzles/community/fto.kpuzzle.json"
    );
    let p = load(path, &std::fs::read_to_string(path).unwrap()).unwrap();
    let names: Vec<String> = "F 2F B D 2D U L 2L BR BL 2BL R"
        .split(' ')
        .map(String::from)
        .collect();
    let set = MoveSet::choose(&p, Metric::Htm, &names).unwrap();
    (p, set)
}

fn scrambled(p: &Puzzle, set: &MoveSet, moves: &str) -> State {
    let modulus = p.modulus();
    moves.split(' ').fold(p.goal.clone(), |s, m| {
        let i = set.names.iter().position(|n| n == m).unwrap();
        s.apply(&set.perms[i], &modulus)
    })
}

fn find<'a>(notes: &'a [Note], table: &str) -> Vec<&'a Note> {
    notes
        .iter()
        .filter(|n| n.table.starts_with(table))
        .collect()
}

fn shown(notes: &[Note]) -> String {
    notes.iter().map(|n| format!("{n}\n")).collect()
}

#[test]
fn the_ftos_one_view_table_is_left_out_for_the_pair_that_holds_its_coordinates() {
    let (p, set) = fto();
    let pruner = PairPruner::new(&set, &p.modulus());
    let mut h = Heuristics::new(&p, &set, &pruner, 1 << 30, None, 1, QUIET).unwrap();
    // Long enough for the table reduced by symmetry to be looked for, too short for a pair.
    h.prepare(4.5e6);
    let notes = h.plan_notes();
    let sym = find(&notes, "sym");
    assert_eq!(sym.len(), 1, "{}", shown(&notes));
    assert_eq!(sym[0].step, Step::LeftOut, "{}", shown(&notes));
    assert!(
        sym[0].table.contains("EDGES twists x C4RNER twists"),
        "{}",
        sym[0]
    );
    assert!(sym[0].table.contains("1 view"), "{}", sym[0]);
    let pair = find(&notes, "pattern2x1");
    assert!(
        pair[0].table.contains("EDGES twists x C4RNER twists"),
        "{}",
        shown(&notes)
    );
    assert!(
        sym[0].why.contains("says nothing pattern2x1 does not"),
        "{}",
        sym[0]
    );
}

#[test]
fn a_short_fto_search_builds_no_table_of_tracked_pieces_and_says_when_it_would() {
    let (p, set) = fto();
    let solver = Solver::with(&p, set.clone(), Options::memory(1 << 30), |_| {}).unwrap();
    let state = scrambled(&p, &set, "R U L B' F D BR L' U'");
    let path = solver.solve(&state, 20).expect("a solution");
    assert!(path.len() <= 9);
    let notes = solver.plan_notes();
    let tracked: Vec<&Note> = notes
        .iter()
        .filter(|n| n.table.contains("where 6 of the pieces are"))
        .collect();
    assert_eq!(tracked.len(), 1, "{}", shown(&notes));
    assert_eq!(tracked[0].step, Step::NotBuilt, "{}", shown(&notes));
    assert!(
        tracked[0].why.contains("nodes it pays from"),
        "{}",
        tracked[0]
    );
    // The near table was deepened for this search, each level with its reason.
    let deepened = notes.iter().filter(|n| n.step == Step::Deepened).count();
    assert!(deepened >= 1, "{}", shown(&notes));
    // Every second spent on tables is in a note: the summary line's "tables".
    let secs: f64 = notes.iter().map(|n| n.secs).sum();
    assert!((secs - solver.table_secs()).abs() < 1e-9);
}

#[test]
fn the_cubes_symmetric_table_is_planned_with_its_three_views() {
    let p = shipped::open("3x3x3").unwrap();
    let set = MoveSet::new(&p, Metric::Htm);
    let pruner = PairPruner::new(&set, &p.modulus());
    let mut h = Heuristics::new(&p, &set, &pruner, 1 << 30, None, 1, QUIET).unwrap();
    h.prepare(4.5e6);
    let notes = h.plan_notes();
    let sym = find(&notes, "sym");
    assert!(!sym.is_empty(), "{}", shown(&notes));
    assert_eq!(sym[0].step, Step::Planned, "{}", shown(&notes));
    assert!(sym[0].table.contains("3 views"), "{}", sym[0]);
    // Not built yet: an iteration of 4.5 million nodes is under half its entries.
    assert_eq!(
        sym.last().unwrap().step,
        Step::NotBuilt,
        "{}",
        shown(&notes)
    );
}

#[test]
fn a_kept_table_of_tracked_pieces_opens_with_its_move_tables_and_solves_alike() {
    let (p, set) = fto();
    let dir = std::env::temp_dir().join(format!("twisty-plan-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let options = || Options {
        cache_dir: Some(dir.clone()),
        eager: true,
        ..Options::memory(1 << 30)
    };
    let state = scrambled(&p, &set, "R U L B' F D BR");
    let first = Solver::with(&p, set.clone(), options(), |_| {}).unwrap();
    let a = first.solve(&state, 20).unwrap();
    drop(first);
    let kept: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(
        kept.iter().any(|f| f.starts_with("pattern4x5-places-")),
        "{kept:?}"
    );
    assert!(
        kept.iter().any(|f| f.starts_with("pattern4x5-steps-")),
        "{kept:?}"
    );
    let second = Solver::with(&p, set.clone(), options(), |_| {}).unwrap();
    let notes = second.plan_notes();
    let tracked = find(&notes, "pattern4x5");
    assert_eq!(tracked[0].step, Step::Opened, "{}", shown(&notes));
    // The near table the first search deepened is opened too (mapped, deepened in this copy).
    let near = find(&notes, "near table");
    assert_eq!(near[0].step, Step::Opened, "{}", shown(&notes));
    let b = second.solve(&state, 20).unwrap();
    assert_eq!(a.len(), b.len());
    assert!(p.is_solved(&scrambled_by(&p, &set, &state, &b)));
    std::fs::remove_dir_all(&dir).ok();
}

fn scrambled_by(p: &Puzzle, set: &MoveSet, s: &State, path: &[usize]) -> State {
    let modulus = p.modulus();
    path.iter()
        .fold(s.clone(), |s, &m| s.apply(&set.perms[m], &modulus))
}
