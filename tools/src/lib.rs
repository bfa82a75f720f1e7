//! Shared pieces of twisty's tools: a seeded random generator, sticker-level simulators written
//! independently of the library's coordinate models (generators derive answers from these), and
//! process measurement for benchmarks.

pub mod bundle;
pub mod measure;
pub mod net;
pub mod rng;
pub mod robot_model;
pub mod stickers;
