//! robot2: for each scramble line, a Soltvvo robot plan as `COST TWISTS...` (see
//! `shared/spec/robot.md`): by default one of minimum cost, with `--objective time` one of minimum
//! estimated time at the given speed. Same input as cube2; bad lines are reported on stderr with
//! line and column, get no output line, and make the exit code 2.

use twisty::args::{Args, Flag, Usage};
use twisty::cube2::CubieCube;
use twisty::input::{fail, numbered_lines, read_stdin};
use twisty::notation::{parse_moves, Families};
use twisty::output;
use twisty::robot::{estimate_seconds, format_plan, Objective, RobotSolver, Speed};

const USAGE: Usage = Usage {
    name: "robot2",
    about: "a minimum-cost (or minimum-time) Soltvvo robot plan for each 2x2x2 scramble",
    details:
        "Input: one scramble per line in WCA notation, as for cube2. Output: `COST TWISTS...` per\n\
              scramble (see shared/spec/robot.md). A bad line is reported on stderr with line and\n\
              column and gets no output line; the exit code is then 2. With --objective time the\n\
              plan minimises the protocol's estimated time (the bridge's waits) at that timing;\n\
              COST stays the spec's cost of the plan.",
    positional: &[],
    common_flags: &[],
    flags: &[
        Flag {
            name: "--objective",
            value: Some("cost|time"),
            help: "what the plan minimises (default cost)",
        },
        Flag {
            name: "--speed",
            value: Some("NAME"),
            help: "slow, medium (default), fast or superfast",
        },
        Flag {
            name: "--slp1",
            value: Some("S"),
            help: "wait after grabbing, replacing the speed's",
        },
        Flag {
            name: "--slp2",
            value: Some("S"),
            help: "wait after releasing",
        },
        Flag {
            name: "--rpm",
            value: Some("N"),
            help: "stepper speed value",
        },
        Flag {
            name: "--ratio",
            value: Some("X"),
            help: "turn wait ratio",
        },
        Flag {
            name: "--show-time",
            value: None,
            help: "write each plan's estimated time to stderr",
        },
    ],
    error_code: 2,
};

/// The speed mode with the timing flags applied, checked.
fn speed_of(args: &Args) -> Result<Speed, String> {
    let name = args.value("--speed").unwrap_or("medium");
    let mut speed = Speed::named(name).ok_or_else(|| {
        format!("--speed expects slow, medium, fast or superfast, found `{name}`")
    })?;
    for (flag, field) in [
        ("--slp1", &mut speed.slp1),
        ("--slp2", &mut speed.slp2),
        ("--ratio", &mut speed.ratio),
    ] {
        if let Some(v) = args.value(flag) {
            *field = v
                .parse()
                .map_err(|_| format!("{flag} expects a number, found `{v}`"))?;
        }
    }
    if let Some(v) = args.value("--rpm") {
        speed.rpm = v
            .parse()
            .map_err(|_| format!("--rpm expects a whole number, found `{v}`"))?;
    }
    speed.checked()
}

fn main() {
    let args = USAGE.parse();
    let speed = speed_of(&args).unwrap_or_else(|e| fail("robot2", &e));
    let objective = match args.value("--objective").unwrap_or("cost") {
        "cost" => Objective::COST,
        "time" => speed.objective().unwrap_or_else(|e| fail("robot2", &e)),
        other => fail(
            "robot2",
            &format!("--objective expects cost or time, found `{other}`"),
        ),
    };
    let show_time = args.has("--show-time");
    let src = read_stdin().unwrap_or_else(|e| fail("robot2", &e));
    let solver = RobotSolver::for_objective(objective);
    let mut out = output::stdout();
    let mut failed = false;
    for (n, line) in numbered_lines(&src) {
        match parse_moves(line, n, Families::CUBE2) {
            Ok(moves) => {
                // The robot's frame is the scramble's: rotations in the scramble turn the cube in it.
                let cube = CubieCube::SOLVED
                    .apply_moves(&moves)
                    .expect("2x2x2 moves only");
                let plan = solver.solve(&cube).0;
                if show_time {
                    eprintln!(
                        "robot2: line {n}: {:.3} s estimated",
                        estimate_seconds(&plan, &speed)
                    );
                }
                output::line(&mut out, "robot2", format_plan(&plan));
            }
            Err(e) => {
                eprintln!("robot2: {e}");
                failed = true;
            }
        }
    }
    output::finish(&mut out, "robot2");
    if failed {
        std::process::exit(2);
    }
}
