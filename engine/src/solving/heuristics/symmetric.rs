//! The table reduced by symmetry ([`crate::tables::sym_pdb`]) among the heuristics: looked for
//! once a search is long enough, opened from the cache, built when it pays, and the pairs it makes
//! redundant left out.

use super::notes::{count, Step};
use super::pairs::{coord_name, WHOLE_AT};
use super::Heuristics;
use crate::model::{Perm, Puzzle};
use crate::tables::floored::Floored;
use crate::tables::sym_pdb::{self, SymPdb};
use std::time::Instant;
use twisty::file_lock::Waited;

pub(super) const SYM_NAME: &str = "engine symmetry-reduced pattern database, 2 or 4 bits";
pub(super) const SYM_CLASSES_NAME: &str = "engine symmetry classes";

/// The symmetry-reduced table is looked for once an iteration is expected to visit this many
/// nodes (finding the symmetries is not free, and dearest on the largest puzzles), built without
/// its last levels when an iteration is expected to visit half its entries (its classes and first
/// levels cost the 3x3x3 more than a short search such as its 13-move row wins back), and whole by
/// the rule of the pairs ([`WHOLE_AT`]), or at once when a cache folder will keep it.
pub(super) const SYM_PLAN_AT: f64 = (1u64 << 22) as f64;
pub(super) const SYM_AT: f64 = 0.5;
/// Its entries at most (4 bits each: 128 MB).
pub(super) const SYM_LIMIT: usize = 1 << 28;

/// Where the symmetry-reduced table stands.
pub(super) enum SymStep {
    /// Not looked for yet (what it is looked for in: the puzzle, its moves, their names).
    Unplanned(Box<(Puzzle, Vec<Perm>, Vec<String>)>),
    /// Chosen (for this puzzle), not built yet.
    Planned(Box<(Puzzle, sym_pdb::plan::Plan)>),
    /// None to build, or built (whole or not: see the one in the bounds).
    Settled,
}

impl Heuristics {
    /// Looks for the symmetry-reduced table's plan; opens the table from the cache if kept there.
    /// Left out when it would not fit beside the tables there are.
    pub(super) fn plan_sym(&mut self) {
        let SymStep::Unplanned(what) = std::mem::replace(&mut self.sym, SymStep::Settled) else {
            return;
        };
        let (puzzle, perms, names) = *what;
        let t = Instant::now();
        let Some(plan) = sym_pdb::plan::choose(&puzzle, &perms, &names, SYM_LIMIT) else {
            let why = "no component's twists are closed under enough symmetries";
            self.notes
                .add("sym", Step::LeftOut, why, t.elapsed().as_secs_f64());
            return;
        };
        let name = sym_name(&puzzle, &plan);
        // Looked up through one view, it bounds no better than a pair of the same coordinates
        // (the FTO's edge and corner twists: taken instead of the corners' places with the edge
        // twists, it lost a pair and the search was slower).
        if let Some(x) = self.pair_covering(&plan) {
            let why = format!("looked up through one view, it says nothing {x} does not");
            self.notes
                .add(name, Step::LeftOut, why, t.elapsed().as_secs_f64());
            return;
        }
        let bytes = plan.estimate as u64 / 2 + plan.outer.size() as u64 * 4;
        let used = self.bounds.pattern_bytes() + self.bounds.near.bytes();
        if used + bytes > self.memory || bytes > self.near_memory {
            let why = format!(
                "{} do not fit beside the other tables",
                twisty::bytes::show(bytes as u128)
            );
            self.notes
                .add(name, Step::LeftOut, why, t.elapsed().as_secs_f64());
            return;
        }
        self.near_memory -= bytes;
        // (The classes are found, or read, only where a table is kept.)
        let kept = self.cache.as_ref().filter(|c| c.path("sym").exists());
        if let Some(c) = kept {
            let mut db = self.sym_classes(&puzzle, plan.clone());
            let size = db.size();
            if let Some(table) = Floored::open(c, "sym", SYM_NAME, size) {
                db.take_table(table);
                let why = "kept in the cache folder";
                self.notes
                    .add(name, Step::Opened, why, t.elapsed().as_secs_f64());
                // (A table kept without its last levels is completed when that pays.)
                self.beside_sym();
                self.bounds.sym = Some(db);
                return;
            }
        }
        self.sym = SymStep::Planned(Box::new((puzzle, plan)));
        // (Finding the plan is the table's time too.)
        self.notes.add(
            name,
            Step::Planned,
            "found from the symmetries",
            t.elapsed().as_secs_f64(),
        );
    }

    /// The pair taken whose coordinates include all of `plan`'s, where `plan` has one view.
    fn pair_covering(&self, plan: &sym_pdb::plan::Plan) -> Option<String> {
        if plan.views.len() != 1 {
            return None;
        }
        let (o, i) = (&plan.outer, &plan.inner);
        let coords: Vec<_> = [&o.places, &o.twists, &i.places, &i.twists]
            .into_iter()
            .flatten()
            .collect();
        let pair = self.chosen.iter().find(|(_, a, b)| {
            coords
                .iter()
                .all(|c| a.covers_coord(c) || b.covers_coord(c))
        })?;
        Some(pair.0.clone())
    }

