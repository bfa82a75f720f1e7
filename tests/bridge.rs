//! The bridge end to end: robot2 -> bridge -> robot-sim over real pseudo-terminals; grid input and
//! its rejections; the timeline against the model's estimate.

use assert_cmd::Command;
use predicates::prelude::*;
use proptest::prelude::*;
use twisty::robot::{parse_grid, parse_plan_line};

const SOLVED_GRID: &str = "..ww....\n..ww....\nooggrrbb\nooggrrbb\n..yy....\n..yy....\n";

fn robot2(scrambles: &str) -> Vec<String> {
    let out = Command::cargo_bin("robot2")
        .unwrap()
        .write_stdin(scrambles.to_string())
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Runs `bridge --simulate --time-scale 0 ARGS` on `stdin`; requires success, no protocol violation
/// and a solved cube, and returns robot-sim's report.
fn simulate_solved(args: &[&str], stdin: &str) -> String {
    let out = Command::cargo_bin("bridge")
        .unwrap()
        .args(["--simulate", "--time-scale", "0"])
        .args(args)
        .write_stdin(stdin.to_string())
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{args:?}: {report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(report.contains("violations: 0"), "{report}");
    assert!(report.contains("final: solved"), "{report}");
    report
}

#[test]
fn random_scrambles_end_solved_on_the_fake_firmware() {
    let scrambles = [
        "R U R' U'",
        "F2 U' R F",
        "x R2 D L' B",
        "U R2 F' L D2 B' R U2 F x y",
        "D",
    ];
    let plans = robot2(&(scrambles.join("\n") + "\n"));
    for (scramble, plan) in scrambles.iter().zip(&plans) {
        let report = simulate_solved(&["--input", "plan", "--scramble", scramble], plan);
        // The fake firmware reconstructed exactly the plan's twists.
        let twists: Vec<&str> = plan.split(' ').skip(1).collect();
        assert!(
            report.contains(&format!("twists: {}\n", twists.join(" "))),
            "{report}"
        );
    }
}

#[test]
fn timeline_total_equals_the_model_estimate() {
    for plan in robot2("R U R' U'\nF R2 U' F2 R\n") {
        for speed in ["slow", "medium", "fast", "superfast"] {
            let out = Command::cargo_bin("bridge")
                .unwrap()
                .args(["--dry-run", "--speed", speed])
                .write_stdin(plan.clone())
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout).to_string();
            let total = text.lines().last().unwrap();
            let num = |after: &str| -> f64 {
                let rest = &total[total.find(after).unwrap() + after.len()..];
                rest.split_whitespace().next().unwrap().parse().unwrap()
            };
            assert_eq!(num("total: "), num("model estimate "), "{total}");
        }
    }
}

/// The timeline of one plan, added up by hand from the protocol's waits (shared/spec/robot.md) at
/// medium speed (slp1 0.1 s, slp2 0.1 s, rpm 400, ratio 1.0; a quarter turn waits 2*60/400 * 1/4 =
/// 0.075 s, a half turn 0.15 s):
///   2 s after opening the ports, then release all and grab the first twist's pair: + 0.1 (slp1)
///   turns L' B' R' (quarters) and B'F2 R2L' B2F' (halves): 3 x 0.075 + 3 x 0.15 = 0.675
///   five regrips between six twists, each grab + release: 5 x (0.1 + 0.1) = 1.0
///   total 2 + 0.1 + 0.675 + 1.0 = 3.775 s.
#[test]
fn timeline_total_matches_the_protocol_by_hand() {
    let out = Command::cargo_bin("bridge")
        .unwrap()
        .args(["--dry-run", "--speed", "medium"])
        .write_stdin("15 L' B' R' B'F2 R2L' B2F'\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let total = text.lines().last().unwrap();
    assert!(total.starts_with("total: 3.775 s"), "{total}");
    // 4 releases, 2 grabs, then per twist its turn lines, and 2 grabs + 2 releases before each of
    // the five later twists: 6 + (1 + 1 + 1 + 2 + 2 + 2) + 5 x 4 = 35 lines.
    assert!(total.ends_with("35 lines"), "{total}");
}

/// The camera grid of a scrambled cube (Western colours: U w, R r, F g, D y, L o, B b).
fn grid_of(scramble: &str) -> String {
    let moves =
        twisty::notation::parse_moves(scramble, 1, twisty::notation::Families::CUBE2).unwrap();
    let cube = twisty::sticker_cube::StickerCube::solved()
        .apply_all(&moves)
        .unwrap();
    let mut rows = vec![vec!['.'; 8]; 6];
    for f in 0..24 {
        let (r, c) = twisty::robot::grid_cell(f);
        rows[r][c] = ['w', 'r', 'g', 'y', 'o', 'b'][cube.0[f] as usize];
    }
    rows.iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect()
}

#[test]
fn a_grid_is_solved_and_replayed() {
    assert_eq!(grid_of(""), SOLVED_GRID);
    for scramble in ["R U", "F2 R' U F", "x U R2 B' D"] {
        simulate_solved(&[], &grid_of(scramble));
    }
    let solved = Command::cargo_bin("bridge")
        .unwrap()
        .args(["--dry-run"])
        .write_stdin(SOLVED_GRID)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&solved.stdout).starts_with("plan: 0\n"));
}

/// A grid that is rejected: exit 2, the message, and nothing sent (robot-sim never even starts).
fn rejects(grid: &str, message: &str) {
    Command::cargo_bin("bridge")
        .unwrap()
        .args(["--simulate", "--time-scale", "0", "--input", "grid"])
        .write_stdin(grid.to_string())
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(message.to_string()))
        .stderr(predicate::str::contains("panicked").not());
}

