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
//!
//! Files: `twist` (the twists and plan lines), `planner` (robot2's IDA*, the move-by-move baseline),
//! `protocol` (the serial commands and waits), `grid` (the camera grid), `fake_firmware` (the
//! boards' firmware faked, for robot-sim and the bridge's tests).

pub mod fake_firmware;
pub mod grid;
pub mod planner;
pub mod protocol;
pub mod twist;

pub use self::grid::*;
pub use self::planner::*;
pub use self::protocol::*;
pub use self::twist::*;