    /// The symmetry-reduced table's classes (from the cache when kept there), its entries empty.
    fn sym_classes(&self, puzzle: &Puzzle, plan: sym_pdb::plan::Plan) -> SymPdb {
        let kept = self
            .cache
            .as_ref()
            .and_then(|c| c.read("symclasses", SYM_CLASSES_NAME, 64));
        SymPdb::new(puzzle, plan, self.moves, kept.map(|(w, _)| w))
    }

    /// Beside the symmetry-reduced table, the largest pair alone pays: the 3x3x3's corners do,
    /// its corner places with edge flips add nothing to the edge flips it has (as many nodes on
    /// the 14-move row, and a look-up less a node: docs/engine.md, "Optimal search").
    fn beside_sym(&mut self) {
        let first = self.first_pair;
        self.bounds
            .patterns
            .retain(|d| Some((d.outer.size, d.inner.size)) == first);
        let built = !self.bounds.patterns.is_empty();
        self.pending
            .retain(|p| Some((p.outer.size, p.inner.size)) == first);
        for p in &mut self.pending {
            p.completes = built.then_some(0);
        }
    }

    /// Builds the symmetry-reduced table when it pays (see [`SYM_PLAN_AT`]); true if it did.
    pub(super) fn prepare_sym(&mut self, nodes: f64, all: bool) -> bool {
        if matches!(self.sym, SymStep::Unplanned(_)) && (all || nodes >= SYM_PLAN_AT) {
            self.plan_sym();
        }
        let whole_wanted = |size: usize| nodes >= WHOLE_AT * size as f64;
        let db = match std::mem::replace(&mut self.sym, SymStep::Settled) {
            SymStep::Planned(p) if all || nodes >= SYM_AT * p.1.estimate as f64 => {
                let (puzzle, plan) = *p;
                self.beside_sym();
                self.sym_classes(&puzzle, plan)
            }
            SymStep::Settled => match self.bounds.sym.take() {
                Some(db) if !db.table.whole && whole_wanted(db.size()) => db,
                other => {
                    self.bounds.sym = other;
                    return false;
                }
            },
            other => {
                self.sym = other;
                return false;
            }
        };
        let mut db = db;
        let t = Instant::now();
        // A table kept in the cache is built whole: its last levels (four seconds for the
        // 3x3x3's) are paid once, and every later search is bounded a move higher in half its
        // states.
        let whole = self.cache.is_some() || whole_wanted(db.size());
        let name = |db: &SymPdb| {
            format!(
                "sym ({} classes, {} entries, {})",
                count(db.classes() as f64),
                count(db.size() as f64),
                views(db.views.len())
            )
        };
        // One build at a time: having waited for another process's, take what it kept.
        let lock = self.cache.as_ref().and_then(|c| c.lock("sym"));
        if let (Some(c), Some((_, Waited::Yes))) = (&self.cache, &lock) {
            let kept = Floored::open(c, "sym", SYM_NAME, db.size()).filter(|t| t.whole || !whole);
            if let Some(table) = kept {
                db.take_table(table);
                let why = "another process built it while this one waited";
                self.notes
                    .add(name(&db), Step::Opened, why, t.elapsed().as_secs_f64());
                self.bounds.sym = Some(db);
                return true;
            }
        }
        db.build(&self.goals, twisty::machine::threads(), whole);
        db.table.pack_if_kept(self.memory);
        let secs = t.elapsed().as_secs_f64();
        (self.reports.pattern)(db.size(), db.bytes(), secs);
        let why = if all {
            "every table is built at once in this run".to_string()
        } else {
            format!(
                "the next iteration was expected to visit {} nodes, about half its {} entries or more",
                count(nodes),
                count(db.size() as f64)
            )
        };
        self.notes.add(name(&db), Step::Built, why, secs);
        if let Some(c) = &self.cache {
            c.keep_table("sym", SYM_NAME, db.table.to_file());
            let classes = db.class_words();
            let entries = classes.len() as u64;
            c.keep_table(
                "symclasses",
                SYM_CLASSES_NAME,
                (entries, 64, Vec::new(), classes.into_iter()),
            );
        }
        self.bounds.sym = Some(db);
        true
    }
}

/// The symmetry-reduced table in the plan's notes, before it is built.
fn sym_name(puzzle: &Puzzle, plan: &sym_pdb::plan::Plan) -> String {
    let part = |f: &sym_pdb::plan::Factor| {
        let cs: Vec<String> = [&f.places, &f.twists]
            .into_iter()
            .flatten()
            .map(|c| coord_name(puzzle, c))
            .collect();
        cs.join(" with ")
    };
    format!(
        "sym ({} x {}, about {} entries, {})",
        part(&plan.outer),
        part(&plan.inner),
        count(plan.estimate as f64),
        views(plan.views.len())
    )
}

fn views(n: usize) -> String {
    if n == 1 {
        "1 view".into()
    } else {
        format!("{n} views")
    }
}
