//! The 3x3x3 model and solvers against independent truth: the geometric sticker model (moves of every
//! family, facelet strings), every validation message, and the solvers' answers checked by simulation.

#![allow(clippy::incompatible_msrv)]

mod common;

use proptest::prelude::*;
use twisty::cube3::{from_facelets, read_position, to_facelets, CubieCube, Position};
use twisty::notation::{format_moves, parse_moves, Face, Families, Move, Turn};
use twisty::sticker_cube3::StickerCube3;

fn any_move() -> impl Strategy<Value = Move> {
    (0usize..21, 1u8..4).prop_map(|(k, amount)| {
        let turn = match k {
            0..=5 => Turn::Face(Face::ALL[k]),
            6..=11 => Turn::Wide(Face::ALL[k - 6]),
            12..=14 => Turn::Slice(['M', 'E', 'S'][k - 12]),
            _ => Turn::Rotation(['x', 'y', 'z'][(k - 15) % 3]),
        };
        Move { turn, amount }
    })
}

fn rot(c: char) -> Move {
    Move {
        turn: Turn::Rotation(c),
        amount: 1,
    }
}

/// Whole-cube rotations that bring `p`'s frame back to the body frame (found by trying all
/// sequences of up to 4 clockwise quarter rotations).
fn unrotate(p: &Position) -> Vec<Move> {
    let mut seqs: Vec<Vec<Move>> = vec![vec![]];
    for len in 1..=4 {
        let mut more = Vec::new();
        for s in seqs.iter().filter(|s| s.len() == len - 1) {
            for c in ['x', 'y', 'z'] {
                let mut t = s.clone();
                t.push(rot(c));
                more.push(t);
            }
        }
        seqs.extend(more);
    }
    seqs.into_iter()
        .find(|s| {
            let mut q = *p;
            s.iter().for_each(|&m| q.apply(m));
            q.frame == Position::SOLVED.frame
        })
        .expect("24 orientations within 4 quarter rotations")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Any sequence of any family moves the cubies as the geometric model moves its stickers.
    #[test]
    fn cubies_move_as_the_sticker_model(moves in prop::collection::vec(any_move(), 0..30)) {
        let mut p = Position::SOLVED;
        moves.iter().for_each(|&m| p.apply(m));
        let back = unrotate(&p);
        back.iter().for_each(|&m| p.apply(m));
        let stickers = StickerCube3::solved().apply_all(&moves).apply_all(&back);
        prop_assert_eq!(to_facelets(&p.cube), stickers.to_facelets());
        // Through the text: a facelet string reads back as the same cube.
        prop_assert_eq!(from_facelets(&to_facelets(&p.cube)), Ok(p.cube));
        let line = format_moves(&moves);
        prop_assert_eq!(read_position(&line, 1).map(|q| q.cube), Ok(p.cube));
    }

    /// Body moves written in the scramble's frame turn the sticker model as they turn the cubies.
    #[test]
    fn solutions_are_written_in_the_final_frame(
        moves in prop::collection::vec(any_move(), 0..20),
        body in prop::collection::vec(0usize..18, 0..10),
    ) {
        let mut p = Position::SOLVED;
        moves.iter().for_each(|&m| p.apply(m));
        let written = parse_moves(&p.format_solution(&body), 1, Families::FACES).unwrap();
        let mut q = Position { cube: p.cube.apply_all(&body), frame: p.frame };
        let back = unrotate(&q);
        back.iter().for_each(|&m| q.apply(m));
        let stickers = StickerCube3::solved().apply_all(&moves).apply_all(&written).apply_all(&back);
        prop_assert_eq!(to_facelets(&q.cube), stickers.to_facelets());
    }

    #[test]
    fn reading_lines_never_panics(s in "\\PC*") {
        let _ = read_position(&s, 1);
    }

    #[test]
    fn reading_facelets_never_panics(s in "[URFDLBx ]{50,56}") {
        let _ = read_position(&s, 1);
    }
}

// ---------------------------------------------------------------------------------------------
// Facelet validation: every message, pointing at the right facelet.

/// The solved facelet string with facelets `changes` replaced.
fn facelets_with(changes: &[(usize, char)]) -> String {
    let mut s: Vec<char> = to_facelets(&CubieCube::SOLVED).chars().collect();
    for &(i, c) in changes {
        s[i] = c;
    }
    s.into_iter().collect()
}

fn facelet_error(text: &str) -> (usize, String) {
    let e = read_position(text, 7).unwrap_err();
    assert_eq!(e.line, 7);
    (e.col, e.msg)
}

