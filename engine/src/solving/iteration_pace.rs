//! What the solver does between two of its search's iterations: it predicts the next one's nodes
//! from the ones before, and builds whichever table costs less than the time it would save.

use crate::solving::heuristics::Heuristics;

/// What the iterations so far say about the next one.
pub struct Pace {
    /// Nodes of the last iteration.
    last: u64,
    /// Nodes of one iteration over the one before, measured with the same tables.
    growth: f64,
    /// Seconds a node, measured on an iteration big enough to time.
    node_secs: f64,
    near_depth: u32,
}

/// The next iteration as planned: its predicted nodes and whether its tables are new.
pub struct Planned {
    pub predicted: f64,
    pub changed: bool,
}

impl Pace {
    /// Before the first iteration: a node costs what a 3x3x3's does on two cores (50 ns), and an
    /// iteration grows by the number of moves.
    pub fn new(moves: usize, h: &Heuristics) -> Pace {
        Pace {
            last: 0,
            growth: moves as f64,
            node_secs: 50e-9,
            near_depth: h.bounds.near.depth,
        }
    }

    /// Builds the tables that pay for the next iteration, and says what it is expected to cost.
    pub fn tables_before(&mut self, h: &mut Heuristics) -> Planned {
        // The growth from one iteration to the next is measured only between iterations
        // with the same tables (a new table makes the next iteration smaller, not the
        // puzzle's branching).
        let mut predicted = self.last as f64 * self.growth;
        // The cheaper table first: a level of the near table that pays (below) and costs
        // less than the pattern database the prediction would build goes before it, and the
        // prediction it leaves decides that one (twsearch's FTO with slices built two of 133
        // million states, 3.4 s, where a 0.3 s level made them unneeded: issue 67). Only a
        // level of states: one by class is dearer to look up than its build says (the 3x3x3's
        // 13-move row was a fifth slower with its sixth level by class first).
        while h.next_level_by_states() {
            let level = h.bounds.near.next_level_estimate() as f64 * h.state_secs();
            let Some(pair) = h.cheapest_pair_secs(predicted) else {
                break;
            };
            if level >= pair || predicted * self.node_secs <= 2.0 * level || !h.deepen() {
                break;
            }
            if let Some(n) = h.notes.list.last_mut() {
                n.why += &format!(", before a pattern database of about {pair:.1} s");
            }
            predicted /= self.growth;
        }
        let mut changed = h.prepare(predicted);
        // Deepen while the next iteration would take more than twice what the next level
        // costs: the level takes much of that iteration off, and of every later one. Both
        // costs are measured as the search goes, from a 3x3x3's on two cores (50 ns a node,
        // 150 ns a state of its near table; a pyraminx's, its tips commuting with everything,
        // are more). A level is taken to divide the next iteration by the growth.
        while !changed
            && predicted * self.node_secs
                > 2.0 * h.bounds.near.next_level_estimate() as f64 * h.state_secs()
        {
            if !h.deepen() {
                break;
            }
            predicted /= self.growth;
        }
        changed |= h.prepare_tracked(predicted);
        changed |= h.bounds.near.depth != self.near_depth;
        self.near_depth = h.bounds.near.depth;
        Planned { predicted, changed }
    }

    /// Learns from an iteration of `nodes` that took `secs`.
    pub fn after(&mut self, planned: &Planned, nodes: u64, secs: f64) {
        if nodes >= 1 << 16 {
            self.node_secs = secs / nodes as f64;
        }
        if !planned.changed && self.last > 0 && nodes > 64 {
            self.growth = (nodes as f64 / self.last as f64).clamp(2.0, 64.0);
        }
        self.last = nodes;
    }
}
