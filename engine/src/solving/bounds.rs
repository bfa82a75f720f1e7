//! The search's lower bounds (the near table, pattern databases of whole components, one reduced
//! by symmetry and looked up through its views, single coordinates) and the key of a node they are
//! looked up by, carried from parent to child by move tables.

use crate::model::canonical::CanonScratch;
use crate::model::State;
use crate::tables::floored::{ByIndex, Floored};
use crate::tables::near_table::{fingerprint, NearTable, ABSENT, PENDING};
use crate::tables::pattern_db::PatternDb;
use crate::tables::space::Coord;
use crate::tables::sym_pdb::plan::MAX_VIEWS;
use crate::tables::sym_pdb::{SymPdb, ViewCoords};
use twisty::dist_table::depth::DepthTable;

/// The search's lower bounds: the near table, pattern databases of whole components, one reduced
/// by the symmetries (looked up through its views), and of single coordinates.
pub struct Bounds {
    pub near: NearTable,
    pub patterns: Vec<PatternDb>,
    pub sym: Option<SymPdb>,
    pub pdbs: Vec<(Coord, DepthTable)>,
    /// Single coordinates too large for a byte a value (a grid's pairing), at 4 bits.
    pub wide: Vec<(Coord, Floored)>,
    /// Whether states are bounded by their inverses too (through `sym`, where the puzzle has
    /// inverses: one goal, each piece once): a state and its inverse are as far from the goal.
    pub inverse: bool,
}

/// Pattern databases of whole components a search uses at most (their coordinates ride along
/// in every node's [`Key`]).
pub const MAX_PATTERNS: usize = 2;

/// What a node's bounds are looked up by: its fingerprint (the near table) and the coordinates of
/// each pattern database, carried from parent to child by move tables.
#[derive(Clone, Copy, Default)]
pub struct Key {
    pub f: u64,
    /// The class hash (a near table reduced by symmetry), while `f` is [`PENDING`].
    pub bag: u64,
    pub pat: [[u32; 2]; MAX_PATTERNS],
    pub views: [ViewCoords; MAX_VIEWS],
    /// Each view's entry (found after the views' class words are in the cache: [`Bounds::locate`]).
    pub entries: [u32; MAX_VIEWS],
}

impl Bounds {
    /// The key of a state, from scratch.
    pub fn key(&self, s: &State) -> Key {
        let mut k = Key {
            f: self.near.key(s, &mut CanonScratch::default()),
            ..Key::default()
        };
        for (c, p) in k.pat.iter_mut().zip(&self.patterns) {
            *c = p.coords(s);
        }
        if let Some(t) = &self.sym {
            k.views = t.view_coords(s);
            t.locate(&k.views, &mut k.entries);
        }
        k
    }

    /// Finds the entries of a key's views (after [`Bounds::child_key`], which asked the memory for
    /// their class words), and asks the memory for them.
    #[inline]
    pub fn locate(&self, k: &mut Key) {
        if let Some(t) = &self.sym {
            t.locate(&k.views, &mut k.entries);
        }
    }

    /// Makes `kid` the key of the child by move `m` of the node of key `parent` (its fingerprint
    /// left 0: [`Bounds::fill`]): the pattern coordinates, their entries asked of the memory at
    /// once, to be there when they are read. The views follow ([`Bounds::child_views`]) where the
    /// patterns let the child through. (Written in place: the views are not copied for nothing.)
    #[inline]
    pub fn child_key(&self, parent: &Key, m: usize, kid: &mut Key) {
        kid.f = 0;
        for ((c, &from), p) in kid.pat.iter_mut().zip(&parent.pat).zip(&self.patterns) {
            *c = p.step(from, m);
            p.prefetch(p.index(*c));
        }
    }

    /// The views' coordinates of the child by move `m`, their class words asked of the memory.
    #[inline]
    pub fn child_views(&self, parent: &Key, m: usize, kid: &mut Key) {
        if let Some(t) = &self.sym {
            kid.views = parent.views;
            t.step_all(&mut kid.views, m);
        }
    }

