//! KPuzzle JSON as cubing.js writes it: orbits, moves, derived moves written as algorithms;
//! errors with the key path.

use super::{stem, DefError};
use crate::model::{intern, Move, Orbit, Perm, Puzzle, State};
use serde::Deserialize;
use std::collections::BTreeMap;

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

/// Each of an orbit's lists has one entry a piece (`numPieces`).
fn numbered<const N: usize>(
    file: &str,
    key: &str,
    lists: [(&str, &Vec<i64>); N],
    size: usize,
) -> Result<(), DefError> {
    match lists.iter().find(|(_, v)| v.len() != size) {
        Some((what, v)) => Err(key_error(
            file,
            format!("{key}.{what}"),
            format!("has {} entries, expected numPieces = {size}", v.len()),
        )),
        None => Ok(()),
    }
}

/// A piece's number in an orbit of `size` pieces.
fn piece_number(file: &str, key: String, n: i64, size: usize) -> Result<(), DefError> {
    if n < 0 || n as usize >= size {
        return Err(key_error(
            file,
            key,
            format!("{n} is out of range 0..{}", size - 1),
        ));
    }
    Ok(())
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
    let mut orbits = orbits_of(file, &def)?;
    let total = orbits.iter().map(|o| o.size).sum();
    let mut warnings = Vec::new();
    for key in def.default_pattern.keys() {
        if !orbits.iter().any(|o| &o.name == key) {
            return Err(key_error(
                file,
                format!("defaultPattern.{key}"),
                format!("unknown orbit '{key}'"),
            ));
        }
    }
    // cubing.js ignores a move's entry for an orbit the definition does not declare (twsearch's
    // kilominx has them); so do we, aloud.
    for (name, t) in &def.moves {
        for key in t.keys() {
            if !orbits.iter().any(|o| &o.name == key) {
                warnings.push(format!(
                    "{file}: moves.{name}.{key}: unknown orbit '{key}', ignored"
                ));
            }
        }
    }
    let goal = goal_of(file, &def, &mut orbits)?;
    let modulus: Vec<u8> = orbits
        .iter()
        .flat_map(|o| std::iter::repeat_n(o.ori, o.size))
        .collect();
    let mut moves = Vec::new();
    for (name, transformation) in &def.moves {
        moves.push(Move {
            name: name.clone(),
            perm: move_of(file, name, transformation, &orbits, &def.orbits, total)?,
            base: true,
        });
    }
    if moves.is_empty() {
        return Err(key_error(file, "moves".into(), "no moves".into()));
    }
    // cubing.js looks a name up among the moves before the derived moves, so a derived move
    // with a move's name is never used (twsearch's clock writes `ALL_PLUS_: "_"` beside the move
    // `ALL_PLUS_`); so do we, aloud.
    let (shadowed, pending): (Vec<_>, Vec<_>) = def
        .derived_moves
        .into_iter()
        .partition(|(name, _)| moves.iter().any(|m| &m.name == name));
    for (name, _) in shadowed {
        warnings.push(format!(
            "{file}: derivedMoves.{name}: a move has that name and comes first, as in cubing.js; ignored"
        ));
    }
    super::derive_moves(&mut moves, &modulus, pending, |name, message| {
        key_error(file, format!("derivedMoves.{name}"), message)
    })?;
    let orbits_original: Vec<usize> = orbits.iter().flat_map(|o| 0..o.size).collect();
    let puzzle = Puzzle {
        name: def.name.unwrap_or_else(|| stem(file)),
        orbits,
        moves,
        goal: goal.state,
        label_names: goal.label_names,
        stickers: None,
        layout: None,
        comment: def.comment,
        original: orbits_original,
        warnings,
        label_mod: goal.label_mod,
        goal_set: Default::default(),
        slot_ends: Vec::new(),
    };
    Ok(crate::load::pieces::drop_fixed(&puzzle))
}

/// The orbits as declared, checked: sizes, orientations, names once each, pieces in all.
fn orbits_of(file: &str, def: &KPuzzleDef) -> Result<Vec<Orbit>, DefError> {
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
    Ok(orbits)
}

/// The goal read from the default pattern.
struct Goal {
    state: State,
    /// Labels are the default pattern's piece numbers (equal numbers: interchangeable).
    label_names: Vec<String>,
    /// Per label, its own orientation modulus where it differs from its orbit's (0: the orbit's).
    label_mod: Vec<u8>,
}

