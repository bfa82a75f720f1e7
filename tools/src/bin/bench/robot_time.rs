//! robot-time: time-optimal robot plans.

use crate::shared::{optimal_solutions, scrambles};
use std::time::Instant;
use twisty::cube2::Cube2Solver;

/// robot2 --objective time: at each speed, mean estimated seconds (and mean cost) of time-optimal
/// plans against cost-optimal plans and against the move-by-move translation of optimal face-turn
/// solutions, on the same 1,000 random states; planning time per state for both objectives.
pub fn run() {
    use twisty::cube2::{solver_move, CubieCube};
    use twisty::robot::{estimate_seconds, plan_cost, translate_moves, RobotSolver, Speed, Twist};
    println!("robot-time: time-optimal plans for the Soltvvo robot (robot2 --objective time)");
    let t = Instant::now();
    let _startup = RobotSolver::for_objective(Speed::MEDIUM.objective().unwrap());
    println!(
        "  start-up (half-turn and quarter distance tables): {:.0} ms",
        t.elapsed().as_secs_f64() * 1000.0
    );
    let cubes: Vec<CubieCube> = scrambles(1007, 1000)
        .iter()
        .map(|l| {
            let m = twisty::notation::parse_moves(l, 1, twisty::notation::Families::CUBE2).unwrap();
            CubieCube::SOLVED.apply_moves(&m).unwrap()
        })
        .collect();
    // Plans for every state under an objective, and the planning time per state (ms).
    let plan_all = |solver: &RobotSolver| -> (Vec<Vec<Twist>>, Vec<f64>) {
        let mut times = Vec::new();
        let plans = cubes
            .iter()
            .map(|c| {
                let t = Instant::now();
                let p = solver.solve(c).0;
                times.push(t.elapsed().as_secs_f64() * 1000.0);
                p
            })
            .collect();
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        (plans, times)
    };
    let (by_cost, cost_times) = plan_all(&RobotSolver::new());
    // Every translatable optimal face-turn solution (up to 48 per state), translated.
    let table = Cube2Solver::htm();
    let translations: Vec<Vec<Vec<Twist>>> = cubes
        .iter()
        .map(|c| {
            optimal_solutions(&table, c.normalised().coord(), 48)
                .into_iter()
                .filter_map(|sol| {
                    translate_moves(&sol.iter().map(|&m| solver_move(m)).collect::<Vec<_>>())
                })
                .collect()
        })
        .collect();
    let kept: Vec<usize> = (0..cubes.len())
        .filter(|&i| !translations[i].is_empty())
        .collect();
    let n = kept.len() as f64;
    println!(
        "  1,000 random states; the means are over the {} whose optimal face-turn solutions the robot can follow move by move",
        kept.len()
    );
    println!(
        "  {:<10} {:>9} {:>9} {:>9}   {:>9} {:>9} {:>9}   {:>7}   {:>15}",
        "speed",
        "time s",
        "cost s",
        "moves s",
        "time:cost",
        "cost:cost",
        "moves:cost",
        "saved",
        "plan ms med/p90"
    );
    let speeds = [
        ("slow", Speed::SLOW),
        ("medium", Speed::MEDIUM),
        ("fast", Speed::FAST),
        ("superfast", Speed::SUPERFAST),
    ];
    for (name, speed) in speeds {
        let (by_time, times) = plan_all(&RobotSolver::for_objective(speed.objective().unwrap()));
        let secs = |p: &[Twist]| estimate_seconds(p, &speed);
        let mean = |f: &dyn Fn(usize) -> f64| kept.iter().map(|&i| f(i)).sum::<f64>() / n;
        // The fastest translation at this speed.
        let moves = |i: usize| {
            translations[i]
                .iter()
                .min_by(|a, b| secs(a).partial_cmp(&secs(b)).unwrap())
                .unwrap()
        };
        let (t_time, t_cost, t_moves) = (
            mean(&|i| secs(&by_time[i])),
            mean(&|i| secs(&by_cost[i])),
            mean(&|i| secs(moves(i))),
        );
        println!(
            "  {:<10} {:>9.3} {:>9.3} {:>9.3}   {:>9.2} {:>9.2} {:>9.2}   {:>6.1}%   {:>7.3}/{:<7.3}",
            name,
            t_time,
            t_cost,
            t_moves,
            mean(&|i| plan_cost(&by_time[i]) as f64),
            mean(&|i| plan_cost(&by_cost[i]) as f64),
            mean(&|i| plan_cost(moves(i)) as f64),
            100.0 * (1.0 - t_time / t_cost),
            times[500],
            times[900]
        );
    }
    println!(
        "  time s / cost s / moves s: mean estimated seconds (2 s start-up included) of time-optimal, cost-optimal and move-by-move plans; x:cost: their mean spec cost; saved: time-optimal against cost-optimal"
    );
    println!(
        "  cost-optimal planning per state: median {:.3} ms, 90th percentile {:.3} ms",
        cost_times[500], cost_times[900]
    );
}
