//! The Soltvvo robot (see `shared/spec/robot.md`): four arms in one plane turn the R, B, L and F faces,
//! only in the negative direction, two opposite arms (a pair) at a time, and the cube may end in any
//! of its 24 orientations. A robot-optimal solution minimises the robot's cost, not the move count.
//!
//! - [`Twist`]: the 12 twists (6 per pair), their cost (largest turn in quarters + 1 regrip), tokens
//!   like `R'`, `R2L'`, `B'F2`, and their effect on the cube in the robot's fixed frame.
//! - [`RobotSolver`]: IDA* over the physical cube (all 8 corners free) with consecutive twists on
//!   different pairs; the heuristic is 2 x the half-turn distance of the cube seen with DBL home,
//!   admissible because every twist is one face turn up to a whole-cube rotation and costs at least 2.
//! - [`Speed`] and [`timeline`]: the serial protocol's commands and waits for a plan.

use crate::cube2::{Cube2Tables, CubieCube};
use crate::dist_table::DepthTable;
use crate::heuristic::{entry, FnBound, Scaled};
use crate::input::{line_tokens, InputError};
use crate::notation::{Face, Move, Turn};
use crate::pruner::CanonicalPruner;
use crate::search::{first_solution, Domain, SearchStats};

/// An arm: 0 = R, 1 = B, 2 = L, 3 = F. Arm `a` is motor `a % 2` of board `a / 2`.
pub const ARM_FACES: [Face; 4] = [Face::R, Face::B, Face::L, Face::F];

/// The two pairs of opposite arms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pair {
    /// Arms 0 and 2: R and L.
    RL = 0,
    /// Arms 1 and 3: B and F.
    BF = 1,
}

impl Pair {
    /// The pair's arms: (R or B, L or F).
    pub fn arms(self) -> [usize; 2] {
        match self {
            Pair::RL => [0, 2],
            Pair::BF => [1, 3],
        }
    }

    /// The motor number of this pair's arms (the same on both boards).
    pub fn motor(self) -> usize {
        self as usize
    }

    pub fn other(self) -> Pair {
        match self {
            Pair::RL => Pair::BF,
            Pair::BF => Pair::RL,
        }
    }
}

/// One twist: the quarters (0, 1 or 2, all negative) turned by each arm of a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Twist {
    pub pair: Pair,
    /// Quarters of the R or B arm.
    pub first: u8,
    /// Quarters of the L or F arm.
    pub second: u8,
}

const fn tw(pair: Pair, first: u8, second: u8) -> Twist {
    Twist {
        pair,
        first,
        second,
    }
}

/// The 12 twists, in the order of the spec's table for each pair.
pub const TWISTS: [Twist; 12] = [
    tw(Pair::RL, 1, 0),
    tw(Pair::RL, 2, 0),
    tw(Pair::RL, 0, 1),
    tw(Pair::RL, 1, 1),
    tw(Pair::RL, 2, 1),
    tw(Pair::RL, 1, 2),
    tw(Pair::BF, 1, 0),
    tw(Pair::BF, 2, 0),
    tw(Pair::BF, 0, 1),
    tw(Pair::BF, 1, 1),
    tw(Pair::BF, 2, 1),
    tw(Pair::BF, 1, 2),
];

impl Twist {
    /// Quarters of the larger turn.
    pub fn quarters(&self) -> u8 {
        self.first.max(self.second)
    }

    /// Cost: 1 per quarter of the larger turn, plus 1 for the grip before it.
    pub fn cost(&self) -> u32 {
        self.quarters() as u32 + 1
    }

    /// `(arm, quarters)` for each arm that turns.
    pub fn arm_turns(&self) -> Vec<(usize, u8)> {
        let [a, b] = self.pair.arms();
        [(a, self.first), (b, self.second)]
            .iter()
            .copied()
            .filter(|&(_, q)| q > 0)
            .collect()
    }

    /// The face turns it makes in the robot's frame: arm X at -90 degrees is X', at -180 is X2.
    pub fn face_moves(&self) -> Vec<Move> {
        self.arm_turns()
            .into_iter()
            .map(|(arm, q)| Move {
                turn: Turn::Face(ARM_FACES[arm]),
                amount: if q == 1 { 3 } else { 2 },
            })
            .collect()
    }

    /// Its effect on the corners, in the robot's frame.
    pub fn cubie(&self) -> CubieCube {
        CubieCube::SOLVED
            .apply_moves(&self.face_moves())
            .expect("face turns only")
    }

    /// Its token: `R'`, `R2`, `L'`, `R'L'`, `R2L'`, `R'L2` (and the same with B for R, F for L).
    pub fn token(&self) -> String {
        let [a, b] = self.pair.arms();
        let part = |arm: usize, q: u8| match q {
            0 => String::new(),
            1 => format!("{}'", ARM_FACES[arm].letter()),
            _ => format!("{}2", ARM_FACES[arm].letter()),
        };
        part(a, self.first) + &part(b, self.second)
    }

