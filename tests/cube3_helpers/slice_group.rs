//! The slice tables' groups written out by piece names, independently of the library's
//! coordinates (Kociemba's order: corners URF UFL ULB UBR DFR DLF DBL DRB, edges UR UF UL UB DR DF
//! DL DB FR FL BL BR): membership, random members, and distances by iterative deepening.

use super::{distance_to, parity};
use std::sync::OnceLock;
use twisty::cube3::slice_table::{Edges, Shape};
use twisty::cube3::CubieCube;
use twisty::rng::Rng;

pub const TETRAD_A: [u8; 4] = [0, 2, 5, 7];
pub const SLICES: [[u8; 4]; 3] = [[8, 9, 10, 11], [1, 3, 5, 7], [0, 2, 4, 6]];

pub fn slice_of(e: u8) -> usize {
    SLICES.iter().position(|s| s.contains(&e)).unwrap()
}

/// The corner permutations of the half-turn group, by closing the six half turns' under products
/// (96 of them, a figure Thistlethwaite's third phase rests on).
pub fn half_turn_corners() -> &'static std::collections::HashSet<[u8; 8]> {
    static H: OnceLock<std::collections::HashSet<[u8; 8]>> = OnceLock::new();
    H.get_or_init(|| {
        let mut seen = std::collections::HashSet::from([CubieCube::SOLVED.cp]);
        let mut todo = vec![CubieCube::SOLVED];
        while let Some(c) = todo.pop() {
            for face in 0..6 {
                let d = c.apply(3 * face + 1);
                if seen.insert(d.cp) {
                    todo.push(d);
                }
            }
        }
        assert_eq!(seen.len(), 96);
        seen
    })
}

/// Whether `c` lies in the group of a table of this shape: every corner in its tetrad and
/// twisted 0, every edge in its slice, (the corners' permutation even), (the E-slice edges
/// unflipped), (the corners permuted as half turns permute them).
pub fn in_group(c: &CubieCube, shape: Shape) -> bool {
    let corners = (0..8)
        .all(|i| TETRAD_A.contains(&c.cp[i]) == TETRAD_A.contains(&(i as u8)) && c.co[i] == 0);
    let edges = (0..12).all(|i| slice_of(c.ep[i]) == slice_of(i as u8));
    let flips = (8..12).all(|i| c.eo[i] == 0);
    // In its own slice a piece's flip is Kociemba's, from whichever axis (every symmetry keeps
    // the group: `coordinates_name_cosets_of_the_group`).
    let slice_flips = SLICES
        .iter()
        .all(|s| s.iter().fold(0, |a, &i| a ^ c.eo[i as usize]) == 0);
    corners
        && edges
        && (!shape.parity() || !parity(&c.cp))
        && (!shape.flips() || flips)
        && (shape.edges != Edges::SliceFlips || slice_flips)
        && (!shape.half_turns() || half_turn_corners().contains(&c.cp))
}

/// A random member of the group: pieces relabelled within their tetrads and slices (the corners
/// as a product of half turns moves them, for the half-turn shapes), the E-slice edges unflipped,
/// the others flipped at random, the permutations even when asked.
pub fn group_member(rng: &mut Rng, shape: Shape) -> CubieCube {
    let even = shape.parity();
    let mut c = CubieCube::SOLVED;
    loop {
        let mut a = TETRAD_A;
        let mut b = [1u8, 3, 4, 6];
        rng.shuffle(&mut a);
        rng.shuffle(&mut b);
        for (k, &p) in TETRAD_A.iter().enumerate() {
            c.cp[p as usize] = a[k];
        }
        for (k, &p) in [1u8, 3, 4, 6].iter().enumerate() {
            c.cp[p as usize] = b[k];
        }
        for s in SLICES {
            let mut x = s;
            rng.shuffle(&mut x);
            for (k, &p) in s.iter().enumerate() {
                c.ep[p as usize] = x[k];
            }
        }
        let mut flipped = 0;
        for i in 0..8 {
            c.eo[i] = rng.below(2) as u8;
            flipped ^= c.eo[i];
        }
        c.eo[0] ^= flipped;
        if shape.edges == Edges::SliceFlips {
            // Each slice's flips even: the M slice's (UF UB DF DB) by UF, the S slice's by UR.
            c.eo[1] ^= c.eo[1] ^ c.eo[3] ^ c.eo[5] ^ c.eo[7];
            c.eo[0] ^= c.eo[0] ^ c.eo[2] ^ c.eo[4] ^ c.eo[6];
        }
        if shape.half_turns() {
            c.cp = (0..20)
                .fold(CubieCube::SOLVED, |h, _| h.apply(3 * rng.below(6) + 1))
                .cp;
        }
        if parity(&c.cp) == parity(&c.ep) && (!even || !parity(&c.cp)) {
            return c;
        }
    }
}

/// Distance to the group by iterative deepening on cubies, up to `limit` (None beyond).
pub fn distance(c: &CubieCube, limit: usize, shape: Shape) -> Option<usize> {
    distance_to(c, limit, &|c| in_group(c, shape))
}
