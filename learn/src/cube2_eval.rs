//! The 2x2x2 variant of the learned heuristic: a space small enough (3,674,160 states, DBL corner
//! fixed, turns of U, R and F) that the truth is the full distance table, so the network's
//! over-estimates are counted on every state and IDA* with it is checked against exact distances.
//! The network sees the 24 stickers in six colours (144 inputs); the search moves coordinates.

use twisty::cube2::coord_tables::Cube2Tables;
use twisty::cube2::corner_cubie::{MOVES, SIZE};
use twisty::dist_table::depth::DepthTable;
use twisty::heuristic::Heuristic;
use twisty::pruner::CanonicalPruner;
use twisty::search::composed::{first_solution_in_order, ChildOrder, Domain};
use twisty::search::SearchStats;

/// The 2x2x2 as coordinates under the nine turns.
pub struct Cube2Domain {
    pub tables: Cube2Tables,
}

impl Domain for Cube2Domain {
    type State = usize;
    fn move_count(&self) -> usize {
        MOVES
    }
    fn apply_into(&self, s: &usize, m: usize, out: &mut usize) {
        *out = self.tables.apply(*s, m);
    }
    fn is_goal(&self, s: &usize) -> bool {
        *s == 0
    }
}

impl Cube2Domain {
    /// Every state's exact distance (half-turn metric), by BFS over the whole space.
    pub fn distances(&self) -> Vec<u8> {
        let t = DepthTable::build(&self.tables.htm(), &[0]);
        (0..SIZE)
            .map(|c| t.get(c).expect("every state is reachable"))
            .collect()
    }

    /// The shortest solution `heuristic` lets IDA* find; no face twice in a row (U, R and F do not
    /// commute); children least estimate first, as on the 3x3x3.
    pub fn solve(
        &self,
        heuristic: &impl Heuristic<usize>,
        start: usize,
        max_len: u32,
    ) -> (Option<Vec<usize>>, SearchStats) {
        let pruner = CanonicalPruner::new(MOVES, |m| m / 3, |_, _| false);
        first_solution_in_order(
            self,
            heuristic,
            &pruner,
            &start,
            max_len,
            ChildOrder::Bounds,
        )
    }
}

/// A heuristic read from a table over every coordinate (0 at the goal, so the search can stop).
pub struct TableHeuristic<'a>(pub &'a [u8]);

impl Heuristic<usize> for TableHeuristic<'_> {
    fn bound(&self, s: &usize) -> u32 {
        if *s == 0 {
            0
        } else {
            self.0[*s] as u32
        }
    }
}

/// One true distance's figures.
#[derive(Clone, Debug, Default)]
pub struct DistanceRow {
    pub distance: u8,
    /// States at this distance.
    pub states: usize,
    /// Per readout (mode, quantile): the sum of predictions, states predicted too far, the
    /// largest over-estimate.
    pub sum: [u64; 2],
    pub over: [usize; 2],
    pub max_over: [u8; 2],
    /// Per readout: states searched, solutions of the optimal length, states generated.
    pub searched: usize,
    pub optimal: [usize; 2],
    pub nodes: [u64; 2],
}

/// The 2x2x2 variant's figures: every state's prediction against its distance, and IDA* with the
/// network on a sample of each distance.
pub struct Cube2Figures {
    pub rows: Vec<DistanceRow>,
    pub quantile: f32,
    /// Seconds the network took over the whole space.
    pub network_seconds: f64,
    /// Per readout, the sum over every state of |prediction - distance|.
    pub abs_err: [u64; 2],
    /// The sum of every state's distance.
    pub distances_sum: u64,
}

impl Cube2Figures {
    /// Over the whole space, per readout: over-estimation rate (%), mean absolute error, bias
    /// (mean prediction minus distance), largest over-estimate.
    pub fn overall(&self, r: usize) -> (f64, f64, f64, u8) {
        let n: usize = self.rows.iter().map(|x| x.states).sum();
        let over: usize = self.rows.iter().map(|x| x.over[r]).sum();
        let sum: u64 = self.rows.iter().map(|x| x.sum[r]).sum();
        let max = self.rows.iter().map(|x| x.max_over[r]).max().unwrap_or(0);
        (
            100.0 * over as f64 / n as f64,
            self.abs_err[r] as f64 / n as f64,
            (sum as f64 - self.distances_sum as f64) / n as f64,
            max,
        )
    }
}

#[cfg(feature = "net")]
pub use evaluation::{evaluate, markdown};

#[cfg(feature = "net")]
mod evaluation {
    use super::*;
    use crate::cube2_stickers::stickers_of;
    use crate::cube3_stickers::Stickers;
    use crate::network::Net;
    use crate::sticker_search::Budget;
    use std::fmt::Write as _;

