//! The definitions in `puzzles/` and the community's in `puzzles/community/`, built into the binary
//! so that `twisty solve 2x2x2 ...` and `twisty scramble 444` work from any folder, by name or by
//! the WCA's event name. A path to a file always wins over a shipped name.

use crate::load::{self, DefError};
use crate::model::Puzzle;

/// Name, file name and text of each shipped definition.
pub const SHIPPED: &[(&str, &str, &str)] = &[
    (
        "pancake",
        "pancake.yaml",
        include_str!("../../../puzzles/pancake.yaml"),
    ),
    (
        "floppy",
        "floppy.json",
        include_str!("../../../puzzles/floppy.json"),
    ),
    (
        "2x2x2",
        "2x2x2.json",
        include_str!("../../../puzzles/2x2x2.json"),
    ),
    (
        "2x2x2-stickers",
        "2x2x2-stickers.yaml",
        include_str!("../../../puzzles/2x2x2-stickers.yaml"),
    ),
    (
        "3x3x3",
        "3x3x3.json",
        include_str!("../../../puzzles/3x3x3.json"),
    ),
    // The community's files (cubing.js's KPuzzle definitions, `puzzles/community/README.md`).
    (
        "4x4x4",
        "community/4x4x4.kpuzzle.json",
        include_str!("../../../puzzles/community/4x4x4.kpuzzle.json"),
    ),
    (
        "5x5x5",
        "community/5x5x5.kpuzzle.json",
        include_str!("../../../puzzles/community/5x5x5.kpuzzle.json"),
    ),
    (
        "6x6x6",
        "community/6x6x6.kpuzzle.json",
        include_str!("../../../puzzles/community/6x6x6.kpuzzle.json"),
    ),
    (
        "7x7x7",
        "community/7x7x7.kpuzzle.json",
        include_str!("../../../puzzles/community/7x7x7.kpuzzle.json"),
    ),
    (
        "megaminx",
        "community/megaminx.kpuzzle.json",
        include_str!("../../../puzzles/community/megaminx.kpuzzle.json"),
    ),
    (
        "kilominx",
        "community/kilominx.kpuzzle.json",
        include_str!("../../../puzzles/community/kilominx.kpuzzle.json"),
    ),
    (
        "fto",
        "community/fto.kpuzzle.json",
        include_str!("../../../puzzles/community/fto.kpuzzle.json"),
    ),
    (
        "baby_fto",
        "community/baby_fto.kpuzzle.json",
        include_str!("../../../puzzles/community/baby_fto.kpuzzle.json"),
    ),
    (
        "pyraminx",
        "community/pyraminx.kpuzzle.json",
        include_str!("../../../puzzles/community/pyraminx.kpuzzle.json"),
    ),
    (
        "tetraminx",
        "community/tetraminx.kpuzzle.json",
        include_str!("../../../puzzles/community/tetraminx.kpuzzle.json"),
    ),
    (
        "skewb",
        "community/skewb-fixed-corner-with-co-tweaks.kpuzzle.json",
        include_str!("../../../puzzles/community/skewb-fixed-corner-with-co-tweaks.kpuzzle.json"),
    ),
    (
        "square1",
        "community/square1-unbandaged.kpuzzle.json",
        include_str!("../../../puzzles/community/square1-unbandaged.kpuzzle.json"),
    ),
    (
        "clock",
        "community/clock.kpuzzle.json",
        include_str!("../../../puzzles/community/clock.kpuzzle.json"),
    ),
    (
        "3x3x3-centerless",
        "community/3x3x3-centerless.kpuzzle.json",
        include_str!("../../../puzzles/community/3x3x3-centerless.kpuzzle.json"),
    ),
];

/// The WCA's event names, each with the shipped definition it names (`twisty scramble 444`).
pub const EVENTS: &[(&str, &str)] = &[
    ("222", "2x2x2"),
    ("333", "3x3x3"),
    ("444", "4x4x4"),
    ("555", "5x5x5"),
    ("666", "6x6x6"),
    ("777", "7x7x7"),
    ("minx", "megaminx"),
    ("pyram", "pyraminx"),
    ("skewb", "skewb"),
    ("sq1", "square1"),
    ("clock", "clock"),
    ("fto", "fto"),
];

