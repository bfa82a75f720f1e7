//! How the judges give a 2x2x2: their sticker numberings ([`Layout`]: Codeforces 887C, HDU 4801,
//! acm.mipt.ru 041) and their lists of colours, read with line and column for every error.

use super::corner_cubie::CubieCube;
use super::stickers::from_stickers;
use crate::input::{InputError, Token};

/// A judge's sticker numbering: `faces[f][k]` is the judge's index of canonical sticker `f * 4 + k`
/// (faces U R F D L B; `k` = row * 2 + col as in [`crate::sticker_cube`]).
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub name: &'static str,
    pub faces: [[usize; 4]; 6],
}

impl Layout {
    /// Judge order to canonical order.
    pub fn to_canonical(&self, judge: &[u8; 24]) -> [u8; 24] {
        std::array::from_fn(|f| judge[self.faces[f / 4][f % 4]])
    }

    pub fn from_canonical(&self, canon: &[u8; 24]) -> [u8; 24] {
        let mut out = [0u8; 24];
        for f in 0..24 {
            out[self.faces[f / 4][f % 4]] = canon[f];
        }
        out
    }

    /// The judge's index of canonical sticker `f`.
    pub fn judge_index(&self, f: usize) -> usize {
        self.faces[f / 4][f % 4]
    }
}

/// Codeforces 887C / BOJ 16939 (0-based): U 0-3, F 4-7, D 8-11, L 12-15, R 16-19, B 20-23.
pub const CF887C: Layout = Layout {
    name: "Codeforces 887C",
    faces: [
        [0, 1, 2, 3],
        [16, 17, 18, 19],
        [4, 5, 6, 7],
        [8, 9, 10, 11],
        [12, 13, 14, 15],
        [20, 21, 22, 23],
    ],
};

/// HDU 4801: U, L F R in a row, then D and B below (B drawn with its bottom edge first).
pub const HDU4801: Layout = Layout {
    name: "HDU 4801",
    faces: [
        [0, 1, 2, 3],
        [8, 9, 14, 15],
        [6, 7, 12, 13],
        [16, 17, 18, 19],
        [4, 5, 10, 11],
        [23, 22, 21, 20],
    ],
};

/// acm.mipt.ru 041: U F D B in a column (B with its bottom edge first), then L and R.
pub const MIPT041: Layout = Layout {
    name: "acm.mipt.ru 041",
    faces: [
        [0, 1, 2, 3],
        [20, 21, 22, 23],
        [4, 5, 6, 7],
        [8, 9, 10, 11],
        [16, 17, 18, 19],
        [15, 14, 13, 12],
    ],
};

/// Reads the 24 colour tokens of a judge's input (`lo..=hi` each) in judge order.
pub fn read_colours(tokens: &[Token<'_>], lo: i64, hi: i64) -> Result<[u8; 24], InputError> {
    let mut c = [0u8; 24];
    for (i, t) in tokens.iter().enumerate() {
        c[i] = t.int_in("a colour", lo, hi)? as u8;
    }
    Ok(c)
}

/// The cube shown by judge-order colours, with any error pointed at the token of the sticker.
pub fn cube_from_judge(
    colours: &[u8; 24],
    layout: &Layout,
    tokens: &[Token<'_>],
) -> Result<CubieCube, InputError> {
    from_stickers(&layout.to_canonical(colours))
        .map_err(|e| tokens[layout.judge_index(e.sticker)].error(e.msg))
}

/// Reads an input that is exactly 24 colours (`lo..=hi`), as Codeforces 887C and acm.mipt.ru 041 give.
pub fn read_one_cube(
    src: &str,
    lo: i64,
    hi: i64,
) -> Result<(Vec<Token<'_>>, [u8; 24]), InputError> {
    let mut ts = crate::input::TokenStream::new(src);
    let tokens = ts.take_n(24, "colours")?;
    ts.expect_end("24 colours")?;
    let colours = read_colours(&tokens, lo, hi)?;
    Ok((tokens, colours))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_are_permutations() {
        for l in [CF887C, HDU4801, MIPT041] {
            let mut seen = [false; 24];
            for f in l.faces.iter().flatten() {
                assert!(!seen[*f], "{}", l.name);
                seen[*f] = true;
            }
            let x: [u8; 24] = std::array::from_fn(|i| i as u8);
            assert_eq!(l.from_canonical(&l.to_canonical(&x)), x);
        }
    }
}
