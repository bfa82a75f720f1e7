//! Algorithm discovery: the shortest sequence for each distinct effect that moves few pieces,
//! ranked as the article ranks them (length of the flattened cycle notation, then of the sequence).
//!
//! When the whole space fits in a distance table the answer is exact: every effect that moves at
//! most `max_pieces` pieces is enumerated, looked up, and given a shortest sequence by walking the
//! table. Otherwise a breadth-first search over sequences by increasing length (the article's
//! method, with a hash set of states seen) keeps the first sequence reaching each state, which is a
//! shortest one; it reports how deep it got when the depth limit, the time limit, its memory budget
//! or Ctrl-C stops it.

use crate::interrupt;
use crate::model::metric::MoveSet;
use crate::model::show::flattened;
use crate::model::{Perm, Puzzle, State};
use crate::solving::solver::full_table_bytes;
use crate::tables::full_table::{DistTable, Level};
use crate::tables::space::Space;
use std::collections::{HashMap, HashSet};

#[derive(Clone, Debug)]
pub struct Options {
    pub max_pieces: usize,
    pub max_depth: Option<usize>,
    /// Positions whose pieces must not move or turn.
    pub fixed: Vec<usize>,
    pub top: usize,
    /// The memory budget in bytes: the full table is built when it fits.
    pub memory: u64,
    /// Most states the breadth-first search keeps.
    pub state_limit: usize,
}

/// One discovered algorithm.
#[derive(Clone, Debug)]
pub struct Found {
    pub effect: Perm,
    pub notation: String,
    /// Moved elements plus cycles: the ranking key.
    pub notation_len: usize,
    pub moves: Vec<usize>,
}

#[derive(Debug)]
pub struct Discovery {
    pub found: Vec<Found>,
    /// Every effect within the limits has its provably shortest sequence.
    pub exhaustive: bool,
    /// Sequences of this length and shorter were all examined.
    pub complete_depth: usize,
    pub states_seen: u64,
    pub interrupted: bool,
}

/// The effect a state shows relative to the goal, as a rearrangement: each position's piece is
/// taken to come from a home with its label, itself first (so interchangeable pieces that are in
/// place count as not moved).
pub fn effect_of(puzzle: &Puzzle, s: &State, modulus: &[u8]) -> Perm {
    let n = s.label.len();
    let goal = &puzzle.goal;
    let mut used = vec![false; n];
    let mut src = vec![u16::MAX; n];
    for b in 0..n {
        if s.label[b] == goal.label[b] {
            src[b] = b as u16;
            used[b] = true;
        }
    }
    for b in 0..n {
        if src[b] == u16::MAX {
            let a = (0..n)
                .find(|&a| !used[a] && goal.label[a] == s.label[b])
                .unwrap_or(b);
            used[a] = true;
            src[b] = a as u16;
        }
    }
    let twist = (0..n)
        .map(|b| {
            let a = src[b] as usize;
            (s.ori[b] + modulus[b] - goal.ori[a]) % modulus[b]
        })
        .collect();
    Perm { src, twist }
}

fn support(puzzle: &Puzzle, s: &State) -> usize {
    (0..s.label.len())
        .filter(|&i| s.label[i] != puzzle.goal.label[i] || s.ori[i] != puzzle.goal.ori[i])
        .count()
}

fn found(puzzle: &Puzzle, s: &State, moves: Vec<usize>, modulus: &[u8]) -> Found {
    let effect = effect_of(puzzle, s, modulus);
    let (notation, notation_len) = flattened(puzzle, &effect);
    Found {
        effect,
        notation,
        notation_len,
        moves,
    }
}

fn rank(found: &mut [Found]) {
    found.sort_by(|a, b| {
        (a.notation_len, a.moves.len(), &a.notation).cmp(&(
            b.notation_len,
            b.moves.len(),
            &b.notation,
        ))
    });
}

