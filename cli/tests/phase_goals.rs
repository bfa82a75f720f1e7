//! A phases file's `goal` lines through `twisty`: the look file found beside the phases file, the
//! phase it ends shown by `info`, and a bad look named with the phases file's line and column.

use predicates::prelude::*;

mod own_cache;

use own_cache::twisty;

/// A look at the 2x2x2's corners: one colour, orientations modulo `ori`, in orbit `orbit`.
fn look(orbit: &str, ori: u8) -> String {
    format!(
        r#"{{ "name": "look", "orbits": [{{ "orbitName": "{orbit}", "numPieces": 8, "numOrientations": {ori} }}],
        "defaultPattern": {{ "{orbit}": {{ "pieces": [0, 0, 0, 0, 0, 0, 0, 0], "orientation": [0, 0, 0, 0, 0, 0, 0, 0] }} }} }}"#
    )
}

#[test]
fn a_goal_file_beside_the_phases_file_ends_its_phase() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("phase-goals");
    std::fs::create_dir_all(&dir).unwrap();
    let phases = dir.join("twists.phases");
    std::fs::write(&phases, "moves U R2 F2\ngoal twists.json\n").unwrap();
    // `twisty info` with the phases file, the look file written first.
    let info = |look_text: String| {
        std::fs::write(dir.join("twists.json"), look_text).unwrap();
        twisty()
            .args(["info", "2x2x2", "--phases-from"])
            .arg(&phases)
            .assert()
    };
    info(look("CORNERS", 3))
        .success()
        .stdout(predicate::str::contains(
            "CORNERS 7 pieces in 1 colours, orientations mod 3",
        ));
    // A look at no orbit of the puzzle: the goal line's place, then what is wrong.
    info(look("EDGES", 3)).failure().stderr(
        predicate::str::contains("twists.phases:2:6: goal")
            .and(predicate::str::contains("none is one of the puzzle's")),
    );
    // A look the count refuses (it sees nothing): the phase and why.
    info(look("CORNERS", 1)).failure().stderr(
        predicate::str::contains("phase 1")
            .and(predicate::str::contains("do not tell the cosets apart")),
    );
}

/// The 4x4x4's shipped phases are taken with no flag by its event's name (and named), with a
/// sifted third phase; with the definition's own moves (inner slices) they are not.
#[test]
fn the_shipped_4x4x4_phases_are_found_by_the_event_name() {
    twisty()
        .args(["info", "444", "--phases"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains(
                "phases: 5 from the phases of puzzles/phases/4x4x4.phases (built in)",
            )
            .and(predicate::str::contains("(where it meets them)"))
            .and(predicate::str::contains("checked by Schreier-Sims")),
        );
    twisty()
        .args(["info", "4x4x4", "--phases"])
        .assert()
        .stdout(predicate::str::contains("4x4x4.phases").not());
}

/// The kilominx's shipped phases are groups of faces, each phase's goal the slots of the corners
/// its group keeps home; with moves the file's groups need left out, the chain is chosen instead.
#[test]
fn the_shipped_kilominx_phases_are_its_groups_of_faces() {
    twisty()
        .args(["info", "kilominx", "--phases"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains(
                "phases: 5 from the phases of puzzles/phases/kilominx.phases (built in)",
            )
            .and(predicate::str::contains(
                "to U F L R BL BR: 132192 cosets; goal: 3 pieces home, by 60 slots",
            )),
        );
    twisty()
        .args(["info", "kilominx", "--phases", "--moves", "U,R,F,L"])
        .assert()
        .success()
        .stdout(predicate::str::contains("kilominx.phases").not());
}

/// `scramble fto` takes the WCA's moves, the eight face turns, and the FTO's shipped phases (its
/// second phase's goal a look beside the file); with the definition's own moves the file serves
/// too, its first phase turning the inner slices as well.
#[test]
fn the_fto_scrambles_with_its_face_turns_through_its_shipped_phases() {
    twisty()
        .args(["info", "fto", "--phases"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains(
                "moves (htm, 16): U U' F F' R R' L L' B B' BR BR' BL BL' D D'",
            )
            .and(predicate::str::contains(
                "phases: 3 from the phases of puzzles/phases/fto.phases (built in)",
            ))
            .and(predicate::str::contains(
                "to (none) (the puzzle solved as the file's `solved` look sees it): 63504000 \
                 cosets; goal: C4RNER 6 pieces each its own, orientations mod 4; CENTERS 24 \
                 pieces in 8 colours",
            )),
        );
    let out = twisty()
        .args(["scramble", "fto", "--seed", "3", "--count", "2"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let faces = ["U", "F", "R", "L", "B", "BR", "BL", "D"];
    // The scrambles' lines, each followed by its length ("54 moves") and the last by the mean.
    let scrambles: Vec<&str> = text
        .lines()
        .filter(|l| !l.ends_with(" moves") && !l.contains("on average"))
        .collect();
    assert_eq!(scrambles.len(), 2, "{text}");
    for token in scrambles.iter().flat_map(|l| l.split_whitespace()) {
        assert!(
            faces.contains(&token.trim_end_matches('\'')),
            "{token} in {text}"
        );
    }
}
