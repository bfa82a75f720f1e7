//! Distance distributions from definition files against the published figures and the dedicated
//! solvers' own tables (which share no code or data with the engine: hand-made coordinates there,
//! definitions read from files here), and counts by Schreier-Sims against BFS and the literature.

use engine::gods::count::group_order;
use engine::load::shipped;
use engine::model::metric::{Metric, MoveSet};
use engine::tables::full_table::DistTable;
use engine::tables::space::Space;
use twisty::cube2::Cube2Solver;
use twisty::floppy::FloppyTables;

fn distribution(name: &str, metric: Metric) -> Vec<u64> {
    let p = shipped::open(name).unwrap();
    let set = MoveSet::new(&p, metric);
    let space = Space::new(&p, set.perms.clone()).unwrap();
    DistTable::build(&space, |_| {}).distribution
}

fn as_u64(v: &[usize]) -> Vec<u64> {
    v.iter().map(|&x| x as u64).collect()
}

#[test]
fn floppy_matches_the_article_and_the_dedicated_table() {
    let engine = distribution("floppy", Metric::Htm);
    assert_eq!(engine, [1, 4, 10, 24, 53, 64, 31, 4, 1]);
    assert_eq!(engine, as_u64(&FloppyTables::new().dist.distribution));
}

#[test]
fn cube2_htm_from_kpuzzle_and_from_stickers() {
    // Published: the 2x2x2 in the half-turn metric, God's number 11.
    let published = [
        1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
    ];
    let dedicated = as_u64(&Cube2Solver::htm().dist.distribution);
    assert_eq!(dedicated, published);
    assert_eq!(distribution("2x2x2", Metric::Htm), published);
    assert_eq!(distribution("2x2x2-stickers", Metric::Htm), published);
    // The sticker file names U' and U2 itself: its own moves are the half-turn metric.
    assert_eq!(distribution("2x2x2-stickers", Metric::Moves), published);
}

#[test]
fn cube2_qtm_from_kpuzzle_and_from_stickers() {
    // Published: quarter-turn metric, God's number 14.
    let published = [
        1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276,
    ];
    assert_eq!(as_u64(&Cube2Solver::qtm().dist.distribution), published);
    assert_eq!(distribution("2x2x2", Metric::Qtm), published);
    assert_eq!(distribution("2x2x2-stickers", Metric::Qtm), published);
}

#[test]
fn counts_by_schreier_sims() {
    let order = |name: &str| {
        let p = shipped::open(name).unwrap();
        let set = MoveSet::new(&p, Metric::Htm);
        group_order(&p, &set.perms.iter().collect::<Vec<_>>()).to_string()
    };
    // The 3x3x3's published count; the others agree with the BFS tables above.
    assert_eq!(order("3x3x3"), "43252003274489856000");
    assert_eq!(order("2x2x2"), "3674160");
    assert_eq!(order("2x2x2-stickers"), "3674160");
    assert_eq!(order("floppy"), "192");
    assert_eq!(order("pancake"), "479001600"); // 12!: every arrangement
}
