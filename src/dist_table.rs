//! Breadth-first distance tables over a coordinate space.
//!
//! A puzzle exposes its state graph through [`Graph`]: states are indices `0..size`, and each state
//! lists its neighbours with the move that reaches them. Two tables are filled by BFS from the goal:
//!
//! - [`DepthTable`]: one byte per state, the exact distance. For small spaces and pruning tables.
//! - [`PackedTable`]: two bits per state, the distance mod 3. Enough to walk down to the goal (a
//!   neighbour one closer is the only neighbour whose value is one less mod 3), at a quarter the memory.

use crate::coord::MoveTable;

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

/// Exact BFS distances, one byte per state.
#[derive(Clone, Debug)]
pub struct DepthTable {
    depth: Vec<u8>,
    /// Number of states at each distance.
    pub distribution: Vec<usize>,
}

impl DepthTable {
    /// BFS from `goals` (distance 0) over the whole graph.
    pub fn build<G: Graph>(graph: &G, goals: &[usize]) -> Self {
        let mut depth = vec![UNREACHED; graph.size()];
        let mut frontier: Vec<usize> = Vec::new();
        for &g in goals {
            if depth[g] == UNREACHED {
                depth[g] = 0;
                frontier.push(g);
            }
        }
        let mut distribution = vec![frontier.len()];
        let mut next = Vec::new();
        let mut d = 0u8;
        while !frontier.is_empty() {
            for &s in &frontier {
                graph.neighbors(s, |_, n| {
                    if depth[n] == UNREACHED {
                        depth[n] = d + 1;
                        next.push(n);
                    }
                });
            }
            if next.is_empty() {
                break;
            }
            distribution.push(next.len());
            std::mem::swap(&mut frontier, &mut next);
            next.clear();
            d += 1;
        }
        DepthTable {
            depth,
            distribution,
        }
    }

    /// [`DepthTable::build`] for a product of two coordinates, without frontier queues: layers are
    /// found by scanning, expanded one outer coordinate at a time while fewer than half the states
    /// are reached, and backward (unreached states asking their neighbours) after that.
    pub fn build_product(g: &ProductGraph<'_>, goals: &[usize]) -> Self {
        Self::build_product_directed(g, g, goals)
    }

    /// [`DepthTable::build_product`] when a move's inverse need not be a move: `back` is the
    /// same space under the inverses of `g`'s moves, which the backward sweep asks (a state is one
    /// further than the states its inverse moves reach). The distances are those from the goals
    /// under `g`'s moves, that is the least number of inverse moves that take a state to a goal.
    pub fn build_product_directed(
        g: &ProductGraph<'_>,
        back: &ProductGraph<'_>,
        goals: &[usize],
    ) -> Self {
        let size = g.size();
        let mut depth = vec![UNREACHED; size];
        let mut count = 0;
        for &s in goals {
            if depth[s] == UNREACHED {
                depth[s] = 0;
                count += 1;
            }
        }
        let mut distribution = vec![count];
        let (mut total, mut d) = (count, 0u8);
        let mut buf: Vec<usize> = Vec::with_capacity(g.inner_size);
        while count > 0 && d < UNREACHED - 1 {
            count = 0;
            if total * 2 < size {
                for o in 0..g.outer_size {
                    let block = &depth[o * g.inner_size..][..g.inner_size];
                    buf.clear();
                    buf.extend(
                        block
                            .iter()
                            .enumerate()
                            .filter(|&(_, &v)| v == d)
                            .map(|(i, _)| i),
                    );
                    for &m in g.moves {
                        let base = g.outer[o * g.stride + m] as usize * g.inner_size;
                        for &i in &buf {
                            let n = base + g.inner[i * g.stride + m] as usize;
                            let new = depth[n] == UNREACHED;
                            depth[n] = if new { d + 1 } else { depth[n] };
                            count += new as usize;
                        }
                    }
                }
            } else {
                for s in 0..size {
                    if depth[s] == UNREACHED && back.any_neighbor(s, |n| depth[n] == d) {
                        depth[s] = d + 1;
                        count += 1;
                    }
                }
            }
            if count > 0 {
                distribution.push(count);
            }
            total += count;
            d += 1;
        }
        DepthTable {
            depth,
            distribution,
        }
    }

    /// Distance of `state` to the nearest goal, or `None` if unreachable.
    #[inline]
    pub fn get(&self, state: usize) -> Option<u8> {
        match self.depth[state] {
            UNREACHED => None,
            d => Some(d),
        }
    }

