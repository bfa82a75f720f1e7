//! `twisty`: any permutation puzzle from a definition file (turn-set YAML or KPuzzle JSON, or the
//! name of one shipped in `puzzles/`): apply moves, solve optimally, count states, God's algorithm,
//! discover short algorithms. See README, "The generic engine".

use clap::{Args, Parser, Subcommand};
use engine::discover::{self, Options};
use engine::metric::{Metric, MoveSet};
use engine::model::{flattened, Puzzle, ShowState, State};
use engine::solve::{fingerprint, full_table_size, Solver, FULL_TABLE_LIMIT};
use engine::space::{rank_count, Space};
use engine::table::{DistTable, Level};
use engine::{alg, count, interrupt, notation, shipped, slices};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "twisty",
    version,
    about = "Any permutation puzzle from a definition file: apply, solve optimally, count, God's algorithm, algorithm discovery",
    after_help = "DEF is a definition file (turn-set .yaml or KPuzzle .json) or the name of a shipped one (`twisty list`)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Lists the shipped definitions.
    List,
    /// Applies a move sequence to the solved state and prints the result.
    Apply {
        def: String,
        /// Moves, e.g. "R U R' U'", "(R U)3", "[R: U]", "[R, U]".
        moves: String,
        /// ANSI colours in the net: auto (only on a terminal), always, never.
        #[arg(long, default_value = "auto")]
        color: String,
    },
    /// An optimal sequence to the goal (or the shortest with a given effect).
    Solve {
        def: String,
        /// A scramble: the state to solve is the solved state after it.
        moves: Option<String>,
        /// The state, in the format `twisty apply` prints (sticker colours, or a KPuzzle pattern).
        #[arg(long, conflicts_with_all = ["moves", "effect"])]
        state: Option<PathBuf>,
        /// Find the shortest sequence with exactly this effect: "(0 1)(2 5 7)" or "[0 1 0]".
        #[arg(long, conflicts_with = "moves")]
        effect: Option<String>,
        #[command(flatten)]
        common: Common,
        /// A table written by `twisty gods --out`, instead of building one.
        #[arg(long)]
        table: Option<PathBuf>,
        /// Give up beyond this many moves.
        #[arg(long, default_value_t = 40)]
        max_depth: u32,
    },
    /// Counts the reachable states (BFS where it fits, else Schreier-Sims).
    Count {
        def: String,
        #[command(flatten)]
        common: Common,
    },
    /// The distance distribution and God's number (2 bits per state, every core). `twisty gods
    /// merge DIR` combines the files of a sliced run.
    Gods(GodsArgs),
    /// The learned heuristic of seed 003: training data, training (the `learn` feature).
    Learn {
        #[command(subcommand)]
        command: twisty_learn::cli::LearnCommand,
    },
    /// The shortest sequence for each effect that moves few pieces, ranked as the article ranks.
    Discover {
        def: String,
        /// Effects moving at most this many pieces.
        #[arg(long, default_value_t = 3)]
        max_pieces: usize,
        /// Sequences of at most this many moves.
        #[arg(long)]
        max_depth: Option<usize>,
        /// Pieces that must stay in place and unturned (definition numbering; "ORBIT:n" for KPuzzle).
        #[arg(long, default_value = "")]
        fixed: String,
        /// Pieces whose place does not matter (they become interchangeable).
        #[arg(long, default_value = "")]
        ignore: String,
        /// Only these moves, e.g. "U,U',/".
        #[arg(long)]
        moves: Option<String>,
        /// Stop after this many seconds with the results so far.
        #[arg(long)]
        time_limit: Option<f64>,
        /// Print this many effects.
        #[arg(long, default_value_t = 20)]
        top: usize,
        #[command(flatten)]
        common: Common,
        /// A table written by `twisty gods --out` for the same moves.
        #[arg(long)]
        table: Option<PathBuf>,
        /// Most states the breadth-first search keeps when no table fits.
        #[arg(long, default_value_t = 20_000_000)]
        state_limit: usize,
    },
}

