//! The definitions in `puzzles/`, built into the binary so that `twisty solve 2x2x2 ...` works
//! from any folder. A path to a file always wins over a shipped name.

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
];

/// The shipped definition named `arg` (by name or file name).
fn shipped(arg: &str) -> Option<&'static (&'static str, &'static str, &'static str)> {
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
