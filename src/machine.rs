//! What this machine offers a table build or a search: its cores.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The threads a table build or a search uses by default: every core. Asked of the system once:
/// std reads the cgroup's files each time, and a small search asks at every level.
pub fn threads() -> usize {
    static THREADS: AtomicUsize = AtomicUsize::new(0);
    match THREADS.load(Relaxed) {
        0 => {
            let n = std::thread::available_parallelism().map_or(1, |n| n.get());
            THREADS.store(n, Relaxed);
            n
        }
        n => n,
    }
}
