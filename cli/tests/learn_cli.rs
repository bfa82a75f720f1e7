//! `twisty learn` through the CLI (the engine's `learn` feature): `eval` end to end on a tiny set
//! (lengths 2..8, three states each, a small node limit, no view table, no 2x2x2 part) writes its
//! report and the per-search CSV, and every figure of the report's tables is recomputed here from
//! the CSV, by arithmetic written here; bad options are refused; `train --resume` goes on.
#![cfg(feature = "learn")]

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// The paper's Table 1 state counts per optimal length (seed 003), typed in from the paper.
const PAPER_STATES: [(u8, f64); 9] = [
    (2, 1.0),
    (3, 2.0),
    (4, 1.0),
    (5, 7.0),
    (6, 7.0),
    (7, 8.0),
    (8, 13.0),
    (9, 10.0),
    (10, 4.0),
];

struct Line {
    heuristic: String,
    optimal: u8,
    found: Option<u8>,
    gave_up: bool,
    skipped: bool,
    nodes: f64,
}

fn parse_csv(text: &str) -> Vec<Line> {
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("heuristic,state,optimal,found,gave_up,skipped,nodes,evaluations,start_bound,seconds")
    );
    lines
        .map(|l| {
            // The quoted name first (it may hold commas), then plain fields.
            let (name, rest) = l[1..].split_once("\",").unwrap();
            let f: Vec<&str> = rest.split(',').collect();
            assert_eq!(f.len(), 9, "{l}");
            Line {
                heuristic: name.to_string(),
                optimal: f[1].parse().unwrap(),
                found: (!f[2].is_empty()).then(|| f[2].parse().unwrap()),
                gave_up: f[3].parse().unwrap(),
                skipped: f[4].parse().unwrap(),
                nodes: f[5].parse().unwrap(),
            }
        })
        .collect()
}

/// The cells of the Markdown table row that starts with `| first |` under `heading`.
fn row<'a>(report: &'a str, heading: &str, first: &str) -> Vec<&'a str> {
    let section = &report[report.find(heading).unwrap_or_else(|| panic!("{heading}"))..];
    let line = section
        .lines()
        .find(|l| l.starts_with(&format!("| {first} |")))
        .unwrap_or_else(|| panic!("no row {first} under {heading}"));
    line.trim()
        .trim_matches('|')
        .split('|')
        .map(str::trim)
        .collect()
}

#[test]
fn a_tiny_eval_reports_what_its_searches_did() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let out = tempfile_dir();
    let tables = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cube3-tables");
    let run = Command::new(env!("CARGO_BIN_EXE_twisty"))
        .current_dir(root)
        .args([
            "learn",
            "eval",
            "--from",
            "2",
            "--to",
            "8",
            "--per-length",
            "3",
        ])
        .args([
            "--held-out",
            "2",
            "--node-limit",
            "120",
            "--cube2-per-distance",
            "0",
        ])
        .arg("--no-view-table")
        .arg("--out")
        .arg(&out)
        .arg("--tables")
        .arg(&tables)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{err}");
    let report = std::fs::read_to_string(out.join("learned-heuristic.md")).unwrap();
    let lines =
        parse_csv(&std::fs::read_to_string(out.join("learned-heuristic-runs.csv")).unwrap());
    assert!(out.join("learned-heuristic.png").is_file());

    let mut heuristics: Vec<String> = Vec::new();
    for l in &lines {
        if !heuristics.contains(&l.heuristic) {
            heuristics.push(l.heuristic.clone());
        }
    }
    assert_eq!(heuristics.len(), 6);
    // Three states of each length 2..8, searched by every heuristic.
    assert_eq!(lines.len(), 6 * 7 * 3);
    // Per heuristic and length: (states, optimal, solved, excess, gave up, ran, nodes).
    let mut cells: BTreeMap<(usize, u8), [f64; 7]> = BTreeMap::new();
    for l in &lines {
        let g = heuristics.iter().position(|h| *h == l.heuristic).unwrap();
        let c = cells.entry((g, l.optimal)).or_default();
        c[0] += 1.0;
        if let Some(found) = l.found {
            c[1] += (found == l.optimal) as u8 as f64;
            c[2] += 1.0;
            c[3] += (found - l.optimal) as f64;
        }
        c[4] += l.gave_up as u8 as f64;
        c[5] += !l.skipped as u8 as f64;
        c[6] += l.nodes;
    }
    let percent = |c: &[f64; 7]| 100.0 * c[1] / c[0];
    for (g, name) in heuristics.iter().enumerate() {
        let (mut mix, mut weight, mut even) = (0.0, 0.0, 0.0);
        for len in 2u8..=8 {
            let c = cells[&(g, len)];
            assert_eq!(c[0], 3.0);
            // Table 1 beside ours: the length, the paper's three columns, states, then one % per
            // heuristic.
            let t1 = row(&report, "## Table 1 beside ours", &len.to_string());
            assert_eq!(t1[5 + g], format!("{:.0}", percent(&c)), "{name} at {len}");
            // The heuristic's own table: % optimal, excess, limit, nodes.
            let own = row(&report, &format!("### {name}\n"), &len.to_string());
            assert_eq!(own[2], format!("{:.0}", percent(&c)), "{name} at {len}");
            assert_eq!(own[4], format!("{}", c[4]), "{name} at {len}");
            if c[5] == 0.0 {
                // None of the length searched (without a heuristic, after a length that all gave
                // up): said so instead of figures.
                assert!(own[5].starts_with("not run"), "{name} at {len}: {own:?}");
            } else {
                assert_eq!(
                    own[3],
                    format!("{:.2}", c[3] / c[2].max(1.0)),
                    "{name} at {len}"
                );
                assert_eq!(own[5], format!("{:.0}", c[6] / c[5]), "{name} at {len}");
            }
            let n = PAPER_STATES.iter().find(|p| p.0 == len).unwrap().1;
            mix += n * percent(&c);
            weight += n;
            even += percent(&c) / 7.0;
        }
        let overall = row(
            &report,
            "## Table 1 beside ours",
            "**Overall** (paper's mix of lengths 2..10)",
        );
        assert_eq!(overall[5 + g], format!("**{:.1}**", mix / weight), "{name}");
        let overall = row(
            &report,
            "## Table 1 beside ours",
            "**Overall** (even over 2..8)",
        );
        assert_eq!(overall[5 + g], format!("**{:.1}**", even), "{name}");
    }
    // The paper's overall figures, as stated and as its table gives them.
    let paper = row(
        &report,
        "## Table 1 beside ours",
        "**Overall** (paper's mix of lengths 2..10)",
    );
    assert_eq!(paper[2], "82 stated; 81.0 by its table (43 of 53)");
    assert_eq!(paper[3], "67 stated; 73.6 by its table (39 of 53)");
    std::fs::remove_dir_all(&out).ok();
}

