//! A state drawn as the definition's net (its `layout`): each sticker number replaced by its colour,
//! in ANSI background colours on a terminal.

use crate::model::show::sticker_colors;
use crate::model::{Puzzle, State};

/// The state drawn into the definition's `layout`: each sticker number replaced by its colour,
/// with ANSI background colours when `ansi` is set.
pub fn draw(puzzle: &Puzzle, s: &State, ansi: bool) -> Option<String> {
    let layout = puzzle.layout.as_ref()?;
    let map = puzzle.stickers.as_ref()?;
    let colors = sticker_colors(puzzle, map, s);
    let mut out = String::new();
    let chars: Vec<char> = layout.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let text: String = chars[start..i].iter().collect();
            let width = i - start;
            match text.parse::<usize>().ok().and_then(|n| colors.get(n)) {
                Some(c) => {
                    let cell = format!("{c:>width$}");
                    if ansi {
                        out.push_str(&format!("\x1b[{}m{cell}\x1b[0m", ansi_code(c)));
                    } else {
                        out.push_str(&cell);
                    }
                }
                None => out.push_str(&text),
            }
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    Some(out)
}

/// A background colour for a colour name's first letter (white, yellow, red, orange, green, blue,
/// purple/pink, grey).
fn ansi_code(c: &str) -> &'static str {
    match c.chars().next().map(|x| x.to_ascii_lowercase()) {
        Some('w') => "30;107",
        Some('y') => "30;103",
        Some('r') => "97;41",
        Some('o') => "30;48;5;208",
        Some('g') => "30;42",
        Some('b') => "97;44",
        Some('p') => "97;45",
        _ => "30;47",
    }
}
