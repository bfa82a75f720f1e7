//! WCA-style move notation: `R`, `R'`, `R2`, `R2'`, rotations `x y z`, slices `M E S`, wide `Rw`/`r`.
//!
//! Parsing reports the exact line and column of anything unexpected. Which families a problem
//! accepts is the caller's choice ([`Families`]), so `M` can be an error for the 2x2x2.

use crate::input::InputError;
use std::fmt;

/// A face of the cube, in the order U R F D L B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    U,
    R,
    F,
    D,
    L,
    B,
}

impl Face {
    pub const ALL: [Face; 6] = [Face::U, Face::R, Face::F, Face::D, Face::L, Face::B];

    pub fn letter(self) -> char {
        ['U', 'R', 'F', 'D', 'L', 'B'][self as usize]
    }

    pub fn opposite(self) -> Face {
        Face::ALL[(self as usize + 3) % 6]
    }
}

/// What a move turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// An outer layer.
    Face(Face),
    /// Two layers on a 3x3x3 (`Rw` or `r`).
    Wide(Face),
    /// A middle slice: `M` (as L), `E` (as D), `S` (as F).
    Slice(char),
    /// The whole cube: `x` (as R), `y` (as U), `z` (as F).
    Rotation(char),
}

/// A turn and how far: 1 = a quarter clockwise (seen from the face), 2 = half, 3 = a quarter counter-clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub turn: Turn,
    pub amount: u8,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.turn {
            Turn::Face(x) => write!(f, "{}", x.letter())?,
            Turn::Wide(x) => write!(f, "{}w", x.letter())?,
            Turn::Slice(c) | Turn::Rotation(c) => write!(f, "{c}")?,
        }
        match self.amount {
            2 => write!(f, "2"),
            3 => write!(f, "'"),
            _ => Ok(()),
        }
    }
}

/// Which move families a problem accepts.
#[derive(Clone, Copy, Debug)]
pub struct Families {
    pub rotations: bool,
    pub slices: bool,
    pub wide: bool,
}

impl Families {
    /// Outer turns and rotations (the 2x2x2 formats).
    pub const CUBE2: Families = Families {
        rotations: true,
        slices: false,
        wide: false,
    };
    /// Everything (the 3x3x3 formats).
    pub const CUBE3: Families = Families {
        rotations: true,
        slices: true,
        wide: true,
    };
    /// Outer turns only (solutions).
    pub const FACES: Families = Families {
        rotations: false,
        slices: false,
        wide: false,
    };

    fn expected(&self) -> String {
        let mut s = String::from("a move (U D L R F B");
        if self.slices {
            s.push_str(" M E S");
        }
        if self.wide {
            s.push_str(" Uw..Bw u d l r f b");
        }
        if self.rotations {
            s.push_str(" x y z");
        }
        s.push(')');
        s
    }
}

/// Parses one line of moves separated by whitespace. `line` is its 1-based number, for errors.
pub fn parse_moves(text: &str, line: usize, families: Families) -> Result<Vec<Move>, InputError> {
    // Bytes, not chars: scrambles are ASCII and this runs 100,000 times per judge input. The one
    // non-ASCII character accepted is the typographic apostrophe; columns count characters.
    const CURLY: &[u8] = "’".as_bytes();
    let bytes = text.as_bytes();
    let col = |b: usize| text[..b].chars().count() + 1;
    let found = |b: usize| text[b..].chars().next().unwrap_or(' ');
    let err = |b: usize, msg: String| InputError::new(line, col(b), msg);
    let mut moves = Vec::with_capacity(bytes.len() / 2);
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let face = match c.to_ascii_uppercase() {
            b'U' => Some(Face::U),
            b'R' => Some(Face::R),
            b'F' => Some(Face::F),
            b'D' => Some(Face::D),
            b'L' => Some(Face::L),
            b'B' => Some(Face::B),
            _ => None,
        };
        let turn = match (c, face) {
            (b'A'..=b'Z', Some(f)) if families.wide && bytes.get(i + 1) == Some(&b'w') => {
                i += 1;
                Turn::Wide(f)
            }
            (b'A'..=b'Z', Some(f)) => Turn::Face(f),
            (_, Some(f)) if families.wide => Turn::Wide(f),
            (b'M' | b'E' | b'S', _) if families.slices => Turn::Slice(c as char),
            (b'x' | b'y' | b'z', _) if families.rotations => Turn::Rotation(c as char),
            _ => {
                return Err(err(
                    i,
                    format!(
                        "expected {}, found `{}`",
                        families.expected(),
                        found(i).escape_debug()
                    ),
                ))
            }
        };
        i += 1;
        let mut amount = 1;
        if bytes.get(i) == Some(&b'2') {
            amount = 2;
            i += 1;
        }
        if bytes.get(i) == Some(&b'\'') || bytes[i..].starts_with(CURLY) {
            amount = if amount == 2 { 2 } else { 3 };
            i += if bytes[i] == b'\'' { 1 } else { CURLY.len() };
        }
        if i < bytes.len() && !found(i).is_whitespace() {
            let name = &text[start..i];
            return Err(err(
                i,
                format!(
                    "expected `'`, `2` or a space after `{name}`, found `{}`",
                    found(i).escape_debug()
                ),
            ));
        }
        moves.push(Move { turn, amount });
    }
    Ok(moves)
}

/// The sequence that undoes `moves`: reversed, each turned the other way.
pub fn inverse(moves: &[Move]) -> Vec<Move> {
    moves
        .iter()
        .rev()
        .map(|m| Move {
            turn: m.turn,
            amount: (4 - m.amount) % 4,
        })
        .collect()
}

/// Writes moves separated by single spaces.
pub fn format_moves(moves: &[Move]) -> String {
    let mut s = String::new();
    for (k, m) in moves.iter().enumerate() {
        if k > 0 {
            s.push(' ');
        }
        s.push_str(&m.to_string());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn round_trips_and_suffixes() {
        let m = parse_moves("R U2 F' x2 y' D2' Lw r M", 1, Families::CUBE3).unwrap();
        assert_eq!(format_moves(&m), "R U2 F' x2 y' D2 Lw Rw M");
        assert_eq!(m[5].amount, 2);
    }

    #[test]
    fn errors_point_at_the_column() {
        let e = parse_moves("R U R3", 4, Families::CUBE2).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 4, column 6: expected `'`, `2` or a space after `R`, found `3`"
        );
        let e = parse_moves("R Q", 1, Families::CUBE2).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 3: expected a move (U D L R F B x y z), found `Q`"
        );
        let e = parse_moves("M", 1, Families::CUBE2).unwrap_err();
        assert_eq!(e.col, 1);
        let e = parse_moves("x", 1, Families::FACES).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 1: expected a move (U D L R F B), found `x`"
        );
    }

    proptest! {
        #[test]
        fn never_panics(s in "\\PC*") {
            for fam in [Families::CUBE2, Families::CUBE3, Families::FACES] {
                if let Ok(m) = parse_moves(&s, 1, fam) {
                    // What parses, prints and parses again to the same moves.
                    prop_assert_eq!(parse_moves(&format_moves(&m), 1, fam).unwrap(), m);
                }
            }
        }
    }
}
