//! The slice table built in the layout it is searched in, within its own size: a breadth-first
//! search whose two bits an entry are the [`LineTable`]'s from the start. (Building exact 4-bit
//! distances and packing them took three times the table's memory: docs/performance.md, "Tables
//! opened, not read, built within their size".)
//!
//! While the search runs, an entry reads 0 (reached before the current depth), 1 (at the current
//! depth), 2 (at the next, being marked) or 3 (not reached). A level marks 3 as 2, forward from the
//! 1s or by pulling (an unreached entry with a predecessor at 1), as the library's BFS does; then a
//! sweep turns 1 into 0 and 2 into 1, and a line whose first entries were just marked takes that
//! depth as its least distance (its top 4 bits, 15 until then): the least distance the table keeps
//! for its entries at or below the base.
//!
//! The base is chosen as the search goes: after the first level (depth `b + 1`) holding a tenth of
//! all entries, the base is `b`. The entries then read exactly what the table means: 0 (at most the
//! base), 1 (base + 1) and 3; one more pull marks base + 2 as 2, and what is left, 3, is base + 3
//! or more. The levels beyond are never searched. (The rule picks the base that the exact table's
//! best mean bound picked, on the sizes it was compared on: docs/cube3.md.)
//!
//! A build given a [`Resume`] keeps its levels as it goes and starts after the last one kept
//! ([`kept_levels`](super::kept_levels)); it reports each level, and within a long level the share
//! of the lines swept, for a progress bar and an estimate of the time left ([`Event`]).

pub use super::kept_levels::Resume;
use crate::dist_table::bfs::Level;
use crate::dist_table::fields::{fields_equal, with_huge_pages};
use crate::dist_table::line_table::{misalignment, LineTable, PER_LINE};
use crate::dist_table::Graph;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

const WORDS: usize = 8;
/// A line's least distance: the top 4 bits of its last word.
const LEAST: u64 = 0xF << 60;
const LOW: u64 = u64::MAX / 3;
/// Lines a thread takes at a time.
const CHUNK_LINES: usize = 256;
/// Entries expanded together (graphs share work between them).
const RUN: usize = 512;
// 0: reached before the current depth (the table's "at most the base" in the end).
const CUR: u8 = 1;
const NEXT: u8 = 2;
const UNREACHED: u8 = 3;

/// The lines, shared by the threads.
struct Lines<'a> {
    words: &'a [AtomicU64],
    entries: usize,
}

impl Lines<'_> {
    #[inline]
    fn slot(i: usize) -> (usize, u32) {
        let (line, p) = (i / PER_LINE, i % PER_LINE);
        (line * WORDS + p / 32, 2 * (p % 32) as u32)
    }

    #[inline]
    fn get(&self, i: usize) -> u8 {
        let (w, shift) = Self::slot(i);
        (self.words[w].load(Ordering::Relaxed) >> shift) as u8 & 3
    }

    /// Marks entry `i` as at the next depth if it is unreached; true if it was. One atomic AND:
    /// every writer of a level writes the same value, and only the one whose AND still found it
    /// unreached counts it.
    #[inline]
    fn mark(&self, i: usize) -> bool {
        let (w, shift) = Self::slot(i);
        let word = &self.words[w];
        if (word.load(Ordering::Relaxed) >> shift) & 3 != 3 {
            return false;
        }
        let old = word.fetch_and(!(1 << shift), Ordering::Relaxed);
        (old >> shift) & 3 == 3
    }

    /// The entry fields of word `k` of `line` (not the least distance, not past the last entry).
    #[inline]
    fn valid(&self, line: usize, k: usize) -> u64 {
        let first = line * PER_LINE + k * 32;
        let mut mask = if k == WORDS - 1 { !LEAST } else { u64::MAX };
        if first + 32 > self.entries {
            let n = self.entries.saturating_sub(first);
            mask &= (1u64 << (2 * n)).wrapping_sub(1) * (n > 0) as u64;
        }
        mask
    }

    fn lines(&self) -> usize {
        self.words.len() / WORDS
    }
}

/// What a build tells as it goes.
pub enum Event<'a> {
    /// A level done.
    Level(&'a Level),
    /// Within the level to `depth`: the share of the lines swept, about every two seconds; `last`:
    /// the build ends with this level.
    Sweeping {
        depth: usize,
        done: f64,
        seconds: f64,
        last: bool,
    },
    /// Started after the kept level `depth`, which the interrupted build reached in `seconds`
    /// (the levels' seconds from then on count them too).
    Resumed { depth: usize, seconds: f64 },
    /// The levels up to `depth` kept, in `seconds`.
    Kept { depth: usize, seconds: f64 },
    /// Levels kept but not used, or not kept: why (the build goes on).
    NotKept(String),
}

