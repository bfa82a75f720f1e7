//! twsearch's `.tws` text format (ksolve's, as twsearch reads it): `Name`, `Set NAME pieces
//! orientations`, a `Solved` (or `StartState`) block, `Move` (or `MoveTransformation`) blocks,
//! `MoveSequence`/`MoveAlias` lines; `#` starts a comment line. Errors give line and column.
//!
//! A block names a set, then gives its permutation line and, optionally, its orientation line.
//! Permutations are passive (slot i holds piece p[i]), 1-based except in `StartState` and
//! `MoveTransformation`. A `Move`'s orientation line is indexed by piece, not slot (ksolve's
//! convention, which twsearch's docs/ksolveformat.txt works out): the KPuzzle twist of slot `i` is
//! `o[p[i]]`. `MoveTransformation` gives it by slot already. In `Solved`, equal numbers are
//! interchangeable pieces, and `?` as an orientation means it does not matter.

use super::{derive_moves, stem, DefError};
use crate::model::{intern, Move, Orbit, Perm, Puzzle, State};

/// A word of the file and where it starts (line and column from 1).
#[derive(Clone, Debug)]
struct Word<'a> {
    text: &'a str,
    line: usize,
    col: usize,
}

/// The file's non-empty, non-comment lines as words.
fn lines(text: &str) -> Vec<Vec<Word<'_>>> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        let mut words = Vec::new();
        let mut start = None;
        for (i, c) in line
            .char_indices()
            .chain(std::iter::once((line.len(), ' ')))
        {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    words.push(Word {
                        text: &line[s..i],
                        line: n + 1,
                        col: line[..s].chars().count() + 1,
                    });
                    start = None;
                }
                _ => {}
            }
        }
        if !words.is_empty() {
            out.push(words);
        }
    }
    out
}

struct Reader<'a> {
    file: &'a str,
    lines: Vec<Vec<Word<'a>>>,
    at: usize,
    /// Where the text ends, for "premature end" errors.
    end: (usize, usize),
}

impl<'a> Reader<'a> {
    fn error(&self, w: &Word, message: String) -> DefError {
        DefError {
            file: self.file.into(),
            at: Some((w.line, w.col)),
            key: None,
            message,
        }
    }

    fn next_line(&mut self, inside: &str) -> Result<Vec<Word<'a>>, DefError> {
        let line = self.lines.get(self.at).cloned().ok_or(DefError {
            file: self.file.into(),
            at: Some(self.end),
            key: None,
            message: format!("the file ends inside {inside}: expected End"),
        })?;
        self.at += 1;
        Ok(line)
    }

    fn number(&self, w: &Word, low: usize, high: usize, what: &str) -> Result<usize, DefError> {
        match w.text.parse::<usize>() {
            Ok(v) if (low..=high).contains(&v) => Ok(v),
            _ => Err(self.error(
                w,
                format!("expected {what} from {low} to {high}, found '{}'", w.text),
            )),
        }
    }

    /// One block up to `End`: per set (index into `sets`), its permutation line and orientation
    /// line (if given).
    fn block(&mut self, sets: &[Orbit], inside: &str) -> Result<Vec<SetLines<'a>>, DefError> {
        let mut out = vec![None; sets.len()];
        let mut current: Option<usize> = None;
        loop {
            let line = self.next_line(inside)?;
            let first = &line[0];
            if first.text == "End" {
                return Ok(out);
            }
            let numeric = first.text == "?" || first.text.as_bytes()[0].is_ascii_digit();
            if !numeric {
                let set = sets
                    .iter()
                    .position(|s| s.name == first.text)
                    .ok_or_else(|| {
                        self.error(
                            first,
                            format!("unknown set '{}' (or a missing End)", first.text),
                        )
                    })?;
                if line.len() > 1 {
                    return Err(self.error(&line[1], "expected a set name alone".into()));
                }
                if out[set].is_some() {
                    return Err(self.error(first, format!("set {} given twice", first.text)));
                }
                current = Some(set);
                continue;
            }
            let Some(set) = current else {
                return Err(self.error(first, "numbers before a set name".into()));
            };
            let n = sets[set].size;
            if line.len() != n {
                let at = line.get(n).unwrap_or(&line[line.len() - 1]);
                return Err(self.error(
                    at,
                    format!(
                        "{} numbers, expected {n} (set {})",
                        line.len(),
                        sets[set].name
                    ),
                ));
            }
            match &mut out[set] {
                None => out[set] = Some((line, None)),
                Some((_, ori @ None)) => *ori = Some(line),
                Some(_) => {
                    return Err(
                        self.error(first, format!("a third line for set {}", sets[set].name))
                    )
                }
            }
        }
    }
}

