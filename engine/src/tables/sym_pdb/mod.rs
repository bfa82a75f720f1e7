//! Pattern databases reduced by the puzzle's symmetries, looked up through several views.
//!
//! The table is over (outer, inner): the outer part is one component's places of a set of pieces
//! with its twists, the inner another component's twists ([`plan`]); for the 3x3x3 that is
//! Kociemba's (slice edges, edge flips) x corner twists, 2.2 billion states. A symmetry that keeps
//! the parts closed (the 16 that keep the U-D axis) maps a state to one at the same distance, so
//! the outer values fall into classes (64,430 instead of 1,013,760) and the table holds one entry
//! per (class, inner): 141 million, 4 bits each. A state is looked up through the symmetry that
//! takes its outer value to the class's representative, the inner conjugated by it. The library's
//! BFS fills it ([`twisty::dist_table::sym_table::ClassGraph`]: the entries a representative's own
//! symmetries make equal are set together).
//!
//! The other symmetries do not reduce the table but show the state from other sides: the cube's
//! table tracks the U-D slice; seen through a rotation that takes R to U, the same table bounds
//! the R-L slice. A search carries each view's coordinates from node to node by move tables (the
//! move seen through the view), and takes the highest bound.

pub mod plan;
mod value_classes;

use crate::model::inverse::{Conjugator, Inverter};
use crate::model::perm_group::Slots;
use crate::model::symmetries::conjugate_state;
use crate::model::symmetries::Symmetry;
use crate::model::{Puzzle, State};
use crate::tables::floored::{ByIndex, Floored};
use crate::tables::space::{Conjugation, Coord};
use plan::{Factor, Plan, MAX_VIEWS};
use twisty::dist_table::sym_table::{ClassGraph, SymSpace};
use value_classes::{Classes, SYM_BITS};

/// A view's coordinates: the outer's places and twists, the inner's twists.
pub type ViewCoords = [u32; 3];

/// One side the state is seen from: the moves as they look through it, and the symmetry.
pub struct View {
    /// What each move becomes (a puzzle may have more than 256 moves).
    pub moves: Vec<u16>,
    pub sigma: Vec<u16>,
}

pub struct SymPdb {
    places: Option<Coord>,
    twists: Option<Coord>,
    inner: Coord,
    moves: usize,
    /// Per outer value: its class, and the symmetry taking it to the class's representative.
    class_sym: Vec<u32>,
    reps: Vec<u32>,
    self_syms: Vec<u64>,
    /// `inner_conj[s * inner + i]`.
    inner_conj: Vec<u32>,
    twists_size: usize,
    pub views: Vec<View>,
    goal: State,
    slots: Slots,
    all_moves: Vec<usize>,
    /// The entries (4 bits each, the last levels perhaps left to a floor).
    pub table: Floored,
    /// The states' inverses, where the puzzle has them, and each view's conjugation (none for
    /// a view through the identity).
    inverse: Option<(Inverter, Vec<Option<Conjugator>>)>,
}

/// What [`SymPdb::inverse_view`] writes in: an inverse seen through a view, positions.
#[derive(Default)]
pub struct InverseScratch {
    seen: State,
    at: Vec<u16>,
}

impl InverseScratch {
    fn fit(&mut self, s: &State) {
        if self.seen.label.len() != s.label.len() {
            self.seen = s.clone();
            self.at = vec![0; s.label.len()];
        }
    }
}

/// A missing coordinate's move table: one value, which every move keeps.
fn table_of(c: &Option<Coord>) -> Option<&[u32]> {
    c.as_ref().and_then(|c| c.move_table())
}

impl ByIndex for SymPdb {
    fn floored(&self) -> &Floored {
        &self.table
    }
}

