//! Exact distances, one byte per state, by BFS from the goals; the product build that fills
//! the 2x2x2's table from two coordinates' moves.

// (`super::graphs::ProductGraph` is named in place, not imported: a bundle that drops the product builds
// drops the graph too, and an import of it would dangle.)
use super::{Graph, UNREACHED};

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
    pub fn build_product(g: &super::graphs::ProductGraph<'_>, goals: &[usize]) -> Self {
        Self::build_product_directed(g, g, goals)
    }

    /// [`DepthTable::build_product`] when a move's inverse need not be a move: `back` is the
    /// same space under the inverses of `g`'s moves, which the backward sweep asks (a state is one
    /// further than the states its inverse moves reach). The distances are those from the goals
    /// under `g`'s moves, that is the least number of inverse moves that take a state to a goal.
    pub fn build_product_directed(
        g: &super::graphs::ProductGraph<'_>,
        back: &super::graphs::ProductGraph<'_>,
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
