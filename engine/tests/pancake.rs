//! The article's pancake puzzle (seeds/002): discovery lists its effects at or below its lengths;
//! the engine's full table (12! states) has the distance distribution of a breadth-first search
//! written here, with its own ranking, over the moves typed in from the article; and its provably
//! shortest swap of two adjacent pieces is checked by a bidirectional search on plain arrays.
//!
//! The last two are proofs (`cargo proofs`; this file alone: `cargo test --profile checked -p
//! engine --test pancake -- --ignored`): the table and the independent search are too slow for every run
//! (docs/testing.md).

use engine::discovery::{discover, Options};
use engine::load::shipped;
use engine::model::metric::{Metric, MoveSet};
use engine::solving::solver::{FullTable, Method, Solver};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::OnceLock;

/// The article's moves as position cycles (the piece at a goes to b), independent of the loader.
fn article_move(name: &str) -> [u8; 12] {
    let cycles: &[&[u8]] = match name {
        "U" => &[&[0, 1, 3, 5, 4, 2]],
        "D" => &[&[6, 7, 9, 11, 10, 8]],
        "/" => &[&[1, 7], &[3, 9], &[5, 11]],
        "U'" => &[&[0, 2, 4, 5, 3, 1]],
        "D'" => &[&[6, 8, 10, 11, 9, 7]],
        "z" => &[&[0, 1, 3, 5, 4, 2], &[6, 8, 10, 11, 9, 7]],
        "z'" => &[&[0, 2, 4, 5, 3, 1], &[6, 7, 9, 11, 10, 8]],
        other => panic!("not an article move: {other}"),
    };
    let mut dst: [u8; 12] = std::array::from_fn(|i| i as u8);
    for c in cycles {
        for k in 0..c.len() {
            dst[c[k] as usize] = c[(k + 1) % c.len()];
        }
    }
    dst
}

/// Where each piece ends up after `moves` (`out[a]`: where the piece that started at a is).
fn replay(moves: &[&str]) -> [u8; 12] {
    let mut at: [u8; 12] = std::array::from_fn(|i| i as u8);
    for m in moves {
        let d = article_move(m);
        for x in at.iter_mut() {
            *x = d[*x as usize];
        }
    }
    at
}

/// The article's flattened notation of a `dst` permutation.
fn flat(dst: &[u8; 12]) -> String {
    let mut out = Vec::new();
    let mut seen = [false; 12];
    for a in 0..12 {
        if seen[a] || dst[a] as usize == a {
            continue;
        }
        let mut i = a;
        loop {
            seen[i] = true;
            out.push(i.to_string());
            i = dst[i] as usize;
            if i == a {
                break;
            }
        }
        out.push(a.to_string());
    }
    format!("[{}]", out.join(" "))
}

const NAMES: [&str; 7] = ["U", "D", "/", "U'", "D'", "z", "z'"];

#[test]
fn discovery_finds_the_articles_effects_at_or_below_its_lengths() {
    let p = shipped::open("pancake").unwrap();
    let set = MoveSet::new(&p, Metric::Moves);
    assert_eq!(set.names, NAMES);
    let options = Options {
        max_pieces: 6,
        max_depth: Some(9),
        fixed: Vec::new(),
        top: 100_000,
        memory: 0, // the article's breadth-first search, not the table
        state_limit: 10_000_000,
    };
    let d = discover(&p, &set, &options, None, |_| {}).unwrap();
    assert!(!d.exhaustive && d.complete_depth == 9);
    let article = [
        ("[0 6 7 0]", "U / U' / D / D' /"),
        ("[5 11 10 5]", "U / D' / D / U' /"),
        ("[4 11 5 4]", "D / U' / U / D' /"),
        ("[0 1 6 0]", "D / D' / U / U' /"),
        ("[0 6 1 0]", "/ U / U' / D / D'"),
        ("[5 10 11 5]", "/ U / D' / D / U'"),
        ("[6 7 9 11 10 8 6]", "D"),
        ("[0 2 4 5 3 1 0]", "U'"),
        ("[0 2 4 11 9 7 0]", "/ U' /"),
        ("[1 6 8 10 5 3 1]", "/ D' /"),
    ];
    for (effect, theirs) in article {
        let theirs: Vec<&str> = theirs.split(' ').collect();
        // The article's sequence has the article's effect under these moves: the conventions agree.
        assert_eq!(flat(&replay(&theirs)), effect);
        let ours = d
            .found
            .iter()
            .find(|f| f.notation == effect)
            .unwrap_or_else(|| panic!("{effect} not discovered"));
        let names: Vec<&str> = ours.moves.iter().map(|&m| set.names[m].as_str()).collect();
        assert!(
            names.len() <= theirs.len(),
            "{effect}: {names:?} is longer than {theirs:?}"
        );
        assert_eq!(flat(&replay(&names)), effect, "{names:?}");
    }
    // Ranked as the article ranks: the 3-cycles come before the 6-cycles.
    assert_eq!(d.found[0].notation_len, 4);
}

