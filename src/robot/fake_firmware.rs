//! A fake of the Soltvvo boards' firmware, for testing the bridge without a robot.
//!
//! Each board reads characters into a 30-character buffer until `\n`, splits the line at spaces
//! and parses integers, as the firmware does. The emulator keeps each board's grips and steppers,
//! and reports protocol violations: an unknown command, a line that overflows the buffer, a turn in
//! the positive direction or not by a quarter or a half, and turning an arm whose pair is not
//! gripping (or while the other pair still grips, which would block the cube).
//!
//! The host never gets a reply and times everything by waiting, so the order of lines *across* the two
//! boards is not observable here. The emulator instead checks what the protocol guarantees: each board's
//! own lines in order, and, twist by twist, that both boards grabbed the same pair. Twist `k` is the
//! `k`-th grab-then-turn segment of each board; the cube is turned twist by twist in that order.

use crate::robot::{Pair, Twist, GRAB, RELEASE};

/// Where each arm is, from the robot's geometry: arm `a` is board `a / 2`, motor `a % 2`, and arm 0 = R
/// (+x), 1 = B (-z), 2 = L (-x), 3 = F (+z). The emulator turns the cube it holds by these, not by the
/// bridge's twist table, so that "the cube ends solved" checks the bridge's twists independently.
const ARM_AXES: [[i32; 3]; 4] = [[1, 0, 0], [0, 0, -1], [-1, 0, 0], [0, 0, 1]];
use crate::sticker_cube::StickerCube;

/// The firmware's line buffer holds 29 characters and the terminator.
pub const LINE_BUFFER: usize = 30;

/// One board's view: two motors (grip servo + stepper each).
#[derive(Clone, Debug, Default)]
struct Board {
    buffer: Vec<u8>,
    overflowed: bool,
    lines: usize,
    gripping: [bool; 2],
    /// Stepper angle per motor, in degrees (negative = the way arms turn).
    angle: [i64; 2],
    /// Per twist segment: the pair that gripped, and the quarters turned by each motor.
    segments: Vec<(usize, [u8; 2])>,
}

/// What the emulator saw.
#[derive(Clone, Debug)]
pub struct Report {
    pub lines: [usize; 2],
    pub violations: Vec<String>,
    /// The twists reconstructed from both boards, in order.
    pub twists: Vec<Twist>,
    /// The cube after those twists, from the start cube.
    pub cube: StickerCube,
}

/// Both boards and the cube they hold.
#[derive(Clone, Debug)]
pub struct Firmware {
    boards: [Board; 2],
    start: StickerCube,
    violations: Vec<String>,
}

impl Firmware {
    /// A robot holding `start` (stickers in the canonical numbering, robot frame).
    pub fn new(start: StickerCube) -> Self {
        Firmware {
            boards: Default::default(),
            start,
            violations: Vec::new(),
        }
    }

    /// Feeds bytes received by board `b`.
    pub fn feed(&mut self, b: usize, bytes: &[u8]) {
        for &c in bytes {
            if c == b'\n' {
                let line = String::from_utf8_lossy(&self.boards[b].buffer).to_string();
                let overflowed = std::mem::take(&mut self.boards[b].overflowed);
                self.boards[b].buffer.clear();
                self.boards[b].lines += 1;
                let n = self.boards[b].lines;
                if overflowed {
                    self.violation(
                        b,
                        n,
                        format!("line longer than {} characters: `{line}`", LINE_BUFFER - 1),
                    );
                    continue;
                }
                self.line(b, n, &line);
            } else if self.boards[b].buffer.len() < LINE_BUFFER - 1 {
                self.boards[b].buffer.push(c);
            } else {
                self.boards[b].overflowed = true;
            }
        }
    }

    fn violation(&mut self, b: usize, n: usize, msg: String) {
        self.violations.push(format!("board {b}, line {n}: {msg}"));
    }