    pub fn parse(token: &str) -> Option<Twist> {
        TWISTS.iter().copied().find(|t| t.token() == token)
    }
}

/// Total cost of a plan.
pub fn plan_cost(plan: &[Twist]) -> u32 {
    plan.iter().map(Twist::cost).sum()
}

/// Parses twist tokens separated by spaces, checking that consecutive twists use different pairs.
pub fn parse_twists(text: &str, line: usize) -> Result<Vec<Twist>, InputError> {
    let mut plan: Vec<Twist> = Vec::new();
    for t in line_tokens(text, line) {
        let twist = Twist::parse(t.text).ok_or_else(|| {
            t.error(format!(
                "expected a twist (R' R2 L' R'L' R2L' R'L2 B' B2 F' B'F' B2F' B'F2), found `{}`",
                crate::input::shown(t.text)
            ))
        })?;
        if plan.last().map_or(false, |p| p.pair == twist.pair) {
            return Err(t.error(format!(
                "`{}` uses the same pair of arms as the twist before it; consecutive twists must alternate pairs",
                t.text
            )));
        }
        plan.push(twist);
    }
    Ok(plan)
}

/// Formats a plan as `robot2` prints it: `COST TWISTS...`.
pub fn format_plan(plan: &[Twist]) -> String {
    let mut s = plan_cost(plan).to_string();
    for t in plan {
        s.push(' ');
        s.push_str(&t.token());
    }
    s
}

/// Parses a `robot2` output line `COST TWISTS...`, checking that COST is the plan's cost.
pub fn parse_plan_line(text: &str, line: usize) -> Result<Vec<Twist>, InputError> {
    let tokens = line_tokens(text, line);
    let first = tokens.first().ok_or_else(|| {
        InputError::new(
            line,
            1,
            "expected `COST TWISTS...`, found an empty line".into(),
        )
    })?;
    let cost = first.int_in("the plan's cost", 0, 1_000_000)? as u32;
    let rest_col = tokens.get(1).map_or(text.len(), |t| t.col - 1);
    let rest: String = text.chars().skip(rest_col).collect();
    let offset = rest_col;
    let plan =
        parse_twists(&rest, line).map_err(|e| InputError::new(e.line, e.col + offset, e.msg))?;
    if plan_cost(&plan) != cost {
        return Err(first.error(format!(
            "the twists cost {}, but the line says {cost}",
            plan_cost(&plan)
        )));
    }
    Ok(plan)
}

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

/// Speed settings of the protocol: waits after grab and release (s), stepper speed value, ratio.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Speed {
    pub slp1: f64,
    pub slp2: f64,
    pub rpm: u32,
    pub ratio: f64,
}

impl Speed {
    pub const SLOW: Speed = Speed {
        slp1: 0.15,
        slp2: 0.15,
        rpm: 300,
        ratio: 1.2,
    };
    pub const MEDIUM: Speed = Speed {
        slp1: 0.1,
        slp2: 0.1,
        rpm: 400,
        ratio: 1.0,
    };
    pub const FAST: Speed = Speed {
        slp1: 0.095,
        slp2: 0.095,
        rpm: 550,
        ratio: 0.9,
    };
    pub const SUPERFAST: Speed = Speed {
        slp1: 0.1,
        slp2: 0.1,
        rpm: 600,
        ratio: 1.0,
    };

    pub fn named(name: &str) -> Option<Speed> {
        match name {
            "slow" => Some(Speed::SLOW),
            "medium" => Some(Speed::MEDIUM),
            "fast" => Some(Speed::FAST),
            "superfast" => Some(Speed::SUPERFAST),
            _ => None,
        }
    }

    /// Seconds the host waits for a turn of `quarters`: 2 * 60 / rpm * quarters * 90 / 360 * ratio.
    pub fn turn_seconds(&self, quarters: u8) -> f64 {
        2.0 * 60.0 / self.rpm as f64 * quarters as f64 * 90.0 / 360.0 * self.ratio
    }
}

/// Seconds the host waits after opening the ports (the boards reset on open).
pub const STARTUP_SECONDS: f64 = 2.0;
/// The grab and release arguments of the protocol.
pub const GRAB: i32 = 1000;
pub const RELEASE: i32 = 2000;

/// One line sent to a board, and the wait after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Command {
    /// Board 0 (arms R, B) or 1 (arms L, F).
    pub board: usize,
    /// The exact line, without the newline: `<motor> <arg2>[ <arg3>]`.
    pub line: String,
    /// Seconds to wait after sending it.
    pub wait: f64,
}

