//! The pattern database reduced by symmetry, against truth from outside it:
//! - the 3x3x3's plan is Kociemba's phase-1 space, found from the definition: the four edges the
//!   U and D turns leave alone (495 places) with the twelve edges' flips, the corners' twists, the
//!   16 symmetries that keep the U-D axis, three views (the three axes); its classes are the
//!   published 64,430 flip-slice classes;
//! - a view's coordinates, carried along a random sequence by move tables, are those of the state
//!   conjugated slot by slot (`conjugate_state`), and those of the sequence with every move seen
//!   through the view (the symmetry's images of the moves, found by the symmetry search);
//! - the skewb's table (24 symmetries) gives every state the distance of its corners' twists in a
//!   breadth-first search of the test's own over the twists alone;
//! - (proof) the whole table's bound of random states, through every view, is the phase-1 distance
//!   of the library's two-phase solver (its own cubie model and tables) of the state, and of the
//!   state turned so that the view's axis is U-D; and so is the bound of its inverse (made by
//!   `SymPdb::invert` and seen through `SymPdb::inverse_view`), of the library's inverse cube;
//!   and, the table packed at 2 bits relative to base 8 as the search keeps it, each as such a
//!   table reads it (`packed::reads_right`: the distance above the base, at most it below).

mod packed;
mod rng;

use engine::load::shipped;
use engine::model::metric::{Metric, MoveSet};
use engine::model::Puzzle;
use engine::tables::floored::ByIndex;
use engine::tables::sym_pdb::{plan, InverseScratch, SymPdb};
use rng::Lcg;
use twisty::cube3::cubie::{CubieCube, MOVE_NAMES};
use twisty::cube3::two_phase::TwoPhaseTables;

fn cube() -> (Puzzle, MoveSet) {
    let p = shipped::open("3x3x3").unwrap();
    let set = MoveSet::new(&p, Metric::Htm);
    (p, set)
}

fn plan_of(p: &Puzzle, set: &MoveSet) -> plan::Plan {
    plan::choose(p, &set.perms, &set.names, 1 << 28).expect("the cube has a plan")
}

#[test]
fn the_cubes_plan_is_kociembas_phase_one_with_its_64430_classes() {
    let (p, set) = cube();
    let plan = plan_of(&p, &set);
    let places = plan.outer.places.as_ref().expect("a set of edges tracked");
    assert_eq!(places.size, 495, "4 of 12 edges");
    assert_eq!(plan.outer.twists.as_ref().map(|c| c.size), Some(2048));
    assert_eq!(plan.inner.size(), 2187);
    assert_eq!(plan.syms.len(), 16);
    assert_eq!(plan.views.len(), 3);
    // The tracked edges are those no U and no D turn moves.
    let (u, d) = (p.move_index("U").unwrap(), p.move_index("D").unwrap());
    let moved = |m: usize, q: usize| {
        let perm = &p.moves[m].perm;
        perm.src[q] as usize != q || perm.twist[q] != 0
    };
    let tracked: Vec<usize> = places
        .positions()
        .iter()
        .copied()
        .filter(|&q| !moved(u, q) && !moved(d, q))
        .collect();
    assert_eq!(tracked.len(), 4);
    let db = SymPdb::new(&p, plan, set.perms.len(), None);
    assert_eq!(db.classes(), 64_430);
    assert_eq!(db.size(), 64_430 * 2187);
}

#[test]
fn views_follow_the_moves_as_the_conjugated_states_do() {
    let (p, set) = cube();
    let db = SymPdb::new(&p, plan_of(&p, &set), set.perms.len(), None);
    let m = p.modulus();
    let mut rng = Lcg(0x9E37_79B9_7F4A_7C15);
    for _ in 0..200 {
        let len = rng.below(30);
        let seq: Vec<usize> = (0..len).map(|_| rng.below(set.perms.len())).collect();
        let mut carried = db.view_coords(&p.goal);
        let mut state = p.goal.clone();
        for &mv in &seq {
            for (v, c) in carried[..db.views.len()].iter_mut().enumerate() {
                *c = db.step(v, *c, mv);
            }
            state = state.apply(&set.perms[mv], &m);
        }
        let direct = db.view_coords(&state);
        assert_eq!(carried, direct, "{seq:?}");
        assert_eq!(
            direct[0],
            db.coords(&state),
            "the first view is the state itself"
        );
        for (v, view) in db.views.iter().enumerate() {
            let seen = seq.iter().fold(p.goal.clone(), |s, &mv| {
                s.apply(&set.perms[view.moves[mv] as usize], &m)
            });
            assert_eq!(db.coords(&seen), direct[v], "view {v} of {seq:?}");
        }
    }
}

