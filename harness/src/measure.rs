//! The measuring helper: `judge-measure TIME_MS MEMORY_KB OUTPUT_KB REPORT -- PROGRAM ARGS...`.
//!
//! Peak memory is read with `getrusage(RUSAGE_CHILDREN)` after the child is reaped. A process started
//! straight from a large parent starts with the parent's peak RSS (the kernel carries the high-water
//! mark across `exec`), so the judge starts this small helper first and the helper starts the child.
//! The helper is its own small binary (`judge-measure`, std and libc only) so that its own footprint,
//! which the child inherits, stays near that of `/bin/true`.
//!
//! It enforces every limit while the child runs, not after:
//! - time: the child's process group is killed at the deadline;
//! - memory: the child's resident set is read every few milliseconds and the group is killed as soon
//!   as it passes the limit (the final figure is still the kernel's exact peak);
//! - output: `RLIMIT_FSIZE` caps every file the child writes (its stdout and stderr are files), so
//!   the kernel stops a flood at the limit with `SIGXFSZ`;
//! - no stray processes: the helper is a child subreaper, so every descendant that outlives its parent
//!   (`setsid`, double forks) becomes the helper's child, and all are killed and reaped before the
//!   report is written;
//! - SIGINT, SIGTERM or SIGHUP to the helper (or the judge dying) kill the child and its descendants,
//!   and the report says "interrupted".

use std::os::unix::process::CommandExt;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What the helper enforces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub time_ms: u64,
    pub memory_kb: u64,
    pub output_kb: u64,
}

/// Kilobytes as the reports show them: `64.0 MB`.
pub fn megabytes(kb: u64) -> String {
    format!("{:.1} MB", kb as f64 / 1024.0)
}

/// What the helper reports to the judge, one line of integers (see [`Measurement::to_line`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Measurement {
    /// Exit code, if the child exited normally.
    pub exit: Option<i32>,
    /// Signal that ended the child, if any.
    pub signal: Option<i32>,
    pub timed_out: bool,
    /// Killed while running because its resident set passed the memory limit.
    pub memory_exceeded: bool,
    /// It wrote as much as the output limit allows (stdout or stderr).
    pub output_exceeded: bool,
    /// The helper was told to stop (SIGINT, SIGTERM, SIGHUP) before the child finished.
    pub interrupted: bool,
    pub wall_us: u64,
    pub maxrss_kb: u64,
}

impl Measurement {
    pub fn to_line(&self) -> String {
        format!(
            "{} {} {} {} {} {} {} {}",
            self.exit.unwrap_or(-1),
            self.signal.unwrap_or(-1),
            self.timed_out as u8,
            self.memory_exceeded as u8,
            self.output_exceeded as u8,
            self.interrupted as u8,
            self.wall_us,
            self.maxrss_kb
        )
    }

    pub fn from_line(s: &str) -> Option<Measurement> {
        let v: Vec<i64> = s
            .split_whitespace()
            .map(|x| x.parse().ok())
            .collect::<Option<_>>()?;
        let [exit, signal, timed_out, memory, output, interrupted, wall_us, maxrss_kb] = v[..]
        else {
            return None;
        };
        Some(Measurement {
            exit: (exit >= 0).then_some(exit as i32),
            signal: (signal >= 0).then_some(signal as i32),
            timed_out: timed_out != 0,
            memory_exceeded: memory != 0,
            output_exceeded: output != 0,
            interrupted: interrupted != 0,
            wall_us: wall_us as u64,
            maxrss_kb: maxrss_kb as u64,
        })
    }
}

const USAGE: &str = "usage: judge-measure TIME_MS MEMORY_KB OUTPUT_KB REPORT -- PROGRAM [ARGS...]";

/// Entry point of the helper mode. Stdin, stdout and stderr are passed to the child as they are.
pub fn helper_main(args: &[String]) -> ! {
    match args.first().map(String::as_str) {
        Some("--help" | "-h") => {
            println!("judge-measure: runs PROGRAM under a wall-time limit (ms), a memory limit (peak resident");
            println!(
                "set, KB) and an output limit (KB per file written), kills it and every process it"
            );
            println!(
                "started when it ends or passes a limit, and writes what happened to REPORT. It is"
            );
            println!("the judge's measuring helper.\n");
            println!("{USAGE}");
            std::process::exit(0)
        }
        Some(a) if a.starts_with('-') => {
            eprintln!("judge-measure: unknown option `{a}`\n{USAGE}");
            std::process::exit(2)
        }
        _ => {}
    }
    let code = match run_helper(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("judge-measure: {e}");
            3
        }
    };
    std::process::exit(code)
}

