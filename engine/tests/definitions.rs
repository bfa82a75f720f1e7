//! The community's definition formats, written here from a geometric model (`geometry/`), against
//! published figures: KPuzzle with `orientationMod`, derived moves and rotations among the moves;
//! twsearch's `.tws` with `?` orientations and move sequences; undeclared orbits; counts and
//! distributions up to rotation.

mod geometry;

use engine::gods::count::group_order;
use engine::load::load;
use engine::model::choice::Choice;
use engine::model::Puzzle;
use engine::tables::full_table::DistTable;
use engine::tables::space::Space;
use geometry::*;

/// The 2x2x2 as cubing.js writes it: base moves U, x, y, z, and the other faces derived.
fn cube2(format: &str) -> Puzzle {
    let orbits = [cube2_corners()];
    let mut turns = vec![face_turns().remove(0)];
    turns.extend(cube_rotations());
    let d = Def {
        orbits: &orbits,
        turns: &turns,
        derived: CUBE2_DERIVED,
        ignore_orientation: &[],
    };
    match format {
        "json" => load("cube2.json", &kpuzzle(&d)).unwrap(),
        _ => load("cube2.tws", &tws(&d)).unwrap(),
    }
}

fn choice(metric: &str, any: bool) -> Choice {
    Choice {
        metric: Some(metric.into()),
        any_orientation: any,
        ..Choice::default()
    }
}

/// The distance distribution of a puzzle under a choice.
fn distribution(p: &Puzzle, c: &Choice) -> Vec<u64> {
    let chosen = c.apply(p).unwrap();
    let space = Space::new(&chosen.puzzle, chosen.set.perms.clone()).unwrap();
    DistTable::build(&space, |_| {}).distribution
}

fn order(p: &Puzzle, c: &Choice) -> String {
    let chosen = c.apply(p).unwrap();
    group_order(&chosen.puzzle, &chosen.set.perms.iter().collect::<Vec<_>>()).to_string()
}

#[test]
fn rotations_are_found_and_left_out_of_the_moves() {
    let p = cube2("json");
    let chosen = choice("htm", false).apply(&p).unwrap();
    let mut rot = chosen.rotations.clone();
    rot.sort();
    assert_eq!(rot, ["x", "y", "z"]);
    // Six faces with three powers each, derived from U and the rotations.
    assert_eq!(chosen.set.perms.len(), 18);
    assert!(chosen
        .set
        .names
        .iter()
        .all(|n| !n.starts_with(['x', 'y', 'z'])));
}

#[test]
fn cube2_with_rotations_among_its_moves_up_to_rotation() {
    for format in ["json", "tws"] {
        let p = cube2(format);
        // Without rotations the faces reach every orientation: 24 times the cube's states.
        assert_eq!(order(&p, &choice("htm", false)), "88179840", "{format}");
        let htm = distribution(&p, &choice("htm", true));
        assert_eq!(htm.iter().sum::<u64>(), 3_674_160, "{format}");
        // Published: 1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644.
        assert_eq!(
            htm,
            [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]
        );
        let qtm = distribution(&p, &choice("qtm", true));
        assert_eq!(qtm.len() - 1, 14, "God's number in QTM");
        assert_eq!(qtm[..4], [1, 6, 27, 120]);
    }
}

#[test]
fn a_solution_up_to_rotation_has_no_rotation_and_ends_in_a_rotated_goal() {
    let p = cube2("json");
    let chosen = choice("htm", true).apply(&p).unwrap();
    let names = |s: &str| p.move_index(s);
    let modulus = p.modulus();
    let perms: Vec<_> = p.moves.iter().map(|m| &m.perm).collect();
    let run = |text: &str| {
        let a = engine::model::alg::parse(text, &names).unwrap();
        p.goal.apply(&a.perm(&perms, &modulus), &modulus)
    };
    // Every orientation of the solved cube, by breadth-first search over x, y, z.
    let mut rotated = vec![p.goal.clone()];
    let mut i = 0;
    while i < rotated.len() {
        for r in ["x", "y", "z"] {
            let m = &p.moves[p.move_index(r).unwrap()].perm;
            let s = rotated[i].apply(m, &modulus);
            if !rotated.contains(&s) {
                rotated.push(s);
            }
        }
        i += 1;
    }
    assert_eq!(rotated.len(), 24);
    for scramble in ["x R U R' y F2 L", "R U2 F' z R'", "y2 F R U' R' F' x'"] {
        let s = run(scramble);
        let space = Space::new(&chosen.puzzle, chosen.set.perms.clone()).unwrap();
        let table = DistTable::build(&space, |_| {});
        let r = space.rank_checked(&chosen.state(&s).unwrap()).unwrap();
        let path = table.path(&space, r).unwrap();
        let answer = chosen.names(&s, &path).join(" ");
        assert!(!answer.contains(['x', 'y', 'z']), "{answer}");
        let end = run(&format!("{scramble} {answer}"));
        assert!(rotated.contains(&end), "{scramble} then {answer}");
    }
}

