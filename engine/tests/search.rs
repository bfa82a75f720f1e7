//! The search's heuristics (near table, whole-component and single-coordinate pattern databases,
//! sized to the memory) never cost optimality: IDA* finds the table walk's lengths at every depth
//! on the 2x2x2, the pyraminx and the skewb, and the dedicated optimal 3x3x3 solver's (the
//! library's `cube3-opt`, its own cubie model and symmetry-reduced tables) on the 3x3x3. Tables
//! kept in a cache folder are read back, and a damaged one is rebuilt.

mod geometry;

use engine::load::load;
use engine::load::shipped;
use engine::model::choice::Choice;
use engine::model::metric::{Metric, MoveSet};
use engine::model::{Puzzle, State};
use engine::solving::solver::{FullTable, Method, Options, Solver};
use geometry::*;
use std::path::Path;
use std::sync::OnceLock;
use twisty::cube3::cubie::CubieCube;
use twisty::cube3::optimal::OptimalTables;
use twisty::cube3::two_phase::TwoPhaseTables;

/// SplitMix64, for reproducible scrambles.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

fn solver(p: &Puzzle, set: &MoveSet, full: FullTable, memory: u64, eager: bool) -> Solver {
    let options = Options {
        full_table: full,
        eager,
        ..Options::memory(memory)
    };
    Solver::with(p, set.clone(), options, |_| {}).unwrap()
}

fn replay(p: &Puzzle, set: &MoveSet, s: &State, path: &[usize]) -> State {
    let m = p.modulus();
    path.iter()
        .fold(s.clone(), |x, &i| x.apply(&set.perms[i], &m))
}

/// From random states (long random walks), the states along the table walk's solution: one of
/// every depth up to the deepest. IDA* under each memory budget must find a sequence of the
/// table's length that reaches the goal. Returns the deepest depth seen.
fn search_matches_table(p: &Puzzle, set: &MoveSet, seed: u64) -> usize {
    let table = solver(p, set, FullTable::Always, 1 << 30, false);
    assert!(matches!(table.method, Method::Table { .. }));
    let searches: Vec<Solver> = SEARCHES
        .iter()
        .map(|&(m, eager)| solver(p, set, FullTable::Never, m, eager))
        .collect();
    for s in &searches {
        assert!(matches!(s.method, Method::Search(_)));
    }
    let mut rng = Rng(seed);
    let m = p.modulus();
    let mut deepest = 0;
    let mut depths_seen = [0; 32];
    for _ in 0..12 {
        let mut s = p.goal.clone();
        for _ in 0..60 {
            s = s.apply(&set.perms[rng.below(set.perms.len())], &m);
        }
        let walk = table.solve(&s, 30).expect("reachable");
        assert!(p.is_solved(&replay(p, set, &s, &walk)));
        deepest = deepest.max(walk.len());
        // The states along the walk are at every distance from its length down to 0.
        let mut here = s.clone();
        for k in 0..=walk.len() {
            let want = walk.len() - k;
            depths_seen[want] += 1;
            for search in &searches {
                let found = search.solve(&here, 30).expect("within 30");
                assert_eq!(found.len(), want, "{}: IDA* against the table", p.name);
                assert!(p.is_solved(&replay(p, set, &here, &found)));
            }
            if k < walk.len() {
                here = here.apply(&set.perms[walk[k]], &m);
            }
        }
    }
    assert!(depths_seen[..=deepest].iter().all(|&n| n > 0));
    deepest
}

/// Memory budgets, and whether every pattern database is built at once: room for everything,
/// built as the search asks (which these small searches seldom do) or at once (so that the
/// whole-component databases, with their unfinished last levels, are used); and so little
/// memory that the near table stays small and the larger pattern databases are left out.
const SEARCHES: [(u64, bool); 3] = [(1 << 28, false), (1 << 28, true), (100_000, false)];

#[test]
fn ida_star_equals_the_table_walk_on_the_2x2x2() {
    let p = shipped::open("2x2x2").unwrap();
    for metric in [Metric::Htm, Metric::Qtm] {
        let deepest = search_matches_table(&p, &MoveSet::new(&p, metric), 1);
        assert!(deepest >= 9, "random 2x2x2 states are 9 or more moves away");
    }
}

#[test]
fn ida_star_equals_the_table_walk_on_the_pyraminx() {
    let (orbits, turns) = pyraminx();
    let p = load("pyraminx.tws", &tws(&Def::plain(&orbits, &turns))).unwrap();
    let deepest = search_matches_table(&p, &MoveSet::new(&p, Metric::Htm), 2);
    assert!(deepest >= 8);
}

