//! IDA* on the 3x3x3 as the network sees it (48 stickers, the walks' turn tables), on the library's
//! search core: the heuristic is a parameter, so the same search runs with the network, the
//! pattern databases, their admissible combination, or nothing (plain iterative deepening).

use crate::cube3_stickers::{turn_tables, Kind, Stickers};
use crate::data::goal;
#[cfg(feature = "net")]
use crate::views::{view_rank, VIEW_RANKS};
use std::cell::Cell;
#[cfg(feature = "net")]
use std::collections::HashMap;
use twisty::cube3::optimal::{OptState, OptimalTables};
use twisty::heuristic::Heuristic;
use twisty::pruner::CanonicalPruner;
use twisty::search::composed::{first_solution_in_order, ChildOrder, Domain};
use twisty::search::SearchStats;

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
/// the search's counts, on any of the evaluation's 3x3x3 domains (stickers, the pair, the optimal
/// solver's coordinates): canonical sequences only (no face twice in a row, opposite faces in one
/// order), each node's children searched least estimate first (every heuristic of the evaluation
/// is searched so).
pub fn solve<D: Domain>(
    domain: &D,
    heuristic: &impl Heuristic<D::State>,
    start: &D::State,
    max_len: u32,
) -> (Option<Vec<usize>>, SearchStats) {
    let pruner = CanonicalPruner::new(18, |m| m / 3, |a, b| a % 3 == b % 3);
    first_solution_in_order(
        domain,
        heuristic,
        &pruner,
        start,
        max_len,
        ChildOrder::Bounds,
    )
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
        twisty::heuristic::bound_of_one(self, s)
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

/// How a network's output (a distribution over distances 0..25) is read as one distance.
#[cfg(feature = "net")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Readout {
    /// The most likely distance (the paper's reading).
    Mode,
    /// The smallest distance whose cumulative probability reaches the predictions' quantile.
    Quantile,
}

/// A network's readings of every state (or degenerate view) it has been asked about, both
/// readouts from one forward pass. IDA* meets the same states again at every threshold, and test
/// states share their views near the goal, so nothing is evaluated twice: degenerate views live
/// in a dense array indexed by [`view_rank`] (the view space is small), full states in a map.
#[cfg(feature = "net")]
pub struct Predictions<'a> {
    pub net: &'a crate::network::Net,
    pub quantile: f32,
    store: std::cell::RefCell<Store>,
    /// Rows the network has evaluated (cache misses).
    pub network_rows: Cell<u64>,
}

#[cfg(feature = "net")]
enum Store {
    /// `[mode, quantile]` per view rank; `UNKNOWN` where not yet evaluated.
    Dense(Vec<[u8; 2]>),
    Map(HashMap<Stickers, [u8; 2]>),
}

#[cfg(feature = "net")]
const UNKNOWN: [u8; 2] = [u8::MAX; 2];

/// The map's size at which it starts again (about 1 GB).
#[cfg(feature = "net")]
const CACHE_LIMIT: usize = 10_000_000;

#[cfg(feature = "net")]
impl<'a> Predictions<'a> {
    pub fn new(net: &'a crate::network::Net, quantile: f32) -> Self {
        let store = match net.kind {
            Kind::Degenerate => Store::Dense(vec![UNKNOWN; VIEW_RANKS]),
            Kind::Full | Kind::Cube2 => Store::Map(HashMap::new()),
        };
        Predictions {
            net,
            quantile,
            store: std::cell::RefCell::new(store),
            network_rows: Cell::new(0),
        }
    }

    /// Readings taken from the network's table over every view (degenerate only): the network is
    /// never run again. `quantile` must be one of the table's.
    pub fn tabulated(
        net: &'a crate::network::Net,
        quantile: f32,
        table: &crate::view_table::ViewTable,
    ) -> Result<Self, String> {
        let column = table.column(quantile)?;
        let mut dense = vec![UNKNOWN; VIEW_RANKS];
        table.for_each(|rank, readings| dense[rank] = [readings[0], readings[column]]);
        Ok(Predictions {
            net,
            quantile,
            store: std::cell::RefCell::new(Store::Dense(dense)),
            network_rows: Cell::new(0),
        })
    }