#[test]
fn orientation_mod_and_question_marks_ignore_the_centres_spin() {
    let orbits = cube3_orbits();
    let turns = face_turns();
    let with = |ignore: &'static [&'static str], format: &str| {
        let d = Def {
            orbits: &orbits,
            turns: &turns,
            derived: &[],
            ignore_orientation: ignore,
        };
        let p = match format {
            "json" => load("c3.json", &kpuzzle(&d)).unwrap(),
            _ => load("c3.tws", &tws(&d)).unwrap(),
        };
        order(&p, &choice("htm", false))
    };
    for format in ["json", "tws"] {
        assert_eq!(with(&["CENTERS"], format), "43252003274489856000");
        // The supercube: centres' spins count (4^6 / 2 more).
        assert_eq!(with(&[], format), "88580102706155225088000");
    }
}

#[test]
fn kpuzzle_and_tws_agree_on_every_move() {
    let orbits = cube3_orbits();
    let mut turns = face_turns();
    turns.extend(cube_rotations());
    let d = Def {
        orbits: &orbits,
        turns: &turns,
        derived: &[("M", "x' R L'")],
        ignore_orientation: &[],
    };
    let a = load("c3.json", &kpuzzle(&d)).unwrap();
    let b = load("c3.tws", &tws(&d)).unwrap();
    assert_eq!(a.moves.len(), b.moves.len());
    for m in &a.moves {
        let other = &b.moves[b.move_index(&m.name).unwrap()];
        assert_eq!(m.perm, other.perm, "move {}", m.name);
    }
}

#[test]
fn undeclared_orbits_in_moves_are_warned_and_ignored() {
    let orbits = [cube2_corners()];
    let turns = face_turns();
    let d = Def::plain(&orbits, &turns);
    let text = kpuzzle(&d);
    let ghost = text.replacen(
        "\"U\": {",
        "\"U\": {\"GHOST\": {\"permutation\": [0], \"orientationDelta\": [0]}, ",
        1,
    );
    assert_ne!(ghost, text);
    let p = load("ghost.json", &ghost).unwrap();
    assert_eq!(p.warnings.len(), 1);
    assert!(p.warnings[0].contains("moves.U.GHOST: unknown orbit 'GHOST', ignored"));
    let plain = load("plain.json", &text).unwrap();
    assert!(plain.warnings.is_empty());
    for (m, n) in p.moves.iter().zip(&plain.moves) {
        assert_eq!(m.perm, n.perm);
    }
}

#[test]
fn skewb_up_to_rotation_has_the_published_distribution() {
    let (orbits, turns) = skewb();
    let d = Def {
        orbits: &orbits,
        turns: &turns,
        derived: &[],
        ignore_orientation: &["CENTERS"],
    };
    let p = load("skewb.json", &kpuzzle(&d)).unwrap();
    assert_eq!(
        order(&p, &choice("htm", false)),
        (3_149_280u64 * 12).to_string()
    );
    assert_eq!(
        distribution(&p, &choice("htm", true)),
        [1, 8, 48, 288, 1728, 10248, 59304, 315198, 1225483, 1455856, 81028, 90]
    );
}

#[test]
fn pyraminx_without_tips_from_tws() {
    let (orbits, turns) = pyraminx();
    let d = Def::plain(&orbits, &turns);
    let p = load("pyraminx.tws", &tws(&d)).unwrap();
    let dist = distribution(&p, &choice("htm", false));
    assert_eq!(dist.iter().sum::<u64>(), 933_120);
    assert_eq!(dist.len() - 1, 11, "God's number");
}

