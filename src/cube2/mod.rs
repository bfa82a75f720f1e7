//! The 2x2x2: eight corners, with the DBL corner kept home so that 7 corners describe a state
//! (5040 permutations x 729 orientations = 3,674,160 states), as in the seed articles.
//!
//! - [`CubieCube`]: all 8 corners as arrays (`cp[i]` = corner at position `i`, `co[i]` its twist), moved
//!   by multiplication with the face-turn and rotation cubies. Used to read scrambles.
//! - [`Layout`]: where a judge puts each sticker, as data; [`from_stickers`] reads any colour numbering
//!   and checks that the stickers are a real cube.
//! - [`Cube2Tables`]: coordinate move tables and the packed HTM / QTM distance tables; an optimal
//!   solution is read off a table by stepping to a neighbour one closer.
//!
//! - `corner_cubie`: [`CubieCube`] and the coordinates; `coord_tables`: [`Cube2Tables`].
//! - `judge_layouts`: the judges' sticker numberings and colour lists.
//! - `solvers`: the solvers, scramble parsing and solution formatting.
//! - `best_faces`: HDU 4801's answer for every state at once (the most single-coloured faces within
//!   N quarter turns).

pub mod best_faces;
pub mod coord_tables;
pub mod corner_cubie;
pub mod judge_layouts;
pub mod solvers;
pub mod stickers;

pub use self::coord_tables::*;
pub use self::corner_cubie::*;
pub use self::judge_layouts::*;
pub use self::solvers::*;
pub use self::stickers::*;
