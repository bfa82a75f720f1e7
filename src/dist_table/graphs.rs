//! Graphs over coordinates: one coordinate's move table, and products of several (the state is
//! their mixed-radix index).

use super::Graph;
use crate::coord::MoveTable;

/// One coordinate as a graph: its move table under some of the moves (for its own pruning table).
pub struct CoordGraph<'a> {
    pub table: &'a MoveTable,
    pub moves: &'a [usize],
}

impl Graph for CoordGraph<'_> {
    fn size(&self) -> usize {
        self.table.size
    }
    #[inline]
    fn neighbors<F: FnMut(usize, usize)>(&self, c: usize, mut f: F) {
        for &m in self.moves {
            f(m, self.table.apply(c, m));
        }
    }
}

/// The product of `N` coordinates, each with its own move table, as one graph: state
/// `((c0 * size1 + c1) * size2 + c2) ...`, the first coordinate most significant.
pub struct Product<'a, const N: usize> {
    pub tables: [&'a MoveTable; N],
    pub moves: &'a [usize],
}

impl<const N: usize> Product<'_, N> {
    /// The coordinates of state `s`.
    pub fn split(&self, mut s: usize) -> [usize; N] {
        let mut c = [0; N];
        for k in (0..N).rev() {
            c[k] = s % self.tables[k].size;
            s /= self.tables[k].size;
        }
        c
    }

    /// The state of coordinates `c`.
    pub fn join(&self, c: [usize; N]) -> usize {
        (0..N).fold(0, |acc, k| acc * self.tables[k].size + c[k])
    }
}

impl<const N: usize> Graph for Product<'_, N> {
    fn size(&self) -> usize {
        self.tables.iter().map(|t| t.size).product()
    }
    fn neighbors<F: FnMut(usize, usize)>(&self, s: usize, mut f: F) {
        let c = self.split(s);
        for &m in self.moves {
            let n = self
                .tables
                .iter()
                .zip(c)
                .fold(0, |n, (t, ck)| n * t.size + t.apply(ck, m));
            f(m, n);
        }
    }
}

/// The product of two coordinates, each with its own move table (`outer[c * stride + m]`,
/// `inner[c * stride + m]`), as one graph: state `o * inner_size + i` for the coordinates' values
/// `o` and `i`. Most puzzles' search spaces are such products.
pub struct ProductGraph<'a> {
    pub outer: &'a [u16],
    pub outer_size: usize,
    pub inner: &'a [u16],
    pub inner_size: usize,
    /// Moves per row of both tables.
    pub stride: usize,
    /// The moves of this graph (a subset of the rows' columns, e.g. quarter turns only).
    pub moves: &'a [usize],
}

impl Graph for ProductGraph<'_> {
    fn size(&self) -> usize {
        self.outer_size * self.inner_size
    }

    #[inline]
    fn neighbors<F: FnMut(usize, usize)>(&self, s: usize, mut f: F) {
        let (o, i) = (s / self.inner_size, s % self.inner_size);
        for &m in self.moves {
            f(
                m,
                self.outer[o * self.stride + m] as usize * self.inner_size
                    + self.inner[i * self.stride + m] as usize,
            );
        }
    }

    /// The states of a run that share an outer coordinate are expanded together: each move's
    /// outer row is looked up once for all of them (the 2x2x2's fast table build).
    #[inline]
    fn successors_of_run<F: FnMut(usize)>(&self, states: &[usize], mut f: F) {
        let mut from = 0;
        while from < states.len() {
            let o = states[from] / self.inner_size;
            let (lo, hi) = (o * self.inner_size, (o + 1) * self.inner_size);
            let to = from + states[from..].iter().take_while(|&&s| s < hi).count();
            for &m in self.moves {
                let base = self.outer[o * self.stride + m] as usize * self.inner_size;
                for &s in &states[from..to] {
                    f(base + self.inner[(s - lo) * self.stride + m] as usize);
                }
            }
            from = to;
        }
    }

    /// As [`ProductGraph::successors_of_run`]: a state's coordinates without a division each.
    #[inline]
    fn any_predecessor_of_run<P: FnMut(usize) -> bool, H: FnMut(usize)>(
        &self,
        states: &[usize],
        mut p: P,
        mut hit: H,
    ) {
        let (mut o, mut lo) = (0, 0);
        for (k, &s) in states.iter().enumerate() {
            if k == 0 || s >= lo + self.inner_size {
                o = s / self.inner_size;
                lo = o * self.inner_size;
            }
            let (outer, inner) = (&self.outer[o * self.stride..], (s - lo) * self.stride);
            let any = self
                .moves
                .iter()
                .any(|&m| p(outer[m] as usize * self.inner_size + self.inner[inner + m] as usize));
            if any {
                hit(k);
            }
        }
    }
}

/// A graph whose moves need not include their inverses: `forward` is the graph under the moves,
/// `backward` the same space under the moves' inverses (a state's predecessors are its
/// neighbours there). A search from the goals finds how many moves lead from a goal to each state.
pub struct Directed<F, B> {
    pub forward: F,
    pub backward: B,
}

impl<F: Graph, B: Graph> Graph for Directed<F, B> {
    fn size(&self) -> usize {
        self.forward.size()
    }
    #[inline]
    fn neighbors<T: FnMut(usize, usize)>(&self, state: usize, f: T) {
        self.forward.neighbors(state, f)
    }
    fn successors_of_run<T: FnMut(usize)>(&self, states: &[usize], f: T) {
        self.forward.successors_of_run(states, f)
    }
    fn any_predecessor_of_run<P: FnMut(usize) -> bool, H: FnMut(usize)>(
        &self,
        states: &[usize],
        p: P,
        hit: H,
    ) {
        // `backward`, as a graph of its own, takes its neighbours for predecessors: those are the
        // states one move of `forward` away from each of `states`.
        self.backward.any_predecessor_of_run(states, p, hit)
    }
}
