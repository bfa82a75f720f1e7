//! IDA* on the 3x3x3 as the network sees it (48 stickers, the walks' turn tables), on the library's
//! search core: the heuristic is a parameter, so the same search runs with the network, the
//! pattern databases, their admissible combination, or nothing (plain iterative deepening).

use super::data::{goal, turn_tables, Kind, Stickers};
use std::cell::Cell;
#[cfg(feature = "learn")]
use std::collections::HashMap;
use twisty::cube3::optimal::{OptState, OptimalTables};
use twisty::heuristic::Heuristic;
use twisty::pruner::CanonicalPruner;
use twisty::search::{first_solution, Domain, SearchStats};

/// The full-colour cube under the 18 face turns (`U U2 U' R ...`).
pub struct StickerDomain {
    turns: [[u8; 48]; 18],
    goal: Stickers,
}

impl Default for StickerDomain {
    fn default() -> Self {
        StickerDomain {
            turns: turn_tables(),
            goal: goal(Kind::Full),
        }
    }
}

impl Domain for StickerDomain {
    type State = Stickers;
    fn move_count(&self) -> usize {
        18
    }
    fn apply_into(&self, s: &Stickers, m: usize, out: &mut Stickers) {
        *out = self.turns[m].map(|from| s[from as usize]);
    }
    fn is_goal(&self, s: &Stickers) -> bool {
        *s == self.goal
    }
}

/// The shortest solution `heuristic` lets IDA* find (optimal when it never over-estimates), with
/// the search's counts; canonical sequences only (no face twice in a row, opposite faces in one
/// order).
pub fn solve(
    domain: &StickerDomain,
    heuristic: &impl Heuristic<Stickers>,
    start: &Stickers,
    max_len: u32,
) -> (Option<Vec<usize>>, SearchStats) {
    let pruner = CanonicalPruner::new(18, |m| m / 3, |a, b| a % 3 == b % 3);
    first_solution(domain, heuristic, &pruner, start, max_len)
}

/// A heuristic with a budget: after `limit` states have been evaluated it answers "too far" for
/// every state, so that IDA* gives up at once (the evaluation's node limit; the search core itself
/// has none). `exhausted` tells a give-up from "no solution within the length".
pub struct Budget<H> {
    pub inner: H,
    pub limit: u64,
    pub evaluated: Cell<u64>,
}

/// Far beyond any cube's distance, yet far from overflowing when added to a path's length.
const TOO_FAR: u32 = 1 << 20;

impl<H> Budget<H> {
    pub fn new(inner: H, limit: u64) -> Self {
        Budget {
            inner,
            limit,
            evaluated: Cell::new(0),
        }
    }

    pub fn exhausted(&self) -> bool {
        self.evaluated.get() > self.limit
    }
}

impl<S, H: Heuristic<S>> Heuristic<S> for Budget<H> {
    fn bound(&self, s: &S) -> u32 {
        let mut out = Vec::with_capacity(1);
        self.bounds(std::slice::from_ref(s), &mut out);
        out[0]
    }

    fn bounds(&self, states: &[S], out: &mut Vec<u32>) {
        let n = self.evaluated.get() + states.len() as u64;
        self.evaluated.set(n);
        if n > self.limit {
            out.clear();
            out.resize(states.len(), TOO_FAR);
        } else {
            self.inner.bounds(states, out);
        }
    }
}

/// The cube as both the pattern databases and the network see it: the optimal solver's coordinates
/// beside the stickers, moved together (the admissible max(PDB, NN - delta) needs both).
pub struct PairDomain<'a> {
    pub opt: &'a OptimalTables,
    pub stickers: StickerDomain,
}

pub type Pair = (OptState, Stickers);

impl Domain for PairDomain<'_> {
    type State = Pair;
    fn move_count(&self) -> usize {
        18
    }
    fn apply_into(&self, s: &Pair, m: usize, out: &mut Pair) {
        self.opt.apply_into(&s.0, m, &mut out.0);
        self.stickers.apply_into(&s.1, m, &mut out.1);
    }
    fn is_goal(&self, s: &Pair) -> bool {
        self.stickers.is_goal(&s.1)
    }
}

/// IDA* on the pair (canonical sequences, as [`solve`]).
pub fn solve_pair(
    domain: &PairDomain,
    heuristic: &impl Heuristic<Pair>,
    start: &Pair,
    max_len: u32,
) -> (Option<Vec<usize>>, SearchStats) {
    let pruner = CanonicalPruner::new(18, |m| m / 3, |a, b| a % 3 == b % 3);
    first_solution(domain, heuristic, &pruner, start, max_len)
}

