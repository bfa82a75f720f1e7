//! mipt041: minimum quarter turns, from a BFS over sticker cubes with U R F quarter turns.

use super::case_making::{antipodes, cube_of_key, random_scramble, scrambled};
use super::judge_net::{judge_line, random_perm};
use tools::folded_net::MIPT041_NET;
use tools::rng::Rng;
use tools::sticker_sims::{relabel_dbl_home, urf_moves, StickerBfs};
use twisty::sticker_cube::StickerCube;

/// mipt041: minimum quarter turns, from a BFS over sticker cubes with U R F quarter turns.
pub fn mipt041() -> Vec<(String, String, String)> {
    let bfs = StickerBfs::new(urf_moves(true));
    let mut rng = Rng::new(41);
    let mut files = Vec::new();
    let mut cubes: Vec<StickerCube> = (0..12)
        .map(|_| scrambled(&random_scramble(&mut rng, 25, true)))
        .collect();
    cubes.push(StickerCube::solved());
    cubes.extend(antipodes(&bfs, 14, 3).into_iter().map(cube_of_key));
    for (k, c) in cubes.iter().enumerate() {
        let perm = random_perm(&mut rng, 1);
        let d = bfs.solve(&relabel_dbl_home(c)).len();
        files.push((
            format!("case-{}", k + 1),
            judge_line(c, &MIPT041_NET, &perm) + "\n",
            format!("{d}\n"),
        ));
    }
    files
}
