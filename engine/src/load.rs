//! Loading definitions: the article's turn-set YAML (sticker positions, flattened cycles, REVERSE and
//! COMBINE extenders, a goal colouring) and KPuzzle JSON (orbits, moves, derived moves written as
//! algorithms). Both become a [`Puzzle`]; a sticker definition goes through [`crate::pieces`] so that
//! stickers that always move together become one piece with orientations.
//!
//! Every problem is reported with the file, the line (YAML) or the key (JSON), and what is wrong.

use crate::alg;
use crate::model::{intern, Move, Orbit, Perm, Puzzle, State};
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;
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

// ---------------------------------------------------------------------------------------------
// Turn-set YAML

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct YamlDef {
    name: Option<String>,
    comment: Option<String>,
    layout: Option<String>,
    turn_set: TurnSet,
    #[allow(dead_code)]
    color_set_name: Option<String>,
    #[allow(dead_code)]
    representation_name: Option<String>,
    goal_state: Spanned<GoalState>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TurnSet {
    base_turns: Vec<Spanned<BaseTurn>>,
    #[serde(default)]
    extenders: Vec<Spanned<Extender>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BaseTurn {
    name: Spanned<String>,
    value: Vec<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Extender {
    name: Spanned<String>,
    function: Spanned<String>,
    params: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GoalState {
    colors: Vec<String>,
}

fn yaml_error(file: &str, loc: serde_saphyr::Location, message: String) -> DefError {
    DefError {
        file: file.into(),
        at: Some((loc.line() as usize, loc.column() as usize)),
        key: None,
        message,
    }
}

/// Loads the turn-set YAML.
pub fn load_yaml(file: &str, text: &str) -> Result<Puzzle, DefError> {
    let def: YamlDef = serde_saphyr::from_str(text).map_err(|e| {
        let loc = e.location();
        // The crate's message may carry its own snippet; the first line says what is wrong.
        let msg = e.to_string();
        let first = msg.lines().next().unwrap_or("invalid YAML");
        // It may also repeat the location we give anyway.
        let first = first.strip_prefix("error: ").unwrap_or(first);
        let first = match first.split_once(": ") {
            Some((head, rest)) if head.starts_with("line ") => rest,
            _ => first,
        }
        .to_string();
        DefError {
            file: file.into(),
            at: loc.map(|l| (l.line() as usize, l.column() as usize)),
            key: None,
            message: first,
        }
    })?;
    let n = def.goal_state.value.colors.len();
    if n == 0 {
        return Err(yaml_error(
            file,
            def.goal_state.referenced,
            "goalState.colors is empty: it must give the colour of every position".into(),
        ));
    }
    if n > u16::MAX as usize {
        return Err(yaml_error(
            file,
            def.goal_state.referenced,
            format!("{n} positions is too many"),
        ));
    }
    let mut moves: Vec<Move> = Vec::new();
    let check_name = |name: &Spanned<String>, moves: &[Move]| -> Result<(), DefError> {
        let s = &name.value;
        if s.is_empty() || s.chars().any(|c| c.is_whitespace() || "()[],:".contains(c)) {
            return Err(yaml_error(
                file,
                name.referenced,
                format!("move name '{s}' must be non-empty, without spaces or ()[],:"),
            ));
        }
        if moves.iter().any(|m| &m.name == s) {
            return Err(yaml_error(
                file,
                name.referenced,
                format!("move '{s}' is defined twice"),
            ));
        }
        Ok(())
    };
    for turn in &def.turn_set.base_turns {
        let t = &turn.value;
        check_name(&t.name, &moves)?;
        let dst = flattened_cycles(file, &t.value, n, &t.name.value)?;
        let mut src = vec![0u16; n];
        for (a, &b) in dst.iter().enumerate() {
            src[b] = a as u16;
        }
        moves.push(Move {
            name: t.name.value.clone(),
            perm: Perm {
                src,
                twist: vec![0; n],
            },
            base: true,
        });
    }
    if moves.is_empty() {
        return Err(DefError {
            file: file.into(),
            at: None,
            key: Some("turnSet.baseTurns".into()),
            message: "no moves".into(),
        });
    }
    let ones = vec![1u8; n];
    for ext in &def.turn_set.extenders {
        let e = &ext.value;
        check_name(&e.name, &moves)?;
        let mut params = Vec::new();
        for p in &e.params {
            match moves.iter().position(|m| m.name == p.value) {
                Some(i) => params.push(&moves[i].perm),
                None => {
                    return Err(yaml_error(
                        file,
                        p.referenced,
                        format!(
                        "unknown move '{}' in extender '{}' (a parameter must be defined above it)",
                        p.value, e.name.value
                    ),
                    ))
                }
            }
        }
        let perm = match e.function.value.as_str() {
            "REVERSE" if params.len() == 1 => params[0].inverse(&ones),
            "REVERSE" => {
                return Err(yaml_error(
                    file,
                    e.function.referenced,
                    format!("REVERSE takes exactly one move, got {}", params.len()),
                ))
            }
            "COMBINE" if !params.is_empty() => params
                .iter()
                .fold(Perm::identity(n), |acc, p| acc.then(p, &ones)),
            "COMBINE" => {
                return Err(yaml_error(
                    file,
                    e.function.referenced,
                    "COMBINE needs at least one move".into(),
                ))
            }
            other => {
                return Err(yaml_error(
                    file,
                    e.function.referenced,
                    format!("unknown function '{other}': expected REVERSE or COMBINE"),
                ))
            }
        };
        moves.push(Move {
            name: e.name.value.clone(),
            perm,
            base: false,
        });
    }
    // Colours become labels, numbered in order of first appearance.
    let mut label_names: Vec<String> = Vec::new();
    let mut labels = Vec::with_capacity(n);
    for c in &def.goal_state.value.colors {
        let Some(l) = intern(&mut label_names, c) else {
            return Err(yaml_error(
                file,
                def.goal_state.referenced,
                "more than 256 colours".into(),
            ));
        };
        labels.push(l);
    }
    let stickers = Puzzle {
        name: def.name.unwrap_or_else(|| stem(file)),
        orbits: vec![Orbit {
            name: "stickers".into(),
            size: n,
            ori: 1,
        }],
        moves,
        goal: State {
            label: labels,
            ori: vec![0; n],
        },
        label_names,
        stickers: None,
        layout: def.layout,
        comment: def.comment,
        original: (0..n).collect(),
    };
    Ok(crate::pieces::reduce(&stickers))
}

/// A permutation in the article's flattened cycle notation, as `dst` (the piece at `a` goes to
/// `dst[a]`).
fn flattened_cycles(
    file: &str,
    value: &[Spanned<i64>],
    n: usize,
    name: &str,
) -> Result<Vec<usize>, DefError> {
    let mut dst: Vec<usize> = (0..n).collect();
    let mut used = vec![false; n];
    let mut i = 0;
    while i < value.len() {
        let first = &value[i];
        let start = position(file, first, n, name)?;
        let mut cycle = vec![start];
        i += 1;
        loop {
            let Some(v) = value.get(i) else {
                return Err(yaml_error(
                    file,
                    first.referenced,
                    format!("in move '{name}': the cycle starting at {start} never closes (repeat {start} to end it)"),
                ));
            };
            let p = position(file, v, n, name)?;
            i += 1;
            if p == start {
                break;
            }
            if cycle.contains(&p) {
                return Err(yaml_error(
                    file,
                    v.referenced,
                    format!("in move '{name}': {p} appears twice in one cycle"),
                ));
            }
            cycle.push(p);
        }
        for &p in &cycle {
            if used[p] {
                return Err(yaml_error(
                    file,
                    first.referenced,
                    format!("in move '{name}': not a permutation, {p} is in two cycles"),
                ));
            }
            used[p] = true;
        }
        for k in 0..cycle.len() {
            dst[cycle[k]] = cycle[(k + 1) % cycle.len()];
        }
    }
    Ok(dst)
}

fn position(file: &str, v: &Spanned<i64>, n: usize, name: &str) -> Result<usize, DefError> {
    if v.value < 0 || v.value as usize >= n {
        return Err(yaml_error(
            file,
            v.referenced,
            format!(
                "in move '{name}': position {} is out of range (goalState.colors has {n} positions, 0..{})",
                v.value,
                n - 1
            ),
        ));
    }
    Ok(v.value as usize)
}

fn stem(file: &str) -> String {
    let base = file.rsplit('/').next().unwrap_or(file);
    base.split('.').next().unwrap_or(base).to_string()
}

// ---------------------------------------------------------------------------------------------
// KPuzzle JSON

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct KPuzzleDef {
    name: Option<String>,
    #[serde(alias = "description")]
    comment: Option<String>,
    orbits: Vec<KOrbit>,
    default_pattern: BTreeMap<String, KPattern>,
    moves: BTreeMap<String, BTreeMap<String, KTransformation>>,
    #[serde(default)]
    derived_moves: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct KOrbit {
    orbit_name: String,
    num_pieces: usize,
    num_orientations: usize,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct KPattern {
    pieces: Vec<i64>,
    orientation: Vec<i64>,
    orientation_mod: Option<Vec<i64>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct KTransformation {
    permutation: Vec<i64>,
    orientation_delta: Vec<i64>,
}

fn key_error(file: &str, key: String, message: String) -> DefError {
    DefError {
        file: file.into(),
        at: None,
        key: Some(key),
        message,
    }
}

/// Loads a KPuzzle definition.
pub fn load_kpuzzle(file: &str, text: &str) -> Result<Puzzle, DefError> {
    let def: KPuzzleDef = serde_json::from_str(text).map_err(|e| DefError {
        file: file.into(),
        at: Some((e.line(), e.column())),
        key: None,
        message: e
            .to_string()
            .split(" at line")
            .next()
            .unwrap_or("invalid JSON")
            .to_string(),
    })?;
    if def.orbits.is_empty() {
        return Err(key_error(file, "orbits".into(), "no orbits".into()));
    }
    let mut orbits = Vec::new();
    let mut total = 0usize;
    for (i, o) in def.orbits.iter().enumerate() {
        if o.num_pieces == 0 || o.num_pieces > 4096 {
            return Err(key_error(
                file,
                format!("orbits[{i}].numPieces"),
                format!("{} pieces: expected 1 to 4096", o.num_pieces),
            ));
        }
        if o.num_orientations == 0 || o.num_orientations > 255 {
            return Err(key_error(
                file,
                format!("orbits[{i}].numOrientations"),
                format!("{}: expected 1 to 255", o.num_orientations),
            ));
        }
        if orbits.iter().any(|x: &Orbit| x.name == o.orbit_name) {
            return Err(key_error(
                file,
                format!("orbits[{i}].orbitName"),
                format!("orbit '{}' is listed twice", o.orbit_name),
            ));
        }
        total += o.num_pieces;
        orbits.push(Orbit {
            name: o.orbit_name.clone(),
            size: o.num_pieces,
            ori: o.num_orientations as u8,
        });
    }
    if total > u16::MAX as usize {
        return Err(key_error(
            file,
            "orbits".into(),
            format!("{total} pieces in all is too many"),
        ));
    }
    for key in def
        .default_pattern
        .keys()
        .chain(def.moves.values().flat_map(|m| m.keys()))
    {
        if !orbits.iter().any(|o| &o.name == key) {
            let place = if def.default_pattern.contains_key(key) {
                "defaultPattern"
            } else {
                "moves"
            };
            return Err(key_error(
                file,
                format!("{place}.{key}"),
                format!("unknown orbit '{key}'"),
            ));
        }
    }
    // Goal: labels are the default pattern's piece numbers (equal numbers: interchangeable).
    let mut label_names: Vec<String> = Vec::new();
    let mut goal = State {
        label: Vec::new(),
        ori: Vec::new(),
    };
    for o in &orbits {
        let key = format!("defaultPattern.{}", o.name);
        let Some(pat) = def.default_pattern.get(&o.name) else {
            return Err(key_error(
                file,
                key,
                "missing: every orbit needs its default pattern".into(),
            ));
        };
        if pat.orientation_mod.is_some() {
            return Err(key_error(
                file,
                format!("{key}.orientationMod"),
                "orientationMod is not supported (give pieces whose orientation does not matter 1 orientation)".into(),
            ));
        }
        for (what, v) in [("pieces", &pat.pieces), ("orientation", &pat.orientation)] {
            if v.len() != o.size {
                return Err(key_error(
                    file,
                    format!("{key}.{what}"),
                    format!("has {} entries, expected numPieces = {}", v.len(), o.size),
                ));
            }
        }
        for (i, (&p, &r)) in pat.pieces.iter().zip(&pat.orientation).enumerate() {
            if p < 0 || p as usize >= o.size {
                return Err(key_error(
                    file,
                    format!("{key}.pieces[{i}]"),
                    format!("{p} is out of range 0..{}", o.size - 1),
                ));
            }
            if r < 0 || r as usize >= o.ori as usize {
                return Err(key_error(
                    file,
                    format!("{key}.orientation[{i}]"),
                    format!("{r} is out of range 0..{}", o.ori - 1),
                ));
            }
            let Some(l) = intern(&mut label_names, &format!("{}{}", o.name, p)) else {
                return Err(key_error(
                    file,
                    key.clone(),
                    "more than 256 distinct pieces".into(),
                ));
            };
            goal.label.push(l);
            goal.ori.push(r as u8);
        }
    }
    let modulus: Vec<u8> = orbits
        .iter()
        .flat_map(|o| std::iter::repeat_n(o.ori, o.size))
        .collect();
    let mut moves = Vec::new();
    for (name, transformation) in &def.moves {
        let mut perm = Perm::identity(total);
        let mut first = 0;
        for o in &orbits {
            if let Some(t) = transformation.get(&o.name) {
                let key = format!("moves.{name}.{}", o.name);
                for (what, v) in [
                    ("permutation", &t.permutation),
                    ("orientationDelta", &t.orientation_delta),
                ] {
                    if v.len() != o.size {
                        return Err(key_error(
                            file,
                            format!("{key}.{what}"),
                            format!("has {} entries, expected numPieces = {}", v.len(), o.size),
                        ));
                    }
                }
                let mut seen = vec![false; o.size];
                for (i, (&s, &d)) in t.permutation.iter().zip(&t.orientation_delta).enumerate() {
                    if s < 0 || s as usize >= o.size {
                        return Err(key_error(
                            file,
                            format!("{key}.permutation[{i}]"),
                            format!("{s} is out of range 0..{}", o.size - 1),
                        ));
                    }
                    if std::mem::replace(&mut seen[s as usize], true) {
                        return Err(key_error(
                            file,
                            format!("{key}.permutation"),
                            format!("not a permutation: {s} appears twice"),
                        ));
                    }
                    if d < 0 || d as usize >= o.ori as usize {
                        return Err(key_error(
                            file,
                            format!("{key}.orientationDelta[{i}]"),
                            format!(
                                "{d} is out of range 0..{} (numOrientations = {})",
                                o.ori - 1,
                                o.ori
                            ),
                        ));
                    }
                    perm.src[first + i] = (first + s as usize) as u16;
                    perm.twist[first + i] = d as u8;
                }
            }
            first += o.size;
        }
        moves.push(Move {
            name: name.clone(),
            perm,
            base: true,
        });
    }
    if moves.is_empty() {
        return Err(key_error(file, "moves".into(), "no moves".into()));
    }
    // Derived moves may use each other in any order: resolve them in passes.
    let mut pending: Vec<(&String, &String)> = def.derived_moves.iter().collect();
    while !pending.is_empty() {
        let mut left = Vec::new();
        let mut first_error = None;
        for &(name, text) in &pending {
            if moves.iter().any(|m| &m.name == name) {
                return Err(key_error(
                    file,
                    format!("derivedMoves.{name}"),
                    "is also a move".into(),
                ));
            }
            let names = |s: &str| moves.iter().position(|m| m.name == s);
            match alg::parse(text, &names) {
                Ok(a) => {
                    let perms: Vec<&Perm> = moves.iter().map(|m| &m.perm).collect();
                    let perm = a.perm(&perms, &modulus);
                    moves.push(Move {
                        name: name.clone(),
                        perm,
                        base: false,
                    });
                }
                Err(e) => {
                    first_error.get_or_insert(key_error(
                        file,
                        format!("derivedMoves.{name}"),
                        format!("\"{text}\": {e}"),
                    ));
                    left.push((name, text));
                }
            }
        }
        if left.len() == pending.len() {
            return Err(first_error.expect("a pass without progress had an error"));
        }
        pending = left;
    }
    let orbits_original: Vec<usize> = orbits.iter().flat_map(|o| 0..o.size).collect();
    let puzzle = Puzzle {
        name: def.name.unwrap_or_else(|| stem(file)),
        orbits,
        moves,
        goal,
        label_names,
        stickers: None,
        layout: None,
        comment: def.comment,
        original: orbits_original,
    };
    Ok(crate::pieces::drop_fixed(&puzzle))
}
