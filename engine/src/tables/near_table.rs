//! Every state within `depth` moves of the goal, with its distance: the search's strongest bound
//! for puzzles too large for a full table. A state found here is exactly that far from the goal; a
//! state not found is at least `depth + 1` away. As in twips, the table is built level by level
//! and deepened while the search says it pays (see `solver.rs`), up to the memory it was given.
//!
//! States are kept as 64-bit fingerprints in an open-addressing table (`slots`, linear probing,
//! the home slot from the fingerprint's top bits), 8 bytes a state whatever the puzzle's size. The
//! low 4 bits of a slot hold the distance. Two states whose fingerprints agree in the top 60 bits
//! are one entry: the odds are about (entries / 2^60) per look-up, some 10^-10 for the largest
//! table 24 GB can hold, and a solution is always a real sequence to the goal (checked move by
//! move), so such a collision could at worst cost optimality, never correctness.
//!
//! A level is found by a depth-first search from the goal under the moves' inverses (the states
//! one move *before*: the table is of distances *to* the goal, for one-way move sets too), along
//! canonical sequences only, cutting a branch where the table already knows a shorter way.
//! Both cores search it, taking the first two moves as work items, and insert with
//! compare-and-swap.

use crate::model::metric::PairPruner;
use crate::model::{Perm, State};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use twisty::pruner::{PruneState, Pruner};

/// Distance bits in a slot.
const DEPTH_BITS: u32 = 4;
const DEPTH_MASK: u64 = (1 << DEPTH_BITS) - 1;
/// Distances stop below this (4 bits, and 15 levels of any puzzle is far beyond any memory).
pub const MAX_DEPTH: u32 = DEPTH_MASK as u32;
/// A table is grown before its load passes this share (linear probing slows beyond it).
const MAX_LOAD: f64 = 0.7;

/// A state's fingerprint: its labels and orientations mixed into 64 bits, never 0 in the top 60
/// (0 marks an empty slot).
pub fn fingerprint(s: &State) -> u64 {
    #[inline]
    fn mix(mut h: u64, bytes: &[u8]) -> u64 {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 32;
        }
        let mut last = 0u64;
        for (i, &b) in chunks.remainder().iter().enumerate() {
            last |= (b as u64) << (8 * i);
        }
        h = (h ^ last ^ 0xFF).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^ (h >> 32)
    }
    let h = mix(mix(0x243F_6A88_85A3_08D3, &s.label), &s.ori);
    // A final avalanche (murmur3's) so that the top bits depend on every byte.
    let mut h = h ^ (h >> 33);
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^= h >> 33;
    if h >> DEPTH_BITS == 0 {
        1 << 63
    } else {
        h & !DEPTH_MASK
    }
}

/// The states within `depth` of the goal (see the module's note).
pub struct NearTable {
    slots: Vec<AtomicU64>,
    /// The home slot of fingerprint `f` is `f >> shift`.
    shift: u32,
    /// Every state at most this far from the goal is in the table.
    pub depth: u32,
    /// States at each distance.
    pub levels: Vec<u64>,
}

impl NearTable {
    /// The goals alone (depth 0).
    pub fn new(goals: &[State]) -> NearTable {
        let mut t = NearTable::with_slots(1 << 10);
        let mut n = 0;
        for g in goals {
            n += t.insert(fingerprint(g), 0) as u64;
        }
        t.levels = vec![n];
        t
    }

    fn with_slots(slots: usize) -> NearTable {
        // Look-ups land at random: 2 MB pages spare each a TLB miss (see `with_huge_pages`).
        let mut v = twisty::dist_table::fields::with_huge_pages(slots);
        v.extend((0..slots).map(|_| AtomicU64::new(0)));
        NearTable {
            slots: v,
            shift: 64 - slots.trailing_zeros(),
            depth: 0,
            levels: Vec::new(),
        }
    }

    /// A table read back from its slots (a cache file).
    pub fn from_slots(slots: Vec<u64>, levels: Vec<u64>) -> Option<NearTable> {
        if !slots.len().is_power_of_two() || slots.len() < 2 || levels.is_empty() {
            return None;
        }
        let mut t = NearTable::with_slots(1);
        t.shift = 64 - slots.len().trailing_zeros();
        t.slots = twisty::dist_table::fields::with_huge_pages(slots.len());
        t.slots.extend(slots.into_iter().map(AtomicU64::new));
        t.depth = levels.len() as u32 - 1;
        t.levels = levels;
        Some(t)
    }

