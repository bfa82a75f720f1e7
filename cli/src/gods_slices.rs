//! `twisty gods --slice I/N` and `twisty gods merge DIR`: God's algorithm as a job array, one slice
//! of one level a job, then the slices checked and combined (the protocol is in
//! `engine::gods::job_slices`).

use crate::cmd_common::{io, Common, Result};
use crate::distribution::print_distribution;
use engine::gods::job_slices::{self, Job};
use engine::model::choice::Chosen;
use engine::solving::solver::fingerprint;
use engine::tables::space::Space;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(clap::Subcommand)]
pub enum GodsCommand {
    /// Checks and combines the slice files of DIR into the distribution (and --out table).
    Merge {
        /// The directory the slices wrote into (with its `job.json`).
        dir: PathBuf,
        /// Keep the merged table (checksummed) for `twisty solve --table`.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// One slice (`spec`, I/N) of the level after `level`, into `dir`.
#[allow(clippy::too_many_arguments)]
pub fn run_slice(
    def: &str,
    common: &Common,
    chosen: &Chosen,
    space: &Space,
    spec: &str,
    dir: &Path,
    level: usize,
    w: &mut impl Write,
) -> Result<()> {
    let (p, set) = (&chosen.puzzle, &chosen.set);
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
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let text = engine::load::shipped::text_of(def)?;
    let job = Job {
        format: engine::load::format_of(def, &text).into(),
        definition: text,
        choice: common.choice(),
    };
    job.claim(dir, i)?;
    let found = job_slices::run_job(space, fingerprint(p, set), dir, i, n, level)?;
    writeln!(w, "level {}: slice {i}/{n} found {found} states", level + 1).map_err(io)?;
    Ok(())
}

/// `twisty gods merge DIR`: the sliced run's files checked and combined.
pub fn merge(dir: &Path, out: Option<PathBuf>, w: &mut impl Write) -> Result<()> {
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