impl SymPdb {
    /// The classes and move tables of `plan` under `moves` moves, the table empty; the classes
    /// are taken from `kept` ([`SymPdb::class_words`]) when they fit.
    pub fn new(puzzle: &Puzzle, plan: Plan, moves: usize, kept: Option<Vec<u64>>) -> SymPdb {
        let Plan {
            outer,
            inner,
            syms,
            views,
            ..
        } = plan;
        let Factor {
            mut places,
            mut twists,
            images,
        } = outer;
        for c in places.iter_mut().chain(twists.iter_mut()) {
            c.tabulate();
        }
        let mut inner_coord = inner.twists.expect("an inner part of twists");
        inner_coord.tabulate();
        let twists_size = twists.as_ref().map_or(1, |c| c.size);
        let outer_size = places.as_ref().map_or(1, |c| c.size) * twists_size;
        let kept = kept.and_then(|w| Classes::from_words(&w, outer_size, syms.len()));
        let Classes {
            class_sym,
            reps,
            self_syms,
        } = kept.unwrap_or_else(|| {
            Classes::find(places.as_ref(), twists.as_ref(), &images, &inverses(&syms))
        });
        let mut scratch: [Vec<u8>; 4] = Default::default();
        let isize = inner_coord.size;
        let mut inner_conj = vec![0u32; syms.len() * isize];
        for s in 0..syms.len() {
            let c = Conjugation {
                places: None,
                twists: Some(&inner_coord),
                image: &inner.images[s],
            };
            for i in 0..isize {
                inner_conj[s * isize + i] = c.values(0, i, &mut scratch).1 as u32;
            }
        }
        let slots = Slots::of(puzzle);
        let conjugators: Vec<Option<Conjugator>> = views
            .iter()
            .map(|v| {
                let identity = v.slots.iter().enumerate().all(|(x, &y)| x == y as usize);
                (!identity)
                    .then(|| Conjugator::new(puzzle, &slots, &v.slots))
                    .flatten()
            })
            .collect();
        let views = views
            .into_iter()
            .map(|v| View {
                moves: v.image.iter().map(|&m| m as u16).collect(),
                sigma: v.slots,
            })
            .collect();
        SymPdb {
            places,
            twists,
            inner: inner_coord,
            moves,
            class_sym,
            reps,
            self_syms,
            inner_conj,
            twists_size,
            views,
            goal: puzzle.goal.clone(),
            slots: Slots::of(puzzle),
            all_moves: (0..moves).collect(),
            table: Floored::empty(),
            inverse: Inverter::new(puzzle).map(|i| (i, conjugators)),
        }
    }

    /// Whether [`SymPdb::inverse_views`] can bound states.
    pub fn has_inverse(&self) -> bool {
        self.inverse.is_some()
    }

    /// Writes the inverse of `s` into `out` (false, nothing written, where the puzzle has no
    /// inverses); [`SymPdb::inverse_view`] sees it through the views.
    #[inline]
    pub fn invert(&self, s: &State, out: &mut State) -> bool {
        match &self.inverse {
            Some((inverter, _)) => {
                inverter.invert_into(s, out);
                true
            }
            None => false,
        }
    }

    /// The entry of view `v` of an inverse made by [`SymPdb::invert`], asked of the memory after
    /// its class word (read at once: the caller makes several before reading any entry).
    #[inline]
    pub fn inverse_view(&self, v: usize, inverse: &State, scratch: &mut InverseScratch) -> u32 {
        let c = match self
            .inverse
            .as_ref()
            .and_then(|(_, views)| views[v].as_ref())
        {
            None => self.coords(inverse),
            Some(conj) => {
                scratch.fit(inverse);
                conj.conjugate_into(inverse, &mut scratch.at, &mut scratch.seen);
                self.coords(&scratch.seen)
            }
        };
        let i = self.index(c);
        self.prefetch(i);
        i as u32
    }

    /// Entries of the table (classes x inner values).
    pub fn size(&self) -> usize {
        self.reps.len() * self.inner.size
    }

    pub fn classes(&self) -> usize {
        self.reps.len()
    }

    /// Fills the table from `goals` (moves closed under inverse); unless `whole`, the last
    /// levels are left to the floor, as [`crate::tables::pattern_db::PatternDb::build`] does.
    pub fn build(&mut self, goals: &[State], threads: usize, whole: bool) {
        let mut starts: Vec<usize> = goals.iter().map(|g| self.index(self.coords(g))).collect();
        starts.sort_unstable();
        starts.dedup();
        let graph = ClassGraph(&*self);
        self.table = Floored::build(&graph, &starts, self.moves, threads, whole, true);
    }

    /// The coordinates of a state (the first view's).
    pub fn coords(&self, s: &State) -> ViewCoords {
        [
            self.places.as_ref().map_or(0, |c| c.value(s)) as u32,
            self.twists.as_ref().map_or(0, |c| c.value(s)) as u32,
            self.inner.value(s) as u32,
        ]
    }

    /// Every view's coordinates of a state (up to [`MAX_VIEWS`]).
    pub fn view_coords(&self, s: &State) -> [ViewCoords; MAX_VIEWS] {
        let mut out = [[0; 3]; MAX_VIEWS];
        for (o, v) in out.iter_mut().zip(&self.views) {
            *o = self.coords(&conjugate_state(&self.goal, &self.slots, &v.sigma, s));
        }
        out
    }

