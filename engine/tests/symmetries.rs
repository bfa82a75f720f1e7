//! Symmetries found from the definitions, against truth from outside the search:
//! - the symmetry groups of the solids the puzzles are cut from: the cube's 48 (24 rotations, 24
//!   mirrors), the tetrahedron's 24, the octahedron's 48, the dodecahedron's 120; a 2x2x2 that
//!   never turns its DBL corner keeps the 6 that fix that corner;
//! - symmetries no solid shows, counted by hand: the pyraminx's four tips turn alone, so they may
//!   be exchanged and mirrored freely (24 x 4! x 2^4 = 9216); an N x N x N cube's inner layers
//!   may be renumbered on every axis at once by any renumbering that commutes with turning the
//!   cube over (depth d to N+1-d): the 5x5x5 swaps depths 2 and 4 (2), the 6x6x6 and 7x7x7 have
//!   the 8 of a square's symmetries on depths 2, 3, N-2, N-1: 48 x 2, 48 x 8, 48 x 8;
//! - every symmetry, checked by the test's own arithmetic on the definition's moves, turns every
//!   move into the move it names;
//! - the rotations a definition names (`x`, `y`, `z`, `...v`) turn the moves as the symmetries
//!   that keep the turning direction do.

use engine::load::{self, shipped};
use engine::model::choice::Choice;
use engine::model::metric::MoveSet;
use engine::model::perm_group::Slots;
use engine::model::rotations;
use engine::model::symmetries::{self, Symmetries};
use engine::model::{Perm, Puzzle};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../puzzles/community");

/// A definition (community file or shipped name) with its rotations left out.
fn chosen(name: &str) -> (Puzzle, Puzzle, MoveSet, Vec<String>) {
    let p = if name.ends_with(".json") {
        let text = std::fs::read_to_string(format!("{DIR}/{name}")).unwrap();
        load::load(name, &text).unwrap()
    } else {
        shipped::open(name).unwrap()
    };
    let c = Choice::default().apply(&p).unwrap();
    (p, c.puzzle, c.set, c.rotations)
}

fn found(name: &str) -> (Puzzle, Puzzle, MoveSet, Vec<String>, Symmetries) {
    let (original, p, set, rot) = chosen(name);
    let s = symmetries::find(&p, &set.perms, &set.names);
    assert!(s.complete, "{name}: the search ran out of its budget");
    (original, p, set, rot, s)
}

#[test]
fn the_solids_symmetries() {
    for (name, order) in [
        ("3x3x3", 48),
        ("3x3x3-centerless.kpuzzle.json", 48),
        ("2x2x2.kpuzzle.json", 48),
        ("2x2x2", 6),
        ("tetraminx.kpuzzle.json", 24),
        ("baby_fto.kpuzzle.json", 48),
        ("megaminx.kpuzzle.json", 120),
        ("kilominx.kpuzzle.json", 120),
    ] {
        let (_, _, _, _, s) = found(name);
        assert_eq!(s.order.to_string(), order.to_string(), "{name}");
        assert_eq!(s.keeping_order.to_string(), order.to_string(), "{name}");
        assert!(
            s.mirrors,
            "{name}: half of a solid's symmetries are mirrors"
        );
    }
}

#[test]
fn symmetries_no_solid_shows() {
    for (name, order) in [
        ("pyraminx.kpuzzle.json", 9216),
        ("5x5x5.kpuzzle.json", 96),
        ("6x6x6.kpuzzle.json", 384),
        ("7x7x7.kpuzzle.json", 384),
    ] {
        let (_, _, _, _, s) = found(name);
        assert_eq!(s.order.to_string(), order.to_string(), "{name}");
        // Each keeps the colours: a face's stickers stay one face's.
        assert_eq!(s.keeping_order.to_string(), order.to_string(), "{name}");
    }
}

#[test]
fn every_symmetry_turns_moves_into_the_moves_it_names() {
    for name in ["3x3x3", "megaminx.kpuzzle.json", "5x5x5.kpuzzle.json"] {
        let (_, p, set, _, s) = found(name);
        let slots = Slots::of(&p);
        let moves: Vec<Vec<u16>> = set.perms.iter().map(|m| slots.perm(m)).collect();
        let all = s.elements(false, 1000);
        assert_eq!(all.len().to_string(), s.order.to_string(), "{name}");
        let mut mirrors = 0;
        for e in &all {
            // σ m σ⁻¹ written out: where σ(x) goes is σ(m(x)).
            for (m, perm) in moves.iter().enumerate() {
                let mut conj = vec![0u16; perm.len()];
                for x in 0..perm.len() {
                    conj[e.slots[x] as usize] = e.slots[perm[x] as usize];
                }
                assert_eq!(conj, moves[e.image[m]], "{name}");
            }
            let modulus = p.modulus();
            mirrors += symmetries::reverses(e, &set.perms, &set.names, &modulus) as usize;
        }
        assert_eq!(2 * mirrors, all.len(), "{name}: half are mirrors");
    }
}

#[test]
fn the_named_rotations_turn_the_moves_as_the_symmetries_do() {
    for (name, exactly) in [
        ("2x2x2.kpuzzle.json", true),
        ("megaminx.kpuzzle.json", true),
        ("baby_fto.kpuzzle.json", true),
        ("pyraminx.kpuzzle.json", false),
        ("5x5x5.kpuzzle.json", false),
    ] {
        let (original, _, set, rot, s) = found(name);
        let modulus = original.modulus();
        let gens: Vec<Perm> = rot
            .iter()
            .map(|n| original.moves[original.move_index(n).unwrap()].perm.clone())
            .collect();
        let group = rotations::group(&gens, &modulus).unwrap();
        // Each rotation's map of the moves: r⁻¹ m r, by the model's own composition.
        let mut by_rotation: Vec<Vec<usize>> = group
            .iter()
            .map(|r| {
                let r_inv = r.inverse(&modulus);
                set.perms
                    .iter()
                    .map(|m| {
                        let c = r_inv.then(m, &modulus).then(r, &modulus);
                        set.perms.iter().position(|t| *t == c).expect("a move")
                    })
                    .collect()
            })
            .collect();
        let mut turns: Vec<Vec<usize>> = s
            .elements(false, 20_000)
            .into_iter()
            .filter(|e| !symmetries::reverses(e, &set.perms, &set.names, &modulus))
            .map(|e| e.image)
            .collect();
        by_rotation.sort();
        by_rotation.dedup();
        turns.sort();
        // Each symmetry's image is the inverse map or the map itself of a rotation's: compare as
        // sets of maps, closed under inverses on both sides.
        let invert = |v: &Vec<usize>| {
            let mut inv = vec![0; v.len()];
            for (i, &j) in v.iter().enumerate() {
                inv[j] = i;
            }
            inv
        };
        for r in &by_rotation {
            assert!(
                turns.binary_search(r).is_ok() || turns.binary_search(&invert(r)).is_ok(),
                "{name}: a rotation's map of the moves is not among the symmetries"
            );
        }
        if exactly {
            assert_eq!(by_rotation.len(), turns.len(), "{name}");
        }
    }
}
