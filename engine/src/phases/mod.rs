//! Solutions and scrambles in phases, for puzzles too big to solve optimally: a chain of
//! subgroups G = G0 > G1 > ... > Gk = 1 found from the definition (Thistlethwaite's and Kociemba's
//! pattern), and a search that goes down it.
//!
//! - [`families`]: the moves as families of powers; subgroups as the powers each family keeps.
//! - [`coset_view`]: what of a state names its coset of a subgroup (the pieces recoloured by the
//!   subgroup's orbits), as a puzzle of its own for the engine's tables and search.
//! - [`parity`]: sums of permutation signs a subgroup keeps even, which colours cannot show (the
//!   4x4x4's wings); [`block_pairs`]: pieces a subgroup keeps paired (its block systems of two); a coset
//!   view carries either ([`carried`]) where the count finds it short.
//! - [`slot_view`]: for a stabiliser, the fixed pieces' slots (also for a subgroup the moves
//!   make that is all of its fixed pieces' stabiliser: the kilominx's groups of faces, whose free
//!   pieces' twists colours cannot ignore); [`phase_view`] is either view.
//! - [`link`]: one link's view, checked by Schreier-Sims (its looks over its goal's, times the
//!   next group's, make the phase's group's); [`goal_view`]: a goal of several looks;
//!   [`sift`]: membership in the next group, where the best view of a given link falls short by
//!   two (the 4x4x4's dedges as blocks against its corners); [`widen`]: a goal widened to every
//!   state the next phase finishes from, where that phase leaves the group (TNoodle's 4x4x4).
//! - [`chain`]: the chain, chosen automatically or through given subgroups (which may leave the
//!   one before: the phase ends where they meet).
//! - [`shipped_phases`]: phases files built in (the 4x4x4's, the kilominx's).
//! - [`fixing`]: phases that put pieces home a few at a time, where no subgroup the moves make
//!   is near enough (the megaminx's last faces); and whether a subgroup is a stabiliser.
//! - [`phase_file`]: subgroups given by hand in a small text file, each phase's goal a look
//!   where one is given ([`look_goal`]: a recoloured definition, as twips' phase files are), and
//!   the look the last phase ends at where the puzzle is solved before the definition is
//!   ([`end_look`]: the FTO's centres, alike by face).
//! - [`phase_solver`]: each phase an IDA* with its tables, neighbouring phases paired as in
//!   Kociemba's algorithm within a length target or a time budget; [`block_quotient`]: a group's
//!   states seen whole blocks at a time (the reduced 4x4x4 as a 3x3x3), for a dedicated solver of
//!   the last phases handed in by a caller.

pub mod block_pairs;
pub mod block_quotient;
pub mod carried;
pub mod chain;
pub mod coset_view;
pub mod end_look;
pub mod families;
pub mod fixing;
pub mod goal_view;
pub mod link;
pub mod look_goal;
pub mod parity;
pub mod phase_file;
pub mod phase_solver;
pub mod phase_view;
pub mod shipped_phases;
pub mod sift;
pub mod slot_view;
pub mod widen;
