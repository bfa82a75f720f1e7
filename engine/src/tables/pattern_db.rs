//! Pattern databases over several coordinates at once: the distances of the pair (outer, inner),
//! each a [`Part`]: one coordinate, or where one component's pieces are *and* how they are turned.
//! The 3x3x3's corners (8! x 3^7 = 88 million states, 4 bits each, 44 MB) are Korf's first table;
//! their two coordinates alone bound a state by at most 8 and 6 moves, together by up to 11. The
//! skewb's two corner tetrads (972 x 972) and the pyraminx's edges with a tetrad of corners pair
//! whole orbits.
//!
//! The table is the library's BFS over the product of the parts' move tables, on every core, 4
//! bits a state (the distance, 14 meaning "14 or more"). It is built only for moves closed under
//! inverse: then the BFS from the goal under the moves gives the distances *to* the goal that a
//! search needs.

use crate::model::State;
use crate::tables::flat::Flat;
use crate::tables::floored::{ByIndex, Floored};
use crate::tables::space::{Coord, TrackedTwists};
use twisty::dist_table::Graph;
use twisty::table_store::TableStore;

/// Bits a state.
pub const BITS: u32 = crate::tables::floored::BITS;

/// The cache's name for a table of tracked pieces' move tables ([`PatternDb::keep_moves`]).
const MOVES_NAME: &str = "engine move tables of tracked pieces";

/// Parts up to this many values (their move tables are built when a table needs them).
const PART_LIMIT: usize = 1 << 20;

/// One side of a pattern database: one coordinate, or the arrangement and the orientations of one
/// component (most significant first), or the twists of the pieces the other side follows
/// ([`TrackedTwists`]: their move depends on where those pieces are, the other side's value).
#[derive(Clone)]
pub struct Part {
    coords: Vec<Coord>,
    pub size: usize,
    /// `table[v * moves + m]`, made by [`Part::tabulate`] (none for tracked twists).
    table: Flat<u32>,
    tracked: Option<Box<TrackedTwists>>,
}

impl Part {
    fn new(coords: Vec<Coord>) -> Part {
        let size = coords.iter().map(|c| c.size).product();
        Part {
            coords,
            size,
            table: Flat::default(),
            tracked: None,
        }
    }

    /// The pair of some pieces of a component: where they are (the outer part), how they are
    /// turned (the inner). See [`crate::tables::space::tracked_parts`].
    pub fn tracked_pair(places: Coord, twists: TrackedTwists) -> (Part, Part) {
        let inner = Part {
            coords: Vec::new(),
            size: twists.size,
            table: Flat::default(),
            tracked: Some(Box::new(twists)),
        };
        (Part::new(vec![places]), inner)
    }

    /// Whether the part is the twists of tracked pieces.
    pub fn is_tracked_twists(&self) -> bool {
        self.tracked.is_some()
    }

    /// The part's value of a state.
    #[inline]
    pub fn value(&self, s: &State) -> usize {
        if let Some(t) = &self.tracked {
            return t.value(s);
        }
        self.coords.iter().fold(0, |v, c| v * c.size + c.value(s))
    }

    /// Whether the part has coordinate `c` (the same positions, kind and size: where six edges
    /// are is not where all twelve are).
    pub fn covers_coord(&self, c: &Coord) -> bool {
        self.coords
            .iter()
            .any(|d| d.positions() == c.positions() && d.is_ori() == c.is_ori() && d.size == c.size)
    }

    pub fn coords(&self) -> &[Coord] {
        &self.coords
    }

    /// Whether two parts share no coordinate.
    pub fn disjoint(&self, other: &Part) -> bool {
        other.coords.iter().all(|c| !self.covers_coord(c))
    }

