//! The slice coordinates' moves kept as their independent parts (the tetrad's places, the twist
//! and the parity; the slices' places and the E-slice flips), 1.5 MB instead of whole tables, and
//! built from those parts (each moves independently), so that startup takes milliseconds; and the
//! corners' distances. Built and read by `coords`, which says what a coordinate's cube is.

use super::shape::{Edges, Shape};
use crate::cube3::cubie::{CubieCube, N_MOVES};

/// The corner coordinate's moves, kept as their parts ([`CornerMoves::new`]).
#[derive(Default)]
pub struct CornerMoves {
    /// `places[k * 18 + m]`: the tetrad's places (or their half-turn coset) after move `m`.
    pub(super) places: Vec<u16>,
    /// `twist[t * 18 + m]`.
    pub(super) twist: Vec<u16>,
    /// Whether move `m` is odd on the corners.
    pub(super) odd: [u8; N_MOVES],
    /// 1 where the coordinate keeps the parity (its lowest bit), else 0: shifts, since a division
    /// by a value known only at run time cost the table's build 60 % more time.
    pub(super) parity_bits: u32,
}

impl CornerMoves {
    /// The moves of a corner coordinate of `places` x 2,187 values (x 2 with `per` 2, the
    /// parity), by its independent parts: the tetrad's places (70) move by themselves, as does the
    /// twist (2,187), and a quarter turn changes the parity. `cube(x)` is a cube of coordinate
    /// `x`, `unparitied` a cube's coordinate without the parity. 70 + 2,187 cubes turned instead
    /// of one per entry (5.5 million with parity): startup in milliseconds, and the parts (80 KB)
    /// kept instead of the whole table (22 MB), which the table's build would otherwise hold
    /// beside the table.
    pub fn new(
        places: usize,
        per: usize,
        moves: &[CubieCube],
        cube: impl Fn(usize) -> CubieCube,
        unparitied: impl Fn(&CubieCube) -> usize,
    ) -> CornerMoves {
        let part = |x: usize, m: usize| unparitied(&cube(x * per).multiply(&moves[m]));
        CornerMoves {
            places: (0..places * N_MOVES)
                .map(|i| (part(i / N_MOVES * 2187, i % N_MOVES) / 2187) as u16)
                .collect(),
            twist: (0..2187 * N_MOVES)
                .map(|i| (part(i / N_MOVES, i % N_MOVES) % 2187) as u16)
                .collect(),
            odd: std::array::from_fn(|m| crate::coord::perm_parity(&moves[m].cp)),
            parity_bits: if per == 2 { 1 } else { 0 },
        }
    }

    /// Breadth-first distances over the corner coordinate alone (`size` values) to `goal`.
    pub fn depths(&self, size: usize, goal: usize) -> Vec<u8> {
        let mut depth = vec![u8::MAX; size];
        depth[goal] = 0;
        let mut level = vec![goal];
        let mut d = 0;
        while !level.is_empty() {
            let mut next = Vec::new();
            for &x in &level {
                for m in 0..N_MOVES {
                    let y = self.turn(x, m);
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

    /// The corner coordinate `x` after move `m`.
    #[inline]
    pub fn turn(&self, x: usize, m: usize) -> usize {
        let b = self.parity_bits;
        let (kt, p) = (x >> b, x & ((1 << b) - 1));
        let (k, t) = (kt / 2187, kt % 2187);
        let y = self.places[k * N_MOVES + m] as usize * 2187 + self.twist[t * N_MOVES + m] as usize;
        (y << b) | ((p ^ self.odd[m] as usize) & ((1 << b) - 1))
    }
}

/// The edge coordinate's moves, kept as their parts ([`EdgeMoves::new`]).
#[derive(Default)]
pub struct EdgeMoves {
    /// `places[pl * 18 + m]`: the E-slice places and what lies beyond them after move `m`.
    pub(super) places: Vec<u16>,
    /// `flips[(e * F + f) * 18 + m]`: the flips `f` (F values) with the E-slice places `e` after
    /// `m`.
    pub(super) flips: Vec<u8>,
    /// 2, 4 or 8 where the coordinate keeps flips (its lowest bits), else 0.
    pub(super) flip_bits: u32,
    /// Beyond the E-slice places lies the E-slice order (24), not the M-slice places (70): a
    /// branch, so that each division is by a constant (a division by a value known only at run
    /// time costs the table's build, as for the corners).
    pub(super) layers: bool,
    /// The slices' parities (`Edges::SliceFlips`): a move changes them by what all the places
    /// say, `flips[pl * 18 + m]` (bits to flip), not by the E slice's places alone.
    pub(super) by_places: bool,
}

impl EdgeMoves {
    /// The moves of `shape`'s edge coordinate by its parts: the E-slice places with what lies
    /// beyond them (the M-slice places, 34,650, or the E-slice order, 11,880) and the flips, which
    /// follow from the E-slice places alone (495 x 16, or 495 x 256); 1.4 MB instead of the whole
    /// table (40 MB with the E-slice flips). `cube(x)` is a cube of edge coordinate `x`, `edge` a
    /// cube's edge coordinate.
    pub fn new(
        shape: Shape,
        moves: &[CubieCube],
        cube: impl Fn(usize) -> CubieCube,
        edge: impl Fn(&CubieCube) -> usize,
    ) -> EdgeMoves {
        let (per, beyond) = (shape.flip_values(), shape.beyond_e());
        let mut places = Vec::with_capacity(495 * beyond * N_MOVES);
        for x in 0..495 * beyond {
            let c = cube(x * per);
            places.extend(moves.iter().map(|m| (edge(&c.multiply(m)) / per) as u16));
        }
        let flips = match shape.edges {
            Edges::Slices | Edges::Layers => vec![0; 495 * N_MOVES],
            // The places' moves alone (the edges' fallback's): the flips kept are not a coset's.
            Edges::FlipMin(_) => vec![0; places.len()],
            // From parities 0, the parities after the move are the bits it flips.
            Edges::SliceFlips => (0..places.len())
                .map(|i| {
                    let c = cube(i / N_MOVES * per);
                    (edge(&c.multiply(&moves[i % N_MOVES])) % per) as u8
                })
                .collect(),
            Edges::Flips | Edges::LayerFlips => {
                let mut flips = Vec::with_capacity(495 * per * N_MOVES);
                for x in 0..495 * per {
                    let c = cube((x / per * beyond) * per + x % per);
                    flips.extend(moves.iter().map(|m| (edge(&c.multiply(m)) % per) as u8));
                }
                flips
            }
        };
        EdgeMoves {
            places,
            flips,
            flip_bits: per.trailing_zeros(),
            layers: shape.layers(),
            by_places: matches!(shape.edges, Edges::SliceFlips | Edges::FlipMin(_)),
        }
    }

    /// The edge coordinate `x` after move `m`.
    #[inline]
    pub fn turn(&self, x: usize, m: usize) -> usize {
        let b = self.flip_bits;
        let (pl, f) = (x >> b, x & ((1 << b) - 1));
        if self.by_places {
            let i = pl * N_MOVES + m;
            return (self.places[i] as usize) << b | (f ^ self.flips[i] as usize);
        }
        let e = if self.layers { pl / 24 } else { pl / 70 };
        ((self.places[pl * N_MOVES + m] as usize) << b)
            + self.flips[((e << b) + f) * N_MOVES + m] as usize
    }
}
