//! Progress on stderr: a table's levels (a bar on a terminal, one plain line per level otherwise)
//! and a long search's depth, nodes and nodes per second.

use engine::tables::full_table::Level;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// The levels of one table build.
pub struct TableProgress {
    bar: Option<ProgressBar>,
}

impl TableProgress {
    /// For a table of `ranks` entries.
    pub fn new(ranks: u64) -> TableProgress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(ranks);
            bar.set_style(
                ProgressStyle::with_template(
                    "{elapsed_precise} [{bar:40}] {human_pos}/{human_len} states {msg}",
                )
                .expect("a fixed template")
                .progress_chars("=> "),
            );
            bar
        });
        TableProgress { bar }
    }

    pub fn level(&mut self, level: &Level) {
        match &self.bar {
            Some(bar) => {
                bar.set_position(level.reached);
                bar.set_message(format!("depth {}", level.depth));
            }
            None => eprintln!(
                "depth {:>2}: {:>13} states, {:>13} reached, {:>7.2} s",
                level.depth, level.states, level.reached, level.seconds
            ),
        }
    }
}

impl Drop for TableProgress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A search's reports: a spinner with its depth, nodes and rate on a terminal (shown once the
/// search has run a second), one line per report otherwise.
pub struct SearchProgress {
    bar: Option<ProgressBar>,
}

impl SearchProgress {
    pub fn new() -> SearchProgress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                    .expect("a fixed template"),
            );
            bar
        });
        SearchProgress { bar }
    }

    pub fn report(&self, depth: u32, nodes: u64, seconds: f64) {
        let line = format!(
            "searching depth {depth:>2}: {nodes:>14} nodes, {:>12.0} nodes/s, {seconds:>8.1} s",
            nodes as f64 / seconds.max(1e-9)
        );
        match &self.bar {
            Some(bar) => {
                bar.enable_steady_tick(std::time::Duration::from_millis(120));
                bar.set_message(line);
            }
            None => eprintln!("{line}"),
        }
    }
}

impl Drop for SearchProgress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// One line per level of a search's near table.
pub fn near_level(depth: u32, states: u64, bytes: u64, seconds: f64) {
    eprintln!(
        "near table: depth {depth:>2}, {states:>13} states, {}, {seconds:.2} s",
        twisty::bytes::show(bytes as u128)
    );
}

/// One line per pattern database built for a search.
pub fn pattern_table(states: usize, bytes: u64, seconds: f64) {
    eprintln!(
        "pattern database: {states} states, {}, {seconds:.2} s",
        twisty::bytes::show(bytes as u128)
    );
}

/// Many states solved in one run: a bar with the lines done and the mean seconds a line on a
/// terminal, nothing otherwise (the answers are the output).
pub struct BatchProgress {
    bar: Option<ProgressBar>,
    start: std::time::Instant,
    done: u64,
}

impl BatchProgress {
    pub fn new(lines: u64) -> BatchProgress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(lines);
            bar.set_style(
                ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} {msg}")
                    .expect("a fixed template")
                    .progress_chars("=> "),
            );
            bar
        });
        BatchProgress {
            bar,
            start: std::time::Instant::now(),
            done: 0,
        }
    }

    pub fn done(&mut self) {
        self.done += 1;
        if let Some(bar) = &self.bar {
            let mean = self.start.elapsed().as_secs_f64() / self.done as f64;
            bar.set_position(self.done);
            bar.set_message(format!("{mean:.3} s a line"));
        }
    }

    /// A message above the bar (or a plain line).
    pub fn println(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }
}

impl Drop for BatchProgress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
