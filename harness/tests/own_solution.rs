//! The judge on a contestant's own solutions (`-c`, `--cases`, `stress`): a Python and a C++
//! solution of AOJ 0300 written here (tests/own_solutions/, sharing nothing with the project's
//! solver) get AC on every case; the Python one with a planted bug gets WA, and `stress` finds,
//! shrinks and saves an input that shows the bug; time and memory hogs get TLE and MLE; bad
//! requests get one line and exit 2. Needs python3 and g++ (CI installs them).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn solutions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/own_solutions")
}

/// Judges of aoj0300 with `-c` keep their outputs in one folder (target/judge/run-command/aoj0300),
/// as a user's runs do; the tests here take turns.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn judge(args: &[&str]) -> Output {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    Command::new(env!("CARGO_BIN_EXE_judge"))
        .current_dir(root())
        .args(args)
        .output()
        .unwrap()
}

fn text(out: &Output) -> String {
    format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// `(case, verdict, detail)` of a JSON report.
fn verdicts(out: &Output) -> Vec<(String, String, String)> {
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(out)));
    v.as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["cases"].as_array().unwrap().clone())
        .map(|c| {
            let s = |k: &str| c[k].as_str().unwrap_or("").to_string();
            (s("case"), s("verdict"), s("detail"))
        })
        .collect()
}

/// The cases of testcases/aoj0300, counted from the folder.
fn aoj0300_cases() -> usize {
    std::fs::read_dir(root().join("testcases/aoj0300"))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().unwrap() == "in")
        .count()
}

/// The Python solution with a planted bug: every state 3 turns from solved is answered 4.
fn buggy_python(dir: &Path) -> String {
    let good = std::fs::read_to_string(solutions().join("floppy.py")).unwrap();
    let planted = "        out.append(str(d))";
    assert!(good.contains(planted));
    let bad = good.replace(planted, "        out.append(str(4 if d == 3 else d))");
    let path = dir.join("buggy.py");
    std::fs::write(&path, bad).unwrap();
    format!("python3 {}", path.display())
}

#[test]
fn python_and_cpp_solutions_are_accepted_on_every_case() {
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("floppy");
    let compiled = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(solutions().join("floppy.cpp"))
        .status()
        .expect("g++ (CI installs it)");
    assert!(compiled.success());
    let python = format!("python3 {}", solutions().join("floppy.py").display());
    for command in [python, exe.display().to_string()] {
        let out = judge(&["test", "aoj0300", "-c", &command, "--format", "json"]);
        assert_eq!(out.status.code(), Some(0), "{command}: {}", text(&out));
        let rows = verdicts(&out);
        assert_eq!(rows.len(), aoj0300_cases(), "{command}");
        assert!(rows.iter().all(|r| r.1 == "AC"), "{command}: {rows:?}");
        // Samples first, as oj and the judges run them.
        assert_eq!(rows[0].0, "sample-1");
    }
}