    /// Number of states reached.
    pub fn reached(&self) -> usize {
        self.distribution.iter().sum()
    }

    /// The moves of one shortest path from `state` to a goal (`None` if unreachable).
    pub fn path<G: Graph>(&self, graph: &G, mut state: usize) -> Option<Vec<usize>> {
        let mut d = self.get(state)?;
        let mut moves = Vec::with_capacity(d as usize);
        while d > 0 {
            let mut step = None;
            graph.neighbors(state, |m, n| {
                if step.is_none() && self.depth[n] == d - 1 {
                    step = Some((m, n));
                }
            });
            let (m, n) = step.expect("BFS table has a closer neighbour at every positive depth");
            moves.push(m);
            state = n;
            d -= 1;
        }
        Some(moves)
    }
}

/// Distances mod 3 in two bits per state; `3` means unreached.
#[derive(Clone, Debug)]
pub struct PackedTable {
    /// 32 states per word, two bits each.
    bits: Vec<u64>,
    size: usize,
    /// Number of states at each distance.
    pub distribution: Vec<usize>,
}

const PACKED_UNREACHED: u8 = 3;

impl PackedTable {
    /// BFS from `goals`. Early layers expand forward from the frontier (found by scanning for the
    /// layer's value mod 3); once more than half the space is reached, later layers are found
    /// backward, by asking each unreached state whether a neighbour is in the current layer.
    pub fn build<G: Graph>(graph: &G, goals: &[usize]) -> Self {
        Self::build_with(graph, goals, |t, cur, nxt| {
            let mut found = 0;
            t.for_each_equal(cur, |bits, s| {
                graph.neighbors(s, |_, n| found += mark_new(bits, n, nxt));
            });
            found
        })
    }

    /// [`PackedTable::build`] for a product of two coordinates: the forward layers handle one outer
    /// coordinate at a time, so each move's outer row is looked up once for all its inner values.
    pub fn build_product(graph: &ProductGraph<'_>, goals: &[usize]) -> Self {
        let g = graph;
        let mut inner_buf: Vec<usize> = Vec::with_capacity(g.inner_size);
        Self::build_with(graph, goals, |t, cur, nxt| {
            let mut found = 0;
            let mut block = usize::MAX;
            let flush =
                |bits: &mut [u64], block: usize, buf: &mut Vec<usize>, found: &mut usize| {
                    if buf.is_empty() {
                        return;
                    }
                    for &m in g.moves {
                        let base = g.outer[block * g.stride + m] as usize * g.inner_size;
                        for &i in buf.iter() {
                            *found +=
                                mark_new(bits, base + g.inner[i * g.stride + m] as usize, nxt);
                        }
                    }
                    buf.clear();
                };
            t.for_each_equal(cur, |bits, s| {
                let (o, i) = (s / g.inner_size, s % g.inner_size);
                if o != block {
                    flush(bits, block, &mut inner_buf, &mut found);
                    block = o;
                }
                inner_buf.push(i);
            });
            flush(&mut t.bits, block, &mut inner_buf, &mut found);
            found
        })
    }

    /// The layer loop shared by both builds; `forward(table, cur, nxt)` expands the states valued
    /// `cur` and returns how many new states it marked `nxt`.
    fn build_with<G: Graph>(
        graph: &G,
        goals: &[usize],
        mut forward: impl FnMut(&mut PackedTable, u8, u64) -> usize,
    ) -> Self {
        let size = graph.size();
        let mut t = PackedTable {
            bits: vec![u64::MAX; (size + 31) / 32],
            size,
            distribution: Vec::new(),
        };
        let mut count = 0;
        for &g in goals {
            if t.raw(g) == PACKED_UNREACHED {
                t.set(g, 0);
                count += 1;
            }
        }
        t.distribution.push(count);
        let mut total = count;
        let mut d = 0u32;
        loop {
            let cur = (d % 3) as u8;
            let nxt = ((d + 1) % 3) as u64;
            let found = if total * 2 < size {
                forward(&mut t, cur, nxt)
            } else {
                // An unreached state's neighbour valued `cur` must be at distance d exactly: one at
                // d-3 or less would have reached it already. The check stops at the first hit.
                let mut found = 0;
                t.for_each_equal(PACKED_UNREACHED, |bits, s| {
                    if graph
                        .any_neighbor(s, |n| ((bits[n >> 5] >> ((n & 31) * 2)) & 3) as u8 == cur)
                    {
                        found += mark_new(bits, s, nxt);
                    }
                });
                found
            };
            if found == 0 {
                break;
            }
            t.distribution.push(found);
            total += found;
            d += 1;
        }
        t
    }

