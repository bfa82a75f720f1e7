//! The degenerate cube's views as array indices. A view (one face's colour against the rest, that
//! face on top) shows the colour on 4 of the 24 corner stickers and 4 of the 24 edge stickers, so
//! it ranks as two 4-subsets of 24: [`view_rank`], dense in `VIEW_RANKS` = 10,626^2 entries, of
//! which the 44,906,400 views a cube can show are used. The network reads each view in one
//! orientation, the least of its images under the 8 symmetries that keep the top on top
//! ([`canonical`]). With the `learn` feature, [`ViewTable`] is the degenerate network evaluated
//! once on every canonical view (about an eighth of them), so that a search reads the network's
//! answers from an array instead of running it (far slower: docs/performance.md, "Figures that
//! were in code comments").

/// The 8 symmetries of the cube that keep the top face on top (the quarter turns about the U-D
/// axis, each with or without the left-right mirror) as sticker maps: `image[j] = view[map[j]]`.
/// Each maps face turns to face turns (the mirror reverses their direction), so a view and its
/// images are equally far from the goal and may share one reading of the network.
pub fn top_symmetries() -> &'static [[u8; STICKERS]; 8] {
    static MAPS: std::sync::OnceLock<[[u8; STICKERS]; 8]> = std::sync::OnceLock::new();
    MAPS.get_or_init(|| {
        // Number the 54 facelets, move them, and read which number lands where.
        let numbered = StickerCube3(std::array::from_fn(|i| i as u8));
        let to48 = |f: usize| (f - f / 9 - (f % 9 > 4) as usize) as u8;
        let moving: Vec<usize> = (0..54).filter(|i| i % 9 != 4).collect();
        // Left-right mirror in the facelet order (each face read as a 3x3 from outside): columns
        // reverse on every face, and R and L trade places.
        let mirror = |i: usize| {
            let (face, r, c) = (i / 9, i % 9 / 3, i % 3);
            let face = [0, 4, 2, 3, 1, 5][face];
            face * 9 + r * 3 + (2 - c)
        };
        std::array::from_fn(|k| {
            let mut cube = numbered;
            if k >= 4 {
                cube = StickerCube3(std::array::from_fn(|i| cube.0[mirror(i)]));
            }
            if k % 4 > 0 {
                cube = cube.apply(Move {
                    turn: Turn::Rotation('y'),
                    amount: (k % 4) as u8,
                });
            }
            std::array::from_fn(|j| to48(cube.0[moving[j]] as usize))
        })
    })
}

/// The least (in byte order) of a view's images under [`top_symmetries`]: the orientation in which
/// the degenerate network reads every view, so that the 8 images of one view get one reading and
/// the view table needs the network on about an eighth of the views.
pub fn canonical(v: &Stickers) -> Stickers {
    let mut best = *v;
    for map in &top_symmetries()[1..] {
        let image: Stickers = std::array::from_fn(|j| v[map[j] as usize]);
        if image < best {
            best = image;
        }
    }
    best
}

/// 4-subsets of 24: C(24, 4).
pub const FOUR_OF_24: usize = 10_626;
/// Entries of a dense array indexed by [`view_rank`].
pub const VIEW_RANKS: usize = FOUR_OF_24 * FOUR_OF_24;

/// Is sticker `k` (0..48, facelet order less centres) on a corner, and its place among the 24
/// stickers of its kind (facelet order: corners at 0, 2, 6, 8 of a face; edges at 1, 3, 5, 7).
fn sticker_place(k: usize) -> (bool, usize) {
    let (face, place) = (k / 8, k % 8);
    (
        matches!(place, 0 | 2 | 5 | 7),
        face * 4 + [0, 0, 1, 1, 2, 2, 3, 3][place],
    )
}

/// Where a degenerate view lies in a dense array of [`VIEW_RANKS`] entries: the colex ranks of its
/// corner and edge 4-subsets, corners major; `None` for anything a view cannot be (not exactly 4
/// of each).
pub fn view_rank(v: &Stickers) -> Option<usize> {
    // Each kind's chosen places, ranked by the combinatorial number system.
    let (mut corners, mut edges) = ([false; 24], [false; 24]);
    for (k, &x) in v.iter().enumerate() {
        if x != 0 {
            let (corner, place) = sticker_place(k);
            (if corner { &mut corners } else { &mut edges })[place] = true;
        }
    }
    let four = |m: &[bool; 24]| m.iter().filter(|&&b| b).count() == 4;
    (four(&corners) && four(&edges)).then(|| rank_comb(&corners) * FOUR_OF_24 + rank_comb(&edges))
}

