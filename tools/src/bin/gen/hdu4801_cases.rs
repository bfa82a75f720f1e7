//! hdu4801: the most single-coloured faces within N quarter turns, by BFS over sticker arrays with
//! all twelve quarter turns. Cases cover every N from 1 to 7 and, for each N, every answer that
//! random states at several scramble lengths reach (up to two states each).

use super::case_making::scrambled;
use super::judge_net::{judge_line, quarter_turns, random_perm};
use std::fmt::Write as _;
use tools::folded_net::HDU4801_NET;
use tools::rng::Rng;
use twisty::notation::Move;
use twisty::sticker_cube::StickerCube;

/// hdu4801: the most single-coloured faces within N quarter turns, by BFS over sticker arrays with
/// all twelve quarter turns. Cases cover every N from 1 to 7 and, for each N, every answer that
/// random states at several scramble lengths reach (up to two states each).
pub fn hdu4801() -> Vec<(String, String, String)> {
    let perms = quarter_perms();
    let mut rng = Rng::new(4801);
    // (N, answer) -> states
    let mut chosen: std::collections::BTreeMap<(usize, usize), Vec<StickerCube>> =
        std::collections::BTreeMap::new();
    for k in 0..60 {
        let len = [1, 2, 3, 4, 5, 6, 8, 10, 14, 25][k % 10];
        let moves: Vec<Move> = (0..len).map(|_| quarter_turns()[rng.below(12)]).collect();
        let c = scrambled(&moves);
        // Deep searches cost seconds each: N = 7 for a third of the states, N = 6 for another.
        let depth = [7, 6, 5][k % 3];
        for (n, &b) in best_within(&c.0, depth, &perms).iter().enumerate().skip(1) {
            let slot = chosen.entry((n, b)).or_default();
            if slot.len() < 2 {
                slot.push(c);
            }
        }
    }
    let mut cases: Vec<(usize, usize, StickerCube)> = chosen
        .into_iter()
        .flat_map(|((n, b), cs)| cs.into_iter().map(move |c| (n, b, c)))
        .collect();
    rng.shuffle(&mut cases);
    let mut files = Vec::new();
    for (k, chunk) in cases.chunks(8).enumerate() {
        let (mut input, mut answer) = (String::new(), String::new());
        for (n, b, c) in chunk {
            let perm = random_perm(&mut rng, 0);
            writeln!(input, "{n}\n{}", judge_line(c, &HDU4801_NET, &perm)).unwrap();
            writeln!(answer, "{b}").unwrap();
        }
        files.push((format!("random-{}", k + 1), input, answer));
    }
    files
}

/// The twelve quarter turns as sticker permutations (`perm[f]`: where sticker `f` goes), read off the
/// geometric sticker model once.
pub fn quarter_perms() -> Vec<[usize; 24]> {
    quarter_turns()
        .iter()
        .map(|&m| {
            let moved = StickerCube(std::array::from_fn(|f| f as u8))
                .apply(m)
                .unwrap();
            let mut perm = [0; 24];
            for (to, &from) in moved.0.iter().enumerate() {
                perm[from as usize] = to;
            }
            perm
        })
        .collect()
}

pub fn uniform_faces(s: &[u8; 24]) -> usize {
    s.chunks(4).filter(|f| f.iter().all(|&c| c == f[0])).count()
}

/// The most single-coloured faces within 0, 1, ..., `n` quarter turns of any face (no DBL trick), by
/// breadth-first search over sticker arrays.
pub fn best_within(start: &[u8; 24], n: usize, perms: &[[usize; 24]]) -> Vec<usize> {
    let mut seen = std::collections::HashSet::new();
    seen.insert(*start);
    let mut frontier = vec![*start];
    let mut best = vec![uniform_faces(start)];
    for _ in 0..n {
        let mut next = Vec::new();
        let mut here = *best.last().unwrap();
        for s in &frontier {
            for p in perms {
                let mut t = [0u8; 24];
                for f in 0..24 {
                    t[p[f]] = s[f];
                }
                if seen.insert(t) {
                    here = here.max(uniform_faces(&t));
                    next.push(t);
                }
            }
        }
        best.push(here);
        frontier = next;
    }
    best
}
