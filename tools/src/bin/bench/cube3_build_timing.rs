//! `bench cube3-build`: cube3-opt's slice table built at every size it offers, each in a fresh
//! folder, one process each: wall time (build, save, checksum) and peak resident memory, beside
//! the table's size and the budget (the size plus 10 %, under an hour on 2 cores for every
//! size). The largest takes about 22 minutes and 7.1 GB of memory and disk.

use tools::timing::{build, release_bin, runs_within, Run};
use twisty::bytes::show;
use twisty::cube3::slice_table::SIZES;

pub fn run() {
    build("twisty", &["cube3-opt"]);
    let exe = release_bin("cube3-opt");
    let empty = std::env::temp_dir().join(format!("twisty-bench-empty-{}", std::process::id()));
    std::fs::write(&empty, "").unwrap();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("cube3-opt: the slice table built at each size, {threads} threads, one process each");
    println!(
        "  {:<34} {:>10} {:>10} {:>12} {:>12}",
        "size", "file", "build", "peak RSS", "budget"
    );
    for size in SIZES {
        let budget = &size.flag_value();
        let dir = std::env::temp_dir().join(format!("twisty-bench-build-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let argv = [
            exe.to_str().unwrap(),
            "--table-size",
            budget,
            "--tables",
            dir.to_str().unwrap(),
            "--quiet",
        ];
        let run: Run = runs_within(&argv, &empty, 1, 3 * 3600 * 1000)[0];
        let file = std::fs::metadata(dir.join(size.file())).map_or(0, |m| m.len());
        std::fs::remove_dir_all(&dir).ok();
        println!(
            "  {:<34} {:>10} {:>8.1} s {:>12} {:>12}",
            format!("{} (--table-size {budget})", size.file()),
            show(file as u128),
            run.wall_us as f64 / 1e6,
            show(run.maxrss_kb as u128 * 1024),
            show(size.bytes() as u128 * 11 / 10),
        );
    }
    std::fs::remove_file(&empty).ok();
}
