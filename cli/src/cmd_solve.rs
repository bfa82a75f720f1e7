//! `twisty solve`: an optimal sequence to the goal from a scramble or a state file, or the shortest
//! sequence with a given effect.

use crate::cmd_common::{io, open, scrambled, verify_tables, Common, Result};
use crate::phase_options::{phase_memory, CacheArgs, PhaseArgs};
use crate::progress_bars::{self, TableProgress};
use crate::solve_many;
use engine::model::choice::Chosen;
use engine::model::reachable::{Reach, Reachable};
use engine::model::state_notation;
use engine::model::{Perm, Puzzle, State};
use engine::solving::solver::{FullTable, Method, Options, Solver};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  twisty solve 2x2x2 \"R U R' F2\"
  twisty apply 3x3x3 \"R U\" > state.txt; twisty solve 3x3x3 --state state.txt
  twisty solve pancake --effect \"(4 5)\"
  twisty solve 3x3x3 --effect \"CORNERS (0 1 2)\"
  twisty solve cube.kpuzzle.json \"x R U y F\" --any-orientation
  twisty solve 2x2x2 --scrambles scrambles.txt > solutions.txt
  twisty solve 3x3x3 \"R U2 F' L D2 B' R2 U' F D L' B2 U\" --cache-dir /tmp/tables
  twisty solve 3x3x3 \"R U2 F' L D2 B' R2 U' F D L' B2 U L2 B\" --phases --max-length 20")]
pub struct SolveArgs {
    /// The definition: a file, or the name of a shipped one.
    def: String,
    /// A scramble: the state to solve is the solved state after it.
    moves: Option<String>,
    /// A file with the state as `twisty apply` prints it (sticker colours, or a line per orbit
    /// `CORNERS: 0/2 4/1 ...`), or a KPuzzle pattern in JSON.
    #[arg(long, conflicts_with_all = ["moves", "effect"])]
    state: Option<PathBuf>,
    /// Find the shortest sequence with exactly this effect: "(0 1)(2 5 7)" or "[0 1 0]" in the
    /// definition's numbering; with several orbits, name each ("CORNERS (0 1 2) EDGES (0 1+1)";
    /// "+t": the piece arriving there turned by t).
    #[arg(long, conflicts_with = "moves")]
    effect: Option<String>,
    #[command(flatten)]
    common: Common,
    /// A table written by `twisty gods --out`, instead of building one.
    #[arg(long)]
    table: Option<PathBuf>,
    /// Build the full distance table even when searching would answer sooner (it pays for many
    /// states; `twisty gods --out` keeps one for `--table`).
    #[arg(long, conflicts_with = "table")]
    full_table: bool,
    #[command(flatten)]
    cache: CacheArgs,
    #[command(flatten)]
    phases: PhaseArgs,
    /// Check the checksums of --table and the cache folder's tables (opening maps, not reads, them).
    #[arg(long)]
    verify: bool,
    /// Solve every line of FILE (`-`: stdin), one scramble a line, with the tables built once:
    /// one answer a line in input order (an empty line where a line could not be solved, said
    /// on stderr with its line number; exit 1 at the end then).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["moves", "state", "effect"])]
    scrambles: Option<PathBuf>,
    /// Give up beyond this many moves.
    #[arg(long, default_value_t = 40)]
    max_depth: u32,
    /// Say on stderr which tables the search used and why each was opened, built or left out.
    #[arg(long)]
    stats: bool,
}

/// Why an impossible state is refused.
const UNREACHABLE: &str = "the chosen moves cannot reach it (Schreier-Sims: it lies outside the group they generate, with interchangeable pieces and ignored orientations allowed for)";

/// What `solve` is asked to do, decided once from the arguments (and checked: a state or effect
/// the moves cannot reach is refused instead of searched for ever).
enum Mode {
    /// An optimal solution of a state: as given, and as the chosen puzzle sees it.
    Optimal(State, State),
    /// The shortest sequence with this effect.
    Effect(Perm),
    /// A state solved through a chain of phases (not optimal): as given, and as seen.
    Phases(State, State),
    /// Every line of a file, the tables built once.
    Many(PathBuf),
}

impl Mode {
    /// The state to solve, as the chosen puzzle sees it, if one is given.
    fn state(&self) -> Option<&State> {
        match self {
            Mode::Optimal(_, state) | Mode::Phases(_, state) => Some(state),
            Mode::Effect(_) | Mode::Many(_) => None,
        }
    }

