//! Which states the moves reach, and how many, on the community's own definition files
//! (`puzzles/community/`, twsearch's and cubing.js's), against truth found apart from the
//! engine's group theory:
//! - a state made by moves is reachable (by construction);
//! - a state with one piece turned where every move's turns add up to 0 (the test reads the JSON
//!   itself and checks that sum) is not: the sum is an invariant;
//! - counts by Schreier-Sims equal breadth-first searches over the ranks (another algorithm), the
//!   published figures, and looks counted once equal the fixed-corner skewb's published table.

mod rng;

use engine::load;
use engine::model::choice::Choice;
use engine::model::reachable::{Reach, Reachable};
use engine::model::{Perm, Puzzle, State};
use engine::tables::full_table::DistTable;
use rng::Lcg;
use serde_json::Value;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../puzzles/community");

/// Every community KPuzzle file with its text.
fn community() -> Vec<(String, String)> {
    let mut files: Vec<_> = std::fs::read_dir(DIR)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// The puzzle with its rotations left out (the default choice) and the reachability of its moves.
fn chosen(name: &str, text: &str) -> (Puzzle, Vec<Perm>, Reachable) {
    chosen_with(name, text, &Choice::default())
}

fn chosen_with(name: &str, text: &str, choice: &Choice) -> (Puzzle, Vec<Perm>, Reachable) {
    let p = load::load(name, text).unwrap();
    let c = choice.apply(&p).unwrap();
    let perms: Vec<_> = c.set.perms.iter().collect();
    let r = Reachable::new(&c.puzzle, &perms);
    (c.puzzle, c.set.perms, r)
}

/// The big cubes, whose chains take seconds to build.
fn big(name: &str) -> bool {
    name.starts_with("6x6x6") || name.starts_with("7x7x7")
}

#[test]
fn states_made_by_moves_are_reachable_and_a_lone_turned_piece_is_not() {
    let refused = states_check(community().into_iter().filter(|(n, _)| !big(n)));
    assert!(refused >= 10, "only {refused} orbits checked");
}

#[test]
#[ignore = "proof"]
fn the_big_cubes_too() {
    let refused = states_check(community().into_iter().filter(|(n, _)| big(n)));
    assert!(refused >= 2, "only {refused} orbits checked");
}

/// Scrambled states reachable, lone turned pieces not: the number of orbits refused.
fn states_check(files: impl Iterator<Item = (String, String)>) -> usize {
    let mut rng = Lcg(7);
    let mut refused = 0;
    for (name, text) in files {
        let (p, moves, r) = chosen(&name, &text);
        let modulus = p.modulus();
        for _ in 0..5 {
            let mut s = p.goal.clone();
            for _ in 0..30 {
                s = s.apply(&moves[rng.below(moves.len())], &modulus);
            }
            assert_ne!(r.reaches(&p, &s), Reach::No, "{name}: a scrambled state");
        }
        // An orbit whose every move's turns add up to 0 modulo its orientations, as the file
        // says: turning one piece there changes an invariant.
        let json: Value = serde_json::from_str(&text).unwrap();
        for (orbit, def) in json["orbits"].as_array().unwrap().iter().enumerate() {
            let (oname, k) = (
                def["orbitName"].as_str().unwrap(),
                def["numOrientations"].as_u64().unwrap() as u8,
            );
            let ignored = json["defaultPattern"][oname]["orientationMod"]
                .as_array()
                .is_some_and(|m| m.iter().any(|x| x.as_u64() != Some(0)));
            let zero_sum = json["moves"].as_object().unwrap().values().all(|m| {
                // (KPuzzle says `orientationDelta` today, `orientation` before.)
                let delta = &m[oname];
                let o = delta.get("orientationDelta").or(delta.get("orientation"));
                o.and_then(Value::as_array).is_none_or(|o| {
                    o.iter().map(|x| x.as_u64().unwrap()).sum::<u64>() % k as u64 == 0
                })
            });
            let first = p.offsets()[orbit.min(p.orbits.len() - 1)];
            if k < 2 || ignored || !zero_sum || p.orbits[orbit].name != oname {
                continue;
            }
            let mut s: State = p.goal.clone();
            s.ori[first] = (s.ori[first] + 1) % k;
            // (Where the look-keeping swaps do not normalise the group, a search over the chain
            // tells: it must say no too.)
            assert_eq!(r.reaches(&p, &s), Reach::No, "{name}: {oname} turned once");
            refused += 1;
        }
    }
    refused
}

#[test]
fn counts_by_schreier_sims_equal_breadth_first_search() {
    let mut compared = 0;
    for name in [
        "baby_fto.kpuzzle.json",
        "square0-equatorless.kpuzzle.json",
        "tetraminx.kpuzzle.json",
        "skewb-fixed-corner-with-co-tweaks.kpuzzle.json",
        // Alike centres whose swaps do not normalise the group: the subgroup search.
        "4x4x4-phase2-search.kpuzzle.json",
    ] {
        let text = std::fs::read_to_string(format!("{DIR}/{name}")).unwrap();
        let (p, _, r) = chosen(name, &text);
        let looks = r.looks().expect("counted by group theory");
        let c = Choice::default().apply(&p).unwrap();
        let space = DistTable::space_for(&c.puzzle, &c.set).unwrap();
        let t = DistTable::build_for(&space, c.set.perms.len(), |_| {});
        let bfs = t
            .looks_distribution(&space, &c.puzzle)
            .map_or_else(|| t.distinct(&space, &c.puzzle), |d| d.iter().sum());
        assert_eq!(looks.to_string(), bfs.to_string(), "{name}");
        compared += 1;
    }
    assert_eq!(compared, 5);
}

#[test]
fn counts_equal_the_published_figures() {
    let count = |name: &str| {
        let text = std::fs::read_to_string(format!("{DIR}/{name}")).unwrap();
        chosen(name, &text).2.looks().map(|n| n.to_string())
    };
    // Pyraminx with its tips: 933,120 × 3^4; the fixed-corner skewb: 3,149,280 looks.
    assert_eq!(count("pyraminx.kpuzzle.json").unwrap(), "75582720");
    assert_eq!(count("tetraminx.kpuzzle.json").unwrap(), "933120");
    assert_eq!(
        count("skewb-fixed-corner-with-co-tweaks.kpuzzle.json").unwrap(),
        "3149280"
    );
    // The clock: 14 independent dials of 12 hours. Its file derives the back's pins as turned
    // inverses of the front's (`[y2: ALL_PLUS_']`), which must count as moves.
    assert_eq!(count("clock.kpuzzle.json").unwrap(), "1283918464548864");
    // The 3x3x3 (here without centres). The megaminx's and the 4x4x4's (centres of a colour
    // alike) moves turn every layer, so each reaches the published states in each of the puzzle's
    // orientations: 60 and 24.
    assert_eq!(
        count("3x3x3-centerless.kpuzzle.json").unwrap(),
        "43252003274489856000"
    );
    let megaminx = "100669616553523347122516032313645505168688116411019768627200000000000";
    assert_eq!(count("megaminx.kpuzzle.json").unwrap(), times(megaminx, 60));
    // twsearch's 4x4x4 names one inner slice (2R) and derives the wide turns: its faces and wide
    // turns, as a user chooses them.
    let text = std::fs::read_to_string(format!("{DIR}/4x4x4.kpuzzle.json")).unwrap();
    let wide = "U,L,F,R,B,D,Uw,Lw,Fw,Rw,Bw,Dw".split(',').map(String::from);
    let choice = Choice {
        moves: Some(wide.collect()),
        ..Choice::default()
    };
    let cube4 = "7401196841564901869874093974498574336000000000";
    let (_, _, r) = chosen_with("4x4x4.kpuzzle.json", &text, &choice);
    assert_eq!(r.looks().unwrap().to_string(), times(cube4, 24));
    // The 5x5x5, whose every edge piece is stickers and whose centres of a colour are alike
    // (their swaps do not normalise the group: the subgroup search): its inner slices move the
    // centres, so it too reaches the published figure in each of 24 orientations.
    let cube5 = "282870942277741856536180333107150328293127731985672134721536000000000000000";
    assert_eq!(count("5x5x5.kpuzzle.json").unwrap(), times(cube5, 24));
}

#[test]
#[ignore = "proof"]
fn the_big_cubes_count_as_published() {
    let count = |name: &str| {
        let text = std::fs::read_to_string(format!("{DIR}/{name}")).unwrap();
        chosen(name, &text).2.looks().map(|n| n.to_string())
    };
    // As the 5x5x5: the published figures (fixed centres, or one corner fixed for the even
    // cubes), each in 24 orientations.
    let cube6 = "157152858401024063281013959519483771508510790313968742344694684829502629887168\
                 573442107637760000000000000000000000000";
    let cube7 = "195005511837313078353291267540197487949049926920434345671521329123232327061354\
                 691800652787127558533606823285517191373112999936000000000000000000000000000000\
                 00000";
    assert_eq!(count("6x6x6.kpuzzle.json").unwrap(), times(cube6, 24));
    assert_eq!(count("7x7x7.kpuzzle.json").unwrap(), times(cube7, 24));
}

/// A decimal number times a small one, digit by digit (the figures exceed `u128`).
fn times(decimal: &str, k: u32) -> String {
    let mut out = Vec::new();
    let mut carry = 0u32;
    for d in decimal.bytes().rev() {
        let v = (d - b'0') as u32 * k + carry;
        out.push((v % 10) as u8 + b'0');
        carry = v / 10;
    }
    while carry > 0 {
        out.push((carry % 10) as u8 + b'0');
        carry /= 10;
    }
    out.reverse();
    String::from_utf8(out).unwrap()
}

#[test]
fn the_rotations_found_are_those_the_files_name_so() {
    // The community names a whole-puzzle rotation `x`, `y`, `z` (with a power) or with a `v`
    // suffix (`Uv`, `BR_BLv`); the engine finds them by geometry alone.
    for (name, text) in community() {
        let p = load::load(&name, &text).unwrap();
        let mut found: Vec<String> = engine::model::rotations::detect(&p)
            .into_iter()
            .map(|i| p.moves[i].name.clone())
            .collect();
        let is_rotation =
            |n: &str| n.ends_with('v') || ["x", "y", "z", "x2", "y2", "z2"].contains(&n);
        // (The clock's move `yTwo_WORKAROUND` is a rotation by its alias: `y2: yTwo_WORKAROUND`.)
        let json: Value = serde_json::from_str(&text).unwrap();
        let alias = |n: &str| {
            json["derivedMoves"].as_object().is_some_and(|d| {
                d.iter()
                    .any(|(k, v)| is_rotation(k) && v.as_str() == Some(n))
            })
        };
        let mut named: Vec<String> = p
            .moves
            .iter()
            .map(|m| m.name.clone())
            .filter(|n| is_rotation(n) || alias(n))
            .collect();
        found.sort();
        named.sort();
        assert_eq!(found, named, "{name}");
    }
}
