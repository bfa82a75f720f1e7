//! States as `twisty apply` prints them (colours under a net, or a line per orbit) and as KPuzzle
//! patterns, read back.

use crate::model::{Puzzle, State, StickerMap};
use std::collections::BTreeMap;

/// Parses a state as `twisty apply` prints it: sticker colours separated by spaces for a sticker
/// definition (the net drawn above them and the `solved:` line are skipped), else one line per
/// orbit (`CORNERS: 0/2 4/1 ...`, piece and orientation); or a KPuzzle pattern
/// (`{"CORNERS": {"pieces": [...], "orientation": [...]}}`).
pub fn parse_state(puzzle: &Puzzle, text: &str) -> Result<State, String> {
    if let Some(map) = &puzzle.stickers {
        return sticker_state(puzzle, map, text);
    }
    if !text.trim_start().starts_with('{') {
        return parse_orbit_lines(puzzle, text);
    }
    kpuzzle_pattern(puzzle, text)
}

/// A sticker puzzle's state from its colours line: each position's colours some piece's, turned.
fn sticker_state(puzzle: &Puzzle, map: &StickerMap, text: &str) -> Result<State, String> {
    let modulus = puzzle.modulus();
    let mut s = puzzle.goal.clone();
    // The colours line: the last with one word per sticker (the net's lines are shorter).
    let line = text
        .lines()
        .rev()
        .find(|l| l.split_whitespace().count() == map.stickers)
        .unwrap_or(text);
    let colors: Vec<&str> = line.split_whitespace().collect();
    if colors.len() != map.stickers {
        return Err(format!(
            "expected {} sticker colours, found {}",
            map.stickers,
            colors.len()
        ));
    }
    let placed: Vec<bool> = {
        let mut v = vec![false; map.stickers];
        map.of_position.iter().flatten().for_each(|&x| v[x] = true);
        v
    };
    for (x, c) in colors.iter().enumerate() {
        if !placed[x] && *c != map.colors[x] {
            return Err(format!(
                "sticker {x} never moves, so it must be {}, not {c}",
                map.colors[x]
            ));
        }
    }
    // Each position's colours must be some piece's colours turned.
    let mut homes: Vec<(u8, Vec<&str>)> = Vec::new();
    for (i, stickers) in map.of_position.iter().enumerate() {
        homes.push((
            puzzle.goal.label[i],
            stickers.iter().map(|&x| map.colors[x].as_str()).collect(),
        ));
    }
    let mut count: BTreeMap<u8, i64> = BTreeMap::new();
    for &l in &puzzle.goal.label {
        *count.entry(l).or_default() += 1;
    }
    for (i, stickers) in map.of_position.iter().enumerate() {
        let k = stickers.len();
        let seen: Vec<&str> = stickers.iter().map(|&x| colors[x]).collect();
        let hit = homes.iter().find_map(|(l, home)| {
            (0..k)
                .find(|&r| (0..k).all(|j| seen[(j + r) % k] == home[j]))
                .map(|r| (*l, r))
        });
        let Some((l, r)) = hit else {
            return Err(format!(
                "stickers {stickers:?} show {seen:?}: no piece has these colours"
            ));
        };
        s.label[i] = l;
        s.ori[i] = r as u8 % modulus[i];
        *count.entry(l).or_default() -= 1;
    }
    if let Some((l, _)) = count.iter().find(|(_, &c)| c != 0) {
        return Err(format!(
            "piece {} appears the wrong number of times",
            puzzle.label_names[*l as usize]
        ));
    }
    Ok(s)
}