/// Distance from the identity to `target` by breadth-first search from both ends.
fn bidirectional(target: [u8; 12]) -> usize {
    let moves: Vec<[u8; 12]> = NAMES.iter().map(|m| article_move(m)).collect();
    let inverse: Vec<[u8; 12]> = moves
        .iter()
        .map(|d| {
            let mut inv = [0u8; 12];
            for (a, &b) in d.iter().enumerate() {
                inv[b as usize] = a as u8;
            }
            inv
        })
        .collect();
    let start: [u8; 12] = std::array::from_fn(|i| i as u8);
    let step =
        |s: &[u8; 12], d: &[u8; 12]| -> [u8; 12] { std::array::from_fn(|i| d[s[i] as usize]) };
    let mut fwd: HashMap<[u8; 12], usize> = HashMap::from([(start, 0)]);
    let mut bwd: HashMap<[u8; 12], usize> = HashMap::from([(target, 0)]);
    let (mut ff, mut bf) = (vec![start], vec![target]);
    for depth in 0.. {
        if let Some(best) = fwd
            .iter()
            .filter_map(|(s, a)| bwd.get(s).map(|b| a + b))
            .min()
        {
            return best;
        }
        // Grow the smaller side by one level.
        let (map, frontier, gens) = if ff.len() <= bf.len() {
            (&mut fwd, &mut ff, &moves)
        } else {
            (&mut bwd, &mut bf, &inverse)
        };
        let mut next = Vec::new();
        for s in frontier.iter() {
            let d = map[s];
            for g in gens.iter() {
                let n = step(s, g);
                map.entry(n).or_insert_with(|| {
                    next.push(n);
                    d + 1
                });
            }
        }
        *frontier = next;
        assert!(depth < 30);
    }
    unreachable!()
}

/// The engine's solver with the full table, built once per run.
fn full_table_solver() -> &'static Solver {
    static S: OnceLock<Solver> = OnceLock::new();
    S.get_or_init(|| {
        let p = shipped::open("pancake").unwrap();
        let options = engine::solving::solver::Options {
            full_table: FullTable::Always,
            ..engine::solving::solver::Options::memory(1 << 29)
        };
        Solver::with(&p, MoveSet::new(&p, Metric::Moves), options, |_| {}).unwrap()
    })
}

#[test]
#[ignore = "proof"]
fn shortest_adjacent_swap_is_provably_shortest() {
    // The article's general solver swapped two adjacent pieces in 19 moves.
    let theirs: Vec<&str> = "z / U' z' / U U / z / U' / U / z' / U / U"
        .split(' ')
        .collect();
    assert_eq!(theirs.len(), 19);
    let swap = replay(&theirs);
    let effect = flat(&swap);
    assert_eq!(
        effect.split(' ').count(),
        3,
        "a swap of two pieces: {effect}"
    );
    let solver = full_table_solver();
    let perm = engine::model::state_notation::parse_effect(&solver.puzzle, &effect).unwrap();
    let ours = solver.sequence_for(&perm, 40).unwrap().unwrap();
    let names: Vec<&str> = ours.iter().map(|&m| solver.set.names[m].as_str()).collect();
    assert_eq!(flat(&replay(&names)), effect, "{names:?}");
    assert_eq!(ours.len(), bidirectional(swap), "{names:?}");
    // It turns out the article's 19 moves were already optimal for its swap (pieces 4 and 5): the
    // engine proves it, and the independent search agrees.
    assert!(ours.len() <= 19);
    eprintln!(
        "{effect}: {} moves ({}) against the article's 19",
        ours.len(),
        names.join(" ")
    );
}

/// Lehmer rank of a permutation of 0..12 (0 .. 12! - 1), with a bit set of the values used.
fn rank12(s: &[u8; 12], fact: &[u64; 12]) -> u64 {
    let mut used = 0u32;
    let mut r = 0;
    for (i, &v) in s.iter().enumerate() {
        let smaller_unused = (!used & ((1u32 << v) - 1)).count_ones() as u64;
        r += smaller_unused * fact[11 - i];
        used |= 1 << v;
    }
    r
}

