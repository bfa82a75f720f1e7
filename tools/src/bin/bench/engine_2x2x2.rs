//! engine: the generic engine's 2x2x2 against the dedicated cube2 solver, in the same run.

use crate::shared::{temp_input, time_ms, urf_scrambles};
use std::time::Instant;
use tools::timing::{build, max_rss_mb, median_ms, release_bin, runs};
use twisty::cube2::{scramble, Cube2Solver, Cube2Tables};
use twisty::dist_table::packed::PackedTable;

/// The generic engine on the 2x2x2 against the dedicated cube2 solver, in the same run.
pub fn run() {
    use engine::model::metric::{Metric, MoveSet};
    use engine::solving::solver::Solver;
    use engine::tables::full_table::DistTable;
    use engine::tables::space::Space;
    println!("engine: the generic engine on the 2x2x2 (HTM) against the dedicated cube2");
    let tables = Cube2Tables::new();
    let dedicated = time_ms(5, || PackedTable::build(&tables.htm(), &[0]));
    println!("  dedicated cube2 table build (single-threaded): {dedicated:.1} ms");
    for name in ["2x2x2", "2x2x2-stickers"] {
        let t = time_ms(5, || {
            let p = engine::load::shipped::open(name).unwrap();
            let set = MoveSet::new(&p, Metric::Htm);
            let space = Space::new(&p, set.perms.clone()).unwrap();
            DistTable::build(&space, |_| {})
        });
        println!("  engine God's algorithm from {name} (load, reduce, move tables, BFS on {} threads): {t:.1} ms (target under 1 s; twips 0.12.3: about 20 s, 540 MB, as reported)", rayon::current_num_threads());
    }
    build("twisty-cli", &[]);
    let empty = temp_input("engine-empty.in", "");
    let bin = release_bin("twisty");
    let whole = runs(&[bin.to_str().unwrap(), "gods", "2x2x2"], &empty, 3);
    println!(
        "  `twisty gods 2x2x2` whole process: {:.0} ms, peak RSS {:.1} MB",
        median_ms(&whole),
        max_rss_mb(&whole)
    );

    let lines = urf_scrambles(13, 1000);
    let cubes: Vec<_> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| scramble(l, i + 1).unwrap())
        .collect();
    let p = engine::load::shipped::open("2x2x2").unwrap();
    let states: Vec<_> = lines
        .iter()
        .map(|l| {
            let a = engine::model::alg::parse(l, &|s: &str| p.move_index(s)).unwrap();
            let perms: Vec<_> = p.moves.iter().map(|m| &m.perm).collect();
            let m = p.modulus();
            p.goal.apply(&a.perm(&perms, &m), &m)
        })
        .collect();
    let t0 = Instant::now();
    let cube2 = Cube2Solver::htm();
    let cube2_tables = t0.elapsed().as_secs_f64() * 1000.0;
    let t0 = Instant::now();
    let solver = Solver::new(&p, MoveSet::new(&p, Metric::Htm), None, 1 << 28, |_| {}).unwrap();
    let engine_tables = t0.elapsed().as_secs_f64() * 1000.0;
    let per_cube2 = time_ms(5, || {
        cubes.iter().map(|c| cube2.solve(c).len()).sum::<usize>()
    }) / 1000.0;
    let per_engine = time_ms(5, || {
        states
            .iter()
            .map(|s| solver.solve(s, 20).unwrap().len())
            .sum::<usize>()
    }) / 1000.0;
    let same = cubes
        .iter()
        .zip(&states)
        .all(|(c, s)| cube2.solve(c).len() == solver.solve(s, 20).unwrap().len());
    println!(
        "  1,000 random states: engine {:.1} us per state, cube2 {:.1} us per state ({:.1}x; target within 5x); tables: engine {engine_tables:.0} ms, cube2 {cube2_tables:.0} ms; same lengths: {same}",
        per_engine * 1000.0,
        per_cube2 * 1000.0,
        per_engine / per_cube2
    );
    std::fs::remove_file(empty).ok();
}
