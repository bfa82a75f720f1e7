//! The slice table's breadth-first search in its own layout (`cube3::slice_table::line_bfs`) on
//! random graphs, against a queue BFS written here: every entry reads its distance above the base
//! (capped at base + 3, unreachable entries too), and at or below the base its line's least
//! distance (capped at 15, its four bits); on one thread and on two. Sparse graphs reach depths
//! past 15 (a depth of 24 once read as 8: the cap was missing). The graphs are sized so that some end before a level holds
//! a tenth of the entries (the base is then the last depth but one) and some do not (the base is
//! chosen and the last levels are never searched).

use proptest::prelude::*;
use std::collections::VecDeque;
use twisty::cube3::slice_table::line_bfs;
use twisty::dist_table::line_table::PER_LINE;
use twisty::dist_table::Graph;

/// An undirected graph from a seed: a few random edges a node, some nodes left alone.
struct Random {
    adjacent: Vec<Vec<usize>>,
}

impl Random {
    fn new(nodes: usize, edges: usize, mut seed: u64) -> Self {
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut adjacent = vec![Vec::new(); nodes];
        for _ in 0..edges {
            let (a, b) = (next() as usize % nodes, next() as usize % nodes);
            adjacent[a].push(b);
            adjacent[b].push(a);
        }
        Random { adjacent }
    }

    fn distances(&self, goal: usize) -> Vec<Option<u8>> {
        let mut d = vec![None; self.adjacent.len()];
        d[goal] = Some(0);
        let mut queue = VecDeque::from([goal]);
        while let Some(s) = queue.pop_front() {
            for &n in &self.adjacent[s] {
                if d[n].is_none() {
                    d[n] = Some(d[s].unwrap() + 1);
                    queue.push_back(n);
                }
            }
        }
        d
    }
}

impl Graph for Random {
    fn size(&self) -> usize {
        self.adjacent.len()
    }

    fn neighbors<F: FnMut(usize, usize)>(&self, s: usize, mut f: F) {
        for (m, &n) in self.adjacent[s].iter().enumerate() {
            f(m, n);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn entries_read_as_the_table_means(
        nodes in 1usize..6000,
        per_node in 0usize..4,
        seed in 1u64..u64::MAX,
        threads in 1usize..3,
    ) {
        let g = Random::new(nodes, nodes * per_node / 2 + nodes / 3, seed);
        let goal = seed as usize % nodes;
        let truth = g.distances(goal);
        let table = line_bfs::build(&g, goal, threads, &mut |_| {}, None);
        let base = table.base;
        for first in (0..nodes).step_by(PER_LINE) {
            let line = first..(first + PER_LINE).min(nodes);
            // (Four bits: 15 stands for 15 or more.)
            let least = line.clone().filter_map(|i| truth[i]).min().map(|l| l.min(15));
            for i in line {
                let got = table.get(i);
                match truth[i] {
                    Some(d) if d <= base => prop_assert_eq!(Some(got), least, "entry {}", i),
                    Some(d) => prop_assert_eq!(got, d.min(base + 3), "entry {}", i),
                    None => prop_assert_eq!(got, base + 3, "entry {}", i),
                }
            }
        }
    }
}

/// An interrupted build resumes from its last kept level and ends with the table an uninterrupted
/// build makes, entry for entry; kept levels that are damaged are named and the build starts from
/// the goal.
#[test]
fn an_interrupted_build_resumes_from_its_kept_levels() {
    use line_bfs::{Event, Resume};
    let dir = std::env::temp_dir().join(format!("line-bfs-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let resume = Resume {
        path: dir.join("table.levels"),
        name: "test table".into(),
        key: 7,
        min_seconds: 0.0,
    };
    for (seed, stop_at) in [(11u64, 3usize), (12, 5), (13, 1)] {
        let g = Random::new(20_000, 24_000, seed);
        let goal = (0..).find(|&i| g.adjacent[i].len() > 1).unwrap();
        let whole = line_bfs::build(&g, goal, 2, &mut |_| {}, None);
        // Interrupted when depth `stop_at` is told (the levels before it kept).
        let interrupted = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            line_bfs::build(
                &g,
                goal,
                2,
                &mut |e| {
                    if let Event::Level(l) = e {
                        assert!(l.depth != stop_at, "interrupted");
                    }
                },
                Some(&resume),
            )
        }));
        assert!(interrupted.is_err());
        // Interrupted at depth 1, nothing was kept: the build starts from the goal again.
        assert_eq!(resume.path.exists(), stop_at > 1);
        let mut resumed_at = None;
        let again = line_bfs::build(
            &g,
            goal,
            1,
            &mut |e| {
                if let Event::Resumed { depth, .. } = e {
                    resumed_at = Some(depth);
                }
            },
            Some(&resume),
        );
        assert_eq!(
            resumed_at,
            (stop_at > 1).then(|| stop_at - 1),
            "seed {seed}"
        );
        assert_eq!(again.base, whole.base);
        for i in 0..g.size() {
            assert_eq!(again.get(i), whole.get(i), "seed {seed}, entry {i}");
        }
        // The caller removes them once the table is kept (cube3-opt's `SliceTables`).
        resume.discard();
    }
    // Damaged kept levels: named, not used.
    let g = Random::new(20_000, 24_000, 14);
    let whole = line_bfs::build(&g, 0, 2, &mut |_| {}, None);
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        line_bfs::build(
            &g,
            0,
            2,
            &mut |e| {
                if let Event::Level(l) = e {
                    assert!(l.depth != 4, "interrupted");
                }
            },
            Some(&resume),
        )
    }));
    let mut bytes = std::fs::read(&resume.path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&resume.path, &bytes).unwrap();
    let mut why = Vec::new();
    let again = line_bfs::build(
        &g,
        0,
        2,
        &mut |e| match e {
            Event::NotKept(w) => why.push(w),
            Event::Resumed { .. } => panic!("resumed from damaged levels"),
            _ => {}
        },
        Some(&resume),
    );
    assert!(why[0].contains("checksum mismatch"), "{why:?}");
    for i in 0..g.size() {
        assert_eq!(again.get(i), whole.get(i), "entry {i}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
