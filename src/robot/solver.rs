//! robot2's search: minimum-cost twist plans by IDA*, and the move-by-move translation of a
//! face-turn solution that it is measured against.

use super::twist::{Twist, TWISTS};
use crate::cube2::{Cube2Tables, CubieCube};
use crate::dist_table::DepthTable;
use crate::heuristic::{entry, FnBound, Scaled};
use crate::notation::Move;
use crate::pruner::CanonicalPruner;
use crate::search::{first_solution, Domain, SearchStats};

/// Minimum-cost twist plans by IDA*.
pub struct RobotSolver {
    /// Exact half-turn distances of cubes seen with DBL home.
    htm: DepthTable,
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

impl RobotSolver {
    /// Builds the exact half-turn distance table (3,674,160 bytes).
    pub fn new() -> Self {
        let htm = DepthTable::build_product(&Cube2Tables::new().htm(), &[0]);
        RobotSolver {
            htm,
            twists: TWISTS.map(|t| t.cubie()),
        }
    }

    /// A minimum-cost plan for the physical cube `cube` (robot frame), with search counters.
    pub fn solve(&self, cube: &CubieCube) -> (Vec<Twist>, SearchStats) {
        // Every twist is one face turn up to a whole-cube rotation and costs at least 2: twice the
        // half-turn distance of the cube seen with DBL home is admissible.
        let h = Scaled {
            inner: FnBound(|s: &RobotState| entry(self.htm.get(s.coord))),
            factor: 2,
        };
        // Consecutive twists use different pairs.
        let pruner = CanonicalPruner::new(TWISTS.len(), |m| TWISTS[m].pair as usize, |_, _| false);
        let (path, stats) =
            first_solution(self, &h, &pruner, &RobotState::new(*cube), u32::MAX / 8);
        let path = path.expect("every real cube can be solved");
        (path.into_iter().map(|m| TWISTS[m]).collect(), stats)
    }
}

impl Default for RobotSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl Domain for RobotSolver {
    type State = RobotState;
    fn move_count(&self) -> usize {
        TWISTS.len()
    }
    fn apply_into(&self, s: &RobotState, m: usize, out: &mut RobotState) {
        *out = RobotState::new(s.cube.then(&self.twists[m]));
    }
    fn is_goal(&self, s: &RobotState) -> bool {
        s.coord == 0
    }
    fn cost(&self, m: usize) -> u32 {
        TWISTS[m].cost()
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
