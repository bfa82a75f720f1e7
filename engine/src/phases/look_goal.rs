//! A phase's goal given as a look: a recoloured definition names the states that look like its
//! solved pattern. The file is a KPuzzle whose orbits are some of the puzzle's, by name, with
//! alike pieces numbered alike in its `defaultPattern` and orientations counted modulo its orbit's
//! `numOrientations` (1: ignored); its moves, if any, are not read. twips' and twsearch's
//! `4x4x4-phase2-search.kpuzzle.json` is one, and is read as it is. Orbits the file leaves out are not looked at. An orbit of the file that the
//! puzzle lacks (twips' one-piece `WING_PARITY`) is a parity, which the chain's count finds and
//! carries itself where the colours fall short ([`super::parity`]); it is named, not read.
//!
//! The look is checked as every link is, by counting ([`super::chain`]): the looks the phase's
//! moves reach, times the states the next phase's moves reach, must be all the phase's moves
//! reach; and the next phase's moves must keep the look.

use super::coset_view::{CosetView, Recolouring};
use crate::model::{Perm, Puzzle};
use serde::Deserialize;
use std::collections::BTreeMap;

/// What a look's file says: its orbits and its solved pattern (its moves, if any, are not read).
#[derive(Deserialize)]
struct LookFile {
    orbits: Vec<LookOrbit>,
    #[serde(rename = "defaultPattern")]
    pattern: BTreeMap<String, LookPattern>,
}

#[derive(Deserialize)]
struct LookOrbit {
    #[serde(rename = "orbitName")]
    name: String,
    #[serde(rename = "numPieces")]
    pieces: usize,
    #[serde(rename = "numOrientations")]
    orientations: u8,
}

#[derive(Deserialize)]
struct LookPattern {
    pieces: Vec<u32>,
}

/// A look at a puzzle's positions.
#[derive(Clone, Debug)]
pub struct Look {
    /// Per position: its colour, where its orbit is looked at.
    colour: Vec<Option<u32>>,
    /// Per position: the orientations counted (1: ignored).
    modulus: Vec<u8>,
    /// Orbits of the look's file that the puzzle lacks (parities, which the count carries).
    pub unmatched: Vec<String>,
}

impl Look {
    /// The look a KPuzzle file's text gives `puzzle`: its orbits matched by name (sizes equal),
    /// each position's colour its `defaultPattern` piece there (by the definition's own
    /// numbering), its orientations counted modulo the file orbit's `numOrientations`.
    pub fn of(puzzle: &Puzzle, text: &str) -> Result<Look, String> {
        // (serde's message ends with the line and column.)
        let file: LookFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let n = puzzle.positions();
        let mut look = Look {
            colour: vec![None; n],
            modulus: puzzle.modulus(),
            unmatched: Vec::new(),
        };
        let offsets = puzzle.offsets();
        for orbit in &file.orbits {
            let name = &orbit.name;
            let Some(o) = puzzle.orbits.iter().position(|p| p.name == *name) else {
                look.unmatched.push(name.clone());
                continue;
            };
            let ours = &puzzle.orbits[o];
            if orbit.orientations == 0 || !ours.ori.is_multiple_of(orbit.orientations) {
                return Err(format!(
                    "orbits: {name}: {} orientations, which do not divide the puzzle's {}",
                    orbit.orientations, ours.ori
                ));
            }
            let pattern = file
                .pattern
                .get(name)
                .ok_or_else(|| format!("defaultPattern: no {name}"))?;
            if orbit.pieces != pattern.pieces.len() {
                return Err(format!(
                    "defaultPattern.{name}.pieces: {} pieces, the orbit has {}",
                    pattern.pieces.len(),
                    orbit.pieces
                ));
            }
            // The puzzle's positions by their index in its definition (its loader drops pieces
            // no move touches, so the numbering can have gaps: then the orbit was larger).
            let range = offsets[o]..offsets[o] + ours.size;
            let gaps = range.clone().any(|q| puzzle.original[q] >= ours.size);
            if orbit.pieces != ours.size && !gaps {
                return Err(format!(
                    "orbits: {name}: {} pieces, the puzzle's has {}",
                    orbit.pieces, ours.size
                ));
            }
            for q in range {
                let i = puzzle.original[q];
                let Some(&colour) = pattern.pieces.get(i) else {
                    return Err(format!(
                        "defaultPattern.{name}.pieces: {} pieces, the puzzle's orbit has more",
                        pattern.pieces.len()
                    ));
                };
                look.colour[q] = Some(colour);
                look.modulus[q] = orbit.orientations;
            }
        }
        if look.colour.iter().all(Option::is_none) {
            return Err("orbits: none is one of the puzzle's (orbits match by name)".into());
        }
        Ok(look)
    }

