//! States, effects and position lists as users write them, in the definition's own numbering
//! (sticker numbers for a sticker definition, orbit-local piece numbers for KPuzzle). The net
//! drawing of a state is [`crate::net_drawing`].

use crate::model::{Perm, Puzzle, State};
use std::collections::BTreeMap;

/// Where sticker `s` of a sticker definition is: (position, index in the position's order).
fn sticker_places(puzzle: &Puzzle) -> Option<Vec<Option<(usize, usize)>>> {
    let map = puzzle.stickers.as_ref()?;
    let mut places = vec![None; map.stickers];
    for (i, stickers) in map.of_position.iter().enumerate() {
        for (j, &s) in stickers.iter().enumerate() {
            places[s] = Some((i, j));
        }
    }
    Some(places)
}

/// The position of piece `index` of orbit `orbit` as the definition numbers it.
fn kpuzzle_position(puzzle: &Puzzle, orbit: usize, index: usize) -> Option<usize> {
    let first = puzzle.offsets()[orbit];
    (first..first + puzzle.orbits[orbit].size).find(|&i| puzzle.original[i] == index)
}

/// Tokens of an effect or a position list: words, numbers, brackets, with their columns.
fn tokens(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' || c == ':' {
            i += 1;
        } else if "()[]+".contains(c) {
            out.push((i + 1, c.to_string()));
            i += 1;
        } else {
            let start = i;
            while i < chars.len() && !chars[i].is_whitespace() && !"()[]+,:".contains(chars[i]) {
                i += 1;
            }
            out.push((start + 1, chars[start..i].iter().collect()));
        }
    }
    out
}

fn number(t: &(usize, String)) -> Result<usize, String> {
    t.1.parse::<usize>()
        .map_err(|_| format!("column {}: expected a number, found '{}'", t.0, t.1))
}

/// An optional `+t` after a cycle (the twist its pieces come back with); moves `i` past it.
fn twist_after(toks: &[(usize, String)], i: &mut usize) -> Result<u8, String> {
    if toks.get(*i).is_none_or(|x| x.1 != "+") {
        return Ok(0);
    }
    *i += 1;
    let t = toks.get(*i).ok_or(format!(
        "column {}: expected a twist after '+'",
        toks[*i - 1].0
    ))?;
    *i += 1;
    u8::try_from(number(t)?).map_err(|_| format!("column {}: twist {} is too large", t.0, t.1))
}

/// A cycle as written: its orbit, its numbers with their columns and the twist each piece arrives
/// with (`2+1`), and the twist written after it (that of the piece arriving at its first number).
type Cycle = (usize, Vec<(usize, usize, u8)>, u8);

