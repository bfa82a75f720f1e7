//! States, effects and position lists as users write them, in the definition's own numbering
//! (sticker numbers for a sticker definition, orbit-local piece numbers for KPuzzle). The net
//! drawing of a state is [`crate::model::net_drawing`].

use crate::model::{Perm, Puzzle};

mod state;

pub use state::parse_state;

/// Where sticker `s` of a sticker definition is: (position, index in the position's order).
pub(crate) fn sticker_places(puzzle: &Puzzle) -> Option<Vec<Option<(usize, usize)>>> {
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
    let cycles = cycles_of(puzzle, text)?;
    match sticker_places(puzzle) {
        Some(places) => sticker_effect(puzzle, &places, &cycles),
        None => piece_effect(puzzle, &cycles),
    }
}

/// The effect's cycles as written, each with its orbit and the twist after it.
fn cycles_of(puzzle: &Puzzle, text: &str) -> Result<Vec<Cycle>, String> {
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
    Ok(cycles)
}

/// A sticker puzzle's effect: where each sticker goes, checked to move whole pieces.
fn sticker_effect(
    puzzle: &Puzzle,
    places: &[Option<(usize, usize)>],
    cycles: &[Cycle],
) -> Result<Perm, String> {
    let modulus = puzzle.modulus();
    let map = puzzle.stickers.as_ref().expect("sticker definition");
    let mut dst: Vec<usize> = (0..map.stickers).collect();
    let mut used = vec![false; map.stickers];
    for (_, cycle, twist) in cycles {
        if *twist != 0 || cycle.iter().any(|c| c.2 != 0) {
            return Err("a sticker effect shows turns by where stickers go: no '+t' here".into());
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
    Ok(p)
}

/// A piece puzzle's effect: each cycle's pieces in its orbit, with their twists.
fn piece_effect(puzzle: &Puzzle, cycles: &[Cycle]) -> Result<Perm, String> {
    let modulus = puzzle.modulus();
    let mut p = Perm::identity(puzzle.positions());
    let mut used = vec![false; puzzle.positions()];
    for (o, cycle, twist) in cycles {
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
