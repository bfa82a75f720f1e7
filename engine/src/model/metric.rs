//! Metrics: which sequences count as one move, and the move pruner that keeps searches to one
//! canonical form of each sequence.
//!
//! - `moves`: every move the definition names (the article's turn set: U, D, /, U', D', z, z').
//! - `htm`: every power of each base move (U, U2, U') is one move.
//! - `qtm`: the base moves and their inverses are one move each; a half turn is `U U`.
//!
//! The pruner forbids, from the last two moves, a move that makes the last two or three reducible to
//! fewer moves of the metric (`U U'`; `U U2` in htm; `U U U` in qtm, where `U U` stays), and a move
//! that commutes with the one before it and comes earlier in the move list (`D U` is searched as
//! `U D` only). Any sequence can be rewritten into one these rules allow, never longer (reducing
//! shortens it, swapping commuting neighbours sorts it), so optimal answers survive the pruning.

use crate::model::{Move, Perm, Puzzle};
use std::collections::HashSet;
use twisty::word_hash::BuildWordHasher;

/// A set of move products ([`WordHasher`]: a move table has no adversary).
type FastSet<T> = HashSet<T, BuildWordHasher>;
use twisty::pruner::{CanonicalPruner, PruneState, Pruner};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    Moves,
    Htm,
    Qtm,
}

impl std::str::FromStr for Metric {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "moves" => Ok(Metric::Moves),
            "htm" => Ok(Metric::Htm),
            "qtm" => Ok(Metric::Qtm),
            _ => Err(format!("unknown metric '{s}': expected htm, qtm or moves")),
        }
    }
}

/// The moves of a metric: names and rearrangements.
#[derive(Clone, Debug)]
pub struct MoveSet {
    pub names: Vec<String>,
    pub perms: Vec<Perm>,
}

impl MoveSet {
    /// The metric's moves of the whole definition: `moves` takes every named move, `htm` and
    /// `qtm` the base moves with their powers.
    pub fn new(puzzle: &Puzzle, metric: Metric) -> MoveSet {
        let mut set = MoveSet::empty();
        let modulus = puzzle.modulus();
        for m in &puzzle.moves {
            if metric == Metric::Moves || m.base {
                set.expand(m, metric, &modulus);
            }
        }
        set
    }

    fn empty() -> MoveSet {
        MoveSet {
            names: Vec::new(),
            perms: Vec::new(),
        }
    }

