//! The input read as a robot plan: a robot2 line as it is, a face-turn solution or the camera's grid
//! planned robot-optimally here, with the cube it starts from when that is known.

use crate::command_line::{Goal, InputKind, Run};
use crate::Failure;
use twisty::cube2::CubieCube;
use twisty::input::InputError;
use twisty::notation::{format_moves, parse_moves, Families, Move};
use twisty::robot::{
    cube_from_grid_stickers, parse_grid, parse_plan_line, Objective, RobotSolver, Speed, Twist,
};
use twisty::sticker_cube::StickerCube;

fn bad_input(e: InputError) -> Failure {
    (2, e.to_string())
}

/// A checked plan and, when known, the stickers of the cube it starts from.
pub struct Prepared {
    pub plan: Vec<Twist>,
    pub start: Option<StickerCube>,
}

pub fn detect(text: &str) -> InputKind {
    let first = text.split_whitespace().next().unwrap_or("");
    if first.parse::<u32>().is_ok() {
        InputKind::Plan
    } else if text.lines().filter(|l| !l.trim().is_empty()).count() == 6 {
        InputKind::Grid
    } else {
        InputKind::Moves
    }
}

pub fn prepare(run: &Run, text: &str, speed: &Speed) -> Result<Prepared, Failure> {
    // Only face-turn and grid input are planned here; a plan given as input is sent as it is, so
    // its speed need not be priceable.
    let planner = || -> Result<RobotSolver, Failure> {
        Ok(RobotSolver::for_objective(match run.objective {
            Goal::Cost => Objective::COST,
            Goal::Time => speed.objective().map_err(|e| (2, e))?,
        }))
    };
    let kind = if run.input == InputKind::Auto {
        detect(text)
    } else {
        run.input
    };
    let scramble = match &run.scramble {
        Some(s) => {
            Some(parse_moves(s, 1, Families::CUBE2).map_err(|e| (2, format!("--scramble: {e}")))?)
        }
        None => None,
    };
    let from_scramble = |m: &Vec<Move>| StickerCube::solved().apply_all(m).expect("2x2x2 moves");
    let one_line = |text: &str| -> Result<(usize, String), Failure> {
        let lines: Vec<(usize, &str)> = twisty::input::numbered_lines(text)
            .filter(|(_, l)| !l.trim().is_empty())
            .collect();
        match lines[..] {
            [(n, l)] => Ok((n, l.to_string())),
            [] => Err((2, "the input is empty".into())),
            _ => Err((
                2,
                format!(
                    "line {}: expected one line, found {}",
                    lines[1].0,
                    lines.len()
                ),
            )),
        }
    };
    match kind {
        InputKind::Plan => {
            let (n, line) = one_line(text)?;
            let plan = parse_plan_line(&line, n).map_err(bad_input)?;
            Ok(Prepared {
                plan,
                start: scramble.as_ref().map(from_scramble),
            })
        }
        InputKind::Moves => {
            let (n, line) = one_line(text)?;
            let moves = parse_moves(&line, n, Families::CUBE2).map_err(bad_input)?;
            // The cube this solution solves: undo it from solved (unless --scramble says otherwise).
            let undo = twisty::notation::inverse(&moves);
            let start = scramble.clone().unwrap_or(undo);
            let target = CubieCube::SOLVED.apply_moves(&start).expect("2x2x2 moves");
            let plan = planner()?.solve(&target).0;
            eprintln!(
                "bridge: {} face turns ({}) become {} twists",
                moves.len(),
                format_moves(&moves),
                plan.len()
            );
            Ok(Prepared {
                plan,
                start: Some(from_scramble(&start)),
            })
        }
        InputKind::Grid => {
            // Read once: the stickers for the simulator, the cube for the solver.
            let stickers = parse_grid(text).map_err(bad_input)?;
            let cube = cube_from_grid_stickers(text, &stickers).map_err(bad_input)?;
            let plan = planner()?.solve(&cube).0;
            Ok(Prepared {
                plan,
                start: Some(StickerCube(stickers)),
            })
        }
        InputKind::Auto => unreachable!("detected above"),
    }
}