/// Loads a `.tws` definition.
pub fn load_tws(file: &str, text: &str) -> Result<Puzzle, DefError> {
    let lines = lines(text);
    let end = (text.lines().count().max(1), 1);
    let mut r = Reader {
        file,
        lines,
        at: 0,
        end,
    };
    let mut name = None;
    let mut sets: Vec<Orbit> = Vec::new();
    let mut goal: Option<(State, Vec<String>)> = None;
    let mut moves: Vec<Move> = Vec::new();
    let mut derived = Vec::new();
    // Orientation counts as the Sets declare them (a `?` in the solved state lowers one to 1).
    let mut declared: Vec<u8> = Vec::new();
    while r.at < r.lines.len() {
        let line = r.lines[r.at].clone();
        r.at += 1;
        let (key, rest) = (&line[0], &line[1..]);
        let arity = |n: usize| {
            if rest.len() == n {
                Ok(())
            } else {
                Err(r.error(key, format!("{} takes {n} words", key.text)))
            }
        };
        match key.text {
            "Name" => {
                arity(1)?;
                name = Some(rest[0].text.to_string());
            }
            "Set" => {
                arity(3)?;
                if goal.is_some() {
                    return Err(r.error(key, "Set after the solved state".into()));
                }
                if sets.iter().any(|s| s.name == rest[0].text) {
                    return Err(r.error(&rest[0], format!("set {} given twice", rest[0].text)));
                }
                sets.push(Orbit {
                    name: rest[0].text.to_string(),
                    size: r.number(&rest[1], 1, 255, "a number of pieces")?,
                    ori: r.number(&rest[2], 1, 127, "a number of orientations")? as u8,
                });
            }
            "Solved" | "StartState" => {
                arity(0)?;
                if goal.is_some() || sets.is_empty() {
                    return Err(r.error(key, "one solved state, after the Sets".into()));
                }
                let block = r.block(&sets, "the solved state")?;
                declared = sets.iter().map(|s| s.ori).collect();
                goal = Some(solved(&r, &mut sets, &block, key.text == "StartState")?);
            }
            "Move" | "MoveTransformation" => {
                arity(1)?;
                if goal.is_none() {
                    return Err(r.error(key, "moves come after the solved state".into()));
                }
                let block = r.block(&sets, &format!("move {}", rest[0].text))?;
                let new_style = key.text == "MoveTransformation";
                let perm = transformation(&r, &sets, &declared, &block, new_style)?;
                if moves.iter().any(|m| m.name == rest[0].text) {
                    return Err(r.error(&rest[0], format!("move {} given twice", rest[0].text)));
                }
                moves.push(Move {
                    name: rest[0].text.to_string(),
                    perm,
                    base: true,
                });
            }
            "MoveSequence" | "MoveAlias" => {
                if rest.len() < 2 {
                    return Err(r.error(key, format!("{} takes a name and moves", key.text)));
                }
                let seq: Vec<&str> = rest[1..].iter().map(|w| w.text).collect();
                derived.push((rest[0].clone(), seq.join(" ").replace(',', " ")));
            }
            other => {
                return Err(r.error(
                    key,
                    format!(
                        "unexpected '{other}' (expected Name, Set, Solved, Move, MoveSequence)"
                    ),
                ))
            }
        }
    }
    let whole = Word {
        text: "",
        line: 1,
        col: 1,
    };
    let (goal, label_names) = goal.ok_or_else(|| r.error(&whole, "no Solved block".into()))?;
    if moves.is_empty() {
        return Err(r.error(&whole, "no moves".into()));
    }
    let modulus: Vec<u8> = sets
        .iter()
        .flat_map(|o| std::iter::repeat_n(o.ori, o.size))
        .collect();
    let place: Vec<(String, Word)> = derived
        .iter()
        .map(|(w, _)| (w.text.to_string(), w.clone()))
        .collect();
    let pending = derived
        .into_iter()
        .map(|(w, s)| (w.text.to_string(), s))
        .collect();
    derive_moves(&mut moves, &modulus, pending, |name, message| {
        let w = place.iter().find(|(n, _)| n == name).map(|(_, w)| w);
        r.error(w.unwrap_or(&whole), format!("move {name}: {message}"))
    })?;
    let original = sets.iter().flat_map(|o| 0..o.size).collect();
    let puzzle = Puzzle {
        name: name.unwrap_or_else(|| stem(file)),
        orbits: sets,
        moves,
        goal,
        label_names,
        stickers: None,
        layout: None,
        comment: None,
        original,
        warnings: Vec::new(),
        label_mod: Vec::new(),
        goal_set: Default::default(),
        slot_ends: Vec::new(),
    };
    Ok(crate::load::pieces::drop_fixed(&puzzle))
}

