//! robot2: the robot-optimal 2x2x2's search against the plain optimal solutions.

use crate::shared::{optimal_solutions, scrambles};
use std::time::Instant;
use twisty::cube2::Cube2Solver;

/// robot2: solve time per state, and cost and time against optimal HTM solutions translated to twists.
pub fn run() {
    use twisty::cube2::{solver_move, CubieCube};
    use twisty::robot::{estimate_seconds, plan_cost, translate_moves, RobotSolver, Speed};
    println!("robot2: minimum-cost plans for the Soltvvo robot");
    let t = Instant::now();
    let solver = RobotSolver::new();
    println!(
        "  start-up (exact HTM distance table for the heuristic): {:.0} ms",
        t.elapsed().as_secs_f64() * 1000.0
    );
    let lines = scrambles(1007, 1000);
    let cubes: Vec<CubieCube> = lines
        .iter()
        .map(|l| {
            let m = twisty::notation::parse_moves(l, 1, twisty::notation::Families::CUBE2).unwrap();
            CubieCube::SOLVED.apply_moves(&m).unwrap()
        })
        .collect();
    let mut times = Vec::new();
    let mut plans = Vec::new();
    for c in &cubes {
        let t = Instant::now();
        let (p, _) = solver.solve(c);
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        plans.push(p);
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "  solve time per state over 1,000 random states: median {:.3} ms, 90th percentile {:.3} ms, max {:.3} ms (target: median under 10 ms)",
        times[500], times[900], times[999]
    );
    let table = Cube2Solver::htm();
    let mut base_cost = 0u64;
    let mut base_secs = 0.0;
    let mut robot_cost = 0u64;
    let mut robot_secs = 0.0;
    let mut compared = 0;
    let mut untranslatable = 0;
    let (mut own_n, mut own_cost, mut own_robot) = (0u64, 0u64, 0u64);
    for (c, plan) in cubes.iter().zip(&plans) {
        let coord = c.normalised().coord();
        // cube2's own answer (the first optimal solution of the table walk), translated.
        let own: Vec<_> = table
            .solve(&c.normalised())
            .iter()
            .map(|&m| solver_move(m))
            .collect();
        if let Some(p) = translate_moves(&own) {
            own_n += 1;
            own_cost += plan_cost(&p) as u64;
            own_robot += plan_cost(plan) as u64;
        }
        let best = optimal_solutions(&table, coord, 48)
            .into_iter()
            .filter_map(|sol| {
                translate_moves(&sol.iter().map(|&m| solver_move(m)).collect::<Vec<_>>())
            })
            .min_by_key(|p| plan_cost(p));
        let Some(base) = best else {
            untranslatable += 1;
            continue;
        };
        compared += 1;
        base_cost += plan_cost(&base) as u64;
        base_secs += estimate_seconds(&base, &Speed::MEDIUM);
        robot_cost += plan_cost(plan) as u64;
        robot_secs += estimate_seconds(plan, &Speed::MEDIUM);
    }
    let n = compared as f64;
    println!("  over {compared} states (another {untranslatable} had no optimal HTM solution that the robot can follow move by move):");
    println!(
        "    robot2:                       mean cost {:.2}, mean estimated time {:.3} s (medium speed)",
        robot_cost as f64 / n,
        robot_secs / n
    );
    println!(
        "    optimal HTM, translated:      mean cost {:.2}, mean estimated time {:.3} s (best of up to 48 optimal solutions each)",
        base_cost as f64 / n,
        base_secs / n
    );
    println!(
        "    robot2 saves {:.1}% of the cost",
        100.0 * (1.0 - robot_cost as f64 / base_cost as f64)
    );
    println!(
        "  cube2's own answer translated ({own_n} states where it can be): mean cost {:.2} against robot2's {:.2} on the same states",
        own_cost as f64 / own_n as f64,
        own_robot as f64 / own_n as f64
    );
}