#[test]
fn facelet_errors_say_what_and_where() {
    // Wrong length (a line of 54 characters with no space is read as facelets; others as moves).
    let (col, msg) = facelet_error("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBB");
    assert_eq!(col, 54);
    assert_eq!(
        msg,
        "expected 54 facelets (9 per face, in the order U R F D L B), found 53"
    );
    // Two centres alike.
    let (col, msg) = facelet_error(&facelets_with(&[(13, 'U')]));
    assert_eq!(
        (col, msg.as_str()),
        (14, "the centres U5 and R5 have the same colour `U`")
    );
    // A colour no centre has.
    let (col, msg) = facelet_error(&facelets_with(&[(20, 'X')]));
    assert_eq!(col, 21);
    assert!(
        msg.starts_with("facelet F3 is `X`, which is no centre's colour"),
        "{msg}"
    );
    // A colour ten times.
    let (col, msg) = facelet_error(&facelets_with(&[(9, 'U')]));
    assert_eq!(
        (col, msg.as_str()),
        (
            10,
            "colour `U` appears more than 9 times (facelet R1 is its 10th)"
        )
    );
    // A corner with two colours of opposite faces (U and D swapped on URF with D's DFR sticker).
    let (col, msg) = facelet_error(&facelets_with(&[(8, 'D'), (29, 'U')]));
    assert_eq!(col, 9);
    assert!(
        msg.starts_with("the corner at URF shows colours D R F, which no corner"),
        "{msg}"
    );
    // The same corner twice (colour counts kept by showing UB's colours at UF too).
    let mut c = CubieCube::SOLVED;
    c.cp[3] = 0;
    c.ep[1] = 3;
    let (col, msg) = facelet_error(&to_facelets(&c));
    assert_eq!(
        (col, msg.as_str()),
        (3, "the corner URF appears twice, at URF and at UBR")
    );
    // An edge with the colours of two opposite faces (UR's R sticker swapped with DF's D sticker).
    let (col, msg) = facelet_error(&facelets_with(&[(10, 'D'), (28, 'R')]));
    assert_eq!(
        (col, msg.as_str()),
        (
            6,
            "the edge at UR shows colours U D, which no edge of this cube has"
        )
    );
    // One corner twisted, one edge flipped, two pieces swapped: real pieces, unreachable.
    let mut twisted = CubieCube::SOLVED;
    twisted.co[0] = 1;
    let (col, msg) = facelet_error(&to_facelets(&twisted));
    assert_eq!(col, 1);
    assert!(msg.contains("corner twists add up to 1"), "{msg}");
    let mut flipped = CubieCube::SOLVED;
    flipped.eo[0] = 1;
    assert!(facelet_error(&to_facelets(&flipped))
        .1
        .contains("one edge is flipped"));
    let mut swapped = CubieCube::SOLVED;
    swapped.ep.swap(0, 1);
    assert!(facelet_error(&to_facelets(&swapped))
        .1
        .contains("two pieces are swapped"));
    // Leading spaces move the column with the facelets.
    let (col, _) = facelet_error(&format!("  {}", facelets_with(&[(20, 'X')])));
    assert_eq!(col, 23);
}

#[test]
fn facelets_accept_any_six_colours() {
    let letters = |s: &str| {
        s.chars()
            .map(|c| "wbrygo".as_bytes()["URFDLB".find(c).unwrap()] as char)
            .collect::<String>()
    };
    let p = read_position("R U F' M2 x", 1).unwrap();
    // The body cube's facelets in other letters read back as the same cube.
    let q = read_position(&letters(&to_facelets(&p.cube)), 1).unwrap();
    assert_eq!(q.cube, p.cube);
}

// ---------------------------------------------------------------------------------------------
// The solvers, checked by simulation on the sticker model and against breadth-first search.

use std::sync::OnceLock;
use twisty::cube3::optimal::OptimalTables;
use twisty::cube3::two_phase::TwoPhaseTables;

fn cache() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cube3-tables")
}

/// Every table, built once per run into the test cache (read back on later runs).
fn tables() -> &'static OptimalTables {
    static T: OnceLock<OptimalTables> = OnceLock::new();
    T.get_or_init(|| {
        let dir = cache();
        let two = TwoPhaseTables::load_or_build(Some(&dir), 2, |m| eprintln!("{m}"));
        OptimalTables::load_or_build(two, Some(&dir), 2, |m| eprintln!("{m}"))
    })
}

