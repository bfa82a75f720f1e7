//! The binaries against input and surroundings no one should give them: a full disk or a closed
//! pipe on stdout, a 10 MB line of garbage, invisible bytes, CR-only line ends, timings that are no
//! numbers. Each gets a clear message and a non-zero exit (or a quiet one on a closed pipe), never a
//! panic, and memory that follows the input's size.

use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};

const SOLVERS: [(&str, &str); 7] = [
    (
        "aoj0300",
        "1\n1 1 1 1 1 1 1 1 1 2 2 2 4 4 4 6 6 6 5 5 5 3 3 3 3 3 3 3 3 3\n",
    ),
    (
        "cf887c",
        "1 1 1 1 2 2 2 2 3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6\n",
    ),
    (
        "hdu4801",
        "1\n0 0 0 0 1 1 2 2 3 3 1 1 2 2 3 3 4 4 4 4 5 5 5 5\n",
    ),
    (
        "mipt041",
        "1 1 1 1 2 2 2 2 3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6\n",
    ),
    ("cube2", "R U\n"),
    ("robot2", "R U\n"),
    ("boj5373", "1\n2\nL- U+\n"),
];

fn exe(bin: &str) -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin(bin)
}

/// Runs `bin` with `stdout`, lets `before` act on the child before it gets `input`, and waits.
fn feed(
    bin: &str,
    stdout: Stdio,
    input: &str,
    before: impl FnOnce(&mut std::process::Child),
) -> std::process::Output {
    let mut child = Command::new(exe(bin))
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    before(&mut child);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn a_full_disk_is_one_line_and_exit_1() {
    for (bin, input) in SOLVERS {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = feed(bin, full.into(), input, |_| {});
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{bin}: {err}");
        assert!(
            err.contains("cannot write the answer: No space left"),
            "{bin}: {err}"
        );
        assert!(!err.contains("panicked"), "{bin}: {err}");
    }
}

#[test]
fn a_closed_pipe_is_a_quiet_exit() {
    for (bin, input) in SOLVERS {
        // The reader is gone before the solver has its input, so its first write fails.
        let out = feed(bin, Stdio::piped(), input, |c| drop(c.stdout.take()));
        assert_eq!(out.status.code(), Some(141), "{bin}");
        assert_eq!(out.status.signal(), None);
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{bin}");
    }
}

/// Exit code of one run of `bin` on `input` with at most `limit_mb` of address space (a peak
/// resident set cannot be read here: a child inherits the test process's high-water mark).
fn exit_within(bin: &str, input: &[u8], limit_mb: u64) -> Option<i32> {
    use std::os::unix::process::CommandExt;
    let path = std::env::temp_dir().join(format!("twisty-garbage-{}-{bin}", std::process::id()));
    std::fs::write(&path, input).unwrap();
    let mut cmd = Command::new(exe(bin));
    cmd.stdin(std::fs::File::open(&path).unwrap())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let bytes = limit_mb << 20;
    // SAFETY: setrlimit is async-signal-safe and allocates nothing.
    unsafe {
        cmd.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &lim) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let status = cmd.status().unwrap();
    std::fs::remove_file(&path).ok();
    status.code()
}

#[test]
fn garbage_costs_memory_like_its_size_not_more() {
    // Ten megabytes of `1 ` on one line: 5 million tokens that no format wants. Before token
    // streams the judge binaries held every token, many times the input; now the input itself
    // (read whole, as judges' solutions do) and a little more must do.
    let garbage = "1 ".repeat(5_000_000);
    for bin in ["aoj0300", "cf887c", "hdu4801", "mipt041"] {
        assert_eq!(
            exit_within(bin, garbage.as_bytes(), 10 + 40),
            Some(2),
            "{bin}"
        );
    }
}

#[test]
fn invisible_bytes_are_shown_escaped() {
    for (bin, input, shown) in [
        ("cube2", "\u{feff}R U\n", "found `\\u{feff}`"),
        ("robot2", "R\u{0} U\n", "found `\\0`"),
        (
            "cf887c",
            "\u{feff}1 1 1 1 2 2 2 2 3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6",
            "found `\\u{feff}1`",
        ),
    ] {
        let out = feed(bin, Stdio::piped(), input, |_| {});
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bin}");
        assert!(err.contains(shown), "{bin}: {err}");
    }
}

#[test]
fn a_lone_cr_ends_a_line() {
    for (bin, want) in [("cube2", "U' R'\nU R\n"), ("robot2", "")] {
        let out = assert_cmd::Command::cargo_bin(bin)
            .unwrap()
            .write_stdin("R U\rR' U'\r")
            .output()
            .unwrap();
        assert!(out.status.success(), "{bin}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.lines().count(), 2, "{bin}: {text}");
        if !want.is_empty() {
            assert_eq!(text, want);
        }
    }
}

#[test]
fn bridge_timings_must_be_finite_and_in_range() {
    let plan = "15 L' B' R' B'F2 R2L' B2F'\n";
    for (args, message) in [
        (
            &["--dry-run", "--slp1", "inf"][..],
            "--slp1 must be a number from 0 to 60",
        ),
        (
            &["--dry-run", "--slp2=-1"],
            "--slp2 must be a number from 0 to 60",
        ),
        (&["--dry-run", "--ratio", "nan"], "found NaN"),
        (&["--dry-run", "--rpm", "0"], "--rpm must be 1 to 100000"),
        (&["--dry-run", "--time-scale", "1e300"], "found 1e300"),
        (
            &[
                "--slp1",
                "nan",
                "--ratio",
                "nan",
                "--port",
                "/nonexistent/a",
                "--port",
                "/nonexistent/b",
            ],
            "found NaN",
        ),
        (
            &[
                "--time-scale",
                "0",
                "--port",
                "/nonexistent/a",
                "--port",
                "/nonexistent/b",
            ],
            "only with --simulate",
        ),
    ] {
        assert_cmd::Command::cargo_bin("bridge")
            .unwrap()
            .args(args)
            .write_stdin(plan)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(message))
            .stderr(predicates::str::contains("panicked").not());
    }
}

use predicates::prelude::PredicateBooleanExt;
