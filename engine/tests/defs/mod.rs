//! The definitions the symmetry tests read: the shipped 3x3x3, or a file of `tools/bench-data`
//! (twsearch's megaminx, skewb), with its half-turn moves.

use engine::load::{load, shipped};
use engine::model::metric::{Metric, MoveSet};
use engine::model::Puzzle;

pub fn puzzle(name: &str) -> (Puzzle, MoveSet) {
    let p = match name {
        "3x3x3" => shipped::open("3x3x3").unwrap(),
        file => {
            let path = format!("{}/../tools/bench-data/{file}", env!("CARGO_MANIFEST_DIR"));
            load(&path, &std::fs::read_to_string(&path).unwrap()).unwrap()
        }
    };
    let set = MoveSet::new(&p, Metric::Htm);
    (p, set)
}
