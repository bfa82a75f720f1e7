//! Helpers shared by the slice table's tests (`cube3_slice.rs`, `cube3_slice_groups.rs`,
//! `cube3_layers.rs`): the groups written out (`slice_group`), the tests'
//! table folder, the Korf-table solver they compare lengths with, random scrambles, a
//! permutation's parity.

// (Each test file uses a part of these.)
#[allow(dead_code)]
pub mod slice_group;

use std::sync::OnceLock;
use twisty::cube3::optimal::OptimalTables;
use twisty::cube3::two_phase::TwoPhaseTables;
use twisty::cube3::CubieCube;
use twisty::rng::Rng;

pub fn cache() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cube3-tables")
}

pub fn korf_tables() -> &'static OptimalTables {
    static T: OnceLock<OptimalTables> = OnceLock::new();
    T.get_or_init(|| {
        let two = TwoPhaseTables::load_or_build(Some(&cache()), 2, |m| eprintln!("{m}"));
        OptimalTables::load_or_build(two, Some(&cache()), 2, |m| eprintln!("{m}"))
    })
}

pub fn scramble(rng: &mut Rng, len: usize) -> CubieCube {
    (0..len).fold(CubieCube::SOLVED, |c, _| c.apply(rng.below(18)))
}

pub fn parity(p: &[u8]) -> bool {
    let mut odd = false;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            odd ^= p[i] > p[j];
        }
    }
    odd
}

/// Distance from `c` to the cubes `home` accepts, by iterative deepening on cubies, up to `limit`
/// (None beyond).
pub fn distance_to(
    c: &CubieCube,
    limit: usize,
    home: &dyn Fn(&CubieCube) -> bool,
) -> Option<usize> {
    fn dfs(c: &CubieCube, left: usize, last: usize, home: &dyn Fn(&CubieCube) -> bool) -> bool {
        home(c)
            || left > 0
                && (0..18)
                    .filter(|m| m / 3 != last)
                    .any(|m| dfs(&c.apply(m), left - 1, m / 3, home))
    }
    (0..=limit).find(|&d| dfs(c, d, 6, home))
}