/// The network's estimate as an IDA* bound: the predicted distance (full), or the mean of the six
/// face views' predictions rounded to the nearest (degenerate, as the paper averages them); 0 at
/// the goal, so that the search can stop there. The states' (or views') predictions are cached:
/// IDA* meets the same states again at every threshold, and test states share their views near the
/// goal. The children's misses go through the network in one batch.
#[cfg(feature = "learn")]
pub struct NetHeuristic<'a> {
    pub net: &'a super::net::Net,
    /// `None`: the most likely distance (the paper's reading); `Some(q)`: the `q`-quantile.
    pub quantile: Option<f32>,
    pub goal: Stickers,
    cache: std::cell::RefCell<HashMap<Stickers, u8>>,
    /// Rows the network has evaluated (cache misses).
    pub network_rows: Cell<u64>,
}

/// The cache's size at which it starts again (about 1 GB).
#[cfg(feature = "learn")]
const CACHE_LIMIT: usize = 10_000_000;

#[cfg(feature = "learn")]
impl<'a> NetHeuristic<'a> {
    pub fn new(net: &'a super::net::Net) -> Self {
        Self::with_quantile(net, None)
    }

    pub fn with_quantile(net: &'a super::net::Net, quantile: Option<f32>) -> Self {
        NetHeuristic {
            net,
            quantile,
            goal: goal(Kind::Full),
            cache: Default::default(),
            network_rows: Cell::new(0),
        }
    }

    /// The rounded mean over the views (one view for the full network).
    fn estimate(&self, states: &[Stickers], out: &mut Vec<u32>) {
        use super::data::{face_views, to_cube};
        let views: Vec<Stickers> = match self.net.kind {
            Kind::Full => states.to_vec(),
            Kind::Degenerate => states
                .iter()
                .flat_map(|s| face_views(&to_cube(s)))
                .collect(),
        };
        let mut cache = self.cache.borrow_mut();
        let mut missing: Vec<Stickers> = views
            .iter()
            .filter(|v| !cache.contains_key(*v))
            .copied()
            .collect();
        missing.sort_unstable();
        missing.dedup();
        if !missing.is_empty() {
            if cache.len() + missing.len() > CACHE_LIMIT {
                cache.clear();
            }
            let predicted = match self.quantile {
                None => self.net.predict(&missing),
                Some(q) => self.net.predict_quantile(&missing, q),
            }
            .expect("the network runs on any batch of its own input size");
            self.network_rows
                .set(self.network_rows.get() + missing.len() as u64);
            cache.extend(missing.into_iter().zip(predicted));
        }
        let per = views.len() / states.len().max(1);
        out.clear();
        for (s, v) in states.iter().zip(views.chunks(per)) {
            let sum: u32 = v.iter().map(|v| cache[v] as u32).sum();
            let h = (2 * sum + per as u32) / (2 * per as u32);
            out.push(if *s == self.goal { 0 } else { h });
        }
    }
}

#[cfg(feature = "learn")]
impl Heuristic<Stickers> for NetHeuristic<'_> {
    fn bound(&self, s: &Stickers) -> u32 {
        let mut out = Vec::new();
        self.estimate(std::slice::from_ref(s), &mut out);
        out[0]
    }

    fn bounds(&self, states: &[Stickers], out: &mut Vec<u32>) {
        self.estimate(states, out);
    }
}

/// max(PDB, NN - delta) on the pair: admissible when `delta` is at least the network's largest
/// over-estimate (measured on held-out states, so admissible on them; not proven for every cube).
#[cfg(feature = "learn")]
pub struct Admissible<'a> {
    pub net: &'a NetHeuristic<'a>,
    pub opt: &'a OptimalTables,
    pub delta: u32,
}

#[cfg(feature = "learn")]
impl Heuristic<Pair> for Admissible<'_> {
    fn bound(&self, s: &Pair) -> u32 {
        let mut out = Vec::new();
        self.bounds(std::slice::from_ref(s), &mut out);
        out[0]
    }

    fn bounds(&self, states: &[Pair], out: &mut Vec<u32>) {
        let stickers: Vec<Stickers> = states.iter().map(|s| s.1).collect();
        let mut net = Vec::new();
        self.net.estimate(&stickers, &mut net);
        out.clear();
        // One state at a time: the tables record exact phase-1 distances in the very states the
        // search moves on (see `OptState`).
        for (s, n) in states.iter().zip(net) {
            out.push(self.opt.bound(&s.0).max(n.saturating_sub(self.delta)));
        }
    }
}