    /// Completes a key with the state's fingerprint and asks the memory for its slot; of a near
    /// table reduced by symmetry, with its class hash ([`Bounds::resolve`] follows) and asks for
    /// the filter's word. A child with more than the table's depth left (`budget`) is not looked
    /// up: the table could not cut it, and a search below it finds what the table would.
    #[inline]
    pub fn fill(&self, k: &mut Key, s: &State, budget: u32) {
        if budget > self.near.depth {
            k.f = ABSENT;
            return;
        }
        match self.near.class_hash(s) {
            Some(h) => {
                k.f = PENDING;
                k.bag = h;
            }
            None => {
                k.f = fingerprint(s);
                self.near.prefetch(k.f);
            }
        }
    }

    /// Completes a key [`Bounds::fill`] left pending: where the filter may hold the class, the
    /// representative's fingerprint (its slot asked for), else [`ABSENT`].
    #[inline]
    pub fn resolve(&self, k: &mut Key, s: &State, scratch: &mut CanonScratch) {
        if k.f != PENDING {
            return;
        }
        k.f = if self.near.may_hold(k.bag) {
            let f = self.near.key(s, scratch);
            self.near.prefetch(f);
            f
        } else {
            ABSENT
        };
    }

    /// The pattern databases' bound alone (the whole-component ones, then the views of the one
    /// reduced by symmetry), as soon as it passes `budget`.
    #[inline]
    pub fn pattern_bound(&self, k: &Key, budget: u32) -> u32 {
        let h = self.component_bound(k, budget);
        if h > budget {
            return h;
        }
        h.max(self.views_bound(k, budget))
    }

    /// The whole-component pattern databases' bound, as soon as it passes `budget`.
    #[inline]
    pub fn component_bound(&self, k: &Key, budget: u32) -> u32 {
        let mut h = 0;
        for (p, &c) in self.patterns.iter().zip(&k.pat) {
            h = h.max(p.get(p.index(c)));
            if h > budget {
                return h;
            }
        }
        h
    }

    /// The bound of the views of the table reduced by symmetry (their entries located).
    #[inline]
    pub fn views_bound(&self, k: &Key, budget: u32) -> u32 {
        self.sym.as_ref().map_or(0, |t| t.bound(&k.entries, budget))
    }

    /// The bytes of the pattern databases.
    pub fn pattern_bytes(&self) -> u64 {
        let singles: u64 = self.pdbs.iter().map(|(c, _)| c.size as u64).sum();
        let wide: u64 = self.wide.iter().map(|(_, t)| t.bytes()).sum();
        let sym = self.sym.as_ref().map_or(0, SymPdb::bytes);
        singles + wide + sym + self.patterns.iter().map(PatternDb::bytes).sum::<u64>()
    }

    /// A lower bound on the moves from `s` (fingerprint `f`) to the goal, and whether it is exact;
    /// once it passes `budget` the rest are not looked at (the node is cut either way). Most
    /// nodes are a few moves above the threshold, where only the near table can let them
    /// through, so the pattern databases are seldom asked.
    #[inline]
    pub fn of(&self, s: &State, k: &Key, budget: u32) -> (u32, bool) {
        self.of_after(s, k, budget, None)
    }

    /// [`Bounds::of`], the pattern databases' bound given when known ([`Bounds::pattern_bound`]).
    #[inline]
    pub fn of_after(&self, s: &State, k: &Key, budget: u32, patterns: Option<u32>) -> (u32, bool) {
        let (mut h, exact) = self.near.bound(k.f);
        if exact || h > budget {
            return (h, exact);
        }
        let near = h;
        h = h.max(match patterns {
            Some(p) => p,
            None => self.pattern_bound(k, budget),
        });
        if h > budget {
            return (h, false);
        }
        for (c, t) in &self.pdbs {
            // One that never says more than the near table is not asked.
            if t.distribution.len() as u32 <= near {
                continue;
            }
            h = h.max(t.get(c.value(s)).map_or(u32::MAX, u32::from));
            if h > budget {
                return (h, false);
            }
        }
        for (c, t) in &self.wide {
            h = h.max(t.get(c.value(s)));
            if h > budget {
                break;
            }
        }
        (h, false)
    }
}