#[derive(Args, Clone)]
struct Common {
    /// htm (powers of base moves), qtm (base moves and inverses; U U is a half turn), moves (the
    /// moves the definition names). Default: moves for YAML, htm for KPuzzle.
    #[arg(long)]
    metric: Option<Metric>,
    /// Largest full table to build, in states.
    #[arg(long, default_value_t = FULL_TABLE_LIMIT as u64)]
    table_limit: u64,
}

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
struct GodsArgs {
    #[command(subcommand)]
    merge: Option<GodsCommand>,
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

#[derive(Subcommand)]
enum GodsCommand {
    /// Checks and combines the slice files of DIR into the distribution (and --out table).
    Merge {
        dir: PathBuf,
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    interrupt::catch_ctrl_c();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("twisty: {e}");
            ExitCode::FAILURE
        }
    }
}

type Result<T> = std::result::Result<T, String>;

fn open(def: &str) -> Result<Puzzle> {
    shipped::open(def).map_err(|e| e.to_string())
}

fn metric_of(puzzle: &Puzzle, common: &Common) -> Metric {
    common.metric.unwrap_or(if puzzle.stickers.is_some() {
        Metric::Moves
    } else {
        Metric::Htm
    })
}

/// The state after `moves` from the goal.
fn scrambled(puzzle: &Puzzle, moves: &str) -> Result<State> {
    let names = |s: &str| puzzle.move_index(s);
    let a = alg::parse(moves, &names).map_err(|e| format!("moves: {e}"))?;
    let perms: Vec<_> = puzzle.moves.iter().map(|m| &m.perm).collect();
    let modulus = puzzle.modulus();
    Ok(puzzle.goal.apply(&a.perm(&perms, &modulus), &modulus))
}

fn progress(level: &Level) {
    eprintln!(
        "depth {:>2}: {:>13} states, {:>13} reached, {:>7.2} s",
        level.depth, level.states, level.reached, level.seconds
    );
}

fn out() -> std::io::StdoutLock<'static> {
    std::io::stdout().lock()
}

