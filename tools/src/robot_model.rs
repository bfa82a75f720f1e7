//! The Soltvvo robot rebuilt from its geometry (`shared/spec/robot.md`), sharing nothing with the
//! library's robot model: stickers are placed by folding the canonical net (`tools::folded_net`), each arm
//! turns the layer of stickers on its side of the cube about its own axis, and a twist is the spec's
//! table row (which arms, how far). An exact search over this model prices every state.
//!
//! States are compared up to a renaming of colours (the robot may end in any orientation, so what
//! counts is which stickers match, not which colour they are): a state's key renames colours in
//! order of first appearance, so every solved orientation is the same key, and the whole space is
//! 3,674,160 keys. `tools::robot_costs` prices every one of them.

use crate::folded_net::{fold, rotate, Place, CANONICAL_NET, V};

/// The robot's arms in the solver's frame (arm 0 = R, 1 = B, 2 = L, 3 = F), as the axis pointing
/// from the cube's centre to the arm: +x is R, +z is F, +y is U.
pub const ARM_AXES: [V; 4] = [[1, 0, 0], [0, 0, -1], [-1, 0, 0], [0, 0, 1]];

/// One twist: the pair (0 = arms 0 and 2, 1 = arms 1 and 3) and the quarter turns (each -90
/// degrees) of its first and second arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArmTwist {
    pub pair: usize,
    pub quarters: [u8; 2],
}

impl ArmTwist {
    /// The spec's table: `R'`, `R2`, `L'`, `R'L'`, `R2L'`, `R'L2`, and the same for B and F.
    pub fn all() -> Vec<ArmTwist> {
        let rows = [[1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [1, 2]];
        (0..2)
            .flat_map(|pair| rows.map(|quarters| ArmTwist { pair, quarters }))
            .collect()
    }

    /// The spec's cost: one per quarter of the larger turn, plus one for the regrip.
    pub fn cost(&self) -> u8 {
        self.quarters[0].max(self.quarters[1]) + 1
    }

    /// The arms it turns: `(arm, quarters)`.
    pub fn arms(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        [self.pair, self.pair + 2]
            .into_iter()
            .zip(self.quarters)
            .filter(|&(_, q)| q > 0)
    }

    /// As robot2 prints it: `R'`, `R2L'`, `B'F2`...
    pub fn token(&self) -> String {
        let names = [["R", "L"], ["B", "F"]][self.pair];
        let mut s = String::new();
        for (k, &q) in self.quarters.iter().enumerate() {
            match q {
                1 => s.push_str(&format!("{}'", names[k])),
                2 => s.push_str(&format!("{}2", names[k])),
                _ => {}
            }
        }
        s
    }
}

/// Stickers in the canonical numbering, and what each arm's -90 degree turn does to them.
pub struct RobotModel {
    /// `arm_perm[a][f]`: where sticker `f` goes when arm `a` turns -90 degrees.
    arm_perm: [[usize; 24]; 4],
    pub twists: Vec<ArmTwist>,
    /// `twist_perm[t]`: the whole twist as one sticker permutation.
    twist_perm: Vec<[usize; 24]>,
}

impl Default for RobotModel {
    fn default() -> Self {
        Self::new(ArmTwist::all())
    }
}

impl RobotModel {
    /// The model with the given twists (the spec's table, or a changed one to show a test has teeth).
    pub fn new(twists: Vec<ArmTwist>) -> Self {
        let places: [Place; 24] = fold(&CANONICAL_NET)
            .expect("the canonical net folds")
            .places;
        let arm_perm = ARM_AXES.map(|axis| {
            // -90 degrees as the arm sees it: a quarter turn anticlockwise seen from the arm, that is
            // clockwise seen from the opposite side.
            let back = [-axis[0], -axis[1], -axis[2]];
            let on_layer =
                |p: &Place| p.corner.iter().zip(axis).map(|(a, b)| a * b).sum::<i32>() > 0;
            std::array::from_fn(|f| {
                let p = places[f];
                if !on_layer(&p) {
                    return f;
                }
                let to = Place {
                    corner: rotate(back, p.corner),
                    normal: rotate(back, p.normal),
                };
                places.iter().position(|&q| q == to).expect("a sticker")
            })
        });
        let twist_perm = twists
            .iter()
            .map(|t| {
                let mut perm: [usize; 24] = std::array::from_fn(|f| f);
                for (arm, q) in t.arms() {
                    for _ in 0..q {
                        perm = perm.map(|f| arm_perm[arm][f]);
                    }
                }
                perm
            })
            .collect();
        RobotModel {
            arm_perm,
            twists,
            twist_perm,
        }
    }