#[test]
fn a_planted_bug_is_wa_and_stress_finds_and_shrinks_it() {
    let dir = tempfile::tempdir().unwrap();
    let buggy = buggy_python(dir.path());
    let out = judge(&["test", "aoj0300", "-c", &buggy, "--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let rows = verdicts(&out);
    let wrong: Vec<_> = rows.iter().filter(|r| r.1 == "WA").collect();
    assert!(!wrong.is_empty(), "{rows:?}");
    for r in &wrong {
        assert!(
            r.2.starts_with("line ") && r.2.ends_with("expected `3`, got `4`"),
            "{r:?}"
        );
    }

    // stress, with its default count and seed, finds an input that shows it.
    let saved = dir.path().join("found");
    // The folder may hold files of the user's: they stay.
    std::fs::create_dir_all(&saved).unwrap();
    std::fs::write(saved.join("notes.txt"), "mine").unwrap();
    let saved_arg = saved.display().to_string();
    let out = judge(&["stress", "aoj0300", "-c", &buggy, "--out", &saved_arg]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let read = |name: &str| std::fs::read_to_string(saved.join(name)).unwrap();
    // Shrunk to one case, and to the turns the bug needs: a state 3 turns away takes 3.
    let input = read("case.in");
    assert_eq!(input.lines().next(), Some("1"), "{input}");
    assert_eq!(read("case.out").trim(), "3");
    assert_eq!(read("command.out").trim(), "4");
    assert_eq!(read("plan.txt").split_whitespace().count(), 3);
    assert!(read("difference.txt").starts_with("WA line 1, column 1"));
    assert_eq!(read("notes.txt"), "mine");

    // The saved folder, judged alone, shows the same difference; the project's solver passes it.
    let alone = |command: Option<&str>| {
        let mut args = vec!["test", "aoj0300", "--cases"];
        let folder = saved.display().to_string();
        args.push(&folder);
        if let Some(c) = command {
            args.extend(["-c", c]);
        }
        args.extend(["--format", "json"]);
        verdicts(&judge(&args))
    };
    let rows = alone(Some(&buggy));
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].1, "WA", "{rows:?}");
    assert_eq!(alone(None)[0].1, "AC");
}

#[test]
fn stress_passes_a_correct_solution() {
    let python = format!("python3 {}", solutions().join("floppy.py").display());
    let out = judge(&["stress", "aoj0300", "-c", &python, "--count", "15"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("no difference in 15 inputs"));
}

/// A folder of one case in oj's layout.
fn one_case() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sample-1.in"), "1\n").unwrap();
    std::fs::write(dir.path().join("sample-1.out"), "1\n").unwrap();
    dir
}

#[test]
fn sleepers_get_tle_and_hogs_get_mle_through_c() {
    let dir = one_case();
    let cases = dir.path().display().to_string();
    let run = |command: &str, limits: &[&str]| {
        let mut args = vec!["test", "--no-build", "--cases", &cases, "-c", command];
        args.extend(limits);
        args.extend(["--format", "json"]);
        verdicts(&judge(&args))
    };
    assert_eq!(run("cat", &[])[0].1, "AC");
    assert_eq!(run("sleep 30", &["--tle", "0.5"])[0].1, "TLE");
    // 300 MB touched page by page against a 64 MB limit.
    let hog = "python3 -c 'x = bytearray(300 << 20)\nfor i in range(0, len(x), 4096): x[i] = 1'";
    let rows = run(hog, &["--mle", "64"]);
    assert_eq!(rows[0].1, "MLE", "{rows:?}");
    // The same hog within 512 MB runs to its end and prints nothing: a wrong answer.
    assert_eq!(run(hog, &["--mle", "512"])[0].1, "WA");
}

#[test]
fn bad_requests_get_one_line_and_exit_2() {
    let half = one_case();
    std::fs::write(half.path().join("lone.in"), "1\n").unwrap();
    let empty = tempfile::tempdir().unwrap();
    let folder = |d: &tempfile::TempDir| d.path().display().to_string();
    let (half_dir, empty_dir) = (folder(&half), folder(&empty));
    let cases: [(&[&str], &str); 6] = [
        (&["test", "--cases", &half_dir], "needs -c"),
        (&["test", "nosuch", "-c", "cat"], "unknown problem `nosuch`"),
        (
            &["test", "aoj0300", "-c", "./no-such-program"],
            "cannot start",
        ),
        (
            &["stress", "aoj0300", "-c", "no-such-program-on-path"],
            "cannot start",
        ),
        (&["test", "--cases", &empty_dir, "-c", "cat"], "no cases in"),
        (
            &["test", "--cases", &half_dir, "-c", "cat"],
            "lone.in has no lone.out",
        ),
    ];
    for (args, says) in cases {
        let mut all = vec!["--no-build"];
        all.extend(args);
        let out = judge(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
