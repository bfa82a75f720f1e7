//! Breadth-first distance tables over a coordinate space: one storage, one search, one walk.
//!
//! A puzzle exposes its state graph through [`Graph`]: states are indices `0..size`, and each state
//! lists its neighbours with the move that reaches them. [`bfs::Bfs`] fills a table from the goals
//! on any graph (threads, forward then pull, directed graphs, symmetry classes), in
//! [`fields::Fields`] of 2, 4 or 8 bits:
//!
//! - [`depth::DepthTable`]: one byte per state, the exact distance. For small spaces and pruning
//!   tables.
//! - [`packed::PackedTable`]: two bits per state, the distance mod 3. Enough to walk down to the goal
//!   (a neighbour one closer is the only neighbour whose value is one less mod 3), at a quarter the
//!   memory.
//! - [`sym_table::SymTable`]: distances over (symmetry class of one coordinate, another
//!   coordinate), the same search over the graph of classes ([`sym_table::ClassGraph`]): the
//!   3x3x3's two-phase, Korf and slice tables, and the engine's tables reduced by symmetry.
//! - [`line_table::LineTable`]: 2 bits an entry relative to a base, with each 64-byte line's least
//!   distance (nxopt's layout): cube3-opt's slice table and the engine's packed tables.
//!
//! [`fields_file`] opens a table file as fields (mapped copy-on-write).
//!
//! [`graphs`] holds the graphs over coordinates (one move table, or a product of several), and
//! [`graphs::Directed`], a graph whose moves need not include their inverses.

pub mod bfs;
pub mod depth;
pub mod fields;
pub mod fields_file;
pub mod graphs;
pub mod line_table;
pub mod packed;
pub mod sym_table;

/// A state graph over dense indices `0..size()`.
///
/// Only `size` and `neighbors` are required; the rest have defaults that are right for graphs
/// whose moves are closed under inverse and that store every state once.
pub trait Graph {
    fn size(&self) -> usize;
    /// Calls `f(move, neighbour)` for every move from `state`.
    fn neighbors<F: FnMut(usize, usize)>(&self, state: usize, f: F);

    /// Calls `f(n)` for every neighbour of every state of `states` (ascending). Graphs may override
    /// it to share work between states (a product of coordinates looks a move's outer row up once).
    fn successors_of_run<F: FnMut(usize)>(&self, states: &[usize], mut f: F) {
        for &s in states {
            self.neighbors(s, |_, n| f(n));
        }
    }

    /// Calls `hit(k)` for every `states[k]` (ascending) with a predecessor that satisfies `p`:
    /// a state `p` with a move from `p` to `states[k]`. By default the neighbours (moves closed
    /// under inverse), all of them. Graphs may override it to stop at the first hit and to share
    /// work between states, as [`Graph::successors_of_run`].
    fn any_predecessor_of_run<P: FnMut(usize) -> bool, H: FnMut(usize)>(
        &self,
        states: &[usize],
        mut p: P,
        mut hit: H,
    ) {
        for (k, &s) in states.iter().enumerate() {
            let mut any = false;
            self.neighbors(s, |_, n| any = any || p(n));
            if any {
                hit(k);
            }
        }
    }

    /// Calls `f(e)` for every other index that stands for the same state as `state` (a symmetry
    /// class whose representative some symmetries fix); by default there is none.
    fn equivalents<F: FnMut(usize)>(&self, state: usize, f: F) {
        let _ = (state, f);
    }
}

/// Marks a state not (yet) reached in a byte table.
pub const UNREACHED: u8 = u8::MAX;

