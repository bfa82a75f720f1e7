//! From stickers to pieces: a definition that numbers every sticker (as the article's does) is turned
//! into pieces where stickers always move together, so that a 2x2x2 given as 24 sticker cycles is
//! searched as 7 or 8 corners with 3 orientations, as fast as a piece-level definition.
//!
//! Pieces are the blocks of the move group's action on the stickers: sets that every move carries
//! onto another such set whole. For each pair of stickers moved by the same moves we take the
//! smallest block containing both (Atkinson's closure); a block is kept when all its stickers are
//! moved by the same moves (a piece, not a layer). Inside a piece the stickers must only ever rotate
//! (a cyclic order every move keeps); that makes the rotation the piece's orientation. Where this
//! does not hold, or where the colours would make two orientations look alike, the stickers stay
//! stickers: slower, never wrong.

use crate::model::disjoint_sets::DisjointSets;
use crate::model::{intern, keep_positions, Move, Orbit, Perm, Puzzle, State, StickerMap};

/// Removes the positions that no move touches (they stay solved), and orbits left empty.
pub fn drop_fixed(p: &Puzzle) -> Puzzle {
    let n = p.positions();
    let moved: Vec<bool> = (0..n)
        .map(|i| {
            p.moves
                .iter()
                .any(|m| m.perm.src[i] as usize != i || m.perm.twist[i] != 0)
        })
        .collect();
    if moved.iter().all(|&m| m) {
        return p.clone();
    }
    let kept: Vec<usize> = (0..n).filter(|&i| moved[i]).collect();
    keep_positions(p, &kept)
}

/// Turns a one-orbit sticker puzzle into pieces where it can (see the module comment).
pub fn reduce(p: &Puzzle) -> Puzzle {
    let n = p.positions();
    let colors: Vec<String> = p
        .goal
        .label
        .iter()
        .map(|&l| p.label_names[l as usize].clone())
        .collect();
    let dst = dst_form(p);
    let pieces = Blocks::of(&dst, n);
    let reduced = (!pieces.blocks.iter().all(|b| b.len() == 1))
        .then(|| pieces.orbits(&dst))
        .flatten()
        .and_then(|orbits| {
            let labels = orbits.labels(&colors)?;
            Some((orbits, labels))
        });
    let Some((orbits, (label_names, label_of_block))) = reduced else {
        // Every sticker its own piece, as the file gives them.
        let mut s = p.clone();
        s.stickers = Some(StickerMap {
            stickers: n,
            of_position: (0..n).map(|i| vec![i]).collect(),
            colors,
        });
        return drop_fixed(&s);
    };
    let (blocks, block_of) = (&pieces.blocks, &pieces.block_of);
    let (orbit_of, order) = (&orbits.orbit_of, &orbits.order);
    // Positions: orbit by orbit (in order of their first sticker), blocks by first sticker.
    let mut position_blocks: Vec<usize> = (0..blocks.len()).collect();
    position_blocks.sort_by_key(|&b| (orbit_of[b], blocks[b][0]));
    let mut position_of = vec![0usize; blocks.len()];
    for (i, &b) in position_blocks.iter().enumerate() {
        position_of[b] = i;
    }
    let orbit_list: Vec<Orbit> = orbits
        .roots
        .iter()
        .enumerate()
        .map(|(o, &root)| Orbit {
            name: format!("pieces{}", o + 1),
            size: orbit_of.iter().filter(|&&x| x == o).count(),
            ori: blocks[root].len() as u8,
        })
        .collect();
    let moves = p
        .moves
        .iter()
        .zip(&dst)
        .map(|(m, d)| {
            let mut perm = Perm::identity(blocks.len());
            for b in 0..blocks.len() {
                let to = block_of[d[order[b][0]]];
                let c = order[to]
                    .iter()
                    .position(|&s| s == d[order[b][0]])
                    .unwrap_or(0);
                perm.src[position_of[to]] = position_of[b] as u16;
                perm.twist[position_of[to]] = c as u8;
            }
            Move {
                name: m.name.clone(),
                perm,
                base: m.base,
            }
        })
        .collect();
    let positions = blocks.len();
    // Positions are in orbit order: each numbered within its orbit, as a definition's are.
    let original = orbit_list.iter().flat_map(|o| 0..o.size).collect();
    Puzzle {
        name: p.name.clone(),
        orbits: orbit_list,
        moves,
        goal: State {
            label: position_blocks.iter().map(|&b| label_of_block[b]).collect(),
            ori: vec![0; positions],
        },
        label_names,
        stickers: Some(StickerMap {
            stickers: n,
            of_position: position_blocks.iter().map(|&b| order[b].clone()).collect(),
            colors,
        }),
        layout: p.layout.clone(),
        comment: p.comment.clone(),
        original,
        warnings: Vec::new(),
        label_mod: Vec::new(),
        goal_set: Default::default(),
        slot_ends: Vec::new(),
    }
}

