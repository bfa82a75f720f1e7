//! twisty: permutation-puzzle solvers built from coordinates, move tables, BFS distance tables and IDA*.
//!
//! The library is std-only on purpose: every judge binary in `src/bin/` uses it, and the bundler
//! (`tools/`) inlines the modules a binary needs into one file for online judges.
//!
//! - [`coord`]: ranking permutations and orientation vectors into dense integers (coordinates).
//! - [`dist_table`]: breadth-first distance tables over a coordinate space (exact bytes or packed mod 3).
//! - [`search`]: IDA* over any [`search::Puzzle`] with an admissible heuristic.
//! - [`facelet`]: reading pieces from sticker colours under a layout described as data.
//! - [`input`]: whole-stdin tokenizer that reports line and column on bad input.
//! - [`floppy`]: the Floppy Cube (1x3x3) as corner permutation, corner and edge orientation.

// The bundles of the judge binaries are compiled as editions 2018, 2021 and 2024 (see README,
// "Submitting"): catch 2024's new keywords and pattern rules here, before a judge does.
// (Older compilers do not know these lints: hence `unknown_lints`.)
#![allow(unknown_lints)]
#![warn(keyword_idents_2024, rust_2024_incompatible_pat)]

pub mod args;
pub mod checker;
pub mod coord;
pub mod cube2;
pub mod dist_table;
pub mod facelet;
pub mod firmware;
pub mod floppy;
pub mod heuristic;
pub mod input;
pub mod lazy;
pub mod notation;
pub mod output;
pub mod pruner;
pub mod robot;
pub mod search;
pub mod sticker_cube;
pub mod uniform_faces;
