//! Distances mod 3, two bits per state: enough to walk down to the goal (the one neighbour one
//! less mod 3 is one closer), at a quarter of a byte table's memory.

// (`super::graphs::ProductGraph` is named in place, not imported: see depth.rs.)
use super::Graph;

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
    pub fn build_product(graph: &super::graphs::ProductGraph<'_>, goals: &[usize]) -> Self {
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
        state: usize,
        is_goal: impl Fn(usize) -> bool,
    ) -> Option<Vec<usize>> {
        super::walk_mod3(
            state,
            |s| self.raw(s),
            |s, f| graph.neighbors(s, f),
            is_goal,
        )
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

/// Low bit of every 2-bit field of `w` that equals `v`.
#[inline]
fn fields_equal(w: u64, v: u8) -> u64 {
    const LOW: u64 = 0x5555_5555_5555_5555;
    let x = w ^ (LOW * v as u64);
    !(x | (x >> 1)) & LOW
}
