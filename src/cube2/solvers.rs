//! The 2x2x2 solvers: optimal solutions read off a packed distance table (HTM or QTM), scrambles in
//! and solutions out, and the seed articles' IDA* kept as the baseline.

use super::coord_tables::Cube2Tables;
use super::corner_cubie::{CubieCube, CO_SIZE, HALF_TURN_MOVES, MOVES};
use crate::dist_table::{depth::DepthTable, packed::PackedTable};
use crate::input::InputError;
use crate::notation::{parse_moves, Families};

/// A packed distance table with the graph it was built on: solves by walking down.
pub struct Cube2Solver {
    pub tables: Cube2Tables,
    pub dist: PackedTable,
    quarter: bool,
}

impl Cube2Solver {
    /// Half-turn metric: 9 moves, God's number 11.
    pub fn htm() -> Self {
        let tables = Cube2Tables::new();
        let dist = PackedTable::build(&tables.htm(), &[0]);
        Cube2Solver {
            tables,
            dist,
            quarter: false,
        }
    }

    /// Quarter-turn metric: 6 moves, God's number 14.
    pub fn qtm() -> Self {
        let tables = Cube2Tables::new();
        let dist = PackedTable::build(&tables.qtm(), &[0]);
        Cube2Solver {
            tables,
            dist,
            quarter: true,
        }
    }

    /// An optimal solution (solver move indices) for a cube whose DBL corner is home.
    pub fn solve(&self, c: &CubieCube) -> Vec<usize> {
        let coord = c.coord();
        let path = if self.quarter {
            self.dist.path(&self.tables.qtm(), coord, |x| x == 0)
        } else {
            self.dist.path(&self.tables.htm(), coord, |x| x == 0)
        };
        path.expect("every 2x2x2 state with DBL home is reachable")
    }
}

/// Parses a scramble line (face turns and rotations) into the cube it produces, DBL normalised home.
pub fn scramble(text: &str, line: usize) -> Result<CubieCube, InputError> {
    let moves = parse_moves(text, line, Families::CUBE2)?;
    Ok(CubieCube::SOLVED
        .apply_moves(&moves)
        .expect("CUBE2 families only")
        .normalised())
}

/// Formats a solution in solver moves (`U2 R' F`).
pub fn format_solution(moves: &[usize]) -> String {
    const NAMES: [&str; MOVES] = ["U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'"];
    let names: Vec<&str> = moves.iter().map(|&m| NAMES[m]).collect();
    names.join(" ")
}

/// The seed articles' solver: IDA* over (CP, CO) with one pruning table per coordinate, a move never
/// followed by a move of the same face. Kept as the baseline the table solver is measured against.
pub struct Cube2Ida {
    tables: Cube2Tables,
    cp_prune: DepthTable,
    co_prune: DepthTable,
}

impl Cube2Ida {
    pub fn htm() -> Self {
        let tables = Cube2Tables::new();
        let (cp_prune, co_prune) = tables.prune_tables(&HALF_TURN_MOVES);
        Cube2Ida {
            tables,
            cp_prune,
            co_prune,
        }
    }

    /// An optimal HTM solution for a cube whose DBL corner is home, and the search's counters.
    pub fn solve(&self, c: &CubieCube) -> (Vec<usize>, crate::search::SearchStats) {
        use crate::heuristic::{entry, FnBound, Max};
        let cp = FnBound(|s: &usize| entry(self.cp_prune.get(s / CO_SIZE)));
        let co = FnBound(|s: &usize| entry(self.co_prune.get(s % CO_SIZE)));
        // Two turns of one face in a row are one turn (U, R, F never commute with each other).
        let pruner = crate::pruner::CanonicalPruner::new(MOVES, |m| m / 3, |_, _| false);
        let (path, stats) =
            crate::search::composed::first_solution(self, &Max(cp, co), &pruner, &c.coord(), 11);
        (path.expect("God's number in HTM is 11"), stats)
    }
}

impl crate::search::composed::Domain for Cube2Ida {
    type State = usize;
    fn move_count(&self) -> usize {
        MOVES
    }
    fn apply_into(&self, s: &usize, m: usize, out: &mut usize) {
        *out = self.tables.apply(*s, m);
    }
    fn is_goal(&self, s: &usize) -> bool {
        *s == 0
    }
}

#[cfg(test)]
mod distribution_tests {
    use super::*;

    #[test]
    fn htm_distribution_is_the_published_one() {
        let s = Cube2Solver::htm();
        let want = [
            1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
        ];
        assert_eq!(s.dist.distribution, want);
    }

    #[test]
    fn qtm_distribution_is_the_published_one() {
        let s = Cube2Solver::qtm();
        let want = [
            1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280,
            276,
        ];
        assert_eq!(s.dist.distribution, want);
    }
}