#[test]
fn ida_star_equals_the_table_walk_on_the_skewb() {
    // As the published distribution counts it: centres without orientation, up to rotation
    // (twelve goals).
    let (orbits, turns) = skewb();
    let d = Def {
        ignore_orientation: &["CENTERS"],
        ..Def::plain(&orbits, &turns)
    };
    let p = load("skewb.json", &kpuzzle(&d)).unwrap();
    let any = Choice {
        metric: Some("htm".into()),
        any_orientation: true,
        ..Choice::default()
    };
    let chosen = any.apply(&p).unwrap();
    let deepest = search_matches_table(&chosen.puzzle, &chosen.set, 3);
    assert!(deepest >= 8);
}

// -------------------------------------------------------------------------------------------
// The 3x3x3 against the library's dedicated optimal solver.

fn cube3_tables() -> &'static OptimalTables {
    static T: OnceLock<OptimalTables> = OnceLock::new();
    T.get_or_init(|| {
        // (The same folder as the library's own tests: built once for both.)
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cube3-tables");
        let two = TwoPhaseTables::load_or_build(Some(&dir), 2, |m| eprintln!("{m}"));
        OptimalTables::load_or_build(two, Some(&dir), 2, |m| eprintln!("{m}"))
    })
}

fn engine_cube3() -> &'static (Puzzle, MoveSet, Solver) {
    static S: OnceLock<(Puzzle, MoveSet, Solver)> = OnceLock::new();
    S.get_or_init(|| {
        let p = shipped::open("3x3x3").unwrap();
        let set = MoveSet::new(&p, Metric::Htm);
        // With a cache folder the table reduced by symmetry is built whole at once (kept for the
        // next run), so the lengths are found with the inverse look-ups too.
        let options = Options {
            eager: true,
            cache_dir: Some(Path::new(env!("CARGO_TARGET_TMPDIR")).join("engine-cube3-cache")),
            ..Options::memory(2 << 30)
        };
        let s = Solver::with(&p, set.clone(), options, |_| {}).unwrap();
        let inverse = match &s.method {
            Method::Search(h) => {
                let h = h.lock().unwrap();
                h.bounds.inverse && h.bounds.sym.as_ref().is_some_and(|t| t.table.whole)
            }
            Method::Table { .. } => false,
        };
        assert!(inverse, "the inverse look-ups are on");
        (p, set, s)
    })
}

/// `n` random face turns (no face twice in a row), solved by both; equal lengths, and the
/// engine's sequence solves the engine's state.
fn cube3_agrees(seed: u64, scrambles: usize, n: usize) {
    let (p, set, engine) = engine_cube3();
    let tables = cube3_tables();
    let mut rng = Rng(seed);
    for _ in 0..scrambles {
        let mut turns = Vec::new();
        while turns.len() < n {
            let t = rng.below(18);
            if turns.last().is_none_or(|&l: &usize| l / 3 != t / 3) {
                turns.push(t);
            }
        }
        // The library numbers turns face * 3 + (quarter turns - 1), faces U R F D L B.
        let text: Vec<String> = turns
            .iter()
            .map(|&t| format!("{}{}", &"URFDLB"[t / 3..t / 3 + 1], ["", "2", "'"][t % 3]))
            .collect();
        let cube = turns.iter().fold(CubieCube::SOLVED, |c, &t| c.apply(t));
        let (theirs, _) = tables.solve(&cube, |_, _| {});
        let names = |s: &str| p.move_index(s);
        let alg = engine::model::alg::parse(&text.join(" "), &names).unwrap();
        let perms: Vec<_> = p.moves.iter().map(|m| &m.perm).collect();
        let m = p.modulus();
        let state = p.goal.apply(&alg.perm(&perms, &m), &m);
        let ours = engine.solve(&state, 20).unwrap();
        assert_eq!(ours.len(), theirs.len(), "{}", text.join(" "));
        assert!(p.is_solved(&replay(p, set, &state, &ours)));
    }
}

#[test]
fn cube3_lengths_equal_the_dedicated_optimal_solver() {
    cube3_agrees(31, 8, 9);
}

/// States up to 13 moves (random 13-move scrambles are mostly 12 or 13 away).
#[test]
#[ignore = "proof"]
fn cube3_lengths_equal_the_dedicated_optimal_solver_up_to_13() {
    cube3_agrees(13, 12, 13);
}

