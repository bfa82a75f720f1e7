//! Every validation message of both loaders, the sticker-to-piece reduction, and property tests:
//! arbitrary text never panics a parser.

use engine::load::load;
use engine::load::shipped;
use engine::model::Puzzle;
use engine::model::{alg, state_notation};
use proptest::prelude::*;

const PANCAKE_HEAD: &str =
    "turnSet:\n  baseTurns:\n    - name: \"U\"\n      value: [0, 1, 3, 5, 4, 2, 0]\n";

fn yaml_error(body: &str) -> String {
    load("t.yaml", body).unwrap_err().to_string()
}

fn with_goal(turns: &str) -> String {
    format!("{turns}goalState:\n  colors: [a, b, c, d, e, f]\n")
}

#[test]
fn yaml_messages_name_file_line_and_problem() {
    let cases: &[(String, &str)] = &[
        (
            with_goal("turnSet:\n  baseTurns:\n    - name: U\n      value: [0, 1, 2]\n"),
            "t.yaml:4:15: in move 'U': the cycle starting at 0 never closes (repeat 0 to end it)",
        ),
        (
            with_goal("turnSet:\n  baseTurns:\n    - name: U\n      value: [0, 9, 0]\n"),
            "t.yaml:4:18: in move 'U': position 9 is out of range (goalState.colors has 6 positions, 0..5)",
        ),
        (
            with_goal("turnSet:\n  baseTurns:\n    - name: U\n      value: [0, 1, 1, 0]\n"),
            "t.yaml:4:21: in move 'U': 1 appears twice in one cycle",
        ),
        (
            with_goal("turnSet:\n  baseTurns:\n    - name: U\n      value: [0, 1, 0, 1, 2, 1]\n"),
            "t.yaml:4:24: in move 'U': not a permutation, 1 is in two cycles",
        ),
        (
            with_goal("turnSet:\n  baseTurns:\n    - name: U\n      value: [0, 1, 0]\n  extenders:\n    - name: X\n      function: REVERSE\n      params: [Q]\n"),
            "t.yaml:8:16: unknown move 'Q' in extender 'X' (a parameter must be defined above it)",
        ),
        (
            with_goal("turnSet:\n  baseTurns:\n    - name: U\n      value: [0, 1, 0]\n  extenders:\n    - name: X\n      function: MIRROR\n      params: [U]\n"),
            "t.yaml:7:17: unknown function 'MIRROR': expected REVERSE or COMBINE",
        ),
        (
            with_goal("turnSet:\n  baseTurns:\n    - name: U\n      value: [0, 1, 0]\n  extenders:\n    - name: X\n      function: REVERSE\n      params: [U, U]\n"),
            "t.yaml:7:17: REVERSE takes exactly one move, got 2",
        ),
        (
            with_goal("turnSet:\n  baseTurns:\n    - name: U\n      value: [0, 1, 0]\n    - name: U\n      value: [2, 3, 2]\n"),
            "t.yaml:5:13: move 'U' is defined twice",
        ),
        (
            with_goal("turnSet:\n  baseTurns:\n    - name: \"U R\"\n      value: [0, 1, 0]\n"),
            "t.yaml:3:13: move name 'U R' must be non-empty, without spaces or ()[],:",
        ),
        (
            format!("{PANCAKE_HEAD}goalState:\n  colors: []\n"),
            "t.yaml:6:3: goalState.colors is empty: it must give the colour of every position",
        ),
        (
            format!("{PANCAKE_HEAD}goalState:\n  colours: [a]\n"),
            "t.yaml:6:3: unknown field `colours`, expected one of colors",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(&yaml_error(text), want, "for\n{text}");
    }
}

const KP: &str = r#"{"orbits": [{"orbitName": "C", "numPieces": 3, "numOrientations": 2}],
 "defaultPattern": {"C": {"pieces": [0, 1, 2], "orientation": [0, 0, 0]}},
 "moves": {"A": {"C": {"permutation": [1, 2, 0], "orientationDelta": [0, 0, 1]}}}
 DERIVED}"#;

fn kp(from: &str, to: &str, derived: &str) -> String {
    KP.replacen(from, to, 1).replace("DERIVED", derived)
}

