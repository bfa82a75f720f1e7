//! Judge sticker layouts rebuilt from the statements' own nets, sharing nothing with the library's
//! layout tables: the picture's rows and columns are read, each face's 2x2 block is folded into 3D
//! along the edges it shares with its neighbours in the picture, and every sticker gets its corner
//! position and outward normal. Two numberings are then the same sticker where position and normal
//! agree.

/// A vector with components -1, 0 or 1.
pub type V = [i32; 3];

/// Where a sticker sits: its corner (components ±1) and the outward normal of its face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    pub corner: V,
    pub normal: V,
}

/// A statement's net: the picture as printed (numbers aligned in 3-character columns, as the
/// statements print them), the first number (0 or 1), and which numbers belong to which face.
pub struct NetPicture {
    pub name: &'static str,
    pub picture: &'static str,
    pub base: usize,
    /// Face letter and its four numbers.
    pub faces: [(char, [usize; 4]); 6],
    /// The face folded first, in the frame: normal +z (towards the viewer), right +x, down -y.
    pub root: char,
}

/// Codeforces 887C (shared/spec/problems.md): U and D drawn as seen from F's side, L F R B in a row.
pub const CF887C_NET: NetPicture = NetPicture {
    name: "Codeforces 887C",
    picture: "
       1  2
       3  4
13 14  5  6 17 18 21 22
15 16  7  8 19 20 23 24
       9 10
      11 12
",
    base: 1,
    faces: [
        ('U', [1, 2, 3, 4]),
        ('F', [5, 6, 7, 8]),
        ('D', [9, 10, 11, 12]),
        ('L', [13, 14, 15, 16]),
        ('R', [17, 18, 19, 20]),
        ('B', [21, 22, 23, 24]),
    ],
    root: 'F',
};

/// HDU 4801: U F D B as a vertical strip rolled flat, L and R beside F, faces a column apart.
pub const HDU4801_NET: NetPicture = NetPicture {
    name: "HDU 4801",
    picture: "
          0  1
          2  3
 4  5     6  7     8  9
10 11    12 13    14 15
         16 17
         18 19
         20 21
         22 23
",
    base: 0,
    faces: [
        ('U', [0, 1, 2, 3]),
        ('L', [4, 5, 10, 11]),
        ('F', [6, 7, 12, 13]),
        ('R', [8, 9, 14, 15]),
        ('D', [16, 17, 18, 19]),
        ('B', [20, 21, 22, 23]),
    ],
    root: 'F',
};

/// acm.mipt.ru 041: the same strip as HDU 4801, L and R right beside F.
pub const MIPT041_NET: NetPicture = NetPicture {
    name: "acm.mipt.ru 041",
    picture: "
       1  2
       3  4
17 18  5  6 21 22
19 20  7  8 23 24
       9 10
      11 12
      13 14
      15 16
",
    base: 1,
    faces: [
        ('U', [1, 2, 3, 4]),
        ('F', [5, 6, 7, 8]),
        ('D', [9, 10, 11, 12]),
        ('B', [13, 14, 15, 16]),
        ('L', [17, 18, 19, 20]),
        ('R', [21, 22, 23, 24]),
    ],
    root: 'F',
};

/// The library's canonical numbering (face * 4 + row * 2 + col, faces U R F D L B), drawn as the
/// net it is read from: U above F (B at its top), D below F (F at its top), L F R B in a row with U up.
pub const CANONICAL_NET: NetPicture = NetPicture {
    name: "canonical",
    picture: "
       0  1
       2  3
16 17  8  9  4  5 20 21
18 19 10 11  6  7 22 23
      12 13
      14 15
",
    base: 0,
    faces: [
        ('U', [0, 1, 2, 3]),
        ('R', [4, 5, 6, 7]),
        ('F', [8, 9, 10, 11]),
        ('D', [12, 13, 14, 15]),
        ('L', [16, 17, 18, 19]),
        ('B', [20, 21, 22, 23]),
    ],
    root: 'F',
};

/// A folded net: each sticker's place, by the statement's number (from 0), and each face's normal.
#[derive(Clone, Debug)]
pub struct Folded {
    pub places: [Place; 24],
    pub normals: Vec<(char, V)>,
}

impl Folded {
    pub fn normal(&self, face: char) -> V {
        self.normals
            .iter()
            .find(|(c, _)| *c == face)
            .expect("a face")
            .1
    }

    /// The index of the sticker at `place`.
    pub fn index(&self, place: Place) -> usize {
        self.places
            .iter()
            .position(|&p| p == place)
            .expect("every place has a sticker")
    }
}

fn neg(v: V) -> V {
    [-v[0], -v[1], -v[2]]
}

