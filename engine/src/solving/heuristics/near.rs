//! The near table's growth: a level at a time while the search says it pays (`solver.rs`),
//! kept in the cache folder when it grew.

use super::{Heuristics, NEAR_NAME};
use std::time::Instant;

impl Heuristics {
    /// Deepens the near table by a level if the memory allows (true if it did).
    /// Beside a symmetry-reduced table, the near table is deepened only while its floor stays
    /// three moves under that table's mean bound (9.5 for the 3x3x3's: it stays at depth 5, 16
    /// MB). Depth 6 (128 MB, 0.6 s to build) took a 16-move search from 20.7 to 19.5 s, but
    /// reading it from the cache cost every later run 0.1 to 0.4 s (the 14-move row: 0.24 s
    /// against 0.14 s); depth 7 saved nothing for 14.6 s and 2.4 GB.
    pub fn deepen(&mut self) -> bool {
        let t = Instant::now();
        let floor = self.bounds.near.depth + 2;
        if self
            .bounds
            .sym
            .as_ref()
            .is_some_and(|s| floor as f64 > s.table.mean() - 3.0)
        {
            return false;
        }
        if !self.bounds.near.deepen(&self.near_moves, self.near_memory) {
            return false;
        }
        let n = &self.bounds.near;
        let secs = t.elapsed().as_secs_f64();
        let new = *n.levels.last().unwrap_or(&0);
        if new >= 1 << 12 {
            self.state_secs = secs / new as f64;
        }
        (self.reports.near)(n.depth, n.entries(), n.bytes(), secs);
        true
    }

    /// Seconds a state of the near table's next level is expected to cost: as the last level
    /// measured (a few thousand states or more), else about 150 ns (the 3x3x3's on two cores).
    pub fn state_secs(&self) -> f64 {
        self.state_secs
    }

    /// Keeps the near table in the cache if it grew since it was read or last kept.
    pub fn keep(&mut self) {
        let near = &self.bounds.near;
        let Some(c) = &self.cache else {
            return;
        };
        if near.depth <= self.kept_depth {
            return;
        }
        let levels = near.levels.clone();
        c.keep_table(
            "near",
            NEAR_NAME,
            (near.bytes() / 8, 64, levels, near.words()),
        );
        self.kept_depth = near.depth;
    }
}
