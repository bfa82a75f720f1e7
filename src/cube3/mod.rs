//! The 3x3x3: cubies with centres fixed, facelet strings, scrambles in full WCA notation, and the
//! solvers.
//!
//! - `cubie`: corners and edges as arrays, the 18 face turns, coordinates.
//! - `facelet_string`: 54-facelet strings in the `URFDLB` order, validated.
//! - `scramble`: notation (rotations, slices, wide turns) onto cubies and a frame of reference; input
//!   lines answered on several threads.
//! - `judge_formats`: BOJ 5373.
//! - `symmetry`: the 16 symmetries that keep the U-D axis, and the URF-DBL third turn.
//! - `two_phase_tables`: move tables, symmetry classes, the small phase-1 and phase-2 tables.
//! - `coord_tables_file`: the two-phase coordinate tables (move tables, classes), kept in a file.
//! - `two_phase`: Kociemba's two-phase search (cube3); `two_phase/trees`: its two phases as trees
//!   for the library's search.
//! - `cache`: where both solvers keep their tables, and the flags that choose the folder.
//! - `optimal`: IDA* with Korf's pattern databases (the optimal solver before the slice table).
//! - `slice_table`: the optimal solver (cube3-opt): one big symmetry-reduced table, IDA* on both
//!   cores.

// Cubies, coordinates and tables are arrays indexed by position, move and symmetry; index loops say
// so plainly.
#![allow(clippy::needless_range_loop)]

pub mod cache;
pub mod coord_tables_file;
pub mod cubie;
pub mod facelet_string;
pub mod judge_formats;
pub mod optimal;
pub mod scramble;
pub mod slice_table;
pub mod symmetry;
pub mod two_phase;
pub mod two_phase_tables;

pub use self::cubie::*;
pub use self::facelet_string::*;
pub use self::judge_formats::*;
pub use self::scramble::*;
