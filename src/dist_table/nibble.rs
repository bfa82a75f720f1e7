//! Exact distances up to 14 in four bits per state: half a byte table, for pruning tables whose
//! depth fits.

use super::Graph;

/// Exact BFS distances in 4 bits per state (0 to 14; 15 marks a state not reached): half the memory
/// of a [`DepthTable`], for pruning tables whose distances stay below 15 (min2phase keeps its
/// pruning tables this way). Built by scanning layers, so it needs no queue beside it either.
#[derive(Clone, Debug)]
pub struct NibbleTable {
    nibbles: Vec<u8>,
    size: usize,
    pub distribution: Vec<usize>,
}

impl NibbleTable {
    const UNREACHED: u8 = 15;

    /// BFS from `goals` over the whole graph; `None` if some state is 15 or more away.
    pub fn build<G: Graph>(graph: &G, goals: &[usize]) -> Option<Self> {
        let size = graph.size();
        let mut t = NibbleTable {
            nibbles: vec![0xff; (size + 1) / 2],
            size,
            distribution: Vec::new(),
        };
        let mut count = 0;
        for &g in goals {
            if t.raw(g) == Self::UNREACHED {
                t.set(g, 0);
                count += 1;
            }
        }
        t.distribution.push(count);
        let mut d = 0u8;
        loop {
            let mut found = 0;
            for s in 0..size {
                if t.raw(s) != d {
                    continue;
                }
                let mut reached = Vec::new();
                graph.neighbors(s, |_, n| reached.push(n));
                for n in reached {
                    if t.raw(n) == Self::UNREACHED {
                        t.set(n, d + 1);
                        found += 1;
                    }
                }
            }
            if found == 0 {
                return Some(t);
            }
            if d + 1 >= Self::UNREACHED {
                return None;
            }
            t.distribution.push(found);
            d += 1;
        }
    }

    #[inline]
    fn raw(&self, s: usize) -> u8 {
        (self.nibbles[s / 2] >> (4 * (s % 2))) & 15
    }

    fn set(&mut self, s: usize, v: u8) {
        let shift = 4 * (s % 2);
        let b = &mut self.nibbles[s / 2];
        *b = (*b & !(15 << shift)) | (v << shift);
    }

    /// The distance of `s`, or `None` if it was never reached.
    #[inline]
    pub fn get(&self, s: usize) -> Option<u8> {
        Some(self.raw(s)).filter(|&v| v != Self::UNREACHED)
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn bytes(&self) -> usize {
        self.nibbles.len()
    }
}

#[cfg(test)]
mod nibble_tests {
    use super::*;
    use crate::coord::MoveTable;
    use crate::dist_table::{
        depth::DepthTable,
        graphs::{CoordGraph, Product},
    };

    /// Two rings: a 16-cycle and a 7-cycle, turned together or alone.
    #[test]
    fn nibbles_equal_bytes() {
        let a = MoveTable::build(16, 3, |c, m| [(c + 1) % 16, (c + 15) % 16, c][m]);
        let b = MoveTable::build(7, 3, |c, m| [(c + 1) % 7, c, (c + 6) % 7][m]);
        let g = Product {
            tables: [&a, &b],
            moves: &[0, 1, 2],
        };
        let bytes = DepthTable::build(&g, &[0]);
        let nibbles = NibbleTable::build(&g, &[0]).unwrap();
        for s in 0..g.size() {
            assert_eq!(nibbles.get(s), bytes.get(s), "state {s}");
        }
        assert_eq!(nibbles.distribution, bytes.distribution);
        assert_eq!(nibbles.bytes(), 56);
        assert_eq!(g.join(g.split(100)), 100);
        // A 40-cycle alone is 20 away at the far side: too deep for 4 bits.
        let long = MoveTable::build(40, 2, |c, m| [(c + 1) % 40, (c + 39) % 40][m]);
        let g = CoordGraph {
            table: &long,
            moves: &[0, 1],
        };
        assert!(NibbleTable::build(&g, &[0]).is_none());
    }
}
