//! Progress of a long search: nodes counted by its threads, reported every few seconds by the
//! calling thread (`searching depth 13: 41513118 nodes, 36950596 nodes/s, 1.1 s`).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// Progress of a search, shared by its threads; reported by the calling thread.
pub struct Progress<'a> {
    /// Nodes of the iterations finished.
    pub nodes: AtomicU64,
    pub started: Instant,
    /// Seconds (as `f64` bits) at the last report.
    last: AtomicU64,
    pub report: &'a (dyn Fn(u32, u64, f64) + Sync),
}

/// Seconds between progress reports of a long search.
const REPORT_EVERY: f64 = 2.0;

impl<'a> Progress<'a> {
    pub fn new(report: &'a (dyn Fn(u32, u64, f64) + Sync)) -> Self {
        Progress {
            nodes: AtomicU64::new(0),
            started: Instant::now(),
            last: AtomicU64::new(0),
            report,
        }
    }

    /// Reports the end of an iteration of `nodes`, once the search has run long enough for
    /// reports.
    pub fn finished(&self, depth: u32, nodes: u64) {
        let all = self.nodes.fetch_add(nodes, Relaxed) + nodes;
        let now = self.started.elapsed().as_secs_f64();
        if now >= REPORT_EVERY / 2.0 {
            self.last.store(now.to_bits(), Relaxed);
            (self.report)(depth, all, now);
        }
    }

    /// Reports `nodes` of the iteration at `depth` when the last report is old enough.
    pub fn tick(&self, depth: u32, nodes: u64) {
        let now = self.started.elapsed().as_secs_f64();
        if now - f64::from_bits(self.last.load(Relaxed)) >= REPORT_EVERY {
            self.last.store(now.to_bits(), Relaxed);
            (self.report)(depth, self.nodes.load(Relaxed) + nodes, now);
        }
    }
}