#[test]
fn cube4_counts_states_with_alike_centres() {
    let (orbits, turns) = cube4();
    let d = Def::plain(&orbits, &turns);
    let p = load("cube4.json", &kpuzzle(&d)).unwrap();
    let c = choice("htm", true);
    let chosen = c.apply(&p).unwrap();
    let perms: Vec<_> = chosen.set.perms.iter().collect();
    let states = engine::gods::count::distinct_states(&chosen.puzzle, &perms).unwrap();
    // Published: the 4x4x4's states (centres of a colour alike, held in one orientation).
    assert_eq!(
        states.to_string(),
        "7401196841564901869874093974498574336000000000"
    );
}

#[test]
fn orientation_mod_per_piece_makes_a_set_of_goals() {
    let orbits = [cube2_corners()];
    let turns: Vec<Turn> = faces(&["U", "R", "F"]);
    let d = Def::plain(&orbits, &turns);
    let text = kpuzzle(&d);
    // The two corners at (1, 1, ±1), URF and URB: their twists stop mattering.
    let mixed = text.replacen(
        "\"orientation\": [0, 0, 0, 0, 0, 0, 0, 0]}",
        "\"orientation\": [0, 0, 0, 0, 0, 0, 0, 0], \"orientationMod\": [1, 1, 0, 0, 0, 0, 0, 0]}",
        1,
    );
    assert_ne!(mixed, text);
    let p = load("mixed.json", &mixed).unwrap();
    let chosen = choice("htm", false).apply(&p).unwrap();
    let space = engine::tables::full_table::DistTable::space_for(&p, &chosen.set).unwrap();
    let table = DistTable::build_for(&space, chosen.set.perms.len(), |_| {});
    // 7! 3^6 states, and the two free twists leave a third of them to tell apart.
    assert_eq!(table.distribution.iter().sum::<u64>(), 3_674_160);
    assert_eq!(table.distinct(&space, &p), 3_674_160 / 3);
    let solver =
        engine::solving::solver::Solver::new(&p, chosen.set.clone(), None, 1 << 28, |_| {})
            .unwrap();
    let modulus = p.modulus();
    let at = |name: &str| p.label_names.iter().position(|l| l == name).unwrap() as u8;
    let place =
        |s: &engine::model::State, name: &str| s.label.iter().position(|&l| l == at(name)).unwrap();
    // URF and URB twisted against each other: solved as it is.
    let mut s = p.goal.clone();
    let (a, b, c) = (
        place(&s, "CORNERS0"),
        place(&s, "CORNERS1"),
        place(&s, "CORNERS2"),
    );
    s.ori[a] = 1;
    s.ori[b] = 2;
    assert!(p.is_solved(&s));
    assert_eq!(solver.solve(&s, 20), Some(vec![]));
    // URF and a corner whose twist counts: a search, ending in a solved state.
    let mut t = p.goal.clone();
    t.ori[a] = 1;
    t.ori[c] = 2;
    assert!(!p.is_solved(&t));
    let path = solver.solve(&t, 20).unwrap();
    assert!(!path.is_empty());
    let mut end = t.clone();
    for &m in &path {
        end = end.apply(&chosen.set.perms[m], &modulus);
    }
    assert!(p.is_solved(&end));
    // IDA* with pattern databases over the same goals agrees.
    let search =
        engine::solving::solver::Solver::new(&p, chosen.set.clone(), None, 100_000, |_| {})
            .unwrap();
    assert_eq!(search.solve(&t, 20).map(|x| x.len()), Some(path.len()));
    assert_eq!(search.solve(&s, 20), Some(vec![]));
}

#[test]
fn tws_states_and_effects_read_back_what_is_printed() {
    let (orbits, turns) = pyraminx();
    let d = Def::plain(&orbits, &turns);
    for p in [load("pyraminx.tws", &tws(&d)).unwrap(), cube2("tws")] {
        let modulus = p.modulus();
        let mut e = engine::model::Perm::identity(p.positions());
        for k in 0..30 {
            e = e.then(&p.moves[(k * 7 + 3) % p.moves.len()].perm, &modulus);
            let s = p.goal.apply(&e, &modulus);
            let printed = format!("{}\nsolved: no\n", engine::model::show::ShowState(&p, &s));
            let back = engine::model::state_notation::parse_state(&p, &printed);
            assert_eq!(back.as_ref(), Ok(&s), "{printed}");
            let (text, _) = engine::model::show::flattened(&p, &e);
            let effect = engine::model::state_notation::parse_effect(&p, &text).expect(&text);
            assert_eq!(effect, e, "{text}");
        }
    }
}
