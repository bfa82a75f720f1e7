//! cube2: the 2x2x2 table's build, whole-process time on 100,000 scrambles, and the speed-up over the seed articles' IDA*.

use crate::shared::{scrambles, temp_input, time_ms};
use tools::timing::{max_rss_mb, median_ms, release_bin, runs};
use twisty::cube2::{scramble, Cube2Ida, Cube2Solver, Cube2Tables};
use twisty::dist_table::packed::PackedTable;

/// cube2: table build, whole-process time on 100,000 scrambles, peak RSS, and the speed-up over the
/// seed articles' IDA* with CP and CO pruning tables on the same 1,000 scrambles.
pub fn run() {
    println!("cube2: 2x2x2, half-turn metric");
    let tables = Cube2Tables::new();
    let build = time_ms(15, || PackedTable::build(&tables.htm(), &[0]));
    let moves = time_ms(15, Cube2Tables::new);
    let seed_build = time_ms(15, Cube2Ida::htm);
    println!("  HTM distance table (3,674,160 states, 2 bits each): {build:.1} ms single-threaded (target under 50 ms)");
    println!("  move tables: {moves:.2} ms; seed baseline's tables (moves + CP and CO pruning): {seed_build:.2} ms");

    let lines = scrambles(25, 100_000);
    let file = temp_input("cube2.in", &(lines.join("\n") + "\n"));
    let bin = release_bin("cube2");
    let empty = temp_input("empty.in", "");
    let whole = runs(&[bin.to_str().unwrap()], &file, 5);
    let startup = runs(&[bin.to_str().unwrap()], &empty, 5);
    println!(
        "  cube2 on 100,000 scrambles of 25 moves: {:.0} ms whole process (target under 500 ms); start-up alone {:.0} ms",
        median_ms(&whole),
        median_ms(&startup)
    );
    println!(
        "  peak RSS of cube2: {:.1} MB (target under 16 MB)",
        max_rss_mb(&whole)
    );

    let sample: Vec<_> = lines[..1000]
        .iter()
        .enumerate()
        .map(|(i, l)| scramble(l, i + 1).unwrap())
        .collect();
    let table = Cube2Solver::htm();
    let ida = Cube2Ida::htm();
    let mut nodes = 0;
    let t_table = time_ms(3, || {
        sample.iter().map(|c| table.solve(c).len()).sum::<usize>()
    });
    let t_ida = time_ms(1, || {
        sample
            .iter()
            .map(|c| {
                let (p, st) = ida.solve(c);
                nodes += st.nodes;
                p.len()
            })
            .sum::<usize>()
    });
    let same = sample
        .iter()
        .all(|c| table.solve(c).len() == ida.solve(c).0.len());
    println!(
        "  1,000 scrambles: table walk {t_table:.2} ms, seed IDA* {t_ida:.0} ms ({} nodes): speed-up {:.0}x; same lengths: {same}",
        nodes,
        t_ida / t_table
    );
    std::fs::remove_file(file).ok();
    std::fs::remove_file(empty).ok();
}