/// A fresh folder for the report.
fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("twisty-learn-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn eval_refuses_a_quantile_the_view_table_lacks_and_missing_weights() {
    use assert_cmd::Command;
    use predicates::str::contains;
    let twisty = || Command::cargo_bin("twisty").unwrap();
    twisty()
        .args(["learn", "eval", "--quantile", "0.27"])
        .assert()
        .code(1)
        .stderr(contains("expected one of"));
    twisty()
        .args(["learn", "eval", "--weights", "/nonexistent"])
        .assert()
        .code(1)
        .stderr(contains("/nonexistent/degenerate.safetensors"));
}

/// `train --out` refuses what is not a regular file before training: the weights are renamed into
/// place, which would replace a device such as /dev/null with a file (a folder stands in for the
/// device here, so that the test cannot harm the machine if the check is gone).
#[test]
fn train_refuses_an_output_that_is_not_a_file() {
    use assert_cmd::Command;
    Command::cargo_bin("twisty")
        .unwrap()
        .args(["learn", "train", "--walks", "10", "--out"])
        .arg(std::env::temp_dir())
        .assert()
        .code(1)
        .stderr(predicates::str::contains("not a regular file"));
}

/// `train --resume` goes on from the saved weights: its first epoch's loss is near where the
/// first sitting ended, well below a fresh network's first epoch; `--epochs-done` numbers it. (At
/// the first sitting's learning rate, 1e-3, AdamW's fresh moments throw this small network back to
/// a fresh one's loss: resume at a lower rate.)
#[test]
fn training_resumes_from_saved_weights() {
    use assert_cmd::Command;
    let dir = std::env::temp_dir().join(format!("twisty-learn-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (first, second) = (dir.join("a.safetensors"), dir.join("b.safetensors"));
    let train = |extra: &[&str], out: &std::path::Path| -> Vec<(usize, f32)> {
        let run = Command::cargo_bin("twisty")
            .unwrap()
            .args([
                "learn", "train", "--walks", "300", "--seed", "5", "--batch", "256",
            ])
            .args(extra)
            .arg("--out")
            .arg(out)
            .output()
            .unwrap();
        assert!(run.status.success(), "{run:?}");
        // "epoch N: mean loss L" on stderr.
        String::from_utf8_lossy(&run.stderr)
            .lines()
            .filter_map(|l| {
                let (n, loss) = l.strip_prefix("epoch ")?.split_once(": mean loss ")?;
                Some((n.parse().unwrap(), loss.trim().parse().unwrap()))
            })
            .collect()
    };
    let sitting = train(&["--epochs", "4"], &first);
    assert_eq!(sitting.len(), 4, "{sitting:?}");
    let first_str = first.to_str().unwrap();
    let resumed = train(
        &[
            "--epochs",
            "1",
            "--resume",
            first_str,
            "--epochs-done",
            "4",
            "--lr",
            "3e-4",
        ],
        &second,
    );
    assert_eq!(resumed.len(), 1, "{resumed:?}");
    assert_eq!(resumed[0].0, 5);
    let (fresh, last) = (sitting[0].1, sitting[3].1);
    assert!(fresh > last, "{sitting:?}");
    assert!(
        resumed[0].1 < (fresh + last) / 2.0,
        "{sitting:?} then {resumed:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