    fn of(args: &SolveArgs, p: &Puzzle, chosen: &Chosen) -> Result<Mode> {
        let phases = args.phases.on();
        if chosen.any.is_some() && args.effect.is_some() {
            return Err(
                "--effect and --any-orientation do not go together: an effect is exact".into(),
            );
        }
        if phases && (args.effect.is_some() || args.table.is_some() || args.full_table) {
            return Err(
                "--phases solves states: not with --effect, --table or --full-table".into(),
            );
        }
        if let Some(file) = &args.scrambles {
            if phases {
                return Err("--phases: one state a run for now (no --scrambles)".into());
            }
            return Ok(Mode::Many(file.clone()));
        }
        if let Some(e) = &args.effect {
            let perm = state_notation::parse_effect(p, e).map_err(|m| format!("--effect: {m}"))?;
            let perms: Vec<_> = chosen.set.perms.iter().collect();
            if !Reachable::new(&chosen.puzzle, &perms).reaches_effect(&perm) {
                return Err(format!("--effect: {UNREACHABLE}"));
            }
            return Ok(Mode::Effect(perm));
        }
        let s = match (&args.state, &args.moves) {
            (Some(file), _) => {
                let text = std::fs::read_to_string(file)
                    .map_err(|e| format!("{}: {e}", file.display()))?;
                state_notation::parse_state(p, &text)
                    .map_err(|m| format!("{}: {m}", file.display()))?
            }
            (None, Some(m)) => scrambled(p, m)?,
            (None, None) => return Err("give a scramble, --state FILE or --effect".into()),
        };
        let state = chosen.state(&s)?;
        Ok(if phases {
            Mode::Phases(s, state)
        } else {
            Mode::Optimal(s, state)
        })
    }
}

pub fn run(args: SolveArgs, w: &mut impl Write) -> Result<()> {
    let p = open(&args.def)?;
    let chosen = args.common.for_def(&args.def).choose(&p)?;
    let cache_dir = args.cache.dir();
    verify_tables(args.verify, args.table.as_deref(), cache_dir.as_deref())?;
    let start = Instant::now();
    let mode = Mode::of(&args, &p, &chosen)?;
    let beside = mode
        .state()
        .map(|state| check_beside(&chosen.puzzle, &chosen.set.perms, state));
    if let Mode::Phases(from, state) = &mode {
        return in_phases(&args, &chosen, from, state, w);
    }
    let solver = optimal_solver(&args, &chosen, cache_dir)?;
    let prepared = start.elapsed().as_secs_f64();
    let start = Instant::now();
    // (Tables built between the search's iterations count as tables, not search.)
    let tables_before = solver.table_secs();
    let (path, what, from) = match mode {
        Mode::Many(file) => return many(&p, &chosen, &solver, &file, args.max_depth, w),
        Mode::Effect(perm) => (
            solver.sequence_for(&perm, args.max_depth)?,
            "effect",
            p.goal.clone(),
        ),
        Mode::Optimal(s, state) => {
            let bar = progress_bars::SearchProgress::new();
            let report = |depth, nodes, seconds| bar.report(depth, nodes, seconds);
            let found = solver.solve_reporting(&state, args.max_depth, &report);
            drop(bar);
            (found, "state", s)
        }
        Mode::Phases(..) => unreachable!("solved above"),
    };
    if let (None, Some(check)) = (&path, beside) {
        // (The check refuses an unreachable state itself, ending the run.)
        check.thread().unpark();
        check.join().ok();
    }
    let path = path.ok_or(format!(
        "no sequence of at most {} moves reaches it",
        args.max_depth
    ))?;
    writeln!(w, "{}", chosen.names(&from, &path).join(" ")).map_err(io)?;
    if args.stats {
        for note in solver.plan_notes() {
            eprintln!("table: {note}");
        }
    }
    let during = solver.table_secs() - tables_before;
    let (tables, search) = (prepared + during, start.elapsed().as_secs_f64() - during);
    let n = path.len();
    eprintln!("{n} moves (optimal for this {what}); tables {tables:.3} s, search {search:.3} s");
    Ok(())
}

