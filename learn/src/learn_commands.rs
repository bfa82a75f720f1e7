//! `twisty learn`: the learned heuristic's commands. `data` needs nothing more than std; `train`
//! needs the `learn` feature (candle), and says so when it is missing.

use crate::cube3_stickers::Kind;
use crate::data::generate;
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
        #[command(flatten)]
        train: TrainArgs,
    },
    /// Runs the paper's experiment (needs the `learn` feature): test states of each optimal length
    /// solved by IDA* with each heuristic, written up as `OUT/learned-heuristic.md` and `.png`.
    Eval {
        #[command(flatten)]
        eval: EvalArgs,
    },
}

#[derive(clap::Args)]
pub struct TrainArgs {
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
    /// Weights to go on training from (saved by an earlier `train` on the same data), instead of
    /// fresh ones: training in several sittings. AdamW's moments start afresh, so give a lower
    /// `--lr` than the first sitting's (its full first steps can undo the training).
    #[arg(long)]
    resume: Option<PathBuf>,
    /// How many epochs the resumed weights have had: the next epoch's batch order is the one a
    /// single longer run would have drawn.
    #[arg(long, default_value_t = 0, requires = "resume")]
    epochs_done: usize,
}

#[derive(clap::Args)]
pub struct EvalArgs {
    /// Folder holding degenerate.safetensors and full.safetensors (with their .fnv64 files).
    #[arg(long, default_value = "learn/weights")]
    weights: PathBuf,
    /// Where the report goes.
    #[arg(long, default_value = "results")]
    out: PathBuf,
    /// Shortest optimal length tested.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=14))]
    from: u8,
    /// Longest optimal length tested.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u8).range(1..=14))]
    to: u8,
    /// Test states per optimal length.
    #[arg(long, default_value_t = 100)]
    per_length: usize,
    /// Held-out states per optimal length, on which delta (the networks' largest over-estimate)
    /// is measured.
    #[arg(long, default_value_t = 30)]
    held_out: usize,
    /// States a search may evaluate before it gives up.
    #[arg(long, default_value_t = 100_000)]
    node_limit: u64,
    /// The quantile at which the "degenerate NN, quantile" heuristic reads the degenerate
    /// network's output (the paper reads its most likely distance): one of 0.01 .. 0.05, 0.1,
    /// 0.15, ..., 0.5. The default won on another seed's states (`--example quantile`).
    #[arg(long, default_value_t = 0.03)]
    quantile: f32,
    /// The degenerate network evaluated on the 5,617,306 canonical views (every view a cube can
    /// show, read in its canonical orientation), made on first use (674 MB; its time is in
    /// docs/learned-heuristic.md) and reused while the weights stay the same.
    #[arg(long, default_value = "target/learn/degenerate-views.bin")]
    view_table: PathBuf,
    /// Run the degenerate network on the views the searches meet instead of reading the view
    /// table (the same readings; for small evaluations, which would not repay the table).
    #[arg(long)]
    no_view_table: bool,
    /// Seed of the test states.
    #[arg(long, default_value_t = 2024)]
    seed: u64,
    /// 2x2x2 states searched per distance 1..11 (with the network in cube2.safetensors; its
    /// predictions are compared with the distance table on every state regardless); 0 leaves the
    /// 2x2x2 out of the report.
    #[arg(long, default_value_t = 1000)]
    cube2_per_distance: usize,
    /// Folder of the optimal solver's cached tables (default: as cube3-opt).
    #[arg(long)]
    tables: Option<PathBuf>,
    /// A TTF font for the plot's text.
    #[arg(
        long,
        default_value = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    )]
    font: PathBuf,
}

#[derive(clap::Args)]
pub struct DataArgs {
    /// full (six colours), degenerate (one face's colour against the rest) or cube2 (the 2x2x2
    /// in six colours).
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
        "cube2" => Ok(Kind::Cube2),
        _ => Err(format!("expected full, degenerate or cube2, found `{s}`")),
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
                "{} data, {} walks of {} turns, seed {}: {} distinct states ({} examples: every visit) in {:.2} s",
                data.kind.name(),
                data.walks,
                data.length,
                data.seed,
                d.len(),
                d.examples(),
                t.elapsed().as_secs_f64()
            )
            .map_err(io)?;
            writeln!(w, "label  states").map_err(io)?;
            for (label, n) in d.label_counts().iter().enumerate() {
                writeln!(w, "{label:>5}  {n}").map_err(io)?;
            }
            Ok(())
        }
        LearnCommand::Train { data, train: t } => train(&data, &t, w),
        LearnCommand::Eval { eval: args } => eval(&args, w),
    }
}

