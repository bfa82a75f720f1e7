//! robot2's search: minimum-cost twist plans by IDA*, and the move-by-move translation of a
//! face-turn solution that it is measured against.

use super::twist::{Twist, TWISTS};
use crate::cube2::{Cube2Tables, CubieCube};
use crate::dist_table::depth::DepthTable;
use crate::dist_table::graphs::Directed;
use crate::heuristic::{FnBound, UNREACHABLE};
use crate::notation::Move;
use crate::pruner::CanonicalPruner;
use crate::search::composed::{first_solution, Domain};
use crate::search::SearchStats;

/// What a plan minimises, as a sum over its twists: `regrip` for the grip before each twist plus
/// `quarter` per quarter of its larger turn. The spec's cost is 1 and 1; the protocol's time (after
/// the fixed start) is slp1 + slp2 and one turn wait per quarter, in a common unit
/// ([`crate::robot::Speed::objective`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Objective {
    pub regrip: u32,
    pub quarter: u32,
}

impl Objective {
    /// The spec's cost: 1 per quarter of the larger turn plus 1 per regrip.
    pub const COST: Objective = Objective {
        regrip: 1,
        quarter: 1,
    };

    /// What one twist adds.
    pub fn of(&self, t: &Twist) -> u32 {
        self.regrip + self.quarter * t.quarters() as u32
    }
}

/// Minimum-cost (or minimum-time) twist plans by IDA*.
pub struct RobotSolver {
    /// What a plan minimises.
    objective: Objective,
    /// Exact half-turn distances of cubes seen with DBL home: a plan has at least this many twists.
    htm: DepthTable,
    /// Exact distances of cubes seen with DBL home when only anticlockwise quarter turns and half
    /// turns are allowed: a plan turns at least this many quarters (see [`RobotSolver::solve`]).
    /// Built only for objectives other than the cost: it doubles the start-up, and cost-optimal
    /// searches take a fraction of a millisecond with `htm` alone.
    quarters: Option<DepthTable>,
    twists: [CubieCube; 12],
}

/// The physical cube and its DBL-home coordinate (which also tells whether it is solved).
#[derive(Clone, Copy, Debug)]
pub struct RobotState {
    pub cube: CubieCube,
    coord: usize,
}

impl RobotState {
    pub fn new(cube: CubieCube) -> Self {
        RobotState {
            cube,
            coord: cube.normalised().coord(),
        }
    }
}

/// The solver moves `U U2 R R2 F F2`: a BFS from solved with these gives, at each state, the least
/// number of their inverses (`U' U2 R' R2 F' F2`, the second list) that solve it.
const CLOCKWISE_AND_HALF: [usize; 6] = [0, 1, 3, 4, 6, 7];
const ANTICLOCKWISE_AND_HALF: [usize; 6] = [2, 1, 5, 4, 8, 7];

impl RobotSolver {
    /// A solver for the spec's cost: builds the half-turn distance table (3,674,160 bytes).
    pub fn new() -> Self {
        RobotSolver::for_objective(Objective::COST)
    }

    /// A solver for `objective`: for any but the cost it also builds the quarter table (as large,
    /// and about as quick to build), a tighter bound on a plan's quarters than the half-turn table.
    pub fn for_objective(objective: Objective) -> Self {
        let with_quarters = objective != Objective::COST;
        let tables = Cube2Tables::new();
        let htm = DepthTable::build(&tables.htm(), &[0]);
        // A directed graph: the inverse of U is not among its moves.
        let quarters = with_quarters.then(|| {
            let graph = Directed {
                forward: tables.graph(&CLOCKWISE_AND_HALF),
                backward: tables.graph(&ANTICLOCKWISE_AND_HALF),
            };
            DepthTable::build(&graph, &[0])
        });
        RobotSolver {
            objective,
            htm,
            quarters,
            twists: TWISTS.map(|t| t.cubie()),
        }
    }

    /// What this solver's plans minimise.
    pub fn objective(&self) -> Objective {
        self.objective
    }

    /// A plan minimising the solver's objective for the physical cube `cube` (robot frame), with
    /// search counters.
    pub fn solve(&self, cube: &CubieCube) -> (Vec<Twist>, SearchStats) {
        let objective = self.objective;
        // Up to a whole-cube rotation every twist is one face turn, so a plan has at least `htm`
        // twists. Its effect is X' (R', L': one quarter), X2 (R'L': one quarter; R2: two) or the
        // clockwise X (R2L', R'L2: two quarters) = X2 X': never fewer quarters than moves of
        // `U' U2 R' R2 F' F2`, and rotations keep a turn's sense. Both parts are admissible, so is
        // their weighted sum. Without the quarter table, `htm` bounds the quarters too (every
        // twist turns at least one).
        let quarters = self.quarters.as_ref().unwrap_or(&self.htm);
        let h = FnBound(|s: &RobotState| {
            let (a, b) = (self.htm.get(s.coord), quarters.get(s.coord));
            match (a, b) {
                (Some(a), Some(b)) => objective.regrip * a as u32 + objective.quarter * b as u32,
                _ => UNREACHABLE,
            }
        });
        // Consecutive twists use different pairs.
        let pruner = CanonicalPruner::new(TWISTS.len(), |m| TWISTS[m].pair as usize, |_, _| false);
        let domain = Priced {
            solver: self,
            objective,
        };
        let (path, stats) =
            first_solution(&domain, &h, &pruner, &RobotState::new(*cube), u32::MAX / 8);
        let path = path.expect("every real cube can be solved");
        (path.into_iter().map(|m| TWISTS[m]).collect(), stats)
    }
}

