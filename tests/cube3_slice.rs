//! cube3-opt's slice table and search (`twisty::cube3::slice_table`), checked against truths that
//! share none of its code: the group written out piece by piece, distances found by iterative
//! deepening on cubies, the packing against the exact table entry by entry, and the Korf-table
//! solver (`cube3::optimal`) on lengths.

// Tests run on the current toolchain; only the library and the bundles keep to Rust 1.63.
#![allow(clippy::incompatible_msrv)]

mod cube3_helpers;
use cube3_helpers::slice_group::{distance, group_member, in_group, slice_of};
use cube3_helpers::{cache, distance_to, korf_tables, scramble};

use proptest::prelude::*;
use std::sync::OnceLock;
use twisty::cube3::slice_table::{
    exact_table, Edges, FastCube, SliceCoords, SliceTables, TableSize, FLIP_PARITIES_SMALL,
    HALVES_SMALL, LAYERS_SMALL, SIZES,
};
use twisty::cube3::symmetry::{Axes, SymGroup, Symmetries};
use twisty::cube3::CubieCube;
use twisty::dist_table::line_table::PER_LINE;

/// The smallest slice table, as `cube3-opt --table-size 40M` uses it, cached beside the others.
fn slice_tables() -> &'static SliceTables {
    static T: OnceLock<SliceTables> = OnceLock::new();
    T.get_or_init(|| {
        let size = TableSize::within(40 << 20).unwrap();
        SliceTables::load_or_build(size, Some(&cache()), 2, &mut |m| eprintln!("{m}"))
    })
}

use twisty::bytes::parse;
use twisty::rng::Rng;

#[test]
fn corner_classes_match_the_size_ladder_and_budgets_pick_the_largest_that_fits() {
    // The 48-symmetry counts are H48's (3,393 corner classes, nissy-core's doc/h48.md).
    for size in SIZES {
        let coords = SliceCoords::new(size.shape);
        assert_eq!(coords.rows(), size.shape.corner_classes());
    }
    for s in [HALVES_SMALL, LAYERS_SMALL] {
        assert_eq!(SliceCoords::new(s.shape).rows(), s.shape.corner_classes());
    }
    assert_eq!(TableSize::within(4 << 30), Ok(SIZES[6]));
    assert_eq!(TableSize::within(8 << 30), Ok(SIZES[7]));
    assert_eq!(TableSize::within(40 << 20), Ok(SIZES[0]));
    assert_eq!(TableSize::within(100 << 20), Ok(SIZES[1]));
    assert_eq!(TableSize::within(120 << 20), Ok(SIZES[2]));
    // Each size faster than the one below it (the figures quoted to users).
    assert!(SIZES.windows(2).all(|w| w[1].seconds_17 < w[0].seconds_17));
    // 29,623,296 bytes, shown in powers of 1024 as budgets are typed.
    assert!(TableSize::within(20 << 20).unwrap_err().contains("28 MB"));
    assert_eq!(parse("4G"), Ok(4 << 30));
    assert_eq!(parse("300m"), Ok(300 << 20));
    assert_eq!(parse("4096"), Ok(4096));
    assert_eq!(parse("4.5G"), Ok(9 << 29));
    for bad in ["", "G", "4X", "-1M", "99999999999T"] {
        assert!(parse(bad).is_err(), "{bad}");
    }
}

proptest! {
    #[test]
    fn reading_a_budget_never_panics(s in "\\PC*") {
        let _ = parse(&s);
    }
}

