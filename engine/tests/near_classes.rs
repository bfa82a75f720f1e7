//! The near table reduced by symmetry (`engine::tables::near_table`, its classes found from the
//! last level's representatives), against truths that share nothing with it:
//! - the 3x3x3's classes at each distance under its 48 symmetries in the half-turn metric, as
//!   published (Rokicki et al., cube20.org: 1, 2, 9, 75, 934, 12077, 159131);
//! - the same counts to distance 4 by brute force: every state by a breadth-first search over
//!   whole states, each class named by its least conjugate made through slot permutations
//!   (`symmetries::conjugate_state`);
//! - on the megaminx (120 symmetries), the distance the table gives random states of up to six
//!   moves equals a meet-in-the-middle search (whole states three moves from the goal and from the
//!   state), and a state further than the table's depth is not found; and the solver's search
//!   through the table by class (its filter first) finds those lengths, and the table is kept in
//!   the cache folder and read back.

mod defs;
mod rng;

use defs::puzzle;
use engine::model::canonical::{Canon, CanonScratch};
use engine::model::metric::{MoveSet, PairPruner};
use engine::model::perm_group::Slots;
use engine::model::symmetries::{conjugate_state, find};
use engine::model::{Puzzle, State};
use engine::solving::solver::{Method, Options, Solver};
use engine::tables::near_table::{Moves, NearTable};
use rng::Lcg;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

fn reduced_table(p: &Puzzle, set: &MoveSet, depth: u32) -> (NearTable, Arc<Canon>) {
    let syms = find(p, &set.perms, &set.names).elements(true, 1000);
    let canon = Arc::new(Canon::new(p, &syms).expect("distinct pieces"));
    let modulus = p.modulus();
    let moves = Moves {
        goals: vec![p.goal.clone()],
        inverse: set.perms.clone(),
        pruner: PairPruner::new(set, &modulus),
        modulus,
    };
    let mut t = NearTable::reduced(&p.goal, canon.clone(), 1 << 10);
    while t.depth < depth {
        assert!(t.deepen(&moves, 1 << 32), "memory");
    }
    (t, canon)
}

/// Every state within `depth` of the goal, with its distance (a breadth-first search).
fn ball(p: &Puzzle, set: &MoveSet, from: &State, depth: u32) -> HashMap<State, u32> {
    let m = p.modulus();
    let mut seen = HashMap::from([(from.clone(), 0)]);
    let mut last = vec![from.clone()];
    for d in 1..=depth {
        let mut next = Vec::new();
        for s in &last {
            for mv in &set.perms {
                let t = s.apply(mv, &m);
                if !seen.contains_key(&t) {
                    seen.insert(t.clone(), d);
                    next.push(t);
                }
            }
        }
        last = next;
    }
    seen
}

#[test]
fn cube_classes_per_distance_are_the_published_ones() {
    let (p, set) = puzzle("3x3x3");
    let (t, _) = reduced_table(&p, &set, 6);
    assert_eq!(t.levels, [1, 2, 9, 75, 934, 12077, 159131]);
}

#[test]
fn cube_classes_per_distance_match_a_brute_force_count() {
    let (p, set) = puzzle("3x3x3");
    let slots = Slots::of(&p);
    let syms = find(&p, &set.perms, &set.names).elements(true, 1000);
    let mut classes = vec![HashSet::new(); 5];
    for (s, d) in ball(&p, &set, &p.goal, 4) {
        let least = syms
            .iter()
            .map(|g| conjugate_state(&p.goal, &slots, &g.slots, &s))
            .map(|c| (c.label, c.ori))
            .min()
            .unwrap();
        classes[d as usize].insert(least);
    }
    let counts: Vec<u64> = classes.iter().map(|c| c.len() as u64).collect();
    let (t, _) = reduced_table(&p, &set, 4);
    assert_eq!(t.levels, counts);
}

