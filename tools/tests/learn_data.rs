//! The learned heuristic's training data (`twisty_learn::data`) against independent truth: the
//! sticker model's own moves, and exact distances from meeting in the middle (`tools::sticker_sims`).

use std::collections::{HashMap, HashSet};
use tools::sticker_sims::{face_turns, Cube3Meet};
use twisty::sticker_cube3::StickerCube3;
use twisty_learn::cube3_stickers::{encode, project, stickers, to_cube, turn_tables, Kind};
use twisty_learn::data::{generate, goal, Rng};
use twisty_learn::views::{canonical, face_views, face_views_of, view_rank};

#[test]
fn turn_tables_move_stickers_as_the_sticker_model_does() {
    let turns = turn_tables();
    let moves = face_turns();
    let mut rng = Rng::new(3);
    let mut cube = StickerCube3::solved();
    let mut s = stickers(&cube);
    for _ in 0..2000 {
        let m = rng.below(18);
        cube = cube.apply(moves[m]);
        s = turns[m].map(|from| s[from as usize]);
        assert_eq!(s, stickers(&cube));
        assert_eq!(to_cube(&s), cube);
    }
}

#[test]
fn full_labels_are_upper_bounds_and_exact_near_the_goal() {
    let data = generate(Kind::Full, 20_000, 25, 7);
    assert_eq!(
        data.labels[data
            .states
            .iter()
            .position(|s| *s == goal(Kind::Full))
            .unwrap()],
        0
    );
    // Every state within 2 turns of solved (1 + 18 + 243) is visited, at its distance.
    let within2: usize = data.labels.iter().filter(|&&l| l <= 2).count();
    assert_eq!(within2, 262);
    // Every visit is an example: each walk's 25 steps, and the goal once. The first step of every
    // walk is one of the 18 states at distance 1, so together they hold at least 20,000 visits.
    assert_eq!(data.examples(), 20_000 * 25 + 1);
    let near: u32 = data
        .labels
        .iter()
        .zip(&data.visits)
        .filter(|(&l, _)| l == 1)
        .map(|(_, &v)| v)
        .sum();
    assert!(near >= 20_000, "{near}");
    let meet = Cube3Meet::new(5);
    let mut exact = 0;
    let mut checked = 0;
    for (s, &label) in data.states.iter().zip(&data.labels).step_by(401) {
        if label > 9 {
            continue;
        }
        let d = meet
            .distance(&to_cube(s), 4)
            .expect("a walk of at most 9 turns");
        assert!(d <= label, "label {label} below the distance {d}");
        exact += (d == label) as usize;
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
    // Walks of 25 random turns backtrack: labels are not all exact, but near the goal most are.
    assert!(exact * 2 > checked, "{exact} of {checked}");
}

/// BFS over two-colour sticker cubes (U's colour against the rest) with the sticker model: every
/// state within `depth` turns and its distance.
fn two_colour_bfs(depth: u8) -> HashMap<StickerCube3, u8> {
    let moves = face_turns();
    let start = StickerCube3(StickerCube3::solved().0.map(|c| (c == 0) as u8));
    let mut dist: HashMap<StickerCube3, u8> = HashMap::from([(start, 0)]);
    let mut frontier = vec![start];
    for d in 1..=depth {
        let mut next = Vec::new();
        for c in &frontier {
            for &m in &moves {
                let n = c.apply(m);
                if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(n) {
                    e.insert(d);
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    dist
}

#[test]
fn view_ranks_tell_views_apart() {
    // Every two-colour state within 4 turns (23,965) gets its own rank, inside the dense
    // array's 10626^2 entries.
    let mut owner: HashMap<usize, StickerCube3> = HashMap::new();
    let dist = two_colour_bfs(4);
    assert!(dist.len() > 20_000, "{}", dist.len());
    for c in dist.keys() {
        let r = view_rank(&stickers(c)).expect("a view of a cube has a rank");
        assert!(r < 10_626 * 10_626);
        assert_eq!(owner.insert(r, *c), None, "two views share rank {r}");
    }
    // And every face's view of deep scrambles has one.
    let moves = face_turns();
    let mut rng = Rng::new(21);
    let mut c = StickerCube3::solved();
    for _ in 0..200 {
        c = c.apply(moves[rng.below(18)]);
        for v in face_views(&c) {
            assert!(view_rank(&v).is_some());
        }
    }
    // Not views: eight stickers of the colour but five of them on corners; nine stickers.
    let mut odd = [0u8; 48];
    for k in [0, 2, 5, 7, 8, 1, 3, 4] {
        odd[k] = 1;
    }
    assert_eq!(view_rank(&odd), None);
    let mut nine = goal(Kind::Degenerate);
    nine[47] = 1;
    assert_eq!(view_rank(&nine), None);
}

#[test]
fn degenerate_labels_are_upper_bounds_of_a_plain_bfs() {
    let dist = two_colour_bfs(4);
    let data = generate(Kind::Degenerate, 20_000, 25, 11);
    let mut found = HashSet::new();
    for (s, &label) in data.states.iter().zip(&data.labels) {
        let mut c = to_cube(s);
        for f in 0..6 {
            c.0[f * 9 + 4] = (f == 0) as u8;
        }
        if let Some(&d) = dist.get(&c) {
            assert!(d <= label);
            if d == label {
                found.insert(c);
            }
        } else {
            assert!(label > 4, "label {label} for a state beyond 4 turns");
        }
    }
    // Every two-colour state within 2 turns is visited at its distance, and nearly all within 3.
    let within = |r: u8| dist.values().filter(|&&d| d <= r).count();
    let found_within = |r: u8| found.iter().filter(|c| dist[*c] <= r).count();
    assert_eq!(found_within(2), within(2));
    assert!(
        found_within(3) * 100 >= within(3) * 99,
        "{} of {}",
        found_within(3),
        within(3)
    );
}

#[test]
fn face_views_put_each_face_on_top() {
    let solved = StickerCube3::solved();
    for v in face_views(&solved) {
        assert_eq!(v, goal(Kind::Degenerate));
    }
    let moves = face_turns();
    let mut rng = Rng::new(5);
    let mut c = solved;
    for _ in 0..30 {
        c = c.apply(moves[rng.below(18)]);
    }
    let views = face_views(&c);
    assert_eq!(face_views_of(&stickers(&c)), views);
    // The U view is the cube itself, reduced to U's colour, in its canonical orientation; every
    // view shows nine stickers of its colour less the centre: eight.
    assert_eq!(views[0], canonical(&project(&stickers(&c), 0)));
    for v in views {
        assert_eq!(v.iter().filter(|&&x| x == 1).count(), 8);
    }
}

#[test]
fn the_data_depends_on_the_seed_only() {
    let a = generate(Kind::Degenerate, 500, 25, 1);
    let b = generate(Kind::Degenerate, 500, 25, 1);
    let c = generate(Kind::Degenerate, 500, 25, 2);
    assert_eq!((a.states.clone(), a.labels.clone()), (b.states, b.labels));
    assert_ne!(a.states, c.states);
    let mut x = vec![0.0; Kind::Degenerate.inputs()];
    encode(Kind::Degenerate, &a.states[1], &mut x);
    assert_eq!(x.iter().sum::<f32>(), 48.0);
    assert_eq!(Kind::Degenerate.inputs(), 96);
}

#[test]
fn test_states_carry_their_optimal_length() {
    use twisty::cube3::optimal::OptimalTables;
    use twisty::cube3::two_phase::TwoPhaseTables;
    use twisty_learn::testset::test_states;
    // The same cache as the other 3x3x3 tests: built once per target folder.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cube3-tables");
    let two = TwoPhaseTables::load_or_build(Some(&dir), 2, |m| eprintln!("{m}"));
    let opt = OptimalTables::load_or_build(two, Some(&dir), 2, |m| eprintln!("{m}"));
    let states = test_states(&opt, 2..=9, 4, 21, |_, _| {});
    assert_eq!(states.len(), 32);
    let meet = Cube3Meet::new(5);
    for (i, s) in states.iter().enumerate() {
        assert_eq!(s.optimal as usize, 2 + i / 4);
        assert_eq!(s.cube, StickerCube3::solved().apply_all(&s.scramble));
        assert_eq!(meet.distance(&s.cube, 4), Some(s.optimal));
    }
}

#[test]
fn ida_star_on_stickers_finds_optimal_solutions() {
    use twisty::heuristic::Zero;
    use twisty_learn::sticker_search::{solve, StickerDomain};
    let domain = StickerDomain::default();
    let meet = Cube3Meet::new(3);
    let moves = face_turns();
    let mut rng = Rng::new(17);
    for k in 0..12 {
        let mut c = StickerCube3::solved();
        for _ in 0..1 + k % 5 {
            c = c.apply(moves[rng.below(18)]);
        }
        // Plain iterative deepening (no heuristic) is optimal; meeting in the middle agrees.
        let (found, _) = solve(&domain, &Zero, &stickers(&c), 6);
        let path = found.expect("within 5 turns");
        assert_eq!(Some(path.len() as u8), meet.distance(&c, 3));
        let end = path.iter().fold(c, |c, &m| c.apply(moves[m]));
        assert!(end.is_solved());
    }
}

#[test]
fn the_pair_of_tables_and_stickers_solves_optimally_and_gives_up_at_its_budget() {
    use twisty::cube3::optimal::{OptState, OptimalTables};
    use twisty::cube3::two_phase::TwoPhaseTables;
    use twisty::heuristic::{FnBound, Heuristic};
    use twisty_learn::sticker_search::{solve, Budget, PairDomain, StickerDomain};
    use twisty_learn::testset::cubies;
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cube3-tables");
    let two = TwoPhaseTables::load_or_build(Some(&dir), 2, |m| eprintln!("{m}"));
    let opt = OptimalTables::load_or_build(two, Some(&dir), 2, |m| eprintln!("{m}"));
    let pair = PairDomain {
        opt: &opt,
        stickers: StickerDomain::default(),
    };
    // The pattern databases read the coordinates half, the goal test the stickers half: the
    // search is only right if both halves move alike.
    let pdb = FnBound(|s: &(OptState, [u8; 48])| opt.bound(&s.0));
    let meet = Cube3Meet::new(5);
    let moves = face_turns();
    let mut rng = Rng::new(29);
    for k in 0..16 {
        let mut c = StickerCube3::solved();
        for _ in 0..3 + k % 7 {
            c = c.apply(moves[rng.below(18)]);
        }
        let start = (opt.state(&cubies(&c)), stickers(&c));
        let budget = Budget::new(&pdb, u64::MAX);
        let (found, _) = solve(&pair, &budget, &start, 20);
        let path = found.expect("every cube is solvable");
        assert_eq!(Some(path.len() as u8), meet.distance(&c, 4));
        assert!(path.iter().fold(c, |c, &m| c.apply(moves[m])).is_solved());
        assert!(!budget.exhausted());
        // With too small a budget the search gives up, and says so.
        if path.len() >= 4 {
            let small = Budget::new(&pdb, 18);
            let (none, _) = solve(&pair, &small, &start, 20);
            assert!(none.is_none() && small.exhausted());
        }
    }
}

#[test]
fn cube2_turn_tables_turn_stickers_as_cubies_do() {
    use twisty::cube2::corner_cubie::{solver_move, CubieCube};
    use twisty_learn::cube2_stickers::{stickers_of, turn_tables};
    let turns = turn_tables();
    let mut rng = Rng::new(4);
    for _ in 0..200 {
        let c = rng.below(3_674_160);
        let m = rng.below(9);
        let s = stickers_of(c);
        let turned: [u8; 48] = turns[m].map(|from| s[from as usize]);
        let cubies = CubieCube::from_coord(c)
            .then(&CubieCube::of_move(solver_move(m)).unwrap())
            .to_stickers();
        assert_eq!(turned[..24], cubies);
        assert!(turned[24..].iter().all(|&x| x == 0));
    }
}

#[test]
fn cube2_distances_match_the_published_distribution_and_bound_the_labels() {
    use twisty::cube2::coord_tables::Cube2Tables;
    use twisty::cube2::stickers::from_stickers;
    use twisty_learn::cube2_eval::Cube2Domain;
    let domain = Cube2Domain {
        tables: Cube2Tables::new(),
    };
    let dist = domain.distances();
    let mut counts = vec![0usize; 12];
    for &d in &dist {
        counts[d as usize] += 1;
    }
    // The 2x2x2 in the half-turn metric (God's number 11).
    assert_eq!(
        counts,
        [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]
    );
    let data = generate(Kind::Cube2, 3000, 14, 5);
    let mut exact_within_2 = 0;
    for (s, &label) in data.states.iter().zip(&data.labels) {
        let stickers: [u8; 24] = s[..24].try_into().unwrap();
        let d = dist[from_stickers(&stickers).unwrap().normalised().coord()];
        assert!(d <= label, "label {label} below the distance {d}");
        exact_within_2 += (d <= 2 && d == label) as usize;
    }
    // Every state within 2 turns (1 + 9 + 54) is visited at its distance.
    assert_eq!(exact_within_2, 64);
    // And IDA* with the exact table as its heuristic solves optimally.
    let h = twisty_learn::cube2_eval::TableHeuristic(&dist);
    let mut rng = Rng::new(8);
    for _ in 0..50 {
        let c = rng.below(3_674_160);
        let (found, _) = domain.solve(&h, c, 20);
        assert_eq!(found.map(|p| p.len()), Some(dist[c] as usize));
    }
}
