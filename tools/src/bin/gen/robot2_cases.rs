//! robot2: scrambles with minimum robot costs from an exact search over the robot rebuilt from its
//! geometry (`tools::robot_model`: arms turning sticker layers, the spec's twist table), sharing no
//! code or table with the library's robot model.

use super::case_making::{answered, random_scramble};
use tools::rng::Rng;
use twisty::notation::format_moves;

/// robot2: scrambles with minimum robot costs from an exact search over the robot rebuilt from its
/// geometry (`tools::robot_model`: arms turning sticker layers, the spec's twist table), sharing no
/// code or table with the library's robot model.
pub fn robot2() -> Vec<(String, String, String)> {
    use tools::robot_costs::{RobotCosts, RobotGraph};
    use tools::robot_model::RobotModel;
    let graph = RobotGraph::new(RobotModel::default());
    let table = RobotCosts::new(&graph);
    let solved: [u8; 24] = std::array::from_fn(|f| (f / 4) as u8);
    let mut rng = Rng::new(5);
    let file = |lines: Vec<String>| {
        answered(lines, |moves| {
            let state = graph.model.scramble(&solved, moves).expect("2x2x2 moves");
            let plan = table.plan(&state);
            let cost: u32 = plan.iter().map(|t| t.cost() as u32).sum();
            let mut line = cost.to_string();
            for t in &plan {
                line.push(' ');
                line.push_str(&t.token());
            }
            line
        })
    };
    let mut files = Vec::new();
    let edge: Vec<String> = [
        "",
        "R'",
        "L'",
        "R U",
        "U",
        "D",
        "x",
        "y",
        "R U R' U'",
        "F R U' R' U' R U R' F' R U R' U' R' F R F'",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let (i, a) = file(edge);
    files.push(("edge".to_string(), i, a));
    for k in 1..=2 {
        let lines = (0..100)
            .map(|_| format_moves(&random_scramble(&mut rng, 25, k == 2)))
            .collect();
        let (i, a) = file(lines);
        files.push((format!("random-{k}"), i, a));
    }
    let worst = (0..graph.len())
        .map(|id| table.minimum(id) as u32)
        .max()
        .unwrap_or(0);
    eprintln!(
        "robot2: {} states up to colour names, the costliest costs {worst}",
        graph.len()
    );
    files
}
