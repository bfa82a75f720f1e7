//! twisty's generic engine: any permutation puzzle from a definition file (the article's turn-set
//! YAML, KPuzzle JSON or twsearch's .tws), solved on the library's search ([`twisty::search`]).
//! The `twisty` command (package `twisty-cli`) is its front end.
//!
//! Its folders, one a job:
//! - [`load`]: reading definitions (the loaders and their error messages, stickers become pieces,
//!   the definitions shipped in `puzzles/`, the KPuzzle writer).
//! - [`model`]: the one model (orbits, moves as permutation plus twist, a goal with labels) and
//!   its notation: move sequences, the moves a user chooses, metrics and their move pruner,
//!   whole-puzzle rotations, states and effects as users type and read them, the net drawing.
//! - [`tables`]: the state space as dense ranks, the full distance table, pattern databases, the
//!   near table, the memory budget they are checked against, and the cache folder.
//! - [`solving`]: optimal solutions (a table walk, or IDA* on the library's search with the
//!   tables as bounds).
//! - [`phases`]: solutions and random-state scrambles through a chain of subgroups found from the
//!   definition, for puzzles too big to solve optimally.
//! - [`gods`]: God's algorithm's companions: the number of reachable states (BFS or Schreier-Sims)
//!   and the distribution cut into slices for a job array.
//! - [`discovery`]: the shortest sequence for each effect that moves few pieces.
//! - [`interrupt`]: Ctrl-C ends long runs cleanly.

// Positions index several parallel arrays at once (src, twist, labels, orientations): index loops
// say that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

pub mod discovery;
pub mod gods;
pub mod interrupt;
pub mod load;
pub mod model;
pub mod phases;
pub mod scrambles;
pub mod solving;
pub mod tables;