fn run(command: Command) -> Result<()> {
    let mut w = out();
    let io = |e: std::io::Error| e.to_string();
    match command {
        Command::List => {
            for (name, file, _) in shipped::SHIPPED {
                let p = open(name)?;
                let orbits: Vec<String> = p
                    .orbits
                    .iter()
                    .map(|o| format!("{} {}x{}", o.name, o.size, o.ori))
                    .collect();
                writeln!(w, "{name:<16} puzzles/{file:<22} {}", orbits.join(", ")).map_err(io)?;
                if let Some(c) = &p.comment {
                    writeln!(w, "{:16} {c}", "").map_err(io)?;
                }
            }
        }
        Command::Apply { def, moves, color } => {
            let p = open(&def)?;
            let s = scrambled(&p, &moves)?;
            let ansi = match color.as_str() {
                "always" => true,
                "never" => false,
                "auto" => std::io::stdout().is_terminal(),
                other => return Err(format!("--color {other}: expected auto, always or never")),
            };
            if let Some(net) = notation::draw(&p, &s, ansi) {
                writeln!(w, "{}", net.trim_end()).map_err(io)?;
            }
            writeln!(w, "{}", ShowState(&p, &s)).map_err(io)?;
            writeln!(w, "solved: {}", if s == p.goal { "yes" } else { "no" }).map_err(io)?;
        }
        Command::Solve {
            def,
            moves,
            state,
            effect,
            common,
            table,
            max_depth,
        } => {
            let p = open(&def)?;
            let set = MoveSet::new(&p, metric_of(&p, &common));
            let start = Instant::now();
            let solver = Solver::new(
                &p,
                set,
                table.as_deref(),
                common.table_limit as u128,
                |_| {},
            )?;
            let prepared = start.elapsed();
            let start = Instant::now();
            let (path, what) = if let Some(e) = effect {
                let perm = notation::parse_effect(&p, &e).map_err(|m| format!("--effect: {m}"))?;
                (solver.sequence_for(&perm, max_depth)?, "effect")
            } else {
                let s = match (state, moves) {
                    (Some(file), _) => {
                        let text = std::fs::read_to_string(&file)
                            .map_err(|e| format!("{}: {e}", file.display()))?;
                        notation::parse_state(&p, &text)
                            .map_err(|m| format!("{}: {m}", file.display()))?
                    }
                    (None, Some(m)) => scrambled(&p, &m)?,
                    (None, None) => return Err("give a scramble, --state FILE or --effect".into()),
                };
                (solver.solve(&s, max_depth), "state")
            };
            match path {
                Some(path) => {
                    writeln!(w, "{}", solver.names(&path)).map_err(io)?;
                    eprintln!(
                        "{} moves (optimal for this {what}); tables {:.3} s, search {:.3} s",
                        path.len(),
                        prepared.as_secs_f64(),
                        start.elapsed().as_secs_f64()
                    );
                }
                None => {
                    return Err(format!(
                        "no sequence of at most {max_depth} moves reaches it"
                    ))
                }
            }
        }
        Command::Count { def, common } => {
            let p = open(&def)?;
            let set = MoveSet::new(&p, metric_of(&p, &common));
            match full_table_size(&p, &set) {
                Some(n) if n <= common.table_limit as u128 => {
                    let space = Space::new(&p, set.perms.clone())?;
                    let t = DistTable::build(&space, progress);
                    if !t.complete {
                        return Err("interrupted".into());
                    }
                    let total: u64 = t.distribution.iter().sum();
                    writeln!(
                        w,
                        "{total} reachable states (breadth-first search over {} ranks)",
                        space.size
                    )
                    .map_err(io)?;
                }
                _ => {
                    let perms: Vec<_> = set.perms.iter().collect();
                    let order = count::group_order(&p, &perms);
                    let distinct = (0..p.orbits.len()).all(|o| p.distinct_labels(o));
                    if distinct {
                        writeln!(w, "{order} reachable states (Schreier-Sims: the order of the group the moves generate)").map_err(io)?;
                    } else {
                        writeln!(
                            w,
                            "{order}: the order of the group the moves generate (Schreier-Sims); pieces are interchangeable here, so there are fewer distinct states"
                        )
                        .map_err(io)?;
                    }
                }
            }
        }
        Command::Gods(args) => gods(args, &mut w)?,
        Command::Learn { command } => twisty_learn::cli::run(command, &mut w)?,
        Command::Discover {
            def,
            max_pieces,
            max_depth,
            fixed,
            ignore,
            moves,
            time_limit,
            top,
            common,
            table,
            state_limit,
        } => {
            let p = open(&def)?;
            let metric = metric_of(&p, &common);
            let mut set = MoveSet::new(&p, metric);
            if let Some(list) = moves {
                let names: Vec<String> = list
                    .split([',', ' '])
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect();
                set = set.only(&names)?;
            }
            let fixed =
                notation::parse_positions(&p, &fixed).map_err(|e| format!("--fixed: {e}"))?;
            let ignore =
                notation::parse_positions(&p, &ignore).map_err(|e| format!("--ignore: {e}"))?;
            let p = p.with_merged(&ignore);
            if let Some(s) = time_limit {
                interrupt::set_time_limit(s);
            }
            let options = Options {
                max_pieces,
                max_depth,
                fixed,
                top,
                table_limit: common.table_limit as u128,
                state_limit,
            };
            let loaded = match table {
                Some(path) => {
                    let space = Space::new(&p, set.perms.clone())?;
                    let t = DistTable::load(&path, fingerprint(&p, &set), space.size)?;
                    Some((space, t))
                }
                None => None,
            };
            let start = Instant::now();
            let d = discover::discover(&p, &set, &options, loaded, progress)?;
            if d.exhaustive {
                writeln!(
                    w,
                    "# exhaustive: every effect moving at most {max_pieces} pieces, each with a provably shortest sequence ({} states, God's number {})",
                    d.states_seen, d.complete_depth
                )
                .map_err(io)?;
            } else {
                let why = if d.interrupted { "stopped" } else { "done" };
                writeln!(
                    w,
                    "# not exhaustive ({why}): every sequence of at most {} moves examined ({} states); each sequence below is a shortest one",
                    d.complete_depth, d.states_seen
                )
                .map_err(io)?;
            }
            for f in &d.found {
                let seq: Vec<&str> = f.moves.iter().map(|&m| set.names[m].as_str()).collect();
                writeln!(w, "{} : [{}]", f.notation, seq.join(" ")).map_err(io)?;
            }
            eprintln!(
                "{} effects in {:.2} s",
                d.found.len(),
                start.elapsed().as_secs_f64()
            );
            let _ = flattened;
        }
    }
    w.flush().map_err(io)
}

/// A sliced run keeps what it belongs to beside its files, so that `merge` needs only the folder.
#[derive(serde::Serialize, serde::Deserialize, PartialEq)]
struct Job {
    definition: String,
    metric: String,
}

