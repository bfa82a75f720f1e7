//! What several benchmarks share: temporary inputs, timing, scrambles, the 2x2x2's optimal solutions.

use std::time::Instant;
use tools::rng::Rng;
use twisty::cube2::Cube2Solver;
use twisty::notation::{format_moves, Face, Move, Turn};

pub fn temp_input(name: &str, text: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("twisty-bench-{}-{name}", std::process::id()));
    std::fs::write(&p, text).unwrap();
    p
}

/// Median of `reps` timings of `f`, in ms.
pub fn time_ms<T>(reps: usize, mut f: impl FnMut() -> T) -> f64 {
    let mut v: Vec<f64> = (0..reps)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

/// `n` scrambles of 25 random face turns (consecutive turns on different faces).
pub fn scrambles(seed: u64, n: usize) -> Vec<String> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let mut moves: Vec<Move> = Vec::new();
            while moves.len() < 25 {
                let turn = Turn::Face(Face::ALL[rng.below(6)]);
                if moves.last().is_none_or(|m| m.turn != turn) {
                    moves.push(Move {
                        turn,
                        amount: rng.below(3) as u8 + 1,
                    });
                }
            }
            format_moves(&moves)
        })
        .collect()
}

/// `n` scrambles of 25 random turns of U, R, F (the engine's 2x2x2 holds DBL, as cube2 does).
pub fn urf_scrambles(seed: u64, n: usize) -> Vec<String> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let t: Vec<String> = (0..25)
                .map(|_| {
                    format!(
                        "{}{}",
                        ["U", "R", "F"][rng.below(3)],
                        ["", "2", "'"][rng.below(3)]
                    )
                })
                .collect();
            t.join(" ")
        })
        .collect()
}

/// Up to `limit` optimal HTM solutions (solver moves) of a cube with DBL home, by walking every
/// closer neighbour of the packed table.
pub fn optimal_solutions(table: &Cube2Solver, coord: usize, limit: usize) -> Vec<Vec<usize>> {
    let graph = table.tables.htm();
    let depth = table
        .solve(&twisty::cube2::CubieCube::from_coord(coord))
        .len();
    let mut out = Vec::new();
    let mut path = Vec::new();
    fn walk(
        g: &twisty::dist_table::graphs::ProductGraph<'_>,
        t: &Cube2Solver,
        c: usize,
        left: usize,
        path: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        limit: usize,
    ) {
        use twisty::dist_table::Graph;
        if out.len() >= limit {
            return;
        }
        if left == 0 {
            if c == 0 {
                out.push(path.clone());
            }
            return;
        }
        let mut next = Vec::new();
        g.neighbors(c, |m, n| next.push((m, n)));
        for (m, n) in next {
            // Only neighbours one closer.
            if t.dist.is_closer(c, n) {
                path.push(m);
                walk(g, t, n, left - 1, path, out, limit);
                path.pop();
            }
        }
    }
    walk(&graph, table, coord, depth, &mut path, &mut out, limit);
    out
}
