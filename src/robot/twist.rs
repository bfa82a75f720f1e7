//! The robot's twists: which pair of arms turns how far, what it costs, how it is written
//! (`R'`, `R2L'`, `B'F2`), and what it does to the cube in the robot's fixed frame.

use crate::cube2::CubieCube;
use crate::input::{line_tokens, InputError};
use crate::notation::{Face, Move, Turn};

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
}