    /// Makes the move table, `moves` moves a row.
    fn tabulate(&mut self, moves: usize) {
        if let Some(t) = &mut self.tracked {
            t.tabulate();
            return;
        }
        if !self.table.is_empty() {
            return;
        }
        for c in &mut self.coords {
            c.tabulate();
        }
        let tables: Vec<&[u32]> = self
            .coords
            .iter()
            .map(|c| {
                c.move_table()
                    .expect("parts are small enough for move tables")
            })
            .collect();
        let mut t = vec![0u32; self.size * moves];
        for v in 0..self.size {
            // The digits of v, most significant first.
            let mut rest = v;
            let mut digits = vec![0usize; self.coords.len()];
            for (d, c) in digits.iter_mut().zip(&self.coords).rev() {
                *d = rest % c.size;
                rest /= c.size;
            }
            for m in 0..moves {
                let mut next = 0;
                for ((c, table), &d) in self.coords.iter().zip(&tables).zip(&digits) {
                    next = next * c.size + table[d * moves + m] as usize;
                }
                t[v * moves + m] = next as u32;
            }
        }
        self.table = t.into();
    }
}

/// The parts of `coords`: every coordinate, and each component's arrangement with its
/// orientations, up to a million values.
pub fn parts(coords: &[Coord]) -> Vec<Part> {
    let mut out: Vec<Part> = coords
        .iter()
        .filter(|c| c.size <= PART_LIMIT)
        .map(|c| Part::new(vec![c.clone()]))
        .collect();
    for a in coords {
        for b in coords {
            let joint = !a.is_ori() && b.is_ori() && a.positions() == b.positions();
            if joint && a.size * b.size <= PART_LIMIT {
                out.push(Part::new(vec![a.clone(), b.clone()]));
            }
        }
    }
    out
}

/// The pairs of parts (indices into `parts`, the larger first) that make pattern databases of
/// at most `limit` states, the largest first: parts that share no coordinate, neither inside the
/// other (a component's arrangement is inside its joint part).
pub fn pairs(parts: &[Part], limit: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (i, a) in parts.iter().enumerate() {
        for (j, b) in parts.iter().enumerate() {
            let size = a.size.saturating_mul(b.size);
            let ordered = (a.size, i) > (b.size, j);
            if ordered && size <= limit && a.disjoint(b) {
                out.push((i, j));
            }
        }
    }
    out.sort_by_key(|&(i, j)| std::cmp::Reverse(parts[i].size * parts[j].size));
    out
}

/// The bytes a table of `outer` x `inner` takes (with the move tables of tracked pieces, which
/// are as large as a table: the 3x3x3's six edges' 665,280 places x 18 moves x 5 bytes).
pub fn bytes_for(outer: &Part, inner: &Part, moves: usize) -> u64 {
    let tables = inner
        .tracked
        .as_ref()
        .map_or(0, |t| t.bytes() + outer.size as u64 * moves as u64 * 4);
    (outer.size as u64 * inner.size as u64).div_ceil(64 / BITS as u64) * 8 + tables
}

/// The next inner value after move `m`, from outer value `o`.
#[inline]
fn inner_next(inner: &Part, o: usize, i: usize, m: usize, moves: usize) -> usize {
    match &inner.tracked {
        Some(t) => t.step(i as u32, o as u32, m) as usize,
        None => inner.table[i * moves + m] as usize,
    }
}

/// The product of two parts as a graph for the library's BFS.
struct PairGraph<'a> {
    outer: &'a Part,
    inner: &'a Part,
    moves: usize,
}

impl Graph for PairGraph<'_> {
    fn size(&self) -> usize {
        self.outer.size * self.inner.size
    }

    #[inline]
    fn neighbors<F: FnMut(usize, usize)>(&self, s: usize, mut f: F) {
        let (o, i) = (s / self.inner.size, s % self.inner.size);
        let orow = o * self.moves;
        for m in 0..self.moves {
            let next = self.outer.table[orow + m] as usize * self.inner.size
                + inner_next(self.inner, o, i, m, self.moves);
            f(m, next);
        }
    }
}

/// The distances of the pairs of two parts' values (see the module's note).
pub struct PatternDb {
    pub outer: Part,
    pub inner: Part,
    moves: usize,
    pub table: Floored,
}

impl ByIndex for PatternDb {
    fn floored(&self) -> &Floored {
        &self.table
    }
}

