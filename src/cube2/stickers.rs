//! Reading a 2x2x2 from 24 sticker colours in the canonical numbering, any colour numbering, with
//! a message that names the corner and what is wrong when they are no real cube.

use super::corner_cubie::{CubieCube, CORNERS, CORNER_FACELETS, CORNER_NAMES, DBL, URF};
use crate::facelet::PieceError;
use crate::notation::Face;

/// Why 24 stickers are not a 2x2x2. `sticker` is the canonical index to point at.
pub use crate::facelet::StickerError;

/// Reads 24 stickers in the canonical numbering, any colour numbering. The colours on the DBL
/// corner name the D, B and L faces; the other three are paired with them as opposite faces.
pub fn from_stickers(s: &[u8; 24]) -> Result<CubieCube, StickerError> {
    from_stickers_named(s, &|c| c.to_string())
}

/// [`from_stickers`], naming colours in messages with `name` (letters for the robot's camera).
pub fn from_stickers_named(
    s: &[u8; 24],
    name: &dyn Fn(u8) -> String,
) -> Result<CubieCube, StickerError> {
    // Each colour exactly four times.
    let mut colours: Vec<(u8, Vec<usize>)> = Vec::new();
    for (i, &c) in s.iter().enumerate() {
        match colours.iter_mut().find(|(x, _)| *x == c) {
            Some((_, at)) => at.push(i),
            None => colours.push((c, vec![i])),
        }
    }
    if let Some((c, at)) = colours.iter().find(|(_, at)| at.len() > 4) {
        return Err(StickerError {
            sticker: at[4],
            msg: format!(
                "colour {} appears {} times; each of 6 colours must appear 4 times",
                name(*c),
                at.len()
            ),
        });
    }
    if let Some((c, at)) = colours.iter().find(|(_, at)| at.len() < 4) {
        return Err(StickerError {
            sticker: at[0],
            msg: format!(
                "colour {} appears {} times; each of 6 colours must appear 4 times",
                name(*c),
                at.len()
            ),
        });
    }
    let [d, b, l] = CORNER_FACELETS[DBL].map(|f| s[f]);
    if d == b || b == l || d == l {
        return Err(StickerError {
            sticker: CORNER_FACELETS[DBL][0],
            msg: "the corner at DBL shows one colour twice, which no corner does".into(),
        });
    }
    // Pair the other three colours with D, L, B as their opposites: the pairing under which
    // opposite colours share the fewest corners (none, on a real cube).
    let rest: Vec<u8> = colours
        .iter()
        .map(|(c, _)| *c)
        .filter(|c| ![d, b, l].contains(c))
        .collect();
    let together = |x: u8, y: u8| {
        CORNER_FACELETS
            .iter()
            .filter(|cf| cf.iter().any(|&f| s[f] == x) && cf.iter().any(|&f| s[f] == y))
            .count()
    };
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let best = orders
        .iter()
        .min_by_key(|o| together(rest[o[0]], d) + together(rest[o[1]], l) + together(rest[o[2]], b))
        .unwrap();
    let (u, r, f) = (rest[best[0]], rest[best[1]], rest[best[2]]);
    let face_colour = [u, r, f, d, l, b];
    let solved: [u8; 24] = std::array::from_fn(|i| face_colour[i / 4]);
    let (cp, co) = CORNERS
        .read(&solved, s)
        .map_err(|e| explain(e, &face_colour, name))?;
    let mut c = CubieCube::SOLVED;
    c.cp.copy_from_slice(&cp);
    c.co.copy_from_slice(&co);
    let twist = c.co.iter().map(|&x| x as u32).sum::<u32>() % 3;
    if twist != 0 {
        let way = if twist == 1 {
            "clockwise"
        } else {
            "counter-clockwise"
        };
        return Err(StickerError {
            sticker: CORNER_FACELETS[URF][0],
            msg: format!(
                "a corner is twisted in place: the corner twists add up to {twist} (mod 3) instead of 0, as if one \
                 corner had been turned {way}; no sequence of turns solves this"
            ),
        });
    }
    Ok(c)
}

/// Says why a corner could not be read: a repeated colour, two opposite faces, or mirrored colours.
fn explain(e: PieceError, face_colour: &[u8; 6], name: &dyn Fn(u8) -> String) -> StickerError {
    let face_name = |c: u8| {
        face_colour
            .iter()
            .position(|&x| x == c)
            .map(|f| Face::ALL[f].letter())
    };
    match e {
        PieceError::NoSuchPiece {
            position, colours, ..
        } => {
            let i = CORNER_NAMES
                .iter()
                .position(|n| *n == position)
                .unwrap_or(0);
            let sticker = CORNER_FACELETS[i][0];
            let (a, b, c) = (colours[0], colours[1], colours[2]);
            let (na, nb, nc) = (name(a), name(b), name(c));
            let msg = if a == b || b == c || a == c {
                format!("the corner at {position} shows colours {na} {nb} {nc}: one colour twice, which no corner does")
            } else if let Some((x, y)) = [(a, b), (b, c), (a, c)].iter().copied().find(|&(x, y)| {
                matches!((face_name(x), face_name(y)), (Some(p), Some(q)) if Face::ALL.iter().any(|f| f.letter() == p && f.opposite().letter() == q))
            }) {
                format!(
                    "the corner at {position} shows colours {} and {}, which belong to opposite faces ({} and {})",
                    name(x),
                    name(y),
                    face_name(x).unwrap_or('?'),
                    face_name(y).unwrap_or('?')
                )
            } else {
                format!("the corner at {position} shows colours {na} {nb} {nc} in mirror order, which no real corner has")
            };
            StickerError { sticker, msg }
        }
        PieceError::Duplicate {
            piece, positions, ..
        } => {
            let i = CORNER_NAMES
                .iter()
                .position(|n| *n == positions[1])
                .unwrap_or(0);
            StickerError {
                sticker: CORNER_FACELETS[i][0],
                msg: format!(
                    "the {piece} corner appears twice, at {} and at {}",
                    positions[0], positions[1]
                ),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_moves, Families};

    #[test]
    fn normalising_by_rotation_matches_reading_the_stickers() {
        let mut x = 12345u64;
        for _ in 0..500 {
            let mut c = CubieCube::SOLVED;
            for _ in 0..20 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let all = ["U", "R", "F", "D", "L", "B", "x", "y", "z"];
                let m = parse_moves(all[(x >> 33) as usize % 9], 1, Families::CUBE2).unwrap();
                c = c.apply_moves(&m).unwrap();
            }
            assert_eq!(c.normalised(), from_stickers(&c.to_stickers()).unwrap());
        }
    }
}
