//! A reduced cube's last phases by the library's 3x3x3 two-phase (issue 69: "the last phase may
//! be solved by the library's dedicated solver"). Where a phase's moves are the face turns by
//! the library's names and its group, seen whole blocks at a time ([`Quotient`]: the 4x4x4's
//! dedges), is the 3x3x3's corners and edges, each state from that phase on is matched to a
//! [`CubieCube`] and solved by `twisty::cube3`'s two-phase: at most 20 moves in a few
//! milliseconds, where the engine's own two phases over 24 wings took 20 to 24 in tenths of a
//! second. The match is found from the moves alone (which place is which, and each place's
//! twist), so no puzzle is named here.

use engine::model::metric::MoveSet;
use engine::model::Puzzle;
use engine::phases::block_quotient::{Part, Quotient};
use engine::phases::chain::Chain;
use engine::phases::phase_solver::Finisher;
use std::path::Path;
use std::sync::OnceLock;
use twisty::cube3::two_phase::TwoPhaseTables;
use twisty::cube3::{CubieCube, FACE_TURNS, MOVE_NAMES};

/// The library's faces, in its order (move `m` turns face `m / 3`).
const FACES: [&str; 6] = ["U", "R", "F", "D", "L", "B"];

/// The longest answer asked of the two-phase (every cube has one of 20 or fewer). It gives its
/// first answer within the bound: 20 takes about 2 ms, where 19 or less, asked as the best pair
/// so far shrinks, took seconds on some cubes.
const MOST_MOVES: usize = 20;

/// One orbit's match: per place of the quotient, the cube's place, and the twist its pieces
/// carry there; and the factor the quotient's twists are taken by (2 where a definition counts
/// its corners' twists the other way round).
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    pub to: Vec<usize>,
    pub delta: Vec<u8>,
    pub sign: u8,
}

/// The library's quarter turn of face `f` on its corners and edges: (source, twist) per place.
fn library_turn(f: usize) -> [Part; 2] {
    let t = &FACE_TURNS[f];
    [
        (t.cp.to_vec(), t.co.to_vec()),
        (t.ep.to_vec(), t.eo.to_vec()),
    ]
}

/// The places and twists that make the quotient's turns (`ours[f]`, one orbit) the library's
/// (`theirs[f]`): from each choice for the first place, the rest follow along the turns.
pub fn matching(ours: &[Part], theirs: &[Part], size: usize, ori: u8) -> Option<Match> {
    let signs = (1..ori.max(2)).filter(|&u| (1..ori).all(|k| (u * k) % ori != 0));
    for (sign, start) in signs.flat_map(|u| (0..size).map(move |s| (u, s))) {
        'twist: for d0 in 0..ori {
            let mut m = Match {
                to: vec![usize::MAX; size],
                delta: vec![0; size],
                sign,
            };
            (m.to[0], m.delta[0]) = (start, d0);
            let mut stack = vec![0];
            while let Some(x) = stack.pop() {
                for ((src, tw), (lsrc, ltw)) in ours.iter().zip(theirs) {
                    // The cube's turn brings to x's place what ours brings from y's.
                    let y = src[x] as usize;
                    let to = lsrc[m.to[x]] as usize;
                    let d = (m.delta[x] + sign * tw[x] + ori - ltw[m.to[x]] % ori) % ori;
                    if m.to[y] == usize::MAX {
                        (m.to[y], m.delta[y]) = (to, d);
                        stack.push(y);
                    } else if (m.to[y], m.delta[y]) != (to, d) {
                        continue 'twist;
                    }
                }
            }
            let mut hit = vec![false; size];
            if m.to
                .iter()
                .all(|&t| t < size && !std::mem::replace(&mut hit[t], true))
            {
                return Some(m);
            }
        }
    }
    None
}

/// A quotient's state as the library's cube, through the corners' and edges' matches.
pub fn cube_of(parts: &[Part], corners: (usize, &Match), edges: (usize, &Match)) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    let place = |(labels, oris): &Part, m: &Match, ori: u8, out: &mut [u8], out_ori: &mut [u8]| {
        for (q, (&l, &o)) in labels.iter().zip(oris).enumerate() {
            let l = l as usize;
            out[m.to[q]] = m.to[l] as u8;
            out_ori[m.to[q]] = (m.sign * o + m.delta[q] + ori - m.delta[l]) % ori;
        }
    };
    place(&parts[corners.0], corners.1, 3, &mut c.cp, &mut c.co);
    place(&parts[edges.0], edges.1, 2, &mut c.ep, &mut c.eo);
    c
}

