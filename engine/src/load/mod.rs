//! Loading definitions: the article's turn-set YAML (sticker positions, flattened cycles, REVERSE and
//! COMBINE extenders, a goal colouring) and KPuzzle JSON (orbits, moves, derived moves written as
//! algorithms). Both become a [`Puzzle`]; a sticker definition goes through [`crate::pieces`] so that
//! stickers that always move together become one piece with orientations.
//!
//! Every problem is reported with the file, the line (YAML) or the key (JSON), and what is wrong.

mod kpuzzle;
mod yaml;

pub use kpuzzle::load_kpuzzle;
pub use yaml::load_yaml;

use crate::model::Puzzle;
use std::fmt;

/// A problem in a definition file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefError {
    pub file: String,
    /// Line and column, where known (YAML, and JSON syntax errors).
    pub at: Option<(usize, usize)>,
    /// The key path, where that says more than a line (JSON).
    pub key: Option<String>,
    pub message: String,
}

impl fmt::Display for DefError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some((line, col)) = self.at {
            write!(f, ":{line}:{col}")?;
        }
        write!(f, ": ")?;
        if let Some(key) = &self.key {
            write!(f, "{key}: ")?;
        }
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for DefError {}

/// Loads a definition from its text; `file` names it in errors and decides the format (`.json`:
/// KPuzzle; otherwise YAML, or JSON if the text starts with `{`).
pub fn load(file: &str, text: &str) -> Result<Puzzle, DefError> {
    if file.ends_with(".json") || text.trim_start().starts_with('{') {
        load_kpuzzle(file, text)
    } else {
        load_yaml(file, text)
    }
}

/// A definition's name when it gives none: its file name without folders and extension.
fn stem(file: &str) -> String {
    let base = file.rsplit('/').next().unwrap_or(file);
    base.split('.').next().unwrap_or(base).to_string()
}
