//! The one breadth-first search of every distance table: from the goals over any [`Graph`], on
//! several threads (std's scoped threads, Rust 1.63), a level at a time.
//!
//! - A level is found by scanning the fields for the current depth's value, a word at a time
//!   ([`fields_equal`]): no queue beside the table.
//! - While the reached states are few, the current level expands **forward** (each state marks its
//!   successors); once they are many, each unreached state **pulls** (asks whether a predecessor is
//!   in the current level, stopping at the first), which touches far fewer entries in the late
//!   levels ([`Bfs::pull_early`] says when). Graphs whose moves are not closed under inverse give their
//!   predecessors (`Graph::any_predecessor_of_run`); the distances stay exact either way.
//! - Fields of 2 bits hold the distance mod 3, which the forward and pull steps can still use: a
//!   state valued like the current depth but 3 or more shallower has no unreached successor, and
//!   an unreached state's predecessor valued like the current depth is at exactly that depth.
//!   Fields of 4 or 8 bits hold the distance; the last value (14, 254) then means "that far or
//!   further, or never reached" (a lower bound still, for pruning).
//! - Forward levels of tables far larger than the caches gather a run's successors, asking the
//!   memory for each, before marking any, so that the misses overlap (measured on the pancake's
//!   120 MB). Pulls do not: they stop at the first predecessor found, and gathering all of them
//!   first was measured slower.
//! - Symmetry-reduced tables store some states more than once (`Graph::equivalents`); those are
//!   marked together.

use super::fields::{fields_equal, get_in, mark_in, slot, Fields};
use super::Graph;
use crate::prefetch::prefetch;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Forward levels of tables larger than this gather and prefetch a run's successors.
const PREFETCH_ABOVE_BYTES: usize = 8 << 20;
/// States expanded together (a graph may share work between them: [`Graph::successors_of_run`]).
const RUN: usize = 512;
/// Words scanned by one thread between two looks at the shared work counter.
const CHUNK_WORDS: usize = 1024;

/// The pull step alone, for a BFS that keeps its levels elsewhere (the engine's slice jobs, which
/// keep each level in files): calls `found(s)` for every state `s` of `unreached` (ascending) with a
/// predecessor `p` for which `in_level(p)`, asking the graph in runs as the parallel BFS does.
pub fn pull_step<G: Graph, I: Iterator<Item = usize>, P: FnMut(usize) -> bool, F: FnMut(usize)>(
    graph: &G,
    unreached: I,
    mut in_level: P,
    mut found: F,
) {
    let mut unreached = unreached.peekable();
    let mut run: Vec<usize> = Vec::with_capacity(RUN);
    while unreached.peek().is_some() {
        run.clear();
        run.extend(unreached.by_ref().take(RUN));
        graph.any_predecessor_of_run(&run, &mut in_level, |k| found(run[k]));
    }
}

/// A finished level, for progress reports.
pub struct Level {
    pub depth: usize,
    pub states: u64,
    pub reached: u64,
    pub seconds: f64,
}

/// What a search built: the fields, the states at each depth and whether it ran to the end.
pub struct Layers {
    pub fields: Fields,
    pub distribution: Vec<u64>,
    /// False when `stop` ended it early (the distribution is then a prefix).
    pub complete: bool,
}

/// A breadth-first search, configured: `Bfs::new(2).threads(2).run(&graph, &[goal])`.
pub struct Bfs<'a> {
    bits: u32,
    threads: usize,
    /// Start pulling early ([`Bfs::pull_early`]).
    pull_early: bool,
    report: Option<&'a mut dyn FnMut(&Level)>,
    stop: Option<&'a (dyn Fn() -> bool + Sync)>,
}

