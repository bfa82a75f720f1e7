//! The elements of the group G the moves generate that keep the goal's look (G ∩ H, H the swaps
//! of like pieces and the ignored turns), by backtracking over G's stabiliser chain: the number
//! of looks the moves reach is |G| / |G ∩ H| even where H does not normalise G (the 5x5x5's alike
//! centres).
//!
//! Sims' subgroup search, level by level from the deepest: at level k the subgroup's stabiliser
//! of the points before k is known from the levels below; for each point j of G's orbit of k that
//! the subgroup found so far does not already reach, one element of G ∩ H taking k to j is
//! searched for. Found: it joins the subgroup's generators. Not found: no element takes k to any
//! point of j's orbit under the deeper stabiliser either, and they are all skipped.
//!
//! An element is built from G's representatives, the deepest last. One cut keeps the search
//! small: the part still to be chosen permutes each orbit of the current stabiliser, so each orbit
//! must hold the same looks, as many of each, as the slots the element sends it to (a one-point
//! orbit is a slot already placed; a sticker sent away from its partner shows at once).

use super::perm_group::{then, SlotPerm, StabChain};

/// A slot's look (two slots may be exchanged by H exactly when their looks are equal).
pub type Look = u32;

/// The order of G ∩ H as factors (an orbit's size a level), where `look[s]` is slot `s`'s look;
/// `None` when the search would visit more than `budget` nodes.
pub fn order_within(chain: &StabChain, look: &[Look], budget: u64) -> Option<Vec<u32>> {
    let n = chain.slots();
    let mut search = Search::new(chain, look, look, budget);
    let mut gens: Vec<(usize, SlotPerm)> = Vec::new(); // (level found at, element)
    let mut order = Vec::new();
    for k in (0..n).rev() {
        if !search.moves[k] {
            continue;
        }
        let orbit: Vec<usize> = (0..n).filter(|&j| chain.rep(k, j).is_some()).collect();
        // Points of k's orbit the subgroup reaches (its generators found at levels >= k), and
        // those known to be out of reach.
        let mut reached = orbit_mask(k, gens.iter().filter(|g| g.0 >= k).map(|g| &g.1), n);
        let deeper: Vec<SlotPerm> = gens
            .iter()
            .filter(|g| g.0 > k)
            .map(|g| g.1.clone())
            .collect();
        let mut hopeless = vec![false; n];
        for &j in &orbit {
            if reached[j] || hopeless[j] || look[k] != look[j] {
                continue;
            }
            let first = chain.rep(k, j).expect("in the orbit");
            match search.find(k + 1, first.clone())? {
                Some(g) => {
                    gens.push((k, g));
                    let all = gens.iter().filter(|g| g.0 >= k).map(|g| &g.1);
                    reached = orbit_mask(k, all, n);
                }
                None => {
                    for x in orbit_points(j, deeper.iter(), n) {
                        hopeless[x] = true;
                    }
                }
            }
        }
        order.push(reached.iter().filter(|&&r| r).count() as u32);
    }
    Some(order)
}

/// Whether G has an element sending every slot `x` to a slot `y` with `to[y] == from[x]` (with
/// `to` the looks a state's rearrangement gives the slots: whether the moves reach that state);
/// `None` when the search would visit more than `budget` nodes.
pub fn has_element(chain: &StabChain, from: &[Look], to: &[Look], budget: u64) -> Option<bool> {
    let n = chain.slots();
    let mut search = Search::new(chain, from, to, budget);
    let identity: SlotPerm = (0..n as u16).collect();
    Some(search.find(0, identity)?.is_some())
}

struct Search<'a> {
    chain: &'a StabChain,
    /// A slot's look and the look a slot must receive, numbered densely: an element may send `x`
    /// to `y` when `from[x] == to[y]`.
    from: Vec<u32>,
    to: Vec<u32>,
    looks: usize,
    /// Per level, whether its orbit has more than the base point (a level that does not places
    /// its slot through the element built so far alone).
    moves: Vec<bool>,
    /// Per level, the orbit of each slot under that level's stabiliser, numbered densely (filled
    /// when first needed).
    orbits: Vec<Option<Vec<u32>>>,
    /// Per (orbit, look) a running count; zero between calls.
    tally: Vec<i32>,
    nodes: u64,
    budget: u64,
}

