//! A puzzle written back as KPuzzle JSON, for tools that read only that format (twips, which the
//! benchmark runs on the same definitions as the engine: twsearch's `.tws` files included).
//! Base moves only (their powers are the tool's business); interchangeable pieces share a piece
//! number; orientations the goal ignores get `orientationMod`.

use crate::model::Puzzle;
use serde_json::{json, Map, Value};

/// The KPuzzle JSON of `p`.
pub fn to_kpuzzle(p: &Puzzle) -> String {
    let mut orbits = Vec::new();
    let mut pattern = Map::new();
    let mut moves: Vec<Map<String, Value>> = vec![Map::new(); p.moves.len()];
    let mut offset = 0;
    for o in &p.orbits {
        let range = offset..offset + o.size;
        orbits.push(json!({
            "orbitName": o.name,
            "numPieces": o.size,
            "numOrientations": o.ori,
        }));
        // Piece numbers in order of first appearance: equal labels, one number.
        let mut seen: Vec<u8> = Vec::new();
        let pieces: Vec<usize> = p.goal.label[range.clone()]
            .iter()
            .map(|l| {
                seen.iter().position(|s| s == l).unwrap_or_else(|| {
                    seen.push(*l);
                    seen.len() - 1
                })
            })
            .collect();
        let modulus: Vec<u8> = p.goal.label[range.clone()]
            .iter()
            .map(|&l| match p.label_mod.get(l as usize) {
                Some(&m) if m != 0 && m != o.ori => m,
                _ => 0,
            })
            .collect();
        let mut orbit_pattern = json!({
            "pieces": pieces,
            "orientation": &p.goal.ori[range.clone()],
        });
        if modulus.iter().any(|&m| m != 0) {
            orbit_pattern["orientationMod"] = json!(modulus);
        }
        pattern.insert(o.name.clone(), orbit_pattern);
        for (m, out) in p.moves.iter().zip(&mut moves) {
            let permutation: Vec<usize> = m.perm.src[range.clone()]
                .iter()
                .map(|&s| s as usize - offset)
                .collect();
            out.insert(
                o.name.clone(),
                json!({
                    "permutation": permutation,
                    "orientationDelta": &m.perm.twist[range.clone()],
                }),
            );
        }
        offset += o.size;
    }
    let moves: Map<String, Value> = p
        .moves
        .iter()
        .zip(moves)
        .filter(|(m, _)| m.base)
        .map(|(m, t)| (m.name.clone(), Value::Object(t)))
        .collect();
    let def = json!({
        "name": p.name,
        "orbits": orbits,
        "defaultPattern": pattern,
        "moves": moves,
    });
    serde_json::to_string_pretty(&def).expect("JSON values serialize")
}
