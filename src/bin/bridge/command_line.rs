//! The bridge's command line: what to send and how (input kind, link, speed, objective), the
//! setup subcommands, and the speed options checked into a `Speed` before anything is sent.

use crate::Failure;
use clap::{Args, Subcommand, ValueEnum};
use twisty::robot::Speed;

#[derive(Args)]
pub struct Run {
    /// The plan, solution or grid (default: standard input).
    pub file: Option<std::path::PathBuf>,
    /// What the input is: a robot2 line, a face-turn solution, or the camera's grid (auto detects).
    #[arg(long, value_enum, default_value = "auto")]
    pub input: InputKind,
    /// The cube the robot holds, as a scramble from solved: checked against a plan before sending.
    #[arg(long)]
    pub scramble: Option<String>,
    /// Print the timeline (time, board, exact line) and the estimates; send nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Run against the fake firmware (robot-sim) on pseudo-terminals.
    #[arg(long)]
    pub simulate: bool,
    #[command(flatten)]
    pub link: Link,
    #[command(flatten)]
    pub speed: SpeedArgs,
    /// What the bridge's own plans (for face-turn and grid input) minimise: the protocol's
    /// estimated time at this speed, or the spec's cost (robot2's default). A plan given as input
    /// is sent as it is.
    #[arg(long, value_enum, default_value = "time")]
    pub objective: Goal,
    /// Multiply every wait by this (0 sends as fast as possible; for the simulator only).
    #[arg(long, default_value_t = 1.0)]
    pub time_scale: f64,
}

#[derive(Args, Clone)]
pub struct Link {
    /// Serial port of board 0 (arms R, B), then of board 1 (arms L, F): give it twice.
    #[arg(long = "port", num_args = 1)]
    pub ports: Vec<String>,
    /// Baud rate of both ports.
    #[arg(long, default_value_t = 115_200)]
    pub baud: u32,
}

#[derive(Args, Clone)]
pub struct SpeedArgs {
    /// slow, medium, fast or superfast.
    #[arg(long, default_value = "medium")]
    pub speed: String,
    /// Wait after grabbing, seconds (overrides the speed mode's).
    #[arg(long)]
    pub slp1: Option<f64>,
    /// Wait after releasing, seconds.
    #[arg(long)]
    pub slp2: Option<f64>,
    /// Stepper speed value sent with each turn.
    #[arg(long)]
    pub rpm: Option<u32>,
    /// Turn wait ratio.
    #[arg(long)]
    pub ratio: Option<f64>,
}

#[derive(Subcommand)]
pub enum Setup {
    /// Close all four grips.
    Grab(SetupArgs),
    /// Open all four grips.
    Release(SetupArgs),
    /// Release, then home every arm on its magnet sensor.
    Calibrate(SetupArgs),
}

#[derive(Args)]
pub struct SetupArgs {
    #[command(flatten)]
    pub link: Link,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum Goal {
    Time,
    Cost,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum InputKind {
    Auto,
    Plan,
    Moves,
    Grid,
}

pub fn speed_of(a: &SpeedArgs) -> Result<Speed, Failure> {
    let mut s = Speed::named(&a.speed).ok_or_else(|| {
        (
            2,
            format!(
                "unknown speed `{}` (slow, medium, fast, superfast)",
                a.speed
            ),
        )
    })?;
    s.slp1 = a.slp1.unwrap_or(s.slp1);
    s.slp2 = a.slp2.unwrap_or(s.slp2);
    s.rpm = a.rpm.unwrap_or(s.rpm);
    s.ratio = a.ratio.unwrap_or(s.ratio);
    // Every wait becomes a Duration and a real pause between serial lines: each must be a finite,
    // sensible number, checked before anything is sent.
    s.checked().map_err(|e| (2, e))
}

/// `value` must be a finite number in `lo..=hi`.
pub fn in_range(flag: &str, value: f64, lo: f64, hi: f64, unit: &str) -> Result<(), Failure> {
    if value.is_finite() && (lo..=hi).contains(&value) {
        return Ok(());
    }
    Err((
        2,
        format!("{flag} must be a number from {lo} to {hi} {unit}, found {value:?}")
            .replace("  ,", ",")
            .replace(" ,", ","),
    ))
}