/// A state as a KPuzzle pattern in JSON, one per orbit.
fn kpuzzle_pattern(puzzle: &Puzzle, text: &str) -> Result<State, String> {
    let mut s = puzzle.goal.clone();
    let v: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| format!("line {} column {}: {e}", e.line(), e.column()))?;
    let obj = v
        .as_object()
        .ok_or("expected a JSON object with one pattern per orbit")?;
    for (o, orbit) in puzzle.orbits.iter().enumerate() {
        let pat = obj
            .get(&orbit.name)
            .ok_or(format!("missing orbit {}", orbit.name))?;
        let get = |key: &str| -> Result<Vec<i64>, String> {
            pat.get(key)
                .and_then(|x| x.as_array())
                .ok_or(format!("{}.{key}: expected a list", orbit.name))?
                .iter()
                .map(|x| {
                    x.as_i64()
                        .ok_or(format!("{}.{key}: expected numbers", orbit.name))
                })
                .collect()
        };
        let (pieces, ori) = (get("pieces")?, get("orientation")?);
        let first = puzzle.offsets()[o];
        for i in first..first + orbit.size {
            let idx = puzzle.original[i];
            let (p, r) = (
                *pieces
                    .get(idx)
                    .ok_or(format!("{}.pieces: too short", orbit.name))?,
                *ori.get(idx)
                    .ok_or(format!("{}.orientation: too short", orbit.name))?,
            );
            let name = format!("{}{}", orbit.name, p);
            let l = puzzle
                .label_names
                .iter()
                .position(|x| *x == name)
                .ok_or(format!("{}.pieces[{idx}]: no piece {p}", orbit.name))?;
            if r < 0 || r >= orbit.ori as i64 {
                return Err(format!(
                    "{}.orientation[{idx}]: {r} is out of range",
                    orbit.name
                ));
            }
            s.label[i] = l as u8;
            s.ori[i] = r as u8;
        }
    }
    each_piece_once(puzzle, s, "pattern")
}

/// A state as [`crate::model::show::ShowState`] prints it for a puzzle of orbits: `NAME: piece/ori ...`
/// per orbit (orientation left out where an orbit has one), lines for other things skipped.
fn parse_orbit_lines(puzzle: &Puzzle, text: &str) -> Result<State, String> {
    let mut s = puzzle.goal.clone();
    let offsets = puzzle.offsets();
    let mut given = vec![false; puzzle.orbits.len()];
    for (n, line) in text.lines().enumerate() {
        let Some((name, rest)) = line.split_once(':') else {
            continue;
        };
        let Some(o) = puzzle.orbits.iter().position(|x| x.name == name.trim()) else {
            continue;
        };
        let orbit = &puzzle.orbits[o];
        let words: Vec<(usize, &str)> = rest
            .split_whitespace()
            .map(|w| (w.as_ptr() as usize - line.as_ptr() as usize + 1, w))
            .collect();
        let at = |col: usize| format!("line {} column {col}", n + 1);
        if words.len() != orbit.size {
            return Err(format!(
                "{}: {} pieces for orbit {}, expected {}",
                at(words.first().map_or(name.len() + 2, |w| w.0)),
                words.len(),
                orbit.name,
                orbit.size
            ));
        }
        for (i, &(col, w)) in words.iter().enumerate() {
            let (piece, ori) = match w.split_once('/') {
                Some((p, r)) => (p, r.parse::<u8>().ok()),
                None => (w, Some(0)),
            };
            let label = format!("{}{piece}", orbit.name);
            let l = puzzle
                .label_names
                .iter()
                .position(|x| *x == label || *x == piece)
                .ok_or(format!(
                    "{}: no piece '{piece}' in orbit {}",
                    at(col),
                    orbit.name
                ))?;
            match ori {
                Some(r) if r < orbit.ori => s.ori[offsets[o] + i] = r,
                _ => {
                    return Err(format!(
                        "{}: '{w}': expected PIECE/ORIENTATION with an orientation below {}",
                        at(col),
                        orbit.ori
                    ))
                }
            }
            s.label[offsets[o] + i] = l as u8;
        }
        given[o] = true;
    }
    if let Some(o) = given.iter().position(|g| !g) {
        return Err(format!(
            "no line for orbit {} (NAME: piece/orientation ...)",
            puzzle.orbits[o].name
        ));
    }
    each_piece_once(puzzle, s, "state")
}

/// `s` if it holds the goal's pieces, each as often as the goal does.
fn each_piece_once(puzzle: &Puzzle, s: State, what: &str) -> Result<State, String> {
    let mut a = s.label.clone();
    let mut b = puzzle.goal.label.clone();
    a.sort_unstable();
    b.sort_unstable();
    if a != b {
        return Err(format!("the {what} does not hold each piece exactly once"));
    }
    Ok(s)
}
