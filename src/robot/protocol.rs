//! The Soltvvo serial protocol (version 3.2): the command lines for a plan and the waits between
//! them, and the time they take.

use super::planner::Objective;
use super::twist::{plan_cost, Twist};

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

    /// The speed if every parameter is one the bridge can wait for: waits of 0 to 60 s, ratio
    /// 0.01 to 100, rpm 1 to 100,000. The message names the flag (`--slp1`...).
    pub fn checked(self) -> Result<Speed, String> {
        for (flag, value, lo, hi, unit) in [
            ("--slp1", self.slp1, 0.0, 60.0, " seconds"),
            ("--slp2", self.slp2, 0.0, 60.0, " seconds"),
            ("--ratio", self.ratio, 0.01, 100.0, ""),
        ] {
            if !(value.is_finite() && (lo..=hi).contains(&value)) {
                return Err(format!(
                    "{flag} must be a number from {lo} to {hi}{unit}, found {value:?}"
                ));
            }
        }
        if !(1..=100_000).contains(&self.rpm) {
            return Err(format!("--rpm must be 1 to 100000, found {}", self.rpm));
        }
        Ok(self)
    }

    /// The protocol's time as an integer [`Objective`]: every twist after the first adds
    /// slp1 + slp2 and `2 * 60 / rpm * 90 / 360 * ratio` per quarter; the first adds slp1 and its
    /// turn. So over plans of one twist or more the estimate is a constant (start-up minus slp2)
    /// plus the sum over twists, and minimising the sum minimises the estimate. Multiplied by rpm
    /// and a million, the two prices are whole numbers; divided by their common factor they are
    /// small (medium: 8 and 3). Fails if the speed is not [`Speed::checked`], has more than 6
    /// decimals, or the prices stay above 2^20 (plans could then overflow the search's 32-bit
    /// costs).
    pub fn objective(&self) -> Result<Objective, String> {
        let s = self.checked()?;
        // Exact prices need whole microseconds (millionths); only planning needs them.
        let whole = |flag: &str, value: f64| {
            micros(value).ok_or_else(|| {
                format!(
                    "{flag} may have at most 6 decimals (the planner prices time in whole microseconds), found {value}"
                )
            })
        };
        let (slp1, slp2, ratio) = (
            whole("--slp1", s.slp1)?,
            whole("--slp2", s.slp2)?,
            whole("--ratio", s.ratio)?,
        );
        let regrip = (slp1 + slp2) * s.rpm as u64;
        let quarter = 30 * ratio;
        let g = gcd(regrip, quarter).max(1);
        let (regrip, quarter) = (regrip / g, quarter / g);
        const LIMIT: u64 = 1 << 20;
        if regrip > LIMIT || quarter > LIMIT {
            return Err(format!(
                "this timing prices a regrip and a quarter as {regrip} and {quarter} units, above the planner's {LIMIT}: round it"
            ));
        }
        Ok(Objective {
            regrip: regrip as u32,
            quarter: quarter as u32,
        })
    }

    /// Seconds the host waits for a turn of `quarters`: 2 * 60 / rpm * quarters * 90 / 360 * ratio.
    pub fn turn_seconds(&self, quarters: u8) -> f64 {
        2.0 * 60.0 / self.rpm as f64 * quarters as f64 * 90.0 / 360.0 * self.ratio
    }
}

/// `value` in whole millionths, if it is one (up to the rounding of its decimal text).
fn micros(value: f64) -> Option<u64> {
    let m = (value * 1e6).round();
    ((m / 1e6 - value).abs() <= 1e-12 * value.abs().max(1.0) && m >= 0.0).then_some(m as u64)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot::parse_twists;

    #[test]
    fn time_prices_keep_the_ratio_of_the_waits() {
        for speed in [Speed::SLOW, Speed::MEDIUM, Speed::FAST, Speed::SUPERFAST] {
            let o = speed.objective().unwrap();
            let want = (speed.slp1 + speed.slp2) / speed.turn_seconds(1);
            assert!(
                (o.regrip as f64 / o.quarter as f64 - want).abs() < 1e-12,
                "{speed:?}"
            );
        }
        let odd = Speed {
            slp1: 0.1234567,
            ..Speed::MEDIUM
        };
        assert!(odd.objective().unwrap_err().contains("at most 6 decimals"));
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