impl<'a> Bfs<'a> {
    /// A search storing `bits` bits per state: 2 (distance mod 3), 4 or 8 (distance). One thread.
    pub fn new(bits: u32) -> Bfs<'a> {
        Bfs {
            bits,
            threads: 1,
            pull_early: false,
            report: None,
            stop: None,
        }
    }

    /// Runs each level on `threads` threads (1: on the caller's, with no atomic operations).
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Pulls once the level is more than a quarter of the states left, instead of once half the
    /// states are reached. A forward step computes every successor of the level and marks it; a
    /// pull computes an unreached state's predecessors until one is in the level: which pays sooner
    /// depends on what a neighbour costs beside a mark. Early suits symmetry classes, whose
    /// neighbours cost conjugations and whose marks set equivalent entries (the 3x3x3's phase-1
    /// table); after half suits cheap neighbours (the 2x2x2's product of move tables) and the
    /// engine's ranks (the pancake). Measured on each: docs/performance.md, "Figures that were in
    /// code comments".
    pub fn pull_early(mut self) -> Self {
        self.pull_early = true;
        self
    }

    /// `report` hears of every finished level (depth 0 included).
    pub fn report(mut self, report: &'a mut dyn FnMut(&Level)) -> Self {
        self.report = Some(report);
        self
    }

    /// `stop` is asked between chunks of work: true (and true from then on, as a Ctrl-C flag)
    /// ends the search, incomplete.
    pub fn stop(mut self, stop: &'a (dyn Fn() -> bool + Sync)) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Searches from `goals` (distance 0) over the whole of `graph`.
    pub fn run<G: Graph + Sync>(self, graph: &G, goals: &[usize]) -> Layers {
        let fields = Fields::new(graph.size(), self.bits);
        self.run_in(graph, goals, fields)
    }

    /// [`Bfs::run`] into `fields` (new, of this search's width and the graph's size: not checked), such as
    /// [`Fields::in_huge_pages`].
    pub fn run_in<G: Graph + Sync>(mut self, graph: &G, goals: &[usize], fields: Fields) -> Layers {
        let start = std::time::Instant::now();
        let words = fields.words();
        let mut count = 0;
        for &g in goals {
            count += mark_class::<false, G>(words, graph, g, 0, self.bits);
        }
        let (mut distribution, mut reached) = (vec![count], count);
        // (The width copied out: a closure over `self` would hold it, as edition 2018 captures.)
        let bits = self.bits;
        let value = |depth: usize| if bits == 2 { depth % 3 } else { depth } as u8;
        let last = fields.unreached() - 1;
        let complete = loop {
            let depth = distribution.len() - 1;
            if let Some(r) = self.report.as_mut() {
                let seconds = start.elapsed().as_secs_f64();
                let states = distribution[depth];
                r(&Level {
                    depth,
                    states,
                    reached,
                    seconds,
                });
            }
            let (cur, next) = (value(depth), value(depth + 1));
            if self.bits > 2 && cur == last {
                break true;
            }
            let left = graph.size() as u64 - reached;
            let job = Job {
                fields: &fields,
                graph,
                cur,
                next,
                pull: if self.pull_early {
                    distribution[depth] * 4 > left
                } else {
                    reached >= left
                },
                prefetch: fields.bytes() > PREFETCH_ABOVE_BYTES,
                next_chunk: AtomicUsize::new(0),
                stop: self.stop,
            };
            let found = if self.bits > 2 && next == last {
                // The last value: whatever is left is at least this far (or never reached).
                (0..fields.size())
                    .filter(|&i| mark_in::<false>(words, i, next, self.bits))
                    .count() as u64
            } else if self.threads == 1 {
                job.work(false)
            } else {
                let job = &job;
                std::thread::scope(|scope| {
                    let workers: Vec<_> = (0..self.threads)
                        .map(|_| scope.spawn(move || job.work(true)))
                        .collect();
                    workers.into_iter().map(|w| w.join().unwrap_or(0)).sum()
                })
            };
            let stopped = self.stop.map_or(false, |stop| stop());
            if stopped || found == 0 {
                break !stopped;
            }
            reached += found;
            distribution.push(found);
        };
        Layers {
            fields,
            distribution,
            complete,
        }
    }
}

