//! The judge against hostile solvers and checkers: floods, memory hogs, escaping processes, checkers
//! that hang or crash, signals to the judge, a closed or full stdout. Each test asserts verdicts and
//! that nothing is left running; none depends on sleeping.

mod judge_helpers;

use judge_helpers::{alive, fixture, judge, judge_command, verdicts};
use std::io::Read;
use std::process::Stdio;

#[test]
fn floods_hogs_and_escapes_are_stopped() {
    let dir = fixture(&["hostile"]);
    let out = judge(dir.path(), &["test", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let (rows, report) = verdicts(&out);
    let find = |case: &str| rows.iter().find(|r| r.0 == case).unwrap().clone();
    // Endless stdout, endless stderr: stopped at the 1 MB output limit.
    assert_eq!(find("flood").1, "OLE");
    assert_eq!(find("noisy").1, "OLE");
    // 512 MiB held against a 64 MiB limit, then an hour's sleep: MLE at once, not after 20 s.
    let hog = find("hog");
    assert_eq!(hog.1, "MLE", "{hog:?}");
    let hog_ms = report[0]["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["case"] == "hog")
        .unwrap()["time_ms"]
        .as_f64()
        .unwrap();
    assert!(hog_ms < 20_000.0, "the hog ran to the time limit");
    // A 500,000-character wrong line: the detail shows at most 100 characters and where it differs.
    let long = find("longline");
    assert_eq!(long.1, "WA");
    assert!(
        long.2
            .starts_with("line 1, column 3: expected `77x`, got `7777"),
        "{long:?}"
    );
    assert!(long.2.chars().count() < 250, "{}", long.2.len());
    // Sleepers that escape: in their own process group, in their own session (`setsid`), and
    // orphaned by a double fork. Each solver answered (AC), and each sleeper is gone.
    for case in ["sleeper", "setsid", "doublefork"] {
        assert_eq!(find(case).1, "AC", "{case}");
        let err = dir
            .path()
            .join(format!("target/judge/run/hostile/{case}.err"));
        let text = std::fs::read_to_string(err).unwrap();
        let pid: i32 = text
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{case}: {text}"));
        assert!(!alive(pid), "the {case} sleeper {pid} outlived its case");
    }
}

#[test]
fn checkers_that_hang_crash_or_exit_oddly_are_named() {
    let dir = fixture(&["checked"]);
    let out = judge(dir.path(), &["test", "--format", "json"]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "a checker failure is a setup error"
    );
    let (rows, _) = verdicts(&out);
    let find = |case: &str| rows.iter().find(|r| r.0 == case).unwrap().clone();
    assert_eq!(find("fine").1, "AC");
    let hang = find("hang");
    assert_eq!(hang.1, "CHECKER-FAIL");
    assert!(hang.2.contains("no verdict within 500 ms"), "{hang:?}");
    let abort = find("abort");
    assert_eq!(abort.1, "CHECKER-FAIL");
    assert!(abort.2.contains("signal 6 (SIGABRT)"), "{abort:?}");
    let seven = find("seven");
    assert_eq!(seven.1, "CHECKER-FAIL");
    assert!(
        seven.2.contains("exited with code 7") && seven.2.contains("something odd"),
        "{seven:?}"
    );
}

#[test]
fn an_empty_case_folder_is_a_warning_and_a_failure() {
    let dir = fixture(&["fixture"]);
    let tc = dir.path().join("testcases");
    std::fs::write(
        tc.join("empty.toml"),
        "command = [\"./fixture-solver\"]\ntime_limit_ms = 100\nmemory_limit_kb = 1024\nmatch = \"exact\"\n",
    )
    .unwrap();
    std::fs::create_dir(tc.join("empty")).unwrap();
    let out = judge(dir.path(), &["test", "empty"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("nothing of empty was judged"), "{err}");
}

/// SIGTERM, SIGINT and SIGHUP to the judge while a solver spins: the solver is stopped, the judge
/// reports what ran and exits 130. SIGKILL (the judge killed outright, no chance to clean up): the
/// measuring helper hears of it from the kernel (PDEATHSIG) and stops the solver itself.
#[test]
fn a_stopped_judge_leaves_nothing_running() {
    for sig in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP, libc::SIGKILL] {
        let dir = fixture(&["stoppable"]);
        let fifo = dir.path().join("testcases/ready.fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let child = judge_command(dir.path(), &["test"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let judge_pid = child.id() as i32;
        // If the judge ends before the solver opens the FIFO, unblock the reader below.
        let watcher = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                let out = child.wait_with_output().unwrap();
                let _ = std::fs::OpenOptions::new()
                    .write(true)
                    .custom_flags_nonblock()
                    .open(&fifo);
                out
            })
        };
        // Blocks until the solver runs and writes its pid.
        let mut text = String::new();
        std::fs::File::open(&fifo)
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        let Ok(solver) = text.trim().parse::<i32>() else {
            panic!("the solver never ran: {:?}", watcher.join());
        };
        assert!(alive(solver));
        unsafe { libc::kill(judge_pid, sig) };
        let out = watcher.join().unwrap();
        if sig == libc::SIGKILL {
            // The helper cleans up on its own after the judge is gone: wait for that (a deadline
            // for an event, not a timing assertion), then nothing may be left.
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
            while alive(solver) && std::time::Instant::now() < deadline {
                std::thread::yield_now();
            }
            assert!(
                !alive(solver),
                "the solver {solver} outlived a killed judge"
            );
            continue;
        }
        assert_eq!(out.status.code(), Some(130), "signal {sig}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("interrupted; 0 of 1 cases judged"), "{err}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("problem"));
        assert!(!alive(solver), "the solver {solver} outlived the judge");
    }
}

trait NonBlock {
    fn custom_flags_nonblock(&mut self) -> &mut Self;
}

impl NonBlock for std::fs::OpenOptions {
    fn custom_flags_nonblock(&mut self) -> &mut Self {
        use std::os::unix::fs::OpenOptionsExt;
        self.custom_flags(libc::O_NONBLOCK)
    }
}

#[test]
fn a_closed_or_full_stdout_ends_the_judge_cleanly() {
    let dir = fixture(&["fixture"]);
    // A full disk: one line on stderr, exit 2, no panic.
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = judge_command(dir.path(), &["test", "fixture"])
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot write the report"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // A reader that went away (`| head -c0`): a quiet exit.
    let mut child = judge_command(dir.path(), &["test", "fixture"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(141), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
