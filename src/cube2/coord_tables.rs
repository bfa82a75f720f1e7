//! The 2x2x2's coordinate move tables, and the graphs over the whole space that the distance tables
//! are built on.

use super::corner_cubie::{
    solver_move, CubieCube, CO_SIZE, CP_SIZE, HALF_TURN_MOVES, MOVES, QUARTER_MOVES,
};
use crate::coord::MoveTable;
use crate::dist_table::{
    depth::DepthTable,
    graphs::{CoordGraph, ProductGraph},
};

/// Move tables of the two coordinates, and graphs over the whole space for the distance tables.
pub struct Cube2Tables {
    cp_move: MoveTable,
    co_move: MoveTable,
}

impl Cube2Tables {
    /// Builds both move tables by cubie multiplication (well under a millisecond).
    pub fn new() -> Self {
        let moves: Vec<CubieCube> = (0..MOVES)
            .map(|m| CubieCube::of_move(solver_move(m)).unwrap())
            .collect();
        let cp_move = MoveTable::build(CP_SIZE, MOVES, |c, m| {
            CubieCube::from_coord(c * CO_SIZE).then(&moves[m]).coord() / CO_SIZE
        });
        let co_move = MoveTable::build(CO_SIZE, MOVES, |c, m| {
            CubieCube::from_coord(c).then(&moves[m]).coord() % CO_SIZE
        });
        Cube2Tables { cp_move, co_move }
    }

    /// Applies solver move `m` to coordinate `c`.
    #[inline]
    pub fn apply(&self, c: usize, m: usize) -> usize {
        let (cp, co) = (c / CO_SIZE, c % CO_SIZE);
        self.cp_move.apply(cp, m) * CO_SIZE + self.co_move.apply(co, m)
    }

    /// The whole space under some of the solver moves: CP outer, CO inner.
    pub fn graph(&self, moves: &'static [usize]) -> ProductGraph<'_> {
        ProductGraph {
            outer: self.cp_move.as_slice(),
            outer_size: CP_SIZE,
            inner: self.co_move.as_slice(),
            inner_size: CO_SIZE,
            stride: MOVES,
            moves,
        }
    }

    /// The graph of the half-turn metric (all 9 moves).
    pub fn htm(&self) -> ProductGraph<'_> {
        self.graph(&HALF_TURN_MOVES)
    }

    /// The graph of the quarter-turn metric (6 quarter turns).
    pub fn qtm(&self) -> ProductGraph<'_> {
        self.graph(&QUARTER_MOVES)
    }

    /// Pruning tables of each coordinate alone, for IDA* (the seed articles' CP and CO tables).
    pub fn prune_tables(&self, moves: &'static [usize]) -> (DepthTable, DepthTable) {
        let prune = |table: &MoveTable| DepthTable::build(&CoordGraph { table, moves }, &[0]);
        (prune(&self.cp_move), prune(&self.co_move))
    }
}

impl Default for Cube2Tables {
    fn default() -> Self {
        Self::new()
    }
}