/// The 4-subsets of one kind's 24 stickers a cube can show (no two stickers of one piece), in rank
/// order: each as its rank and its 48-sticker positions.
#[cfg(any(feature = "net", test))]
pub(crate) fn showable(corner: bool) -> Vec<(usize, [usize; 4])> {
    use twisty::coord::choose;
    use twisty::cube3::facelet_string::{CORNER_FACELETS, EDGE_FACELETS};
    let to48 = |f: usize| f - f / 9 - (f % 9 > 4) as usize;
    // Piece of each place among the 24, and the 48-sticker position of each place.
    let mut piece = [0usize; 24];
    let mut position = [0usize; 24];
    let pieces: Vec<Vec<usize>> = if corner {
        CORNER_FACELETS.iter().map(|p| p.to_vec()).collect()
    } else {
        EDGE_FACELETS.iter().map(|p| p.to_vec()).collect()
    };
    for (i, facelets) in pieces.iter().enumerate() {
        for &f in facelets {
            let k = to48(f);
            let (is_corner, place) = sticker_place(k);
            debug_assert_eq!(is_corner, corner);
            piece[place] = i;
            position[place] = k;
        }
    }
    let mut out = Vec::new();
    for d in 3..24 {
        for c in 2..d {
            for b in 1..c {
                for a in 0..b {
                    let set = [a, b, c, d];
                    let distinct = (0..4).all(|i| (0..i).all(|j| piece[set[i]] != piece[set[j]]));
                    if distinct {
                        let rank = choose(a, 1) + choose(b, 2) + choose(c, 3) + choose(d, 4);
                        out.push((rank, set.map(|p| position[p])));
                    }
                }
            }
        }
    }
    out.sort_unstable();
    out
}

use crate::cube3_stickers::{project, stickers, to_cube, Stickers, STICKERS};
use twisty::coord::rank_comb;
use twisty::notation::{Move, Turn};
use twisty::sticker_cube3::StickerCube3;

/// The six views the degenerate heuristic averages: for each face, the cube turned whole so that
/// this face is on top, reduced to that face's colour against the rest (the view the network was
/// trained on, whose goal has the U colour on top), then read in its canonical orientation among
/// the symmetries that keep the top on top ([`canonical`]). Whole-cube turns and mirrors map face
/// turns to face turns, so each view's distance is a lower bound on the cube's.
pub fn face_views(c: &StickerCube3) -> [Stickers; 6] {
    static ROTATIONS: std::sync::OnceLock<[Option<Move>; 6]> = std::sync::OnceLock::new();
    let rotations = ROTATIONS.get_or_init(face_to_top);
    std::array::from_fn(|f| {
        let turned = rotations[f].map_or(*c, |m| c.apply(m));
        // The colour of the face that is now on top: its centre's.
        canonical(&project(&stickers(&turned), turned.0[4]))
    })
}

/// [`face_views`] of the cube whose moving stickers are `s` (centres at home, as under face turns),
/// through precomputed sticker permutations (8 per face, one per image): what the search asks for
/// every state it meets.
pub fn face_views_of(s: &Stickers) -> [Stickers; 6] {
    // Per face, its rotation on top composed with each symmetry that keeps the top on top.
    static MAPS: std::sync::OnceLock<[[[u8; STICKERS]; 8]; 6]> = std::sync::OnceLock::new();
    let maps = MAPS.get_or_init(|| {
        // Number the stickers, take each view's rotation, and read which number lands where.
        let rotations = face_to_top();
        let numbered: Stickers = std::array::from_fn(|i| i as u8);
        let cube = to_cube(&numbered);
        let symmetries = top_symmetries();
        std::array::from_fn(|f| {
            let turned = rotations[f].map_or(cube, |m| cube.apply(m));
            // Centres carry numbers below 6 too, but never land on a moving place.
            let on_top = stickers(&turned);
            std::array::from_fn(|k| symmetries[k].map(|j| on_top[j as usize]))
        })
    });
    std::array::from_fn(|f| {
        let image = |k: usize| -> Stickers {
            std::array::from_fn(|j| (s[maps[f][k][j] as usize] == f as u8) as u8)
        };
        // The least image, as `canonical` takes it.
        (1..8).map(image).fold(image(0), |best, v| best.min(v))
    })
}