impl PatternDb {
    /// The table of `outer` x `inner` (a pair from [`pairs`]) with `goals` at distance 0, under
    /// `moves` moves closed under inverse; `whole`: every level, else the last ones are left to
    /// the floor ([`Floored`]).
    pub fn build(
        mut outer: Part,
        mut inner: Part,
        goals: &[State],
        moves: usize,
        threads: usize,
        whole: bool,
    ) -> PatternDb {
        outer.tabulate(moves);
        inner.tabulate(moves);
        let mut starts: Vec<usize> = goals
            .iter()
            .map(|g| outer.value(g) * inner.size + inner.value(g))
            .collect();
        starts.sort_unstable();
        starts.dedup();
        let graph = PairGraph {
            outer: &outer,
            inner: &inner,
            moves,
        };
        let table = Floored::build(&graph, &starts, moves, threads, whole, false);
        PatternDb {
            outer,
            inner,
            moves,
            table,
        }
    }

    /// The two parts' values of a state.
    #[inline]
    pub fn coords(&self, s: &State) -> [u32; 2] {
        [self.outer.value(s) as u32, self.inner.value(s) as u32]
    }

    /// The values after move `m`, through the move tables (a search carries them from node to
    /// node: two look-ups instead of ranking the pieces).
    #[inline]
    pub fn step(&self, c: [u32; 2], m: usize) -> [u32; 2] {
        let (o, i) = (c[0] as usize, c[1] as usize);
        [
            self.outer.table[o * self.moves + m],
            inner_next(&self.inner, o, i, m, self.moves) as u32,
        ]
    }

    #[inline]
    pub fn index(&self, c: [u32; 2]) -> usize {
        c[0] as usize * self.inner.size + c[1] as usize
    }

    pub fn bytes(&self) -> u64 {
        self.table.bytes()
    }

    /// The database of `outer` x `inner` over a table kept in a file ([`Floored::open`], opened
    /// for that size).
    pub fn with_table(mut outer: Part, mut inner: Part, moves: usize, table: Floored) -> Self {
        outer.tabulate(moves);
        inner.tabulate(moves);
        PatternDb {
            outer,
            inner,
            moves,
            table,
        }
    }

    /// [`PatternDb::with_table`] for a table kept in `cache` as `what`: a table of tracked
    /// pieces maps its move tables from there too where [`PatternDb::keep_moves`] kept them
    /// (else makes them, and keeps them for the next run).
    pub fn opened(
        mut outer: Part,
        mut inner: Part,
        moves: usize,
        table: Floored,
        cache: &TableStore,
        what: &str,
    ) -> Self {
        let Some(t) = inner.tracked.as_deref_mut() else {
            return PatternDb::with_table(outer, inner, moves, table);
        };
        let places = format!("{what}-places");
        let steps = format!("{what}-steps");
        let rows = outer.size * moves;
        let kept = cache
            .open_words(&places, MOVES_NAME, 64)
            .and_then(|(w, _)| Flat::from_words(w, rows));
        let kept_steps = cache
            .open_words(&steps, MOVES_NAME, 64)
            .and_then(|(w, _)| Flat::from_words(w, rows));
        if let (Some(rows), Some(steps)) = (kept, kept_steps) {
            if t.tabulate_with(steps) {
                outer.table = rows;
                return PatternDb {
                    outer,
                    inner,
                    moves,
                    table,
                };
            }
        }
        let db = PatternDb::with_table(outer, inner, moves, table);
        db.keep_moves(cache, what);
        db
    }

    /// Keeps a table of tracked pieces' move tables in `cache` beside the table `what` (their
    /// making costs more than a search that uses them: [`PatternDb::opened`] maps them).
    pub fn keep_moves(&self, cache: &TableStore, what: &str) {
        let Some(t) = self.inner.tracked.as_deref() else {
            return;
        };
        let words = |n: usize, bytes: usize| (n * bytes).div_ceil(8) as u64;
        let rows = &self.outer.table;
        let places = format!("{what}-places");
        cache.keep_table(
            &places,
            MOVES_NAME,
            (words(rows.len(), 4), 64, Vec::new(), rows.words()),
        );
        let steps = t.steps();
        let name = format!("{what}-steps");
        cache.keep_table(
            &name,
            MOVES_NAME,
            (words(steps.len(), 1), 64, Vec::new(), steps.words()),
        );
    }
}
