//! Distances mod 3, two bits per state: enough to walk down to the goal (the one neighbour one
//! less mod 3 is one closer), at a quarter of a byte table's memory.

use super::bfs::Bfs;
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
    /// BFS from `goals` (the library's one BFS, on the caller's thread).
    pub fn build<G: Graph + Sync>(graph: &G, goals: &[usize]) -> Self {
        let layers = Bfs::new(2).run(graph, goals);
        PackedTable {
            size: layers.fields.size(),
            bits: layers.fields.into_words(),
            distribution: layers.distribution.iter().map(|&n| n as usize).collect(),
        }
    }

    #[inline]
    fn raw(&self, s: usize) -> u8 {
        ((self.bits[s >> 5] >> ((s & 31) * 2)) & 3) as u8
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
        super::walk(
            state,
            |s| self.raw(s),
            PACKED_UNREACHED,
            true,
            |s, f| graph.neighbors(s, f),
            is_goal,
        )
    }

    /// Bytes used by the table itself.
    pub fn bytes(&self) -> usize {
        self.bits.len() * 8
    }
}
