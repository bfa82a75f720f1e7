//! Pattern databases of some pieces of a component (Korf's partial-orbit tables), against truth
//! from outside them:
//! - every entry of a table of tracked pieces is the distance a breadth-first search of the
//!   test's own finds over the tracked pieces alone (each piece's place and twist as a tuple,
//!   moved by the definition's permutations): four of the 3x3x3's edges (190,080 states) and
//!   three of the megaminx's corners (184,680); packed to 2 bits an entry relative to a base (the
//!   search's, and bases 3 and 5), every entry reads as that rule says of its distance and its
//!   line's least distance (`packed::reads_right`);
//! - the coordinates a search carries by move tables along random sequences are those of the
//!   states reached;
//! - the pieces chosen from the definition are a face's (the megaminx's four corners all turn with
//!   one move) and as many as the limits allow (the 3x3x3's six edges; the megaminx's four
//!   corners; its edges' four places would need 31 million move-table steps, past the limit).

mod packed;
mod rng;

use engine::load::{load, shipped};
use engine::model::metric::{Metric, MoveSet};
use engine::model::{Perm, Puzzle, State};
use engine::tables::floored::ByIndex;
use engine::tables::pattern_db::{Part, PatternDb};
use engine::tables::space::{tracked_parts, Coord, TrackedTwists};
use rng::Lcg;
use std::collections::HashMap;

fn megaminx() -> (Puzzle, MoveSet) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tools/bench-data/megaminx.tws"
    );
    let p = load(path, &std::fs::read_to_string(path).unwrap()).unwrap();
    let set = MoveSet::new(&p, Metric::Htm);
    (p, set)
}

fn cube() -> (Puzzle, MoveSet) {
    let p = shipped::open("3x3x3").unwrap();
    let set = MoveSet::new(&p, Metric::Htm);
    (p, set)
}

/// The positions of the orbit named `orbit`.
fn orbit(p: &Puzzle, orbit: &str) -> Vec<usize> {
    let mut at = 0;
    for o in &p.orbits {
        if o.name == orbit {
            return (at..at + o.size).collect();
        }
        at += o.size;
    }
    panic!("no orbit {orbit}")
}

/// The tracked pieces as (place, twist) each, in a state.
fn tuple(s: &State, tracked: &[u8], modulus: u8) -> Vec<(usize, u8)> {
    tracked
        .iter()
        .map(|&l| {
            let at = s.label.iter().position(|&x| x == l).unwrap();
            (at, s.ori[at] % modulus)
        })
        .collect()
}

/// The test's own search: the tracked pieces' (place, twist) tuples from the goal's, each move
/// taking the piece at `src[q]` to `q` with `twist[q]` added.
fn own_bfs(start: Vec<(usize, u8)>, moves: &[Perm], modulus: u8) -> HashMap<Vec<(usize, u8)>, u8> {
    let mut to = vec![Vec::new(); moves.len()];
    for (m, perm) in moves.iter().enumerate() {
        to[m] = vec![0usize; perm.src.len()];
        for (q, &p) in perm.src.iter().enumerate() {
            to[m][p as usize] = q;
        }
    }
    let mut dist = HashMap::from([(start.clone(), 0u8)]);
    let mut layer = vec![start];
    let mut d = 0;
    while !layer.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for t in &layer {
            for (m, perm) in moves.iter().enumerate() {
                let moved: Vec<(usize, u8)> = t
                    .iter()
                    .map(|&(p, o)| {
                        let q = to[m][p];
                        (q, (o + perm.twist[q]) % modulus)
                    })
                    .collect();
                if !dist.contains_key(&moved) {
                    dist.insert(moved.clone(), d);
                    next.push(moved);
                }
            }
        }
        layer = next;
    }
    dist
}