/// The whole command stream for a plan: start-up (wait, release all, grab the first twist's pair),
/// then per twist the regrip (grab the turning pair on both boards, wait slp1; release the other,
/// wait slp2; skipped before the first twist, whose pair is already holding) and the turn lines,
/// with the turn wait after the last.
pub fn timeline(plan: &[Twist], speed: &Speed) -> Vec<Command> {
    let cmd = |board: usize, line: String, wait: f64| Command { board, line, wait };
    let mut out = vec![
        cmd(0, format!("0 {RELEASE}"), 0.0),
        cmd(0, format!("1 {RELEASE}"), 0.0),
        cmd(1, format!("0 {RELEASE}"), 0.0),
        cmd(1, format!("1 {RELEASE}"), 0.0),
    ];
    for (k, t) in plan.iter().enumerate() {
        let m = t.pair.motor();
        if k == 0 {
            out.push(cmd(0, format!("{m} {GRAB}"), 0.0));
            out.push(cmd(1, format!("{m} {GRAB}"), speed.slp1));
        } else {
            let o = t.pair.other().motor();
            out.push(cmd(0, format!("{m} {GRAB}"), 0.0));
            out.push(cmd(1, format!("{m} {GRAB}"), speed.slp1));
            out.push(cmd(0, format!("{o} {RELEASE}"), 0.0));
            out.push(cmd(1, format!("{o} {RELEASE}"), speed.slp2));
        }
        let turns = t.arm_turns();
        for (i, &(arm, q)) in turns.iter().enumerate() {
            let wait = if i + 1 == turns.len() {
                speed.turn_seconds(t.quarters())
            } else {
                0.0
            };
            out.push(cmd(
                arm / 2,
                format!("{} {} {}", arm % 2, -90 * q as i32, speed.rpm),
                wait,
            ));
        }
    }
    out
}

/// The model's estimate of a plan's duration (seconds), from the protocol's waits: start-up, the
/// first grab, then per twist its turn and, after the first, its regrip.
pub fn estimate_seconds(plan: &[Twist], speed: &Speed) -> f64 {
    let regrips = plan.len().saturating_sub(1) as f64 * (speed.slp1 + speed.slp2);
    let first_grab = if plan.is_empty() { 0.0 } else { speed.slp1 };
    let turns: f64 = plan.iter().map(|t| speed.turn_seconds(t.quarters())).sum();
    STARTUP_SECONDS + first_grab + regrips + turns
}

/// The robot's own rule of thumb: cost x 0.083 s at medium speed.
pub fn rule_of_thumb_seconds(plan: &[Twist]) -> f64 {
    plan_cost(plan) as f64 * 0.083
}

/// The camera's colour letters (Western scheme: white U, yellow D, green F, blue B, red R, orange L).
pub const GRID_COLOURS: [char; 6] = ['w', 'y', 'g', 'b', 'r', 'o'];

/// The grid cell (row, column) of canonical sticker `f` in the camera's 6x8 cross.
pub fn grid_cell(f: usize) -> (usize, usize) {
    let (r, c) = ((f % 4) / 2, f % 2);
    match f / 4 {
        0 => (r, 2 + c),     // U
        1 => (2 + r, 4 + c), // R
        2 => (2 + r, 2 + c), // F
        3 => (4 + r, 2 + c), // D
        4 => (2 + r, c),     // L
        _ => (2 + r, 6 + c), // B
    }
}

/// Reads the camera's 6x8 grid: six lines of eight cells, a colour letter (`w y g b r o`) on the 24
/// cells of the cross and `.` (or a space) elsewhere. Returns the stickers in canonical order, as
/// colour indices into [`GRID_COLOURS`].
pub fn parse_grid(text: &str) -> Result<[u8; 24], InputError> {
    let lines: Vec<(usize, &str)> = crate::input::numbered_lines(text)
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    if lines.len() != 6 {
        let (l, c) = lines
            .get(6)
            .map_or_else(|| crate::input::end_position(text), |(n, _)| (*n, 1));
        return Err(InputError::new(
            l,
            c,
            format!(
                "expected 6 rows of the 6x8 colour grid, found {}",
                lines.len()
            ),
        ));
    }
    let mut used = [[None; 8]; 6];
    for f in 0..24 {
        let (r, c) = grid_cell(f);
        used[r][c] = Some(f);
    }
    let mut out = [0u8; 24];
    for (r, &(n, line)) in lines.iter().enumerate() {
        let cells: Vec<char> = line.chars().collect();
        if cells.len() > 8 && cells[8..].iter().any(|c| !c.is_whitespace()) {
            return Err(InputError::new(
                n,
                9,
                "expected 8 cells in a row of the grid".into(),
            ));
        }
        for (c, slot) in used[r].iter().enumerate() {
            let ch = cells.get(c).copied().unwrap_or(' ');
            match slot {
                Some(f) => match GRID_COLOURS.iter().position(|&x| x == ch) {
                    Some(k) => out[*f] = k as u8,
                    None => {
                        return Err(InputError::new(
                            n,
                            c + 1,
                            format!("expected a colour letter (w y g b r o) in this cell of the cross, found `{}`", ch.escape_debug()),
                        ))
                    }
                },
                None if ch != '.' && ch != ' ' => {
                    return Err(InputError::new(n, c + 1, format!("expected `.` outside the cross, found `{}`", ch.escape_debug())))
                }
                None => {}
            }
        }
    }
    Ok(out)
}