#[test]
#[ignore = "proof"]
fn the_whole_tables_bounds_are_the_two_phase_solvers_phase_one_distances() {
    let (p, set) = cube();
    let mut db = SymPdb::new(&p, plan_of(&p, &set), set.perms.len(), None);
    db.build(&p.goals(), 2, true);
    assert!(db.table.whole);
    // Then packed as the search keeps it: relative to base 8 (level 9 is the first to hold a
    // tenth of the entries).
    assert_eq!(db.table.packed_base(), Some(8));
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cube3-tables");
    let two = TwoPhaseTables::load_or_build(Some(&dir), 2, |m| eprintln!("{m}"));
    let library = |name: &str| MOVE_NAMES.iter().position(|&n| n == name).unwrap();
    let to_library: Vec<usize> = set.names.iter().map(|n| library(n)).collect();
    let m = p.modulus();
    let mut scratch = InverseScratch::default();
    for pack in [false, true] {
        if pack {
            db.table.pack(8);
        }
        let mut rng = Lcg(20_261_126);
        for _ in 0..3000 {
            let seq: Vec<usize> = (0..40).map(|_| rng.below(set.perms.len())).collect();
            let state = seq
                .iter()
                .fold(p.goal.clone(), |s, &mv| s.apply(&set.perms[mv], &m));
            let views = db.view_coords(&state);
            let mut inverse = state.clone();
            assert!(db.invert(&state, &mut inverse));
            for (v, view) in db.views.iter().enumerate() {
                let seen: Vec<usize> = seq
                    .iter()
                    .map(|&mv| to_library[view.moves[mv] as usize])
                    .collect();
                let cubie = CubieCube::SOLVED.apply_all(&seen);
                let ours = db.get(db.index(views[v]));
                let base = db.table.base();
                let right = |d: usize, read| packed::reads_right(base, d as u32, None, read);
                let d = two.phase1_distance(&cubie);
                assert!(right(d, ours), "view {v}, {seq:?}: {ours} for {d}");
                // The inverse seen through the view is the inverse of the cube seen through it.
                let ours = db.get(db.inverse_view(v, &inverse, &mut scratch) as usize);
                let d = two.phase1_distance(&cubie.inverse());
                assert!(right(d, ours), "inverse, view {v}, {seq:?}: {ours} for {d}");
            }
        }
    }
}

/// The skewb's table (its two corner tetrads' twists, reduced by its 24 symmetries that keep the
/// twists closed) against a breadth-first search of the test's own over the corners' twists alone
/// (a move sends the twist at `src[q]` to `q`, adding `twist[q]`): the bound of every state along
/// random sequences is its twists' distance there.
#[test]
fn the_skewbs_table_equals_a_plain_search_over_its_twists() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tools/bench-data/skewb.tws");
    let text = std::fs::read_to_string(path).unwrap();
    let p = engine::load::load("skewb.tws", &text).unwrap();
    let set = MoveSet::new(&p, Metric::Htm);
    let plan = plan_of(&p, &set);
    assert_eq!(plan.syms.len(), 24);
    let twisted: Vec<usize> = {
        let mut v: Vec<usize> = plan
            .outer
            .twists
            .iter()
            .chain(&plan.inner.twists)
            .flat_map(|c| c.positions().to_vec())
            .collect();
        v.sort_unstable();
        v
    };
    let mut db = SymPdb::new(&p, plan, set.perms.len(), None);
    db.build(&p.goals(), 2, true);
    let m = p.modulus();
    let key = |s: &engine::model::State| -> Vec<u8> { twisted.iter().map(|&q| s.ori[q]).collect() };
    // The plain search: twists only, from every goal's.
    let mut dist: std::collections::HashMap<Vec<u8>, u32> =
        p.goals().iter().map(|g| (key(g), 0)).collect();
    let mut frontier: Vec<Vec<u8>> = dist.keys().cloned().collect();
    let at: std::collections::HashMap<usize, usize> =
        twisted.iter().enumerate().map(|(i, &q)| (q, i)).collect();
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for t in &frontier {
            for perm in &set.perms {
                let moved: Vec<u8> = twisted
                    .iter()
                    .map(|&q| (t[at[&(perm.src[q] as usize)]] + perm.twist[q]) % m[q])
                    .collect();
                if !dist.contains_key(&moved) {
                    dist.insert(moved.clone(), d);
                    next.push(moved);
                }
            }
        }
        frontier = next;
    }
    let mut rng = Lcg(77);
    for _ in 0..300 {
        let mut s = p.goal.clone();
        for _ in 0..rng.below(20) {
            s = s.apply(&set.perms[rng.below(set.perms.len())], &m);
        }
        let ours = db.get(db.index(db.coords(&s)));
        assert_eq!(ours, dist[&key(&s)]);
    }
}