#[test]
fn megaminx_distances_match_a_meet_in_the_middle_search() {
    let (p, set) = puzzle("megaminx.tws");
    let (t, canon) = reduced_table(&p, &set, 4);
    let near_goal = ball(&p, &set, &p.goal, 3);
    let m = p.modulus();
    let mut rng = Lcg(0x2F0F_1234_ABCD_0001);
    let mut scratch = CanonScratch::default();
    let mut beyond = 0;
    for i in 0..16 {
        let s = (0..3 + i % 4).fold(p.goal.clone(), |s, _| {
            s.apply(&set.perms[rng.below(set.perms.len())], &m)
        });
        // The moves are closed under inverse: the distance is the least d1 + d2 over states x
        // d1 from `s` and d2 from the goal.
        let truth = ball(&p, &set, &s, 3)
            .iter()
            .filter_map(|(x, d1)| near_goal.get(x).map(|d2| d1 + d2))
            .min()
            .expect("at most six moves");
        let found = t.get(canon.canonical(&s, &mut scratch));
        if truth <= 4 {
            assert_eq!(found, Some(truth), "scramble {i}");
        } else {
            assert_eq!(found, None, "scramble {i}");
            beyond += 1;
        }
    }
    assert!(beyond > 0, "some state beyond the table");
}

/// The solver's search through the table by class (its filter asked before each representative)
/// finds the meet-in-the-middle lengths of random megaminx states 5 and 6 moves from the goal
/// (its depth 4).
#[test]
fn megaminx_searches_through_the_table_by_class_are_optimal() {
    let (p, set) = puzzle("megaminx.tws");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("near-classes-cache");
    let _ = std::fs::remove_dir_all(&dir);
    let solver = || {
        let options = Options {
            cache_dir: Some(dir.clone()),
            ..Options::memory(1 << 30)
        };
        Solver::with(&p, set.clone(), options, |_| {}).unwrap()
    };
    let near = |s: &Solver| match &s.method {
        Method::Search(h) => {
            let h = h.lock().unwrap();
            (h.bounds.near.canon().map(|c| c.len()), h.bounds.near.depth)
        }
        Method::Table { .. } => panic!("searches"),
    };
    let first = solver();
    if let Method::Search(h) = &first.method {
        // (As a long search would: by class, then deepened.)
        let mut h = h.lock().unwrap();
        assert!(h.by_class(), "the megaminx has symmetries");
        while h.bounds.near.depth < 4 {
            assert!(h.deepen(), "memory");
        }
    }
    assert_eq!(near(&first), (Some(120), 4));
    let near_goal = ball(&p, &set, &p.goal, 3);
    let m = p.modulus();
    let mut rng = Lcg(0x0DDB_1A5E_5BAD_5EED);
    let mut searched = 0;
    for i in 0..12 {
        let s = (0..6 + i % 3).fold(p.goal.clone(), |s, _| {
            s.apply(&set.perms[rng.below(set.perms.len())], &m)
        });
        // (Beyond six moves the meet in the middle does not see: left out.)
        let Some(truth) = ball(&p, &set, &s, 3)
            .iter()
            .filter_map(|(x, d1)| near_goal.get(x).map(|d2| d1 + d2))
            .min()
        else {
            continue;
        };
        // (Deeper than the table: found by a search through it, not by its walk.)
        searched += (truth > 4) as usize;
        let path = first.solve(&s, 8).expect("solved");
        assert_eq!(path.len() as u32, truth, "scramble {i}");
        let end = path
            .iter()
            .fold(s.clone(), |t, &mv| t.apply(&set.perms[mv], &m));
        assert!(p.is_solved(&end), "scramble {i}");
    }
    assert!(searched >= 3, "{searched} states searched");
    // Kept in the cache folder with its filter, and read back by the next solver.
    let kept = |part: &str| {
        std::fs::read_dir(&dir)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .starts_with(part)
            })
            .count()
    };
    assert_eq!((kept("nearclasses-"), kept("nearfilter-")), (1, 1));
    let second = solver();
    assert_eq!(near(&second), (Some(120), 4));
}