/// Parses an effect: cycles `(0 1)(2 5 7)` or the article's flattened `[0 1 0 2 5 7 2]`, in the
/// definition's numbering; a number may carry `+t` (the piece arriving there is turned by `t`), and
/// `+t` after a cycle turns the piece arriving at its first number; in a definition with several
/// orbits, an orbit's name comes before its cycles.
pub fn parse_effect(puzzle: &Puzzle, text: &str) -> Result<Perm, String> {
    let toks = tokens(text);
    // Cycles as lists of numbers, each with its orbit and twist.
    let mut cycles: Vec<Cycle> = Vec::new();
    let mut orbit: Option<usize> = if puzzle.orbits.len() == 1 || puzzle.stickers.is_some() {
        Some(0)
    } else {
        None
    };
    let mut i = 0;
    while i < toks.len() {
        let (col, t) = &toks[i];
        match t.as_str() {
            "(" | "[" => {
                let flat = t == "[";
                let close = if flat { "]" } else { ")" };
                i += 1;
                // `[CORNERS 0 1 0, EDGES 2 3 2]`, as effects print: the orbit inside the bracket.
                if let Some(o) = toks
                    .get(i)
                    .and_then(|w| puzzle.orbits.iter().position(|x| x.name == w.1))
                {
                    orbit = Some(o);
                    i += 1;
                }
                let Some(mut o) = orbit else {
                    return Err(format!(
                        "column {col}: name the orbit first ({})",
                        orbit_names(puzzle)
                    ));
                };
                let mut current: Vec<(usize, usize, u8)> = Vec::new();
                loop {
                    let Some(tok) = toks.get(i) else {
                        return Err(format!("column {col}: '{t}' is never closed"));
                    };
                    if tok.1 == close {
                        i += 1;
                        break;
                    }
                    if let Some(x) = puzzle.orbits.iter().position(|x| x.name == tok.1) {
                        if !current.is_empty() || puzzle.stickers.is_some() {
                            return Err(format!(
                                "column {}: an orbit's name between numbers",
                                tok.0
                            ));
                        }
                        o = x;
                        orbit = Some(x);
                        i += 1;
                        continue;
                    }
                    let v = number(tok)?;
                    i += 1;
                    if flat && current.first().is_some_and(|&(f, _, _)| f == v) {
                        let twist = twist_after(&toks, &mut i)?;
                        cycles.push((o, std::mem::take(&mut current), twist));
                        continue;
                    }
                    let twist = twist_after(&toks, &mut i)?;
                    current.push((v, tok.0, twist));
                }
                if flat && !current.is_empty() {
                    return Err(format!(
                        "column {col}: the cycle starting at {} never closes (repeat it to end it)",
                        current[0].0
                    ));
                }
                if !flat {
                    let twist = twist_after(&toks, &mut i)?;
                    cycles.push((o, current, twist));
                }
            }
            word => {
                match puzzle.orbits.iter().position(|x| x.name == word) {
                    Some(o) if puzzle.stickers.is_none() => orbit = Some(o),
                    _ => {
                        return Err(format!(
                            "column {col}: unexpected '{word}': expected '(' or '['"
                        ))
                    }
                }
                i += 1;
            }
        }
    }
    let modulus = puzzle.modulus();
    if let Some(places) = sticker_places(puzzle) {
        let map = puzzle.stickers.as_ref().expect("sticker definition");
        let mut dst: Vec<usize> = (0..map.stickers).collect();
        let mut used = vec![false; map.stickers];
        for (_, cycle, twist) in &cycles {
            if *twist != 0 || cycle.iter().any(|c| c.2 != 0) {
                return Err(
                    "a sticker effect shows turns by where stickers go: no '+t' here".into(),
                );
            }
            for (k, &(s, col, _)) in cycle.iter().enumerate() {
                if s >= map.stickers {
                    return Err(format!(
                        "column {col}: sticker {s} is out of range 0..{}",
                        map.stickers - 1
                    ));
                }
                if std::mem::replace(&mut used[s], true) {
                    return Err(format!("column {col}: sticker {s} appears twice"));
                }
                dst[s] = cycle[(k + 1) % cycle.len()].0;
            }
        }
        let mut p = Perm::identity(puzzle.positions());
        for (s, &d) in dst.iter().enumerate() {
            match (places[s], places[d]) {
                (None, None) if s == d => {}
                (None, _) => {
                    return Err(format!(
                        "sticker {s} never moves in this puzzle, so it cannot go to {d}"
                    ))
                }
                (_, None) => {
                    return Err(format!(
                        "sticker {d} never moves in this puzzle, so sticker {s} cannot go there"
                    ))
                }
                (Some((b, j)), Some((b2, j2))) => {
                    let k = modulus[b] as usize;
                    let c = ((j2 + k - j) % k) as u8;
                    if j == 0 {
                        p.src[b2] = b as u16;
                        p.twist[b2] = c;
                    }
                    let ob = &map.of_position[b];
                    let o2 = &map.of_position[b2];
                    let whole = (0..k).all(|x| dst[ob[x]] == o2[(x + c as usize) % k]);
                    if !whole {
                        return Err(format!(
                            "the effect moves sticker {s} without the rest of its piece ({ob:?})"
                        ));
                    }
                }
            }
        }
        return Ok(p);
    }
    let mut p = Perm::identity(puzzle.positions());
    let mut used = vec![false; puzzle.positions()];
    for (o, cycle, twist) in &cycles {
        let mut pos = Vec::new();
        for &(v, col, _) in cycle {
            let Some(i) = kpuzzle_position(puzzle, *o, v) else {
                return Err(format!(
                    "column {col}: {} has no moving piece {v}",
                    puzzle.orbits[*o].name
                ));
            };
            if std::mem::replace(&mut used[i], true) {
                return Err(format!("column {col}: {v} appears twice"));
            }
            pos.push(i);
        }
        for k in 0..pos.len() {
            let (a, b) = (pos[k], pos[(k + 1) % pos.len()]);
            p.src[b] = a as u16;
        }
        for (k, &(_, col, t)) in cycle.iter().enumerate() {
            let t = if k == 0 { t + *twist } else { t };
            let m = modulus[pos[k]];
            if t >= m {
                return Err(format!(
                    "column {col}: twist {t} is out of range 0..{}",
                    m - 1
                ));
            }
            p.twist[pos[k]] = t;
        }
    }
    Ok(p)
}

