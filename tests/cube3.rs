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
