//! IDA* on the 3x3x3 as the network sees it (48 stickers, the walks' turn tables), on the library's
//! search core: the heuristic is a parameter, so the same search runs with the network, the
//! pattern databases, their admissible combination, or nothing (plain iterative deepening).

use super::data::{goal, turn_tables, Kind, Stickers};
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

/// The network's estimate as an IDA* bound: the predicted distance (full), or the mean of the six
/// face views' predictions rounded to the nearest (degenerate, as the paper averages them); 0 at
/// the goal, so that the search can stop there. Children are evaluated in one batch per node.
#[cfg(feature = "learn")]
pub struct NetHeuristic<'a> {
    pub net: &'a super::net::Net,
    pub goal: Stickers,
}

#[cfg(feature = "learn")]
impl Heuristic<Stickers> for NetHeuristic<'_> {
    fn bound(&self, s: &Stickers) -> u32 {
        let mut out = Vec::new();
        self.bounds(std::slice::from_ref(s), &mut out);
        out[0]
    }

    fn bounds(&self, states: &[Stickers], out: &mut Vec<u32>) {
        use super::data::{face_views, to_cube};
        out.clear();
        let batch: Vec<Stickers> = match self.net.kind {
            Kind::Full => states.to_vec(),
            Kind::Degenerate => states
                .iter()
                .flat_map(|s| face_views(&to_cube(s)))
                .collect(),
        };
        let predicted = self
            .net
            .predict(&batch)
            .expect("the network runs on any batch of its own input size");
        let per = batch.len() / states.len().max(1);
        for (s, p) in states.iter().zip(predicted.chunks(per)) {
            let sum: u32 = p.iter().map(|&d| d as u32).sum();
            let h = (2 * sum + per as u32) / (2 * per as u32);
            out.push(if *s == self.goal { 0 } else { h });
        }
    }
}
