//! The network half of the learned heuristic (the `learn` feature): training lowers the loss,
//! weights survive a save and load and are refused when damaged, the IDA* heuristic gives what the
//! network predicts (cached or not), and the report's figures and plot.
#![cfg(feature = "net")]

use twisty::heuristic::Heuristic;
use twisty::notation::{Face, Move, Turn};
use twisty::rng::Rng;
use twisty::sticker_cube3::StickerCube3;
use twisty_learn::cube3_stickers::{stickers, Kind};
use twisty_learn::data::{generate, goal};
use twisty_learn::eval_report::{markdown, plot, Figures, Guide, Run, PAPER};
use twisty_learn::network::Net;
use twisty_learn::sticker_search::{NetHeuristic, Predictions, Readout};
use twisty_learn::views::face_views;

fn scrambled(seed: u64, turns: usize) -> StickerCube3 {
    let mut rng = Rng::new(seed);
    (0..turns).fold(StickerCube3::solved(), |c, _| {
        c.apply(Move {
            turn: Turn::Face(Face::ALL[rng.below(6)]),
            amount: rng.below(3) as u8 + 1,
        })
    })
}

#[test]
fn training_lowers_the_loss_and_weights_round_trip_with_their_checksum() {
    let data = generate(Kind::Degenerate, 300, 25, 5);
    let net = Net::new(Kind::Degenerate, 5).unwrap();
    let mut opt = net.optimizer(1e-3).unwrap();
    let losses: Vec<f32> = (0..4)
        .map(|e| net.train_epoch(&data, &mut opt, 256, e, |_| {}).unwrap())
        .collect();
    assert!(losses[3] < losses[0], "{losses:?}");

    let dir = std::env::temp_dir().join(format!("twisty-learn-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("degenerate.safetensors");
    net.vars.save(&path).unwrap();
    twisty_learn::weights::weights_checksum(&path).unwrap();
    let loaded = Net::load(Kind::Degenerate, &path).unwrap();
    let probe: Vec<_> = (0..20).map(|k| face_views(&scrambled(k, 6))[0]).collect();
    assert_eq!(
        net.predict(&probe).unwrap(),
        loaded.predict(&probe).unwrap()
    );
    // Weights of another kind: both kinds named, not candle's bare shape mismatch.
    let err = Net::load(Kind::Full, &path).err().unwrap();
    assert!(
        err.contains("96 inputs (the degenerate network's)")
            && err.contains("full network has 288"),
        "{err}"
    );

    // One byte changed: refused before use.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, bytes).unwrap();
    let err = Net::load(Kind::Degenerate, &path).err().unwrap();
    assert!(err.contains("does not match"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_heuristic_is_the_rounded_mean_of_the_networks_predictions() {
    let deg = Net::new(Kind::Degenerate, 8).unwrap();
    let full = Net::new(Kind::Full, 8).unwrap();
    let (pd, pf) = (Predictions::new(&deg, 0.3), Predictions::new(&full, 0.3));
    let hd = NetHeuristic::new(&pd, Readout::Mode);
    let hf = NetHeuristic::new(&pf, Readout::Mode);
    let cubes: Vec<StickerCube3> = (0..30)
        .map(|k| scrambled(100 + k, 1 + k as usize % 9))
        .collect();
    let states: Vec<_> = cubes.iter().map(stickers).collect();
    // Twice: the second time from the cache.
    for _ in 0..2 {
        let mut batch = Vec::new();
        hd.bounds(&states, &mut batch);
        for ((c, s), &b) in cubes.iter().zip(&states).zip(&batch) {
            let views = face_views(c);
            let p = deg.predict(&views).unwrap();
            let mean = p.iter().map(|&d| d as f64).sum::<f64>() / 6.0;
            if *s == goal(Kind::Full) {
                assert_eq!(b, 0);
            } else {
                assert_eq!(b as f64, (mean + 0.5).floor(), "{p:?}");
            }
            assert_eq!(hd.bound(s), b);
            let want = if *s == goal(Kind::Full) {
                0
            } else {
                full.predict(&[*s]).unwrap()[0] as u32
            };
            assert_eq!(hf.bound(s), want);
        }
    }
    assert_eq!(hd.bound(&goal(Kind::Full)), 0);
}

#[test]
fn the_report_weighs_lengths_as_the_paper_and_draws_its_plot() {
    // Degenerate: optimal on even lengths only; the rest never optimal.
    let optimal: Vec<u8> = (2..=12).flat_map(|l| [l, l]).collect();
    let run = |found: Option<u8>| Run {
        found,
        gave_up: found.is_none(),
        nodes: 100,
        evaluations: 100,
        seconds: 0.01,
        start_bound: 3,
        skipped: false,
    };
    let runs: Vec<Vec<Run>> = Guide::ALL
        .iter()
        .enumerate()
        .map(|(g, _)| {
            optimal
                .iter()
                .map(|&l| match g {
                    0 => run(Some(if l % 2 == 0 { l } else { l + 2 })),
                    _ => run(None),
                })
                .collect()
        })
        .collect();
    let f = Figures {
        optimal,
        runs,
        delta_degenerate: 1,
        delta_full: 2,
        held_out: 0,
        node_limit: 1000,
    };
    let (mut want, mut weight) = (0.0, 0.0);
    for &(len, n, _, _) in &PAPER {
        want += n as f64 * if len % 2 == 0 { 100.0 } else { 0.0 };
        weight += n as f64;
    }
    assert!((f.overall_paper_mix(0) - want / weight).abs() < 1e-9);
    assert!((f.overall_even(0) - 100.0 * 6.0 / 11.0).abs() < 1e-9);
    assert_eq!(f.row(0, 3).mean_excess(), 2.0);
    let md = markdown(&f, "setup");
    assert!(md.contains("| 8 | 13 | 84 | 54 | 2 | 100 |"), "{md}");
    // The font `twisty learn eval` uses by default (Debian's fonts-dejavu-core, which CI installs).
    let font = std::path::Path::new("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
    let png = std::env::temp_dir().join(format!("twisty-learn-{}.png", std::process::id()));
    plot(&f, &png, font).unwrap();
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    std::fs::remove_file(&png).unwrap();
}