#[test]
fn bad_grids_are_rejected_before_anything_is_sent() {
    // Twist the URF corner in place: U (row 1, col 4) w->g, R (row 3, col 5) r->w, F (row 3, col 4) g->r.
    let twisted = "..ww....\n..wg....\nooggwrbb\nooggrrbb\n..yy....\n..yy....\n";
    let twisted = twisted.replacen("ooggwrbb", "oogrwrbb", 1);
    rejects(&twisted, "a corner is twisted in place");
    // Five white stickers.
    rejects(
        "..ww....\n..ww....\nooggrrbw\nooggrrbb\n..yy....\n..yy....\n",
        "colour `w` appears 5 times",
    );
    // A corner with white and yellow (opposite faces): swap the URF corner's F sticker with DRB's D.
    rejects(
        "..ww....\n..ww....\noogyrrbb\nooggrrbb\n..yy....\n..yg....\n",
        "which belong to opposite faces",
    );
    rejects(
        "..ww....\n..ww....\nooggrrbb\nooggrrbb\n..yy....\n",
        "expected 6 rows",
    );
    rejects(
        "..ww....\n..wx....\nooggrrbb\nooggrrbb\n..yy....\n..yy....\n",
        "line 2, column 4: expected a colour letter",
    );
}

#[test]
fn a_plan_that_does_not_solve_is_not_sent() {
    Command::cargo_bin("bridge")
        .unwrap()
        .args(["--simulate", "--time-scale", "0", "--scramble", "R U"])
        .write_stdin("2 R'\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "does not solve the cube it starts from; nothing sent",
        ));
    Command::cargo_bin("bridge")
        .unwrap()
        .args(["--dry-run"])
        .write_stdin("4 R' L'\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 1, column 6: `L'` uses the same pair",
        ));
}

#[test]
fn a_face_turn_solution_becomes_a_plan() {
    simulate_solved(&["--input", "moves"], "U' R'\n");
}

proptest! {
    #[test]
    fn grid_and_plan_parsers_never_panic(s in "\\PC*") {
        let _ = parse_grid(&s);
        let _ = twisty::robot::cube_from_grid(&s);
        let _ = parse_plan_line(&s, 1);
    }

    #[test]
    fn grid_parser_on_near_grids(cells in proptest::collection::vec(prop::sample::select(vec!['w', 'y', 'g', 'b', 'r', 'o', '.', ' ', 'x']), 48)) {
        let text: String = cells.chunks(8).map(|r| r.iter().collect::<String>() + "\n").collect();
        let _ = twisty::robot::cube_from_grid(&text);
    }
}

/// The bridge plans face-turn input for time by default: its dry-run total is the estimate that
/// `robot2 --objective time` minimised (and reports with --show-time) for the same cube, at each
/// speed; `--objective cost` gives robot2's default plan.
#[test]
fn bridge_plans_for_time_and_its_total_is_the_planners_estimate() {
    // A face-turn solution and the scramble it undoes; here the time- and cost-optimal plans differ.
    let (solution, scramble) = ("R' F2 U' R F' U2 R' F R2 U'", "U R2 F' R U2 F R' U F2 R\n");
    for speed in ["slow", "medium", "fast", "superfast"] {
        let planned = Command::cargo_bin("robot2")
            .unwrap()
            .args(["--objective", "time", "--show-time", "--speed", speed])
            .write_stdin(scramble)
            .output()
            .unwrap();
        let plan = String::from_utf8_lossy(&planned.stdout).trim().to_string();
        let estimate = String::from_utf8_lossy(&planned.stderr)
            .trim()
            .trim_start_matches("robot2: line 1: ")
            .trim_end_matches(" s estimated")
            .to_string();
        let out = Command::cargo_bin("bridge")
            .unwrap()
            .args(["--dry-run", "--speed", speed])
            .write_stdin(solution)
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert_eq!(text.lines().next().unwrap(), format!("plan: {plan}"));
        // Not robot2's default plan: the bridge did not plan for cost.
        assert_ne!(plan, robot2(scramble)[0], "{speed}");
        let total = text.lines().last().unwrap();
        assert!(
            total.starts_with(&format!("total: {estimate} s (model estimate {estimate} s")),
            "{speed}: robot2 estimates {estimate} s; bridge: {total}"
        );
    }
    let by_cost = Command::cargo_bin("bridge")
        .unwrap()
        .args(["--dry-run", "--objective", "cost"])
        .write_stdin(solution)
        .output()
        .unwrap();
    let first = String::from_utf8_lossy(&by_cost.stdout)
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert_eq!(first, format!("plan: {}", robot2(scramble)[0]));
}

/// Timing the planner cannot price exactly (7 decimals) is refused only where the bridge plans for
/// time: a plan given as input is sent as it is, and `--objective cost` does not price time.
#[test]
fn unpriceable_timing_is_refused_only_when_planning_for_time() {
    let odd = ["--dry-run", "--slp1", "0.1234567"];
    let run = |extra: &[&str], stdin: &str| {
        Command::cargo_bin("bridge")
            .unwrap()
            .args(odd)
            .args(extra)
            .write_stdin(stdin.to_string())
            .output()
            .unwrap()
    };
    let plan = run(&[], "15 L' B' R' B'F2 R2L' B2F'\n");
    assert!(plan.status.success(), "{plan:?}");
    let by_cost = run(&["--objective", "cost"], "R U R' U'\n");
    assert!(by_cost.status.success(), "{by_cost:?}");
    let by_time = run(&[], "R U R' U'\n");
    assert!(!by_time.status.success());
    assert!(String::from_utf8_lossy(&by_time.stderr).contains("--slp1 may have at most 6 decimals"));
}
