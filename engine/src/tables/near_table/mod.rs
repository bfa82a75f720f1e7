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
//! A level is found by a depth-first search from the goal (`levels.rs`). Where the puzzle has
//! symmetries (conjugating a state by one leaves its distance), the table holds a class of states
//! once, as its representative's fingerprint ([`crate::model::canonical`]): the cube's 48, the
//! megaminx's 120 take a level in that much less memory, and its levels are found from the last
//! level's representatives (`class_levels.rs`), each class's moves made once.

mod class_levels;
mod filter;
mod levels;

pub use levels::Moves;

use crate::model::canonical::{Canon, CanonScratch};
use crate::model::fingerprint;
pub use crate::model::fingerprint::fingerprint;
use crate::model::{Perm, State};
use class_levels::Frontier;
pub use filter::ClassFilter;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use twisty::mapped_words::AtomicWords;

/// Distance bits in a slot: the low bits a fingerprint leaves clear.
const DEPTH_BITS: u32 = fingerprint::FREE_BITS;
const DEPTH_MASK: u64 = (1 << DEPTH_BITS) - 1;
/// Distances stop below this (4 bits, and 15 levels of any puzzle is far beyond any memory).
pub const MAX_DEPTH: u32 = DEPTH_MASK as u32;
/// A table is grown before its load passes this share (linear probing slows beyond it).
const MAX_LOAD: f64 = 0.7;

/// The states within `depth` of the goal (see the module's note).
pub struct NearTable {
    /// Owned, or a kept table's file mapped copy-on-write ([`NearTable::from_slots`]).
    slots: AtomicWords,
    /// The home slot of fingerprint `f` is `f >> shift`.
    shift: u32,
    /// Every state at most this far from the goal is in the table.
    pub depth: u32,
    /// States (classes, when reduced) at each distance.
    pub levels: Vec<u64>,
    /// The symmetries a class is taken under, and the last level's representatives (`None` for a
    /// table read from the cache, until it is deepened).
    canon: Option<Arc<Canon>>,
    frontier: Option<Frontier>,
    /// The class hashes held (reduced tables).
    filter: Option<ClassFilter>,
}