/// Marks `s` and the states stored alongside it; returns how many were new.
#[inline(always)]
fn mark_class<const SHARED: bool, G: Graph>(
    words: &[AtomicU64],
    graph: &G,
    s: usize,
    v: u8,
    bits: u32,
) -> u64 {
    if !mark_in::<SHARED>(words, s, v, bits) {
        return 0;
    }
    let mut new = 1;
    graph.equivalents(s, |e| new += mark_in::<SHARED>(words, e, v, bits) as u64);
    new
}

/// One level's work, shared by the threads: they take chunks of words in turn.
struct Job<'a, G> {
    fields: &'a Fields,
    graph: &'a G,
    cur: u8,
    next: u8,
    pull: bool,
    /// Gather a run's successors, asking the memory for each, before marking any.
    prefetch: bool,
    next_chunk: AtomicUsize,
    stop: Option<&'a (dyn Fn() -> bool + Sync)>,
}

impl<G: Graph + Sync> Job<'_, G> {
    /// This thread's share of the level (`shared`: other threads work on it too, and marks are
    /// atomic), compiled once per width.
    fn work(&self, shared: bool) -> u64 {
        match (shared, self.fields.bits()) {
            (false, 2) => self.scan::<false, 2>(),
            (false, 4) => self.scan::<false, 4>(),
            (false, _) => self.scan::<false, 8>(),
            (true, 2) => self.scan::<true, 2>(),
            (true, 4) => self.scan::<true, 4>(),
            (true, _) => self.scan::<true, 8>(),
        }
    }

    /// Takes chunks until none is left; returns the states this thread marked.
    fn scan<const SHARED: bool, const BITS: u32>(&self) -> u64 {
        let (f, bits) = (self.fields, BITS);
        let words = f.words();
        let per_word = 64 / bits as usize;
        let wanted = if self.pull { f.unreached() } else { self.cur };
        let mut run: Vec<usize> = Vec::with_capacity(RUN);
        let mut gathered = Vec::new();
        let mut found = 0u64;
        loop {
            let chunk = self.next_chunk.fetch_add(1, Ordering::Relaxed);
            let lo = chunk * CHUNK_WORDS;
            if lo >= words.len() || self.stop.map_or(false, |stop| stop()) {
                break;
            }
            let hi = (lo + CHUNK_WORDS).min(words.len());
            for (w, word) in words[lo..hi].iter().enumerate() {
                let w = lo + w;
                let mut hits = fields_equal(word.load(Ordering::Relaxed), wanted, bits);
                while hits != 0 {
                    let s = w * per_word + (hits.trailing_zeros() / bits) as usize;
                    hits &= hits - 1;
                    if s >= f.size() {
                        break;
                    }
                    run.push(s);
                    if run.len() == RUN {
                        found += self.expand::<SHARED, BITS>(&run, &mut gathered);
                        run.clear();
                    }
                }
            }
            found += self.expand::<SHARED, BITS>(&run, &mut gathered);
            run.clear();
        }
        found
    }

    /// Forward: marks the new successors of `run`. Pull: marks each state of `run` (all unreached)
    /// that has a predecessor in the current level.
    fn expand<const SHARED: bool, const BITS: u32>(
        &self,
        run: &[usize],
        gathered: &mut Vec<usize>,
    ) -> u64 {
        let (g, cur, next) = (self.graph, self.cur, self.next);
        let words = self.fields.words();
        let mut found = 0;
        if self.pull {
            g.any_predecessor_of_run(
                run,
                |p| get_in(words, p, BITS) == cur,
                // (Only this thread writes the fields of its own words in a pull.)
                |k| found += mark_in::<false>(words, run[k], next, BITS) as u64,
            );
        } else if self.prefetch {
            gathered.clear();
            g.successors_of_run(run, |n| {
                prefetch(&words[slot(n, BITS).0]);
                gathered.push(n);
            });
            for &n in gathered.iter() {
                found += mark_class::<SHARED, G>(words, g, n, next, BITS);
            }
        } else {
            g.successors_of_run(run, |n| {
                found += mark_class::<SHARED, G>(words, g, n, next, BITS)
            });
        }
        found
    }
}
