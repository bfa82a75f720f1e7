//! The slice coordinates' move tables and the corners' distances, built from their parts (the
//! tetrad places, the twist, the slice places and the E-slice flips move independently), so that
//! startup takes milliseconds.

use super::coords::SliceCoords;
use crate::cube3::cubie::{CubieCube, N_MOVES};

impl SliceCoords {
    /// `corner_moves`, from its independent parts: the tetrad's places (70) move by themselves, as
    /// does the twist (2,187), and a quarter turn changes the parity. 70 + 2,187 cubes turned
    /// instead of one per entry (5.5 million with parity): startup in milliseconds.
    pub(super) fn corner_move_table(&self, moves: &[CubieCube]) -> Vec<u32> {
        let per = if self.shape.parity { 2 } else { 1 };
        let part = |x: usize, m: usize| {
            self.corner_unparitied(&self.corner_cube(x * per).multiply(&moves[m]))
        };
        let places: Vec<usize> = (0..70 * N_MOVES)
            .map(|i| part(i / N_MOVES * 2187, i % N_MOVES) / 2187)
            .collect();
        let twist: Vec<usize> = (0..2187 * N_MOVES)
            .map(|i| part(i / N_MOVES, i % N_MOVES) % 2187)
            .collect();
        let odd: Vec<usize> = moves
            .iter()
            .map(|m| crate::coord::perm_parity(&m.cp) as usize)
            .collect();
        let mut table = Vec::with_capacity(self.n_corner * N_MOVES);
        for x in 0..self.n_corner {
            let (k, t, p) = (x / per / 2187, x / per % 2187, x % per);
            table.extend((0..N_MOVES).map(|m| {
                let y = places[k * N_MOVES + m] * 2187 + twist[t * N_MOVES + m];
                (y * per + if per == 2 { p ^ odd[m] } else { 0 }) as u32
            }));
        }
        table
    }

    /// `edge_moves`, from its parts: the E- and M-slice places together (34,650) and the E-slice
    /// edges' flips, which follow from the E-slice places alone (495 x 16).
    pub(super) fn edge_move_table(&self, moves: &[CubieCube]) -> Vec<u32> {
        let per = if self.shape.flips { 16 } else { 1 };
        let mut places = Vec::with_capacity(495 * 70 * N_MOVES);
        for x in 0..495 * 70 {
            let cube = self.edge_cube(x * per);
            places.extend(moves.iter().map(|m| self.edge(&cube.multiply(m)) / per));
        }
        let mut flips = vec![0; 495 * 16 * N_MOVES];
        if self.shape.flips {
            flips.clear();
            for x in 0..495 * 16 {
                let cube = self.edge_cube((x / 16 * 70) * 16 + x % 16);
                flips.extend(moves.iter().map(|m| self.edge(&cube.multiply(m)) % 16));
            }
        }
        let mut table = Vec::with_capacity(self.n_edge * N_MOVES);
        for x in 0..self.n_edge {
            let (pl, f) = (x / per, x % per);
            let e = pl / 70;
            table.extend((0..N_MOVES).map(|m| {
                (places[pl * N_MOVES + m] * per + flips[(e * 16 + f) * N_MOVES + m]) as u32
            }));
        }
        table
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
                    let y = self.corner_moves[x * N_MOVES + m] as usize;
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
