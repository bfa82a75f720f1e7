//! `bench cube3-sizes`: each of cube3-opt's table sizes on the same cubes, the first five of
//! nissy-core's 17-move benchmark scrambles (`benchmarks/scrambles/scrambles-17.txt`, from its
//! checkout as `bench nissy` finds it), every core, one process a size. The means are what
//! cube3-opt tells a user a bigger size would give (`TableSize::seconds_17`). Then the two largest
//! sizes on all 25 scrambles of 17 and of 18 moves, beside the published one-thread figures of
//! nissy's H48 and vcube at the nearest sizes (nissy-core's `benchmarks/tables_1_thread.md`).
//!
//! `CUBE3_SIZES_FROM=1G` leaves out the sizes below 1 GiB (minutes a cube). Tables are built where
//! missing (in `target/bench-cube3-tables`; the largest takes about 22
//! minutes and 7.1 GB), so the first run is long.

use tools::timing::build;
use twisty::bytes::show;
use twisty::cube3::slice_table::SIZES;

const CUBES: usize = 5;

/// Published one-thread means on a Ryzen 7700 (nissy-core's benchmarks), by optimal length 17, 18.
const PUBLISHED: [(&str, f64, f64); 4] = [
    ("vcube 112, 2.4 GiB", 0.96, 9.29),
    ("H48 h7, 3.5 GiB", 0.63, 4.85),
    ("H48 h8, 7.1 GiB", 0.46, 3.36),
    ("vcube 208, 7.3 GiB", 0.56, 4.36),
];

/// Reads the table `--table-size flag` picks into the page cache in 2 MB pages, checking it
/// (building it first if it is missing), so that its first cube is not timed reading the disk: the sizes do not all fit in
/// the page cache together, and a table just written is dropped from it once verified.
fn warm(tables: &std::path::Path, flag: &str) {
    let size = twisty::bytes::parse(flag)
        .and_then(twisty::cube3::slice_table::TableSize::within)
        .expect("a size on the ladder");
    let path = tables.join(size.file());
    if !path.exists() {
        let t = tables.to_str().unwrap();
        crate::cube3_opt_timing::solve_lines(&["--tables", t, "--table-size", flag], &[]);
    }
    // Through a mapping, as cube3-opt's --verify reads: a table read by `read` is cached in small
    // pages, and the searches timed would then miss the TLB.
    twisty::table_file::verify_in_place(&path).expect("a sound table");
}

pub fn run() {
    let Some(src) = crate::nissy_peer::source() else {
        eprintln!(
            "bench cube3-sizes: needs nissy-core's scrambles: git clone \
             https://github.com/sebastianotronto/nissy-core target/nissy-core"
        );
        std::process::exit(2);
    };
    build("twisty", &["cube3-opt"]);
    let scrambles = |length: usize| -> Vec<String> {
        let file = src.join(format!("benchmarks/scrambles/scrambles-{length}.txt"));
        let text = std::fs::read_to_string(&file).expect("nissy's scrambles");
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect()
    };
    let tables = crate::cube3_opt_timing::tables_dir();
    let t = tables.to_str().unwrap();
    let solve = |flag: &str, lines: &[String], length: usize| {
        warm(&tables, flag);
        let solved =
            crate::cube3_opt_timing::solve_lines(&["--tables", t, "--table-size", flag], lines);
        assert!(
            solved.iter().all(|s| s.length == length),
            "{flag}: not all {length}"
        );
        solved
    };
    println!("cube3-opt by table size, {CUBES} of nissy's 17-move scrambles, every core");
    println!("size        mean s   median s   nodes (mean)");
    let first: Vec<String> = scrambles(17).into_iter().take(CUBES).collect();
    // `CUBE3_SIZES_FROM=1G`: only the sizes from 1 GiB up (the small ones take minutes a cube).
    let from = std::env::var("CUBE3_SIZES_FROM")
        .ok()
        .map(|v| twisty::bytes::parse(&v).expect("CUBE3_SIZES_FROM: a size such as 1G"))
        .unwrap_or(0);
    let mut baseline = None;
    for size in SIZES.iter().filter(|s| s.bytes() >= from) {
        let flag = size.flag_value();
        let solved = solve(&flag, &first, 17);
        let mut secs: Vec<f64> = solved.iter().map(|s| s.secs).collect();
        let mean = secs.iter().sum::<f64>() / secs.len() as f64;
        secs.sort_by(f64::total_cmp);
        let nodes = solved.iter().map(|s| s.nodes).sum::<u64>() / solved.len() as u64;
        let first = *baseline.get_or_insert(mean);
        println!(
            "{:<10} {mean:>7.3}   {:>8.3}   {nodes:>12}   ({:.1}x the first size's speed)",
            show(size.bytes() as u128),
            secs[secs.len() / 2],
            first / mean
        );
    }
    println!();
    println!("the two largest sizes on all of nissy's 17- and 18-move scrambles, every core");
    println!("size        length  cubes   mean s   median s   worst s");
    for size in &SIZES[SIZES.len() - 2..] {
        for length in [17, 18] {
            let lines = scrambles(length);
            let solved = solve(&size.flag_value(), &lines, length);
            let mut secs: Vec<f64> = solved.iter().map(|s| s.secs).collect();
            let mean = secs.iter().sum::<f64>() / secs.len() as f64;
            secs.sort_by(f64::total_cmp);
            println!(
                "{:<10} {length:>7} {:>6} {mean:>8.3}   {:>8.3}  {:>8.3}",
                show(size.bytes() as u128),
                lines.len(),
                secs[secs.len() / 2],
                secs[secs.len() - 1]
            );
        }
    }
    println!(
        "published, one thread of a Ryzen 7700 (nissy-core's benchmarks), mean s at 17 and 18:"
    );
    for (name, s17, s18) in PUBLISHED {
        println!("  {name:<22} {s17:>6.2} {s18:>7.2}");
    }
}
