//! Exact distances, one byte per state, by the one BFS ([`super::bfs`]).

use super::bfs::Bfs;
use super::{Graph, UNREACHED};

/// Exact BFS distances, one byte per state.
#[derive(Clone, Debug)]
pub struct DepthTable {
    /// Eight distances a word, the BFS's own storage kept as it is (a copy into bytes would
    /// double the memory while it is made).
    words: Vec<u64>,
    /// Number of states at each distance.
    pub distribution: Vec<usize>,
}

impl DepthTable {
    /// A table from its words (eight distances a word, as [`DepthTable::words`] gives them) and
    /// distribution, as kept in a file.
    pub fn from_parts(words: Vec<u64>, distribution: Vec<usize>) -> Self {
        DepthTable {
            words,
            distribution,
        }
    }

    /// The words: eight distances each, state `i` in byte `i % 8` of word `i / 8`.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// BFS from `goals` (distance 0) over the whole graph, on the caller's thread. For a graph
    /// whose moves are not closed under inverse ([`super::graphs::Directed`]), the distance is
    /// from the goals along the moves.
    pub fn build<G: Graph + Sync>(graph: &G, goals: &[usize]) -> Self {
        let layers = Bfs::new(8).run(graph, goals);
        DepthTable {
            words: layers.fields.into_words(),
            distribution: layers.distribution.iter().map(|&n| n as usize).collect(),
        }
    }

    #[inline]
    fn byte(&self, state: usize) -> u8 {
        (self.words[state >> 3] >> ((state & 7) * 8)) as u8
    }

    /// Distance of `state` to the nearest goal, or `None` if unreachable.
    #[inline]
    pub fn get(&self, state: usize) -> Option<u8> {
        match self.byte(state) {
            UNREACHED => None,
            d => Some(d),
        }
    }

    /// Number of states reached.
    pub fn reached(&self) -> usize {
        self.distribution.iter().sum()
    }

    /// The moves of one shortest path from `state` to a goal (`None` if unreachable); the graph's
    /// moves must be closed under inverse.
    pub fn path<G: Graph>(&self, graph: &G, state: usize) -> Option<Vec<usize>> {
        super::walk(
            state,
            |s| self.byte(s),
            UNREACHED,
            false,
            |s, f| graph.neighbors(s, f),
            |s| self.byte(s) == 0,
        )
    }
}
