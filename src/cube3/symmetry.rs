//! The 16 symmetries of the cube that keep the U-D axis (rotations about it, the half turn about F,
//! the left-right mirror): conjugating by one maps phase-1 moves to phase-1 moves and G1 to itself,
//! so states related by them are equally far from G1. The phase-1 table stores one of each class.

use super::cubie::{CubieCube, N_MOVES};

/// Whole-cube cubies: a quarter turn about U, a half turn about F, the mirror through the L-R plane
/// (corner twists 3..5 mark mirrored corners).
const U4: CubieCube = CubieCube {
    cp: [3, 0, 1, 2, 7, 4, 5, 6],
    co: [0; 8],
    ep: [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10],
    eo: [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
};
const F2: CubieCube = CubieCube {
    cp: [5, 4, 7, 6, 1, 0, 3, 2],
    co: [0; 8],
    ep: [6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10],
    eo: [0; 12],
};
const LR2: CubieCube = CubieCube {
    cp: [1, 0, 3, 2, 5, 4, 7, 6],
    co: [3; 8],
    ep: [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10],
    eo: [0; 12],
};

/// A third of a turn about the URF-DBL diagonal: U goes to R, R to F, F to U. Conjugating by it
/// turns the R-L and F-B axes into the U-D axis, so one phase-1 table serves three axes.
pub const URF3: CubieCube = CubieCube {
    cp: [0, 4, 5, 1, 3, 7, 6, 2],
    co: [1, 2, 1, 2, 2, 1, 2, 1],
    ep: [1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2],
    eo: [1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1],
};

/// `cubes[k]` = `URF3^k` for k = 0, 1, 2, and `back[k][m]`: the move `URF3^-k m URF3^k`, which
/// maps a solution of the conjugated cube back to the cube.
pub struct Axes {
    pub cubes: [CubieCube; 3],
    pub back: [[usize; N_MOVES]; 3],
    /// The inverse map: `forward[k][m]` is `URF3^k m URF3^-k`, the move the conjugated cube makes
    /// when the cube makes move `m`.
    pub forward: [[usize; N_MOVES]; 3],
}

impl Axes {
    pub fn new() -> Self {
        let cubes = [CubieCube::SOLVED, URF3, URF3.multiply(&URF3)];
        let mut back = [[0; N_MOVES]; 3];
        for k in 0..3 {
            let inv = cubes[k].inverse();
            for m in 0..N_MOVES {
                let conj = inv
                    .multiply(&CubieCube::SOLVED.apply(m))
                    .multiply(&cubes[k]);
                back[k][m] = (0..N_MOVES)
                    .find(|&n| CubieCube::SOLVED.apply(n) == conj)
                    .expect("URF3 maps face turns to face turns");
            }
        }
        let mut forward = [[0; N_MOVES]; 3];
        for k in 0..3 {
            for m in 0..N_MOVES {
                forward[k][back[k][m]] = m;
            }
        }
        Axes {
            cubes,
            back,
            forward,
        }
    }

    /// `URF3^k c URF3^-k`.
    pub fn conjugate(&self, c: &CubieCube, k: usize) -> CubieCube {
        self.cubes[k].multiply(c).multiply(&self.cubes[k].inverse())
    }
}

impl Default for Axes {
    fn default() -> Self {
        Self::new()
    }
}

pub const N_SYM: usize = 16;

/// The symmetries, their inverses and how each maps moves.
pub struct Symmetries {
    pub cubes: [CubieCube; N_SYM],
    pub inverse: [usize; N_SYM],
    /// `moves[s][m]`: the move `S m S^-1`.
    pub moves: [[usize; N_MOVES]; N_SYM],
}

impl Symmetries {
    pub fn new() -> Self {
        let mut cubes = [CubieCube::SOLVED; N_SYM];
        let mut c = CubieCube::SOLVED;
        for f2 in 0..2 {
            for u4 in 0..4 {
                for lr2 in 0..2 {
                    cubes[8 * f2 + 2 * u4 + lr2] = c;
                    c = c.multiply(&LR2);
                }
                c = c.multiply(&U4);
            }
            c = c.multiply(&F2);
        }
        let mut inverse = [0; N_SYM];
        for s in 0..N_SYM {
            inverse[s] = (0..N_SYM)
                .find(|&t| cubes[s].multiply(&cubes[t]) == CubieCube::SOLVED)
                .expect("the symmetries form a group");
        }
        let mut moves = [[0; N_MOVES]; N_SYM];
        for s in 0..N_SYM {
            for m in 0..N_MOVES {
                let conj = cubes[s]
                    .multiply(&CubieCube::SOLVED.apply(m))
                    .multiply(&cubes[inverse[s]]);
                moves[s][m] = (0..N_MOVES)
                    .find(|&n| CubieCube::SOLVED.apply(n) == conj)
                    .expect("a symmetry maps face turns to face turns");
            }
        }
        Symmetries {
            cubes,
            inverse,
            moves,
        }
    }

    /// `S c S^-1`.
    pub fn conjugate(&self, c: &CubieCube, s: usize) -> CubieCube {
        self.cubes[s]
            .multiply(c)
            .multiply(&self.cubes[self.inverse[s]])
    }
}

impl Default for Symmetries {
    fn default() -> Self {
        Self::new()
    }
}

/// Bits of a symmetry (of up to 48) in a `class << SYM_BITS | sym` value, as the tables reduced by
/// a [`SymGroup`] pack a class and the symmetry to its representative.
pub const SYM_BITS: u32 = 6;

/// The symmetry's bits of such a value.
pub const SYM_MASK: usize = (1 << SYM_BITS) - 1;

/// A group of whole-cube symmetries as cubies: the 16 U-D symmetries, or all 48
/// (`URF3^k S_t` at `16 k + t`), for tables reduced by a group that every symmetry maps onto
/// itself.
pub struct SymGroup {
    pub cubes: Vec<CubieCube>,
    /// `inverse[s]`: the index of `S^-1`.
    pub inverse: Vec<usize>,
}

impl SymGroup {
    /// The 16 symmetries that keep the U-D axis, in [`Symmetries`]' order.
    pub fn ud() -> Self {
        SymGroup::of(Symmetries::new().cubes.to_vec())
    }

    /// All 48 symmetries of the cube.
    pub fn all() -> Self {
        let ud = Symmetries::new().cubes;
        let axes = Axes::new();
        SymGroup::of(
            (0..3)
                .flat_map(|k| ud.iter().map(move |t| (k, t)))
                .map(|(k, t)| axes.cubes[k].multiply(t))
                .collect(),
        )
    }

    fn of(cubes: Vec<CubieCube>) -> Self {
        let inverse = cubes
            .iter()
            .map(|a| {
                (0..cubes.len())
                    .find(|&t| a.multiply(&cubes[t]) == CubieCube::SOLVED)
                    .expect("the symmetries form a group")
            })
            .collect();
        SymGroup { cubes, inverse }
    }

    pub fn len(&self) -> usize {
        self.cubes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cubes.is_empty()
    }

    /// `S c S^-1`.
    pub fn conjugate(&self, c: &CubieCube, s: usize) -> CubieCube {
        self.cubes[s]
            .multiply(c)
            .multiply(&self.cubes[self.inverse[s]])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urf3_has_order_three_and_cycles_the_axes() {
        let a = Axes::new();
        assert_eq!(a.cubes[2].multiply(&URF3), CubieCube::SOLVED);
        // U R F D L B under URF3^-1 m URF3: each face moves to another axis.
        let faces: Vec<usize> = (0..6).map(|f| a.back[1][f * 3] / 3).collect();
        assert!(faces.iter().enumerate().all(|(f, &g)| f % 3 != g % 3));
    }

    #[test]
    fn forty_eight_distinct_symmetries_closed_under_products_mapping_moves_to_moves() {
        let g = SymGroup::all();
        assert_eq!(g.len(), 48);
        let moves: Vec<CubieCube> = (0..N_MOVES).map(|m| CubieCube::SOLVED.apply(m)).collect();
        for a in 0..48 {
            for b in 0..a {
                assert_ne!(g.cubes[a], g.cubes[b]);
            }
            for b in 0..48 {
                assert!(g.cubes.contains(&g.cubes[a].multiply(&g.cubes[b])));
            }
            for m in &moves {
                assert!(moves.contains(&g.conjugate(m, a)));
            }
        }
        assert_eq!(g.cubes[..16], SymGroup::ud().cubes[..]);
    }

    #[test]
    fn sixteen_distinct_symmetries_closed_under_products() {
        let s = Symmetries::new();
        for a in 0..N_SYM {
            for b in 0..a {
                assert_ne!(s.cubes[a], s.cubes[b]);
            }
            for b in 0..N_SYM {
                let p = s.cubes[a].multiply(&s.cubes[b]);
                assert!(s.cubes.contains(&p));
            }
        }
        // Mirrors turn clockwise into counter-clockwise; rotations keep the direction.
        for k in 0..N_SYM {
            for m in 0..N_MOVES {
                let n = s.moves[k][m];
                let same_sense = (n % 3 == m % 3) as usize;
                assert_eq!(same_sense == 1 || m % 3 == 1, k % 2 == 0 || m % 3 == 1);
                // U and D stay on the U-D axis.
                assert_eq!(m / 3 % 3 == 0, n / 3 % 3 == 0);
            }
        }
    }
}