impl Default for RobotSolver {
    fn default() -> Self {
        Self::new()
    }
}

/// The robot's moves priced by an objective.
struct Priced<'a> {
    solver: &'a RobotSolver,
    objective: Objective,
}

impl Domain for Priced<'_> {
    type State = RobotState;
    fn move_count(&self) -> usize {
        TWISTS.len()
    }
    fn apply_into(&self, s: &RobotState, m: usize, out: &mut RobotState) {
        *out = RobotState::new(s.cube.then(&self.solver.twists[m]));
    }
    fn is_goal(&self, s: &RobotState) -> bool {
        s.coord == 0
    }
    fn cost(&self, m: usize) -> u32 {
        self.objective.of(&TWISTS[m])
    }
}

/// The cheapest move-by-move translation of a face-turn sequence into twists, or `None` if there is
/// none. Each face turn must be done by one twist, up to a whole-cube rotation: the robot turns only
/// R, B, L and F, so a U or D turn needs an earlier twist (one that moves the cube's frame, such as
/// `L'` or `R'L'`) to have brought that face to the side. A DP over the cube's frame (24 rotations) and
/// the pair last used. This is the baseline robot2 is measured against.
pub fn translate_moves(moves: &[Move]) -> Option<Vec<Twist>> {
    let rotations = crate::cube2::rotations();
    let inverse: Vec<CubieCube> = rotations.iter().map(CubieCube::inverse).collect();
    let twists: Vec<CubieCube> = TWISTS.iter().map(Twist::cubie).collect();
    // realize[r][t]: (face-turn cubie, new frame) pairs with rotations[r] . twist = move . rotations[r'].
    let realize: Vec<Vec<Vec<(CubieCube, usize)>>> = (0..24)
        .map(|r| {
            (0..12)
                .map(|t| {
                    let x = rotations[r].then(&twists[t]);
                    (0..24).map(|r2| (x.then(&inverse[r2]), r2)).collect()
                })
                .collect()
        })
        .collect();
    // state: frame * 3 + last pair (2 = none yet) -> (cost, plan)
    let mut states: Vec<Option<(u32, Vec<Twist>)>> = vec![None; 72];
    states[2] = Some((0, Vec::new()));
    for m in moves {
        let target = CubieCube::SOLVED.apply_moves(std::slice::from_ref(m))?;
        let mut next: Vec<Option<(u32, Vec<Twist>)>> = vec![None; 72];
        for (state, entry) in states.iter().enumerate() {
            let (cost, plan) = match entry {
                Some(e) => e,
                None => continue,
            };
            let (r, last) = (state / 3, state % 3);
            for (t, twist) in TWISTS.iter().enumerate() {
                if twist.pair as usize == last {
                    continue;
                }
                for &(x, r2) in &realize[r][t] {
                    if x != target {
                        continue;
                    }
                    let key = r2 * 3 + twist.pair as usize;
                    let c = cost + twist.cost();
                    if next[key].as_ref().map_or(true, |(best, _)| c < *best) {
                        let mut p = plan.clone();
                        p.push(*twist);
                        next[key] = Some((c, p));
                    }
                }
            }
        }
        states = next;
    }
    states
        .into_iter()
        .flatten()
        .min_by_key(|(c, _)| *c)
        .map(|(_, p)| p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot::{format_plan, plan_cost};
    use crate::sticker_cube::StickerCube;

    #[test]
    fn translations_do_what_the_moves_do() {
        let solver = RobotSolver::new();
        for (scramble, solution) in [
            ("F R", "R' F'"),
            ("R U R2", "R2 U' R'"),
            ("U' R F", "F' R' U"),
        ] {
            let s = crate::notation::parse_moves(scramble, 1, crate::notation::Families::FACES)
                .unwrap();
            let m = crate::notation::parse_moves(solution, 1, crate::notation::Families::FACES)
                .unwrap();
            let plan = translate_moves(&m).expect("starts with a side face");
            let turns: Vec<Move> = plan.iter().flat_map(|t| t.face_moves()).collect();
            let end = StickerCube::solved()
                .apply_all(&s)
                .unwrap()
                .apply_all(&turns)
                .unwrap();
            assert!(end.is_solved(), "{solution}: {}", format_plan(&plan));
            let cube = CubieCube::SOLVED.apply_moves(&s).unwrap();
            assert!(plan_cost(&plan) >= plan_cost(&solver.solve(&cube).0));
        }
        // A U turn first cannot be done: no arm turns U or D.
        let u = crate::notation::parse_moves("U", 1, crate::notation::Families::FACES).unwrap();
        assert!(translate_moves(&u).is_none());
    }
}