#[test]
fn kpuzzle_messages_name_the_key() {
    let cases = [
        (
            kp("[1, 2, 0]", "[1, 2, 3]", ""),
            "k.json: moves.A.C.permutation[2]: 3 is out of range 0..2",
        ),
        (
            kp("[1, 2, 0]", "[1, 1, 0]", ""),
            "k.json: moves.A.C.permutation: not a permutation: 1 appears twice",
        ),
        (
            kp("[1, 2, 0]", "[1, 0]", ""),
            "k.json: moves.A.C.permutation: has 2 entries, expected numPieces = 3",
        ),
        (
            kp("[0, 0, 1]", "[0, 0, 2]", ""),
            "k.json: moves.A.C.orientationDelta[2]: 2 is out of range 0..1 (numOrientations = 2)",
        ),
        (
            kp("\"pieces\": [0, 1, 2]", "\"pieces\": [0, 1]", ""),
            "k.json: defaultPattern.C.pieces: has 2 entries, expected numPieces = 3",
        ),
        (
            kp("\"C\": {\"pieces\"", "\"D\": {\"pieces\"", ""),
            "k.json: defaultPattern.D: unknown orbit 'D'",
        ),
        (
            kp(
                "\"pieces\": [0, 1, 2], \"orientation\": [0, 0, 0]}",
                "\"pieces\": [0, 0, 2], \"orientation\": [0, 0, 0], \"orientationMod\": [1, 0, 1]}",
                "",
            ),
            "k.json: defaultPattern.C.orientationMod[1]: piece 0 appears with another orientationMod",
        ),
        (
            kp("[0, 0, 0]}", "[0, 0, 0], \"orientationMod\": [3, 3, 3]}", ""),
            "k.json: defaultPattern.C.orientationMod[0]: 3 does not divide numOrientations = 2",
        ),
        (
            kp("[0, 0, 0]}", "[0, 0, 0], \"orientationMod\": [1]}", ""),
            "k.json: defaultPattern.C.orientationMod: has 1 entries, expected numPieces = 3",
        ),
        (
            kp("", "", r#", "derivedMoves": {"B": "A Q"}"#),
            "k.json: derivedMoves.B: \"A Q\": column 3: unknown move 'Q'",
        ),
        (
            kp("", "", r#", "derivedMoves": {"B": "[A, A"}"#),
            "k.json: derivedMoves.B: \"[A, A\": column 6: expected ']'",
        ),
        (
            kp("\"numPieces\": 3", "\"numPieces\": 0", ""),
            "k.json: orbits[0].numPieces: 0 pieces: expected 1 to 4096",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(
            load("k.json", &text).unwrap_err().to_string(),
            want,
            "for\n{text}"
        );
    }
    let syntax = load("k.json", "{\"orbits\": [}").unwrap_err();
    assert_eq!(syntax.at.map(|a| a.0), Some(1));
}

const TWS: &str = "Name t\nSet C 3 2\nSolved\nC\n1 2 3\n0 0 0\nEnd\nMove A\nC\n2 3 1\n0 0 1\nEnd\n";

#[test]
fn tws_messages_name_line_and_column() {
    let cases = [
        (
            TWS.replace("2 3 1", "2 3 4"),
            "t.tws:10:5: expected a piece number from 1 to 3, found '4'",
        ),
        (
            TWS.replace("2 3 1", "2 2 1"),
            "t.tws:10:3: not a permutation: 2 appears twice",
        ),
        (
            TWS.replace("2 3 1", "2 3"),
            "t.tws:10:3: 2 numbers, expected 3 (set C)",
        ),
        (
            TWS.replace("0 0 1", "0 0 2"),
            "t.tws:11:5: expected an orientation change from 0 to 1, found '2'",
        ),
        (
            TWS.replace("Move A\nC", "Move A\nD"),
            "t.tws:9:1: unknown set 'D' (or a missing End)",
        ),
        (
            TWS.replace("0 0 0", "? 0 0"),
            "t.tws:6:1: set C: '?' on some pieces only; here '?' must cover the whole set",
        ),
        (
            TWS.replace("Set C 3 2", "Set C 3"),
            "t.tws:2:1: Set takes 3 words",
        ),
        (
            TWS.replace("Name t", "Nome t"),
            "t.tws:1:1: unexpected 'Nome' (expected Name, Set, Solved, Move, MoveSequence)",
        ),
        (
            TWS.replace("0 0 1\nEnd\n", "0 0 1\n"),
            "t.tws:11:1: the file ends inside move A: expected End",
        ),
        (
            format!("{TWS}MoveSequence B A Q\n"),
            "t.tws:13:14: move B: \"A Q\": column 3: unknown move 'Q'",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(
            load("t.tws", &text).unwrap_err().to_string(),
            want,
            "for\n{text}"
        );
    }
    // `?` over a whole set: its orientation is ignored (one orientation left).
    let p = load("t.tws", &TWS.replace("0 0 0", "? ? ?")).unwrap();
    assert_eq!(p.orbits[0].ori, 1);
}

#[test]
fn derived_moves_in_any_order_and_with_brackets() {
    let text = kp(
        "",
        "",
        r#", "derivedMoves": {"B": "[C: A]", "C": "A2", "D": "[A, C]"}"#,
    );
    let p = load("k.json", &text).unwrap();
    let m = p.modulus();
    let get = |n: &str| p.moves[p.move_index(n).unwrap()].perm.clone();
    let a = get("A");
    let a2 = a.then(&a, &m);
    assert_eq!(get("C"), a2);
    // [C: A] = C A C', and [A, C] = A C A' C' (A and C commute: identity).
    assert_eq!(get("B"), a2.then(&a, &m).then(&a2.inverse(&m), &m));
    assert!(get("D").is_identity());
}

/// Counts the pieces of each (size, orientations) kind.
fn kinds(p: &Puzzle) -> Vec<(usize, u8)> {
    p.orbits.iter().map(|o| (o.size, o.ori)).collect()
}

#[test]
fn stickers_become_pieces_where_they_move_together() {
    // 24 stickers under U R F: the DBL stickers never move; the others form 7 corners of 3.
    let p = shipped::open("2x2x2-stickers").unwrap();
    assert_eq!(kinds(&p), [(7, 3)]);
    // The pancake's positions never move together: they stay as they are.
    let p = shipped::open("pancake").unwrap();
    assert_eq!(kinds(&p), [(12, 1)]);
    // Two stickers per piece, swapped by a flip: 2 pieces with 2 orientations.
    let text = "turnSet:\n  baseTurns:\n    - name: A\n      value: [0, 2, 1, 3, 0]\n    - name: B\n      value: [0, 1, 0]\ngoalState:\n  colors: [x, y, z, w]\n";
    let p = load("f.yaml", text).unwrap();
    assert_eq!(kinds(&p), [(2, 2)]);
    // Two orbits: each position is numbered within its own (as state lines and look files
    // address it), not across the puzzle.
    let text = "turnSet:\n  baseTurns:\n    - name: A\n      value: [0, 2, 1, 3, 0]\n    - name: B\n      value: [0, 1, 0]\n    - name: C\n      value: [4, 5, 4]\n    - name: D\n      value: [5, 6, 5]\ngoalState:\n  colors: [x, y, z, w, a, b, c]\n";
    let p = load("g.yaml", text).unwrap();
    assert_eq!(kinds(&p), [(2, 2), (3, 1)]);
    assert_eq!(p.original, [0, 1, 0, 1, 2]);
}

#[test]
fn effect_and_state_messages() {
    let p = shipped::open("pancake").unwrap();
    let e = |t: &str| state_notation::parse_effect(&p, t).unwrap_err();
    assert_eq!(e("[0 1 2"), "column 1: '[' is never closed");
    assert_eq!(
        e("[0 1 2]"),
        "column 1: the cycle starting at 0 never closes (repeat it to end it)"
    );
    assert_eq!(e("(0 x)"), "column 4: expected a number, found 'x'");
    assert_eq!(e("(0 12)"), "column 4: sticker 12 is out of range 0..11");
    assert_eq!(e("(0 1)(1 2)"), "column 7: sticker 1 appears twice");
    assert_eq!(e("(0 1"), "column 1: '(' is never closed");
    let c = shipped::open("2x2x2-stickers").unwrap();
    let err = state_notation::parse_effect(&c, "(0 1)").unwrap_err();
    assert!(
        err.starts_with("the effect moves sticker 0 without the rest of its piece"),
        "{err}"
    );
    assert_eq!(
        state_notation::parse_effect(&c, "(0 14)").unwrap_err(),
        "sticker 14 never moves in this puzzle, so sticker 0 cannot go there"
    );
    let s = |t: &str| state_notation::parse_state(&p, t).unwrap_err();
    assert_eq!(s("w p"), "expected 12 sticker colours, found 2");
    assert!(
        s("w w r o g y G Y R O W P").starts_with("piece "),
        "{}",
        s("w w r o g y G Y R O W P")
    );
    let k = shipped::open("2x2x2").unwrap();
    assert_eq!(
        state_notation::parse_state(&k, "{")
            .unwrap_err()
            .split(':')
            .next(),
        Some("line 1 column 1")
    );
    assert_eq!(
        state_notation::parse_effect(&k, "(0 9)").unwrap_err(),
        "column 4: CORNERS has no moving piece 9"
    );
}

#[test]
fn orbit_state_lines_have_clear_errors() {
    let k = shipped::open("3x3x3").unwrap();
    let st = |t: &str| state_notation::parse_state(&k, t).unwrap_err();
    assert_eq!(
        st("CORNERS: 0/0 1/0"),
        "line 1 column 10: 2 pieces for orbit CORNERS, expected 8"
    );
    assert_eq!(
        st("CORNERS: 0/0 1/0 2/0 3/0 4/0 5/0 6/0 9/0"),
        "line 1 column 38: no piece '9' in orbit CORNERS"
    );
    assert_eq!(
        st("CORNERS: 0/0 1/0 2/0 3/0 4/0 5/0 6/0 7/3"),
        "line 1 column 38: '7/3': expected PIECE/ORIENTATION with an orientation below 3"
    );
    assert_eq!(
        st("CORNERS: 0/0 1/0 2/0 3/0 4/0 5/0 6/0 7/0"),
        "no line for orbit EDGES (NAME: piece/orientation ...)"
    );
}

/// What `twisty apply` prints, read back by `--state`, and effects printed and read back, for a
/// definition of each format (and one with a net).
#[test]
fn states_and_effects_read_back_what_is_printed() {
    let mut lcg = 12345u64;
    for name in ["2x2x2", "2x2x2-stickers", "3x3x3", "pancake", "floppy"] {
        let p = shipped::open(name).unwrap();
        let modulus = p.modulus();
        for _ in 0..20 {
            let mut e = engine::model::Perm::identity(p.positions());
            for _ in 0..12 {
                lcg = lcg
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = &p.moves[(lcg >> 33) as usize % p.moves.len()].perm;
                e = e.then(m, &modulus);
            }
            let s = p.goal.apply(&e, &modulus);
            let printed = format!("{}\nsolved: no\n", engine::model::show::ShowState(&p, &s));
            let drawn = engine::model::net_drawing::draw(&p, &s, false).unwrap_or_default();
            let back = state_notation::parse_state(&p, &format!("{drawn}{printed}"));
            assert_eq!(back.as_ref(), Ok(&s), "{name}: {printed}");
            let (text, _) = engine::model::show::flattened(&p, &e);
            if p.stickers.is_none() {
                let back = state_notation::parse_effect(&p, &text).expect(&text);
                assert_eq!(back, e, "{name}: {text}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn memory_sizes_never_panic(text in "\\PC{0,20}") {
        let _ = twisty::bytes::parse(&text);
    }

    #[test]
    fn yaml_never_panics(text in "\\PC{0,300}") {
        let _ = load("x.yaml", &text);
    }

    #[test]
    fn yaml_shaped_text_never_panics(
        value in proptest::collection::vec(-3i64..15, 0..14),
        colors in proptest::collection::vec("[a-c]", 0..14),
        fun in "(REVERSE|COMBINE|X)",
    ) {
        let text = format!(
            "turnSet:\n  baseTurns:\n    - name: U\n      value: {value:?}\n  extenders:\n    - name: V\n      function: {fun}\n      params: [U]\ngoalState:\n  colors: {colors:?}\n"
        );
        let _ = load("x.yaml", &text);
    }

    #[test]
    fn tws_never_panics(text in "\\PC{0,300}") {
        let _ = load("t.tws", &text);
    }

    #[test]
    fn tws_shaped_text_never_panics(
        words in proptest::collection::vec(
            prop_oneof![
                Just("Name"), Just("Set"), Just("Solved"), Just("StartState"), Just("Move"),
                Just("MoveTransformation"), Just("MoveSequence"), Just("End"), Just("C"),
                Just("?"), Just("0"), Just("1"), Just("2"), Just("3"), Just("\n"), Just("#"),
            ],
            0..60,
        )
    ) {
        let _ = load("t.tws", &words.join(" "));
    }

    #[test]
    fn json_never_panics(text in "\\PC{0,300}") {
        let _ = load("x.json", &text);
    }

    #[test]
    fn kpuzzle_shaped_text_never_panics(
        perm in proptest::collection::vec(-1i64..5, 0..5),
        delta in proptest::collection::vec(-1i64..4, 0..5),
        n in 0usize..5, k in 0usize..4,
        derived in "[A\\[\\],: 2']{0,12}",
    ) {
        let text = format!(
            r#"{{"orbits": [{{"orbitName": "C", "numPieces": {n}, "numOrientations": {k}}}],
            "defaultPattern": {{"C": {{"pieces": [0, 1, 2], "orientation": [0, 0, 0]}}}},
            "moves": {{"A": {{"C": {{"permutation": {perm:?}, "orientationDelta": {delta:?}}}}}}},
            "derivedMoves": {{"B": "{derived}"}}}}"#
        );
        let _ = load("x.json", &text);
    }

    #[test]
    fn moves_effects_states_and_positions_never_panic(text in "\\PC{0,80}") {
        for name in ["pancake", "2x2x2", "2x2x2-stickers", "floppy"] {
            let p = shipped::open(name).unwrap();
            let _ = alg::parse(&text, &|s: &str| p.move_index(s));
            let _ = state_notation::parse_effect(&p, &text);
            let _ = state_notation::parse_state(&p, &text);
            let _ = state_notation::parse_positions(&p, &text);
        }
    }
}

/// A definition written back as KPuzzle JSON (what the benchmark hands twips) is the same puzzle:
/// the same orbits, goal and base moves, name by name; twsearch's files included.
#[test]
fn kpuzzle_written_back_is_the_same_puzzle() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tools/bench-data");
    let mut puzzles = vec![
        shipped::open("3x3x3").unwrap(),
        shipped::open("2x2x2").unwrap(),
    ];
    for name in ["FTO", "megaminx", "pyraminx", "skewb"] {
        let file = data.join(format!("{name}.tws"));
        let text = std::fs::read_to_string(&file).unwrap();
        puzzles.push(load(&format!("{name}.tws"), &text).unwrap());
    }
    for p in puzzles {
        let q = load("back.json", &engine::load::to_kpuzzle(&p)).unwrap();
        assert_eq!(q.orbits, p.orbits, "{}", p.name);
        assert_eq!(q.goal.ori, p.goal.ori, "{}", p.name);
        // Labels may be numbered apart; which positions hold equal labels may not.
        let same = |s: &Puzzle| -> Vec<Vec<bool>> {
            let l = &s.goal.label;
            l.iter()
                .map(|a| l.iter().map(|b| a == b).collect())
                .collect()
        };
        assert_eq!(same(&q), same(&p), "{}", p.name);
        let base: Vec<_> = p.moves.iter().filter(|m| m.base).collect();
        for m in &base {
            let n = q
                .moves
                .iter()
                .find(|n| n.name == m.name)
                .expect("the move is there");
            assert_eq!(n.perm, m.perm, "{} {}", p.name, m.name);
        }
        assert_eq!(q.moves.iter().filter(|m| m.base).count(), base.len());
    }
}

#[test]
fn a_derived_move_with_a_moves_name_gives_way_to_the_move_as_in_cubing_js() {
    // cubing.js looks among the moves first (twsearch's clock: `"ALL_PLUS_": "_"` beside the
    // move `ALL_PLUS_`): the move is kept, unchanged, and the loader says so.
    let text = kp("", "", r#", "derivedMoves": {"A": "_", "B": "A2"}"#);
    let p = load("k.json", &text).unwrap();
    let m = p.modulus();
    let a = p.moves[p.move_index("A").unwrap()].perm.clone();
    assert_eq!(p.moves.iter().filter(|x| x.name == "A").count(), 1);
    assert!(!a.is_identity());
    assert_eq!(p.moves[p.move_index("B").unwrap()].perm, a.then(&a, &m));
    assert!(p.warnings.iter().any(|w| w.contains("derivedMoves.A")));
}
