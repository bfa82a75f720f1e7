//! Benchmarks that print figures beside a baseline measured in the same run:
//! `cargo run --release -p tools --bin bench -- [aoj0300|judge]...` (no argument: all).
//!
//! One module per benchmark. These are measurements, never pass/fail tests: the machine's load
//! moves the numbers.

mod aoj0300_timing;
mod compare;
mod compare_engine;
mod cube2_timing;
mod cube3_build_timing;
mod cube3_opt_timing;
mod cube3_sizes;
mod engine_2x2x2;
mod engine_deep;
mod engine_twips;
mod flood;
mod hdu4801_timing;
mod judge_overhead;
mod nissy_peer;
mod pancake_timing;
mod phases_timing;
mod robot2_timing;
mod robot_time;
mod scrambles_timing;
mod shared;

use tools::timing::build;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let all = [
        "aoj0300",
        "judge",
        "cube2",
        "robot2",
        "robot-time",
        "hdu4801",
        "flood",
        "engine",
        "pancake",
        "twips",
        "scrambles",
        "phases",
        "cube3-opt",
        "cube3-build",
    ];
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!(
            "bench: benchmarks that print figures beside a baseline measured in the same run\n"
        );
        println!("usage: bench [BENCHMARK...]   (all when none is given)");
        println!("       bench compare REV        (this tree against commit REV, side by side; rows over 1.25x slower flagged)");
        println!("       bench compare REV --engine   (the engine's rows alone: every community file, the FTO)");
        println!(
            "       bench nissy              (cube3-opt beside nissy-core's H48; needs its source)"
        );
        println!(
            "       bench cube3-sizes        (cube3-opt's table sizes on nissy's 17-move scrambles)"
        );
        println!(
            "       bench deep               (twips' deep 3x3x3 rows alone, beside cube3-opt)"
        );
        println!(
            "       bench twips-rows         (twips' rows without the deep ones: no 2.8 GB table)"
        );
        println!("benchmarks: {}", all.join(", "));
        return;
    }
    if args.first().map(String::as_str) == Some("compare") {
        let Some(rev) = args.get(1) else {
            eprintln!("bench: compare needs a commit, e.g. `bench compare HEAD~1`");
            std::process::exit(2);
        };
        let engine_only = match args.get(2).map(String::as_str) {
            None => false,
            Some("--engine") => true,
            Some(other) => {
                eprintln!("bench: compare takes REV and --engine, not `{other}`");
                std::process::exit(2);
            }
        };
        build("judge", &[]);
        compare::run(rev, engine_only);
        return;
    }
    if let Some(a) = args.iter().find(|a| a.starts_with('-')) {
        eprintln!("bench: unknown option `{a}`\nusage: bench [BENCHMARK...]; try `bench --help`");
        std::process::exit(2);
    }
    let chosen: Vec<&str> = if args.is_empty() {
        all.to_vec()
    } else {
        args.iter().map(String::as_str).collect()
    };
    build("judge", &[]);
    build("twisty", &["aoj0300", "cube2", "hdu4801"]);
    for name in chosen {
        match name {
            "aoj0300" => aoj0300_timing::run(),
            "judge" => judge_overhead::run(),
            "cube2" => cube2_timing::run(),
            "robot2" => robot2_timing::run(),
            "robot-time" => robot_time::run(),
            "hdu4801" => hdu4801_timing::run(),
            "flood" => flood::run(),
            "engine" => engine_2x2x2::run(),
            "pancake" => pancake_timing::run(),
            "phases" => phases_timing::run(),
            "cube3-opt" => cube3_opt_timing::run(),
            "cube3-build" => cube3_build_timing::run(),
            "nissy" => nissy_peer::run(),
            "cube3-sizes" => cube3_sizes::run(),
            "deep" => {
                build("twisty-cli", &[]);
                engine_deep::run_alone()
            }
            "twips-rows" => {
                build("twisty-cli", &[]);
                engine_twips::run_all()
            }
            "twips" => {
                build("twisty-cli", &[]);
                engine_twips::run_all();
                // (Its deep 3x3x3 rows, beside cube3-opt, end it.)
                engine_deep::run_alone()
            }
            "scrambles" => {
                build("twisty-cli", &[]);
                scrambles_timing::run_all()
            }
            other => {
                eprintln!(
                    "bench: unknown benchmark `{other}` (known: {}, nissy, deep, twips-rows)",
                    all.join(", ")
                );
                std::process::exit(2);
            }
        }
    }
}
