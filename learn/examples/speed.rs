//! Throughput of training the seed-003 network on this machine, and of IDA* with it (a
//! measurement, not a command): `cargo run --release -p twisty-learn --features net --example
//! speed [WALKS]`.
use std::time::Instant;
use twisty::notation::{Face, Move, Turn};
use twisty::rng::Rng;
use twisty::sticker_cube3::StickerCube3;
use twisty_learn::cube3_stickers::{stickers, Kind};
use twisty_learn::data::generate;
use twisty_learn::network::Net;
use twisty_learn::sticker_search::{solve, NetHeuristic, Predictions, Readout, StickerDomain};

fn main() {
    let walks: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(4000);
    let t = Instant::now();
    let data = generate(Kind::Degenerate, walks, 25, 1);
    eprintln!("{} states in {:.2?}", data.len(), t.elapsed());
    let net = Net::new(Kind::Degenerate, 1).unwrap();
    let mut opt = net.optimizer(1e-3).unwrap();
    for epoch in 0..2 {
        let t = Instant::now();
        let loss = net
            .train_epoch(&data, &mut opt, 512, epoch, |_| {})
            .unwrap();
        let s = t.elapsed().as_secs_f64();
        eprintln!(
            "epoch {epoch}: loss {loss:.3}, {:.0} states/s",
            data.len() as f64 / s
        );
    }
    // IDA* with the (barely trained) network on a few short scrambles: nodes and time per state.
    let domain = StickerDomain::default();
    let readings = Predictions::new(&net, 0.25);
    let h = NetHeuristic::new(&readings, Readout::Mode);
    let mut rng = Rng::new(9);
    for _ in 0..3 {
        let mut c = StickerCube3::solved();
        for _ in 0..4 {
            c = c.apply(Move {
                turn: Turn::Face(Face::ALL[rng.below(6)]),
                amount: rng.below(3) as u8 + 1,
            });
        }
        let t = Instant::now();
        let (found, stats) = solve(&domain, &h, &stickers(&c), 8);
        eprintln!(
            "4-turn scramble: {:?} moves, {} nodes in {:.2?}",
            found.map(|p| p.len()),
            stats.nodes,
            t.elapsed()
        );
    }
}
