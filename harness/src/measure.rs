//! The measuring helper: `judge-measure TIME_MS REPORT -- PROGRAM ARGS...`.
//!
//! Peak memory is read with `getrusage(RUSAGE_CHILDREN)` after the child is reaped. A process started
//! straight from a large parent starts with the parent's peak RSS (the kernel carries the high-water
//! mark across `exec`), so the judge starts this small helper first and the helper starts the child.
//! The helper is its own small binary (`judge-measure`, std and libc only) so that its own footprint,
//! which the child inherits, stays near that of `/bin/true`. It also enforces the time limit.

use std::os::unix::process::CommandExt;
use std::process::Command;
use std::time::{Duration, Instant};

/// What the helper reports to the judge, one line `exit signal timed_out wall_us maxrss_kb`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Measurement {
    /// Exit code, if the child exited normally.
    pub exit: Option<i32>,
    /// Signal that ended the child, if any.
    pub signal: Option<i32>,
    pub timed_out: bool,
    pub wall_us: u64,
    pub maxrss_kb: u64,
}

impl Measurement {
    pub fn to_line(&self) -> String {
        format!(
            "{} {} {} {} {}",
            self.exit.unwrap_or(-1),
            self.signal.unwrap_or(-1),
            self.timed_out as u8,
            self.wall_us,
            self.maxrss_kb
        )
    }

    pub fn from_line(s: &str) -> Option<Measurement> {
        let v: Vec<i64> = s
            .split_whitespace()
            .map(|x| x.parse().ok())
            .collect::<Option<_>>()?;
        let [exit, signal, timed_out, wall_us, maxrss_kb] = v[..] else {
            return None;
        };
        Some(Measurement {
            exit: (exit >= 0).then_some(exit as i32),
            signal: (signal >= 0).then_some(signal as i32),
            timed_out: timed_out != 0,
            wall_us: wall_us as u64,
            maxrss_kb: maxrss_kb as u64,
        })
    }
}

/// Entry point of the helper mode. Stdin, stdout and stderr are passed to the child as they are.
pub fn helper_main(args: &[String]) -> ! {
    const USAGE: &str = "usage: judge-measure TIME_MS REPORT -- PROGRAM [ARGS...]";
    match args.first().map(String::as_str) {
        Some("--help" | "-h") => {
            println!("judge-measure: runs PROGRAM under a wall-time limit of TIME_MS and writes its exit");
            println!(
                "status, wall time and peak memory to REPORT (the judge's measuring helper).\n"
            );
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
    let [time_ms, report, dashdash, program, rest @ ..] = args else {
        return Err("usage: judge-measure TIME_MS REPORT -- PROGRAM [ARGS...]".into());
    };
    if dashdash != "--" {
        return Err("expected `--` before the program".into());
    }
    let time_ms: u64 = time_ms
        .parse()
        .map_err(|_| format!("bad time limit `{time_ms}`"))?;
    let m = measure(program, rest, Duration::from_millis(time_ms))?;
    std::fs::write(report, m.to_line()).map_err(|e| format!("cannot write report {report}: {e}"))
}

fn measure(program: &str, args: &[String], limit: Duration) -> Result<Measurement, String> {
    let start = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot start {program}: {e}"))?;
    let pid = child.id() as libc::pid_t;
    // A pidfd becomes readable when the child exits: one poll() with the remaining time waits for
    // "exited or deadline" without a watchdog thread, and without reaping the child.
    // SAFETY: plain system calls on our own child's pid.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as libc::c_int;
    if pidfd < 0 {
        let _ = child.kill();
        return Err(format!(
            "pidfd_open failed: {}",
            std::io::Error::last_os_error()
        ));
    }
    let deadline = start + limit;
    let mut timed_out = false;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let mut pfd = libc::pollfd {
            fd: pidfd,
            events: libc::POLLIN,
            revents: 0,
        };
        // Round up so that the deadline is never cut short by the millisecond granularity.
        let ms = left.as_micros().div_ceil(1000).min(i32::MAX as u128) as libc::c_int;
        let r = unsafe { libc::poll(&mut pfd, 1, ms) };
        if r > 0 {
            break;
        }
        if r == 0 && Instant::now() >= deadline {
            timed_out = true;
            break;
        }
        if r < 0 && std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            return Err(format!("poll failed: {}", std::io::Error::last_os_error()));
        }
    }
    let wall = start.elapsed();
    // Kill the whole group: the child at the deadline, and any grandchildren left behind. The child
    // is not reaped yet, so the group id is still ours.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
        libc::close(pidfd);
    }
    let status = child.wait().map_err(|e| format!("wait failed: {e}"))?;

    // SAFETY: rusage is plain data; getrusage fills it.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut ru) };

    use std::os::unix::process::ExitStatusExt;
    Ok(Measurement {
        exit: if timed_out { None } else { status.code() },
        signal: if timed_out {
            Some(libc::SIGKILL)
        } else {
            status.signal()
        },
        timed_out,
        wall_us: wall.as_micros() as u64,
        maxrss_kb: ru.ru_maxrss as u64,
    })
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
            wall_us: 1234,
            maxrss_kb: 999,
        };
        assert_eq!(Measurement::from_line(&m.to_line()), Some(m));
        let k = Measurement {
            exit: None,
            signal: Some(9),
            timed_out: true,
            wall_us: 1,
            maxrss_kb: 2,
        };
        assert_eq!(Measurement::from_line(&k.to_line()), Some(k));
        assert_eq!(Measurement::from_line("1 2 3"), None);
    }
}
