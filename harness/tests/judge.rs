//! The judge on a fixture problem whose solver earns each verdict on purpose.

mod judge_helpers;

use judge_helpers::{fixture, judge};
use std::path::PathBuf;
use std::process::Command;

#[test]
fn every_verdict_in_the_text_report() {
    let dir = fixture(&["fixture"]);
    let out = judge(dir.path(), &["test"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    insta::with_settings!({filters => vec![
        (r"\s+\d+ ms", " [TIME]"),
        (r"\s+\d+\.\d MB", " [MEM]"),
    ]}, {
        insta::assert_snapshot!(text);
    });
}

#[test]
fn json_report_has_the_same_verdicts() {
    let dir = fixture(&["fixture"]);
    let out = judge(dir.path(), &["test", "--format", "json", "fixture"]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let cases = v[0]["cases"].as_array().unwrap();
    let got: Vec<(String, String)> = cases
        .iter()
        .map(|c| {
            (
                c["case"].as_str().unwrap().to_string(),
                c["verdict"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let want = [
        ("ac", "AC"),
        ("mle", "MLE"),
        ("new", "NO-ANSWER"),
        ("re", "RE"),
        ("tle", "TLE"),
        ("wa", "WA"),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(got, want);
    // The hungry solver was stopped on its way to 64 MiB, above the 16 MiB limit: its peak must be
    // seen, not the helper's.
    let mle = &cases[1];
    assert!(mle["memory_kb"].as_u64().unwrap() > 16 * 1024);
    // The slow solver is killed at the limit, not left running.
    let tle = &cases[4];
    assert!(tle["time_ms"].as_f64().unwrap() >= 300.0);
}

#[test]
fn bless_then_accept_never_overwrites() {
    let dir = fixture(&["fixture"]);
    let root = dir.path();
    let out = judge(root, &["bless"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("fixture/new: pending"), "{text}");
    let pending: PathBuf = root.join("target/judge/pending/fixture/new.out");
    assert_eq!(std::fs::read_to_string(&pending).unwrap(), "10\n");
    // Cases that already have an answer are not run by bless.
    assert!(!root.join("target/judge/pending/fixture/ac.out").exists());

    let out = judge(root, &["accept"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(root.join("testcases/fixture/new.out")).unwrap(),
        "10\n"
    );
    assert!(!pending.exists());

    // A pending answer for a case that has one is refused without --force.
    std::fs::create_dir_all(pending.parent().unwrap()).unwrap();
    std::fs::write(root.join("target/judge/pending/fixture/ac.out"), "0\n").unwrap();
    let out = judge(root, &["accept"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        std::fs::read_to_string(root.join("testcases/fixture/ac.out")).unwrap(),
        "42\n"
    );
    let out = judge(root, &["accept", "--force"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(root.join("testcases/fixture/ac.out")).unwrap(),
        "0\n"
    );
}

#[test]
fn unknown_problem_is_a_setup_error() {
    let dir = fixture(&["fixture"]);
    let out = judge(dir.path(), &["test", "nosuch"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nosuch.toml"));
}

#[test]
fn judge_and_helper_answer_help_and_reject_unknown_options() {
    for exe in [
        env!("CARGO_BIN_EXE_judge"),
        env!("CARGO_BIN_EXE_judge-measure"),
    ] {
        let out = Command::new(exe).arg("--help").output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{exe} --help");
        assert!(String::from_utf8_lossy(&out.stdout)
            .to_lowercase()
            .contains("usage"));
        let out = Command::new(exe).arg("--bogus").output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{exe} --bogus");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--bogus"));
    }
}
