//! The options that choose phases and where tables are kept, shared by `solve`, `scramble` and
//! `info`: the chain (found from the definition or read from a file), the length target and time
//! budget, and the cache folder (the user's by default).

use crate::cmd_common::Result;
use crate::cube3_finisher;
use crate::progress_bars;
use clap::Args;
use engine::model::metric::MoveSet;
use engine::model::Puzzle;
use engine::phases::chain::{self, Chain, Limits};
use engine::phases::look_goal::Look;
use engine::phases::phase_file::{self, Word};
use engine::phases::phase_solver::{Budget, PhaseSolver, TableOptions, DEFAULT_BEAM};
use engine::phases::shipped_phases;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Cosets a phase may have by default: a space the engine's tables search in a fraction of a
/// second (the 3x3x3's Kociemba phase 1 has 2.2e9).
pub const PHASE_SIZE: f64 = 3e10;

/// Cosets a phase that puts pieces home may have by default: its tables see the pieces' slots
/// only, so its searches run deep (the kilominx: 1.6 s a state at 1e5, 89 s at 1e6).
pub const FIX_SIZE: f64 = 1e5;

/// Which chain: `info --phases` takes these alone.
#[derive(Args, Clone)]
pub struct ChainArgs {
    /// Solve through a chain of subgroups found from the definition: short answers fast, not
    /// optimal (`twisty info DEF --phases` shows the chain).
    #[arg(long)]
    pub phases: bool,
    /// The phases from FILE instead: a line `moves U D L2 R2 F2 B2` a subgroup, a line `goal
    /// LOOK.kpuzzle.json` under it for a phase's goal given as a look, a line `solved
    /// LOOK.kpuzzle.json` for how the solved puzzle looks (docs/phases.md, "Phases by hand").
    /// Implies --phases.
    #[arg(long, value_name = "FILE")]
    pub phases_from: Option<PathBuf>,
    /// The most cosets a phase may have when the chain is chosen automatically.
    #[arg(long, value_name = "N", default_value_t = PHASE_SIZE)]
    pub phase_size: f64,
    /// The most cosets a phase that puts pieces home may have (where no subgroup the moves make
    /// is near enough, as on the megaminx; also after `fix` in a phases file).
    #[arg(long, value_name = "N", default_value_t = FIX_SIZE)]
    pub fix_size: f64,
}

#[derive(Args, Clone)]
pub struct PhaseArgs {
    #[command(flatten)]
    pub chain: ChainArgs,
    /// In phases: stop improving an answer once it is at most N moves long.
    #[arg(long, value_name = "N")]
    pub max_length: Option<usize>,
    /// In phases: seconds for improving each answer (a first answer is always given).
    #[arg(long, value_name = "S", default_value_t = 0.3)]
    pub time: f64,
    /// In phases: candidates handed on from one pair of phases to the next, while the time lasts
    /// (1: the single best).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_BEAM)]
    pub beam: usize,
    /// In phases: solve every phase with the engine's own search, not a reduced cube's last
    /// phases with the library's 3x3x3 two-phase.
    #[arg(long)]
    pub engine_only: bool,
}

#[derive(Args, Clone)]
pub struct CacheArgs {
    /// The folder where the search's tables are kept between runs (default: $TWISTY_CACHE_DIR,
    /// $XDG_CACHE_HOME/twisty or ~/.cache/twisty); the next run of the same puzzle and moves
    /// reads them back. `--tables DIR` is the same (the name `cube3` and `cube3-opt` gave it).
    #[arg(long, value_name = "DIR", alias = "tables")]
    pub cache_dir: Option<PathBuf>,
    /// Keep no tables between runs: build them every time.
    #[arg(long, conflicts_with = "cache_dir")]
    pub no_cache: bool,
}

impl CacheArgs {
    pub fn dir(&self) -> Option<PathBuf> {
        if self.no_cache {
            None
        } else {
            self.cache_dir
                .clone()
                .or_else(twisty::table_keeping::default_cache_dir)
        }
    }
}

/// The look a phases file's `goal` or `solved` line (`at`: its place and keyword) names, read
/// from `path`'s text.
fn look_of(at: &str, path: &str, text: &str, puzzle: &Puzzle) -> Result<Look> {
    let look = Look::of(puzzle, text).map_err(|e| format!("{at} {path}: {e}"))?;
    for orbit in &look.unmatched {
        eprintln!(
            "note: {at} {path}: orbit {orbit} is not the puzzle's, and is not read (a parity \
             the colours miss is carried where the count needs it)"
        );
    }
    Ok(look)
}

/// The chain a phases file's text gives (`shown` names the file), each `goal` line's look read
/// by `read` (its path as shown, and its text).
fn chain_from(
    (shown, text): (&str, &str),
    puzzle: &Puzzle,
    set: &MoveSet,
    fix_size: f64,
    read: impl Fn(&Word) -> Result<(String, String)>,
) -> Result<Chain> {
    let words = phase_file::parse(text).map_err(|e| format!("{shown}:{e}"))?;
    let families = chain::families_of(puzzle, set);
    let groups =
        phase_file::subgroups(&words.groups, set, &families).map_err(|e| format!("{shown}:{e}"))?;
    // (The `solved` look, past the groups' looks, is where the last phase ends.)
    let keywords = words.goals.iter().map(|g| (g, "goal"));
    let looks = keywords
        .chain([(&words.solved, "solved")])
        .map(|(g, keyword)| {
            g.as_ref()
                .map(|w| {
                    let (path, text) = read(w)?;
                    look_of(
                        &format!("{shown}:{}:{}: {keyword}", w.line, w.col),
                        &path,
                        &text,
                        puzzle,
                    )
                })
                .transpose()
        })
        .collect::<Result<Vec<_>>>()?;
    let fix = words.fix.then_some(fix_size);
    chain::through(puzzle, set, &groups, (&looks, &words.widen), fix)
        .map_err(|e| format!("{shown}: {e}"))
}