/// SplitMix64, for reproducible random cubes.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
    fn face_turn(&mut self) -> Move {
        Move {
            turn: Turn::Face(Face::ALL[self.below(6)]),
            amount: self.below(3) as u8 + 1,
        }
    }
}

fn facelet_string(c: &StickerCube3) -> String {
    c.0.iter()
        .map(|&f| "URFDLB".as_bytes()[f as usize] as char)
        .collect()
}

#[test]
fn two_phase_solves_a_thousand_random_cubes_in_at_most_20() {
    let t = &tables().two_phase;
    let mut rng = Rng(2024);
    let mut total = 0;
    for _ in 0..1000 {
        // A random state from a long random walk of the sticker model, read as a facelet string.
        let mut c = StickerCube3::solved();
        for _ in 0..100 {
            c = c.apply(rng.face_turn());
        }
        let p = read_position(&facelet_string(&c), 1).unwrap();
        let moves = t.solve(&p.cube, 20).expect("a solution of at most 20");
        assert!(moves.len() <= 20);
        let written = parse_moves(&p.format_solution(&moves), 1, Families::FACES).unwrap();
        assert!(c.apply_all(&written).is_solved());
        total += moves.len();
    }
    // Not a bound the algorithm promises; a sign that it searches as it should (about 19.8).
    assert!(total > 19_000, "mean length {}", total as f64 / 1000.0);
}

#[test]
fn two_phase_answers_scrambles_of_every_family_in_their_final_frame() {
    let t = &tables().two_phase;
    let mut rng = Rng(99);
    for _ in 0..100 {
        let len = rng.below(30);
        let kinds = [
            |f: Face| Turn::Face(f),
            |f: Face| Turn::Wide(f),
            |f: Face| Turn::Slice(['M', 'E', 'S'][f as usize % 3]),
            |f: Face| Turn::Rotation(['x', 'y', 'z'][f as usize % 3]),
        ];
        let moves: Vec<Move> = (0..len)
            .map(|_| Move {
                turn: kinds[rng.below(4)](Face::ALL[rng.below(6)]),
                amount: rng.below(3) as u8 + 1,
            })
            .collect();
        let line = format_moves(&moves);
        let p = read_position(&line, 1).unwrap();
        let sol = t.solve(&p.cube, 20).unwrap();
        let written = parse_moves(&p.format_solution(&sol), 1, Families::FACES).unwrap();
        let c = StickerCube3::solved().apply_all(&moves).apply_all(&written);
        assert!(c.is_solved(), "{line} / {}", format_moves(&written));
    }
}

#[test]
fn optimal_solutions_are_never_longer_than_the_scramble() {
    let opt = tables();
    let mut rng = Rng(13);
    for k in 0..24 {
        let len = 9 + k % 5;
        let moves: Vec<Move> = (0..len).map(|_| rng.face_turn()).collect();
        let p = read_position(&format_moves(&moves), 1).unwrap();
        let (sol, _) = opt.solve(&p.cube, |_, _| {});
        assert!(sol.len() <= len, "{}", format_moves(&moves));
        let written = parse_moves(&p.format_solution(&sol), 1, Families::FACES).unwrap();
        assert!(StickerCube3::solved()
            .apply_all(&moves)
            .apply_all(&written)
            .is_solved());
    }
}

#[test]
fn the_symmetry_classes_have_the_published_sizes() {
    // Kociemba's counts: 64,430 flip-slice classes and 2,768 corner classes under 16 symmetries.
    let c = &tables().two_phase.classes;
    assert_eq!(c.flip_slice.reps.len(), 64430);
    assert_eq!(c.corners.reps.len(), 2768);
}

proptest! {
    #[test]
    fn boj5373_never_panics(s in "\\PC*") {
        let _ = twisty::cube3::answer_boj5373(&s);
    }

    #[test]
    fn boj5373_never_panics_on_near_misses(s in "[0-9 \\n]{0,6}[URFDLB+\\- \\n]{0,30}") {
        let _ = twisty::cube3::answer_boj5373(&s);
    }
}

