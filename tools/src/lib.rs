//! Shared pieces of twisty's tools: sticker-level simulators written
//! independently of the library's coordinate models (generators derive answers from these), and
//! process measurement for benchmarks.

pub mod folded_net;
pub mod module_graph;
pub mod timing;
/// The library's seeded generator, under its old name here.
pub use twisty::rng;
pub mod robot_costs;
pub mod robot_model;
pub mod sticker_sims;