/// One shortest path down a distance table: from `state`, the first neighbour whose value is one
/// less (mod 3 when `mod3`), again and again until `is_goal`. Moves closed under inverse make
/// that neighbour one closer (mod 3: the only neighbour one less mod 3 is one less). `value`
/// reads the table (`unreached`: not reached); `neighbors(s, f)` calls `f(move, neighbour)` for
/// each move from `s`. `None` if `state` was not reached.
pub fn walk(
    mut state: usize,
    value: impl Fn(usize) -> u8,
    unreached: u8,
    mod3: bool,
    mut neighbors: impl FnMut(usize, &mut dyn FnMut(usize, usize)),
    is_goal: impl Fn(usize) -> bool,
) -> Option<Vec<usize>> {
    let mut v = value(state);
    if v == unreached {
        return None;
    }
    let mut moves = Vec::new();
    while !is_goal(state) {
        let want = if mod3 { (v + 2) % 3 } else { v.wrapping_sub(1) };
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
    use super::bfs::Bfs;
    use super::depth::DepthTable;
    use super::graphs::{Directed, ProductGraph};
    use super::packed::PackedTable;
    use super::*;

    /// A cycle graph of n nodes with moves +1 / -1: distance min(s, n - s).
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

    /// A ring of n nodes turned one way only (+1), and +2: the distance from 0 along the moves
    /// is s / 2 rounded up, and a state's predecessors are s - 1 and s - 2.
    struct OneWay(usize);
    impl Graph for OneWay {
        fn size(&self) -> usize {
            self.0
        }
        fn neighbors<F: FnMut(usize, usize)>(&self, s: usize, mut f: F) {
            f(0, (s + 1) % self.0);
            f(1, (s + 2) % self.0);
        }
    }
    struct OneWayBack(usize);
    impl Graph for OneWayBack {
        fn size(&self) -> usize {
            self.0
        }
        fn neighbors<F: FnMut(usize, usize)>(&self, s: usize, mut f: F) {
            f(0, (s + self.0 - 1) % self.0);
            f(1, (s + self.0 - 2) % self.0);
        }
    }

    #[test]
    fn directed_distances_are_exact_at_every_width_and_thread_count() {
        let n = 5000;
        let g = Directed {
            forward: OneWay(n),
            backward: OneWayBack(n),
        };
        for bits in [2, 8] {
            for threads in [1, 2, 3] {
                let layers = Bfs::new(bits).threads(threads).run(&g, &[0]);
                assert!(layers.complete);
                for s in 0..n {
                    let d = (s + 1) / 2;
                    let want = if bits == 2 { d % 3 } else { d.min(254) };
                    assert_eq!(
                        layers.fields.get(s) as usize,
                        want,
                        "{bits} bits, state {s}"
                    );
                }
            }
        }
    }

    #[test]
    fn four_bits_saturate_at_fourteen() {
        let g = Ring(41);
        let layers = Bfs::new(4).threads(2).run(&g, &[0]);
        for s in 0..41 {
            assert_eq!(layers.fields.get(s) as usize, s.min(41 - s).min(14));
        }
        assert_eq!(layers.distribution[14], 41 - 27);
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
    fn product_runs_match_state_by_state() {
        // Two coordinates: a 120-cycle (moves +1, +5) and a 1000-cycle (moves +3, +7).
        let outer: Vec<u16> = (0..120)
            .flat_map(|c| [(c + 1) % 120, (c + 5) % 120])
            .collect();
        let inner: Vec<u16> = (0..1000)
            .flat_map(|c| [(c + 3) % 1000, (c + 7) % 1000])
            .collect();
        let g = ProductGraph {
            outer: &outer,
            outer_size: 120,
            inner: &inner,
            inner_size: 1000,
            stride: 2,
            moves: &[0, 1],
        };
        // The same graph without the run fast path.
        struct PerState<'a>(&'a ProductGraph<'a>);
        impl Graph for PerState<'_> {
            fn size(&self) -> usize {
                self.0.size()
            }
            fn neighbors<F: FnMut(usize, usize)>(&self, s: usize, f: F) {
                self.0.neighbors(s, f)
            }
        }
        let a = DepthTable::build(&g, &[0]);
        let b = DepthTable::build(&PerState(&g), &[0]);
        assert_eq!(a.distribution, b.distribution);
        assert!((0..g.size()).all(|s| a.get(s) == b.get(s)));
        let c = Bfs::new(8).threads(2).run(&g, &[0]);
        assert!((0..g.size()).all(|s| a.get(s).unwrap_or(UNREACHED) == c.fields.get(s)));
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