impl ChainArgs {
    /// Whether phases are asked for.
    pub fn on(&self) -> bool {
        self.phases || self.phases_from.is_some()
    }

    /// The chain: from the file, else from the phases shipped for the definition (where its moves
    /// have the file's), else chosen from the moves.
    pub fn chain(&self, puzzle: &Puzzle, set: &MoveSet) -> Result<Chain> {
        self.chain_and_source(puzzle, set).map(|(chain, _)| chain)
    }

    /// The chain, and where it came from (said to the user).
    pub fn chain_and_source(&self, puzzle: &Puzzle, set: &MoveSet) -> Result<(Chain, String)> {
        for (flag, v) in [
            ("--phase-size", self.phase_size),
            ("--fix-size", self.fix_size),
        ] {
            if v.is_nan() || v < 1.0 {
                return Err(format!("{flag} {v}: expected at least 1"));
            }
        }
        if let Some(file) = &self.phases_from {
            let shown = file.display().to_string();
            let text = std::fs::read_to_string(file).map_err(|e| format!("{shown}: {e}"))?;
            let beside = |w: &Word| {
                let path = file.parent().unwrap_or(Path::new("")).join(&w.text);
                let at = format!("{shown}:{}:{}", w.line, w.col);
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("{at}: {}: {e}", path.display()))?;
                Ok((path.display().to_string(), text))
            };
            let chain = chain_from((&shown, &text), puzzle, set, self.fix_size, beside)?;
            return Ok((chain, format!("the phases of {shown}")));
        }
        let families = chain::families_of(puzzle, set);
        let fits = |text: &str| {
            let words = phase_file::parse(text).ok()?;
            phase_file::subgroups(&words.groups, set, &families).ok()
        };
        if let Some(s) = shipped_phases::for_puzzle(&puzzle.name).filter(|s| fits(s.text).is_some())
        {
            let shown = format!("puzzles/{}", s.file);
            let built_in = |w: &Word| {
                let text = s.look(&w.text).ok_or(format!(
                    "{shown}:{}:{}: {}: not shipped",
                    w.line, w.col, w.text
                ))?;
                Ok((w.text.clone(), text.to_string()))
            };
            let chain = chain_from((&shown, s.text), puzzle, set, self.fix_size, built_in)?;
            return Ok((chain, format!("the phases of {shown} (built in)")));
        }
        let limits = Limits {
            phase_size: self.phase_size,
            fix_size: self.fix_size,
        };
        let chain = chain::choose(puzzle, set, limits)?;
        Ok((chain, "phases chosen from the moves".to_string()))
    }
}

/// Bytes for the phases' tables: `--memory`, else at most 1 GiB (the phases' tables are built
/// before the first answer, all that fit: a budget of half the machine would take minutes).
pub fn phase_memory(common: &crate::cmd_common::Common) -> u64 {
    common
        .memory
        .unwrap_or_else(|| engine::tables::memory::default_budget().min(1 << 30))
}

impl PhaseArgs {
    pub fn on(&self) -> bool {
        self.chain.on()
    }

    pub fn budget(&self) -> Result<Budget> {
        if self.time.is_nan() || self.time < 0.0 || self.time >= 1e9 {
            return Err(format!(
                "--time {}: expected seconds, at least 0",
                self.time
            ));
        }
        Ok(Budget {
            max_length: self.max_length,
            time: Duration::from_secs_f64(self.time),
        })
    }

    /// The chain with its tables (built, or read from the cache), with progress on stderr.
    pub fn solver(
        &self,
        puzzle: &Puzzle,
        set: &MoveSet,
        memory: u64,
        cache: &CacheArgs,
    ) -> Result<PhaseSolver> {
        let chain = self.chain.chain(puzzle, set)?;
        self.solver_for(puzzle, set, chain, memory, cache)
    }

    /// [`PhaseArgs::solver`] for a chain already chosen.
    pub fn solver_for(
        &self,
        puzzle: &Puzzle,
        set: &MoveSet,
        chain: Chain,
        memory: u64,
        cache: &CacheArgs,
    ) -> Result<PhaseSolver> {
        let tables = TableOptions {
            memory,
            cache_dir: cache.dir(),
            report: |i, n, secs| eprintln!("phase {i} of {n}: tables ready in {secs:.2} s"),
            near_report: progress_bars::near_level,
            pattern_report: progress_bars::pattern_table,
        };
        if self.beam == 0 {
            return Err("--beam 0: expected at least 1 candidate".into());
        }
        let mut chain = chain;
        let finish = if self.engine_only {
            None
        } else {
            cube3_finisher::finisher(puzzle, set, &chain, cache.dir().as_deref())
        };
        let Some((from, finish)) = finish else {
            return PhaseSolver::new(puzzle, set, chain, &tables).map(|s| s.with_beam(self.beam));
        };
        let phases = chain.phases.len();
        chain.phases.truncate(from);
        eprintln!(
            "phases {} to {phases}: a 3x3x3, by the library's two-phase (--engine-only: by the \
             engine's phases)",
            from + 1
        );
        let solver = PhaseSolver::new(puzzle, set, chain, &tables)?;
        Ok(solver.with_beam(self.beam).with_finisher(from, finish))
    }
}
