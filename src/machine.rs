//! What this machine offers a table build or a search: its cores and its memory.

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

/// The memory this machine has available now, in bytes (Linux's `MemAvailable`); `None` where
/// the system does not say.
pub fn memory_available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}
