//! The 3x3x3 model and solvers against independent truth: the geometric sticker model (moves of every
//! family, facelet strings), every validation message, and the solvers' answers checked by simulation.

#![allow(clippy::incompatible_msrv)]

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
    assert_eq!(msg, "expected 54 facelets (9 per face, in the order U R F D L B), found 53");
    // Two centres alike.
    let (col, msg) = facelet_error(&facelets_with(&[(13, 'U')]));
    assert_eq!((col, msg.as_str()), (14, "the centres U5 and R5 have the same colour `U`"));
    // A colour no centre has.
    let (col, msg) = facelet_error(&facelets_with(&[(20, 'X')]));
    assert_eq!(col, 21);
    assert!(msg.starts_with("facelet F3 is `X`, which is no centre's colour"), "{msg}");
    // A colour ten times.
    let (col, msg) = facelet_error(&facelets_with(&[(9, 'U')]));
    assert_eq!((col, msg.as_str()), (10, "colour `U` appears more than 9 times (facelet R1 is its 10th)"));
    // A corner with two colours of opposite faces (U and D swapped on URF with D's DFR sticker).
    let (col, msg) = facelet_error(&facelets_with(&[(8, 'D'), (29, 'U')]));
    assert_eq!(col, 9);
    assert!(msg.starts_with("the corner at URF shows colours D R F, which no corner"), "{msg}");
    // The same corner twice (colour counts kept by showing UB's colours at UF too).
    let mut c = CubieCube::SOLVED;
    c.cp[3] = 0;
    c.ep[1] = 3;
    let (col, msg) = facelet_error(&to_facelets(&c));
    assert_eq!((col, msg.as_str()), (3, "the corner URF appears twice, at URF and at UBR"));
    // An edge with the colours of two opposite faces (UR's R sticker swapped with DF's D sticker).
    let (col, msg) = facelet_error(&facelets_with(&[(10, 'D'), (28, 'R')]));
    assert_eq!((col, msg.as_str()), (6, "the edge at UR shows colours U D, which no edge of this cube has"));
    // One corner twisted, one edge flipped, two pieces swapped: real pieces, unreachable.
    let mut twisted = CubieCube::SOLVED;
    twisted.co[0] = 1;
    let (col, msg) = facelet_error(&to_facelets(&twisted));
    assert_eq!(col, 1);
    assert!(msg.contains("corner twists add up to 1"), "{msg}");
    let mut flipped = CubieCube::SOLVED;
    flipped.eo[0] = 1;
    assert!(facelet_error(&to_facelets(&flipped)).1.contains("one edge is flipped"));
    let mut swapped = CubieCube::SOLVED;
    swapped.ep.swap(0, 1);
    assert!(facelet_error(&to_facelets(&swapped)).1.contains("two pieces are swapped"));
    // Leading spaces move the column with the facelets.
    let (col, _) = facelet_error(&format!("  {}", facelets_with(&[(20, 'X')])));
    assert_eq!(col, 23);
}

#[test]
fn facelets_accept_any_six_colours() {
    let letters = |s: &str| s.chars().map(|c| "wbrygo".as_bytes()["URFDLB".find(c).unwrap()] as char).collect::<String>();
    let p = read_position("R U F' M2 x", 1).unwrap();
    // The body cube's facelets in other letters read back as the same cube.
    let q = read_position(&letters(&to_facelets(&p.cube)), 1).unwrap();
    assert_eq!(q.cube, p.cube);
}