fn orbit_names(puzzle: &Puzzle) -> String {
    puzzle
        .orbits
        .iter()
        .map(|o| o.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Parses a list of positions (`--fixed`, `--ignore`) in the definition's numbering: sticker
/// numbers (each names its piece), or `ORBIT:n` / `n` for KPuzzle.
pub fn parse_positions(puzzle: &Puzzle, text: &str) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    let places = sticker_places(puzzle);
    for item in text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
    {
        let (orbit, num) = match item.rsplit_once(':') {
            Some((o, n)) => (Some(o), n),
            None => (None, item),
        };
        let v: usize = num
            .parse()
            .map_err(|_| format!("'{item}': expected a number"))?;
        let pos = match &places {
            Some(places) => {
                let p = places
                    .get(v)
                    .ok_or(format!("sticker {v} is out of range"))?;
                match p {
                    Some((i, _)) => *i,
                    None => continue, // never moves: always fixed
                }
            }
            None => {
                let o = match orbit {
                    Some(name) => puzzle
                        .orbits
                        .iter()
                        .position(|x| x.name == name)
                        .ok_or(format!("unknown orbit '{name}' ({})", orbit_names(puzzle)))?,
                    None if puzzle.orbits.len() == 1 => 0,
                    None => {
                        return Err(format!(
                            "'{item}': write ORBIT:{v} ({})",
                            orbit_names(puzzle)
                        ))
                    }
                };
                match kpuzzle_position(puzzle, o, v) {
                    Some(i) => i,
                    None => continue,
                }
            }
        };
        if !out.contains(&pos) {
            out.push(pos);
        }
    }
    Ok(out)
}

/// Parses a state as `twisty apply` prints it: sticker colours separated by spaces for a sticker
/// definition (the net drawn above them and the `solved:` line are skipped), else one line per
/// orbit (`CORNERS: 0/2 4/1 ...`, piece and orientation); or a KPuzzle pattern
/// (`{"CORNERS": {"pieces": [...], "orientation": [...]}}`).
pub fn parse_state(puzzle: &Puzzle, text: &str) -> Result<State, String> {
    let modulus = puzzle.modulus();
    let mut s = puzzle.goal.clone();
    if let Some(map) = &puzzle.stickers {
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
        return Ok(s);
    }
    if !text.trim_start().starts_with('{') {
        return parse_orbit_lines(puzzle, text);
    }
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
    let mut a = s.label.clone();
    let mut b = puzzle.goal.label.clone();
    a.sort_unstable();
    b.sort_unstable();
    if a != b {
        return Err("the pattern does not hold each piece exactly once".into());
    }
    Ok(s)
}

/// A state as [`crate::show::ShowState`] prints it for a puzzle of orbits: `NAME: piece/ori ...`
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
    let mut a = s.label.clone();
    let mut b = puzzle.goal.label.clone();
    a.sort_unstable();
    b.sort_unstable();
    if a != b {
        return Err("the state does not hold each piece exactly once".into());
    }
    Ok(s)
}