/// The coordinates are functions of the coset: relabelling by a group member changes nothing, and
/// a cube has the solved cube's coordinates exactly when it lies in the group (the group here
/// written out independently).
#[test]
fn coordinates_name_cosets_of_the_group() {
    let mut rng = Rng::new(32);
    let syms = Symmetries::new();
    // (vcube's coordinates, another group: tests/cube3_layers.rs.)
    for size in SIZES
        .iter()
        .chain([&HALVES_SMALL, &FLIP_PARITIES_SMALL])
        // (nissy's kind keeps no coset: tests/cube3_flip_min.rs.)
        .filter(|s| !s.shape.layers() && !matches!(s.shape.edges, Edges::FlipMin(_)))
    {
        let coords = SliceCoords::new(size.shape);
        let goal = coords.index_of(&CubieCube::SOLVED);
        for _ in 0..300 {
            let len = rng.below(12);
            let c = scramble(&mut rng, len);
            let h = group_member(&mut rng, size.shape);
            assert!(in_group(&h, size.shape));
            assert_eq!(coords.index_of(&h.multiply(&c)), coords.index_of(&c));
            // The symmetries the table is reduced by keep the group, and the edge coordinate's
            // conjugation is the cube's.
            for s in 0..coords.group.len() {
                assert!(in_group(&coords.group.conjugate(&h, s), size.shape));
                let turned = coords.edge(&coords.group.conjugate(&c, s));
                assert_eq!(coords.conjugate_edge(coords.edge(&c), s), turned);
            }
            assert_eq!(coords.index_of(&c) == goal, in_group(&c, size.shape));
            // The search's way to the index (edge masks turned by the symmetry; for the half-turn
            // shapes, the row from small tables) agrees with the tables' (edge coordinate, then
            // its conjugation table): the same entry, or, in a row that symmetries of its own fix,
            // an entry one of them maps to it (the same coset, so the same distance).
            let parity = twisty::coord::perm_parity(&c.cp);
            let fast = FastCube::from_cubie(&c);
            assert_eq!(fast.to_cubie(), c);
            let cs = coords.view_class_sym(&fast, parity);
            let (view, table) = (coords.view_index(&fast, cs), coords.index_of(&c));
            let (row, n) = (table / coords.n_edge, coords.n_edge);
            assert_eq!(view / n, row);
            let fixing = coords.self_syms(row);
            assert!(
                (0..coords.group.len()).any(
                    |s| fixing >> s & 1 == 1 && coords.conjugate_edge(view % n, s) == table % n
                ),
                "{view} and {table}"
            );
            if fixing == 1 {
                assert_eq!(view, table);
            }
            // The search's product is the cubies' product.
            let d = scramble(&mut rng, 3);
            let product = fast.multiply(&FastCube::from_cubie(&d));
            assert_eq!(product.to_cubie(), c.multiply(&d));
            assert_eq!(product.is_solved(), c.multiply(&d) == CubieCube::SOLVED);
            // Symmetric cubes share the entry (a class fixed by some symmetry has several).
            let row = coords.index_of(&c) / coords.n_edge;
            if coords.self_syms(row) == 1 {
                for s in 0..16 {
                    let v = syms.conjugate(&c, s);
                    assert_eq!(coords.index_of(&v), coords.index_of(&c));
                }
            }
            // Half turns stay in the group (the search's tight-bound rule).
            let half = h.apply(3 * rng.below(6) + 1);
            assert_eq!(coords.index_of(&half), goal);
        }
    }
}

/// The move tables, built from their parts, against turning a cube of each coordinate: every
/// move of every 7th corner and every 61st edge coordinate, in every shape.
#[test]
fn move_tables_are_the_cubes_turned() {
    for size in SIZES
        .iter()
        .chain([&HALVES_SMALL, &FLIP_PARITIES_SMALL])
        // (nissy's kind keeps no coset: tests/cube3_flip_min.rs.)
        .filter(|s| !s.shape.layers() && !matches!(s.shape.edges, Edges::FlipMin(_)))
    {
        let coords = SliceCoords::new(size.shape);
        for x in (0..coords.n_corner).step_by(7) {
            for m in 0..18 {
                let turned = coords.corner_cube(x).apply(m);
                assert_eq!(coords.corner_move(x, m), coords.corner(&turned));
            }
        }
        for x in (0..coords.n_edge).step_by(61) {
            for m in 0..18 {
                let turned = coords.edge_cube(x).apply(m);
                assert_eq!(coords.edge_move(x, m), coords.edge(&turned));
            }
        }
    }
}

