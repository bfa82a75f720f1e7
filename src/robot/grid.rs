//! The robot's camera grid: six rows of eight cells, the cube's net as a cross, colour letters.

use crate::cube2::CubieCube;
use crate::input::InputError;

/// The camera's colour letters (Western scheme: white U, yellow D, green F, blue B, red R, orange L).
pub const GRID_COLOURS: [char; 6] = ['w', 'y', 'g', 'b', 'r', 'o'];

/// The grid cell (row, column) of canonical sticker `f` in the camera's 6x8 cross.
pub fn grid_cell(f: usize) -> (usize, usize) {
    let (r, c) = ((f % 4) / 2, f % 2);
    match f / 4 {
        0 => (r, 2 + c),     // U
        1 => (2 + r, 4 + c), // R
        2 => (2 + r, 2 + c), // F
        3 => (4 + r, 2 + c), // D
        4 => (2 + r, c),     // L
        _ => (2 + r, 6 + c), // B
    }
}

/// Reads the camera's 6x8 grid: six lines of eight cells, a colour letter (`w y g b r o`) on the 24
/// cells of the cross and `.` (or a space) elsewhere. Returns the stickers in canonical order, as
/// colour indices into [`GRID_COLOURS`].
pub fn parse_grid(text: &str) -> Result<[u8; 24], InputError> {
    let lines: Vec<(usize, &str)> = crate::input::numbered_lines(text)
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    if lines.len() != 6 {
        let (l, c) = lines
            .get(6)
            .map_or_else(|| crate::input::end_position(text), |(n, _)| (*n, 1));
        return Err(InputError::new(
            l,
            c,
            format!(
                "expected 6 rows of the 6x8 colour grid, found {}",
                lines.len()
            ),
        ));
    }
    let mut used = [[None; 8]; 6];
    for f in 0..24 {
        let (r, c) = grid_cell(f);
        used[r][c] = Some(f);
    }
    let mut out = [0u8; 24];
    for (r, &(n, line)) in lines.iter().enumerate() {
        let cells: Vec<char> = line.chars().collect();
        if cells.len() > 8 && cells[8..].iter().any(|c| !c.is_whitespace()) {
            return Err(InputError::new(
                n,
                9,
                "expected 8 cells in a row of the grid".into(),
            ));
        }
        for (c, slot) in used[r].iter().enumerate() {
            let ch = cells.get(c).copied().unwrap_or(' ');
            match slot {
                Some(f) => match GRID_COLOURS.iter().position(|&x| x == ch) {
                    Some(k) => out[*f] = k as u8,
                    None => {
                        return Err(InputError::new(
                            n,
                            c + 1,
                            format!("expected a colour letter (w y g b r o) in this cell of the cross, found `{}`", ch.escape_debug()),
                        ))
                    }
                },
                None if ch != '.' && ch != ' ' => {
                    return Err(InputError::new(n, c + 1, format!("expected `.` outside the cross, found `{}`", ch.escape_debug())))
                }
                None => {}
            }
        }
    }
    Ok(out)
}

/// The cube in a grid, checked to be real, with errors pointing at the grid cell concerned.
pub fn cube_from_grid(text: &str) -> Result<CubieCube, InputError> {
    cube_from_grid_stickers(text, &parse_grid(text)?)
}

/// [`cube_from_grid`] for stickers already read from `text` by [`parse_grid`] (errors point into
/// `text`).
pub fn cube_from_grid_stickers(text: &str, stickers: &[u8; 24]) -> Result<CubieCube, InputError> {
    let lines: Vec<usize> = crate::input::numbered_lines(text)
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, _)| n)
        .collect();
    let name = |c: u8| format!("`{}`", GRID_COLOURS[c as usize]);
    crate::cube2::from_stickers_named(stickers, &name).map_err(|e| {
        let (r, c) = grid_cell(e.sticker);
        InputError::new(lines[r], c + 1, e.msg)
    })
}