/// Builds the slice table over `graph` (entries `0..graph.size()`) from `goal` on `threads`
/// threads, telling `report` as it goes; with `resume`, keeping its levels and starting after
/// those kept.
pub fn build<G: Graph + Sync>(
    graph: &G,
    goal: usize,
    threads: usize,
    report: &mut dyn FnMut(Event),
    resume: Option<&Resume>,
) -> LineTable {
    let mut start = std::time::Instant::now();
    let entries = graph.size();
    let lines = (entries + PER_LINE - 1) / PER_LINE;
    let mut words = with_huge_pages::<u64>(lines * WORDS + WORDS);
    words.resize(lines * WORDS + WORDS, u64::MAX);
    let offset = misalignment(&words);
    let body = &mut words[offset..offset + lines * WORDS];
    clear_past_last(body, entries, lines);
    let kept = match resume.map(|r| r.read(body)) {
        Some(Ok(Some((sizes, seconds)))) => {
            report(Event::Resumed {
                depth: sizes.len() - 1,
                seconds,
            });
            let before = std::time::Duration::from_secs_f64(seconds);
            start = start.checked_sub(before).unwrap_or(start);
            Some(sizes)
        }
        Some(Err(why)) => {
            report(Event::NotKept(format!("{why}; starting from the goal")));
            // (Read over part of the lines: set them back.)
            body.fill(u64::MAX);
            clear_past_last(body, entries, lines);
            None
        }
        _ => None,
    };
    // SAFETY: AtomicU64 has the same size and alignment as u64, and `body` is borrowed mutably
    // for as long as `atoms` lives, so no other access to these words exists.
    let atoms: &[AtomicU64] = unsafe { &*(body as *mut [u64] as *const [AtomicU64]) };
    let t = Lines {
        words: atoms,
        entries,
    };
    let run = Run {
        graph,
        threads,
        start,
        resume,
    };
    let base = search(&t, &run, goal, kept, report);
    LineTable::from_lines(words, offset, entries, base)
}

/// Past the last entry: 0, never searched (nor read: no index reaches them).
fn clear_past_last(body: &mut [u64], entries: usize, lines: usize) {
    if let Some(last) = body.chunks_mut(WORDS).last() {
        let used = entries - (lines - 1) * PER_LINE;
        for (k, w) in last.iter_mut().enumerate() {
            let valid_from = k * 32;
            for p in valid_from.max(used)..(valid_from + 32).min(PER_LINE) {
                *w &= !(3 << (2 * (p - valid_from)));
            }
        }
    }
}

/// What every level of one build shares.
struct Run<'a, G> {
    graph: &'a G,
    threads: usize,
    start: std::time::Instant,
    resume: Option<&'a Resume>,
}

/// The levels, from the goal or after the kept ones (`kept`: their sizes); returns the base.
fn search<G: Graph + Sync>(
    t: &Lines,
    run: &Run<G>,
    goal: usize,
    kept: Option<Vec<u64>>,
    report: &mut dyn FnMut(Event),
) -> u8 {
    let entries = t.entries as u64;
    let threads = run.threads;
    let tell = |report: &mut dyn FnMut(Event), depth: usize, states: u64, reached: u64| {
        report(Event::Level(&Level {
            depth,
            states,
            reached,
            seconds: run.start.elapsed().as_secs_f64(),
        }))
    };
    let mut distribution = match kept {
        Some(sizes) => sizes,
        None => {
            // The goal (and the entries standing for it) at depth 0: 3 -> 1.
            let mut goal_entries = vec![goal];
            run.graph.equivalents(goal, |e| goal_entries.push(e));
            goal_entries.sort_unstable();
            goal_entries.dedup();
            for &g in &goal_entries {
                let (w, shift) = Lines::slot(g);
                t.words[w].fetch_and(!(2 << shift), Ordering::Relaxed);
                let last = &t.words[g / PER_LINE * WORDS + WORDS - 1];
                last.fetch_and(!LEAST, Ordering::Relaxed);
            }
            vec![goal_entries.len() as u64]
        }
    };
    let mut reached: u64 = distribution.iter().sum();
    tell(
        report,
        distribution.len() - 1,
        *distribution.last().unwrap(),
        reached,
    );
    loop {
        let depth = distribution.len() - 1;
        let left = entries - reached;
        let began = std::time::Instant::now();
        let pull = distribution[depth] * 4 > left;
        let found = level(t, run, pull, &mut |done| {
            report(Event::Sweeping {
                depth: depth + 1,
                done,
                seconds: run.start.elapsed().as_secs_f64(),
                last: false,
            })
        });
        if found == 0 {
            // Every entry reached: 0 up to depth - 1, 1 at the last depth.
            if depth == 0 {
                sweep(t, 0, threads);
                return 0;
            }
            return (depth - 1) as u8;
        }
        sweep(t, (depth + 1) as u8, threads);
        reached += found;
        distribution.push(found);
        tell(report, depth + 1, found, reached);
        if found * 10 >= entries {
            // Base `depth`: 0 is at most it, 1 one more. One more level, pulled, is 2.
            let found = level(t, run, true, &mut |done| {
                report(Event::Sweeping {
                    depth: depth + 2,
                    done,
                    seconds: run.start.elapsed().as_secs_f64(),
                    last: true,
                })
            });
            reached += found;
            tell(report, depth + 2, found, reached);
            return depth as u8;
        }
        match run.resume {
            Some(r) if began.elapsed().as_secs_f64() >= r.min_seconds => {
                let writing = std::time::Instant::now();
                let seconds = run.start.elapsed().as_secs_f64();
                match r.keep(t.words, &distribution, seconds) {
                    Ok(()) => report(Event::Kept {
                        depth: depth + 1,
                        seconds: writing.elapsed().as_secs_f64(),
                    }),
                    Err(e) => report(Event::NotKept(format!(
                        "{}: {e} (the build goes on; an interruption would resume from the \
                         levels kept before, if any)",
                        r.path.display()
                    ))),
                }
            }
            _ => {}
        }
    }
}

