//! What this machine offers a table build or a search: its cores.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The threads a table build or a search uses by default: every core. Asked of the system once:
/// std reads the cgroup's files each time (some 50 us), and a small search asks at every level.
/// Cores left free while work beside them runs ([`reserve_core`]), at least one used.
pub fn threads() -> usize {
    static THREADS: AtomicUsize = AtomicUsize::new(0);
    let cores = match THREADS.load(Relaxed) {
        0 => {
            let n = std::thread::available_parallelism().map_or(1, |n| n.get());
            THREADS.store(n, Relaxed);
            n
        }
        n => n,
    };
    cores.saturating_sub(RESERVED.load(Relaxed)).max(1)
}

/// Cores set aside for work running beside the searches and builds.
static RESERVED: AtomicUsize = AtomicUsize::new(0);

/// A core set aside until dropped: searches and table builds that start meanwhile use one thread
/// fewer, so that work beside them (the engine's check that a state is reachable) keeps its core.
pub struct ReservedCore(());

pub fn reserve_core() -> ReservedCore {
    RESERVED.fetch_add(1, Relaxed);
    ReservedCore(())
}

impl Drop for ReservedCore {
    fn drop(&mut self) {
        RESERVED.fetch_sub(1, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reserved_core_is_left_free_until_dropped() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let core = reserve_core();
        // (Other tests may hold one too: at most this many.)
        assert!(threads() <= cores.saturating_sub(1).max(1));
        drop(core);
        assert!(threads() >= 1);
        let all: Vec<ReservedCore> = (0..cores + 2).map(|_| reserve_core()).collect();
        assert_eq!(threads(), 1, "at least one thread, whatever is reserved");
        drop(all);
    }
}
