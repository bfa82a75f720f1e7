//! `twisty gods`: the distance distribution and God's number from a full table on every core; one
//! slice of one level of a sliced run (`--slice I/N`, for a job array), or `merge DIR`, which
//! checks and combines a sliced run's files: those two are in `gods_slices.rs`.

use crate::cmd_common::{io, open, Common, Result};
use crate::distribution::{print_counts, print_distribution};
use crate::gods_slices;
use crate::progress_bars::TableProgress;
use engine::solving::solver::{fingerprint, full_table_bytes};
use engine::tables::full_table::DistTable;
use engine::tables::space::rank_count;
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
    merge: Option<gods_slices::GodsCommand>,
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
    /// Count every state apart where orientationMod ignores some orientations (the default
    /// counts each look once, as the published distributions do).
    #[arg(long)]
    states: bool,
}

pub fn run(args: GodsArgs, w: &mut impl Write) -> Result<()> {
    if let Some(gods_slices::GodsCommand::Merge { dir, out }) = args.merge {
        return gods_slices::merge(&dir, out, w);
    }
    let def = args.def.ok_or("give a definition (or `merge DIR`)")?;
    let common = args.common.for_def(&def);
    let chosen = common.choose(&open(&def)?)?;
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
    if let Some(spec) = &args.slice {
        let (dir, level) = (args.dir.as_deref(), args.level);
        let dir = dir.expect("clap requires --dir");
        let level = level.expect("clap requires --level");
        return gods_slices::run_slice(&def, &common, &chosen, &space, spec, dir, level, w);
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
    match table.looks_distribution(&space, p) {
        Some(looks) if !args.states => {
            let note = format!(
                " (each look once: states that differ only in orientations orientationMod ignores are one; --states counts them apart; {} ranks)",
                space.size
            );
            print_counts(w, "looks", &looks, &note, table.complete)?;
        }
        _ => print_distribution(w, &table, space.size)?,
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