#[test]
fn the_binaries_answer_good_lines_and_name_bad_ones() {
    tables(); // the cache the binaries read
    for bin in ["cube3", "cube3-opt"] {
        // cube3-opt with its smallest table (87 MB), which tests/cube3_slice.rs also uses.
        let args: &[&str] = if bin == "cube3-opt" {
            &["--table-size", "100M"]
        } else {
            &[]
        };
        let out = assert_cmd::Command::cargo_bin(bin)
            .unwrap()
            .args(args)
            .env("TWISTY_CACHE_DIR", cache())
            .write_stdin("R U\nR Q\n\nUUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBX\n")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bin}");
        let stdout = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{bin}: {stdout}");
        let c = StickerCube3::solved()
            .apply_all(&parse_moves("R U", 1, Families::FACES).unwrap())
            .apply_all(&parse_moves(lines[0], 1, Families::FACES).unwrap());
        assert!(c.is_solved(), "{bin}: {}", lines[0]);
        assert_eq!(lines[1], "");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(
            stderr.contains(&format!("{bin}: line 2, column 3: expected a move")),
            "{stderr}"
        );
        assert!(
            stderr.contains(&format!("{bin}: line 4, column 54: facelet B9 is `X`")),
            "{stderr}"
        );
        assert!(!stderr.contains("panicked"));
    }
    assert_cmd::Command::cargo_bin("cube3")
        .unwrap()
        .args(["--max-length", "19"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--max-length expects a number from 20 to 30, found `19`",
        ));
}

