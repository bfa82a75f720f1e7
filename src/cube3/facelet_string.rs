//! Facelet strings: 54 colours in the common `URFDLB` order, 9 per face, each face read row by row
//! as seen from outside (U with B at the top, D with F at the top, the side faces with U at the top),
//! the format of Kociemba's and min2phase's solvers. Reading one checks it is a real cube and says
//! what is wrong and at which facelet.

use super::cubie::{CubieCube, CORNER_NAMES, EDGE_NAMES};
use crate::facelet::{cube_corners, PieceError, PieceKind};

/// Facelets of each corner position, U/D facelet first, then clockwise.
pub const CORNER_FACELETS: [[usize; 3]; 8] = [
    [8, 9, 20],
    [6, 18, 38],
    [0, 36, 47],
    [2, 45, 11],
    [29, 26, 15],
    [27, 44, 24],
    [33, 53, 42],
    [35, 17, 51],
];

/// Facelets of each edge position, U/D (or F/B for slice edges) facelet first.
pub const EDGE_FACELETS: [[usize; 2]; 12] = [
    [5, 10],
    [7, 19],
    [3, 37],
    [1, 46],
    [32, 16],
    [28, 25],
    [30, 43],
    [34, 52],
    [23, 12],
    [21, 41],
    [50, 39],
    [48, 14],
];

const CORNERS: PieceKind<3> = cube_corners(&CORNER_NAMES, &CORNER_FACELETS);

const EDGES: PieceKind<2> = PieceKind {
    name: "edge",
    position_names: &EDGE_NAMES,
    slots: &EDGE_FACELETS,
    twists: &[[0, 1], [1, 0]],
};

/// The name of facelet `i`, such as `U1` or `B9`.
pub fn facelet_name(i: usize) -> String {
    format!("{}{}", "URFDLB".as_bytes()[i / 9] as char, i % 9 + 1)
}

/// Why a facelet string is no cube: the facelet to point at (0-based) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaceletError {
    pub facelet: usize,
    pub msg: String,
}

/// Reads 54 facelet colours (any six distinct characters; each centre names its face's colour).
pub fn from_facelets(text: &str) -> Result<CubieCube, FaceletError> {
    let (shown, centres) = faces_shown(text)?;
    let solved: [u8; 54] = std::array::from_fn(|i| (i / 9) as u8);
    let piece_err = |e, facelets: &dyn Fn(&str) -> usize| piece_error(e, &centres, facelets);
    let corner_at =
        |p: &str| CORNER_FACELETS[CORNER_NAMES.iter().position(|n| *n == p).unwrap_or(0)][0];
    let edge_at = |p: &str| EDGE_FACELETS[EDGE_NAMES.iter().position(|n| *n == p).unwrap_or(0)][0];
    let (cp, co) = CORNERS
        .read(&solved, &shown)
        .map_err(|e| piece_err(e, &corner_at))?;
    let (ep, eo) = EDGES
        .read(&solved, &shown)
        .map_err(|e| piece_err(e, &edge_at))?;
    let mut c = CubieCube::SOLVED;
    c.cp.copy_from_slice(&cp);
    c.co.copy_from_slice(&co);
    c.ep.copy_from_slice(&ep);
    c.eo.copy_from_slice(&eo);
    c.verify().map_err(|msg| FaceletError {
        facelet: 0,
        msg: format!("{msg}; no sequence of turns solves this"),
    })?;
    Ok(c)
}

/// Each facelet's face by its colour (the centres' colours name the faces), and the centres'
/// colours: 54 facelets, six distinct centres, no colour more than 9 times.
fn faces_shown(text: &str) -> Result<([u8; 54], Vec<char>), FaceletError> {
    let chars: Vec<char> = text.chars().collect();
    let err = |facelet: usize, msg: String| FaceletError { facelet, msg };
    if chars.len() != 54 {
        return Err(err(
            chars.len().min(54),
            format!(
                "expected 54 facelets (9 per face, in the order U R F D L B), found {}",
                chars.len()
            ),
        ));
    }
    let centres: Vec<char> = (0..6).map(|f| chars[f * 9 + 4]).collect();
    for f in 0..6 {
        if let Some(g) = (0..f).find(|&g| centres[g] == centres[f]) {
            return Err(err(
                f * 9 + 4,
                format!(
                    "the centres {} and {} have the same colour `{}`",
                    facelet_name(g * 9 + 4),
                    facelet_name(f * 9 + 4),
                    centres[f]
                ),
            ));
        }
    }
    let mut shown = [0u8; 54];
    let mut count = [0usize; 6];
    for (i, &c) in chars.iter().enumerate() {
        let face = match centres.iter().position(|&x| x == c) {
            Some(f) => f,
            None => {
                return Err(err(
                    i,
                    format!(
                        "facelet {} is `{}`, which is no centre's colour (the centres are {})",
                        facelet_name(i),
                        c.escape_debug(),
                        centres.iter().collect::<String>()
                    ),
                ))
            }
        };
        count[face] += 1;
        if count[face] == 10 {
            return Err(err(
                i,
                format!(
                    "colour `{c}` appears more than 9 times (facelet {} is its 10th)",
                    facelet_name(i)
                ),
            ));
        }
        shown[i] = face as u8;
    }
    Ok((shown, centres))
}

/// A piece that is not there, or there twice, told by its colours and the facelet it starts at.
fn piece_error(e: PieceError, centres: &[char], facelets: &dyn Fn(&str) -> usize) -> FaceletError {
    let err = |facelet: usize, msg: String| FaceletError { facelet, msg };
    let name = |f: u8| centres[f as usize].to_string();
    match e {
        PieceError::NoSuchPiece {
            kind,
            position,
            colours,
        } => {
            let c: Vec<String> = colours.iter().map(|&c| name(c)).collect();
            err(
                facelets(&position),
                format!(
                    "the {kind} at {position} shows colours {}, which no {kind} of this cube has",
                    c.join(" ")
                ),
            )
        }
        PieceError::Duplicate {
            kind,
            piece,
            positions,
        } => err(
            facelets(&positions[1]),
            format!(
                "the {kind} {piece} appears twice, at {} and at {}",
                positions[0], positions[1]
            ),
        ),
    }
}

/// The facelet string of a cube, with the letters `URFDLB` as colours.
pub fn to_facelets(c: &CubieCube) -> String {
    let solved: [u8; 54] = std::array::from_fn(|i| (i / 9) as u8);
    let mut out = solved;
    CORNERS.write(&solved, &c.cp, &c.co, &mut out);
    EDGES.write(&solved, &c.ep, &c.eo, &mut out);
    out.iter()
        .map(|&f| "URFDLB".as_bytes()[f as usize] as char)
        .collect()
}
