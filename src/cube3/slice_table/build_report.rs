//! What a build of the slice table prints: a line a level with a bar of the entries reached and
//! the time left, and within a long level a line every half minute with the share swept. The time
//! left is the larger of two estimates: the whole build's time on this project's machine
//! ([`super::TableSize::build_seconds`]), and the current level's own pace (alone in the last
//! level, which the search knows: the one after the base is chosen).

use super::line_bfs::Event;
use crate::dist_table::bfs::Level;

/// Seconds between two lines within a level.
const EVERY: f64 = 30.0;

pub struct BuildReport<'a> {
    log: &'a mut dyn FnMut(&str),
    entries: usize,
    /// The whole build's expected seconds.
    expected: f64,
    /// When the current level began and when a line was last printed, in the build's seconds.
    level_began: f64,
    last_line: f64,
}

impl<'a> BuildReport<'a> {
    pub fn new(entries: usize, expected: f64, log: &'a mut dyn FnMut(&str)) -> Self {
        BuildReport {
            log,
            entries,
            expected,
            level_began: 0.0,
            last_line: 0.0,
        }
    }

    pub fn event(&mut self, e: Event) {
        match e {
            Event::Level(l) => {
                self.level_began = l.seconds;
                self.last_line = l.seconds;
                let left = left_text(self.expected - l.seconds);
                (self.log)(&format!("{}{left}", level_line(l, self.entries)));
            }
            Event::Sweeping {
                depth,
                done,
                seconds,
                last,
            } => {
                if seconds - self.last_line < EVERY || done <= 0.0 {
                    return;
                }
                self.last_line = seconds;
                let in_level = seconds - self.level_began;
                let level_left = in_level / done * (1.0 - done);
                // In the last level its own pace is the whole estimate.
                let whole = if last { 0.0 } else { self.expected - seconds };
                let left = left_text(whole.max(level_left));
                (self.log)(&format!(
                    "{}  depth {depth:2}: {:4.1}% of its lines swept  {seconds:6.1} s{left}",
                    bar(done),
                    done * 100.0
                ));
            }
            Event::Resumed { depth, seconds } => (self.log)(&format!(
                "resuming the build after depth {depth}, from the levels the last one kept \
                 ({seconds:.0} s of work; the times below count them)"
            )),
            Event::Kept { depth, seconds } => {
                // The next level starts after the write.
                self.level_began += seconds;
                (self.log)(&format!(
                    "levels up to depth {depth} kept in {seconds:.1} s (an interrupted build \
                     resumes from them)"
                ))
            }
            Event::NotKept(why) => (self.log)(&why),
        }
    }
}

fn bar(done: f64) -> String {
    let bar: String = (0..30)
        .map(|i| if (i as f64) < done * 30.0 { '#' } else { '.' })
        .collect();
    format!("[{bar}]")
}

/// A level's line: a bar of the entries reached, the depth, its entries, the seconds so far.
pub fn level_line(l: &Level, entries: usize) -> String {
    let done = l.reached as f64 / entries as f64;
    format!(
        "{} {:5.1}%  depth {:2}: {:>13} entries  {:6.1} s",
        bar(done),
        done * 100.0,
        l.depth,
        l.states,
        l.seconds
    )
}

fn left_text(seconds: f64) -> String {
    if seconds < 60.0 {
        String::new()
    } else {
        format!("  about {:.0} min left", seconds / 60.0)
    }
}
