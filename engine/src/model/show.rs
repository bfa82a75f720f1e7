//! States and effects as text: a state orbit by orbit (or sticker by sticker), and effects in the
//! article's flattened cycle notation, in the definition's own numbering.

use crate::model::{Perm, Puzzle, State, StickerMap};
use std::fmt;

/// A state as text: for a sticker definition the colour of each sticker in its numbering, else
/// each orbit's labels and orientations.
pub struct ShowState<'a>(pub &'a Puzzle, pub &'a State);

impl fmt::Display for ShowState<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (p, s) = (self.0, self.1);
        if let Some(map) = &p.stickers {
            let colors = sticker_colors(p, map, s);
            return write!(f, "{}", colors.join(" "));
        }
        let offsets = p.offsets();
        for (o, orbit) in p.orbits.iter().enumerate() {
            if o > 0 {
                writeln!(f)?;
            }
            write!(f, "{}:", orbit.name)?;
            for i in offsets[o]..offsets[o] + orbit.size {
                let name = &p.label_names[s.label[i] as usize];
                write!(
                    f,
                    " {}",
                    name.strip_prefix(orbit.name.as_str()).unwrap_or(name)
                )?;
                if orbit.ori > 1 {
                    write!(f, "/{}", s.ori[i])?;
                }
            }
        }
        Ok(())
    }
}

/// The colour of every sticker of a sticker definition in state `s`.
pub fn sticker_colors(p: &Puzzle, map: &StickerMap, s: &State) -> Vec<String> {
    let mut colors = map.colors.clone();
    // A piece's label is its home position; its sticker j sits at index (j + ori) of the position.
    let home_of_label: Vec<usize> = {
        let mut h = vec![usize::MAX; p.label_names.len()];
        for (i, &l) in p.goal.label.iter().enumerate() {
            if h[l as usize] == usize::MAX {
                h[l as usize] = i;
            }
        }
        h
    };
    for (i, stickers) in map.of_position.iter().enumerate() {
        let home = &map.of_position[home_of_label[s.label[i] as usize]];
        let k = stickers.len();
        for j in 0..k {
            colors[stickers[(j + s.ori[i] as usize) % k]] = map.colors[home[j]].clone();
        }
    }
    colors
}

/// Flattened cycle notation of an effect, as the article writes it: each cycle from its smallest
/// element, that element repeated at the end (`[0 6 7 0]`: the piece at 0 goes to 6, 6's to 7, 7's
/// to 0). A piece that arrives turned carries `+t` where it arrives (`[0 1+1 2+1 0]`: the pieces
/// reaching 1 and 2 are flipped); the repeated first element carries the twist of the piece that
/// comes back to it, so a turned piece that stays in place is `i i+t`.
pub fn flattened(p: &Puzzle, e: &Perm) -> (String, usize) {
    if let Some(map) = &p.stickers {
        return flattened_plain(&sticker_perm(map, e));
    }
    let offsets = p.offsets();
    // dst[a] = b: the piece at a goes to b.
    let mut dst = vec![0usize; e.len()];
    for b in 0..e.len() {
        dst[e.src[b] as usize] = b;
    }
    let mut parts = Vec::new();
    let mut length = 0;
    let mut seen = vec![false; e.len()];
    for a in 0..e.len() {
        if seen[a] || (dst[a] == a && e.twist[a] == 0) {
            continue;
        }
        let orbit = offsets.iter().rposition(|&f| f <= a).unwrap_or(0);
        let local = |i: usize| p.original[i];
        // Each piece's number where it arrives, with the twist it arrives with.
        let with_twist = |i: usize| match e.twist[i] {
            0 => local(i).to_string(),
            t => format!("{}+{t}", local(i)),
        };
        let mut cycle = vec![local(a).to_string()];
        let mut i = a;
        seen[a] = true;
        loop {
            let j = dst[i];
            if j == a {
                break;
            }
            seen[j] = true;
            cycle.push(with_twist(j));
            i = j;
        }
        length += cycle.len() + 1;
        let mut text = String::new();
        if p.orbits.len() > 1 {
            text.push_str(&p.orbits[orbit].name);
            text.push(' ');
        }
        text.push_str(&cycle.join(" "));
        // Closed by its first element again (a piece turned in place too: `3 3+1`).
        text.push(' ');
        text.push_str(&local(a).to_string());
        if e.twist[a] != 0 {
            text.push_str(&format!("+{}", e.twist[a]));
        }
        parts.push(text);
    }
    (format!("[{}]", parts.join(", ")), length)
}

/// An effect on pieces as a permutation of the definition's stickers (`dst[a] = b`).
pub fn sticker_perm(map: &StickerMap, e: &Perm) -> Vec<usize> {
    let mut dst: Vec<usize> = (0..map.stickers).collect();
    for (b, stickers) in map.of_position.iter().enumerate() {
        let a = e.src[b] as usize;
        let from = &map.of_position[a];
        let k = stickers.len();
        for (j, &s) in from.iter().enumerate() {
            dst[s] = stickers[(j + e.twist[b] as usize) % k];
        }
    }
    dst
}

/// Flattened notation of a plain permutation given as `dst`, and its length.
pub fn flattened_plain(dst: &[usize]) -> (String, usize) {
    let mut out = Vec::new();
    let mut seen = vec![false; dst.len()];
    for a in 0..dst.len() {
        if seen[a] || dst[a] == a {
            continue;
        }
        let mut i = a;
        loop {
            seen[i] = true;
            out.push(i.to_string());
            i = dst[i];
            if i == a {
                break;
            }
        }
        out.push(a.to_string());
    }
    let len = out.len();
    (format!("[{}]", out.join(" ")), len)
}