/// The optimal solver the arguments ask for: a full table (read, or built when it pays or is
/// asked for) or a search with its tables, a bar showing their build.
fn optimal_solver(args: &SolveArgs, chosen: &Chosen, cache_dir: Option<PathBuf>) -> Result<Solver> {
    let ranks = engine::tables::space::rank_count(&chosen.puzzle, &chosen.set.perms).unwrap_or(0);
    let mut bar = TableProgress::new(ranks.min(u64::MAX as u128) as u64);
    let options = Options {
        table_file: args.table.as_deref(),
        memory: args.common.memory(),
        full_table: if args.full_table {
            FullTable::Always
        } else {
            FullTable::Auto
        },
        cache_dir,
        eager: false,
        near_report: progress_bars::near_level,
        pattern_report: progress_bars::pattern_table,
    };
    let solver = Solver::with(&chosen.puzzle, chosen.set.clone(), options, |l| {
        bar.level(l)
    })?;
    drop(bar);
    if args.full_table && matches!(solver.method, Method::Search(_)) {
        let memory = twisty::bytes::show(args.common.memory() as u128);
        eprintln!("note: the full table does not fit in --memory {memory} (or has too many ranks to count); searching");
    }
    Ok(solver)
}

/// `--scrambles FILE`: every line's optimal answer, the tables built once.
fn many(
    p: &Puzzle,
    chosen: &Chosen,
    solver: &Solver,
    file: &Path,
    max_depth: u32,
    w: &mut impl Write,
) -> Result<()> {
    let text = solve_many::read(file)?;
    let perms: Vec<_> = chosen.set.perms.iter().collect();
    let reach = Reachable::new(&chosen.puzzle, &perms);
    let line = |l: &str| one_line(p, chosen, &reach, solver, l, max_depth);
    solve_many::run(&text, line, w)
}

/// One line of `--scrambles`: its optimal answer as the user's move names.
fn one_line(
    p: &Puzzle,
    chosen: &Chosen,
    reach: &Reachable,
    solver: &Solver,
    line: &str,
    max_depth: u32,
) -> Result<Vec<String>> {
    let s = scrambled(p, line)?;
    let state = chosen.state(&s)?;
    if reach.reaches(&chosen.puzzle, &state) == Reach::No {
        return Err("the chosen moves cannot reach this state".into());
    }
    let path = solver
        .solve_reporting(&state, max_depth, &|_, _, _| {})
        .ok_or(format!(
            "no sequence of at most {max_depth} moves reaches it"
        ))?;
    Ok(chosen.names(&s, &path))
}

/// How long the reachability check waits before it starts (see [`check_beside`]).
const CHECK_AFTER: std::time::Duration = std::time::Duration::from_millis(20);

/// Checks on a thread of its own that the moves reach `state` (a stabiliser chain), beside the
/// tables' build and the search: a state they cannot reach is refused there, ending the run, before
/// anything is written, and a solution found first proves the state reachable, so the run ends
/// without waiting. No core is set aside for it: the search's deepest iteration usually starts
/// while the check still runs and keeps the threads it started with, so a reserved core halved
/// every such search on two cores (docs/performance.md, "the check beside the search"). It waits
/// [`CHECK_AFTER`] first (or until joined): most searches end by then, and the chain's millisecond
/// on the other core had made such runs of a few milliseconds a fifth slower than before the
/// check (issue 67).
fn check_beside(puzzle: &Puzzle, perms: &[Perm], state: &State) -> std::thread::JoinHandle<()> {
    let (puzzle, perms, state) = (puzzle.clone(), perms.to_vec(), state.clone());
    std::thread::spawn(move || {
        std::thread::park_timeout(CHECK_AFTER);
        let refs: Vec<&Perm> = perms.iter().collect();
        if Reachable::new(&puzzle, &refs).reaches(&puzzle, &state) == Reach::No {
            eprintln!("twisty: this state: {UNREACHABLE}");
            std::process::exit(1);
        }
    })
}

/// `--phases`: the state solved through the chain (not optimal).
fn in_phases(
    args: &SolveArgs,
    chosen: &Chosen,
    from: &State,
    state: &State,
    w: &mut impl Write,
) -> Result<()> {
    let start = Instant::now();
    let budget = args.phases.budget()?;
    let (p, set) = (&chosen.puzzle, &chosen.set);
    let solver = args
        .phases
        .solver(p, set, phase_memory(&args.common), &args.cache)?;
    let prepared = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let answer = solver
        .solve(state, budget)
        .ok_or("a phase found no solution")?;
    writeln!(w, "{}", chosen.names(from, &answer.moves).join(" ")).map_err(io)?;
    let parts: Vec<String> = answer.phase_lengths.iter().map(|n| n.to_string()).collect();
    eprintln!(
        "{} moves in {} phase{} ({}; not optimal); tables {prepared:.3} s, search {:.3} s",
        answer.moves.len(),
        parts.len(),
        if parts.len() == 1 { "" } else { "s" },
        parts.join(" + "),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
