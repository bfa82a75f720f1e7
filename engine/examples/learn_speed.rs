//! Throughput of training the seed-003 network on this machine (a measurement, not a command).
use engine::learn::data::{generate, Kind};
use engine::learn::net::Net;
use std::time::Instant;
fn main() {
    let walks: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(4000);
    let t = Instant::now();
    let data = generate(Kind::Degenerate, walks, 25, 1);
    eprintln!(
        "{} states in {:.2?}: labels {:?}",
        data.len(),
        t.elapsed(),
        data.label_counts()
    );
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
}