fn run_helper(args: &[String]) -> Result<(), String> {
    let [time_ms, memory_kb, output_kb, report, dashdash, program, rest @ ..] = args else {
        return Err(USAGE.into());
    };
    if dashdash != "--" {
        return Err(format!("expected `--` before the program\n{USAGE}"));
    }
    let number = |what: &str, s: &str| {
        s.parse::<u64>()
            .map_err(|_| format!("bad {what} `{s}`\n{USAGE}"))
    };
    let limits = Limits {
        time_ms: number("time limit", time_ms)?,
        memory_kb: number("memory limit", memory_kb)?,
        output_kb: number("output limit", output_kb)?,
    };
    let m = measure(program, rest, limits)?;
    std::fs::write(report, m.to_line()).map_err(|e| format!("cannot write report {report}: {e}"))
}

/// Set by the signal handler; polled between waits.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_stop_signal(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Catches SIGINT, SIGTERM and SIGHUP (without SA_RESTART, so that `poll` returns early), and asks
/// for SIGTERM when the judge dies.
fn install_stop_handlers() {
    // SAFETY: the handler only stores to an atomic, which is async-signal-safe.
    unsafe {
        let mut sa: libc::sigaction = std::mem::zeroed();
        sa.sa_sigaction = on_stop_signal as *const () as usize;
        libc::sigemptyset(&mut sa.sa_mask);
        for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            libc::sigaction(sig, &sa, std::ptr::null_mut());
        }
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
        // Orphaned descendants of the child become ours, so that none outlives the case.
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);
    }
}

/// How often the resident set is read while the child runs.
const MEMORY_POLL: Duration = Duration::from_millis(5);

fn measure(program: &str, args: &[String], limits: Limits) -> Result<Measurement, String> {
    install_stop_handlers();
    let output_bytes = limits.output_kb.saturating_mul(1024);
    let start = Instant::now();
    let mut cmd = Command::new(program);
    cmd.args(args).process_group(0);
    // SAFETY: setrlimit and signal resets are async-signal-safe; nothing here allocates.
    unsafe {
        cmd.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: output_bytes as libc::rlim_t,
                rlim_max: output_bytes as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // Our stop handlers must not be inherited as "ignore"; reset to the default.
            for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                libc::signal(sig, libc::SIG_DFL);
            }
            Ok(())
        });
    }
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot start {program}: {e}"))?;
    let pid = child.id() as libc::pid_t;
    // A pidfd becomes readable when the child exits: poll() with a timeout waits for "exited or
    // next check" without a watchdog thread, and without reaping the child.
    // SAFETY: plain system calls on our own child's pid.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as libc::c_int;
    if pidfd < 0 {
        let e = std::io::Error::last_os_error();
        kill_everything(pid);
        let _ = child.wait();
        return Err(format!("pidfd_open failed: {e}"));
    }
    let deadline = start + Duration::from_millis(limits.time_ms);
    let page_kb = (unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as u64 / 1024).max(1);
    let (mut timed_out, mut memory_exceeded, mut interrupted) = (false, false, false);
    // The most resident memory seen: the peak reported is never below it (under load the
    // kernel's figure for a child killed on its way up was seen to lag the one read here).
    let mut seen_kb = 0;
    loop {
        if INTERRUPTED.load(Ordering::SeqCst) {
            interrupted = true;
            break;
        }
        let now = Instant::now();
        if now >= deadline {
            timed_out = true;
            break;
        }
        let resident = resident_kb(pid, page_kb).unwrap_or(0);
        seen_kb = seen_kb.max(resident);
        if resident > limits.memory_kb {
            memory_exceeded = true;
            break;
        }
        let wait = (deadline - now).min(MEMORY_POLL);
        let mut pfd = libc::pollfd {
            fd: pidfd,
            events: libc::POLLIN,
            revents: 0,
        };
        // Round up so that the deadline is never cut short by the millisecond granularity.
        let ms = wait.as_micros().div_ceil(1000).min(i32::MAX as u128) as libc::c_int;
        let r = unsafe { libc::poll(&mut pfd, 1, ms) };
        if r > 0 {
            break;
        }
        if r < 0 && std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            kill_everything(pid);
            return Err(format!("poll failed: {}", std::io::Error::last_os_error()));
        }
    }
    let wall = start.elapsed();
    // The child is not reaped yet, so its group id is still ours to kill.
    unsafe { libc::close(pidfd) };
    let killed = timed_out || memory_exceeded || interrupted;
    unsafe { libc::kill(-pid, libc::SIGKILL) };
    let status = child.wait().map_err(|e| format!("wait failed: {e}"))?;
    reap_descendants();

    // SAFETY: rusage is plain data; getrusage fills it.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut ru) };

    use std::os::unix::process::ExitStatusExt;
    let signal = if killed {
        Some(libc::SIGKILL)
    } else {
        status.signal()
    };
    let output_exceeded =
        signal == Some(libc::SIGXFSZ) || [1, 2].iter().any(|&fd| file_size(fd) >= output_bytes);
    Ok(Measurement {
        exit: if killed { None } else { status.code() },
        signal,
        timed_out,
        memory_exceeded,
        output_exceeded,
        interrupted,
        wall_us: wall.as_micros() as u64,
        maxrss_kb: (ru.ru_maxrss as u64).max(seen_kb),
    })
}

