//! `bench cube3-sizes`: each of cube3-opt's table sizes on the same cubes, the first five of
//! nissy-core's 17-move benchmark scrambles (`benchmarks/scrambles/scrambles-17.txt`, from its
//! checkout as `bench nissy` finds it), every core, one process a size. The means are what
//! cube3-opt tells a user a bigger size would give (`TableSize::seconds_17`).

use tools::timing::build;
use twisty::bytes::show;
use twisty::cube3::slice_table::SIZES;

const CUBES: usize = 5;

pub fn run() {
    let Some(src) = crate::nissy_peer::source() else {
        eprintln!(
            "bench cube3-sizes: needs nissy-core's scrambles: git clone \
             https://github.com/sebastianotronto/nissy-core target/nissy-core"
        );
        std::process::exit(2);
    };
    build("twisty", &["cube3-opt"]);
    let text = std::fs::read_to_string(src.join("benchmarks/scrambles/scrambles-17.txt"))
        .expect("nissy's 17-move scrambles");
    let lines: Vec<String> = text.lines().take(CUBES).map(str::to_string).collect();
    let tables = crate::cube3_opt_timing::tables_dir();
    let t = tables.to_str().unwrap();
    println!("cube3-opt by table size, {CUBES} of nissy's 17-move scrambles, every core");
    println!("size        mean s   median s   nodes (mean)");
    let mut baseline = None;
    for size in SIZES {
        let flag = size.flag_value();
        let solved =
            crate::cube3_opt_timing::solve_lines(&["--tables", t, "--table-size", &flag], &lines);
        assert!(solved.iter().all(|s| s.length == 17), "{flag}: not all 17");
        let mut secs: Vec<f64> = solved.iter().map(|s| s.secs).collect();
        let mean = secs.iter().sum::<f64>() / secs.len() as f64;
        secs.sort_by(f64::total_cmp);
        let nodes = solved.iter().map(|s| s.nodes).sum::<u64>() / solved.len() as u64;
        let first = *baseline.get_or_insert(mean);
        println!(
            "{:<10} {mean:>7.3}   {:>8.3}   {nodes:>12}   ({:.1}x the smallest's speed)",
            show(size.bytes() as u128),
            secs[secs.len() / 2],
            first / mean
        );
    }
}
