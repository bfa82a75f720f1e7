//! `twisty scramble`: random-state scrambles, each state drawn uniformly from those the moves
//! reach, and the moves that lead to it from the goal: optimal where the full table fits, else
//! solved in phases (`twisty info DEF --phases` shows them).

use crate::cmd_common::{io, open, Common, Result};
use crate::phase_options::{phase_memory, CacheArgs, PhaseArgs};
use engine::model::metric::MoveSet;
use engine::model::Puzzle;
use engine::phases::chain::Target;
use engine::phases::phase_solver::PhaseSolver;
use engine::scrambles::random_state::Scrambler;
use std::io::Write;
use twisty::rng::Rng;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  twisty scramble 2x2x2 --count 5
  twisty scramble 444                  (a WCA event name: 222 333 444 555 666 777 minx pyram skewb sq1 clock fto)
  twisty scramble puzzles/community/pyraminx.kpuzzle.json --count 3 --seed 1
  twisty scramble puzzles/community/megaminx.kpuzzle.json --min-length 10
  twisty scramble 3x3x3 --count 5 --max-length 21 --time 1")]
pub struct ScrambleArgs {
    /// The definition: a file, the name of a shipped one, or a WCA event name (`444`).
    def: String,
    /// How many scrambles.
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// The generator's seed: the same seed gives the same scrambles (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Draw again while a state is fewer than this many moves from the goal.
    #[arg(long, default_value_t = 0)]
    min_length: usize,
    #[command(flatten)]
    common: Common,
    #[command(flatten)]
    phases: PhaseArgs,
    #[command(flatten)]
    cache: CacheArgs,
    /// The stabiliser chain's words instead of phases where the full table does not fit (long:
    /// for comparing).
    #[arg(long, conflicts_with_all = ["phases", "phases_from"])]
    chain_words: bool,
}

/// Draws per scramble before `--min-length` is given up on.
const MAX_DRAWS: usize = 100_000;

pub fn run(args: ScrambleArgs, w: &mut impl Write) -> Result<()> {
    if args.common.any_orientation {
        return Err("--any-orientation: scrambles never contain a rotation already".into());
    }
    let puzzle = open(&args.def)?;
    eprintln!("{}: {}", args.def, engine::load::shipped::source(&args.def));
    let chosen = args.common.for_def(&args.def).choose(&puzzle)?;
    let seed = args.seed.unwrap_or_else(|| {
        let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        t.map_or(0, |d| d.as_nanos() as u64) ^ std::process::id() as u64
    });
    let mut rng = Rng::new(seed);
    let mut draw = |n: usize| rng.below(n);
    let (p, set) = (&chosen.puzzle, &chosen.set);
    let memory = args.common.memory();
    let phased = args.phases.on() || !(args.chain_words || Scrambler::optimal_fits(p, set, memory));
    let budget = args.phases.budget()?;
    let phases = match phased {
        true => phases_or_note(&args, p, set)?,
        false => None,
    };
    let mut from = String::new();
    let scrambler = if let Some((solver, source)) = phases {
        from = source;
        Scrambler::with_phases(p, set, solver, budget, &mut draw)?
    } else if args.chain_words || phased {
        Scrambler::chain_words_only(p, set, &mut draw)?
    } else {
        Scrambler::new(p, set, memory, &mut draw)?
    };
    if scrambler.optimal() {
        eprintln!("random-state scrambles, optimal (seed {seed})");
    } else if scrambler.words_beside_phases() {
        eprintln!("random-state scrambles, solved in {from} or by the stabiliser chain's words, the shorter kept: not optimal, too many states for a full table (seed {seed})");
    } else if scrambler.phased() {
        eprintln!("random-state scrambles, solved in {from}: not optimal, too many states for a full table (seed {seed})");
    } else {
        eprintln!(
            "random-state scrambles from the stabiliser chain's words: not optimal (seed {seed})"
        );
    }
    let mut total = 0;
    for _ in 0..args.count {
        let mut tries = 0;
        let s = loop {
            let s = scrambler.next(&mut draw);
            tries += 1;
            if s.moves.len() >= args.min_length {
                break s;
            }
            if tries == MAX_DRAWS {
                return Err(format!(
                    "--min-length {}: no state that far in {MAX_DRAWS} draws",
                    args.min_length
                ));
            }
        };
        total += s.moves.len();
        let names: Vec<&str> = s.moves.iter().map(|&m| set.names[m].as_str()).collect();
        writeln!(w, "{}", names.join(" ")).map_err(io)?;
        if args.count > 1 {
            eprintln!("{} moves", s.moves.len());
        }
    }
    eprintln!(
        "{} scrambles, {:.2} moves on average",
        args.count,
        total as f64 / args.count.max(1) as f64
    );
    Ok(())
}

/// The phase solver for the puzzle, or `None` with a note where the chain's words serve better:
/// where no chain is found, and by default where the chain's phases put pieces home (seconds to
/// minutes a state: docs/phases.md). (A sifted phase, the 4x4x4's third, is searched with its
/// pairing's table: seconds a state, against the chain's 430 moves.) Asked for by name
/// (`--phases`), its error is the answer.
fn phases_or_note(
    args: &ScrambleArgs,
    p: &Puzzle,
    set: &MoveSet,
) -> Result<Option<(PhaseSolver, String)>> {
    let asked = args.phases.on();
    let (chain, source) = match args.phases.chain.chain_and_source(p, set) {
        Ok(found) => found,
        Err(e) if asked => return Err(e),
        Err(e) => {
            eprintln!(
                "note: no phases for this puzzle ({e}); the stabiliser chain's words instead"
            );
            return Ok(None);
        }
    };
    let fixing = chain
        .phases
        .iter()
        .any(|ph| matches!(ph.target, Target::Fixed(_)));
    if fixing && !asked {
        eprintln!("note: {source}: its phases put pieces home, slow (seconds to minutes a state); the stabiliser chain's words instead (--phases to use them)");
        return Ok(None);
    }
    let memory = phase_memory(&args.common);
    args.phases
        .solver_for(p, set, chain, memory, &args.cache)
        .map(|solver| Some((solver, source)))
}
