//! Breadth-first distance tables over a coordinate space.
//!
//! A puzzle exposes its state graph through [`Graph`]: states are indices `0..size`, and each state
//! lists its neighbours with the move that reaches them. Tables are filled by BFS from the goal:
//!
//! - [`depth::DepthTable`]: one byte per state, the exact distance. For small spaces and pruning
//!   tables.
//! - [`nibble::NibbleTable`]: four bits per state, exact up to 14.
//! - [`packed::PackedTable`]: two bits per state, the distance mod 3. Enough to walk down to the goal
//!   (a neighbour one closer is the only neighbour whose value is one less mod 3), at a quarter the
//!   memory.
//!
//! [`graphs`] holds the graphs over coordinates (one move table, or a product of several).

pub mod depth;
pub mod graphs;
pub mod nibble;
pub mod packed;

/// A state graph over dense indices `0..size()`.
pub trait Graph {
    fn size(&self) -> usize;
    /// Calls `f(move, neighbour)` for every move from `state`.
    fn neighbors<F: FnMut(usize, usize)>(&self, state: usize, f: F);

    /// Whether some neighbour satisfies `p`. Graphs may override it to stop at the first hit.
    fn any_neighbor<P: FnMut(usize) -> bool>(&self, state: usize, mut p: P) -> bool {
        let mut hit = false;
        self.neighbors(state, |_, n| hit = hit || p(n));
        hit
    }
}

/// Marks a state not (yet) reached.
pub const UNREACHED: u8 = u8::MAX;

/// One shortest path down a table of distances mod 3 (the 2-bit tables of the library and the
/// engine): from `state`, the first neighbour whose value is one less mod 3, again and again until
/// `is_goal`. Moves closed under inverse make that neighbour one closer. `value` reads the table
/// (3: not reached); `neighbors(s, f)` calls `f(move, neighbour)` for each move from `s`. `None`
/// if `state` was not reached.
pub fn walk_mod3(
    mut state: usize,
    value: impl Fn(usize) -> u8,
    mut neighbors: impl FnMut(usize, &mut dyn FnMut(usize, usize)),
    is_goal: impl Fn(usize) -> bool,
) -> Option<Vec<usize>> {
    let mut v = value(state);
    if v >= 3 {
        return None;
    }
    let mut moves = Vec::new();
    while !is_goal(state) {
        let want = (v + 2) % 3;
        let mut step = None;
        neighbors(state, &mut |m, n| {
            if step.is_none() && value(n) == want {
                step = Some((m, n));
            }
        });
        let (m, n) = step.expect("a reached state has a neighbour one closer");
        moves.push(m);
        state = n;
        v = want;
    }
    Some(moves)
}

#[cfg(test)]
mod tests {
    use super::depth::DepthTable;
    use super::graphs::ProductGraph;
    use super::packed::PackedTable;
    use super::*;

    /// A cycle graph of n nodes with moves +1 / -1, plus a chord: known distances by hand-free formula.
    struct Ring(usize);
    impl Graph for Ring {
        fn size(&self) -> usize {
            self.0
        }
        fn neighbors<F: FnMut(usize, usize)>(&self, s: usize, mut f: F) {
            f(0, (s + 1) % self.0);
            f(1, (s + self.0 - 1) % self.0);
        }
    }

    #[test]
    fn ring_distances_match_formula() {
        let n = 101;
        let g = Ring(n);
        let t = DepthTable::build(&g, &[0]);
        let p = PackedTable::build(&g, &[0]);
        for s in 0..n {
            let want = s.min(n - s);
            assert_eq!(t.get(s), Some(want as u8));
            assert_eq!(t.path(&g, s).unwrap().len(), want);
            assert_eq!(p.path(&g, s, |x| x == 0).unwrap().len(), want);
        }
        assert_eq!(t.distribution, p.distribution);
        assert_eq!(t.reached(), n);
    }

    /// Unreachable states stay unreached in both tables.
    struct TwoRings;
    impl Graph for TwoRings {
        fn size(&self) -> usize {
            20
        }
        fn neighbors<F: FnMut(usize, usize)>(&self, s: usize, mut f: F) {
            let base = s / 10 * 10;
            f(0, base + (s + 1) % 10);
        }
    }

    #[test]
    fn product_build_matches_the_queue_build() {
        // Two coordinates: a 12-cycle (moves +1, +5) and a 10-cycle (moves +3, +7), product 120.
        let outer: Vec<u16> = (0..12).flat_map(|c| [(c + 1) % 12, (c + 5) % 12]).collect();
        let inner: Vec<u16> = (0..10).flat_map(|c| [(c + 3) % 10, (c + 7) % 10]).collect();
        let g = ProductGraph {
            outer: &outer,
            outer_size: 12,
            inner: &inner,
            inner_size: 10,
            stride: 2,
            moves: &[0, 1],
        };
        let a = DepthTable::build(&g, &[0]);
        let b = DepthTable::build_product(&g, &[0]);
        assert_eq!(a.distribution, b.distribution);
        assert!((0..g.size()).all(|s| a.get(s) == b.get(s)));
    }

    #[test]
    fn unreachable_states_are_reported() {
        let t = DepthTable::build(&TwoRings, &[0]);
        let p = PackedTable::build(&TwoRings, &[0]);
        assert_eq!(t.reached(), 10);
        assert_eq!(t.get(15), None);
        assert!(!p.reachable(15));
        assert!(p.path(&TwoRings, 15, |x| x == 0).is_none());
    }
}