    /// Runs `net` on all 3,674,160 states and compares with their distances, then solves
    /// `per_distance` random states of each distance (from `seed`) with IDA* on each readout,
    /// under `node_limit` evaluated states.
    pub fn evaluate(
        net: &Net,
        quantile: f32,
        per_distance: usize,
        seed: u64,
        node_limit: u64,
        mut progress: impl FnMut(&str),
    ) -> Cube2Figures {
        let domain = Cube2Domain {
            tables: Cube2Tables::new(),
        };
        progress("2x2x2: distances of every state");
        let dist = domain.distances();
        progress("2x2x2: the network on every state");
        let t = std::time::Instant::now();
        let mut mode = vec![0u8; SIZE];
        let mut low = vec![0u8; SIZE];
        let batch = 8192;
        for start in (0..SIZE).step_by(batch) {
            let end = (start + batch).min(SIZE);
            let states: Vec<Stickers> = (start..end).map(stickers_of).collect();
            let r = net
                .readings_at(&states, &[quantile])
                .expect("the network runs on any batch of its own input size");
            for (i, c) in r.chunks(2).enumerate() {
                mode[start + i] = c[0];
                low[start + i] = c[1];
            }
        }
        let network_seconds = t.elapsed().as_secs_f64();
        let max_d = *dist.iter().max().unwrap_or(&0) as usize;
        let mut rows: Vec<DistanceRow> = (0..=max_d)
            .map(|d| DistanceRow {
                distance: d as u8,
                ..Default::default()
            })
            .collect();
        let mut abs = [0u64; 2];
        let mut distances_sum = 0u64;
        let mut by_distance: Vec<Vec<usize>> = vec![Vec::new(); max_d + 1];
        for c in 0..SIZE {
            let d = dist[c];
            let row = &mut rows[d as usize];
            row.states += 1;
            distances_sum += d as u64;
            for (r, h) in [mode[c], low[c]].into_iter().enumerate() {
                // The search reads 0 at the goal whatever the network says; so do the figures.
                let h = if c == 0 { 0 } else { h };
                row.sum[r] += h as u64;
                abs[r] += h.abs_diff(d) as u64;
                if h > d {
                    row.over[r] += 1;
                    row.max_over[r] = row.max_over[r].max(h - d);
                }
            }
            by_distance[d as usize].push(c);
        }
        let mut rng = crate::data::Rng::new(seed);
        for (d, states) in by_distance.iter_mut().enumerate().skip(1) {
            progress(&format!("2x2x2: IDA* on states {d} turns away"));
            rng.shuffle(states);
            let row = &mut rows[d];
            for &c in states.iter().take(per_distance) {
                row.searched += 1;
                for (r, table) in [&mode, &low].into_iter().enumerate() {
                    let b = Budget::new(TableHeuristic(table), node_limit);
                    let (found, stats) = domain.solve(&b, c, 20);
                    row.nodes[r] += stats.nodes;
                    row.optimal[r] += (found.map(|p| p.len()) == Some(d)) as usize;
                }
            }
        }
        Cube2Figures {
            rows,
            quantile,
            network_seconds,
            abs_err: abs,
            distances_sum,
        }
    }

    /// The report's 2x2x2 section.
    pub fn markdown(f: &Cube2Figures) -> String {
        let mut s = String::new();
        let n: usize = f.rows.iter().map(|r| r.states).sum();
        let names = ["mode".to_string(), format!("{} quantile", f.quantile)];
        let _ = write!(
            s,
            "\n\n## The 2x2x2 variant\n\nThe same network (5 x 500) trained on 2x2x2 walks, read \
             on all {n} states (DBL corner fixed; {:.0} s) against the exact distance table, and \
             IDA* with it (0 at the goal) on up to {} random states of each distance.\n\n\
             | readout | over-estimates | largest | MAE | bias | % optimal (searched) |\n\
             |---|---:|---:|---:|---:|---:|",
            f.network_seconds,
            f.rows.iter().map(|r| r.searched).max().unwrap_or(0)
        );
        for (r, name) in names.iter().enumerate() {
            let (over, mae, bias, max) = f.overall(r);
            let searched: usize = f.rows.iter().map(|x| x.searched).sum();
            let optimal: usize = f.rows.iter().map(|x| x.optimal[r]).sum();
            let _ = write!(
                s,
                "\n| {name} | {over:.2} % | {max} | {mae:.3} | {bias:+.3} | {:.1} |",
                100.0 * optimal as f64 / searched.max(1) as f64
            );
        }
        let _ = write!(
            s,
            "\n\n| distance | states | mean NN (mode) | over-est. % (mode) | % optimal (mode) | \
             nodes (mode) | mean NN ({q}) | over-est. % ({q}) | % optimal ({q}) | nodes ({q}) |\n\
             |---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
            q = f.quantile
        );
        for row in &f.rows {
            let pct = |x: usize, of: usize| 100.0 * x as f64 / of.max(1) as f64;
            let mean = |x: u64, of: usize| x as f64 / of.max(1) as f64;
            let _ = write!(s, "\n| {} | {} |", row.distance, row.states);
            for r in 0..2 {
                let _ = write!(
                    s,
                    " {:.2} | {:.1} | {} | {} |",
                    mean(row.sum[r], row.states),
                    pct(row.over[r], row.states),
                    if row.searched == 0 {
                        "-".to_string()
                    } else {
                        format!("{:.0}", pct(row.optimal[r], row.searched))
                    },
                    if row.searched == 0 {
                        "-".to_string()
                    } else {
                        format!("{:.0}", mean(row.nodes[r], row.searched))
                    },
                );
            }
        }
        s.push('\n');
        s
    }
}