/// Runs discovery on `puzzle` (already restricted to the moves and with ignored pieces merged)
/// under `set`. `table` is a table for exactly this puzzle and set, if one was loaded.
pub fn discover(
    puzzle: &Puzzle,
    set: &MoveSet,
    options: &Options,
    table: Option<(Space, DistTable)>,
    report: impl FnMut(&Level),
) -> Result<Discovery, String> {
    let fits = full_table_bytes(puzzle, set).is_some_and(|n| n <= options.memory as u128);
    if table.is_some() || fits {
        let (space, table) = match table {
            Some(t) => t,
            None => {
                let space = DistTable::space_for(puzzle, set)?;
                let table = DistTable::build_for(&space, set.perms.len(), report);
                (space, table)
            }
        };
        if table.complete {
            return exhaustive(puzzle, set, options, &space, &table);
        }
        return Err("interrupted while building the table".into());
    }
    Ok(breadth_first(puzzle, set, options))
}

/// Every state whose support is at most `max_pieces`, outside the fixed positions.
fn candidates(puzzle: &Puzzle, options: &Options, limit: usize) -> Result<Vec<State>, String> {
    let modulus = puzzle.modulus();
    let offsets = puzzle.offsets();
    let n = puzzle.positions();
    let free: Vec<usize> = (0..n).filter(|i| !options.fixed.contains(i)).collect();
    let orbit_of = |i: usize| offsets.iter().rposition(|&f| f <= i).unwrap_or(0);
    let mut out: HashSet<State> = HashSet::new();
    // Choose the support set, then a rearrangement of it that moves or turns every member.
    let mut chosen = Vec::new();
    fn subsets(
        free: &[usize],
        start: usize,
        k: usize,
        chosen: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> Result<(), String>,
    ) -> Result<(), String> {
        if !chosen.is_empty() {
            visit(chosen)?;
        }
        if chosen.len() == k {
            return Ok(());
        }
        for i in start..free.len() {
            chosen.push(free[i]);
            subsets(free, i + 1, k, chosen, visit)?;
            chosen.pop();
        }
        Ok(())
    }
    let goal = &puzzle.goal;
    let mut visit = |set: &[usize]| -> Result<(), String> {
        // Every assignment: position set[i] receives the piece from set[perm[i]] with a twist.
        let m = set.len();
        let mut perm: Vec<usize> = (0..m).collect();
        loop {
            if (0..m).all(|i| orbit_of(set[i]) == orbit_of(set[perm[i]])) {
                let twists: Vec<usize> = set.iter().map(|&i| modulus[i] as usize).collect();
                let total: usize = twists.iter().product();
                for t in 0..total {
                    let mut s = goal.clone();
                    let mut x = t;
                    let mut all_changed = true;
                    for i in 0..m {
                        let (to, from) = (set[i], set[perm[i]]);
                        let tw = (x % twists[i]) as u8;
                        x /= twists[i];
                        s.label[to] = goal.label[from];
                        s.ori[to] = (goal.ori[from] + tw) % modulus[to];
                        if s.label[to] == goal.label[to] && s.ori[to] == goal.ori[to] {
                            all_changed = false;
                        }
                    }
                    if all_changed {
                        out.insert(s);
                        if out.len() > limit {
                            return Err(format!(
                                "more than {limit} candidate effects: lower --max-pieces"
                            ));
                        }
                    }
                }
            }
            if !next_permutation(&mut perm) {
                return Ok(());
            }
        }
    };
    subsets(&free, 0, options.max_pieces, &mut chosen, &mut visit)?;
    let mut v: Vec<State> = out.into_iter().collect();
    v.sort();
    Ok(v)
}