    /// The view of `puzzle` through the look: each label's pieces one colour (an error where the
    /// look gives alike pieces two), orientations counted as the look counts them. The orbits
    /// the look leaves out are seen as the orbits of the group `next` (the next phase's moves)
    /// colour them, as in a phase with no look given.
    pub fn view(&self, puzzle: &Puzzle, next: &[Perm]) -> Result<CosetView, String> {
        let auto = Recolouring::by_orbits(puzzle, next)?;
        let goal = &puzzle.goal;
        let labels = goal.label_count();
        let mut class: Vec<Option<u8>> = vec![None; labels];
        let mut colours: Vec<(usize, u32)> = Vec::new();
        // Per colour: the orientations its pieces count where the puzzle counts a piece's own
        // coarser than its orbit's (KPuzzle's `orientationMod`), else 0.
        let mut label_mod: Vec<u8> = Vec::new();
        let offsets = puzzle.offsets();
        let mut kept = Vec::new();
        let mut offset = vec![0u8; labels];
        let mut view_mod = self.modulus.clone();
        let mut goal_ori: Vec<u8> = (0..view_mod.len())
            .map(|q| goal.ori[q] % view_mod[q])
            .collect();
        let mut names: Vec<String> = Vec::new();
        for (o, orbit) in puzzle.orbits.iter().enumerate() {
            let range = offsets[o]..offsets[o] + orbit.size;
            if self.colour[range.start].is_none() {
                // The next group's colours, numbered after the look's own.
                for q in range {
                    let l = goal.label[q] as usize;
                    let a = auto.class[l] as usize;
                    let c = match colours.iter().position(|&x| x == (usize::MAX, a as u32)) {
                        Some(c) => c,
                        None => {
                            colours.push((usize::MAX, a as u32));
                            names.push(auto.names[a].clone());
                            label_mod.push(auto.label_mod.get(a).copied().unwrap_or(0));
                            colours.len() - 1
                        }
                    };
                    if c > u8::MAX as usize {
                        return Err(format!("orbit {}: more than 256 colours", orbit.name));
                    }
                    class[l] = Some(c as u8);
                    offset[l] = auto.offset[l];
                    view_mod[q] = auto.view_mod[q];
                    goal_ori[q] = auto.goal_ori[q];
                    if auto.kept.contains(&q) {
                        kept.push(q);
                    }
                }
                continue;
            }
            let mut seen = Vec::new();
            for q in range.clone() {
                let colour = (o, self.colour[q].unwrap_or(0));
                let c = match colours.iter().position(|&x| x == colour) {
                    Some(c) => c,
                    None => {
                        colours.push(colour);
                        names.push(format!("{}{}", orbit.name.to_lowercase(), colour.1));
                        colours.len() - 1
                    }
                };
                if c > u8::MAX as usize {
                    return Err(format!("orbit {}: more than 256 colours", orbit.name));
                }
                let l = goal.label[q] as usize;
                label_mod.resize(colours.len(), 0);
                if let Some(&m) = puzzle.label_mod.get(l).filter(|&&m| m > 0) {
                    let k = gcd(self.modulus[q], m);
                    label_mod[c] = if label_mod[c] == 0 {
                        k
                    } else {
                        gcd(label_mod[c], k)
                    };
                }
                match class[l] {
                    Some(k) if k as usize != c => {
                        return Err(format!(
                            "orbit {}: alike pieces ({}) given two colours: a look can merge \
                             pieces, not tell alike ones apart",
                            orbit.name,
                            puzzle.label_names.get(l).map_or("?", |s| s.as_str())
                        ))
                    }
                    _ => class[l] = Some(c as u8),
                }
                if !seen.contains(&c) {
                    seen.push(c);
                }
            }
            // An orbit of one colour whose orientations are ignored shows nothing.
            if seen.len() > 1 || self.modulus[range.start] > 1 {
                kept.extend(range);
            }
        }
        label_mod.resize(colours.len(), 0);
        CosetView::assemble(
            puzzle,
            Recolouring {
                class: class.iter().map(|c| c.unwrap_or(0)).collect(),
                offset,
                names,
                label_mod,
                goal_ori,
                view_mod,
                kept,
            },
        )
    }
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