/// A set's permutation line and, if given, its orientation line.
type SetLines<'a> = Option<(Vec<Word<'a>>, Option<Vec<Word<'a>>>)>;
type Block<'a> = [SetLines<'a>];

/// The goal from the solved block: labels `SETn`, orientations; a set whose orientations are all
/// `?` gets one orientation (ignored).
fn solved(
    r: &Reader,
    sets: &mut [Orbit],
    block: &Block,
    zero_based: bool,
) -> Result<(State, Vec<String>), DefError> {
    let mut names = Vec::new();
    let mut goal = State {
        label: Vec::new(),
        ori: Vec::new(),
    };
    let low = usize::from(!zero_based);
    for (set, lines) in sets.iter_mut().zip(block) {
        let n = set.size;
        let (pieces, oris): (Vec<usize>, Vec<Option<usize>>) = match lines {
            None => ((low..low + n).collect(), vec![Some(0); n]),
            Some((perm, ori)) => {
                let mut pieces = Vec::new();
                for w in perm {
                    pieces.push(r.number(w, low, low + n - 1, "a piece number")?);
                }
                let mut oris = Vec::new();
                for w in ori.iter().flatten() {
                    oris.push(match w.text {
                        "?" => None,
                        _ => Some(r.number(w, 0, set.ori as usize - 1, "an orientation")?),
                    });
                }
                if ori.is_none() {
                    oris = vec![Some(0); n];
                }
                (pieces, oris)
            }
        };
        let wild = oris.iter().filter(|o| o.is_none()).count();
        if wild > 0 && wild < n && set.ori > 1 {
            let w = &lines.as_ref().and_then(|l| l.1.clone()).unwrap_or_default()[0];
            return Err(r.error(
                w,
                format!(
                    "set {}: '?' on some pieces only; here '?' must cover the whole set",
                    set.name
                ),
            ));
        }
        if wild > 0 {
            set.ori = 1;
        }
        for (&p, o) in pieces.iter().zip(&oris) {
            let l = intern(&mut names, &format!("{}{p}", set.name)).ok_or_else(|| {
                let w = &lines.as_ref().expect("a set with pieces").0[0];
                r.error(w, "more than 256 distinct pieces".into())
            })?;
            goal.label.push(l);
            goal.ori.push(o.unwrap_or(0) as u8 % set.ori);
        }
    }
    Ok((goal, names))
}

/// A move's block as a rearrangement of all positions (sets it leaves out stay put).
fn transformation(
    r: &Reader,
    sets: &[Orbit],
    declared: &[u8],
    block: &Block,
    new_style: bool,
) -> Result<Perm, DefError> {
    let total = sets.iter().map(|s| s.size).sum();
    let mut perm = Perm::identity(total);
    let mut first = 0;
    let low = usize::from(!new_style);
    for (k, (set, lines)) in sets.iter().zip(block).enumerate() {
        let n = set.size;
        if let Some((p, o)) = lines {
            let mut seen = vec![false; n];
            let mut src = Vec::new();
            for w in p {
                let s = r.number(w, low, low + n - 1, "a piece number")? - low;
                if std::mem::replace(&mut seen[s], true) {
                    return Err(r.error(w, format!("not a permutation: {} appears twice", w.text)));
                }
                src.push(s);
            }
            let mut twist = vec![0u8; n];
            if let Some(o) = o {
                // The declared count bounds the numbers; a set whose orientation the solved state
                // ignores (`?`) then counts them modulo 1.
                let high = declared[k] as usize - 1;
                for (i, w) in o.iter().enumerate() {
                    twist[i] = r.number(w, 0, high, "an orientation change")? as u8;
                }
            }
            for i in 0..n {
                let t = if new_style { twist[i] } else { twist[src[i]] };
                perm.src[first + i] = (first + src[i]) as u16;
                perm.twist[first + i] = t % set.ori;
            }
        }
        first += n;
    }
    Ok(perm)
}