    /// Calls `f(bits, state)` for every state whose field equals `v`, scanning 32 states per word.
    /// `f` may change fields: each word is read once, before its states are visited.
    fn for_each_equal(&mut self, v: u8, mut f: impl FnMut(&mut [u64], usize)) {
        for w in 0..self.bits.len() {
            let mut hits = fields_equal(self.bits[w], v);
            while hits != 0 {
                let s = w * 32 + hits.trailing_zeros() as usize / 2;
                hits &= hits - 1;
                if s >= self.size {
                    break;
                }
                f(&mut self.bits, s);
            }
        }
    }

    #[inline]
    fn raw(&self, s: usize) -> u8 {
        ((self.bits[s >> 5] >> ((s & 31) * 2)) & 3) as u8
    }

    #[inline]
    fn set(&mut self, s: usize, v: u8) {
        let shift = (s & 31) * 2;
        let b = &mut self.bits[s >> 5];
        *b = (*b & !(3 << shift)) | ((v as u64) << shift);
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether `state` was reached from a goal.
    pub fn reachable(&self, state: usize) -> bool {
        self.raw(state) != PACKED_UNREACHED
    }

    /// Whether `next` is one step closer to a goal than its neighbour `state`.
    pub fn is_closer(&self, state: usize, next: usize) -> bool {
        let v = self.raw(state);
        v != PACKED_UNREACHED && self.raw(next) == (v + 2) % 3
    }

    /// The moves of one shortest path from `state` to a goal (`None` if unreachable). `is_goal`
    /// tells goals apart from other states whose distance is a multiple of 3.
    pub fn path<G: Graph>(
        &self,
        graph: &G,
        mut state: usize,
        is_goal: impl Fn(usize) -> bool,
    ) -> Option<Vec<usize>> {
        let mut v = self.raw(state);
        if v == PACKED_UNREACHED {
            return None;
        }
        let mut moves = Vec::new();
        while !is_goal(state) {
            let want = (v + 2) % 3;
            let mut step = None;
            graph.neighbors(state, |m, n| {
                if step.is_none() && self.raw(n) == want {
                    step = Some((m, n));
                }
            });
            let (m, n) = step.expect("BFS table has a closer neighbour at every positive depth");
            moves.push(m);
            state = n;
            v = want;
        }
        Some(moves)
    }

    /// Bytes used by the table itself.
    pub fn bytes(&self) -> usize {
        self.bits.len() * 8
    }
}

/// Marks state `n` with `nxt` if it is unreached; returns 1 if it was. Branch-free: in the big
/// layers about half the neighbours are new, so a branch would be mispredicted half the time.
#[inline]
fn mark_new(bits: &mut [u64], n: usize, nxt: u64) -> usize {
    let (word, shift) = (n >> 5, (n & 31) * 2);
    let b = bits[word];
    let unreached = ((b >> shift) & 3 == 3) as u64;
    bits[word] = b ^ ((unreached * (3 ^ nxt)) << shift);
    unreached as usize
}

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

/// The product of two coordinates, each with its own move table (`table[c * stride + m]`), as one
/// graph: state `outer * inner_size + inner`. Most puzzles' search spaces are such products.
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

    #[inline]
    fn any_neighbor<P: FnMut(usize) -> bool>(&self, s: usize, mut p: P) -> bool {
        let (o, i) = (s / self.inner_size, s % self.inner_size);
        self.moves.iter().any(|&m| {
            p(self.outer[o * self.stride + m] as usize * self.inner_size
                + self.inner[i * self.stride + m] as usize)
        })
    }
}

/// Low bit of every 2-bit field of `w` that equals `v`.
#[inline]
fn fields_equal(w: u64, v: u8) -> u64 {
    const LOW: u64 = 0x5555_5555_5555_5555;
    let x = w ^ (LOW * v as u64);
    !(x | (x >> 1)) & LOW
}

#[cfg(test)]
mod nibble_tests {
    use super::*;

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

#[cfg(test)]
mod tests {
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
        assert_eq!(a.depth, b.depth);
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
