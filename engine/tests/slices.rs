//! A sliced God's-algorithm run (4 slices, one after another, level by level, as a job array would
//! run them) gives the single-process table exactly; merge refuses damaged or missing files.

use engine::gods::job_slices::{file_name, merge, run_job};
use engine::load::shipped;
use engine::model::metric::{Metric, MoveSet};
use engine::solving::solver::fingerprint;
use engine::tables::full_table::DistTable;
use engine::tables::space::Space;

#[test]
fn four_slices_equal_one_process() {
    let p = shipped::open("2x2x2").unwrap();
    let set = MoveSet::new(&p, Metric::Htm);
    let space = Space::new(&p, set.perms.clone()).unwrap();
    let fp = fingerprint(&p, &set);
    let dir = std::env::temp_dir().join(format!("twisty-slices-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut level = 0;
    loop {
        let found: u64 = (0..4)
            .map(|i| run_job(&space, fp, &dir, i, 4, level).unwrap())
            .sum();
        level += 1;
        if found == 0 {
            break;
        }
        // Before a level is complete, merge says what is missing.
        if level == 3 {
            let err = merge(&space, fp, &dir).unwrap_err();
            assert!(err.starts_with("incomplete: level 3"), "{err}");
        }
    }
    let merged = merge(&space, fp, &dir).unwrap();
    let single = DistTable::build(&space, |_| {});
    assert_eq!(merged.distribution, single.distribution);
    assert_eq!(merged.digest(), single.digest());
    assert_eq!(merged.gods_number(), 11);

    // A damaged file and a missing one are refused by name.
    let victim = file_name(&dir, 5, 2, 4);
    let mut bytes = std::fs::read(&victim).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&victim, &bytes).unwrap();
    let err = merge(&space, fp, &dir).unwrap_err();
    assert!(err.contains("checksum mismatch"), "{err}");
    std::fs::remove_file(&victim).unwrap();
    let err = merge(&space, fp, &dir).unwrap_err();
    assert_eq!(err, "level 5: slice 2 of 4 is missing");
    // A job of the next level cannot run without its frontier.
    let err = run_job(&space, fp, &dir, 0, 4, 5).unwrap_err();
    assert!(err.contains("run level 4 for every slice first"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
