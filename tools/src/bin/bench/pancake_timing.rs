//! pancake: the engine's full table of the pancake puzzle.

use crate::shared::temp_input;
use std::time::Instant;
use tools::timing::{build, max_rss_mb, median_ms, release_bin, runs};

/// The pancake puzzle's full table (12! states) through `twisty gods`, a plain one-thread BFS over
/// the same ranks as the baseline, then every swap and 3-cycle read off the table.
pub fn run() {
    use engine::model::metric::{Metric, MoveSet};
    use engine::solving::solver::Solver;
    use engine::tables::space::{Scratch, Space};
    println!("pancake: the article's pancake puzzle, 479,001,600 states, its 7 named moves");
    build("twisty-cli", &[]);
    let bin = release_bin("twisty");
    let table =
        std::env::temp_dir().join(format!("twisty-bench-{}-pancake.table", std::process::id()));
    let empty = temp_input("pancake-empty.in", "");
    let run = runs(
        &[
            bin.to_str().unwrap(),
            "gods",
            "pancake",
            "--out",
            table.to_str().unwrap(),
        ],
        &empty,
        1,
    );
    println!(
        "  `twisty gods pancake --out FILE` (every core): {:.1} s, peak RSS {:.0} MB (targets: under 120 s, at most 200 MB)",
        median_ms(&run) / 1000.0,
        max_rss_mb(&run)
    );

    let p = engine::load::shipped::open("pancake").unwrap();
    let set = MoveSet::new(&p, Metric::Moves);
    let space = Space::new(&p, set.perms.clone()).unwrap();
    // Baseline: a textbook BFS, one thread, a byte per state and a queue of ranks.
    let t0 = Instant::now();
    let mut depth = vec![u8::MAX; space.size];
    let goal = space.goals[0];
    depth[goal] = 0;
    let mut frontier = vec![goal as u32];
    let all: Vec<usize> = (0..set.perms.len()).collect();
    let mut scratch = Scratch::default();
    let mut levels = 0;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &r in &frontier {
            let d = depth[r as usize];
            space.for_each_neighbor(r as usize, &all, &mut scratch, |_, n| {
                if depth[n] == u8::MAX {
                    depth[n] = d + 1;
                    next.push(n as u32);
                }
            });
        }
        frontier = next;
        levels += 1;
    }
    println!(
        "  baseline, plain one-thread BFS over the same ranks (byte per state + queue): {:.1} s, about {} MB, {} levels",
        t0.elapsed().as_secs_f64(),
        (space.size + 4 * 165_504_461 * 2) >> 20,
        levels - 1
    );
    drop(depth);

    let t0 = Instant::now();
    let solver = Solver::new(&p, set, Some(&table), 0, |_| {}).unwrap();
    let load = t0.elapsed().as_secs_f64();
    let t0 = Instant::now();
    for k in [2usize, 3] {
        let mut hist = std::collections::BTreeMap::new();
        let mut count = 0;
        let mut worst = (0, String::new(), String::new());
        let mut pick: Vec<usize> = Vec::new();
        fn each(
            n: usize,
            k: usize,
            start: usize,
            pick: &mut Vec<usize>,
            f: &mut dyn FnMut(&[usize]),
        ) {
            if pick.len() == k {
                return f(pick);
            }
            for i in start..n {
                pick.push(i);
                each(n, k, i + 1, pick, f);
                pick.pop();
            }
        }
        let mut visit = |set_: &[usize]| {
            // Both directions of a 3-cycle; a swap has one.
            let orders: Vec<Vec<usize>> = if k == 2 {
                vec![set_.to_vec()]
            } else {
                vec![set_.to_vec(), vec![set_[0], set_[2], set_[1]]]
            };
            for o in orders {
                let text = format!(
                    "({})",
                    o.iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                );
                let e = engine::model::state_notation::parse_effect(&p, &text).unwrap();
                let path = solver.sequence_for(&e, 40).unwrap().unwrap();
                *hist.entry(path.len()).or_insert(0) += 1;
                count += 1;
                if path.len() > worst.0 {
                    worst = (path.len(), text, solver.names(&path));
                }
            }
        };
        each(12, k, 0, &mut pick, &mut visit);
        let what = if k == 2 { "swaps" } else { "3-cycles" };
        println!(
            "  all {count} {what}, shortest lengths: {hist:?}; longest {} {} = {}",
            worst.0, worst.1, worst.2
        );
    }
    println!(
        "  read off the table: {:.2} s (loading it {load:.2} s); the article's general solver swapped 4 and 5 in 19 moves, the optimum for that swap is {}",
        t0.elapsed().as_secs_f64(),
        solver
            .sequence_for(&engine::model::state_notation::parse_effect(&p, "(4 5)").unwrap(), 40)
            .unwrap()
            .unwrap()
            .len()
    );
    std::fs::remove_file(table).ok();
    std::fs::remove_file(empty).ok();
}