fn unrank12(mut r: u64, fact: &[u64; 12]) -> [u8; 12] {
    let mut used = 0u32;
    std::array::from_fn(|i| {
        let mut k = r / fact[11 - i];
        r %= fact[11 - i];
        let mut v = 0;
        loop {
            if used & (1 << v) == 0 {
                if k == 0 {
                    break;
                }
                k -= 1;
            }
            v += 1;
        }
        used |= 1 << v;
        v as u8
    })
}

/// Asks the kernel to back `v`'s spare room with 2 MB pages, before it is written: the search
/// below reads its 480 MB at random, and with 4 KB pages nearly every look-up missed the TLB
/// (this file's proofs took 228 s with them, 177 s without, on 2 cores).
fn huge_pages<T>(v: &mut Vec<T>) {
    const HUGE: usize = 2 << 20;
    let start = v.as_mut_ptr() as usize;
    let end = start + v.capacity() * std::mem::size_of::<T>();
    let (lo, hi) = ((start + HUGE - 1) & !(HUGE - 1), end & !(HUGE - 1));
    if hi > lo {
        // SAFETY: [lo, hi) lies inside the vector's allocation and is aligned to the page; the
        // advice changes no contents, only how the kernel backs the pages (a failure leaves 4 KB
        // pages).
        unsafe { libc::madvise(lo as *mut libc::c_void, hi - lo, libc::MADV_HUGEPAGE) };
    }
}

/// Breadth-first search over all 12! arrangements by the article's seven moves, one byte a state
/// (about 480 MB), on every core: the number of states at each distance.
fn independent_distribution() -> Vec<u64> {
    let fact: [u64; 12] = std::array::from_fn(|i| (1..=i as u64).product());
    let size = (fact[11] * 12) as usize;
    let moves: Vec<[u8; 12]> = NAMES.iter().map(|m| article_move(m)).collect();
    const NEW: u8 = u8::MAX;
    let mut depth: Vec<AtomicU8> = Vec::with_capacity(size);
    huge_pages(&mut depth);
    depth.extend((0..size).map(|_| AtomicU8::new(NEW)));
    let start: [u8; 12] = std::array::from_fn(|i| i as u8);
    depth[rank12(&start, &fact) as usize].store(0, Ordering::Relaxed);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut counts = vec![1u64];
    for d in 0u8.. {
        let found = AtomicU64::new(0);
        let per = size.div_ceil(threads);
        std::thread::scope(|scope| {
            for t in 0..threads {
                let (depth, moves, found, fact) = (&depth, &moves, &found, &fact);
                scope.spawn(move || {
                    let mut mine = 0;
                    for r in t * per..((t + 1) * per).min(size) {
                        if depth[r].load(Ordering::Relaxed) != d {
                            continue;
                        }
                        let s = unrank12(r as u64, fact);
                        // The piece at position a moves to m[a]; all seven ranks first, so that
                        // their loads overlap.
                        let next: Vec<usize> = moves
                            .iter()
                            .map(|m| {
                                let mut n = [0u8; 12];
                                for a in 0..12 {
                                    n[m[a] as usize] = s[a];
                                }
                                rank12(&n, fact) as usize
                            })
                            .collect();
                        for n in next {
                            if depth[n].load(Ordering::Relaxed) == NEW
                                && depth[n]
                                    .compare_exchange(
                                        NEW,
                                        d + 1,
                                        Ordering::Relaxed,
                                        Ordering::Relaxed,
                                    )
                                    .is_ok()
                            {
                                mine += 1;
                            }
                        }
                    }
                    found.fetch_add(mine, Ordering::Relaxed);
                });
            }
        });
        let n = found.into_inner();
        if n == 0 {
            break;
        }
        counts.push(n);
    }
    counts
}

/// The engine's table of the pancake (its own ranks, 2 bits a state, its parallel search) against
/// the plain search above: the same count at every distance, 12! in all, God's number 21.
#[test]
#[ignore = "proof"]
fn the_full_table_has_the_distribution_of_an_independent_search() {
    let theirs = independent_distribution();
    assert_eq!(theirs.iter().sum::<u64>(), 479_001_600);
    assert_eq!(theirs.len() - 1, 21, "God's number");
    let Method::Table { table, .. } = &full_table_solver().method else {
        panic!("the pancake's full table fits in 2^29 states");
    };
    assert!(table.complete);
    assert_eq!(table.distribution, theirs);
    eprintln!("pancake distribution: {theirs:?}");
}
