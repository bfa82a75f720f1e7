//! cube3-opt's slice table with vcube's coordinates (`Shape::layers`: the corners by U-D layer,
//! the E-slice edges' places and order, the U-D edges' flips), checked against truths that share
//! none of its code: the group written out piece by piece here, distances found by iterative
//! deepening on cubies, the packing against the exact table entry by entry, and the Korf-table
//! solver on lengths. The search's rules for a group that holds only the U and D turns (which
//! moves each axis keeps) are checked against the group too.

// Tests run on the current toolchain; only the library and the bundles keep to Rust 1.63.
#![allow(clippy::incompatible_msrv)]

mod cube3_helpers;
use cube3_helpers::{cache, distance_to, korf_tables, parity, scramble};

use twisty::cube3::slice_table::{
    exact_table, FastCube, Shape, SliceCoords, SliceTables, LAYERS_SMALL, SIZES,
};
use twisty::cube3::symmetry::{Axes, Symmetries};
use twisty::cube3::CubieCube;
use twisty::dist_table::line_table::PER_LINE;
use twisty::rng::Rng;

/// The shapes with these coordinates: the small one CI builds and the ladder's.
fn shapes() -> Vec<Shape> {
    let big = SIZES.iter().filter(|s| s.shape.layers()).map(|s| s.shape);
    std::iter::once(LAYERS_SMALL.shape).chain(big).collect()
}

// The group, by piece names (Kociemba's order: corners URF UFL ULB UBR DFR DLF DBL DRB, edges UR
// UF UL UB DR DF DL DB FR FL BL BR): U-layer corners in the U layer, no corner twisted, the E-slice
// edges each at its own place, and (with flips) no U-D edge flipped.
fn in_group(c: &CubieCube, flips: bool) -> bool {
    (0..8).all(|i| (c.cp[i] < 4) == (i < 4) && c.co[i] == 0)
        && (8..12).all(|i| c.ep[i] == i as u8)
        && (!flips || (0..8).all(|i| c.eo[i] == 0))
}

/// A random member: corners shuffled within their layers, U-D edges among their eight places,
/// the E-slice edges flipped at random (and the U-D edges too, without flips).
fn group_member(rng: &mut Rng, flips: bool) -> CubieCube {
    loop {
        let mut c = CubieCube::SOLVED;
        let (mut u, mut d, mut ud) = ([0u8, 1, 2, 3], [4u8, 5, 6, 7], [0u8, 1, 2, 3, 4, 5, 6, 7]);
        rng.shuffle(&mut u);
        rng.shuffle(&mut d);
        rng.shuffle(&mut ud);
        c.cp[..4].copy_from_slice(&u);
        c.cp[4..].copy_from_slice(&d);
        c.ep[..8].copy_from_slice(&ud);
        let mut odd = 0;
        for i in 0..12 {
            c.eo[i] = if i < 8 && flips {
                0
            } else {
                rng.below(2) as u8
            };
            odd ^= c.eo[i];
        }
        c.eo[8] ^= odd;
        if parity(&c.cp) == parity(&c.ep) {
            return c;
        }
    }
}