    fn line(&mut self, b: usize, n: usize, line: &str) {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let parts: Vec<&str> = line.split(' ').collect();
        let ints: Option<Vec<i64>> = parts.iter().map(|p| p.parse().ok()).collect();
        let ints = match ints.filter(|v| (2..=3).contains(&v.len())) {
            Some(ints) => ints,
            None => return self.violation(b, n, format!("unknown command `{line}`")),
        };
        let (motor, arg) = (ints[0], ints[1]);
        if !(0..=1).contains(&motor) {
            return self.violation(
                b,
                n,
                format!("no motor {motor} (boards have motors 0 and 1): `{line}`"),
            );
        }
        let m = motor as usize;
        let board = &mut self.boards[b];
        match arg as i32 {
            GRAB => {
                if !board.gripping[m] {
                    board.segments.push((m, [0, 0]));
                }
                board.gripping[m] = true;
            }
            RELEASE => board.gripping[m] = false,
            0 => {
                if ints.len() != 3 {
                    return self.violation(
                        b,
                        n,
                        format!("homing needs a speed argument: `{line}`"),
                    );
                }
                board.angle[m] = 0;
            }
            deg => {
                if ints.len() != 3 || ints[2] <= 0 {
                    return self.violation(
                        b,
                        n,
                        format!("a turn needs a positive speed: `{line}`"),
                    );
                }
                if deg != -90 && deg != -180 {
                    return self.violation(
                        b,
                        n,
                        format!("arms turn only by -90 or -180 degrees: `{line}`"),
                    );
                }
                if !board.gripping[m] {
                    return self.violation(
                        b,
                        n,
                        format!("turning motor {m} while its arm does not grip: `{line}`"),
                    );
                }
                if board.gripping[1 - m] {
                    return self.violation(
                        b,
                        n,
                        format!("turning motor {m} while the other pair still grips: `{line}`"),
                    );
                }
                board.angle[m] += deg as i64;
                match board.segments.last_mut() {
                    Some((pair, q)) if *pair == m => q[m] += (-deg / 90) as u8,
                    _ => self.violation(b, n, format!("a turn with no grab before it: `{line}`")),
                }
            }
        }
    }

    /// Ends the session: checks the boards against each other and turns the cube.
    pub fn finish(mut self) -> Report {
        for b in 0..2 {
            if !self.boards[b].buffer.is_empty() {
                let text = String::from_utf8_lossy(&self.boards[b].buffer).to_string();
                self.violations.push(format!(
                    "board {b}: an unterminated line at the end: `{text}`"
                ));
            }
        }
        let (s0, s1) = (&self.boards[0].segments, &self.boards[1].segments);
        let mut twists = Vec::new();
        let mut cube = self.start;
        for k in 0..s0.len().max(s1.len()) {
            let (a, b) = (s0.get(k), s1.get(k));
            let (pair, q0, q1) = match (a, b) {
                (Some(&(p0, q0)), Some(&(p1, q1))) if p0 == p1 => (p0, q0[p0], q1[p1]),
                _ => {
                    self.violations.push(format!(
                        "twist {}: the boards did not grab the same pair (board 0: {:?}, board 1: {:?})",
                        k + 1,
                        a.map(|s| s.0),
                        b.map(|s| s.0)
                    ));
                    break;
                }
            };
            if q0 == 0 && q1 == 0 {
                continue;
            }
            if q0 > 2 || q1 > 2 {
                self.violations.push(format!(
                    "twist {}: an arm turned more than a half turn",
                    k + 1
                ));
            }
            let t = Twist {
                pair: if pair == 0 { Pair::RL } else { Pair::BF },
                first: q0.min(2),
                second: q1.min(2),
            };
            // Each arm turned its side of the cube by -90 degrees per quarter, as the arm sees it:
            // anticlockwise seen from that side, three quarters clockwise.
            for (board, q) in [(0, q0), (1, q1)] {
                let arm = board * 2 + pair;
                cube = cube.turn_layer(ARM_AXES[arm], (4 - q % 4) % 4);
            }
            twists.push(t);
        }
        Report {
            lines: [self.boards[0].lines, self.boards[1].lines],
            violations: self.violations,
            twists,
            cube,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot::{parse_twists, timeline, Speed};

    fn run(plan: &str) -> Report {
        let plan = parse_twists(plan, 1).unwrap();
        let mut fw = Firmware::new(StickerCube::solved());
        for c in timeline(&plan, &Speed::MEDIUM) {
            fw.feed(c.board, format!("{}\n", c.line).as_bytes());
        }
        fw.finish()
    }

    #[test]
    fn a_timeline_replays_its_plan() {
        let r = run("R' B2F' R'L2 F'");
        assert!(r.violations.is_empty(), "{:?}", r.violations);
        assert_eq!(r.twists, parse_twists("R' B2F' R'L2 F'", 1).unwrap());
    }

    #[test]
    fn violations_are_reported() {
        let mut fw = Firmware::new(StickerCube::solved());
        fw.feed(0, b"0 -90 400\n"); // no grip
        fw.feed(0, b"7 1000\n");
        fw.feed(0, b"hello\n");
        fw.feed(1, b"0 1000\n0 90 400\n");
        fw.feed(1, b"0 -90 400 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n");
        let r = fw.finish();
        let all = r.violations.join("\n");
        assert!(
            all.contains("board 0, line 1: turning motor 0 while its arm does not grip"),
            "{all}"
        );
        assert!(all.contains("board 0, line 2: no motor 7"), "{all}");
        assert!(
            all.contains("board 0, line 3: unknown command `hello`"),
            "{all}"
        );
        assert!(
            all.contains("board 1, line 2: arms turn only by -90 or -180 degrees"),
            "{all}"
        );
        assert!(
            all.contains("board 1, line 3: line longer than 29 characters"),
            "{all}"
        );
    }
}