/// The moves a WCA event scrambles with where they are not the definition's default (the big
/// cubes' wide turns, as the WCA writes them, and the FTO's eight face turns; the definitions'
/// defaults are their inner slices).
pub const EVENT_MOVES: &[(&str, &str)] = &[
    ("fto", "U,F,R,L,B,BR,BL,D"),
    ("444", "U,D,L,R,F,B,Uw,Rw,Fw"),
    ("555", "U,D,L,R,F,B,Uw,Dw,Lw,Rw,Fw,Bw"),
    ("666", "U,D,L,R,F,B,Uw,Dw,Lw,Rw,Fw,Bw,3Uw,3Rw,3Fw"),
    (
        "777",
        "U,D,L,R,F,B,Uw,Dw,Lw,Rw,Fw,Bw,3Uw,3Dw,3Lw,3Rw,3Fw,3Bw",
    ),
];

/// The moves of event `arg`, where it is a WCA event name with moves of its own (and no file of
/// that name exists).
pub fn event_moves(arg: &str) -> Option<&'static str> {
    if std::path::Path::new(arg).is_file() {
        return None;
    }
    EVENT_MOVES.iter().find(|e| e.0 == arg).map(|e| e.1)
}

/// The shipped definition named `arg` (by name, file name or WCA event name).
fn shipped(arg: &str) -> Option<&'static (&'static str, &'static str, &'static str)> {
    let arg = EVENTS.iter().find(|e| e.0 == arg).map_or(arg, |e| e.1);
    SHIPPED
        .iter()
        .find(|(name, file, _)| *name == arg || *file == arg)
}

/// Loads `arg`: a file if one exists there, else a shipped definition of that name.
pub fn open(arg: &str) -> Result<Puzzle, DefError> {
    let path = std::path::Path::new(arg);
    if path.is_file() {
        let text = std::fs::read_to_string(path).map_err(|e| DefError {
            file: arg.into(),
            at: None,
            key: None,
            message: format!("cannot read: {e}"),
        })?;
        return load::load(arg, &text);
    }
    match shipped(arg) {
        Some((_, file, text)) => load::load(&format!("puzzles/{file}"), text),
        None => Err(DefError {
            file: arg.into(),
            at: None,
            key: None,
            message: format!(
                "no such file, and not a shipped definition (shipped: {})",
                SHIPPED.iter().map(|s| s.0).collect::<Vec<_>>().join(", ")
            ),
        }),
    }
}

/// Where [`open`] finds `arg`: the file, or the shipped definition's file in `puzzles/`.
pub fn source(arg: &str) -> String {
    if std::path::Path::new(arg).is_file() {
        return arg.to_string();
    }
    shipped(arg).map_or(arg.to_string(), |s| format!("puzzles/{} (built in)", s.1))
}

/// The text of `arg` as [`open`] finds it (a file's, or a shipped definition's): what a sliced
/// run keeps in its `job.json`.
pub fn text_of(arg: &str) -> Result<String, String> {
    if std::path::Path::new(arg).is_file() {
        return std::fs::read_to_string(arg).map_err(|e| format!("{arg}: {e}"));
    }
    shipped(arg)
        .map(|s| s.2.to_string())
        .ok_or(format!("{arg}: not found"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every shipped definition loads, and every event name opens the puzzle it names (the
    /// orbits a WCA event's puzzle has: the 4x4x4's wings, the megaminx's twelve centres kept).
    #[test]
    fn every_shipped_definition_and_event_opens() {
        for (name, _, _) in SHIPPED {
            open(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        for (event, name) in EVENTS {
            let p = open(event).unwrap_or_else(|e| panic!("{event}: {e}"));
            assert_eq!(p.name, open(name).unwrap().name, "{event}");
        }
        let orbits = |arg: &str| -> Vec<String> {
            open(arg)
                .unwrap()
                .orbits
                .iter()
                .map(|o| o.name.clone())
                .collect()
        };
        assert!(orbits("444").contains(&"WINGS".to_string()));
        assert!(source("minx").ends_with("community/megaminx.kpuzzle.json (built in)"));
        assert_eq!(event_moves("444"), Some("U,D,L,R,F,B,Uw,Rw,Fw"));
        assert_eq!(event_moves("4x4x4"), None);
    }
}
