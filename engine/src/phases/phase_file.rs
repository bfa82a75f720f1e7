//! Phases given by hand: a small text file beside the definition, for puzzles whose automatic
//! chain is poor.
//!
//! ```text
//! # Kociemba's phases for the 3x3x3
//! moves U D L R F B
//! moves U D L2 R2 F2 B2
//! ```
//!
//! Each `moves` line names a subgroup by the moves that generate it: a move of the metric (`U`
//! with all its powers, `U2` the half turns alone). Phase i uses line i's moves and ends in line
//! i+1's group; the last phase ends at the goal. A first line with every move may be left out.
//! A last line `fix` puts the last group's pieces home a few at a time instead
//! ([`super::fixing`]: for groups no smaller group the moves make is near, as the megaminx's).
//! `#` starts a comment. The chain is checked as an automatic one is ([`super::chain::through`]).
//!
//! A `goal FILE` line after a `moves` line gives the look of the phase that ends in that line's
//! group, where its orbits' colours are not the right view (the 4x4x4's centres): FILE is a
//! recoloured definition ([`super::look_goal`]), found beside the phases file. A `widen` line
//! after it lets that phase end wherever the next one can finish from, where the next line's
//! group leaves this one ([`super::widen`]: the 4x4x4's second phase, as TNoodle's).
//!
//! A `solved FILE` line, once anywhere, gives the look the last phase ends at, where the puzzle
//! counts as solved before every piece of the definition is home: the FTO's centres, each its
//! own piece in cubing.js's definition, alike by face on the puzzle ([`super::end_look`]).

use super::families::{Families, Steps};
use crate::model::metric::MoveSet;

/// A word of the file and where it starts (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    pub line: usize,
    pub col: usize,
}

/// A phases file: its `moves` lines as words, each line's `goal` file if it has one, whether
/// each line's phase is widened, whether it ends with `fix`, and its `solved` file if it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseFile {
    pub groups: Vec<Vec<Word>>,
    pub goals: Vec<Option<Word>>,
    pub widen: Vec<bool>,
    pub fix: bool,
    /// The look the last phase ends at, where the puzzle counts as solved before every piece is
    /// home (the FTO's centres, alike by face on the puzzle, distinct in the definition).
    pub solved: Option<Word>,
}

/// A phases file's lines; an error names its line and column.
pub fn parse(text: &str) -> Result<PhaseFile, String> {
    let mut groups = Vec::new();
    let mut goals: Vec<Option<Word>> = Vec::new();
    let mut widen: Vec<bool> = Vec::new();
    let mut fix = false;
    let mut solved: Option<Word> = None;
    for (l, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        let mut words = Vec::new();
        let mut col = 0;
        for (i, ch) in line.char_indices().chain([(line.len(), ' ')]) {
            if ch.is_whitespace() || ch == ',' {
                if i > col {
                    words.push(Word {
                        text: line[col..i].to_string(),
                        line: l + 1,
                        col: line[..col].chars().count() + 1,
                    });
                }
                col = i + ch.len_utf8();
            }
        }
        let Some((keyword, names)) = words.split_first() else {
            continue;
        };
        if fix {
            return Err(format!(
                "{}:{}: nothing may follow 'fix' (it ends the chain)",
                keyword.line, keyword.col
            ));
        }
        if keyword.text == "fix" {
            if let Some(w) = names.first() {
                return Err(format!(
                    "{}:{}: 'fix' takes no names, found '{}'",
                    w.line, w.col, w.text
                ));
            }
            fix = true;
            continue;
        }
        if keyword.text == "widen" {
            let at = format!("{}:{}", keyword.line, keyword.col);
            if let Some(w) = names.first() {
                return Err(format!(
                    "{}:{}: 'widen' takes no names, found '{}'",
                    w.line, w.col, w.text
                ));
            }
            match widen.last_mut() {
                None => return Err(format!("{at}: 'widen' before any 'moves' line")),
                Some(true) => return Err(format!("{at}: a second 'widen' for one 'moves' line")),
                Some(w) => *w = true,
            }
            continue;
        }
        if keyword.text == "solved" {
            let at = |w: &Word| format!("{}:{}", w.line, w.col);
            match (names, &solved) {
                (_, Some(_)) => return Err(format!("{}: a second 'solved' line", at(keyword))),
                ([file], None) => solved = Some(file.clone()),
                ([], None) => {
                    return Err(format!(
                        "{}:{}: 'solved' names no file (a recoloured definition)",
                        keyword.line,
                        keyword.col + "solved".len()
                    ))
                }
                ([_, extra, ..], None) => {
                    return Err(format!(
                        "{}: 'solved' takes one file, found '{}'",
                        at(extra),
                        extra.text
                    ))
                }
            }
            continue;
        }
        if keyword.text == "goal" {
            let at = |w: &Word| format!("{}:{}", w.line, w.col);
            let Some(last) = goals.last_mut() else {
                return Err(format!(
                    "{}: 'goal' before any 'moves' line (it gives the look of the line above)",
                    at(keyword)
                ));
            };
            if last.is_some() {
                return Err(format!(
                    "{}: a second 'goal' for one 'moves' line",
                    at(keyword)
                ));
            }
            match names {
                [file] => *last = Some(file.clone()),
                [] => {
                    return Err(format!(
                        "{}:{}: 'goal' names no file (a recoloured definition)",
                        keyword.line,
                        keyword.col + "goal".len()
                    ))
                }
                [_, extra, ..] => {
                    return Err(format!(
                        "{}: 'goal' takes one file, found '{}'",
                        at(extra),
                        extra.text
                    ))
                }
            }
            continue;
        }
        if keyword.text != "moves" {
            return Err(format!(
                "{}:{}: expected 'moves' and the names of a phase's moves, 'goal' and a file, \
                 'widen', 'solved' and a file, or 'fix', found '{}'",
                keyword.line, keyword.col, keyword.text
            ));
        }
        if names.is_empty() {
            return Err(format!(
                "{}:{}: 'moves' names no move (a phase needs at least one)",
                keyword.line,
                keyword.col + "moves".len()
            ));
        }
        groups.push(names.to_vec());
        goals.push(None);
        widen.push(false);
    }
    if groups.is_empty() && !fix {
        return Err("1:1: no 'moves' line: expected one line a phase".into());
    }
    if let (true, Some(w)) = (fix, &solved) {
        return Err(format!(
            "{}:{}: 'solved' with 'fix': the fixing phases put every piece home",
            w.line, w.col
        ));
    }
    Ok(PhaseFile {
        groups,
        goals,
        widen,
        fix,
        solved,
    })
}

