//! Loading definitions: the article's turn-set YAML (sticker positions, flattened cycles, REVERSE and
//! COMBINE extenders, a goal colouring) and KPuzzle JSON (orbits, moves, derived moves written as
//! algorithms). Both become a [`Puzzle`]; a sticker definition goes through [`crate::load::pieces`] so that
//! stickers that always move together become one piece with orientations.
//!
//! Every problem is reported with the file, the line (YAML) or the key (JSON), and what is wrong.

mod kpuzzle;
mod kpuzzle_write;
pub mod pieces;
pub mod shipped;
mod tws;
mod yaml;

pub use kpuzzle::load_kpuzzle;
pub use kpuzzle_write::to_kpuzzle;
pub use tws::load_tws;
pub use yaml::load_yaml;

use crate::model::alg;
use crate::model::{Move, Perm, Puzzle};
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
/// KPuzzle; `.tws`/`.ksolve`: twsearch's; otherwise YAML, or JSON if the text starts with `{`).
pub fn load(file: &str, text: &str) -> Result<Puzzle, DefError> {
    match format_of(file, text) {
        "tws" => load_tws(file, text),
        "json" => load_kpuzzle(file, text),
        _ => load_yaml(file, text),
    }
}

/// The format [`load`] reads `file` in: `tws`, `json` or `yaml`.
pub fn format_of(file: &str, text: &str) -> &'static str {
    if file.ends_with(".tws") || file.ends_with(".ksolve") {
        "tws"
    } else if file.ends_with(".json") || text.trim_start().starts_with('{') {
        "json"
    } else {
        "yaml"
    }
}

/// A definition's name when it gives none: its file name without folders and extension.
fn stem(file: &str) -> String {
    let base = file.rsplit('/').next().unwrap_or(file);
    base.split('.').next().unwrap_or(base).to_string()
}

/// Adds the derived moves (name, sequence of moves) to `moves`. They may use each other in any
/// order, so they are resolved in passes; `error(name, message)` places a failure in the file.
fn derive_moves(
    moves: &mut Vec<Move>,
    modulus: &[u8],
    mut pending: Vec<(String, String)>,
    error: impl Fn(&str, String) -> DefError,
) -> Result<(), DefError> {
    while !pending.is_empty() {
        let mut left = Vec::new();
        let mut first_error = None;
        for (name, text) in pending.iter() {
            if moves.iter().any(|m| &m.name == name) {
                return Err(error(name, "is also a move".into()));
            }
            let names = |s: &str| moves.iter().position(|m| m.name == s);
            match alg::parse(text, &names) {
                Ok(a) => {
                    let perms: Vec<&Perm> = moves.iter().map(|m| &m.perm).collect();
                    let perm = a.perm(&perms, modulus);
                    moves.push(Move {
                        name: name.clone(),
                        perm,
                        base: false,
                    });
                }
                Err(e) => {
                    first_error.get_or_insert(error(name, format!("\"{text}\": {e}")));
                    left.push((name.clone(), text.clone()));
                }
            }
        }
        if left.len() == pending.len() {
            return Err(first_error.expect("a pass without progress had an error"));
        }
        pending = left;
    }
    Ok(())
}