    /// The readings of `views`, in order; the misses go through the network in one batch.
    fn read(&self, views: &[Stickers], readout: Readout) -> Vec<u8> {
        let mut store = self.store.borrow_mut();
        // Each view's rank once: dense stores look up and fill by it.
        let ranks: Vec<usize> = match &*store {
            Store::Dense(_) => views
                .iter()
                .map(|v| view_rank(v).expect("a view of a cube"))
                .collect(),
            Store::Map(_) => Vec::new(),
        };
        let mut missing: Vec<(Stickers, usize)> = match &*store {
            Store::Dense(d) => views
                .iter()
                .zip(&ranks)
                .filter(|&(_, &r)| d[r] == UNKNOWN)
                .map(|(v, &r)| (*v, r))
                .collect(),
            Store::Map(m) => views
                .iter()
                .filter(|v| !m.contains_key(*v))
                .map(|v| (*v, 0))
                .collect(),
        };
        missing.sort_unstable();
        missing.dedup();
        if !missing.is_empty() {
            let batch: Vec<Stickers> = missing.iter().map(|&(v, _)| v).collect();
            let readings = self
                .net
                .readings(&batch, self.quantile)
                .expect("the network runs on any batch of its own input size");
            self.network_rows
                .set(self.network_rows.get() + missing.len() as u64);
            match &mut *store {
                Store::Dense(d) => {
                    for (&(_, rank), r) in missing.iter().zip(readings) {
                        d[rank] = r;
                    }
                }
                Store::Map(m) => {
                    if m.len() + missing.len() > CACHE_LIMIT {
                        m.clear();
                    }
                    m.extend(batch.into_iter().zip(readings));
                }
            }
        }
        let which = readout as usize;
        match &*store {
            Store::Dense(d) => ranks.iter().map(|&r| d[r][which]).collect(),
            Store::Map(m) => views.iter().map(|v| m[v][which]).collect(),
        }
    }
}

/// The network's estimate as an IDA* bound: the predicted distance (full), or the mean of the six
/// face views' predictions rounded to the nearest (degenerate, as the paper averages them); 0 at
/// the goal, so that the search can stop there. Readings come from (and go to) the shared
/// [`Predictions`].
#[cfg(feature = "net")]
pub struct NetHeuristic<'a> {
    pub predictions: &'a Predictions<'a>,
    pub readout: Readout,
    pub goal: Stickers,
}

#[cfg(feature = "net")]
impl<'a> NetHeuristic<'a> {
    pub fn new(predictions: &'a Predictions<'a>, readout: Readout) -> Self {
        NetHeuristic {
            predictions,
            readout,
            goal: goal(Kind::Full),
        }
    }

    /// The rounded mean over the views (one view for the full network).
    fn estimate(&self, states: &[Stickers], out: &mut Vec<u32>) {
        use crate::views::face_views_of;
        let views: Vec<Stickers> = match self.predictions.net.kind {
            Kind::Full | Kind::Cube2 => states.to_vec(),
            Kind::Degenerate => states.iter().flat_map(face_views_of).collect(),
        };
        let readings = self.predictions.read(&views, self.readout);
        let per = views.len() / states.len().max(1);
        out.clear();
        for (s, r) in states.iter().zip(readings.chunks(per)) {
            let sum: u32 = r.iter().map(|&d| d as u32).sum();
            let h = (2 * sum + per as u32) / (2 * per as u32);
            out.push(if *s == self.goal { 0 } else { h });
        }
    }
}

#[cfg(feature = "net")]
impl Heuristic<Stickers> for NetHeuristic<'_> {
    fn bound(&self, s: &Stickers) -> u32 {
        twisty::heuristic::bound_of_one(self, s)
    }

    fn bounds(&self, states: &[Stickers], out: &mut Vec<u32>) {
        self.estimate(states, out);
    }
}

/// max(PDB, NN - delta) on the pair: admissible when `delta` is at least the network's largest
/// over-estimate (measured on held-out states, so admissible on them; not proven for every cube).
#[cfg(feature = "net")]
pub struct Admissible<'a> {
    pub net: &'a NetHeuristic<'a>,
    pub opt: &'a OptimalTables,
    pub delta: u32,
}

#[cfg(feature = "net")]
impl Heuristic<Pair> for Admissible<'_> {
    fn bound(&self, s: &Pair) -> u32 {
        twisty::heuristic::bound_of_one(self, s)
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
