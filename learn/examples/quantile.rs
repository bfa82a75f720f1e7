//! Chooses the quantile at which `twisty learn eval` reads the degenerate network, on states of
//! another seed than the evaluation's (so the choice is not fitted to the test states): for the
//! mode and each quantile the view table keeps, % optimal per optimal length and over the paper's
//! mix, and mean states evaluated. `cargo run --release -p twisty-learn --features net --example
//! quantile [PER_LENGTH [SEED [NODE_LIMIT [WEIGHTS]]]]` (defaults 30, 7, 100000, the
//! committed degenerate weights; other weights, with their `.fnv64`, compare a new network before
//! paying for a whole `eval`). Builds the view table at `target/learn/degenerate-views.bin` first
//! if it is missing or was made for other weights (some minutes).
use std::path::Path;
use twisty::cube3::optimal::OptimalTables;
use twisty::cube3::two_phase::TwoPhaseTables;
use twisty::machine::threads as default_threads;
use twisty::table_keeping::default_cache_dir;
use twisty_learn::cube3_stickers::{stickers, Kind};
use twisty_learn::eval_report::PAPER;
use twisty_learn::network::Net;
use twisty_learn::sticker_search::{
    solve, Budget, NetHeuristic, Predictions, Readout, StickerDomain,
};
use twisty_learn::testset::test_states;
use twisty_learn::view_table::{ViewTable, QUANTILES};

fn main() -> Result<(), String> {
    let arg = |i: usize, default: u64| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
    };
    let (per_length, seed, limit) = (arg(1, 30) as usize, arg(2, 7), arg(3, 100_000));
    let weights = std::env::args()
        .nth(4)
        .unwrap_or_else(|| "learn/weights/degenerate.safetensors".to_string());
    let weights = Path::new(&weights);
    let sum = twisty_learn::weights::verify_checksum(weights)?;
    let net = Net::load(Kind::Degenerate, weights)?;
    let table = ViewTable::load_or_build(
        &net,
        &sum,
        Path::new("target/learn/degenerate-views.bin"),
        |n, of| {
            if n % (1 << 20) < 8192 || n == of {
                eprintln!("view table: {n} of {of} views");
            }
        },
    )?;
    let dir = default_cache_dir();
    let threads = default_threads();
    let log = |m: &str| eprintln!("{m}");
    let two = TwoPhaseTables::load_or_build(dir.as_deref(), threads, log);
    let opt = OptimalTables::load_or_build(two, dir.as_deref(), threads, log);
    let tests = test_states(&opt, 2..=12, per_length, seed, |_, _| {});
    let domain = StickerDomain::default();
    let readouts = std::iter::once(None).chain(QUANTILES.iter().map(|&q| Some(q)));
    println!("readout  paper-mix%  per length 2..12 (% optimal)  mean evaluated");
    for q in readouts {
        let p = Predictions::tabulated(&net, q.unwrap_or(QUANTILES[0]), &table)?;
        let h = NetHeuristic::new(
            &p,
            if q.is_some() {
                Readout::Quantile
            } else {
                Readout::Mode
            },
        );
        let mut per = [(0usize, 0usize); 13];
        let mut evaluated = 0u64;
        for t in &tests {
            let b = Budget::new(&h, limit);
            let (found, _) = solve(&domain, &b, &stickers(&t.cube), 20);
            evaluated += b.evaluated.get().min(limit);
            let e = &mut per[t.optimal as usize];
            e.0 += 1;
            e.1 += (found.map(|p| p.len()) == Some(t.optimal as usize)) as usize;
        }
        let pct = |l: usize| 100.0 * per[l].1 as f64 / per[l].0.max(1) as f64;
        let (mut got, mut of) = (0.0, 0.0);
        for &(len, n, _, _) in &PAPER {
            got += pct(len as usize) * n as f64;
            of += n as f64;
        }
        let name = q.map_or("mode".to_string(), |q| format!("q{q}"));
        let lengths: Vec<String> = (2..=12).map(|l| format!("{:.0}", pct(l))).collect();
        println!(
            "{name:>7}  {:>9.1}  {}  {:.0}",
            got / of,
            lengths.join(" "),
            evaluated as f64 / tests.len() as f64
        );
    }
    Ok(())
}
