//! Stickers to pieces and back, under a layout described as data.
//!
//! A judge gives a puzzle as a list of sticker colours. A [`PieceKind`] says, for every position of
//! one kind of piece, which sticker indices it shows (its *slots*) and how orientation permutes them.
//! Reading a state is then the same loop for every layout: find, at each position, the piece and
//! orientation whose home colours match what is shown.

/// One kind of piece (corners, edges) under one sticker layout.
#[derive(Clone, Copy, Debug)]
pub struct PieceKind<'a, const N: usize> {
    /// For messages: "corner", "edge".
    pub name: &'a str,
    /// For messages: the position names ("UFR", "top-left").
    pub position_names: &'a [&'a str],
    /// `slots[i]` lists the sticker indices of position `i`. Piece `p`'s facelet `j` is the sticker
    /// at `slots[p][j]` in the solved state.
    pub slots: &'a [[usize; N]],
    /// `twists[o][j]`: the slot where facelet `j` shows when the piece has orientation `o`.
    pub twists: &'a [[usize; N]],
}

/// A cube's corners: facelets listed clockwise from the U or D one, so that twist `o` shows
/// facelet `j` in slot `(j + o) % 3` (the 2x2x2's and the 3x3x3's, each on its own facelets).
pub const fn cube_corners<'a>(
    names: &'a [&'a str],
    facelets: &'a [[usize; 3]],
) -> PieceKind<'a, 3> {
    PieceKind {
        name: "corner",
        position_names: names,
        slots: facelets,
        twists: &[[0, 1, 2], [1, 2, 0], [2, 0, 1]],
    }
}

/// Why a list of sticker colours is no state of a puzzle: the sticker to point at (0-based, in the
/// puzzle's own numbering) and what is wrong, for a message with line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StickerError {
    pub sticker: usize,
    pub msg: String,
}

/// Why stickers could not be read as pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceError {
    /// The colours at `position` are not those of any piece in any orientation.
    NoSuchPiece {
        kind: String,
        position: String,
        colours: Vec<u8>,
    },
    /// Two positions show the same piece.
    Duplicate {
        kind: String,
        piece: String,
        positions: [String; 2],
    },
}

impl std::fmt::Display for PieceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PieceError::NoSuchPiece {
                kind,
                position,
                colours,
            } => {
                let c: Vec<String> = colours.iter().map(|c| c.to_string()).collect();
                write!(
                    f,
                    "the {kind} at {position} shows colours {}, which no {kind} has",
                    c.join(" ")
                )
            }
            PieceError::Duplicate {
                kind,
                piece,
                positions,
            } => write!(
                f,
                "the {kind} {piece} appears twice, at {} and at {}",
                positions[0], positions[1]
            ),
        }
    }
}

impl<const N: usize> PieceKind<'_, N> {
    /// The colour piece `p`'s facelet `j` has, given the solved state's colours per sticker.
    fn home_colour(&self, solved: &[u8], p: usize, j: usize) -> u8 {
        solved[self.slots[p][j]]
    }

    /// Reads the permutation (`perm[i]` = piece at position `i`) and orientations of this kind.
    /// `solved` gives each sticker's colour in the solved state; `shown` the colours to read.
    pub fn read(&self, solved: &[u8], shown: &[u8]) -> Result<(Vec<u8>, Vec<u8>), PieceError> {
        let n = self.slots.len();
        let mut perm = vec![0u8; n];
        let mut ori = vec![0u8; n];
        let mut at: Vec<Option<usize>> = vec![None; n];
        for i in 0..n {
            let found = (0..n).find_map(|p| {
                (0..self.twists.len())
                    .find(|&o| {
                        (0..self.slots[i].len()).all(|j| {
                            shown[self.slots[i][self.twists[o][j]]]
                                == self.home_colour(solved, p, j)
                        })
                    })
                    .map(|o| (p, o))
            });
            let (p, o) = match found {
                Some(found) => found,
                None => {
                    return Err(PieceError::NoSuchPiece {
                        kind: self.name.to_string(),
                        position: self.position_names[i].to_string(),
                        colours: self.slots[i].iter().map(|&s| shown[s]).collect(),
                    })
                }
            };
            if let Some(first) = at[p] {
                return Err(PieceError::Duplicate {
                    kind: self.name.to_string(),
                    piece: self.position_names[p].to_string(),
                    positions: [
                        self.position_names[first].to_string(),
                        self.position_names[i].to_string(),
                    ],
                });
            }
            at[p] = Some(i);
            perm[i] = p as u8;
            ori[i] = o as u8;
        }
        Ok((perm, ori))
    }

    /// Writes the colours of pieces `perm`/`ori` into `out` (the inverse of [`PieceKind::read`]).
    pub fn write(&self, solved: &[u8], perm: &[u8], ori: &[u8], out: &mut [u8]) {
        for i in 0..self.slots.len() {
            let (p, o) = (perm[i] as usize, ori[i] as usize);
            for j in 0..self.slots[i].len() {
                out[self.slots[i][self.twists[o][j]]] = self.home_colour(solved, p, j);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // A toy: 3 "corners" of 2 stickers each on 6 stickers, orientation swaps the two slots.
    const KIND: PieceKind<2> = PieceKind {
        name: "piece",
        position_names: &["a", "b", "c"],
        slots: &[[0, 1], [2, 3], [4, 5]],
        twists: &[[0, 1], [1, 0]],
    };
    const SOLVED: [u8; 6] = [1, 2, 3, 4, 5, 6];

    #[test]
    fn read_inverts_write() {
        for perm in [[0u8, 1, 2], [2, 0, 1], [1, 0, 2]] {
            for mask in 0..8u8 {
                let ori = [mask & 1, (mask >> 1) & 1, (mask >> 2) & 1];
                let mut out = [0u8; 6];
                KIND.write(&SOLVED, &perm, &ori, &mut out);
                assert_eq!(
                    KIND.read(&SOLVED, &out).unwrap(),
                    (perm.to_vec(), ori.to_vec())
                );
            }
        }
    }

    #[test]
    fn errors_name_the_position() {
        let e = KIND.read(&SOLVED, &[1, 2, 1, 2, 5, 6]).unwrap_err();
        assert_eq!(e.to_string(), "the piece a appears twice, at a and at b");
        let e = KIND.read(&SOLVED, &[1, 2, 3, 6, 5, 6]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the piece at b shows colours 3 6, which no piece has"
        );
    }
}