// -------------------------------------------------------------------------------------------
// The cache folder.

/// The 3x3x3 state of the benchmark's 13-move row: its search builds the corners' pattern
/// database (and deepens the near table), which the cache keeps.
const THIRTEEN: &str = "R U2 F' L D2 B' R2 U' F D L' B2 U";

#[test]
fn cached_tables_are_read_back_and_damaged_ones_rebuilt() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("engine-search-cache");
    let _ = std::fs::remove_dir_all(&dir);
    let p = shipped::open("3x3x3").unwrap();
    let set = MoveSet::new(&p, Metric::Htm);
    // (256 MB: the whole table reduced by symmetry, 70 MB at 4 bits, is more than a quarter of it,
    // so it is packed.)
    let memory = 256 << 20;
    let cached = || {
        let options = Options {
            cache_dir: Some(dir.clone()),
            ..Options::memory(memory)
        };
        Solver::with(&p, set.clone(), options, |_| {}).unwrap()
    };
    let eager = || {
        let options = Options {
            cache_dir: Some(dir.clone()),
            eager: true,
            ..Options::memory(memory)
        };
        Solver::with(&p, set.clone(), options, |_| {}).unwrap()
    };
    let patterns = |s: &Solver| match &s.method {
        Method::Search(h) => h.lock().unwrap().bounds.patterns.len(),
        Method::Table { .. } => panic!("searches"),
    };
    let sym_whole = |s: &Solver| match &s.method {
        Method::Search(h) => h.lock().unwrap().bounds.sym.as_ref().map(|t| t.table.whole),
        Method::Table { .. } => panic!("searches"),
    };
    let names = |s: &str| p.move_index(s);
    let alg = engine::model::alg::parse(THIRTEEN, &names).unwrap();
    let perms: Vec<_> = p.moves.iter().map(|m| &m.perm).collect();
    let m = p.modulus();
    let state = p.goal.apply(&alg.perm(&perms, &m), &m);
    let first = cached();
    assert_eq!(
        patterns(&first),
        0,
        "an empty cache: nothing built before a search asks"
    );
    let len = first.solve(&state, 20).unwrap().len();
    // (The library's optimal solver on the same scramble, as its cubie model reads it.)
    let cube = THIRTEEN
        .split_whitespace()
        .map(|t| {
            let face = "URFDLB".find(&t[..1]).unwrap();
            face * 3 + ["", "2", "'"].iter().position(|s| *s == &t[1..]).unwrap()
        })
        .fold(CubieCube::SOLVED, |c, t| c.apply(t));
    assert_eq!(len, cube3_tables().solve(&cube, |_, _| {}).0.len());
    let built = patterns(&first);
    assert!(built >= 1, "the search built the corners' database");
    assert_eq!(
        sym_whole(&first),
        Some(true),
        "and the one reduced by symmetry, whole"
    );
    let files = |part: &str| -> Vec<std::path::PathBuf> {
        let mut v: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|f| f.file_name().unwrap().to_string_lossy().starts_with(part))
            .collect();
        v.sort();
        v
    };
    let kept = files("pattern");
    // (A pair built before the table reduced by symmetry, and left out beside it, stays kept.)
    assert!(kept.len() >= built, "every pattern database built is kept");
    assert_eq!(
        files("sym-").len(),
        1,
        "the table reduced by symmetry is kept"
    );
    assert_eq!(files("symclasses-").len(), 1, "and its classes");
    // The whole table reduced by symmetry is kept packed at 2 bits an entry relative to a base,
    // the corners' (without their last levels) at 4, and the next solver opens both.
    let bits = |part: &str| twisty::table_file::peek(&files(part)[0]).unwrap().bits;
    assert_eq!(
        bits("sym-"),
        2,
        "the whole table reduced by symmetry at 2 bits an entry"
    );
    assert_eq!(bits("pattern0x1"), 4, "the corners at 4");
    // The next solver starts with them, and finds the same length.
    let second = cached();
    assert_eq!(patterns(&second), built);
    assert_eq!(sym_whole(&second), Some(true));
    assert_eq!(second.solve(&state, 20).unwrap().len(), len);
    // Cut short: opening refuses the file; a solver that builds what it lacks builds that one
    // anew.
    let corners = kept
        .iter()
        .find(|f| f.to_string_lossy().contains("pattern0x1"))
        .expect("the corners' database is kept");
    let bytes = std::fs::read(corners).unwrap();
    std::fs::write(corners, &bytes[..bytes.len() - 8]).unwrap();
    let third = cached();
    assert_eq!(patterns(&third), built - 1);
    assert_eq!(third.solve(&state, 20).unwrap().len(), len);
    assert_eq!(patterns(&eager()), built);
    // A flipped byte among the entries: opening maps the file without reading it; verifying it
    // (`twisty solve --verify`) refuses it, and the solver builds that one anew.
    for damaged in [corners.clone(), files("sym-")[0].clone()] {
        let mut bytes = std::fs::read(&damaged).unwrap();
        let at = bytes.len() / 2;
        bytes[at] ^= 0x40;
        std::fs::write(&damaged, &bytes).unwrap();
        let mut said = Vec::new();
        assert!(!twisty::table_keeping::verify_kept(&damaged, &mut |m| said.push(m.to_string())));
        assert!(said[0].contains("checksum mismatch"), "{said:?}");
        assert!(!damaged.exists(), "verifying removes it");
    }
    let fourth = cached();
    assert_eq!(patterns(&fourth), built - 1);
    assert_eq!(sym_whole(&fourth), None);
    assert_eq!(fourth.solve(&state, 20).unwrap().len(), len);
    let fifth = eager();
    assert_eq!(patterns(&fifth), built);
    assert_eq!(sym_whole(&fifth), Some(true));
    assert_eq!(fifth.solve(&state, 20).unwrap().len(), len);
}