fn next_permutation(p: &mut [usize]) -> bool {
    let n = p.len();
    if n < 2 {
        return false;
    }
    let mut i = n - 1;
    while i > 0 && p[i - 1] >= p[i] {
        i -= 1;
    }
    if i == 0 {
        return false;
    }
    let mut j = n - 1;
    while p[j] <= p[i - 1] {
        j -= 1;
    }
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

fn exhaustive(
    puzzle: &Puzzle,
    set: &MoveSet,
    options: &Options,
    space: &Space,
    table: &DistTable,
) -> Result<Discovery, String> {
    let modulus = puzzle.modulus();
    let mut list = Vec::new();
    let mut seen = HashSet::new();
    for s in candidates(puzzle, options, 5_000_000)? {
        let Some(path) = space.rank_checked(&s).and_then(|r| table.path(space, r)) else {
            continue;
        };
        if options.max_depth.is_some_and(|d| path.len() > d) {
            continue;
        }
        // The path takes the state to the goal, so it does the inverse of the state's effect,
        // which moves the same pieces: every small effect is some candidate's inverse, and no
        // move needs an inverse among the moves. What it does is read off by doing it.
        let mut done = puzzle.goal.clone();
        for &m in &path {
            done = done.apply(&set.perms[m], &modulus);
        }
        if seen.insert(done.clone()) {
            list.push(found(puzzle, &done, path, &modulus));
        }
    }
    rank(&mut list);
    list.truncate(options.top);
    Ok(Discovery {
        found: list,
        exhaustive: true,
        complete_depth: table.gods_number(),
        states_seen: table.distribution.iter().sum(),
        interrupted: false,
    })
}

/// What the breadth-first search holds per state, roughly: each state twice (the list and the
/// hash map's key: a struct and two small heap blocks each), the map's slot and the parent link,
/// with room for the map's doubling.
pub fn bytes_per_state(puzzle: &Puzzle) -> u64 {
    let block = (puzzle.positions() as u64).div_ceil(16) * 16 + 16;
    let state = 48 + 2 * block;
    2 * state + 2 * 64 + 8
}

/// The article's breadth-first search, with exact bookkeeping of how far it got.
fn breadth_first(puzzle: &Puzzle, set: &MoveSet, options: &Options) -> Discovery {
    let modulus = puzzle.modulus();
    // Each state seen: its parent's index and the move from it.
    let mut parent: Vec<(u32, u16)> = vec![(u32::MAX, 0)];
    let mut states: Vec<State> = vec![puzzle.goal.clone()];
    let mut index: HashMap<State, u32> = HashMap::new();
    index.insert(puzzle.goal.clone(), 0);
    let mut frontier = 0..1usize;
    let mut depth = 0;
    let mut keep = Vec::new();
    let mut interrupted = false;
    let max_depth = options.max_depth.unwrap_or(usize::MAX);
    'levels: while depth < max_depth && !frontier.is_empty() {
        let start = states.len();
        for i in frontier.clone() {
            if interrupt::requested() || states.len() >= options.state_limit {
                interrupted = true;
                // The level is incomplete: forget it, so that what is reported is exact.
                for s in states.drain(start..) {
                    index.remove(&s);
                }
                parent.truncate(start);
                break 'levels;
            }
            for m in 0..set.perms.len() {
                let next = states[i].apply(&set.perms[m], &modulus);
                if !index.contains_key(&next) {
                    index.insert(next.clone(), states.len() as u32);
                    states.push(next);
                    parent.push((i as u32, m as u16));
                }
            }
        }
        frontier = start..states.len();
        depth += 1;
        eprintln!(
            "depth {depth}: {} new states, {} in all",
            frontier.len(),
            states.len()
        );
    }
    for (i, s) in states.iter().enumerate() {
        if i == 0 || support(puzzle, s) > options.max_pieces {
            continue;
        }
        if options
            .fixed
            .iter()
            .any(|&f| s.label[f] != puzzle.goal.label[f] || s.ori[f] != puzzle.goal.ori[f])
        {
            continue;
        }
        let mut moves = Vec::new();
        let mut at = i;
        while at != 0 {
            let (p, m) = parent[at];
            moves.push(m as usize);
            at = p as usize;
        }
        moves.reverse();
        keep.push(found(puzzle, s, moves, &modulus));
    }
    rank(&mut keep);
    keep.truncate(options.top);
    Discovery {
        found: keep,
        exhaustive: false,
        complete_depth: depth,
        states_seen: states.len() as u64,
        interrupted,
    }
}