/// The subgroups the lines name, as steps of the families: a family keeps the gcd of the steps
/// its named moves ask for, and is dropped where none is named.
pub fn subgroups(
    groups: &[Vec<Word>],
    set: &MoveSet,
    families: &Families,
) -> Result<Vec<Steps>, String> {
    groups
        .iter()
        .map(|words| {
            let mut steps: Steps = families.families.iter().map(|f| f.order).collect();
            for w in words {
                let m = set.names.iter().position(|n| *n == w.text).ok_or_else(|| {
                    format!(
                        "{}:{}: unknown move '{}' (the moves: {})",
                        w.line,
                        w.col,
                        w.text,
                        set.names.join(" ")
                    )
                })?;
                let (f, k) = families.step_of(m);
                steps[f] = gcd(steps[f], k);
            }
            Ok(steps)
        })
        .collect()
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_lines_and_columns() {
        let g = parse("# c\n\nmoves U  R2 # no\n  moves F,B\n")
            .unwrap()
            .groups;
        assert_eq!(g.len(), 2);
        assert_eq!(g[0][1].text, "R2");
        assert_eq!((g[0][1].line, g[0][1].col), (3, 10));
        assert_eq!((g[1][1].line, g[1][1].col), (4, 11));
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(
            parse("moves U\n  phase R").unwrap_err(),
            "2:3: expected 'moves' and the names of a phase's moves, 'goal' and a file, 'widen', \
             'solved' and a file, or 'fix', found 'phase'"
        );
        assert!(parse("moves\n").unwrap_err().starts_with("1:6:"));
        assert!(parse("# nothing\n").is_err());
        assert!(parse("moves U\nfix\n").unwrap().fix);
        assert!(parse("fix\nmoves U\n").unwrap_err().starts_with("2:1:"));
    }

    #[test]
    fn widen_marks_the_moves_line_above() {
        let f = parse("moves U R\nmoves U R2\ngoal a.json\nwiden\nmoves U2 R2\n").unwrap();
        assert_eq!(f.widen, [false, true, false]);
        assert!(parse("widen\nmoves U\n").unwrap_err().starts_with("1:1:"));
        assert!(parse("moves U\nwiden x\n").unwrap_err().starts_with("2:7:"));
        assert!(parse("moves U\nwiden\n widen\n")
            .unwrap_err()
            .starts_with("3:2:"));
    }

    #[test]
    fn a_goal_belongs_to_the_moves_line_above() {
        let f = parse("moves U R\ngoal a.json\nmoves U2 R2\n").unwrap();
        assert_eq!(f.goals.len(), 2);
        let g = f.goals[0].as_ref().unwrap();
        assert_eq!((g.text.as_str(), g.line, g.col), ("a.json", 2, 6));
        assert!(f.goals[1].is_none());
        assert!(parse("goal a.json\nmoves U\n")
            .unwrap_err()
            .starts_with("1:1:"));
        assert!(parse("moves U\ngoal\n").unwrap_err().starts_with("2:5:"));
        assert!(parse("moves U\ngoal a b\n")
            .unwrap_err()
            .starts_with("2:8:"));
        assert!(parse("moves U\ngoal a\ngoal b\n")
            .unwrap_err()
            .starts_with("3:1:"));
    }

    #[test]
    fn one_solved_look_for_the_whole_file() {
        let f = parse("solved s.json\nmoves U R\nmoves U\n").unwrap();
        let w = f.solved.unwrap();
        assert_eq!((w.text.as_str(), w.line, w.col), ("s.json", 1, 8));
        assert!(parse("moves U\n").unwrap().solved.is_none());
        assert!(parse("moves U\nsolved\n").unwrap_err().starts_with("2:7:"));
        assert!(parse("moves U\nsolved a b\n")
            .unwrap_err()
            .starts_with("2:10:"));
        assert!(parse("solved a\nmoves U\n solved b\n")
            .unwrap_err()
            .starts_with("3:2:"));
        assert!(parse("moves U\nsolved a\nfix\n")
            .unwrap_err()
            .starts_with("2:8:"));
    }
}