/// A whole-component pattern database built without its last levels (as `eager` and short
/// searches build it) is completed in place once a search is expected to be long, and the
/// lengths stay the table walk's.
#[test]
fn a_partial_pattern_database_is_completed_for_a_long_search() {
    let p = shipped::open("2x2x2").unwrap();
    let set = MoveSet::new(&p, Metric::Htm);
    let table = solver(&p, &set, FullTable::Always, 1 << 30, false);
    let search = solver(&p, &set, FullTable::Never, 1 << 28, true);
    let Method::Search(h) = &search.method else {
        panic!("searches")
    };
    let whole = |h: &engine::solving::heuristics::Heuristics| -> Vec<bool> {
        h.bounds.patterns.iter().map(|d| d.table.whole).collect()
    };
    assert_eq!(whole(&h.lock().unwrap()), [false]);
    assert!(h.lock().unwrap().prepare(f64::INFINITY));
    assert_eq!(whole(&h.lock().unwrap()), [true]);
    let mut rng = Rng(5);
    let m = p.modulus();
    for _ in 0..20 {
        let mut s = p.goal.clone();
        for _ in 0..40 {
            s = s.apply(&set.perms[rng.below(set.perms.len())], &m);
        }
        let want = table.solve(&s, 30).unwrap().len();
        assert_eq!(search.solve(&s, 30).unwrap().len(), want);
    }
}

/// A phase's listing of solutions ends at its deadline, between solutions too (a candidate whose
/// phase is far longer than its tables promised gives up): with one already passed, nothing is
/// told of a state the goal is not; without one, the solutions are told, the shortest as long as
/// the table walk's.
#[test]
fn a_listing_ends_at_its_deadline() {
    use engine::solving::solver::Control;
    let p = shipped::open("2x2x2").unwrap();
    let set = MoveSet::new(&p, Metric::Htm);
    let table = solver(&p, &set, FullTable::Always, 1 << 30, false);
    let search = solver(&p, &set, FullTable::Never, 1 << 28, false);
    let mut rng = Rng(7);
    let m = p.modulus();
    let mut s = p.goal.clone();
    for _ in 0..60 {
        s = s.apply(&set.perms[rng.below(set.perms.len())], &m);
    }
    let optimal = table.solve(&s, 30).expect("reachable").len();
    assert!(optimal > 0);
    let list = |deadline| {
        let mut lengths = Vec::new();
        search.each_solution(&s, (30, deadline), &mut |path| {
            assert!(p.is_solved(&replay(&p, &set, &s, path)));
            lengths.push(path.len());
            match lengths.len() < 20 {
                true => Control::Continue,
                false => Control::Stop,
            }
        });
        lengths
    };
    let told = list(None);
    assert_eq!(told.len(), 20);
    assert_eq!(told.iter().min(), Some(&optimal));
    assert!(list(Some(std::time::Instant::now())).is_empty());
}
