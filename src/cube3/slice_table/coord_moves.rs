//! The slice coordinates' move tables and the corners' distances, built from their parts (the
//! tetrad places, the twist, the slice places and the E-slice flips move independently), so that
//! startup takes milliseconds.

use super::coords::SliceCoords;
use super::move_parts::{CornerMoves, EdgeMoves};
use super::shape::Edges;
use crate::cube3::cubie::{CubieCube, N_MOVES};

impl SliceCoords {
    /// The corner coordinate's moves by its independent parts: the tetrad's places (70) move by
    /// themselves, as does the twist (2,187), and a quarter turn changes the parity. 70 + 2,187
    /// cubes turned instead of one per entry (5.5 million with parity): startup in milliseconds,
    /// and the parts (80 KB) kept instead of the whole table (22 MB), which the table's build
    /// would otherwise hold beside the table.
    pub(super) fn corner_parts(&self, moves: &[CubieCube]) -> CornerMoves {
        let per = self.n_corner / (self.shape.places() * 2187);
        let part = |x: usize, m: usize| {
            self.corner_unparitied(&self.corner_cube(x * per).multiply(&moves[m]))
        };
        CornerMoves {
            places: (0..self.shape.places() * N_MOVES)
                .map(|i| (part(i / N_MOVES * 2187, i % N_MOVES) / 2187) as u16)
                .collect(),
            twist: (0..2187 * N_MOVES)
                .map(|i| (part(i / N_MOVES, i % N_MOVES) % 2187) as u16)
                .collect(),
            odd: std::array::from_fn(|m| crate::coord::perm_parity(&moves[m].cp)),
            parity_bits: if per == 2 { 1 } else { 0 },
        }
    }

    /// The edge coordinate's moves by its parts: the E-slice places with what lies beyond them
    /// (the M-slice places, 34,650, or the E-slice order, 11,880) and the flips, which follow from
    /// the E-slice places alone (495 x 16, or 495 x 256); 1.4 MB instead of the whole table (40 MB
    /// with the E-slice flips).
    pub(super) fn edge_parts(&self, moves: &[CubieCube]) -> EdgeMoves {
        let (per, beyond) = (self.shape.flip_values(), self.shape.beyond_e());
        let mut places = Vec::with_capacity(495 * beyond * N_MOVES);
        for x in 0..495 * beyond {
            let cube = self.edge_cube(x * per);
            places.extend(
                moves
                    .iter()
                    .map(|m| (self.edge(&cube.multiply(m)) / per) as u16),
            );
        }
        let flips = match self.shape.edges {
            Edges::Slices | Edges::Layers => vec![0; 495 * N_MOVES],
            // The places' moves alone (the edges' fallback's): the flips kept are not a coset's.
            Edges::FlipMin(_) => vec![0; places.len()],
            // From parities 0, the parities after the move are the bits it flips.
            Edges::SliceFlips => (0..places.len())
                .map(|i| {
                    let cube = self.edge_cube(i / N_MOVES * per);
                    (self.edge(&cube.multiply(&moves[i % N_MOVES])) % per) as u8
                })
                .collect(),
            Edges::Flips | Edges::LayerFlips => {
                let mut flips = Vec::with_capacity(495 * per * N_MOVES);
                for x in 0..495 * per {
                    let cube = self.edge_cube((x / per * beyond) * per + x % per);
                    flips.extend(
                        moves
                            .iter()
                            .map(|m| (self.edge(&cube.multiply(m)) % per) as u8),
                    );
                }
                flips
            }
        };
        EdgeMoves {
            places,
            flips,
            flip_bits: per.trailing_zeros(),
            layers: self.shape.layers(),
            by_places: matches!(self.shape.edges, Edges::SliceFlips | Edges::FlipMin(_)),
        }
    }

    /// Breadth-first distances over the corner coordinate alone.
    pub(super) fn corner_depths(&self) -> Vec<u8> {
        let mut depth = vec![u8::MAX; self.n_corner];
        let goal = self.corner(&CubieCube::SOLVED);
        depth[goal] = 0;
        let mut level = vec![goal];
        let mut d = 0;
        while !level.is_empty() {
            let mut next = Vec::new();
            for &x in &level {
                for m in 0..N_MOVES {
                    let y = self.corner_move(x, m);
                    if depth[y] == u8::MAX {
                        depth[y] = d + 1;
                        next.push(y);
                    }
                }
            }
            level = next;
            d += 1;
        }
        depth
    }
}