#[cfg(not(feature = "net"))]
fn eval(_: &EvalArgs, _: &mut impl Write) -> Result<(), String> {
    Err(without_feature())
}

#[cfg(feature = "net")]
fn eval(args: &EvalArgs, w: &mut impl Write) -> Result<(), String> {
    use crate::cube3_stickers::Kind;
    use crate::eval::{evaluate, Plan};
    use crate::network::Net;
    use indicatif::{ProgressBar, ProgressStyle};
    use twisty::cube3::optimal::OptimalTables;
    use twisty::cube3::two_phase::TwoPhaseTables;
    use twisty::table_keeping::default_cache_dir;
    if args.from > args.to || args.per_length == 0 || args.held_out == 0 {
        return Err(
            "--from must be at most --to, and --per-length and --held-out at least 1".into(),
        );
    }
    if !crate::view_table::QUANTILES
        .iter()
        .any(|&q| (q - args.quantile).abs() < 1e-6)
    {
        return Err(format!(
            "--quantile {}: expected one of {:?}",
            args.quantile,
            crate::view_table::QUANTILES
        ));
    }
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    // Everything that can fail quickly is checked before the hours of searching.
    if !args.font.is_file() {
        return Err(format!(
            "{}: no such font file (--font FILE: a TTF font for the plot)",
            args.font.display()
        ));
    }
    let load = |kind: Kind, name: &str| Net::load(kind, &args.weights.join(name));
    let degenerate = load(Kind::Degenerate, "degenerate.safetensors")?;
    let full = load(Kind::Full, "full.safetensors")?;
    let cube2 = load(Kind::Cube2, "cube2.safetensors")?;
    let deg_sum = crate::weights::verify_checksum(&args.weights.join("degenerate.safetensors"))?;
    let table_bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template(
            "view table [{elapsed_precise}] {wide_bar} {pos}/{len} views ({eta} left)",
        )
        .map_err(|e| e.to_string())?,
    );
    let views = match args.no_view_table {
        true => None,
        false => Some(crate::view_table::ViewTable::load_or_build(
            &degenerate,
            &deg_sum,
            &args.view_table,
            |n, of| {
                table_bar.set_length(of as u64);
                table_bar.set_position(n as u64);
            },
        )?),
    };
    table_bar.finish_and_clear();
    let threads = twisty::machine::threads();
    let dir = args.tables.clone().or_else(default_cache_dir);
    let log = |m: &str| eprintln!("twisty learn eval: {m}");
    let two = TwoPhaseTables::load_or_build(dir.as_deref(), threads, log);
    let opt = OptimalTables::load_or_build(two, dir.as_deref(), threads, log);
    let plan = Plan {
        opt: &opt,
        degenerate: &degenerate,
        full: &full,
        lengths: args.from..=args.to,
        per_length: args.per_length,
        held_out: args.held_out,
        seed: args.seed,
        node_limit: args.node_limit,
        quantile: args.quantile,
        views: views.as_ref(),
    };
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template(
            "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} searches ({eta} left)",
        )
        .map_err(|e| e.to_string())?,
    );
    let t = Instant::now();
    let figures = evaluate(&plan, |done, total, what| {
        if total == 0 {
            bar.suspend(|| eprintln!("twisty learn eval: {what}"));
        } else {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
            bar.set_message(what.to_string());
        }
    });
    bar.finish_and_clear();
    let cube2_figures = (args.cube2_per_distance > 0).then(|| {
        crate::cube2_eval::evaluate(
            &cube2,
            args.quantile,
            args.cube2_per_distance,
            args.seed,
            args.node_limit,
            |m| eprintln!("twisty learn eval: {m}"),
        )
    });
    let setup = format!(
        "Made by `twisty learn eval --from {} --to {} --per-length {} --held-out {} \
         --node-limit {} --quantile {} --seed {} --cube2-per-distance {}` in {:.0} s on {threads} \
         threads (the degenerate network read {}). Test states: \
         random face-turn scrambles of each length, kept when the optimal solver (cube3-opt's \
         tables) proves them that long. delta (the largest over-estimate on {} held-out states of \
         the same lengths, another seed): degenerate network {}, original network {}. Weights: \
         `{}` (checksums in the .fnv64 files).",
        args.from,
        args.to,
        args.per_length,
        args.held_out,
        args.node_limit,
        args.quantile,
        args.seed,
        args.cube2_per_distance,
        t.elapsed().as_secs_f64(),
        match args.no_view_table {
            true => "on the views met, without its view table",
            false => "from its view table",
        },
        figures.held_out,
        figures.delta_degenerate,
        figures.delta_full,
        args.weights.display()
    );
    let md = args.out.join("learned-heuristic.md");
    let mut report = crate::eval_report::markdown(&figures, &setup);
    if let Some(c) = &cube2_figures {
        report += &crate::cube2_eval::markdown(c);
    }
    std::fs::write(&md, report).map_err(|e| format!("{}: {e}", md.display()))?;
    // Every search's own figures, from which each of the report's is made.
    let csv = args.out.join("learned-heuristic-runs.csv");
    std::fs::write(&csv, crate::eval_report::runs_csv(&figures))
        .map_err(|e| format!("{}: {e}", csv.display()))?;
    let png = args.out.join("learned-heuristic.png");
    crate::eval_report::plot(&figures, &png, &args.font)?;
    writeln!(
        w,
        "wrote {}, {} and {}",
        md.display(),
        csv.display(),
        png.display()
    )
    .map_err(|e| e.to_string())?;
    Ok(())
}