fn gods(args: GodsArgs, w: &mut impl Write) -> Result<()> {
    let io = |e: std::io::Error| e.to_string();
    if let Some(GodsCommand::Merge { dir, out }) = args.merge {
        let job_file = dir.join("job.json");
        let text = std::fs::read_to_string(&job_file)
            .map_err(|e| format!("{}: {e}", job_file.display()))?;
        let job: Job =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", job_file.display()))?;
        let p = engine::load::load(&job.definition_name(), &job.definition)
            .map_err(|e| e.to_string())?;
        let set = MoveSet::new(&p, job.metric.parse()?);
        let space = Space::new(&p, set.perms.clone())?;
        let fp = fingerprint(&p, &set);
        let table = slices::merge(&space, fp, &dir)?;
        print_distribution(w, &table, space.size)?;
        if let Some(path) = out {
            table
                .save(&path, fp)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        return Ok(());
    }
    let def = args.def.ok_or("give a definition (or `merge DIR`)")?;
    let p = open(&def)?;
    let metric = metric_of(&p, &args.common);
    let set = MoveSet::new(&p, metric);
    if !set.closed_under_inverse(&p.modulus()) {
        return Err(format!(
            "the {metric:?} moves are not closed under inverse; try --metric htm"
        ));
    }
    let states = rank_count(&p).ok_or("the state space is too large to rank")?;
    let space = Space::new(&p, set.perms.clone())?;
    let fp = fingerprint(&p, &set);
    if let Some(spec) = args.slice {
        let (i, n) = spec
            .split_once('/')
            .and_then(|(i, n)| Some((i.parse::<usize>().ok()?, n.parse::<usize>().ok()?)))
            .ok_or(format!("--slice {spec}: expected I/N"))?;
        let dir = args.dir.expect("clap requires --dir");
        let level = args.level.expect("clap requires --level");
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let job = Job {
            definition: shipped_text(&def)?,
            metric: format!("{metric:?}").to_lowercase(),
        };
        let job_file = dir.join("job.json");
        match std::fs::read_to_string(&job_file) {
            Ok(text) => {
                let old: Job = serde_json::from_str(&text)
                    .map_err(|e| format!("{}: {e}", job_file.display()))?;
                if old != job {
                    return Err(format!(
                        "{}: this folder belongs to another definition or metric",
                        dir.display()
                    ));
                }
            }
            Err(_) => {
                let tmp = dir.join(format!("job.json.{i}.partial"));
                std::fs::write(
                    &tmp,
                    serde_json::to_string_pretty(&job).expect("plain data"),
                )
                .and_then(|_| std::fs::rename(&tmp, &job_file))
                .map_err(|e| format!("{}: {e}", job_file.display()))?;
            }
        }
        let found = slices::run_job(&space, fp, &dir, i, n, level)?;
        writeln!(w, "level {}: slice {i}/{n} found {found} states", level + 1).map_err(io)?;
        return Ok(());
    }
    eprintln!(
        "{} ranks ({} MB at 2 bits each), {} moves, {} threads",
        states,
        space.size.div_ceil(4) >> 20,
        set.perms.len(),
        rayon::current_num_threads()
    );
    let start = Instant::now();
    let table = DistTable::build(&space, progress);
    if !table.complete {
        writeln!(
            w,
            "interrupted after depth {}: the distribution so far",
            table.gods_number()
        )
        .map_err(io)?;
    }
    print_distribution(w, &table, space.size)?;
    writeln!(
        w,
        "time: {:.2} s, table: {} bytes",
        start.elapsed().as_secs_f64(),
        table.bytes()
    )
    .map_err(io)?;
    if let Some(path) = args.out {
        if table.complete {
            table
                .save(&path, fp)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}

impl Job {
    fn definition_name(&self) -> String {
        if self.definition.trim_start().starts_with('{') {
            "job.json:definition.json".into()
        } else {
            "job.json:definition.yaml".into()
        }
    }
}

/// The text of a definition (a file's, or a shipped one's).
fn shipped_text(def: &str) -> Result<String> {
    if Path::new(def).is_file() {
        return std::fs::read_to_string(def).map_err(|e| format!("{def}: {e}"));
    }
    shipped::SHIPPED
        .iter()
        .find(|(name, file, _)| *name == def || *file == def)
        .map(|s| s.2.to_string())
        .ok_or(format!("{def}: not found"))
}

fn print_distribution(w: &mut impl Write, table: &DistTable, ranks: usize) -> Result<()> {
    let io = |e: std::io::Error| e.to_string();
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