/// Where the chain's phases from some phase on are a 3x3x3 (see the module's notes): that phase
/// (0-based) and the finisher; the two-phase's tables are read from `cache` or built.
pub fn finisher(
    puzzle: &Puzzle,
    set: &MoveSet,
    chain: &Chain,
    cache: Option<&Path>,
) -> Option<(usize, Finisher)> {
    let named = |n: &str| set.names.iter().position(|x| x == n);
    let to_ours: Vec<usize> = MOVE_NAMES.iter().map(|n| named(n)).collect::<Option<_>>()?;
    for (p, phase) in chain.phases.iter().enumerate() {
        let moves = chain.families.moves(&phase.moves);
        let faces: Vec<usize> = FACES.iter().map(|n| named(n)).collect::<Option<_>>()?;
        let only_faces = moves.iter().all(|m| to_ours.contains(m));
        if !only_faces || !faces.iter().all(|f| moves.contains(f)) {
            continue;
        }
        let gens: Vec<_> = faces.iter().map(|&f| set.perms[f].clone()).collect();
        let Ok(q) = Quotient::new(puzzle, &gens) else {
            continue;
        };
        let find = |size, ori| q.orbits.iter().position(|o| o.size == size && o.ori == ori);
        let (Some(co), Some(ed)) = (find(8, 3), find(12, 2)) else {
            continue;
        };
        if q.orbits.len() != 2 {
            continue;
        }
        let ours: Vec<Vec<Part>> = gens.iter().map(|g| q.perm(g)).collect();
        let side = |o: usize, k: usize| -> (Vec<Part>, Vec<Part>) {
            let a = ours.iter().map(|parts| parts[o].clone()).collect();
            let b = (0..6).map(|f| library_turn(f)[k].clone()).collect();
            (a, b)
        };
        let (a, b) = side(co, 0);
        let Some(corners) = matching(&a, &b, 8, 3) else {
            continue;
        };
        let (a, b) = side(ed, 1);
        let Some(edges) = matching(&a, &b, 12, 2) else {
            continue;
        };
        // (Read or built at the first answer asked: a chain only listed needs none.)
        let tables = OnceLock::new();
        let cache = cache.map(Path::to_path_buf);
        let puzzle = puzzle.clone();
        let finish: Finisher = Box::new(move |state, budget| {
            let tables = tables.get_or_init(|| {
                TwoPhaseTables::load_or_build(cache.as_deref(), twisty::machine::threads(), |m| {
                    eprintln!("3x3x3 two-phase: {m}")
                })
            });
            let parts = q.state(&puzzle, state)?;
            let cube = cube_of(&parts, (co, &corners), (ed, &edges));
            let path = tables.solve(&cube, MOST_MOVES)?;
            (path.len() <= budget).then(|| path.iter().map(|&m| to_ours[m]).collect())
        });
        return Some((p, finish));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::load::shipped;
    use engine::model::choice::Choice;
    use engine::phases::chain;
    use twisty::rng::Rng;

    /// The event's definition with its moves.
    fn event(name: &str) -> (Puzzle, MoveSet) {
        let p = shipped::open(name).unwrap();
        let choice = Choice {
            moves: shipped::event_moves(name).map(|m| m.split(',').map(String::from).collect()),
            ..Choice::default()
        };
        let c = choice.apply(&p).unwrap();
        (c.puzzle, c.set)
    }

    /// On the 4x4x4 (its dedges as blocks) and the 3x3x3, states of random face turns, matched to
    /// the library's cube, are the cube the library's own turns of the same names make.
    #[test]
    fn face_turns_match_the_librarys_cube() {
        for name in ["444", "333"] {
            let (p, set) = event(name);
            let faces: Vec<usize> = MOVE_NAMES
                .iter()
                .map(|n| set.names.iter().position(|x| x == n).unwrap())
                .collect();
            let gens: Vec<_> = faces.iter().map(|&m| set.perms[m].clone()).collect();
            let q = Quotient::new(&p, &gens).unwrap();
            let ours: Vec<Vec<Part>> = (0..6).map(|f| q.perm(&gens[3 * f])).collect();
            let find = |size, ori| q.orbits.iter().position(|o| o.size == size && o.ori == ori);
            let (co, ed) = (find(8, 3).unwrap(), find(12, 2).unwrap());
            let side = |o: usize, k: usize| -> (Vec<Part>, Vec<Part>) {
                let a = ours.iter().map(|parts| parts[o].clone()).collect();
                let b = (0..6).map(|f| library_turn(f)[k].clone()).collect();
                (a, b)
            };
            let (a, b) = side(co, 0);
            let corners = matching(&a, &b, 8, 3).unwrap();
            let (a, b) = side(ed, 1);
            let edges = matching(&a, &b, 12, 2).unwrap();
            let mut rng = Rng::new(69);
            for _ in 0..50 {
                let (mut state, mut cube) = (p.goal.clone(), CubieCube::SOLVED);
                for _ in 0..25 {
                    let m = rng.below(18);
                    state = state.apply(&set.perms[faces[m]], &p.modulus());
                    cube = cube.apply(m);
                }
                let parts = q.state(&p, &state).unwrap();
                assert_eq!(
                    cube_of(&parts, (co, &corners), (ed, &edges)),
                    cube,
                    "{name}"
                );
            }
        }
    }

    /// The shipped 4x4x4's phases hand their last two (the reduced cube's) to the library.
    #[test]
    fn the_4x4x4s_reduced_cube_goes_to_the_library() {
        let (p, set) = event("444");
        let shipped = engine::phases::shipped_phases::for_puzzle(&p.name).unwrap();
        let file = engine::phases::phase_file::parse(shipped.text).unwrap();
        let families = chain::families_of(&p, &set);
        let groups = engine::phases::phase_file::subgroups(&file.groups, &set, &families).unwrap();
        let looks: Vec<_> = file
            .goals
            .iter()
            .map(|g| {
                g.as_ref().map(|w| {
                    engine::phases::look_goal::Look::of(&p, shipped.look(&w.text).unwrap()).unwrap()
                })
            })
            .collect();
        let chain = chain::through(&p, &set, &groups, (&looks, &file.widen), None).unwrap();
        let (from, _) = finisher(&p, &set, &chain, None).unwrap();
        assert_eq!(from, 3);
    }
}