/// The resident set of a live process, from `/proc/PID/statm` (in pages).
fn resident_kb(pid: libc::pid_t, page_kb: u64) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
    let pages: u64 = s.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * page_kb)
}

/// Size of the file open as `fd` (0 for anything that is not a regular file).
fn file_size(fd: libc::c_int) -> u64 {
    // SAFETY: fstat fills a plain struct.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    if unsafe { libc::fstat(fd, &mut st) } != 0 || (st.st_mode & libc::S_IFMT) != libc::S_IFREG {
        return 0;
    }
    st.st_size as u64
}

/// Kills the child's group and every other descendant, and reaps them all.
fn kill_everything(pid: libc::pid_t) {
    unsafe { libc::kill(-pid, libc::SIGKILL) };
    reap_descendants();
}

/// Kills and reaps every remaining child of this helper until none is left. As a subreaper the
/// helper inherits each orphan in the child's tree, so repeating "kill my children, reap one" ends
/// with the whole tree gone, however it forked.
fn reap_descendants() {
    loop {
        let mut status = 0;
        // Cheap common case: no children at all.
        let r = unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) };
        if r < 0 {
            if std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
                continue;
            }
            return; // ECHILD: nothing left
        }
        if r > 0 {
            continue; // reaped one; look again
        }
        for child in children_of(unsafe { libc::getpid() }) {
            unsafe {
                libc::kill(-child, libc::SIGKILL);
                libc::kill(child, libc::SIGKILL);
            }
        }
        let r = unsafe { libc::waitpid(-1, &mut status, 0) };
        if r < 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::ECHILD) {
            return;
        }
    }
}

/// The processes whose parent is `parent`, from `/proc/*/stat`.
fn children_of(parent: libc::pid_t) -> Vec<libc::pid_t> {
    let Ok(rd) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    rd.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<libc::pid_t>().ok())
        .filter(|&pid| {
            // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, so split after the last `)`.
            std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .ok()
                .and_then(|s| {
                    let rest = &s[s.rfind(')')? + 1..];
                    rest.split_whitespace().nth(1)?.parse::<libc::pid_t>().ok()
                })
                == Some(parent)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_line_round_trips() {
        let m = Measurement {
            exit: Some(0),
            signal: None,
            timed_out: false,
            memory_exceeded: false,
            output_exceeded: true,
            interrupted: false,
            wall_us: 1234,
            maxrss_kb: 999,
        };
        assert_eq!(Measurement::from_line(&m.to_line()), Some(m));
        let k = Measurement {
            exit: None,
            signal: Some(9),
            timed_out: true,
            memory_exceeded: true,
            output_exceeded: false,
            interrupted: true,
            wall_us: 1,
            maxrss_kb: 2,
        };
        assert_eq!(Measurement::from_line(&k.to_line()), Some(k));
        assert_eq!(Measurement::from_line("1 2 3"), None);
    }
}