/// Each move in dst form: the sticker at `a` goes to `dst[a]`.
fn dst_form(p: &Puzzle) -> Vec<Vec<usize>> {
    p.moves
        .iter()
        .map(|m| {
            let mut d = vec![0; m.perm.src.len()];
            for (b, &a) in m.perm.src.iter().enumerate() {
                d[a as usize] = b;
            }
            d
        })
        .collect()
}

/// The moving stickers grouped into pieces: blocks that every move carries whole.
struct Blocks {
    /// Each block's stickers in increasing order.
    blocks: Vec<Vec<usize>>,
    /// Per sticker, its block (`usize::MAX` for a sticker no move moves).
    block_of: Vec<usize>,
}

/// The blocks' orbits under the moves, each block's stickers in an order every move rotates.
struct BlockOrbits {
    orbit_of: Vec<usize>,
    /// Per block, its stickers in the order carried from its orbit's root.
    order: Vec<Vec<usize>>,
    /// Each orbit's first block.
    roots: Vec<usize>,
}

impl Blocks {
    /// The smallest blocks of the `n` stickers the moves (`dst` form) carry whole: two stickers
    /// that the same moves move are tried together, their block closed under the moves, and kept
    /// where every sticker in it is moved by the same moves.
    fn of(dst: &[Vec<usize>], n: usize) -> Blocks {
        let moving: Vec<bool> = (0..n).map(|s| dst.iter().any(|d| d[s] != s)).collect();
        let sig: Vec<Vec<bool>> = (0..n)
            .map(|s| dst.iter().map(|d| d[s] != s).collect())
            .collect();
        let mut pieces = DisjointSets::new(n);
        for a in 0..n {
            for b in a + 1..n {
                if !moving[a] || !moving[b] || sig[a] != sig[b] || pieces.find(a) == pieces.find(b)
                {
                    continue;
                }
                // The smallest block holding a and b: merge images of merged pairs until closed.
                let mut block = DisjointSets::new(n);
                block.union(a, b);
                let mut queue = vec![(a, b)];
                while let Some((x, y)) = queue.pop() {
                    for d in dst {
                        if block.union(d[x], d[y]) {
                            queue.push((d[x], d[y]));
                        }
                    }
                }
                if (0..n).all(|s| {
                    let r = block.find(s);
                    sig[s] == sig[r]
                }) {
                    for s in 0..n {
                        let r = block.find(s);
                        pieces.union(s, r);
                    }
                }
            }
        }
        let mut block_of = vec![usize::MAX; n];
        let mut blocks: Vec<Vec<usize>> = Vec::new();
        for s in 0..n {
            if !moving[s] {
                continue;
            }
            let r = pieces.find(s);
            if block_of[r] == usize::MAX {
                block_of[r] = blocks.len();
                blocks.push(Vec::new());
            }
            block_of[s] = block_of[r];
            blocks[block_of[s]].push(s);
        }
        Blocks { blocks, block_of }
    }

