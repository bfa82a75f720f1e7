//! Distance distributions from definition files against published figures.

use engine::metric::{Metric, MoveSet};
use engine::shipped;
use engine::space::Space;
use engine::table::DistTable;

fn distribution(name: &str, metric: Metric) -> Vec<u64> {
    let p = shipped::open(name).unwrap();
    let set = MoveSet::new(&p, metric);
    let space = Space::new(&p, set.perms.clone()).unwrap();
    let t = DistTable::build(&space, |_| {});
    t.distribution.clone()
}

#[test]
fn floppy() {
    assert_eq!(distribution("floppy", Metric::Htm), [1, 4, 10, 24, 53, 64, 31, 4, 1]);
}

#[test]
fn cube2_htm() {
    let published = [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644];
    assert_eq!(distribution("2x2x2", Metric::Htm), published);
    assert_eq!(distribution("2x2x2-stickers", Metric::Htm), published);
}
