//! Optimal solutions: [`solver`] walks the full table when it fits, and otherwise runs IDA* on the
//! library's search over [`search_tree`], bounded by the [`heuristics`] it sizes to the memory.

pub mod bounds;
pub mod heuristics;
pub mod iteration_pace;
pub mod search_progress;
pub mod search_tree;
pub mod solver;
