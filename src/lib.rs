//! twisty: permutation-puzzle solvers built from coordinates, move tables, BFS distance tables and IDA*.
//!
//! The library is std-only on purpose: every judge binary in `src/bin/` uses it, and the bundler
//! (`tools/`) inlines the modules a binary needs into one file for online judges.
//!
//! The search core, puzzle-independent:
//! - [`search`]: the one search: iterative deepening over a [`search::SearchTree`], every solution
//!   to a callback, on one thread or split over many; [`search::composed`] builds a tree from a
//!   domain, a heuristic and a pruner.
//! - [`heuristic`]: lower bounds as parts (table look-up, max, scaled), asked in batches.
//! - [`pruner`]: canonical move sequences as a small state machine derived from commuting moves.
//! - [`coord`]: ranking permutations, orientations and combinations into coordinates; move tables.
//! - [`dist_table`]: the one table family: a breadth-first search over any graph (threads,
//!   forward then pull, directed graphs, symmetry classes) into fields of 2, 4 or 8 bits; the walk.
//! - `lazy` (inside the library): tables built on first use (what `OnceLock` does, for the
//!   judges' Rust 1.63).
//! - [`bytes`]: byte counts typed and shown (`8G`, `2.6 GB`); [`machine`]: the cores to use.
//! - [`prefetch`]: a cache hint, for searches that read big tables at random; [`huge_pages`]: memory
//!   for them in 2 MB pages.
//! - [`checksum`]: FNV-1a, the checksum of every table file; [`word_hash`]: the hasher of tables
//!   keyed by states.
//! - [`table_file`]: the one file format of every table kept on disk (header naming the puzzle and
//!   table, size, entries, checksum).
//! - [`file_lock`]: one build of a table at a time, between processes (`flock` on `.<table>.lock`).
//! - [`table_store`]: a folder and a key, a file per table: the engine's cache folder.
//! - [`table_keeping`]: how a table is kept between runs (read if sound, else built, saved and
//!   verified; `--verify`).
//!
//! Puzzles:
//! - [`floppy`]: the Floppy Cube (1x3x3) as corner permutation, corner and edge orientation.
//! - [`cube2`]: the 2x2x2 (corner cubies, judge layouts, the HTM/QTM tables and solvers).
//! - [`cube3`]: the 3x3x3 (cubies, facelet strings, full WCA notation, BOJ 5373, Kociemba's
//!   two-phase solver with symmetry-reduced tables, the optimal solver with pattern databases).
//! - [`sticker_cube`], [`sticker_cube3`]: the 2x2x2 and 3x3x3 as stickers turned by 3D rotations (the
//!   checkers' ground truth).
//! - `facelet` (inside the library): reading pieces from sticker colours under a layout described
//!   as data.
//! - [`notation`]: WCA move notation.
//! - [`robot`]: the Soltvvo robot (twists, robot2's search, the serial protocol, the camera grid);
//!   [`robot::fake_firmware`]: its boards faked, for robot-sim and the bridge's tests.
//!
//! Input and output of the binaries:
//! - [`input`]: whole-stdin token streams that report line and column on bad input.
//! - [`output`]: one buffered writer; a closed pipe or a full disk ends the process cleanly.
//! - [`args`]: `--help` and options of the std-only binaries.
//! - [`checker`]: the testlib skeleton of the checkers.
//! - [`rng`]: a tiny seeded generator for reproducible cases and data.

// The bundles of the judge binaries are compiled as editions 2018, 2021 and 2024 (see docs/judge.md,
// "Submitting"): catch 2024's new keywords and pattern rules here, before a judge does.
// (Older compilers do not know these lints: hence `unknown_lints`.)
#![allow(unknown_lints)]
#![warn(keyword_idents_2024, rust_2024_incompatible_pat)]

pub mod args;
pub mod bytes;
pub mod checker;
pub mod checksum;
pub mod coord;
pub mod cube2;
pub mod cube3;
pub mod disk_space;
pub mod dist_table;
pub(crate) mod facelet;
pub mod file_lock;
pub mod floppy;
pub mod heuristic;
pub mod huge_pages;
pub mod input;
pub(crate) mod lazy;
pub mod machine;
pub mod mapped_words;
pub mod notation;
pub mod output;
pub mod prefetch;
pub mod progress_line;
pub mod pruner;
pub mod rng;
pub mod robot;
pub mod search;
pub mod sticker_cube;
pub mod sticker_cube3;
pub mod table_file;
pub mod table_keeping;
pub(crate) mod table_sections;
pub mod table_store;
pub mod word_hash;