#[cfg(not(feature = "net"))]
fn without_feature() -> String {
    "this twisty was built without the `learn` feature (the network crates); build it with \
     `cargo build --release -p twisty-cli --features learn`"
        .into()
}

#[cfg(not(feature = "net"))]
fn train(_: &DataArgs, _: &TrainArgs, _: &mut impl Write) -> Result<(), String> {
    Err(without_feature())
}

#[cfg(feature = "net")]
fn train(data: &DataArgs, args: &TrainArgs, w: &mut impl Write) -> Result<(), String> {
    use crate::network::Net;
    let (epochs, batch, out) = (args.epochs, args.batch, args.out.as_path());
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
    // safetensors writes a file beside `out` and renames it into place: on a device such as
    // /dev/null (run as root) that would replace the device with a regular file.
    if out.exists() && !out.is_file() {
        return Err(format!(
            "{}: not a regular file; --out takes a file the weights are written to",
            out.display()
        ));
    }
    let net = match &args.resume {
        Some(from) => Net::load(data.kind, from)?,
        None => Net::new(data.kind, data.seed)?,
    };
    let d = generate(data.kind, data.walks, data.length as usize, data.seed);
    let mut opt = net.optimizer(args.lr)?;
    let bar = ProgressBar::new((d.examples() * epochs) as u64).with_style(
        ProgressStyle::with_template(
            "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} states ({per_sec}, {eta} left)",
        )
        .map_err(|e| e.to_string())?,
    );
    let t = Instant::now();
    let (first, last) = (args.epochs_done, args.epochs_done + epochs);
    for epoch in first..last {
        bar.set_message(format!("epoch {}/{last}", epoch + 1));
        let loss = net.train_epoch(&d, &mut opt, batch, data.seed ^ epoch as u64, |n| {
            bar.inc(n as u64)
        })?;
        bar.suspend(|| eprintln!("epoch {}: mean loss {loss:.4}", epoch + 1));
    }
    bar.finish_and_clear();
    net.vars
        .save(out)
        .map_err(|e| format!("{}: {e}", out.display()))?;
    let sum = crate::weights::weights_checksum(out)?;
    writeln!(
        w,
        "trained the {} network on {} examples ({} distinct states) x {epochs} epochs ({last} in all) in {:.0} s; weights in {} (checksum {sum})",
        data.kind.name(),
        d.examples(),
        d.len(),
        t.elapsed().as_secs_f64(),
        out.display()
    )
    .map_err(io)?;
    Ok(())
}
