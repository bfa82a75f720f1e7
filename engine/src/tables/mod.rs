//! The engine's tables: the state space as dense ranks ([`space`]), the full distance table
//! ([`full_table`], 2 bits a state), pattern databases ([`pattern_db`]), the near table of every
//! state a few moves from the goal ([`near_table`]), the budget each is checked against
//! ([`memory`]) and the read-only arrays that move tables are kept in, made or mapped ([`flat`]).
//! They are kept between runs in the library's table store (`twisty::table_store`).

pub mod flat;
pub mod floored;
pub mod full_table;
pub mod memory;
pub mod near_table;
pub mod pattern_db;
pub mod space;
pub mod sym_pdb;