/// The coordinates are functions of the coset; a cube has the solved cube's coordinates exactly
/// when it lies in the group; the U and D turns lie in it; the search's way to an index agrees
/// with the tables'; the move tables are cubes turned; symmetric cubes share the entry.
#[test]
fn layer_coordinates_name_cosets_of_the_group() {
    let mut rng = Rng::new(208);
    let syms = Symmetries::new();
    for shape in shapes() {
        let coords = SliceCoords::new(shape);
        let goal = coords.index_of(&CubieCube::SOLVED);
        for _ in 0..300 {
            let len = rng.below(12);
            let c = scramble(&mut rng, len);
            let h = group_member(&mut rng, shape.flips());
            assert!(in_group(&h, shape.flips()));
            assert_eq!(coords.index_of(&h.multiply(&c)), coords.index_of(&c));
            assert_eq!(coords.index_of(&c) == goal, in_group(&c, shape.flips()));
            let fast = FastCube::from_cubie(&c);
            let flips: usize = (0..12).map(|i| (c.eo[i] as usize) << i).sum();
            assert_eq!(fast.orientations(), flips);
            let cs = coords.view_class_sym(&fast, twisty::coord::perm_parity(&c.cp));
            let (view, table) = (coords.view_index(&fast, cs), coords.index_of(&c));
            let (row, n) = (table / coords.n_edge, coords.n_edge);
            assert_eq!(view / n, row);
            let fixing = coords.self_syms(row);
            assert!((0..coords.group.len())
                .any(|s| fixing >> s & 1 == 1 && coords.conjugate_edge(view % n, s) == table % n));
            if coords.self_syms(row) == 1 {
                assert_eq!(view, table);
                for s in 0..16 {
                    let v = syms.conjugate(&c, s);
                    assert_eq!(coords.index_of(&v), table);
                }
            }
            // A U or D turn stays in the group; any other turn leaves it.
            let m = rng.below(18);
            assert_eq!(coords.index_of(&h.apply(m)) == goal, m / 3 % 3 == 0);
        }
        for x in (0..coords.n_corner).step_by(7) {
            assert_eq!(coords.corner(&coords.corner_cube(x)), x);
            for m in 0..18 {
                let turned = coords.corner_cube(x).apply(m);
                assert_eq!(coords.corner_move(x, m), coords.corner(&turned));
            }
        }
        for x in (0..coords.n_edge).step_by(61) {
            let cube = coords.edge_cube(x);
            assert_eq!(coords.edge(&cube), x);
            // A real cube: the coordinate's cube keeps the cube's laws.
            assert_eq!(parity(&cube.ep), parity(&cube.cp));
            assert_eq!(cube.eo.iter().map(|&f| f as u32).sum::<u32>() % 2, 0);
            for m in 0..18 {
                let turned = coords.edge_cube(x).apply(m);
                assert_eq!(coords.edge_move(x, m), coords.edge(&turned));
            }
            // The build's conjugation (the flips' part made from masks) is the cube conjugated.
            for s in 0..coords.group.len() {
                let conjugated = coords.group.conjugate(&cube, s);
                assert_eq!(coords.conjugate_edge(x, s), coords.edge(&conjugated));
            }
        }
    }
}

/// Distance to the group by iterative deepening on cubies, up to `limit` (None beyond).
fn distance(c: &CubieCube, limit: usize, flips: bool) -> Option<usize> {
    distance_to(c, limit, &|c| in_group(c, flips))
}

/// The small size's exact distances equal iterative deepening on cubies near the group, under
/// each of the 16 symmetries; the packed table agrees with them on every entry; the moves the
/// search takes as kept along each axis are those whose view lies in the group written out (U
/// and D along the first); its lengths equal the Korf solver's, on one thread and on two.
#[test]
fn the_layer_table_holds_distances_to_its_group() {
    let tables =
        SliceTables::load_or_build(LAYERS_SMALL, Some(&cache()), 2, &mut |m| eprintln!("{m}"));
    let (coords, packed) = (&tables.coords, &tables.table);
    let exact = exact_table(coords, 2, &mut |_| {});
    let (axes, syms) = (Axes::new(), Symmetries::new());
    let mut rng = Rng::new(2080);
    let mut seen = [0; 6];
    for k in 0..120 {
        let c = group_member(&mut rng, false).multiply(&scramble(&mut rng, k % 6));
        let want = distance(&c, 5, false).unwrap();
        seen[want] += 1;
        for s in 0..16 {
            let v = syms.conjugate(&c, s);
            assert_eq!(exact.get(coords.index_of(&v)) as usize, want, "cube {k}");
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    let base = packed.base;
    for first in (0..coords.entries()).step_by(PER_LINE) {
        let line = first..(first + PER_LINE).min(coords.entries());
        let least = line.clone().map(|i| exact.get(i)).min().unwrap();
        for i in line {
            let (d, got) = (exact.get(i), packed.get(i));
            assert_eq!(got, if d > base { d.min(base + 3) } else { least });
        }
    }
    let search = tables.search();
    for k in 0..3 {
        let kept = (0..18)
            .filter(|&m| in_group(&axes.conjugate(&CubieCube::SOLVED.apply(m), k), false))
            .fold(0u32, |b, m| b | 1 << m);
        assert_eq!(search.keeps()[k], kept, "axis {k}");
    }
    assert_eq!(search.keeps()[0], 0b111_000_000_111);
    // A move barred where it should not be shows as a longer answer: many cubes near the
    // length where the search's bounds are tight.
    for k in 0..40 {
        let len = if k < 13 { k } else { 9 + k % 4 };
        let c = scramble(&mut rng, len);
        let (two, _) = search.solve(&c, 2, |_, _| {});
        let (one, _) = search.solve(&c, 1, |_, _| {});
        assert_eq!(two, one);
        assert_eq!(c.apply_all(&two), CubieCube::SOLVED);
        let (korf, _) = korf_tables().solve(&c, |_, _| {});
        assert_eq!(two.len(), korf.len(), "scramble of {len}");
    }
}
