//! The near table's growth: a level at a time while the search says it pays (`solver.rs`),
//! kept in the cache folder when it grew. Once a level would hold millions of states, the puzzle's
//! symmetries are looked for, and where there are some the table is built again by class
//! ([`crate::model::canonical`]).

use super::notes::{count, Step};
use super::{Heuristics, NEAR_NAME, NEAR_START};
use crate::model::canonical::Canon;
use crate::model::inverse::Inverter;
use crate::model::metric::{MoveSet, PairPruner};
use crate::model::symmetries;
use crate::model::{Perm, Puzzle, State};
use crate::tables::near_table::{self, ClassFilter, NearTable};
use std::sync::Arc;
use std::time::Instant;
use twisty::table_store::TableStore;

/// The cache's names for a near table kept by class, and for its filter.
pub(super) const CLASSES: &str = "nearclasses";
pub(super) const FILTER: &str = "nearfilter";
pub(super) const FILTER_NAME: &str = "engine near table's class filter";

/// The near table is built again by class once its next level is expected to hold this many
/// states. Below, the table of states is cheaper to look up (a fingerprint, where by class it
/// takes a class hash, and a representative for the states its filter lets through), and a short
/// search does not win that back: the 3x3x3's T-perm row was slower by class
/// (docs/engine.md, "Optimal search").
const BY_CLASS_AT: u64 = 1 << 22;

/// Symmetries a near table is reduced by at most: a look-up reads a position through each.
const MAX_SYMS: usize = 192;

/// The symmetries a near table of `puzzle` under `set` is reduced by: those found from the
/// definition that keep the goal, where it is one goal of distinct, untwisted pieces (else a
/// state's conjugates are not one state each) and they are a group of at most [`MAX_SYMS`].
pub(super) fn canon(puzzle: &Puzzle, set: &MoveSet) -> Option<Arc<Canon>> {
    // (The symmetries are not looked for where there could be no representatives.)
    if puzzle.goals().len() != 1 || Inverter::new(puzzle).is_none() {
        return None;
    }
    let found = symmetries::find(puzzle, &set.perms, &set.names);
    let all = found.elements(true, MAX_SYMS + 1);
    if found.keeping_order.to_u128() != Some(all.len() as u128) || all.len() > MAX_SYMS {
        return None;
    }
    Canon::new(puzzle, &all).map(Arc::new)
}

/// The near table in the plan's notes.
pub(super) fn name(near: &NearTable) -> String {
    let by = if near.canon().is_some() {
        " by class"
    } else {
        ""
    };
    format!(
        "near table{by} (to depth {}, {} entries)",
        near.depth,
        count(near.entries() as f64)
    )
}

impl Heuristics {
    /// Deepens the near table by a level if the memory allows (true if it did).
    /// Beside a symmetry-reduced table, the near table is deepened only while its floor stays
    /// three moves under that table's mean bound (9.5 for the 3x3x3's: it stays at depth 5, 16
    /// MB as states, 1 MB by class). Measured as states: depth 6 saved a little of a 16-move
    /// search, but reading it from the cache cost every later run more; depth 7 saved nothing for
    /// its time and memory (docs/engine.md, "Optimal search").
    pub fn deepen(&mut self) -> bool {
        let floor = self.bounds.near.depth + 2;
        if self
            .bounds
            .sym
            .as_ref()
            .is_some_and(|s| floor as f64 > s.table.mean() - 3.0)
        {
            return false;
        }
        if self.bounds.near.next_level_estimate() >= BY_CLASS_AT {
            self.by_class();
        }
        let t = Instant::now();
        if !self.bounds.near.deepen(&self.near_moves, self.near_memory) {
            return false;
        }
        let n = &self.bounds.near;
        let secs = t.elapsed().as_secs_f64();
        let new = *n.levels.last().unwrap_or(&0);
        if new >= 1 << 12 {
            self.state_secs = secs / new as f64;
        }
        (self.reports.near)(n.depth, n.entries(), n.bytes(), secs);
        let why = format!(
            "the next iteration was expected to cost over twice the level's {} states",
            count(new as f64)
        );
        self.notes.add(name(n), Step::Deepened, why, secs);
        true
    }

    /// Builds the near table again by class (to its depth) where the puzzle has symmetries,
    /// unless done; true if it is by class.
    pub fn by_class(&mut self) -> bool {
        if let Some(source) = self.near_source.take() {
            self.reduce_near(&source.0, &source.1);
        }
        self.bounds.near.canon().is_some()
    }

