//! nissy's kind of table (`Shape::h11`, `flip_min::build`) against an independent truth. With no
//! flips kept (nissy's h0), an entry's least distance to H11 over every flip is the distance to
//! H48: a cube at distance d of H48 is h w with h in H48 and w d moves long, and with h's flips
//! undone by a member of H48 (which keeps the coordinate) it lies d moves from H11. The library's
//! breadth-first search over H48's cosets (`exact_table`, the line-BFS sizes' truth) gives those
//! distances; the build under test reaches them instead through H11's cosets to depth 8 and a
//! depth-first search two moves past them, so the two share no search.

use twisty::cube3::slice_table::{exact_table, flip_min, Edges, Shape, SliceCoords, SIZES};

#[test]
fn with_no_flips_kept_the_least_distance_to_h11_is_the_distance_to_h48() {
    let s48 = SIZES[0].shape;
    assert!(s48.all_syms() && !s48.parity() && s48.edges == Edges::Slices);
    let exact = exact_table(&SliceCoords::new(s48), 2, &mut |_| {});
    let h0 = SliceCoords::new(Shape {
        edges: Edges::FlipMin(0),
        ..s48
    });
    let table = flip_min::build(&h0, 2, &mut |m| eprintln!("{m}"));
    assert_eq!(table.entries, h0.entries());
    let base = flip_min::BASE;
    let (mut checked, mut at_most_base) = (0u64, 0u64);
    for (line, first) in (0..table.entries).step_by(254).enumerate() {
        let last = (first + 254).min(table.entries);
        let least = (first..last).map(|i| exact.get(i)).min().unwrap();
        for i in first..last {
            let d = exact.get(i);
            let (read, stands_in) = table.get_and_whether_least(i);
            if stands_in {
                assert!(d <= base, "entry {i}: {d}, read as at most the base");
                assert_eq!(read, least, "line {line}'s least");
                at_most_base += 1;
            } else {
                assert_eq!(read, d.min(base + 3), "entry {i}");
            }
            checked += 1;
        }
    }
    // Both kinds of entry were met, and far more than a few of each.
    assert!(at_most_base > 1_000_000 && checked - at_most_base > 1_000_000);
}