impl<'a> Search<'a> {
    fn new(chain: &'a StabChain, from: &[Look], to: &[Look], budget: u64) -> Search<'a> {
        let n = chain.slots();
        let mut names: Vec<Look> = from.iter().chain(to).copied().collect();
        names.sort_unstable();
        names.dedup();
        let dense = |l: &Look| names.binary_search(l).expect("listed") as u32;
        let moves = (0..n)
            .map(|k| (0..n).any(|j| j != k && chain.rep(k, j).is_some()))
            .collect();
        Search {
            chain,
            from: from.iter().map(dense).collect(),
            to: to.iter().map(dense).collect(),
            looks: names.len(),
            moves,
            orbits: vec![None; n + 1],
            tally: Vec::new(),
            nodes: 0,
            budget,
        }
    }

    /// An element `p' then q` of G, with `p'` fixing the points before `level`, that keeps every
    /// slot's look; `None` outside when the budget runs out.
    fn find(&mut self, level: usize, q: SlotPerm) -> Option<Option<SlotPerm>> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let n = self.chain.slots();
        let mut level = level;
        // Levels whose orbit is one point place their slot through `q` alone.
        while level < n && !self.moves[level] {
            level += 1;
        }
        if !self.orbits_keep_looks(level, &q) {
            return Some(None);
        }
        if level == n {
            return Some(Some(q));
        }
        for j in 0..n {
            let Some(s) = self.chain.rep(level, j) else {
                continue;
            };
            // The element sends base point `level` to q(j).
            if self.from[level] != self.to[q[j] as usize] {
                continue;
            }
            let next = then(s, &q);
            if let Some(found) = self.find(level + 1, next)? {
                return Some(Some(found));
            }
        }
        Some(None)
    }

    /// Whether each orbit of the stabiliser at `level` holds the same looks, as many of each, as
    /// `q` gives the slots it sends that orbit to: the element still to be chosen permutes each
    /// orbit, so nothing else can keep every look. A one-point orbit is a slot already placed,
    /// and a sticker's partner sent wrong shows at once.
    fn orbits_keep_looks(&mut self, level: usize, q: &[u16]) -> bool {
        let n = self.chain.slots();
        if self.orbits[level].is_none() {
            let gens = if level < n {
                self.chain.gens(level)
            } else {
                &[]
            };
            self.orbits[level] = Some(orbit_ids(gens, n));
        }
        let orbit = self.orbits[level].as_ref().expect("filled above");
        let looks = self.looks;
        self.tally.resize(n * looks, 0);
        let at = |x: usize, look: u32| orbit[x] as usize * looks + look as usize;
        for x in 0..n {
            self.tally[at(x, self.from[x])] += 1;
            self.tally[at(x, self.to[q[x] as usize])] -= 1;
        }
        let mut kept = true;
        for x in 0..n {
            for i in [at(x, self.from[x]), at(x, self.to[q[x] as usize])] {
                kept &= self.tally[i] == 0;
                self.tally[i] = 0;
            }
        }
        kept
    }
}

/// Each point's orbit under `gens`, numbered from 0 in the order of their smallest points.
fn orbit_ids(gens: &[SlotPerm], n: usize) -> Vec<u32> {
    let mut id = vec![u32::MAX; n];
    let mut next = 0;
    for start in 0..n {
        if id[start] != u32::MAX {
            continue;
        }
        for x in orbit_points(start, gens.iter(), n) {
            id[x] = next;
        }
        next += 1;
    }
    id
}
/// Which points the generators take `k` to (as a mask).
fn orbit_mask<'a>(
    k: usize,
    gens: impl Iterator<Item = &'a SlotPerm> + Clone,
    n: usize,
) -> Vec<bool> {
    let mut seen = vec![false; n];
    for x in orbit_points(k, gens, n) {
        seen[x] = true;
    }
    seen
}

fn orbit_points<'a>(
    start: usize,
    gens: impl Iterator<Item = &'a SlotPerm> + Clone,
    n: usize,
) -> Vec<usize> {
    let mut seen = vec![false; n];
    seen[start] = true;
    let mut todo = vec![start];
    let mut out = vec![start];
    while let Some(x) = todo.pop() {
        for g in gens.clone() {
            let y = g[x] as usize;
            if !seen[y] {
                seen[y] = true;
                todo.push(y);
                out.push(y);
            }
        }
    }
    out
}
