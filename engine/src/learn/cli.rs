//! `twisty learn`: the learned heuristic's commands. `data` needs nothing more than std; `train`
//! needs the `learn` feature (candle), and says so when it is missing.

use super::data::{generate, Kind};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Subcommand)]
pub enum LearnCommand {
    /// Generates the training data and prints how many states carry each label.
    Data {
        #[command(flatten)]
        data: DataArgs,
    },
    /// Trains the network on the data (needs the `learn` feature) and saves its weights as
    /// safetensors, with a checksum file beside them.
    Train {
        #[command(flatten)]
        data: DataArgs,
        /// Passes over the data.
        #[arg(long, default_value_t = 4)]
        epochs: usize,
        /// States per optimizer step.
        #[arg(long, default_value_t = 512)]
        batch: usize,
        /// AdamW's learning rate.
        #[arg(long, default_value_t = 1e-3)]
        lr: f64,
        /// Where the weights go.
        #[arg(long)]
        out: PathBuf,
    },
}

#[derive(clap::Args)]
pub struct DataArgs {
    /// full (six colours) or degenerate (one face's colour against the rest).
    #[arg(long, default_value = "degenerate", value_parser = parse_kind)]
    kind: Kind,
    /// Random walks from the goal (the paper: 150,000).
    #[arg(long, default_value_t = 150_000)]
    walks: usize,
    /// Turns per walk (the paper: 25; labels are 0..=25).
    #[arg(long, default_value_t = 25, value_parser = clap::value_parser!(u8).range(1..=25))]
    length: u8,
    /// Seed of the walks (and of the weights and batch order when training).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn parse_kind(s: &str) -> Result<Kind, String> {
    match s {
        "full" => Ok(Kind::Full),
        "degenerate" => Ok(Kind::Degenerate),
        _ => Err(format!("expected full or degenerate, found `{s}`")),
    }
}

pub fn run(command: LearnCommand, w: &mut impl Write) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    match command {
        LearnCommand::Data { data } => {
            let t = Instant::now();
            let d = generate(data.kind, data.walks, data.length as usize, data.seed);
            writeln!(
                w,
                "{} data, {} walks of {} turns, seed {}: {} distinct states in {:.2} s",
                data.kind.name(),
                data.walks,
                data.length,
                data.seed,
                d.len(),
                t.elapsed().as_secs_f64()
            )
            .map_err(io)?;
            writeln!(w, "label  states").map_err(io)?;
            for (label, n) in d.label_counts().iter().enumerate() {
                writeln!(w, "{label:>5}  {n}").map_err(io)?;
            }
            Ok(())
        }
        LearnCommand::Train {
            data,
            epochs,
            batch,
            lr,
            out,
        } => train(&data, epochs, batch, lr, &out, w),
    }
}

#[cfg(not(feature = "learn"))]
fn train(
    _: &DataArgs,
    _: usize,
    _: usize,
    _: f64,
    _: &std::path::Path,
    _: &mut impl Write,
) -> Result<(), String> {
    Err(
        "this twisty was built without the `learn` feature (the network crates); build it with \
         `cargo build --release -p engine --features learn`"
            .into(),
    )
}

#[cfg(feature = "learn")]
fn train(
    data: &DataArgs,
    epochs: usize,
    batch: usize,
    lr: f64,
    out: &std::path::Path,
    w: &mut impl Write,
) -> Result<(), String> {
    use super::net::Net;
    use indicatif::{ProgressBar, ProgressStyle};
    let io = |e: std::io::Error| e.to_string();
    if batch == 0 || epochs == 0 {
        return Err("--batch and --epochs must be at least 1".into());
    }
    // Before an hour of training, not after: the weights must have somewhere to go.
    let folder = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    if !folder.is_dir() {
        return Err(format!(
            "{}: no such folder for the weights",
            folder.display()
        ));
    }
    let d = generate(data.kind, data.walks, data.length as usize, data.seed);
    let net = Net::new(data.kind, data.seed)?;
    let mut opt = net.optimizer(lr)?;
    let bar = ProgressBar::new((d.len() * epochs) as u64).with_style(
        ProgressStyle::with_template(
            "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} states ({per_sec}, {eta} left)",
        )
        .map_err(|e| e.to_string())?,
    );
    let t = Instant::now();
    for epoch in 0..epochs {
        bar.set_message(format!("epoch {}/{epochs}", epoch + 1));
        let loss = net.train_epoch(&d, &mut opt, batch, data.seed ^ epoch as u64, |n| {
            bar.inc(n as u64)
        })?;
        bar.suspend(|| eprintln!("epoch {}: mean loss {loss:.4}", epoch + 1));
    }
    bar.finish_and_clear();
    net.vars
        .save(out)
        .map_err(|e| format!("{}: {e}", out.display()))?;
    let sum = super::weights_checksum(out)?;
    writeln!(
        w,
        "trained the {} network on {} states x {epochs} epochs in {:.0} s; weights in {} (checksum {sum})",
        data.kind.name(),
        d.len(),
        t.elapsed().as_secs_f64(),
        out.display()
    )
    .map_err(io)?;
    Ok(())
}
