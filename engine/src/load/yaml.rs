//! The article's turn-set YAML: sticker positions, flattened cycles, REVERSE and COMBINE
//! extenders, a goal colouring; errors with the line and column.

use super::{stem, DefError};
use crate::model::{intern, Move, Orbit, Perm, Puzzle, State};
use serde::Deserialize;
use serde_saphyr::Spanned;

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

/// The parse error as a definition error: the crate's first line, at its location.
fn parse_error(file: &str, e: serde_saphyr::Error) -> DefError {
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
}

/// A new move's name: not empty, no spaces or notation characters, not taken.
fn check_name(file: &str, name: &Spanned<String>, moves: &[Move]) -> Result<(), DefError> {
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
}

/// An extender's move: REVERSE of one move or COMBINE of several, each defined above it.
fn extender_perm(file: &str, e: &Extender, moves: &[Move], n: usize) -> Result<Perm, DefError> {
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
    let ones = vec![1u8; n];
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
    Ok(perm)
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
    let def: YamlDef = serde_saphyr::from_str(text).map_err(|e| parse_error(file, e))?;
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
    for turn in &def.turn_set.base_turns {
        let t = &turn.value;
        check_name(file, &t.name, &moves)?;
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
    for ext in &def.turn_set.extenders {
        let e = &ext.value;
        check_name(file, &e.name, &moves)?;
        let perm = extender_perm(file, e, &moves, n)?;
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
        warnings: Vec::new(),
        label_mod: Vec::new(),
        goal_set: Default::default(),
        slot_ends: Vec::new(),
    };
    Ok(crate::load::pieces::reduce(&stickers))
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