    /// The near table built again by class, to its depth, where the puzzle has symmetries.
    fn reduce_near(&mut self, puzzle: &Puzzle, set: &MoveSet) {
        let Some(canon) = canon(puzzle, set) else {
            return;
        };
        let t = Instant::now();
        let depth = self.bounds.near.depth;
        // (The filter is sized for the levels there are; a deeper one builds them again.)
        let classes = self.bounds.near.entries() * 2;
        let mut near = NearTable::reduced(&self.goals[0], canon, classes);
        while near.depth < depth && near.deepen(&self.near_moves, self.near_memory) {}
        if near.depth < depth {
            return;
        }
        let secs = t.elapsed().as_secs_f64();
        // A class's moves are made once, each state made conjugated: a class costs several
        // states of the table of states. The next level's cost is taken from the levels just
        // built where there are enough of them to time (fewer take too little time to stand out
        // from a busy machine's noise).
        let entries = near.entries();
        self.state_secs = if entries >= 1 << 12 {
            secs / entries as f64
        } else {
            self.state_secs * 8.0
        };
        (self.reports.near)(near.depth, near.entries(), near.bytes(), secs);
        let why = "its next level would hold millions of states: kept by symmetry class from now";
        self.notes.add(name(&near), Step::Built, why, secs);
        self.bounds.near = near;
        self.kept_depth = 0;
    }

    /// Whether the near table's next level would be one of states, cheap to look up (not the
    /// level that has it built again by class, nor one of a table by class).
    pub fn next_level_by_states(&self) -> bool {
        let near = &self.bounds.near;
        near.canon().is_none() && near.next_level_estimate() < BY_CLASS_AT
    }

    /// Seconds a state of the near table's next level is expected to cost: as the last level
    /// measured (a few thousand states or more), else about 150 ns (the 3x3x3's on two cores).
    pub fn state_secs(&self) -> f64 {
        self.state_secs
    }

    /// Keeps the near table in the cache if it grew since it was read or last kept.
    pub fn keep(&mut self) {
        let near = &self.bounds.near;
        let Some(c) = &self.cache else {
            return;
        };
        if near.depth <= self.kept_depth {
            return;
        }
        let levels = near.levels.clone();
        let name = match near.filter_words() {
            Some(words) => {
                let n = words.count() as u64;
                let words = near.filter_words().into_iter().flatten();
                c.keep_table(FILTER, FILTER_NAME, (n, 64, Vec::new(), words));
                CLASSES
            }
            None => "near",
        };
        c.keep_table(
            name,
            NEAR_NAME,
            (near.words().count() as u64, 64, levels, near.words()),
        );
        self.kept_depth = near.depth;
    }
}

/// The near table's moves: it searches from the goal under the moves' inverses. Moves closed
/// under inverse are their own inverses as a set, so it searches under the moves themselves,
/// with the solver's pruner (building another was half a small puzzle's start).
pub(super) fn moves(
    set: &MoveSet,
    pruner: &PairPruner,
    (perms, inverses): (&[Perm], &[usize]),
    goals: &[State],
    modulus: Vec<u8>,
) -> near_table::Moves {
    let (inverse, pruner) = if perms.len() == set.perms.len() {
        (set.perms.clone(), pruner.clone())
    } else {
        let inverse: Vec<Perm> = inverses.iter().map(|&i| perms[i].clone()).collect();
        let inverse_set = MoveSet {
            names: vec![String::new(); inverse.len()],
            perms: inverse.clone(),
        };
        let pruner = PairPruner::new(&inverse_set, &modulus);
        (inverse, pruner)
    };
    near_table::Moves {
        goals: goals.to_vec(),
        inverse,
        pruner,
        modulus,
    }
}

/// The near table kept in the cache folder (mapped, if it fits in `memory`), or a new one with
/// its levels of at most [`NEAR_START`] states; told to `note`. Also whether it is kept by class.
pub(super) fn open_or_start(
    puzzle: &Puzzle,
    set: &MoveSet,
    (cache, near_moves): (Option<&TableStore>, &near_table::Moves),
    memory: u64,
    note: &mut impl FnMut(String, Step, String, f64),
) -> (NearTable, bool) {
    // A near table kept by class needs the symmetries to be read (found at once, then).
    let by_class = cache.is_some_and(|c| c.path(CLASSES).exists());
    let canon = if by_class { canon(puzzle, set) } else { None };
    let t = Instant::now();
    let kept = cache.and_then(|c| {
        let reduced = match &canon {
            Some(canon) => {
                let (words, _) = c.read(FILTER, FILTER_NAME, 64)?;
                Some((canon.clone(), ClassFilter::from_words(words)?))
            }
            None => None,
        };
        let name = if canon.is_some() { CLASSES } else { "near" };
        let (words, levels) = c.open_atomic(name, NEAR_NAME, 64)?;
        (words.len() as u64 * 8 <= memory)
            .then(|| NearTable::from_slots(words, levels, reduced))
            .flatten()
    });
    let opened = kept.is_some();
    let near = kept.unwrap_or_else(|| {
        let mut near = NearTable::new(&near_moves.goals);
        while near.next_level_estimate() <= NEAR_START && near.deepen(near_moves, memory) {}
        near
    });
    let (step, why) = if opened {
        (Step::Opened, "kept in the cache folder".to_string())
    } else {
        let why = format!(
            "its levels of at most {} states are built at once",
            count(NEAR_START as f64)
        );
        (Step::Built, why)
    };
    note(name(&near), step, why, t.elapsed().as_secs_f64());
    (near, by_class)
}
