//! `bench compare`'s rows of every community definition (`puzzles/community/`, cubing.js's FTO
//! with its inner slices among them): `twisty solve` on a scramble of a fixed number of random
//! moves from a fixed seed, the definition's own default moves, tables from a cache folder of each
//! tree's own (warmed by one run first: the rows time a solve with its tables kept, as a user's
//! second run is). The depths are chosen so that each row takes from a tenth of a second to a few
//! seconds here (one more move takes some random megaminx and 5x5x5 scrambles past 20 s).
//!
//! A row is flagged when this tree's median is more than [`SLOWER`] times the other's: the guard
//! against a table plan that quietly loses to an older one (issue 67).

use std::path::Path;
use std::process::Command;
use tools::rng::Rng;

/// A row this much slower than the commit compared with is flagged.
pub const SLOWER: f64 = 1.25;

/// Each community file's scramble length (its file name, moves). Files not listed get
/// [`DEFAULT_DEPTH`].
const DEPTHS: &[(&str, usize)] = &[
    ("2x2x2.kpuzzle.json", 11),
    ("3x3x3-centerless.kpuzzle.json", 10),
    ("4x4x4-phase2-search.kpuzzle.json", 11),
    ("4x4x4-phase3-search.kpuzzle.json", 10),
    ("4x4x4.kpuzzle.json", 9),
    ("5x5x5.kpuzzle.json", 7),
    ("6x6x6.kpuzzle.json", 6),
    ("7x7x7.kpuzzle.json", 6),
    ("baby_fto.kpuzzle.json", 11),
    ("clock.kpuzzle.json", 5),
    ("fto.kpuzzle.json", 9),
    ("kilominx.kpuzzle.json", 8),
    ("megaminx.kpuzzle.json", 6),
    ("pyraminx.kpuzzle.json", 11),
    ("skewb-fixed-corner-with-co-tweaks.kpuzzle.json", 11),
    ("square0-equatorless.kpuzzle.json", 11),
    ("square1-unbandaged.kpuzzle.json", 11),
    ("tetraminx.kpuzzle.json", 11),
];
const DEFAULT_DEPTH: usize = 6;

/// One community row: the file, its scramble, and what the row says.
pub struct Row {
    pub file: String,
    pub scramble: String,
    pub what: String,
}

/// The moves `twisty info` lists for `file` (the default moves `solve` searches with).
fn default_moves(twisty: &Path, file: &str) -> Vec<String> {
    let out = Command::new(twisty).args(["info", file]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find(|l| l.starts_with("moves ("))
        .unwrap_or_else(|| panic!("`twisty info {file}` lists no moves"));
    let list = line.split_once("): ").map_or("", |(_, m)| m);
    list.split_whitespace().map(String::from).collect()
}

/// The layer a move turns ("2R2'" and "2R" one, "R" another): consecutive moves of one layer
/// would shorten the scramble.
fn layer(name: &str) -> &str {
    name.trim_end_matches('\'')
        .trim_end_matches(|c: char| c.is_ascii_digit())
}

/// A row for each community file, scrambled by `twisty` (this tree's: the moves it lists).
pub fn community_rows(root: &Path, twisty: &Path) -> Vec<Row> {
    let dir = root.join("puzzles/community");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|f| f.ends_with(".kpuzzle.json"))
        .collect();
    files.sort();
    let mut rng = Rng::new(67);
    files
        .into_iter()
        .map(|name| {
            let file = dir.join(&name).to_str().unwrap().to_string();
            let moves = default_moves(twisty, &file);
            let depth = DEPTHS
                .iter()
                .find(|(f, _)| *f == name)
                .map_or(DEFAULT_DEPTH, |&(_, d)| d);
            let mut seq: Vec<&str> = Vec::new();
            while seq.len() < depth {
                let m = moves[rng.below(moves.len())].as_str();
                if seq.last().is_none_or(|l| layer(l) != layer(m)) {
                    seq.push(m);
                }
            }
            let scramble = seq.join(" ");
            let short = name.trim_end_matches(".kpuzzle.json");
            Row {
                file,
                what: format!("engine: {short}, {depth} random moves"),
                scramble,
            }
        })
        .collect()
}

/// The flag beside a row: this tree's median over the other's, marked past [`SLOWER`].
pub fn flag(old: &[f64], new: &[f64]) -> (f64, &'static str) {
    let median = |v: &[f64]| {
        let mut v = v.to_vec();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let ratio = median(new) / median(old).max(1e-9);
    (ratio, if ratio > SLOWER { "  SLOWER" } else { "" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moves_layer_drops_its_amount_and_direction() {
        assert_eq!(layer("2R2'"), "2R");
        assert_eq!(layer("R'"), "R");
        assert_eq!(layer("BL2"), "BL");
        assert_ne!(layer("2R"), layer("R"));
    }

    #[test]
    fn only_rows_past_the_limit_are_flagged() {
        assert_eq!(flag(&[100.0, 100.0, 100.0], &[124.0, 126.0, 120.0]).1, "");
        assert_eq!(
            flag(&[100.0, 100.0, 100.0], &[130.0, 126.0, 190.0]).1,
            "  SLOWER"
        );
    }
}
