//! HDU 4801's table (`twisty::cube2::best_faces`) against brute force on the geometric sticker model:
//! every state within N quarter turns of all six faces, found by breadth-first search over sticker
//! arrays. Shares no table with the solver (which holds DBL and turns U, R, F only).

use std::collections::HashSet;
use twisty::cube2::best_faces::most_uniform_faces;
use twisty::cube2::scramble;
use twisty::notation::{Face, Move, Turn};
use twisty::sticker_cube::StickerCube;

/// The most single-coloured faces within 0..=max_n quarter turns, for each N.
fn brute_force(start: StickerCube, max_n: usize) -> Vec<usize> {
    let turns: Vec<Move> = Face::ALL
        .iter()
        .flat_map(|&f| {
            [1, 3].map(|amount| Move {
                turn: Turn::Face(f),
                amount,
            })
        })
        .collect();
    let mut seen: HashSet<[u8; 24]> = HashSet::from([start.0]);
    let mut layer = vec![start];
    let mut best = vec![start.uniform_faces()];
    for _ in 0..max_n {
        let mut next = Vec::new();
        for c in &layer {
            for &t in &turns {
                let n = c.apply(t).unwrap();
                if seen.insert(n.0) {
                    next.push(n);
                }
            }
        }
        let here = next
            .iter()
            .map(StickerCube::uniform_faces)
            .max()
            .unwrap_or(0);
        best.push(here.max(*best.last().unwrap()));
        layer = next;
    }
    best
}

#[test]
fn table_agrees_with_brute_force_on_random_states() {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut rand = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let letters = ["U", "D", "L", "R", "F", "B"];
    let suffix = ["", "'", "2"];
    let mut queries = Vec::new();
    let mut want = Vec::new();
    for k in 0..40 {
        // Short scrambles too, so that N reaches states with several uniform faces.
        let len = if k < 20 { 1 + rand(6) } else { 8 + rand(12) };
        let text: Vec<String> = (0..len)
            .map(|_| format!("{}{}", letters[rand(6)], suffix[rand(3)]))
            .collect();
        let text = text.join(" ");
        let cube = scramble(&text, 1).unwrap();
        let moves =
            twisty::notation::parse_moves(&text, 1, twisty::notation::Families::CUBE2).unwrap();
        let stickers = StickerCube::solved().apply_all(&moves).unwrap();
        let max_n = if k % 10 == 0 { 5 } else { 4 };
        let best = brute_force(stickers, max_n);
        for (n, &b) in best.iter().enumerate() {
            queries.push((cube.coord(), n));
            want.push((text.clone(), n, b));
        }
    }
    let got = most_uniform_faces(&queries);
    for (g, (text, n, b)) in got.iter().zip(&want) {
        assert_eq!(*g as usize, *b, "`{text}` within {n} quarter turns");
    }
    // The cases must reach past the trivial answers.
    assert!(want.iter().any(|w| w.2 == 6) && want.iter().any(|w| w.2 <= 2));
}
