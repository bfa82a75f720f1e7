//! cube2: scrambles with optimal HTM solutions from a BFS over sticker cubes.

use super::case_making::{answered, antipodes, cube_of_key, random_scramble, scrambled};
use tools::rng::Rng;
use tools::sticker_sims::{relabel_dbl_home, urf_moves, StickerBfs};
use twisty::notation::format_moves;

/// cube2: scrambles with optimal HTM solutions from a BFS over sticker cubes.
pub fn cube2() -> Vec<(String, String, String)> {
    let bfs = StickerBfs::new(urf_moves(false));
    assert_eq!(
        bfs.distribution,
        [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]
    );
    let mut rng = Rng::new(2);
    let file = |lines: Vec<String>| {
        answered(lines, |moves| {
            format_moves(&bfs.solve(&relabel_dbl_home(&scrambled(moves))))
        })
    };
    let mut files = Vec::new();
    let edge: Vec<String> = [
        "",
        "U",
        "R2",
        "F'",
        "D",
        "L2'",
        "B",
        "x",
        "y2",
        "z'",
        "x y z",
        "D L B",
        "U D",
        "R L'",
        "F B2",
        "R U R' U'",
        "x R y U z F",
        "U2 D2 L2 R2 F2 B2",
        "",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let (i, a) = file(edge);
    files.push(("edge".to_string(), i, a));
    for k in 1..=3 {
        let lines = (0..300)
            .map(|_| format_moves(&random_scramble(&mut rng, 25, k > 1)))
            .collect();
        let (i, a) = file(lines);
        files.push((format!("random-{k}"), i, a));
    }
    // The 2644 antipodes need 11 moves: scramble = the inverse of a solution.
    let deep: Vec<String> = antipodes(&bfs, 11, 100)
        .into_iter()
        .map(|k| {
            let cube = cube_of_key(k);
            let sol = bfs.solve(&cube);
            let inverse = twisty::notation::inverse(&sol);
            format_moves(&inverse)
        })
        .collect();
    let (i, a) = file(deep);
    files.push(("antipodes".to_string(), i, a));
    files
}
