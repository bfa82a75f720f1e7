//! `twisty gods`: the distance distribution and God's number from a full table on every core; one
//! slice of one level of a sliced run (`--slice I/N`, for a job array); or `merge DIR`, which
//! checks and combines a sliced run's files (the protocol is in `engine::gods::job_slices`).

use crate::common::{io, open, Common, Result};
use crate::progress::TableProgress;
use engine::gods::job_slices::{self, Job};
use engine::solving::solver::{fingerprint, full_table_bytes};
use engine::tables::full_table::DistTable;
use engine::tables::space::{rank_count, Space};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "Examples:
  twisty gods 2x2x2 --metric qtm
  twisty gods pancake --out pancake.table
  twisty gods cube.kpuzzle.json --any-orientation"
)]
pub struct GodsArgs {
    #[command(subcommand)]
    merge: Option<GodsCommand>,
    /// The definition: a file, or the name of a shipped one.
    def: Option<String>,
    #[command(flatten)]
    common: Common,
    /// Keep the table (checksummed) for `twisty solve --table`.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Run one slice of one level: I/N (with --level and --dir).
    #[arg(long, requires_all = ["level", "dir"])]
    slice: Option<String>,
    /// The level whose frontier the slice expands (0 first).
    #[arg(long, requires = "slice")]
    level: Option<usize>,
    /// The directory the slices share.
    #[arg(long, requires = "slice")]
    dir: Option<PathBuf>,
}

#[derive(clap::Subcommand)]
enum GodsCommand {
    /// Checks and combines the slice files of DIR into the distribution (and --out table).
    Merge {
        /// The directory the slices wrote into (with its `job.json`).
        dir: PathBuf,
        /// Keep the merged table (checksummed) for `twisty solve --table`.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

pub fn run(args: GodsArgs, w: &mut impl Write) -> Result<()> {
    if let Some(GodsCommand::Merge { dir, out }) = args.merge {
        return merge(&dir, out, w);
    }
    let def = args.def.ok_or("give a definition (or `merge DIR`)")?;
    let chosen = args.common.choose(&open(&def)?)?;
    let (p, set) = (&chosen.puzzle, &chosen.set);
    let states = rank_count(p, &set.perms).ok_or("the state space is too large to rank")?;
    let bytes = full_table_bytes(p, set).expect("counted above");
    let memory = args.common.memory();
    // Checked before anything is allocated: a table that does not fit is refused, not attempted.
    if args.slice.is_none() && bytes > memory as u128 {
        return Err(format!(
            "the table needs {} ({states} ranks at {} bits), more than --memory {}: give more with --memory, cut it into slices (gods --slice I/N, see docs/engine.md), or solve single states (twisty solve uses IDA* when the table does not fit)",
            twisty::bytes::show(bytes),
            if set.closed_under_inverse(&p.modulus()) { 2 } else { 8 },
            twisty::bytes::show(memory as u128)
        ));
    }
    let space = DistTable::space_for(p, set)?;
    let fp = fingerprint(p, set);
    if let Some(spec) = args.slice {
        if !set.closed_under_inverse(&p.modulus()) {
            return Err(format!(
                "a sliced run needs moves closed under inverse (these are not: {}); try --metric htm",
                set.names.join(" ")
            ));
        }
        let (i, n) = spec
            .split_once('/')
            .and_then(|(i, n)| Some((i.parse::<usize>().ok()?, n.parse::<usize>().ok()?)))
            .ok_or(format!("--slice {spec}: expected I/N"))?;
        let dir = args.dir.expect("clap requires --dir");
        let level = args.level.expect("clap requires --level");
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let job = Job {
            definition: engine::load::shipped::text_of(&def)?,
            format: engine::load::format_of(&def, &engine::load::shipped::text_of(&def)?).into(),
            choice: args.common.choice(),
        };
        job.claim(&dir, i)?;
        let found = job_slices::run_job(&space, fp, &dir, i, n, level)?;
        writeln!(w, "level {}: slice {i}/{n} found {found} states", level + 1).map_err(io)?;
        return Ok(());
    }
    eprintln!(
        "{states} ranks ({}), {} moves, {} threads",
        twisty::bytes::show(bytes),
        set.perms.len(),
        twisty::machine::threads()
    );
    let start = Instant::now();
    let mut bar = TableProgress::new(space.size as u64);
    let table = DistTable::build_for(&space, set.perms.len(), |l| bar.level(l));
    if !table.complete {
        writeln!(
            w,
            "interrupted after depth {}: the distribution so far",
            table.gods_number()
        )
        .map_err(io)?;
    }
    print_distribution(w, &table, space.size)?;
    if !p.label_mod.is_empty() {
        writeln!(
            w,
            "(states that differ only in orientations orientationMod ignores are counted apart here; `twisty count` counts them once)"
        )
        .map_err(io)?;
    }
    writeln!(
        w,
        "time: {:.2} s, table: {} bytes",
        start.elapsed().as_secs_f64(),
        table.bytes()
    )
    .map_err(io)?;
    match args.out {
        Some(path) if table.complete => table
            .save(&path, fp)
            .map_err(|e| format!("{}: {e}", path.display())),
        _ => Ok(()),
    }
}

/// `twisty gods merge DIR`: the sliced run's files checked and combined.
fn merge(dir: &std::path::Path, out: Option<PathBuf>, w: &mut impl Write) -> Result<()> {
    let job = Job::read(dir)?;
    let loaded =
        engine::load::load(&job.definition_name(), &job.definition).map_err(|e| e.to_string())?;
    let chosen = job.choice.apply(&loaded)?;
    let (p, set) = (&chosen.puzzle, &chosen.set);
    let space = Space::new(p, set.perms.clone())?;
    let fp = fingerprint(p, set);
    let table = job_slices::merge(&space, fp, dir)?;
    print_distribution(w, &table, space.size)?;
    match out {
        Some(path) => table
            .save(&path, fp)
            .map_err(|e| format!("{}: {e}", path.display())),
        None => Ok(()),
    }
}

fn print_distribution(w: &mut impl Write, table: &DistTable, ranks: usize) -> Result<()> {
    writeln!(w, "{:>5} {:>15}", "moves", "states").map_err(io)?;
    for (d, c) in table.distribution.iter().enumerate() {
        writeln!(w, "{d:>5} {c:>15}").map_err(io)?;
    }
    let total: u64 = table.distribution.iter().sum();
    writeln!(w, "total {total:>15} (of {ranks} ranks)").map_err(io)?;
    if table.complete {
        writeln!(w, "God's number: {}", table.gods_number()).map_err(io)?;
    }
    Ok(())
}