/// The cube in a grid, checked to be real, with errors pointing at the grid cell concerned.
pub fn cube_from_grid(text: &str) -> Result<CubieCube, InputError> {
    cube_from_grid_stickers(text, &parse_grid(text)?)
}

/// [`cube_from_grid`] for stickers already read from `text` by [`parse_grid`] (errors point into
/// `text`).
pub fn cube_from_grid_stickers(text: &str, stickers: &[u8; 24]) -> Result<CubieCube, InputError> {
    let lines: Vec<usize> = crate::input::numbered_lines(text)
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, _)| n)
        .collect();
    let name = |c: u8| format!("`{}`", GRID_COLOURS[c as usize]);
    crate::cube2::from_stickers_named(stickers, &name).map_err(|e| {
        let (r, c) = grid_cell(e.sticker);
        InputError::new(lines[r], c + 1, e.msg)
    })
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
    use crate::sticker_cube::StickerCube;

    #[test]
    fn tokens_round_trip_and_costs_follow_the_table() {
        let want = [
            ("R'", 2),
            ("R2", 3),
            ("L'", 2),
            ("R'L'", 2),
            ("R2L'", 3),
            ("R'L2", 3),
            ("B'", 2),
            ("B2", 3),
            ("F'", 2),
            ("B'F'", 2),
            ("B2F'", 3),
            ("B'F2", 3),
        ];
        for (t, (tok, cost)) in TWISTS.iter().zip(want) {
            assert_eq!(t.token(), tok);
            assert_eq!(t.cost(), cost);
            assert_eq!(Twist::parse(tok), Some(*t));
        }
    }

    #[test]
    fn twists_match_the_sticker_model_and_the_spec_equivalences() {
        // Up to a whole-cube rotation: R' and L' are R'; R'L' is R2; R2L' and R'L2 are R.
        let up_to_rotation = |tok: &str, face: &str| {
            let t = Twist::parse(tok).unwrap();
            let a = StickerCube::solved().apply_all(&t.face_moves()).unwrap();
            let m =
                crate::notation::parse_moves(face, 1, crate::notation::Families::FACES).unwrap();
            let b = StickerCube::solved().apply_all(&m).unwrap();
            // Compare by cubies with DBL home: colour names do not matter.
            let ca = crate::cube2::from_stickers(&a.0).unwrap();
            let cb = crate::cube2::from_stickers(&b.0).unwrap();
            assert_eq!(ca, cb, "{tok} vs {face}");
            assert_eq!(
                t.cubie().to_stickers(),
                a.0,
                "{tok}: cubie and sticker models agree"
            );
        };
        for (tok, face) in [
            ("R'", "R'"),
            ("L'", "R'"),
            ("R'L'", "R2"),
            ("R2L'", "R"),
            ("R'L2", "R"),
            ("R2", "R2"),
        ] {
            up_to_rotation(tok, face);
        }
        for (tok, face) in [
            ("B'", "B'"),
            ("F'", "B'"),
            ("B'F'", "B2"),
            ("B2F'", "B"),
            ("B'F2", "B"),
        ] {
            up_to_rotation(tok, face);
        }
    }

    #[test]
    fn plan_lines_are_checked() {
        let p = parse_plan_line("5 R' B2F'", 1).unwrap();
        assert_eq!(format_plan(&p), "5 R' B2F'");
        let e = parse_plan_line("4 R' B2F'", 3).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3, column 1: the twists cost 5, but the line says 4"
        );
        let e = parse_plan_line("4 R' L'", 2).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 2, column 6: `L'` uses the same pair"),
            "{e}"
        );
        let e = parse_plan_line("2 R3", 1).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 1, column 3: expected a twist"),
            "{e}"
        );
    }

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

    #[test]
    fn timeline_waits_add_up_to_the_estimate() {
        let plan = parse_twists("R' B2F' R'L2 F'", 1).unwrap();
        for speed in [Speed::SLOW, Speed::MEDIUM, Speed::FAST, Speed::SUPERFAST] {
            let total: f64 =
                STARTUP_SECONDS + timeline(&plan, &speed).iter().map(|c| c.wait).sum::<f64>();
            assert!((total - estimate_seconds(&plan, &speed)).abs() < 1e-9);
        }
    }
}
