//! Stopping cleanly. SIGINT, SIGTERM or SIGHUP to the judge are passed on to the measuring helper (or
//! checker) that is running, which kills the solver and every process it started; the judge then
//! reports the cases that ran and exits 130.

use std::io;
use std::process::{Command, ExitStatus};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

static STOP: AtomicBool = AtomicBool::new(false);
/// The helper now running, 0 when none.
static CHILD: AtomicI32 = AtomicI32::new(0);

extern "C" fn on_stop_signal(_: libc::c_int) {
    STOP.store(true, Ordering::SeqCst);
    let pid = CHILD.load(Ordering::SeqCst);
    if pid > 0 {
        // SAFETY: kill is async-signal-safe.
        unsafe { libc::kill(pid, libc::SIGTERM) };
    }
}

/// Catches SIGINT, SIGTERM and SIGHUP for the rest of the judge's life.
pub fn install() {
    // SAFETY: the handler touches only atomics and kill(2). SA_RESTART keeps std's waits going; the
    // helper ends soon after the forwarded SIGTERM, so they return.
    unsafe {
        let mut sa: libc::sigaction = std::mem::zeroed();
        sa.sa_sigaction = on_stop_signal as *const () as usize;
        sa.sa_flags = libc::SA_RESTART;
        libc::sigemptyset(&mut sa.sa_mask);
        for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            libc::sigaction(sig, &sa, std::ptr::null_mut());
        }
    }
}

/// Whether a stop was asked for.
pub fn requested() -> bool {
    STOP.load(Ordering::SeqCst)
}

/// Runs a child to its end, forwarding a stop request to it as SIGTERM.
pub fn run_child(cmd: &mut Command) -> io::Result<ExitStatus> {
    let mut child = cmd.spawn()?;
    CHILD.store(child.id() as i32, Ordering::SeqCst);
    if requested() {
        // The signal came between spawn and the store above.
        unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    }
    let status = child.wait();
    CHILD.store(0, Ordering::SeqCst);
    status
}