/// The goal from the default pattern; each orbit's orientations are counted modulo its
/// `orientationMod` from then on.
fn goal_of(file: &str, def: &KPuzzleDef, orbits: &mut [Orbit]) -> Result<Goal, DefError> {
    let mut label_names: Vec<String> = Vec::new();
    let mut goal = State {
        label: Vec::new(),
        ori: Vec::new(),
    };
    let mut mods = Vec::new();
    let mut label_mod: Vec<Option<u8>> = Vec::new();
    for o in orbits.iter() {
        let key = format!("defaultPattern.{}", o.name);
        let Some(pat) = def.default_pattern.get(&o.name) else {
            return Err(key_error(
                file,
                key,
                "missing: every orbit needs its default pattern".into(),
            ));
        };
        let (m, per_piece) = orientation_mod(file, &key, o, pat.orientation_mod.as_deref())?;
        numbered(
            file,
            &key,
            [("pieces", &pat.pieces), ("orientation", &pat.orientation)],
            o.size,
        )?;
        for (i, (&p, &r)) in pat.pieces.iter().zip(&pat.orientation).enumerate() {
            piece_number(file, format!("{key}.pieces[{i}]"), p, o.size)?;
            if r < 0 || r as usize >= o.ori as usize {
                return Err(key_error(
                    file,
                    format!("{key}.orientation[{i}]"),
                    format!("{r} is out of range 0..{} (numOrientations)", o.ori - 1),
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
            goal.ori.push(r as u8 % m);
            if let Some(&pm) = per_piece.get(i) {
                label_mod.resize(label_mod.len().max(l as usize + 1), None);
                if label_mod[l as usize].is_some_and(|x| x != pm) {
                    return Err(key_error(
                        file,
                        format!("{key}.orientationMod[{i}]"),
                        format!("piece {p} appears with another orientationMod"),
                    ));
                }
                label_mod[l as usize] = Some(pm);
            }
        }
        mods.push(m);
    }
    for (o, &m) in orbits.iter_mut().zip(&mods) {
        o.ori = m;
    }
    Ok(Goal {
        state: goal,
        label_names,
        label_mod: label_mod.into_iter().map(|m| m.unwrap_or(0)).collect(),
    })
}

/// Move `name` as a permutation of all `total` pieces, each orbit's entry checked (`declared_orbits`:
/// the orbits as the file declares them, before `orientationMod`).
fn move_of(
    file: &str,
    name: &str,
    transformation: &BTreeMap<String, KTransformation>,
    orbits: &[Orbit],
    declared_orbits: &[KOrbit],
    total: usize,
) -> Result<Perm, DefError> {
    let mut perm = Perm::identity(total);
    let mut first = 0;
    for (k, o) in orbits.iter().enumerate() {
        if let Some(t) = transformation.get(&o.name) {
            let key = format!("moves.{name}.{}", o.name);
            let lists = [
                ("permutation", &t.permutation),
                ("orientationDelta", &t.orientation_delta),
            ];
            numbered(file, &key, lists, o.size)?;
            let mut seen = vec![false; o.size];
            for (i, (&s, &d)) in t.permutation.iter().zip(&t.orientation_delta).enumerate() {
                piece_number(file, format!("{key}.permutation[{i}]"), s, o.size)?;
                if std::mem::replace(&mut seen[s as usize], true) {
                    return Err(key_error(
                        file,
                        format!("{key}.permutation"),
                        format!("not a permutation: {s} appears twice"),
                    ));
                }
                let declared = declared_orbits[k].num_orientations;
                if d < 0 || d as usize >= declared {
                    return Err(key_error(
                        file,
                        format!("{key}.orientationDelta[{i}]"),
                        format!(
                            "{d} is out of range 0..{} (numOrientations = {declared})",
                            declared - 1,
                        ),
                    ));
                }
                perm.src[first + i] = (first + s as usize) as u16;
                perm.twist[first + i] = d as u8 % o.ori;
            }
        }
        first += o.size;
    }
    Ok(perm)
}

/// The modulus an orbit's pieces count their orientation in: `orientationMod` as cubing.js reads
/// it (0 or absent: `numOrientations`; 1: orientation ignored), which must divide
/// `numOrientations`. When every piece has the same one the orbit simply has that many
/// orientations; otherwise the orbit keeps `numOrientations` and each piece's own modulus comes
/// back (it travels with the piece: the goal is then every state that differs from it only in
/// orientations those moduli ignore).
fn orientation_mod(
    file: &str,
    key: &str,
    o: &Orbit,
    mods: Option<&[i64]>,
) -> Result<(u8, Vec<u8>), DefError> {
    let Some(mods) = mods else {
        return Ok((o.ori, Vec::new()));
    };
    if mods.len() != o.size {
        return Err(key_error(
            file,
            format!("{key}.orientationMod"),
            format!(
                "has {} entries, expected numPieces = {}",
                mods.len(),
                o.size
            ),
        ));
    }
    let mut out = Vec::new();
    for (i, &m) in mods.iter().enumerate() {
        let m = if m == 0 { o.ori as i64 } else { m };
        if m < 0 || m > o.ori as i64 || o.ori as i64 % m != 0 {
            return Err(key_error(
                file,
                format!("{key}.orientationMod[{i}]"),
                format!("{m} does not divide numOrientations = {}", o.ori),
            ));
        }
        out.push(m as u8);
    }
    if out.iter().all(|&m| m == out[0]) {
        return Ok((out[0], Vec::new()));
    }
    // Pieces with the orbit's own modulus are marked 0.
    Ok((
        o.ori,
        out.iter()
            .map(|&m| if m == o.ori { 0 } else { m })
            .collect(),
    ))
}
