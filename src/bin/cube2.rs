//! cube2: an optimal half-turn-metric solution in `U R F` moves for each scramble line.
//!
//! The 3,674,160-state distance table (2 bits per state) is built at start-up; each answer walks
//! down it. A malformed line is reported on stderr with line and column, gets no output line, and
//! makes the exit code 2; the other lines are still answered.

use twisty::args::Usage;
use twisty::cube2::{format_solution, scramble, Cube2Solver};
use twisty::input::{fail, numbered_lines, read_stdin};
use twisty::output;

const USAGE: Usage = Usage {
    name: "cube2",
    about: "an optimal half-turn-metric solution in U R F moves for each 2x2x2 scramble",
    details: "Input: one scramble per line in WCA notation (U D L R F B with ' 2 2', rotations x y z).\n\
              Output: one solution line per scramble (empty for a solved cube). A bad line is reported\n\
              on stderr with line and column and gets no output line; the exit code is then 2.",
    positional: &[],
    common_flags: &[],
    flags: &[],
    error_code: 2,
};

fn main() {
    USAGE.parse();
    let src = read_stdin().unwrap_or_else(|e| fail("cube2", &e));
    let solver = Cube2Solver::htm();
    let answers = numbered_lines(&src)
        .map(|(n, line)| scramble(line, n).map(|cube| format_solution(&solver.solve(&cube))));
    output::lines_or_errors("cube2", answers);
}