/// One level: marks as 2 the unreached entries next to a 1 (forward from the 1s, or each unreached
/// entry pulling). Returns how many. The calling thread tells `tick` the share of lines taken,
/// about every two seconds.
fn level<G: Graph + Sync>(t: &Lines, run: &Run<G>, pull: bool, tick: &mut dyn FnMut(f64)) -> u64 {
    let (graph, threads) = (run.graph, run.threads);
    let next_chunk = AtomicUsize::new(0);
    let work = |mut tick: Option<&mut dyn FnMut(f64)>| {
        let mut last_tick = std::time::Instant::now();
        let wanted = if pull { UNREACHED } else { CUR };
        let mut run: Vec<usize> = Vec::with_capacity(RUN);
        let mut found = 0u64;
        let mut expand = |run: &mut Vec<usize>| {
            if pull {
                graph.any_predecessor_of_run(
                    run,
                    |p| t.get(p) == CUR,
                    |k| found += t.mark(run[k]) as u64,
                );
            } else {
                graph.successors_of_run(run, |n| {
                    if t.mark(n) {
                        found += 1;
                        graph.equivalents(n, |e| found += t.mark(e) as u64);
                    }
                });
            }
            run.clear();
        };
        loop {
            let lo = next_chunk.fetch_add(CHUNK_LINES, Ordering::Relaxed);
            if lo >= t.lines() {
                break;
            }
            if let Some(tick) = tick.as_mut() {
                if last_tick.elapsed().as_secs_f64() >= 2.0 {
                    tick(lo as f64 / t.lines() as f64);
                    last_tick = std::time::Instant::now();
                }
            }
            for line in lo..(lo + CHUNK_LINES).min(t.lines()) {
                for k in 0..WORDS {
                    let word = t.words[line * WORDS + k].load(Ordering::Relaxed);
                    let mut hits = fields_equal(word, wanted, 2) & t.valid(line, k);
                    while hits != 0 {
                        run.push(line * PER_LINE + k * 32 + hits.trailing_zeros() as usize / 2);
                        hits &= hits - 1;
                        if run.len() == RUN {
                            expand(&mut run);
                        }
                    }
                }
            }
            expand(&mut run);
        }
        found
    };
    std::thread::scope(|scope| {
        let workers: Vec<_> = (1..threads.max(1))
            .map(|_| scope.spawn(|| work(None)))
            .collect();
        let mine = work(Some(tick));
        mine + workers
            .into_iter()
            .map(|w| w.join().unwrap_or(0))
            .sum::<u64>()
    })
}

/// After a level: 1 becomes 0 and 2 becomes 1, and a line whose first entries were marked in it
/// (its least distance still 15) takes `depth` as its least distance (15 at most: 15 means 15 or
/// more).
fn sweep(t: &Lines, depth: u8, threads: usize) {
    let next_chunk = AtomicUsize::new(0);
    let work = || loop {
        let lo = next_chunk.fetch_add(CHUNK_LINES, Ordering::Relaxed);
        if lo >= t.lines() {
            break;
        }
        for line in lo..(lo + CHUNK_LINES).min(t.lines()) {
            let mut marked = false;
            for k in 0..WORDS {
                let cell = &t.words[line * WORDS + k];
                let w = cell.load(Ordering::Relaxed);
                let valid = t.valid(line, k);
                marked |= fields_equal(w, NEXT, 2) & valid != 0;
                // Per field (high bit h, low bit l): 00 -> 00, 01 -> 00, 10 -> 01, 11 -> 11.
                let (h, l) = ((w >> 1) & LOW, w & LOW);
                let mut new = ((h | ((h & l) << 1)) & valid) | (w & !valid);
                if k == WORDS - 1 && marked && new & LEAST == LEAST {
                    // Four bits: a depth past 15 reads 15, still a lower bound (it wrapped
                    // before, and a deep line read as shallow: found on random graphs).
                    new = (new & !LEAST) | ((depth.min(15) as u64) << 60);
                }
                // (Only this thread writes this line during a sweep.)
                cell.store(new, Ordering::Relaxed);
            }
        }
    };
    std::thread::scope(|scope| {
        let workers: Vec<_> = (1..threads.max(1)).map(|_| scope.spawn(work)).collect();
        work();
        for w in workers {
            let _ = w.join();
        }
    });
}
