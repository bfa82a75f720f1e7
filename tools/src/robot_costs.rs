//! Exact prices of every state of the robot rebuilt from its arms (`tools::robot_model`).
//!
//! The 3,674,160 states (up to colour names) get dense ids once, in breadth-first order, with the
//! id each twist leads to and comes from; every pricing (the spec's costs, seconds at each speed, a
//! deliberately wrong table) is then a Dijkstra over plain arrays of ids. Hashing a 24-sticker key
//! per edge, as the first version did, made each pricing several times slower; now the graph is
//! paid for once (docs/testing.md has the times).

use crate::robot_model::{key, ArmTwist, RobotModel};
use std::collections::HashMap;
use twisty::word_hash::BuildWordHasher;

/// States by key ([`twisty::word_hash::WordHasher`]: the keys are already well spread, 3 bits a
/// sticker, so a full SipHash per look-up buys nothing here).
type KeyIndex = HashMap<u128, u32, BuildWordHasher>;

/// Every state of the robot model with a dense id, and the twists as id tables.
pub struct RobotGraph {
    pub model: RobotModel,
    /// The stickers of each id (solved is id 0).
    pub states: Vec<[u8; 24]>,
    /// `to[id][t]`: the id twist `t` turns `id` into.
    to: Vec<[u32; 12]>,
    /// `from[id][t]`: the id that twist `t` turns into `id` (twists turn one way only, so this is
    /// not `to` of some other twist).
    from: Vec<[u32; 12]>,
    index: KeyIndex,
}

impl RobotGraph {
    /// Breadth-first search from solved over the model's twists.
    pub fn new(model: RobotModel) -> Self {
        let twists = model.twists.len();
        assert_eq!(twists, 12, "the spec's twist table has 12 rows");
        let solved: [u8; 24] = std::array::from_fn(|f| (f / 4) as u8);
        let mut index = KeyIndex::default();
        index.reserve(3_700_000);
        index.insert(key(&solved), 0);
        let mut states = vec![solved];
        let mut to: Vec<[u32; 12]> = Vec::with_capacity(3_700_000);
        let mut next = 0;
        while next < states.len() {
            let s = states[next];
            let mut row = [0u32; 12];
            for (t, r) in row.iter_mut().enumerate() {
                let n = model.apply(&s, t);
                let fresh = states.len() as u32;
                *r = *index.entry(key(&n)).or_insert_with(|| {
                    states.push(n);
                    fresh
                });
            }
            to.push(row);
            next += 1;
        }
        let mut from = vec![[0u32; 12]; states.len()];
        for (id, row) in to.iter().enumerate() {
            for (t, &n) in row.iter().enumerate() {
                from[n as usize][t] = id as u32;
            }
        }
        RobotGraph {
            model,
            states,
            to,
            from,
            index,
        }
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// The id of any state of the model (in any orientation, with any colour names).
    pub fn id(&self, s: &[u8; 24]) -> usize {
        self.index[&key(s)] as usize
    }
}

/// Exact minimum prices of every state: a Dijkstra backward from solved, for each pair that the
/// last twist used (the next twist must use the other). A twist's price is the spec's cost, or any
/// other non-negative number per twist (seconds, for the time-optimal plans).
pub struct RobotCosts<'g> {
    pub graph: &'g RobotGraph,
    /// Per id: the price when the last twist used pair 0, pair 1.
    pub cost: Vec<[f64; 2]>,
    /// What each of the model's twists costs here.
    pub prices: Vec<f64>,
}

/// A non-negative price as a heap key: such floats order as their bit patterns do.
fn heap_key(price: f64) -> std::cmp::Reverse<u64> {
    debug_assert!(price >= 0.0);
    std::cmp::Reverse(price.to_bits())
}

impl<'g> RobotCosts<'g> {
    /// Prices every state with the spec's costs.
    pub fn new(graph: &'g RobotGraph) -> Self {
        let prices = graph.model.twists.iter().map(|t| t.cost() as f64).collect();
        Self::priced(graph, prices)
    }

    /// Prices every state with `prices[t]` per twist `t` of the model.
    pub fn priced(graph: &'g RobotGraph, prices: Vec<f64>) -> Self {
        use std::collections::BinaryHeap;
        let twists = &graph.model.twists;
        let mut cost = vec![[f64::INFINITY; 2]; graph.len()];
        cost[0] = [0.0, 0.0];
        let mut heap: BinaryHeap<(std::cmp::Reverse<u64>, u32, u8)> = BinaryHeap::new();
        heap.push((heap_key(0.0), 0, 0));
        heap.push((heap_key(0.0), 0, 1));
        while let Some((std::cmp::Reverse(bits), id, last)) = heap.pop() {
            let c = f64::from_bits(bits);
            let last = last as usize;
            if cost[id as usize][last] < c {
                continue;
            }
            // A twist `t` of pair `last` led here from `prev`, whose own last pair is the other.
            let other = 1 - last;
            for (t, twist) in twists.iter().enumerate() {
                if twist.pair != last {
                    continue;
                }
                let prev = graph.from[id as usize][t];
                let nc = c + prices[t];
                if nc < cost[prev as usize][other] {
                    cost[prev as usize][other] = nc;
                    heap.push((heap_key(nc), prev, other as u8));
                }
            }
        }
        RobotCosts {
            graph,
            cost,
            prices,
        }
    }

    /// The minimum price from a state with no twist made yet.
    pub fn start(&self, s: &[u8; 24]) -> f64 {
        let c = self.cost[self.graph.id(s)];
        c[0].min(c[1])
    }

    /// The minimum price of every id.
    pub fn minimum(&self, id: usize) -> f64 {
        self.cost[id][0].min(self.cost[id][1])
    }

    /// What a plan costs at these prices, twist by twist in order.
    pub fn price_of(&self, plan: &[ArmTwist]) -> f64 {
        plan.iter()
            .map(|t| {
                let i = self.graph.model.twists.iter().position(|x| x == t);
                self.prices[i.expect("one of the model's twists")]
            })
            .sum()
    }

    /// One optimal plan, walking down the table.
    pub fn plan(&self, s: &[u8; 24]) -> Vec<ArmTwist> {
        let twists = &self.graph.model.twists;
        let mut id = self.graph.id(s);
        let mut last: Option<usize> = None;
        let mut plan = Vec::new();
        loop {
            let here = match last {
                None => self.minimum(id),
                Some(p) => self.cost[id][p],
            };
            if here == 0.0 {
                return plan;
            }
            // The Dijkstra set `here` to exactly this sum for some step, so equality holds for it.
            let t = (0..twists.len())
                .filter(|&t| Some(twists[t].pair) != last)
                .find(|&t| {
                    let next = self.graph.to[id][t] as usize;
                    self.cost[next][twists[t].pair] + self.prices[t] == here
                })
                .expect("a step down from every state");
            last = Some(twists[t].pair);
            plan.push(twists[t]);
            id = self.graph.to[id][t] as usize;
        }
    }
}