/// For each face (U R F D L B), a whole-cube turn that brings it on top (`None` for U), found on the
/// sticker model rather than written down.
fn face_to_top() -> [Option<Move>; 6] {
    let candidates: Vec<Option<Move>> = std::iter::once(None)
        .chain(['x', 'z'].iter().flat_map(|&axis| {
            (1..4).map(move |amount| {
                Some(Move {
                    turn: Turn::Rotation(axis),
                    amount,
                })
            })
        }))
        .collect();
    let solved = StickerCube3::solved();
    std::array::from_fn(|f| {
        *candidates
            .iter()
            .find(|m| m.map_or(solved, |m| solved.apply(m)).0[4] == f as u8)
            .expect("x and z turns bring every face on top")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::cube3_stickers::turn_tables;
    use twisty::notation::Face;

    #[test]
    fn the_top_symmetries_keep_the_top_and_carry_face_turns_to_face_turns() {
        // turn_tables comes from the sticker model's face turns; the mirror is written by hand,
        // so this is what proves it a symmetry: S then T is T' then S for some face turn T'.
        let (turns, maps) = (turn_tables(), top_symmetries());
        for (k, s) in maps.iter().enumerate() {
            assert!(
                maps[..k].iter().all(|other| other != s),
                "symmetry {k} twice"
            );
            let top = project(&stickers(&StickerCube3::solved()), Face::U as u8);
            assert_eq!(
                s.map(|j| top[j as usize]),
                top,
                "symmetry {k} moves the top"
            );
            for t in &turns {
                let s_then_t: Vec<u8> = (0..STICKERS).map(|j| t[s[j] as usize]).collect();
                assert!(
                    turns
                        .iter()
                        .any(|u| (0..STICKERS).all(|j| s_then_t[j] == s[u[j] as usize])),
                    "symmetry {k} carries a face turn off the face turns"
                );
            }
        }
    }

    #[test]
    fn every_orientation_of_a_cube_reads_the_same_six_views() {
        // Whole-cube turns from the sticker model: the cube turned whole is as far from solved,
        // and its six canonical face views are the same six, in another order.
        let mut rng = twisty::rng::Rng::new(11);
        for trial in 0..40 {
            let mut cube = StickerCube3::solved();
            for _ in 0..(3 + trial % 15) {
                let m = rng.below(18);
                cube = cube.apply(Move {
                    turn: Turn::Face(Face::ALL[m / 3]),
                    amount: (m % 3) as u8 + 1,
                });
            }
            let sorted = |c: &StickerCube3| {
                let mut v = face_views(c);
                v.sort();
                v
            };
            let want = sorted(&cube);
            for axis in ['x', 'y', 'z'] {
                for amount in 1..4 {
                    let turned = cube.apply(Move {
                        turn: Turn::Rotation(axis),
                        amount,
                    });
                    assert_eq!(sorted(&turned), want, "{axis}{amount}");
                }
            }
            // The views the search reads (from the 48 stickers) are those of the sticker model.
            assert_eq!(face_views_of(&stickers(&cube)), face_views(&cube));
            // A canonical view is its own image's canonical view.
            for v in face_views(&cube) {
                for s in top_symmetries() {
                    assert_eq!(canonical(&s.map(|j| v[j as usize])), v);
                }
            }
        }
    }

    #[test]
    fn a_cube_shows_5670_corner_and_7920_edge_subsets() {
        // C(8,4) * 3^4 and C(12,4) * 2^4: which pieces show the colour, and which of their
        // stickers.
        assert_eq!(showable(true).len(), 70 * 81);
        assert_eq!(showable(false).len(), 495 * 16);
    }

    #[test]
    fn showable_subsets_rank_as_their_views() {
        let (corners, edges) = (showable(true), showable(false));
        for (c, cp) in corners.iter().step_by(7) {
            for (e, ep) in edges.iter().step_by(97) {
                let mut v = [0u8; 48];
                for &k in cp.iter().chain(ep) {
                    v[k] = 1;
                }
                assert_eq!(view_rank(&v), Some(c * FOUR_OF_24 + e));
            }
        }
    }
}