/// A key that no slot holds (its distance bits are set): a state the filter says is absent,
/// and one whose key is still to be found ([`NearTable::class_hash`]).
pub const ABSENT: u64 = 1;
pub const PENDING: u64 = 2;

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

    /// The goal alone, its states to be kept by class under the symmetries of `canon`, its
    /// filter sized for `classes` classes (a table deepened past them is built again with a
    /// larger one: see [`NearTable::deepen`]).
    pub fn reduced(goal: &State, canon: Arc<Canon>, classes: u64) -> NearTable {
        let mut scratch = CanonScratch::default();
        let f = canon.canonical(goal, &mut scratch);
        let mut t = NearTable::with_slots(1 << 10);
        t.insert(f, 0);
        let filter = ClassFilter::for_classes(classes);
        filter.insert(canon.class_hash(goal));
        t.filter = Some(filter);
        t.levels = vec![1];
        t.frontier = Some(Frontier::of(canon.representative(goal, &mut scratch)));
        t.canon = Some(canon);
        t
    }

    /// The symmetries its classes are taken under, if any.
    pub fn canon(&self) -> Option<&Arc<Canon>> {
        self.canon.as_ref()
    }

    /// A reduced table's hash of `s`'s class (its filter's word asked of the memory): the search
    /// asks [`NearTable::may_hold`] before it makes the representative. `None` if not reduced.
    #[inline]
    pub fn class_hash(&self, s: &State) -> Option<u64> {
        let (c, f) = (self.canon.as_ref()?, self.filter.as_ref()?);
        let h = c.class_hash(s);
        f.prefetch(h);
        Some(h)
    }

    /// Whether a class of hash `h` may be held (false: it is not).
    #[inline]
    pub fn may_hold(&self, h: u64) -> bool {
        self.filter.as_ref().is_none_or(|f| f.may_hold(h))
    }

    /// The filter's words (a reduced table's cache file keeps them beside its slots).
    pub fn filter_words(&self) -> Option<impl Iterator<Item = u64> + '_> {
        Some(self.filter.as_ref()?.words())
    }

    /// What `s` is looked up by: its fingerprint, or its representative's.
    #[inline]
    pub fn key(&self, s: &State, scratch: &mut CanonScratch) -> u64 {
        match &self.canon {
            Some(c) => c.canonical(s, scratch),
            None => fingerprint(s),
        }
    }

    fn with_slots(slots: usize) -> NearTable {
        // Look-ups land at random: 2 MB pages spare each a TLB miss (see `with_huge_pages`).
        let mut v = twisty::dist_table::fields::with_huge_pages(slots);
        v.extend((0..slots).map(|_| AtomicU64::new(0)));
        NearTable {
            slots: v.into(),
            shift: 64 - slots.trailing_zeros(),
            depth: 0,
            levels: Vec::new(),
            canon: None,
            frontier: None,
            filter: None,
        }
    }

    /// A table over its slots kept in a cache file (mapped copy-on-write: deepening it changes
    /// this process's copy, never the file), reduced by `canon` with its filter if given.
    pub fn from_slots(
        slots: AtomicWords,
        levels: Vec<u64>,
        reduced: Option<(Arc<Canon>, ClassFilter)>,
    ) -> Option<NearTable> {
        if !slots.len().is_power_of_two() || slots.len() < 2 || levels.is_empty() {
            return None;
        }
        let mut t = NearTable::with_slots(1);
        t.shift = 64 - slots.len().trailing_zeros();
        t.slots = slots;
        t.depth = levels.len() as u32 - 1;
        t.levels = levels;
        if let Some((canon, filter)) = reduced {
            t.canon = Some(canon);
            t.filter = Some(filter);
        }
        Some(t)
    }

    /// The slots as words (for a cache file).
    pub fn words(&self) -> impl Iterator<Item = u64> + '_ {
        self.slots.iter().map(|s| s.load(Relaxed))
    }

    pub fn entries(&self) -> u64 {
        self.levels.iter().sum()
    }

    /// The slots' bytes and the representatives kept to deepen it.
    pub fn bytes(&self) -> u64 {
        self.slots.len() as u64 * 8
            + self.frontier.as_ref().map_or(0, Frontier::bytes)
            + self.filter.as_ref().map_or(0, ClassFilter::bytes)
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
        // (`ABSENT`, `PENDING`.)
        if f & DEPTH_MASK != 0 {
            return None;
        }
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
    pub(super) fn insert(&self, f: u64, d: u32) -> bool {
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
    fn regrown(&mut self, slots: usize) -> NearTable {
        let t = NearTable {
            levels: self.levels.clone(),
            depth: self.depth,
            canon: self.canon.take(),
            frontier: self.frontier.take(),
            filter: self.filter.take(),
            ..NearTable::with_slots(slots)
        };
        for s in self.slots.iter() {
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
        if let Some(filter) = &self.filter {
            // A filter cannot grow (the hashes are not kept): past its classes the table is
            // built again from the goal, with a filter for the level after this one too. That
            // costs the levels before this one once more, a level's growth less than this one.
            let capacity = filter.capacity();
            let want = self.entries() + expect;
            let rebuilt = if capacity < want {
                let last = *self.levels.last().unwrap_or(&1) as f64;
                let growth = (self.next_level_estimate() as f64 / last.max(1.0)).max(2.0);
                let class_bytes = 12 + 2 * moves.goals[0].label.len() as u64;
                let most = (memory / class_bytes).max(want);
                self.refind(moves, memory, ((want as f64 * growth) as u64).min(most))
            } else if self.frontier.is_none() {
                self.refind(moves, memory, capacity)
            } else {
                true
            };
            if !rebuilt {
                return false;
            }
        }
        // A reduced table keeps the next level's representatives as states too.
        let width = match self.canon {
            Some(_) => 2 * moves.goals[0].label.len() as u64,
            None => 0,
        };
        let last = self.frontier.as_ref().map_or(0, |f| f.last.len() as u64);
        let filter_bytes = self.filter.as_ref().map_or(0, ClassFilter::bytes);
        // States of the level an attempt that ran out of room inserted.
        let mut found = 0;
        loop {
            let need = NearTable::slots_for(self.entries() + found + expect);
            if need as u64 * 8 + last + (found + expect) * width + filter_bytes > memory {
                return false;
            }
            if need > self.slots.len() {
                *self = self.regrown(need);
            }
            let limit = (self.slots.len() as f64 * 0.9) as u64 - self.entries() - found;
            let added = match self.canon.clone() {
                Some(c) => {
                    let mut f = self.frontier.take().unwrap_or_default();
                    let added = self.add_class_level(&c, moves, &mut f, limit);
                    self.frontier = Some(f);
                    added
                }
                None => self.add_level(moves, limit),
            };
            match added {
                Ok(n) => {
                    let n = found + n;
                    self.levels.push(n);
                    self.depth += 1;
                    self.next_frontier(width, memory);
                    return n > 0;
                }
                // The estimate was short: grow more and finish the level.
                Err(n) => {
                    found += n;
                    expect = expect * 2 + (self.slots.len() as u64) / 4;
                }
            }
        }
    }

    /// The level just found becomes the frontier; none is kept where the next level could not fit
    /// in `memory` beside it (it could not be used).
    fn next_frontier(&mut self, width: u64, memory: u64) {
        let Some(f) = &mut self.frontier else {
            return;
        };
        f.last = std::mem::take(&mut f.next);
        let next = self.next_level_estimate();
        let need = NearTable::slots_for(self.entries() + next) as u64 * 8;
        if need + (self.levels[self.levels.len() - 1] + next) * width > memory {
            self.frontier = None;
        }
    }

    /// A reduced table built again from the goal to its depth, its filter sized for `classes`
    /// (the table read from the cache, or whose frontier was let go, gets the representatives
    /// of its last level); false if the memory does not allow (the table is then as deep as it
    /// could be built).
    fn refind(&mut self, moves: &Moves, memory: u64, classes: u64) -> bool {
        let Some(canon) = self.canon.clone() else {
            return false;
        };
        let depth = self.depth;
        *self = NearTable::reduced(&moves.goals[0], canon, classes);
        while self.depth < depth {
            if !self.deepen(moves, memory) || self.frontier.is_none() {
                return false;
            }
        }
        true
    }

    /// A sequence of moves (indices into `perms`, forward) from `s`, whose distance the table
    /// holds, to the goal: at each step a move to a state one closer. `None` if a step is missing
    /// (a fingerprint collision) or the end is not solved.
    pub fn walk(
        &self,
        s: &State,
        perms: &[Perm],
        modulus: &[u8],
        is_goal: impl Fn(&State) -> bool,
    ) -> Option<Vec<usize>> {
        let mut scratch = CanonScratch::default();
        let mut d = self.get(self.key(s, &mut scratch))?;
        let mut cur = s.clone();
        let mut next = s.clone();
        let mut path = Vec::new();
        while d > 0 {
            let m = (0..perms.len()).find(|&m| {
                cur.apply_into(&perms[m], modulus, &mut next);
                self.get(self.key(&next, &mut scratch)) == Some(d - 1)
            })?;
            cur.apply_into(&perms[m], modulus, &mut next);
            std::mem::swap(&mut cur, &mut next);
            path.push(m);
            d -= 1;
        }
        is_goal(&cur).then_some(path)
    }
}
