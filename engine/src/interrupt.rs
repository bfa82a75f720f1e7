//! Ending long runs cleanly: Ctrl-C (SIGINT) or a time limit sets one flag, which the searches
//! check between chunks of work and then return what they have.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

static STOP: AtomicBool = AtomicBool::new(false);
/// Milliseconds since the epoch after which to stop; 0: none.
static DEADLINE_MS: AtomicU64 = AtomicU64::new(0);

extern "C" fn on_signal(_: libc::c_int) {
    STOP.store(true, Ordering::Relaxed);
}

/// Catches Ctrl-C from now on: the first one asks the run to stop; the default action is restored
/// so that a second one ends the process at once.
pub fn catch_ctrl_c() {
    extern "C" fn once(sig: libc::c_int) {
        on_signal(sig);
        // SAFETY: resetting a signal disposition is async-signal-safe.
        unsafe {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
        }
    }
    // SAFETY: the handler only stores to an atomic and resets the disposition.
    unsafe {
        libc::signal(libc::SIGINT, once as *const () as libc::sighandler_t);
    }
}

/// Stops runs after `seconds` from now.
pub fn set_time_limit(seconds: f64) {
    DEADLINE_MS.store(now_ms() + (seconds * 1000.0) as u64, Ordering::Relaxed);
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// Whether the run should stop now.
pub fn requested() -> bool {
    if STOP.load(Ordering::Relaxed) {
        return true;
    }
    let deadline = DEADLINE_MS.load(Ordering::Relaxed);
    if deadline != 0 && now_ms() >= deadline {
        STOP.store(true, Ordering::Relaxed);
        return true;
    }
    false
}

/// Asks running searches to stop (tests; the signal handler does the same).
pub fn request() {
    STOP.store(true, Ordering::Relaxed);
}

/// Clears a request (between runs in one process).
pub fn reset() {
    STOP.store(false, Ordering::Relaxed);
    DEADLINE_MS.store(0, Ordering::Relaxed);
}