/// The smallest table's exact distances equal iterative deepening on cubies near the group, on
/// each axis and under each symmetry; the packed table agrees with them on every entry.
#[test]
fn the_smallest_table_holds_distances_to_the_group() {
    let tables = slice_tables();
    let coords = &tables.coords;
    let exact = exact_table(coords, 2, &mut |_| {});
    let (axes, syms) = (Axes::new(), Symmetries::new());
    let mut rng = Rng::new(7);
    let mut seen = [0; 6];
    for k in 0..120 {
        // A group member moved a few turns away, then seen from another axis.
        let c = group_member(&mut rng, coords.shape).multiply(&scramble(&mut rng, k % 6));
        let want = distance(&c, 5, coords.shape).unwrap();
        seen[want] += 1;
        for view in 0..3 {
            let v = axes.conjugate(&c, view);
            assert_eq!(exact.get(coords.index_of(&v)) as usize, want);
        }
        for s in 0..16 {
            let v = syms.conjugate(&c, s);
            assert_eq!(exact.get(coords.index_of(&v)) as usize, want);
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    // Without the flips, every axis sees the same distance (why the search looks along one), on
    // random cubes too.
    for k in 0..2000 {
        let c = scramble(&mut rng, 20 + k % 5);
        let d: Vec<u8> = (0..3)
            .map(|view| exact.get(coords.index_of(&axes.conjugate(&c, view))))
            .collect();
        assert!(d[0] == d[1] && d[1] == d[2], "{d:?}");
    }
    // The table (built in its own layout, `line_bfs`) against the exact one (the library's BFS):
    // exact above the base (capped at base + 3); at or below it, the least distance of its line.
    let (packed, base) = (&tables.table, tables.table.base);
    let mut low = 0;
    for first in (0..coords.entries()).step_by(PER_LINE) {
        let line = first..(first + PER_LINE).min(coords.entries());
        let least = line.clone().map(|i| exact.get(i)).min().unwrap();
        for i in line {
            let (d, got) = (exact.get(i), packed.get(i));
            if d > base {
                assert_eq!(got, d.min(base + 3), "entry {i}");
            } else {
                assert_eq!(got, least, "entry {i}");
                low += 1;
            }
        }
    }
    assert!(
        low > 0 && low < coords.entries() / 10,
        "{low} entries at or below the base"
    );
}

/// The edges' fallback (nissy's eoesep) against iterative deepening on cubies to "every edge in
/// its slice and oriented", near that group and under each of the 48 symmetries; its entries
/// count the classes and orientations, and it is kept beside the table.
#[test]
fn the_edge_fallback_holds_the_edges_distances() {
    let tables = slice_tables();
    let fallback = tables
        .fallback
        .as_ref()
        .expect("the smallest table has the fallback");
    let edges_home =
        |c: &CubieCube| (0..12).all(|i| slice_of(c.ep[i]) == slice_of(i as u8) && c.eo[i] == 0);
    let all = SymGroup::all();
    let mut rng = Rng::new(48);
    let mut seen = [0; 7];
    for k in 0..140 {
        let c = scramble(&mut rng, k % 7);
        let want = distance_to(&c, 6, &edges_home).unwrap();
        seen[want] += 1;
        for s in [0, rng.below(48)] {
            let v = FastCube::from_cubie(&all.conjugate(&c, s));
            assert_eq!(
                fallback.bound(&tables.coords, &v) as usize,
                want,
                "cube {k}, symmetry {s}"
            );
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    // 782 classes of the slice places under the 48 symmetries (nissy-core's ESEP_CLASSES), 2,048
    // orientations.
    assert_eq!(fallback.entries(), 782 * 2048);
    assert!(cache().join("cube3-edges.bin").is_file());
}

/// Lengths equal the Korf-table solver's on random scrambles up to 12 moves; solutions solve; the
/// answer is the same on one thread and on two.
#[test]
fn slice_search_lengths_equal_the_korf_solver() {
    let search = slice_tables().search();
    let mut rng = Rng::new(99);
    for len in 0..=12 {
        let c = scramble(&mut rng, len);
        let (two, _) = search.solve(&c, 2, |_, _| {});
        let (one, _) = search.solve(&c, 1, |_, _| {});
        assert_eq!(two, one);
        assert_eq!(c.apply_all(&two), CubieCube::SOLVED);
        let (korf, _) = korf_tables().solve(&c, |_, _| {});
        assert_eq!(two.len(), korf.len(), "scramble of {len}");
    }
}

/// The sizes with the E-slice flips (three views a side, flips conjugated along) give the Korf
/// solver's lengths too: the 1.4 GB table (the default's layout without the parity), built in the
/// tests' cache (slow the first time: docs/testing.md), on scrambles up to 14 moves.
#[test]
#[ignore = "proof"]
fn the_flips_table_gives_the_korf_lengths() {
    let size = SIZES[5];
    assert!(size.shape.flips() && !size.shape.parity());
    let tables = SliceTables::load_or_build(size, Some(&cache()), 2, &mut |m| eprintln!("{m}"));
    let search = tables.search();
    let mut rng = Rng::new(1414);
    for k in 0..16 {
        let c = scramble(&mut rng, 7 + k / 2);
        let (path, _) = search.solve(&c, 2, |_, _| {});
        assert_eq!(c.apply_all(&path), CubieCube::SOLVED);
        let (korf, _) = korf_tables().solve(&c, |_, _| {});
        assert_eq!(path.len(), korf.len(), "scramble {k}");
    }
}

/// A damaged table file is named, built again and saved; the rebuilt table is the same.
#[test]
fn a_damaged_slice_table_is_built_again() {
    let good = slice_tables();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cube3-slice-damaged");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(good.size.file());
    let bytes = std::fs::read(cache().join(good.size.file())).unwrap();
    // Cut short: found when the file is opened, named, and built again.
    std::fs::write(&file, &bytes[..bytes.len() - 1000]).unwrap();
    let mut log = Vec::new();
    let again =
        SliceTables::load_or_build(good.size, Some(&dir), 2, &mut |m| log.push(m.to_string()));
    assert!(log[0].contains("damaged or incomplete"), "{log:?}");
    assert!(log.iter().any(|m| m.starts_with("saved")), "{log:?}");
    let mut rng = Rng::new(5);
    for _ in 0..100_000 {
        let i = rng.below(good.coords.entries());
        assert_eq!(again.table.get(i), good.table.get(i));
    }
    drop(again);
    // A flipped bit among the entries: opening does not read them, verifying (`--verify`) does,
    // and names the file; it is then built again.
    let mut bad = bytes.clone();
    let mid = bad.len() / 2;
    bad[mid] ^= 0x04;
    std::fs::write(&file, &bad).unwrap();
    let mut log = Vec::new();
    assert!(!twisty::table_keeping::verify_kept(&file, &mut |m| log.push(m.to_string())));
    assert!(log[0].contains("checksum mismatch"), "{log:?}");
    let again =
        SliceTables::load_or_build(good.size, Some(&dir), 2, &mut |m| log.push(m.to_string()));
    assert!(log.iter().any(|m| m.starts_with("saved")), "{log:?}");
    assert!(twisty::table_keeping::verify_kept(&file, &mut |m| panic!(
        "{m}"
    )));
    for _ in 0..100_000 {
        let i = rng.below(good.coords.entries());
        assert_eq!(again.table.get(i), good.table.get(i));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