/// Checks every entry of the table of `tracked` (at `chosen` goal positions) of orbit `name`.
fn table_is_own_bfs(p: &Puzzle, set: &MoveSet, name: &str, chosen: &[usize], states: usize) {
    let positions = orbit(p, name);
    let modulus = p.modulus()[positions[0]];
    let tracked: Vec<u8> = chosen.iter().map(|&i| p.goal.label[positions[i]]).collect();
    let places = Coord::tracked_each(p, &set.perms, &positions, &tracked);
    let twists = TrackedTwists::new(&places, &set.perms, tracked.len(), modulus);
    let (outer, inner) = Part::tracked_pair(places, twists);
    let db = PatternDb::build(
        outer,
        inner,
        std::slice::from_ref(&p.goal),
        set.perms.len(),
        2,
        true,
    );
    let truth = own_bfs(tuple(&p.goal, &tracked, modulus), &set.perms, modulus);
    assert_eq!(truth.len(), states);
    let others: Vec<u8> = positions
        .iter()
        .map(|&q| p.goal.label[q])
        .filter(|l| !tracked.contains(l))
        .collect();
    // A state with the tracked pieces so, the others anywhere else, untwisted.
    let state_of = |t: &Vec<(usize, u8)>| {
        let mut s = p.goal.clone();
        let mut rest = others.iter();
        for &q in &positions {
            s.ori[q] = 0;
            s.label[q] = match t.iter().position(|&(at, _)| at == q) {
                Some(j) => {
                    s.ori[q] = t[j].1;
                    tracked[j]
                }
                None => *rest.next().unwrap(),
            };
        }
        s
    };
    let mut seen = vec![false; states];
    let mut at = vec![0u32; states];
    for (t, &d) in &truth {
        let i = db.index(db.coords(&state_of(t)));
        assert!(!seen[i], "two tuples share entry {i}");
        seen[i] = true;
        at[i] = d as u32;
    }
    // Packed relative to a base or not, every entry reads as the rule says (a line's least
    // distance from the test's own distances).
    let least: Vec<u32> = at
        .chunks(packed::PER_LINE)
        .flat_map(|line| {
            let l = *line.iter().min().unwrap();
            std::iter::repeat_n(l, line.len())
        })
        .collect();
    let check = |db: &PatternDb| {
        let base = db.table.base();
        for (i, &d) in at.iter().enumerate() {
            let read = db.get(i);
            assert!(
                packed::reads_right(base, d, Some(least[i]), read),
                "entry {i} at {d} reads {read}, base {base:?}"
            );
        }
    };
    check(&db);
    // As the search keeps it, and at two bases of the test's choosing.
    let kept = db.table.packed_base();
    for base in kept.into_iter().chain([3, 5]) {
        let mut db = PatternDb::build(
            db.outer.clone(),
            db.inner.clone(),
            std::slice::from_ref(&p.goal),
            set.perms.len(),
            2,
            true,
        );
        db.table.pack(base);
        assert_eq!(db.table.base(), Some(base));
        check(&db);
    }
    // The carried coordinates are those of the states reached.
    let mut rng = Lcg(0x9E37_79B9_7F4A_7C15);
    let modulus_all = p.modulus();
    for _ in 0..20 {
        let mut s = p.goal.clone();
        let mut c = db.coords(&s);
        for _ in 0..30 {
            let m = rng.below(set.perms.len());
            s = s.apply(&set.perms[m], &modulus_all);
            c = db.step(c, m);
            assert_eq!(c, db.coords(&s));
        }
    }
}

#[test]
fn four_cube_edges_table_is_the_own_bfs() {
    let (p, set) = cube();
    // 12 x 11 x 10 x 9 places x 2^4 flips.
    table_is_own_bfs(&p, &set, "EDGES", &[0, 3, 5, 10], 190_080);
}

#[test]
fn three_megaminx_corners_table_is_the_own_bfs() {
    let (p, set) = megaminx();
    // 20 x 19 x 18 places x 3^3 twists.
    table_is_own_bfs(&p, &set, "CORNER", &[0, 7, 19], 184_680);
}

#[test]
fn the_pieces_chosen_are_a_faces_and_as_many_as_fit() {
    let (p, set) = cube();
    let parts = tracked_parts(&p, &set.perms, 1 << 28);
    let sizes: Vec<(usize, usize)> = parts.iter().map(|(c, t)| (c.size, t.size)).collect();
    // The corners (8) fit whole; six of the twelve edges: 665,280 places, 64 flips.
    assert_eq!(sizes, [(665_280, 64)]);

    let (p, set) = megaminx();
    let parts = tracked_parts(&p, &set.perms, 1 << 28);
    let sizes: Vec<(usize, usize)> = parts.iter().map(|(c, t)| (c.size, t.size)).collect();
    assert_eq!(sizes, [(116_280, 81)]);
    // Those four corners turn together under one move (a face's): the places where a twist
    // changes the tracked twists are all moved by one move.
    let (places, twists) = &parts[0];
    let held: Vec<usize> = places
        .positions()
        .iter()
        .copied()
        .filter(|&q| {
            let mut s = p.goal.clone();
            s.ori[q] = 1;
            twists.value(&s) != twists.value(&p.goal)
        })
        .collect();
    assert_eq!(held.len(), 4);
    let face = set
        .perms
        .iter()
        .any(|m| held.iter().all(|&q| m.src[q] as usize != q));
    assert!(face, "{held:?}");
}
