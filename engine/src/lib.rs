//! twisty's generic engine: any permutation puzzle from a definition file (the article's turn-set
//! YAML, KPuzzle JSON or twsearch's .tws), on the library's search core.
//!
//! - [`model`]: the one model (orbits, moves as permutation plus twist, a goal with labels).
//! - [`alg`]: move sequences with powers, groups, conjugates and commutators.
//! - [`load`]: the two loaders and their error messages; [`pieces`]: stickers become pieces.
//! - [`space`]: the state space as dense ranks (per-orbit coordinates) and its move function.
//! - [`full_table`]: the full distance table (2 bits per state, multithreaded BFS) and its file.
//! - [`memory`]: the budget every table is checked against.
//! - [`metric`]: which moves a metric counts, and the move pruner that goes with it.
//! - [`choice`]: the moves a user chooses; [`rotations`]: whole-puzzle rotations found, and
//!   puzzles reduced to "solved in any orientation".
//! - [`solver`]: optimal solutions (table walk, or IDA* with pattern databases).
//! - [`count`]: the number of reachable states (BFS or Schreier-Sims, exact big integers).
//! - [`discover`]: the shortest sequence for each effect that moves few pieces.
//! - [`shipped`]: the definitions in `puzzles/`, built into the binary.
//! - [`state_notation`]: states, effects and positions as users type them; [`show`]: states and
//!   effects as text; [`net_drawing`]: a state drawn as the definition's net.
//! - [`slices`]: God's algorithm cut into slices for a job array, and the slice-job protocol.
//! - [`interrupt`]: Ctrl-C ends long runs cleanly.

// Positions index several parallel arrays at once (src, twist, labels, orientations): index loops
// say that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

pub mod alg;
pub mod choice;
pub mod count;
pub mod discover;
pub mod full_table;
pub mod heuristics;
pub mod ida;
pub mod interrupt;
pub mod load;
pub mod memory;
pub mod metric;
pub mod model;
pub mod near_table;
pub mod net_drawing;
pub mod pattern_db;
pub mod pieces;
pub mod rotations;
pub mod shipped;
pub mod show;
pub mod slices;
pub mod solver;
pub mod space;
pub mod state_notation;
pub mod table_cache;