    /// The moves a user names (`--moves U,R,F`): a move of the definition, base or derived, comes
    /// with its powers as the metric counts them (htm: U, U2, U'; qtm: U, U'); a name of the
    /// metric's own (`U2`, `U'`) is that one move. An unknown name is an error listing the names.
    pub fn choose(puzzle: &Puzzle, metric: Metric, names: &[String]) -> Result<MoveSet, String> {
        let modulus = puzzle.modulus();
        let mut all_base = puzzle.clone();
        all_base.moves.iter_mut().for_each(|m| m.base = true);
        let every = MoveSet::new(&all_base, metric);
        let mut set = MoveSet::empty();
        for n in names {
            if let Some(m) = puzzle.moves.iter().find(|m| &m.name == n) {
                set.expand(m, metric, &modulus);
            } else if let Some(i) = every.names.iter().position(|x| x == n) {
                set.add(n.clone(), every.perms[i].clone());
            } else {
                return Err(format!(
                    "unknown move '{n}' in --moves (the definition's moves: {})",
                    puzzle
                        .moves
                        .iter()
                        .map(|m| m.name.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                ));
            }
        }
        if set.perms.is_empty() {
            return Err("--moves names no move that changes the state".into());
        }
        Ok(set)
    }

    /// Adds a move unless it changes nothing or an earlier move does the same.
    fn add(&mut self, name: String, p: Perm) {
        if !p.is_identity() && !self.perms.contains(&p) {
            self.names.push(name);
            self.perms.push(p);
        }
    }

    /// Adds `m` as the metric counts it.
    fn expand(&mut self, m: &Move, metric: Metric, modulus: &[u8]) {
        match metric {
            Metric::Moves => self.add(m.name.clone(), m.perm.clone()),
            Metric::Htm => {
                let k = m.perm.order(modulus).min(64) as i64;
                for p in 1..k {
                    let name = match (p, k - p) {
                        (1, _) => m.name.clone(),
                        (_, 1) => format!("{}'", m.name),
                        (p, q) if p <= q => format!("{}{p}", m.name),
                        (_, q) => format!("{}{q}'", m.name),
                    };
                    self.add(name, m.perm.pow(p, modulus));
                }
            }
            Metric::Qtm => {
                self.add(m.name.clone(), m.perm.clone());
                self.add(format!("{}'", m.name), m.perm.inverse(modulus));
            }
        }
    }

    /// Whether every move's inverse is a move too (then distances are symmetric and a table of
    /// distances mod 3 can be walked).
    pub fn closed_under_inverse(&self, modulus: &[u8]) -> bool {
        self.perms
            .iter()
            .all(|p| self.perms.contains(&p.inverse(modulus)))
    }

    /// Index of each move's inverse among the moves, where it is one.
    pub fn inverses(&self, modulus: &[u8]) -> Vec<Option<usize>> {
        self.perms
            .iter()
            .map(|p| {
                let inv = p.inverse(modulus);
                self.perms.iter().position(|q| *q == inv)
            })
            .collect()
    }
}

/// The canonical-sequence machine of a move set, as a table over (last move, move before).
#[derive(Clone, Debug)]
pub struct PairPruner(CanonicalPruner);

impl PairPruner {
    pub fn new(set: &MoveSet, modulus: &[u8]) -> PairPruner {
        let m = set.perms.len();
        let n = modulus.len();
        let id = Perm::identity(n);
        let singles: FastSet<&Perm> = set.perms.iter().chain(std::iter::once(&id)).collect();
        let product = |a: usize, b: usize| set.perms[a].then(&set.perms[b], modulus);
        // Triples reducible to at most two moves (`U U U` in qtm); only for small move sets.
        let triples = m <= 40;
        // Pairs: reducible (to at most one move) or commuting out of order. (Products go into
        // two buffers: a megaminx has 2,304 pairs, and this is most of a short solve's start.)
        let mut pair_bad = vec![false; m * m];
        let mut pairs: FastSet<Perm> = FastSet::default();
        let (mut ab, mut ba) = (id.clone(), id.clone());
        for a in 0..m {
            for b in 0..m {
                set.perms[a].then_into(&set.perms[b], modulus, &mut ab);
                set.perms[b].then_into(&set.perms[a], modulus, &mut ba);
                pair_bad[a * m + b] = singles.contains(&ab) || (ab == ba && b < a);
                if triples && !pairs.contains(&ab) {
                    pairs.insert(ab.clone());
                }
            }
        }
        let stride = m + 1;
        let before = if triples { stride } else { 1 };
        let mut next = vec![None; stride * before * m];
        for p2 in 0..before {
            for p1 in 0..=m {
                if p1 == 0 && p2 != 0 {
                    continue;
                }
                let state = p1 + stride * p2;
                let last_two = (triples && p2 > 0).then(|| product(p2 - 1, p1 - 1));
                for x in 0..m {
                    if p1 > 0 && pair_bad[(p1 - 1) * m + x] {
                        continue;
                    }
                    if let Some(ab) = &last_two {
                        let abc = ab.then(&set.perms[x], modulus);
                        if singles.contains(&abc) || pairs.contains(&abc) {
                            continue;
                        }
                    }
                    let kept = if triples { p1 } else { 0 };
                    next[state * m + x] = Some(PruneState((x + 1 + stride * kept) as u32));
                }
            }
        }
        PairPruner(CanonicalPruner::from_table(m, next))
    }
}

impl Pruner for PairPruner {
    #[inline]
    fn next(&self, state: PruneState, m: usize) -> Option<PruneState> {
        self.0.next(state, m)
    }
}