#[test]
fn a_damaged_table_file_is_built_again() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cube3-damaged");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Good tables from the shared cache, so that each step below rebuilds only the file it spoiled.
    tables();
    for f in ["cube3-phase2.bin", "cube3-coords.bin"] {
        std::fs::copy(cache().join(f), dir.join(f)).unwrap();
    }
    // A file of the right name that is no table: refused with the reason, then replaced.
    std::fs::write(
        dir.join("cube3-phase1.bin"),
        b"twisty cube3 phase-1 table v1\nnot really",
    )
    .unwrap();
    let mut log = Vec::new();
    let t = TwoPhaseTables::load_or_build(Some(&dir), 2, |m| log.push(m.to_string()));
    assert!(
        log[0].contains("cube3-phase1.bin: not a twisty table file"),
        "{log:?}"
    );
    assert!(log.iter().any(|m| m.starts_with("saved")), "{log:?}");
    let c = CubieCube::SOLVED.apply_all(&[0, 4, 8]);
    assert_eq!(c.apply_all(&t.solve(&c, 20).unwrap()), CubieCube::SOLVED);
    // Cut short: opening the file finds it.
    let p = dir.join("cube3-phase2.bin");
    let bytes = std::fs::read(&p).unwrap();
    std::fs::write(&p, &bytes[..bytes.len() - 9]).unwrap();
    let mut log = Vec::new();
    TwoPhaseTables::load_or_build(Some(&dir), 2, |m| log.push(m.to_string()));
    assert!(log[0].contains("damaged or incomplete"), "{log:?}");
    // Flip one bit in the middle: opening does not read the entries; `cube3 --verify` checks
    // the checksum, names the file and builds it again.
    let mut bytes = std::fs::read(&p).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x10;
    std::fs::write(&p, bytes).unwrap();
    let out = assert_cmd::Command::cargo_bin("cube3")
        .unwrap()
        .args(["--verify", "--tables", dir.to_str().unwrap()])
        .write_stdin("R U\n")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cube3-phase2.bin: checksum mismatch"), "{err}");
    assert!(err.contains("cube3-phase1.bin: checksum verified"), "{err}");
    assert!(out.status.success(), "{err}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1);
    assert!(twisty::table_file::verify(&p).is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// check-cube3, the oracle of the cube3 and cube3-opt cases: what it rejects, and why.

/// Teeth: with the limit loosened by one move in src/bin/check-cube3.rs
/// (`sed -i 's/moves.len() > limit/moves.len() > limit + 1/' src/bin/check-cube3.rs`), the
/// README's test command fails here, on the three-move answer to a two-move optimum.
#[test]
fn check_cube3_accepts_short_enough_solutions_and_rejects_the_rest() {
    // Line 1 as cube3-opt answers it (optimal length 2), line 2 as cube3 (at most 20), line 3 a
    // facelet string (R applied, in other colour letters), line 4 solved.
    let r_facelets: String = StickerCube3::solved()
        .apply(Move {
            turn: Turn::Face(Face::R),
            amount: 1,
        })
        .to_facelets()
        .chars()
        .map(|c| "wbrygo".as_bytes()["URFDLB".find(c).unwrap()] as char)
        .collect();
    let input = format!("R U\nF2 x R\n{r_facelets}\n\n");
    let checker = common::Checker::new("check-cube3", &input, "2\n20\n1\n0\n");
    let check = |output: &str| checker.check(output);
    let expect = |output: &str, code: i32, message: &str| {
        let (got, msg) = check(output);
        assert_eq!(got, Some(code), "{output:?}: {msg}");
        assert!(
            msg.contains(message),
            "{output:?}: `{msg}` lacks `{message}`"
        );
    };
    // Accepted: the optimum, any solution within 20 (in the frame after the rotation: x turned
    // R's layer to where R stays, F's to U), the facelet string's inverse, nothing for solved.
    expect("U' R'\nR' U2\nR'\n\n", 0, "ok 4 lines");
    expect("U' R'\nR' U U\nR'\n\n", 0, "ok 4 lines");
    // A token that is no move: the solver's fault, with line and column.
    expect("U' Q\nR' U2\nR'\n\n", 1, "output: line 1, column 4");
    // A sequence of real moves that leaves the cube unsolved.
    expect("U' R'\nR' U\nR'\n\n", 1, "line 2: the cube is not solved");
    expect("U' R'\nR' U2\nR\n\n", 1, "line 3: the cube is not solved");
    // Solving, but over 20 moves (cube3's limit): R' U2 as R' U^18 R R', 21 moves.
    let twenty_one = format!("R' {}R R'", "U ".repeat(18));
    assert_eq!(twenty_one.split(' ').count(), 21);
    expect(
        &format!("U' R'\n{twenty_one}\nR'\n\n"),
        1,
        "line 2: 21 moves, more than 20",
    );
    // Solving, but one move longer than the committed optimum (cube3-opt's answer 2).
    expect("U' R2 R\nR' U2\nR'\n\n", 1, "line 1: 3 moves, more than 2");
    // A missing line.
    expect("U' R'\nR' U2\nR'\n", 1, "expected 4 lines, found 3");
    // Outer face turns only: a slice or rotation in the output is refused.
    expect("U' R'\nR' U2\nR'\nx\n", 1, "output: line 4");
    // A bad answer file is the checker's failure (exit 3), not the solver's.
    let bad = common::Checker::new("check-cube3", "R\n", "two\n");
    let (code, msg) = bad.check("R'\n");
    assert_eq!(code, Some(3), "{msg}");
    assert!(
        msg.contains("answer: line 1, column 1: expected a length"),
        "{msg}"
    );
}

/// The two-phase coordinate tables kept in a file are the tables derived (every array equal), and
/// a file with a flipped bit is named and derived again.
#[test]
fn kept_coordinate_tables_are_the_derived_ones() {
    use twisty::cube3::coord_tables_file::{CoordTables, COORDS_FILE};
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cube3-coords");
    let _ = std::fs::remove_dir_all(&dir);
    let fresh = CoordTables::build();
    let same = |t: &CoordTables| {
        let (a, b) = (&t.moves, &fresh.moves);
        assert!(a.twist == b.twist && a.flip == b.flip && a.slice == b.slice);
        assert!(a.corners == b.corners && a.ud_edges == b.ud_edges);
        assert!(a.slice_perm == b.slice_perm);
        let (a, b) = (&t.classes, &fresh.classes);
        for (x, y) in [(&a.flip_slice, &b.flip_slice), (&a.corners, &b.corners)] {
            assert!(x.class_sym == y.class_sym && x.reps == y.reps && x.self_syms == y.self_syms);
        }
        assert!(a.twist_conj == b.twist_conj && a.ud_edges_conj == b.ud_edges_conj);
        let (a, b) = (&t.phase2_small, &fresh.phase2_small);
        assert_eq!(a.corner_slice.words(), b.corner_slice.words());
        assert_eq!(a.edge_slice.words(), b.edge_slice.words());
        assert_eq!(a.edge_slice.distribution, b.edge_slice.distribution);
        assert_eq!(t.flip_slice.entries(), fresh.flip_slice.entries());
    };
    let mut log = Vec::new();
    CoordTables::cached(Some(&dir), &mut |m| log.push(m.to_string()));
    assert!(log.iter().any(|m| m.starts_with("saved")), "{log:?}");
    same(&CoordTables::cached(Some(&dir), &mut |m| panic!("{m}")));
    let p = dir.join(COORDS_FILE);
    let mut bytes = std::fs::read(&p).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&p, bytes).unwrap();
    let mut log = Vec::new();
    same(&CoordTables::cached(Some(&dir), &mut |m| {
        log.push(m.to_string())
    }));
    assert!(log[0].contains("checksum mismatch"), "{log:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