    /// The slots as words (for a cache file).
    pub fn words(&self) -> impl Iterator<Item = u64> + '_ {
        self.slots.iter().map(|s| s.load(Relaxed))
    }

    pub fn entries(&self) -> u64 {
        self.levels.iter().sum()
    }

    pub fn bytes(&self) -> u64 {
        self.slots.len() as u64 * 8
    }

    /// The slots a table of `entries` states needs (a power of two, under the load limit).
    pub fn slots_for(entries: u64) -> usize {
        ((entries as f64 / MAX_LOAD) as u64 + 1)
            .next_power_of_two()
            .max(1 << 10) as usize
    }

    #[inline]
    fn home(&self, f: u64) -> usize {
        (f >> self.shift) as usize
    }

    /// Brings the home slot of fingerprint `f` into the cache ahead of [`NearTable::get`].
    #[inline]
    pub fn prefetch(&self, f: u64) {
        twisty::prefetch::prefetch(&self.slots[self.home(f)]);
    }

    /// The distance of the state with fingerprint `f`, if it is in the table.
    #[inline]
    pub fn get(&self, f: u64) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(f);
        loop {
            let v = self.slots[i].load(Relaxed);
            if v == 0 {
                return None;
            }
            if v & !DEPTH_MASK == f {
                return Some((v & DEPTH_MASK) as u32);
            }
            i = (i + 1) & mask;
        }
    }

    /// A lower bound on the distance of the state with fingerprint `f`, and whether it is exact.
    #[inline]
    pub fn bound(&self, f: u64) -> (u32, bool) {
        match self.get(f) {
            Some(d) => (d, true),
            None => (self.depth + 1, false),
        }
    }

    /// Inserts fingerprint `f` at distance `d` unless it is there; true if it was new.
    fn insert(&self, f: u64, d: u32) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = self.home(f);
        let v = f | d as u64;
        loop {
            match self.slots[i].compare_exchange(0, v, Relaxed, Relaxed) {
                Ok(_) => return true,
                Err(old) if old & !DEPTH_MASK == f => return false,
                Err(_) => i = (i + 1) & mask,
            }
        }
    }

    /// The table rehashed into `slots` slots.
    fn regrown(&self, slots: usize) -> NearTable {
        let t = NearTable {
            levels: self.levels.clone(),
            depth: self.depth,
            ..NearTable::with_slots(slots)
        };
        for s in &self.slots {
            let v = s.load(Relaxed);
            if v != 0 {
                t.insert(v & !DEPTH_MASK, (v & DEPTH_MASK) as u32);
            }
        }
        t
    }

    /// The states the next level is expected to hold: the last level times the last growth.
    pub fn next_level_estimate(&self) -> u64 {
        let n = self.levels.len();
        let last = self.levels[n - 1].max(1);
        let growth = if n >= 2 {
            last as f64 / self.levels[n - 2].max(1) as f64
        } else {
            last as f64 * 2.0 + 16.0
        };
        (last as f64 * growth.max(1.0)) as u64
    }

    /// Adds the next level (distance `depth + 1`) if the table, grown for it, stays within
    /// `memory` bytes; false (the table unchanged in what it promises) if it would not, or if
    /// no state is that far.
    pub fn deepen(&mut self, moves: &Moves, memory: u64) -> bool {
        if self.depth >= MAX_DEPTH - 1 || *self.levels.last().unwrap_or(&0) == 0 {
            return false;
        }
        let mut expect = (self.next_level_estimate() as f64 * 1.2) as u64;
        loop {
            let need = NearTable::slots_for(self.entries() + expect);
            if need as u64 * 8 > memory {
                return false;
            }
            if need > self.slots.len() {
                *self = self.regrown(need);
            }
            let limit = (self.slots.len() as f64 * 0.9) as u64 - self.entries();
            match self.add_level(moves, limit) {
                Some(n) => {
                    self.levels.push(n);
                    self.depth += 1;
                    return n > 0;
                }
                // The estimate was short: grow more and finish the level.
                None => expect = expect * 2 + (self.slots.len() as u64) / 4,
            }
        }
    }

    /// Inserts every state at distance `depth + 1`; `None` if more than `limit` were new (the
    /// level is then incomplete; its entries are exact and stay).
    fn add_level(&self, moves: &Moves, limit: u64) -> Option<u64> {
        let d = self.depth + 1;
        let goals = moves.goals.len();
        let m = moves.inverse.len();
        let items = goals * m;
        let next = AtomicUsize::new(0);
        let added = AtomicU64::new(0);
        let full = AtomicBool::new(false);
        // (A small level is found on one thread: starting another costs more.)
        let threads = if self.next_level_estimate() < 1 << 14 {
            1
        } else {
            twisty::machine::threads()
        };
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut path: Vec<State> = vec![moves.goals[0].clone(); d as usize + 1];
                    let mut mine = 0u64;
                    loop {
                        let i = next.fetch_add(1, Relaxed);
                        if i >= items || full.load(Relaxed) {
                            break;
                        }
                        let (g, first) = (i / m, i % m);
                        path[0].clone_from(&moves.goals[g]);
                        let Some(p) = moves.pruner.next(moves.pruner.start(), first) else {
                            continue;
                        };
                        let (head, tail) = path.split_at_mut(1);
                        head[0].apply_into(&moves.inverse[first], &moves.modulus, &mut tail[0]);
                        mine += self.level_from(moves, &mut path, 1, d, p);
                        if mine > 1 << 16 {
                            if added.fetch_add(mine, Relaxed) + mine > limit {
                                full.store(true, Relaxed);
                            }
                            mine = 0;
                        }
                    }
                    added.fetch_add(mine, Relaxed);
                });
            }
        });
        let n = added.load(Relaxed);
        (!full.load(Relaxed) && n <= limit).then_some(n)
    }

    /// The new states at distance `d` below `path[g]`.
    fn level_from(
        &self,
        moves: &Moves,
        path: &mut [State],
        g: usize,
        d: u32,
        p: PruneState,
    ) -> u64 {
        let f = fingerprint(&path[g]);
        if g as u32 == d {
            return self.insert(f, d) as u64;
        }
        // On the way down, only states first reached at this distance lead anywhere new.
        match self.get(f) {
            Some(known) if known == g as u32 => {}
            _ => return 0,
        }
        let mut n = 0;
        if g as u32 + 1 == d {
            // The last step: the children's fingerprints first, their slots asked of the memory,
            // then the inserts (their cache misses overlap).
            let mut fs = [0u64; 64];
            let mut k = 0;
            for m in 0..moves.inverse.len() {
                if moves.pruner.next(p, m).is_some() {
                    let (head, tail) = path.split_at_mut(g + 1);
                    head[g].apply_into(&moves.inverse[m], &moves.modulus, &mut tail[0]);
                    fs[k] = fingerprint(&tail[0]);
                    self.prefetch(fs[k]);
                    k += 1;
                    if k == fs.len() {
                        n += fs.iter().map(|&f| self.insert(f, d) as u64).sum::<u64>();
                        k = 0;
                    }
                }
            }
            return n + fs[..k]
                .iter()
                .map(|&f| self.insert(f, d) as u64)
                .sum::<u64>();
        }
        for m in 0..moves.inverse.len() {
            if let Some(q) = moves.pruner.next(p, m) {
                let (head, tail) = path.split_at_mut(g + 1);
                head[g].apply_into(&moves.inverse[m], &moves.modulus, &mut tail[0]);
                n += self.level_from(moves, path, g + 1, d, q);
            }
        }
        n
    }

    /// A sequence of `moves` (forward) from `s`, whose distance `d` the table holds, to the goal:
    /// at each step a move to a state one closer. `None` if a step is missing (a fingerprint
    /// collision) or the end is not solved.
    pub fn walk(
        &self,
        s: &State,
        perms: &[Perm],
        modulus: &[u8],
        is_goal: impl Fn(&State) -> bool,
    ) -> Option<Vec<usize>> {
        let mut d = self.get(fingerprint(s))?;
        let mut cur = s.clone();
        let mut next = s.clone();
        let mut path = Vec::new();
        while d > 0 {
            let m = (0..perms.len()).find(|&m| {
                cur.apply_into(&perms[m], modulus, &mut next);
                self.get(fingerprint(&next)) == Some(d - 1)
            })?;
            cur.apply_into(&perms[m], modulus, &mut next);
            std::mem::swap(&mut cur, &mut next);
            path.push(m);
            d -= 1;
        }
        is_goal(&cur).then_some(path)
    }
}

/// What a level is built from: the goals, the moves' inverses (the table holds distances *to* the
/// goal; for moves closed under inverse, the moves themselves in any order) and the
/// canonical-sequence machine over that list.
pub struct Moves {
    pub goals: Vec<State>,
    pub inverse: Vec<Perm>,
    pub modulus: Vec<u8>,
    pub pruner: PairPruner,
}
