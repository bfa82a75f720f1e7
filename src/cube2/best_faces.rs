//! HDU 4801's question for every 2x2x2 state at once: the most single-coloured faces over all states
//! within N quarter turns (N <= 7).
//!
//! A search per case costs milliseconds (6^7 paths at N = 7), and a file may hold thousands of cases.
//! Instead, with `best_k(s)` the answer for state `s` and N = k:
//! `best_0(s)` = the faces of `s` that show one colour, and
//! `best_{k+1}(s) = max(best_k(s), max over the six quarter turns t of best_k(t(s)))`.
//! Each step is one pass over the 3,674,160 states (DBL held; turning D, L or B is turning U, R or F
//! up to a whole-cube rotation, which changes no face count) through the CP and CO move tables, CO
//! inner so that the reads stay within one 729-byte block. Cases are answered offline: all are read,
//! then each is looked up when the pass of its N is done. Memory: two bytes per state (7.3 MB).

// Through the submodules, not the re-exports: a bundle without this module's users drops what it
// imports, and the bundler prunes such imports only when it sees the module that defined them.
use crate::cube2::coord_tables::Cube2Tables;
use crate::cube2::corner_cubie::{
    CubieCube, CORNER_FACELETS, CO_SIZE, CP_SIZE, QUARTER_MOVES, SIZE,
};

/// Answers `(state coordinate, N)` queries; `answers[i]` is query `i`'s answer.
pub fn most_uniform_faces(queries: &[(usize, usize)]) -> Vec<u8> {
    let mut answers = vec![0u8; queries.len()];
    let max_n = match queries.iter().map(|q| q.1).max() {
        Some(n) => n,
        None => return answers,
    };
    let tables = Cube2Tables::new();
    let mut best = uniform_face_counts();
    let mut next = vec![0u8; SIZE];
    for k in 0..=max_n {
        if k > 0 {
            one_more_turn(&tables, &best, &mut next);
            std::mem::swap(&mut best, &mut next);
        }
        for (i, &(s, n)) in queries.iter().enumerate() {
            if n == k {
                answers[i] = best[s];
            }
        }
    }
    answers
}

/// `next(s) = max(best(s), best(t(s)) for each quarter turn t)`.
fn one_more_turn(tables: &Cube2Tables, best: &[u8], next: &mut [u8]) {
    next.copy_from_slice(best);
    // CO move tables by move, each contiguous, for the inner loop.
    let co_by_move: Vec<Vec<u16>> = QUARTER_MOVES
        .iter()
        .map(|&m| {
            (0..CO_SIZE)
                .map(|co| (tables.apply(co, m) % CO_SIZE) as u16)
                .collect()
        })
        .collect();
    for cp in 0..CP_SIZE {
        let row = &mut next[cp * CO_SIZE..(cp + 1) * CO_SIZE];
        for (j, &m) in QUARTER_MOVES.iter().enumerate() {
            let to = tables.apply(cp * CO_SIZE, m) / CO_SIZE;
            let src = &best[to * CO_SIZE..(to + 1) * CO_SIZE];
            for (r, &co) in row.iter_mut().zip(&co_by_move[j]) {
                *r = (*r).max(src[co as usize]);
            }
        }
    }
}

/// The number of single-coloured faces of every state, by coordinate.
///
/// A face's four stickers sit on four corner positions, and what a position shows depends only on
/// the corner there (fixed by CP) and its twist. So for each CP a small table says, for each face and
/// each of the 3^4 twists of its four positions, whether the face is one colour; each CO then needs
/// six look-ups.
pub fn uniform_face_counts() -> Vec<u8> {
    let mut position_of = [0usize; 24];
    for (p, facelets) in CORNER_FACELETS.iter().enumerate() {
        for &f in facelets {
            position_of[f] = p;
        }
    }
    // For each CO: per face, the index of its positions' twists in 0..81.
    let twist_index: Vec<[u8; 6]> = (0..CO_SIZE)
        .map(|co| {
            let twists = CubieCube::from_coord(co).co;
            std::array::from_fn(|f| {
                (0..4).fold(0, |acc, k| acc * 3 + twists[position_of[4 * f + k]])
            })
        })
        .collect();
    let mut counts = vec![0u8; SIZE];
    for cp in 0..CP_SIZE {
        let base = CubieCube::from_coord(cp * CO_SIZE);
        // Colours of every facelet when every corner has twist t.
        let shown: [[u8; 24]; 3] = std::array::from_fn(|t| {
            CubieCube {
                co: [t as u8; 8],
                ..base
            }
            .to_stickers()
        });
        let uniform: [[bool; 81]; 6] = std::array::from_fn(|f| {
            std::array::from_fn(|idx| {
                let colour = |k: usize| shown[(idx / 3usize.pow(3 - k as u32)) % 3][4 * f + k];
                (1..4).all(|k| colour(k) == colour(0))
            })
        });
        let row = &mut counts[cp * CO_SIZE..(cp + 1) * CO_SIZE];
        for (c, idx) in row.iter_mut().zip(&twist_index) {
            *c = (0..6).filter(|&f| uniform[f][idx[f] as usize]).count() as u8;
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_the_stickers_of_every_hundredth_state() {
        let counts = uniform_face_counts();
        for s in (0..SIZE).step_by(97) {
            assert_eq!(
                counts[s] as usize,
                CubieCube::from_coord(s).uniform_faces(),
                "state {s}"
            );
        }
        // Solved: six faces; the whole space has no state with exactly five.
        assert_eq!(counts[CubieCube::SOLVED.coord()], 6);
        assert!(!counts.contains(&5));
    }
}
