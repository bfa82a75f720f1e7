//! robot2: for each scramble line, a minimum-cost twist plan for the Soltvvo robot, as
//! `COST TWISTS...` (see `shared/spec/robot.md`). Same input as cube2; bad lines are reported on
//! stderr with line and column, get no output line, and make the exit code 2.

use twisty::args::Usage;
use twisty::cube2::CubieCube;
use twisty::input::{fail, numbered_lines, read_stdin};
use twisty::notation::{parse_moves, Families};
use twisty::output;
use twisty::robot::{format_plan, RobotSolver};

const USAGE: Usage = Usage {
    name: "robot2",
    about: "a minimum-cost Soltvvo robot plan for each 2x2x2 scramble",
    details:
        "Input: one scramble per line in WCA notation, as for cube2. Output: `COST TWISTS...` per\n\
              scramble (see shared/spec/robot.md). A bad line is reported on stderr with line and\n\
              column and gets no output line; the exit code is then 2.",
    positional: &[],
    flags: &[],
    error_code: 2,
};

fn main() {
    USAGE.parse();
    let src = read_stdin().unwrap_or_else(|e| fail("robot2", &e));
    let solver = RobotSolver::new();
    let mut out = output::stdout();
    let mut failed = false;
    for (n, line) in numbered_lines(&src) {
        match parse_moves(line, n, Families::CUBE2) {
            Ok(moves) => {
                // The robot's frame is the scramble's: rotations in the scramble turn the cube in it.
                let cube = CubieCube::SOLVED
                    .apply_moves(&moves)
                    .expect("2x2x2 moves only");
                output::line(&mut out, "robot2", format_plan(&solver.solve(&cube).0));
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
