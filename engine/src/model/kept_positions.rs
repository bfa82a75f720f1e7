//! A puzzle cut down to some of its positions: a phase's view keeps the orbits whose look can
//! change, the loaders drop positions no move touches.

use super::{Orbit, Perm, Puzzle, State, StickerMap};

/// The puzzle on the positions `kept` alone (in order; the moves must map them to themselves).
pub fn keep_positions(p: &Puzzle, kept: &[usize]) -> Puzzle {
    let n = p.positions();
    let mut moved = vec![false; n];
    let mut index = vec![usize::MAX; n];
    for (k, &i) in kept.iter().enumerate() {
        moved[i] = true;
        index[i] = k;
    }
    let mut out = p.clone();
    let offsets = p.offsets();
    out.orbits.clear();
    for (o, orbit) in p.orbits.iter().enumerate() {
        let size = (offsets[o]..offsets[o] + orbit.size)
            .filter(|&i| moved[i])
            .count();
        if size > 0 {
            out.orbits.push(Orbit {
                size,
                ..orbit.clone()
            });
        }
    }
    out.goal = State {
        label: kept.iter().map(|&i| p.goal.label[i]).collect(),
        ori: kept.iter().map(|&i| p.goal.ori[i]).collect(),
    };
    out.original = kept.iter().map(|&i| p.original[i]).collect();
    if !p.slot_ends.is_empty() {
        out.slot_ends = kept.iter().map(|&i| p.slot_ends[i]).collect();
    }
    for m in &mut out.moves {
        m.perm = Perm {
            src: kept
                .iter()
                .map(|&i| index[m.perm.src[i] as usize] as u16)
                .collect(),
            twist: kept.iter().map(|&i| m.perm.twist[i]).collect(),
        };
    }
    if let Some(map) = &p.stickers {
        out.stickers = Some(StickerMap {
            of_position: kept.iter().map(|&i| map.of_position[i].clone()).collect(),
            ..map.clone()
        });
    }
    out
}