    /// A view's coordinates after move `m` (the search's move; the view sees another).
    #[inline]
    pub fn step(&self, view: usize, c: ViewCoords, m: usize) -> ViewCoords {
        let m = self.views[view].moves[m] as usize;
        let next = |t: Option<&[u32]>, v: u32| t.map_or(0, |t| t[v as usize * self.moves + m]);
        [
            next(table_of(&self.places), c[0]),
            next(table_of(&self.twists), c[1]),
            next(self.inner.move_table(), c[2]),
        ]
    }

    /// The entry of a view's coordinates: the class of the outer value, the inner conjugated.
    #[inline]
    pub fn index(&self, c: ViewCoords) -> usize {
        let cs = self.class_sym[c[0] as usize * self.twists_size + c[1] as usize];
        let (class, s) = (
            (cs >> SYM_BITS) as usize,
            (cs & ((1 << SYM_BITS) - 1)) as usize,
        );
        class * self.inner.size + self.inner_conj[s * self.inner.size + c[2] as usize] as usize
    }

    /// Takes a table kept in a file ([`Floored::open`], opened for [`SymPdb::size`] entries).
    pub fn take_table(&mut self, table: Floored) {
        debug_assert_eq!(table.size(), self.size());
        self.table = table;
    }

    /// The classes as words (for a cache file).
    pub fn class_words(&self) -> Vec<u64> {
        Classes::to_words(&self.class_sym, &self.reps, &self.self_syms)
    }

    pub fn bytes(&self) -> u64 {
        self.table.bytes() + self.class_sym.len() as u64 * 4
    }

    /// The bound of a key's views (their entries found by [`SymPdb::locate`]): the highest, or
    /// the first above `budget`.
    #[inline]
    pub fn bound(&self, entries: &[u32; MAX_VIEWS], budget: u32) -> u32 {
        let mut h = 0;
        for &i in &entries[..self.views.len()] {
            h = h.max(self.get(i as usize));
            if h > budget {
                break;
            }
        }
        h
    }

    /// Each view's coordinates after move `m`; their class words are asked of the memory (the
    /// entries follow from them: [`SymPdb::locate`]).
    #[inline]
    pub fn step_all(&self, views: &mut [ViewCoords; MAX_VIEWS], m: usize) {
        for (v, c) in views[..self.views.len()].iter_mut().enumerate() {
            *c = self.step(v, *c, m);
            let o = c[0] as usize * self.twists_size + c[1] as usize;
            twisty::prefetch::prefetch(&self.class_sym[o]);
        }
    }

    /// Each view's entry, asked of the memory.
    #[inline]
    pub fn locate(&self, views: &[ViewCoords; MAX_VIEWS], entries: &mut [u32; MAX_VIEWS]) {
        for (e, c) in entries.iter_mut().zip(&views[..self.views.len()]) {
            let i = self.index(*c);
            self.prefetch(i);
            *e = i as u32;
        }
    }
}

impl SymSpace for SymPdb {
    fn classes(&self) -> usize {
        self.reps.len()
    }

    fn others(&self) -> usize {
        self.inner.size
    }

    fn moves(&self) -> &[usize] {
        &self.all_moves
    }

    #[inline]
    fn neighbour(&self, class: usize, other: usize, m: usize) -> (usize, usize) {
        let o = self.reps[class] as usize;
        let c = [
            (o / self.twists_size) as u32,
            (o % self.twists_size) as u32,
            other as u32,
        ];
        let next = |t: Option<&[u32]>, v: u32| t.map_or(0, |t| t[v as usize * self.moves + m]);
        let n = [
            next(table_of(&self.places), c[0]),
            next(table_of(&self.twists), c[1]),
            next(self.inner.move_table(), c[2]),
        ];
        let i = self.index(n);
        (i / self.inner.size, i % self.inner.size)
    }

    fn self_syms(&self, class: usize) -> u64 {
        self.self_syms[class]
    }

    fn conjugate(&self, _class: usize, other: usize, s: usize) -> usize {
        self.inner_conj[s * self.inner.size + other] as usize
    }
}

/// The inverse of each symmetry (by its action on the moves).
fn inverses(syms: &[Symmetry]) -> Vec<usize> {
    syms.iter()
        .map(|s| {
            syms.iter()
                .position(|t| (0..s.image.len()).all(|m| t.image[s.image[m]] == m))
                .unwrap_or(0)
        })
        .collect()
}