    /// The stickers after arm `arm` turns `quarters` times -90 degrees.
    pub fn turn_arm(&self, s: &[u8; 24], arm: usize, quarters: u8) -> [u8; 24] {
        let mut s = *s;
        for _ in 0..quarters {
            let mut t = [0u8; 24];
            for f in 0..24 {
                t[self.arm_perm[arm][f]] = s[f];
            }
            s = t;
        }
        s
    }

    pub fn apply(&self, s: &[u8; 24], twist: usize) -> [u8; 24] {
        let mut t = [0u8; 24];
        for f in 0..24 {
            t[self.twist_perm[twist][f]] = s[f];
        }
        t
    }

    /// The stickers after a scramble move in WCA notation (faces and rotations; a 2x2x2 has no
    /// slices): face X turns the layer on X's side clockwise as seen from outside, x/y/z turn the
    /// whole cube as R/U/F do.
    pub fn scramble(&self, s: &[u8; 24], moves: &[twisty::notation::Move]) -> Option<[u8; 24]> {
        use twisty::notation::Turn;
        let folded = fold(&CANONICAL_NET).expect("the canonical net folds");
        let mut s = *s;
        for m in moves {
            let (axis, whole) = match m.turn {
                Turn::Face(f) => (folded.normal(f.letter()), false),
                Turn::Rotation('x') => (folded.normal('R'), true),
                Turn::Rotation('y') => (folded.normal('U'), true),
                Turn::Rotation('z') => (folded.normal('F'), true),
                _ => return None,
            };
            for _ in 0..m.amount {
                let mut t = [0u8; 24];
                for (f, p) in folded.places.iter().enumerate() {
                    let on =
                        whole || p.corner.iter().zip(axis).map(|(a, b)| a * b).sum::<i32>() > 0;
                    let to = if on {
                        folded.index(Place {
                            corner: rotate(axis, p.corner),
                            normal: rotate(axis, p.normal),
                        })
                    } else {
                        f
                    };
                    t[to] = s[f];
                }
                s = t;
            }
        }
        Some(s)
    }
}

/// Every face one colour.
pub fn solved(s: &[u8; 24]) -> bool {
    s.chunks(4).all(|f| f.iter().all(|&c| c == f[0]))
}

/// The state's key: colours renamed in order of first appearance, 3 bits each. Colours are 0..8 (the
/// model's are 0..6); the small table keeps this hot loop of the exact searches cheap.
pub fn key(s: &[u8; 24]) -> u128 {
    let mut name = [u8::MAX; 8];
    let mut next = 0u8;
    let mut k = 0u128;
    for &c in s {
        if name[c as usize] == u8::MAX {
            name[c as usize] = next;
            next += 1;
        }
        k = k << 3 | name[c as usize] as u128;
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arms_turn_layers_of_four_corners() {
        let m = RobotModel::default();
        let solved: [u8; 24] = std::array::from_fn(|f| (f / 4) as u8);
        for arm in 0..4 {
            let once = m.turn_arm(&solved, arm, 1);
            assert!(!super::solved(&once));
            // Four quarters are no turn; two arms of a pair turned together both ways are a rotation.
            assert_eq!(m.turn_arm(&once, arm, 3), solved);
        }
        // R' then L' (the spec's R'L') moves the whole cube: still every face one colour.
        let r_l = m.turn_arm(&m.turn_arm(&solved, 0, 1), 2, 1);
        assert!(
            !super::solved(&r_l),
            "R'L' is R2 up to rotation, not a rotation"
        );
        let rot = m.turn_arm(&m.turn_arm(&solved, 0, 1), 2, 3);
        assert!(
            super::solved(&rot),
            "R' with L three quarters is a whole-cube rotation"
        );
    }

    #[test]
    fn keys_ignore_colour_names() {
        let s: [u8; 24] = std::array::from_fn(|f| (f / 4) as u8);
        let t = s.map(|c| [5, 3, 1, 0, 2, 4][c as usize]);
        assert_eq!(key(&s), key(&t));
    }
}