fn add(a: V, b: V) -> V {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// Reads the picture and folds it. Errors say what in the picture is not a net of six 2x2 faces.
pub fn fold(net: &NetPicture) -> Result<Folded, String> {
    // Grid cell of every number: its row, and its column from where it ends (numbers are
    // right-aligned in 3-character columns).
    let mut cell = [None; 24];
    for (row, line) in net.picture.lines().enumerate() {
        let mut end = 0;
        for tok in line.split(' ') {
            end += tok.len() + 1;
            if tok.is_empty() {
                continue;
            }
            let n: usize = tok.parse().map_err(|_| format!("{}: `{tok}`", net.name))?;
            let i = n
                .checked_sub(net.base)
                .filter(|&i| i < 24)
                .ok_or_else(|| format!("{}: {n} out of range", net.name))?;
            cell[i] = Some((row, (end - 1) / 3));
        }
    }
    let cell: Vec<(usize, usize)> = cell
        .iter()
        .enumerate()
        .map(|(i, c)| c.ok_or_else(|| format!("{}: sticker {i} missing", net.name)))
        .collect::<Result<_, _>>()?;
    // Each face's block: its top-left cell, and each sticker's (row, col) inside it.
    let blocks: Vec<(char, (usize, usize))> = net
        .faces
        .iter()
        .map(|(c, nums)| {
            let cells: Vec<(usize, usize)> = nums.iter().map(|&n| cell[n - net.base]).collect();
            let top = cells.iter().map(|c| c.0).min().unwrap();
            let left = cells.iter().map(|c| c.1).min().unwrap();
            let mut sorted = cells.clone();
            sorted.sort();
            let want = [
                (top, left),
                (top, left + 1),
                (top + 1, left),
                (top + 1, left + 1),
            ];
            if sorted != want {
                return Err(format!("{}: face {c} is not a 2x2 block", net.name));
            }
            Ok((*c, (top, left)))
        })
        .collect::<Result<_, String>>()?;
    // Block grid: faces may stand a blank column apart, so rank the distinct block rows and columns.
    let rank = |vals: Vec<usize>, v: usize| {
        let mut d = vals;
        d.sort();
        d.dedup();
        d.iter().position(|&x| x == v).unwrap() as i32
    };
    let rows: Vec<usize> = blocks.iter().map(|b| b.1 .0).collect();
    let cols: Vec<usize> = blocks.iter().map(|b| b.1 .1).collect();
    let grid: Vec<(char, i32, i32)> = blocks
        .iter()
        .map(|&(c, (r, k))| (c, rank(rows.clone(), r), rank(cols.clone(), k)))
        .collect();
    // Fold from the root: a face's frame is (normal, right, down). Across its right edge the
    // neighbour's normal is the right direction and its right points away from the viewer (-normal),
    // and so on for the other three edges.
    let mut frames: Vec<Option<(V, V, V)>> = vec![None; 6];
    let root = grid
        .iter()
        .position(|g| g.0 == net.root)
        .ok_or("no root face")?;
    frames[root] = Some(([0, 0, 1], [1, 0, 0], [0, -1, 0]));
    let mut queue = vec![root];
    while let Some(a) = queue.pop() {
        let (n, r, d) = frames[a].unwrap();
        for b in 0..6 {
            if frames[b].is_some() {
                continue;
            }
            let (dr, dc) = (grid[b].1 - grid[a].1, grid[b].2 - grid[a].2);
            let frame = match (dr, dc) {
                (0, 1) => (r, neg(n), d),
                (0, -1) => (neg(r), n, d),
                (1, 0) => (d, r, neg(n)),
                (-1, 0) => (neg(d), r, n),
                _ => continue,
            };
            frames[b] = Some(frame);
            queue.push(b);
        }
    }
    let mut places = [Place {
        corner: [0; 3],
        normal: [0; 3],
    }; 24];
    for (f, (_, nums)) in net.faces.iter().enumerate() {
        let (n, r, d) =
            frames[f].ok_or_else(|| format!("{}: face {f} is not connected", net.name))?;
        let (top, left) = blocks[f].1;
        for &num in nums {
            let (row, col) = cell[num - net.base];
            let across = if col == left { neg(r) } else { r };
            let down = if row == top { neg(d) } else { d };
            places[num - net.base] = Place {
                corner: add(add(n, across), down),
                normal: n,
            };
        }
    }
    let mut distinct = places.to_vec();
    distinct.sort_by_key(|p| (p.corner, p.normal));
    distinct.dedup();
    if distinct.len() != 24 {
        return Err(format!("{}: the faces overlap when folded", net.name));
    }
    let normals = net
        .faces
        .iter()
        .zip(&frames)
        .map(|((c, _), f)| (*c, f.unwrap().0))
        .collect();
    Ok(Folded { places, normals })
}

/// `layout[f]`: the judge's index (from 0) of canonical sticker `f`, from the two folded nets.
pub fn layout(judge: &NetPicture) -> Result<[usize; 24], String> {
    let j = fold(judge)?;
    let c = fold(&CANONICAL_NET)?;
    // Both nets put F towards the viewer with U up, so the same place is the same sticker.
    if j.normal('U') != c.normal('U') {
        return Err(format!("{}: U does not fold to the top", judge.name));
    }
    Ok(std::array::from_fn(|f| j.index(c.places[f])))
}

/// A quarter turn clockwise as seen from the tip of `axis`: v -> -(axis x v) + axis (axis . v).
pub fn rotate(axis: V, v: V) -> V {
    let cross = [
        axis[1] * v[2] - axis[2] * v[1],
        axis[2] * v[0] - axis[0] * v[2],
        axis[0] * v[1] - axis[1] * v[0],
    ];
    let d = axis[0] * v[0] + axis[1] * v[1] + axis[2] * v[2];
    [
        -cross[0] + axis[0] * d,
        -cross[1] + axis[1] * d,
        -cross[2] + axis[2] * d,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_net_folds_into_a_cube_with_opposite_faces_opposite() {
        for net in [&CF887C_NET, &HDU4801_NET, &MIPT041_NET, &CANONICAL_NET] {
            let f = fold(net).unwrap();
            for (a, b) in [('U', 'D'), ('R', 'L'), ('F', 'B')] {
                assert_eq!(f.normal(a), neg(f.normal(b)), "{}", net.name);
            }
            assert_eq!(f.normal('U'), [0, 1, 0], "{}", net.name);
            assert_eq!(f.normal('R'), [1, 0, 0], "{}", net.name);
        }
    }

    #[test]
    fn a_broken_picture_is_refused() {
        let mut bad = CF887C_NET;
        bad.picture = "
       1  2
       3  4
13 14  5  6 17 18 21 22
15 16  7  8 19 20 23 24
       9 10 11 12
";
        assert!(fold(&bad).is_err());
    }
}