    /// The blocks' orbits, each block's stickers ordered so that every move rotates them: `None`
    /// where no order does (or a block has more than six stickers to try orders of).
    fn orbits(&self, dst: &[Vec<usize>]) -> Option<BlockOrbits> {
        let (blocks, block_of) = (&self.blocks, &self.block_of);
        let mut orbit_of = vec![usize::MAX; blocks.len()];
        let mut order: Vec<Vec<usize>> = vec![Vec::new(); blocks.len()];
        let mut roots = Vec::new();
        for root in 0..blocks.len() {
            if orbit_of[root] != usize::MAX {
                continue;
            }
            let orbit = roots.len();
            roots.push(root);
            let mut members = vec![root];
            orbit_of[root] = orbit;
            let mut i = 0;
            while i < members.len() {
                let b = members[i];
                for d in dst {
                    let next = block_of[d[blocks[b][0]]];
                    if orbit_of[next] == usize::MAX {
                        orbit_of[next] = orbit;
                        members.push(next);
                    }
                }
                i += 1;
            }
            if blocks[root].len() > 6 {
                return None;
            }
            // Each cyclic order of the root's stickers (the first fixed) until every move rotates.
            let orders = permutations(&blocks[root][1..])
                .into_iter()
                .find_map(|rest| {
                    let mut root_order = vec![blocks[root][0]];
                    root_order.extend(rest);
                    carry_orders(&members, root, root_order, blocks, block_of, dst)
                })?;
            for (b, o) in orders {
                order[b] = o;
            }
        }
        Some(BlockOrbits {
            orbit_of,
            order,
            roots,
        })
    }
}

impl BlockOrbits {
    /// Each piece's colours in its order as its label, and the label names: `None` where two
    /// orientations of pieces of one orbit would look alike.
    fn labels(&self, colors: &[String]) -> Option<(Vec<String>, Vec<u8>)> {
        let tuple =
            |b: usize| -> Vec<&str> { self.order[b].iter().map(|&s| colors[s].as_str()).collect() };
        let blocks = self.order.len();
        let mut label_names: Vec<String> = Vec::new();
        let mut label_of_block = vec![0u8; blocks];
        for b in 0..blocks {
            let t = tuple(b);
            let k = t.len();
            for r in 1..k {
                let rotated: Vec<&str> = (0..k).map(|j| t[(j + r) % k]).collect();
                let alike = |c: usize| self.orbit_of[c] == self.orbit_of[b] && tuple(c) == rotated;
                if rotated == t || (0..blocks).any(alike) {
                    return None;
                }
            }
            label_of_block[b] = intern(&mut label_names, &t.concat())?;
        }
        Some((label_names, label_of_block))
    }
}

/// Orders for every block of an orbit, carried from the root's by the moves, if every move then
/// maps each block's order onto its image's order rotated.
fn carry_orders(
    members: &[usize],
    root: usize,
    root_order: Vec<usize>,
    blocks: &[Vec<usize>],
    block_of: &[usize],
    dst: &[Vec<usize>],
) -> Option<Vec<(usize, Vec<usize>)>> {
    let mut order: std::collections::HashMap<usize, Vec<usize>> = std::collections::HashMap::new();
    order.insert(root, root_order);
    let mut queue = vec![root];
    while let Some(b) = queue.pop() {
        for d in dst {
            let image: Vec<usize> = order[&b].iter().map(|&s| d[s]).collect();
            let to = block_of[image[0]];
            if let std::collections::hash_map::Entry::Vacant(e) = order.entry(to) {
                e.insert(image);
                queue.push(to);
            }
        }
    }
    let k = blocks[root].len();
    for &b in members {
        let ob = order.get(&b)?;
        for d in dst {
            let to = block_of[d[ob[0]]];
            let ot = &order[&to];
            let c = ot.iter().position(|&s| s == d[ob[0]])?;
            if (0..k).any(|j| d[ob[j]] != ot[(j + c) % k]) {
                return None;
            }
        }
    }
    Some(order.into_iter().collect())
}

/// All orders of `items`.
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.is_empty() {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out
}
