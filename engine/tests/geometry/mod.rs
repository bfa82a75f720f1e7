//! Puzzle definitions written from a geometric model, sharing nothing with the engine: pieces are
//! points in space with a cyclic frame of vectors (a corner's three face normals, an edge's two, a
//! centre's four in-plane directions), a turn is an integer rotation matrix applied to the pieces
//! on one side of a plane, and a whole-puzzle rotation applies it to every piece. From that model
//! this module writes KPuzzle JSON and twsearch's `.tws`, so that the loaders, the rotations and
//! the counts are tested against geometry rather than against the engine's own tables.
#![allow(dead_code)]

pub type V = [i32; 3];
pub type M = [[i32; 3]; 3];

pub fn mul(m: &M, v: &V) -> V {
    let mut out = [0; 3];
    for i in 0..3 {
        out[i] = (0..3).map(|j| m[i][j] * v[j]).sum();
    }
    out
}

pub fn dot(a: &V, b: &V) -> i32 {
    (0..3).map(|i| a[i] * b[i]).sum()
}

fn cross(a: &V, b: &V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// A quarter turn about a coordinate axis (0: x, 1: y, 2: z), clockwise seen from its + side.
pub fn quarter(axis: usize) -> M {
    let mut m = [[0; 3]; 3];
    let (a, b) = ((axis + 1) % 3, (axis + 2) % 3);
    m[axis][axis] = 1;
    // Clockwise seen from +axis takes b to a and a to -b.
    m[a][b] = 1;
    m[b][a] = -1;
    m
}

/// A third of a turn about the body diagonal `d` (entries ±1), clockwise seen from its + side.
pub fn third(d: &V) -> M {
    // Seen from (1,1,1), clockwise takes x to z, z to y, y to x; conjugate by the signs of d.
    let base: M = [[0, 1, 0], [0, 0, 1], [1, 0, 0]];
    let mut m = [[0; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            m[i][j] = base[i][j] * d[i] * d[j];
        }
    }
    m
}

pub fn compose(a: &M, b: &M) -> M {
    // `a` then `b`: b * a.
    let mut m = [[0; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            m[i][j] = (0..3).map(|k| b[i][k] * a[k][j]).sum();
        }
    }
    m
}

pub fn power(a: &M, k: usize) -> M {
    let mut m = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
    for _ in 0..k {
        m = compose(&m, a);
    }
    m
}

#[derive(Clone, Debug)]
pub struct Piece {
    pub at: V,
    pub frame: Vec<V>,
}

pub struct Orbit {
    pub name: String,
    pub pieces: Vec<Piece>,
    /// Which pieces look alike (equal numbers), where some do.
    pub alike: Option<Vec<usize>>,
}

/// A turn: `matrix` applied to the pieces with `at . axis > min`.
#[derive(Clone)]
pub struct Turn {
    pub name: String,
    pub matrix: M,
    pub axis: V,
    pub min: i32,
}

impl Turn {
    pub fn new(name: &str, matrix: M, axis: V, min: i32) -> Turn {
        Turn {
            name: name.into(),
            matrix,
            axis,
            min,
        }
    }

    /// The same rotation applied to every piece.
    pub fn rotation(name: &str, matrix: M) -> Turn {
        Turn::new(name, matrix, [0, 0, 0], -1)
    }
}

/// Three vectors in the cyclic order of positive determinant (rotations keep it).
pub fn three(at: V, a: V, b: V, c: V) -> Piece {
    let det = dot(&a, &cross(&b, &c));
    let frame = if det > 0 {
        vec![a, b, c]
    } else {
        vec![a, c, b]
    };
    Piece { at, frame }
}

/// A cube's corner at `at` (entries ±1): its three face normals.
pub fn corner(at: V) -> Piece {
    three(at, [at[0], 0, 0], [0, at[1], 0], [0, 0, at[2]])
}

/// An edge between the faces `a` and `b`.
pub fn edge(a: V, b: V) -> Piece {
    Piece {
        at: [a[0] + b[0], a[1] + b[1], a[2] + b[2]],
        frame: vec![a, b],
    }
}

/// A centre of the face with normal `n`: its spin as the four directions in that face.
pub fn centre(n: V) -> Piece {
    let t: V = if n[0] != 0 { [0, 1, 0] } else { [1, 0, 0] };
    let u = cross(&n, &t);
    let neg = |v: V| [-v[0], -v[1], -v[2]];
    Piece {
        at: n,
        frame: vec![t, u, neg(t), neg(u)],
    }
}

/// Where each turn takes each piece: per orbit, `src[i]` and `twist[i]` in KPuzzle's gather form.
pub fn transformation(orbits: &[Orbit], t: &Turn) -> Vec<(Vec<usize>, Vec<usize>)> {
    orbits
        .iter()
        .map(|o| {
            let n = o.pieces.len();
            let mut src = vec![0; n];
            let mut twist = vec![0; n];
            for (j, p) in o.pieces.iter().enumerate() {
                let moved = dot(&p.at, &t.axis) > t.min;
                let to_at = if moved { mul(&t.matrix, &p.at) } else { p.at };
                let i = o
                    .pieces
                    .iter()
                    .position(|q| q.at == to_at)
                    .expect("a turn takes a piece to a piece's place");
                let first = if moved {
                    mul(&t.matrix, &p.frame[0])
                } else {
                    p.frame[0]
                };
                let k = o.pieces[i].frame.iter().position(|f| *f == first).unwrap();
                // The frame must arrive as a cyclic shift (same handedness everywhere).
                let len = p.frame.len();
                for s in 0..len {
                    let v = if moved {
                        mul(&t.matrix, &p.frame[s])
                    } else {
                        p.frame[s]
                    };
                    assert_eq!(
                        v,
                        o.pieces[i].frame[(k + s) % len],
                        "frames in one cyclic order"
                    );
                }
                src[i] = j;
                twist[i] = k;
            }
            (src, twist)
        })
        .collect()
}

/// What a written definition holds besides the geometry.
pub struct Def<'a> {
    pub orbits: &'a [Orbit],
    pub turns: &'a [Turn],
    /// (name, algorithm) written as derived moves.
    pub derived: &'a [(&'a str, &'a str)],
    /// Per orbit, an orientationMod for every piece (KPuzzle), or `?` orientations (`.tws`).
    pub ignore_orientation: &'a [&'a str],
}

impl<'a> Def<'a> {
    /// The geometry alone: no derived moves, every orientation counted.
    pub fn plain(orbits: &'a [Orbit], turns: &'a [Turn]) -> Def<'a> {
        Def {
            orbits,
            turns,
            derived: &[],
            ignore_orientation: &[],
        }
    }
}

/// The cube's face turns of these names (in U, L, F, R, B, D order).
pub fn faces(names: &[&str]) -> Vec<Turn> {
    face_turns()
        .into_iter()
        .filter(|t| names.contains(&t.name.as_str()))
        .collect()
}

fn list(v: &[usize]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The definition as KPuzzle JSON.
pub fn kpuzzle(d: &Def) -> String {
    let mut orbits = Vec::new();
    let mut pattern = Vec::new();
    for o in d.orbits {
        let n = o.pieces.len();
        let k = o.pieces[0].frame.len();
        orbits.push(format!(
            r#"{{"orbitName": "{}", "numPieces": {n}, "numOrientations": {k}}}"#,
            o.name
        ));
        let ids: Vec<usize> = o.alike.clone().unwrap_or_else(|| (0..n).collect());
        let modulus = if d.ignore_orientation.contains(&o.name.as_str()) {
            format!(r#", "orientationMod": [{}]"#, list(&vec![1; n]))
        } else {
            String::new()
        };
        pattern.push(format!(
            r#""{}": {{"pieces": [{}], "orientation": [{}]{modulus}}}"#,
            o.name,
            list(&ids),
            list(&vec![0; n])
        ));
    }
    let mut moves = Vec::new();
    for t in d.turns {
        let per: Vec<String> = transformation(d.orbits, t)
            .iter()
            .zip(d.orbits)
            .map(|((src, twist), o)| {
                format!(
                    r#""{}": {{"permutation": [{}], "orientationDelta": [{}]}}"#,
                    o.name,
                    list(src),
                    list(twist)
                )
            })
            .collect();
        moves.push(format!(r#""{}": {{{}}}"#, t.name, per.join(", ")));
    }
    let derived: Vec<String> = d
        .derived
        .iter()
        .map(|(n, a)| format!(r#""{n}": "{a}""#))
        .collect();
    format!(
        "{{\"name\": \"generated\", \"orbits\": [{}],\n\"defaultPattern\": {{{}}},\n\"moves\": {{{}}},\n\"derivedMoves\": {{{}}}}}\n",
        orbits.join(", "),
        pattern.join(", "),
        moves.join(",\n"),
        derived.join(", ")
    )
}

/// The definition as `.tws`: 1-based passive permutations, and each move's orientation line
/// indexed by piece (ksolve's convention).
pub fn tws(d: &Def) -> String {
    let mut out = String::from("# written from a geometric model\nName generated\n\n");
    for o in d.orbits {
        out += &format!(
            "Set {} {} {}\n",
            o.name,
            o.pieces.len(),
            o.pieces[0].frame.len()
        );
    }
    out += "\nSolved\n";
    for o in d.orbits {
        let n = o.pieces.len();
        let ids: Vec<String> = match &o.alike {
            Some(a) => a.iter().map(|i| (i + 1).to_string()).collect(),
            None => (1..=n).map(|i| i.to_string()).collect(),
        };
        let ori = if d.ignore_orientation.contains(&o.name.as_str()) {
            vec!["?"; n].join(" ")
        } else {
            vec!["0"; n].join(" ")
        };
        out += &format!("{}\n{}\n{}\n", o.name, ids.join(" "), ori);
    }
    out += "End\n";
    for t in d.turns {
        out += &format!("\nMove {}\n", t.name);
        for ((src, twist), o) in transformation(d.orbits, t).iter().zip(d.orbits) {
            let n = src.len();
            let mut by_piece = vec![0; n];
            for i in 0..n {
                by_piece[src[i]] = twist[i];
            }
            let p: Vec<String> = src.iter().map(|s| (s + 1).to_string()).collect();
            let q: Vec<String> = by_piece.iter().map(|s| s.to_string()).collect();
            out += &format!("{}\n{}\n{}\n", o.name, p.join(" "), q.join(" "));
        }
        out += "End\n";
    }
    for (n, a) in d.derived {
        out += &format!("MoveSequence {n} {a}\n");
    }
    out
}

/// The cube's six face normals, in the order U, L, F, R, B, D.
pub const FACES: [(&str, V); 6] = [
    ("U", [0, 1, 0]),
    ("L", [-1, 0, 0]),
    ("F", [0, 0, 1]),
    ("R", [1, 0, 0]),
    ("B", [0, 0, -1]),
    ("D", [0, -1, 0]),
];

/// A quarter turn of the face with normal `n`, clockwise seen from outside.
pub fn face_matrix(n: &V) -> M {
    let axis = n.iter().position(|&c| c != 0).unwrap();
    let q = quarter(axis);
    if n[axis] > 0 {
        q
    } else {
        power(&q, 3)
    }
}

/// The 2x2x2's corners.
pub fn cube2_corners() -> Orbit {
    let mut pieces = Vec::new();
    for x in [1, -1] {
        for y in [1, -1] {
            for z in [1, -1] {
                pieces.push(corner([x, y, z]));
            }
        }
    }
    Orbit {
        name: "CORNERS".into(),
        pieces,
        alike: None,
    }
}

/// The 3x3x3's orbits: corners, edges, centres (with their spin).
pub fn cube3_orbits() -> Vec<Orbit> {
    let mut edges = Vec::new();
    for (i, (_, a)) in FACES.iter().enumerate() {
        for (_, b) in &FACES[i + 1..] {
            if dot(a, b) == 0 {
                edges.push(edge(*a, *b));
            }
        }
    }
    vec![
        cube2_corners(),
        Orbit {
            name: "EDGES".into(),
            pieces: edges,
            alike: None,
        },
        Orbit {
            name: "CENTERS".into(),
            pieces: FACES.iter().map(|(_, n)| centre(*n)).collect(),
            alike: None,
        },
    ]
}

/// The six face turns of a cube (layers with `at . n > 0`).
pub fn face_turns() -> Vec<Turn> {
    FACES
        .iter()
        .map(|(name, n)| Turn::new(name, face_matrix(n), *n, 0))
        .collect()
}

/// The cube's rotations x, y, z (as R, U, F).
pub fn cube_rotations() -> Vec<Turn> {
    vec![
        Turn::rotation("x", quarter(0)),
        Turn::rotation("y", quarter(1)),
        Turn::rotation("z", quarter(2)),
    ]
}

/// A skewb: corners and centres (spin ignored where asked), eight corner turns (the half of the
/// puzzle on the corner's side of the plane through the centre) and the rotations x, y, z.
pub fn skewb() -> (Vec<Orbit>, Vec<Turn>) {
    let corners = cube2_corners();
    let centres = Orbit {
        name: "CENTERS".into(),
        pieces: FACES.iter().map(|(_, n)| centre(*n)).collect(),
        alike: None,
    };
    let mut turns: Vec<Turn> = corners
        .pieces
        .iter()
        .enumerate()
        .map(|(i, p)| Turn::new(&format!("C{i}"), third(&p.at), p.at, 0))
        .collect();
    turns.extend(cube_rotations());
    (vec![corners, centres], turns)
}

/// A pyraminx without tips: the four axial pieces at the vertices (three face normals each), the
/// six edges, and a third of a turn about each vertex of the layer around it.
pub fn pyraminx() -> (Vec<Orbit>, Vec<Turn>) {
    let v: [V; 4] = [[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]];
    let neg = |a: &V| [-a[0], -a[1], -a[2]];
    let axials = (0..4)
        .map(|i| {
            let f: Vec<V> = (0..4).filter(|&j| j != i).map(|j| neg(&v[j])).collect();
            three(v[i], f[0], f[1], f[2])
        })
        .collect();
    let mut edges = Vec::new();
    for i in 0..4 {
        for j in i + 1..4 {
            let f: Vec<V> = (0..4)
                .filter(|&k| k != i && k != j)
                .map(|k| neg(&v[k]))
                .collect();
            edges.push(Piece {
                at: [v[i][0] + v[j][0], v[i][1] + v[j][1], v[i][2] + v[j][2]],
                frame: f,
            });
        }
    }
    let turns = ["U", "L", "R", "B"]
        .iter()
        .zip(&v)
        .map(|(n, d)| Turn::new(n, third(d), *d, 0))
        .collect();
    let orbits = vec![
        Orbit {
            name: "AXIALS".into(),
            pieces: axials,
            alike: None,
        },
        Orbit {
            name: "EDGES".into(),
            pieces: edges,
            alike: None,
        },
    ];
    (orbits, turns)
}

/// A 4x4x4 (coordinates ±1, ±3): corners, wings (each a face pair, two per edge), and centres
/// that look alike on each face; outer face turns and wide turns of each face, and x, y, z.
pub fn cube4() -> (Vec<Orbit>, Vec<Turn>) {
    let mut corners = Vec::new();
    for x in [3, -3] {
        for y in [3, -3] {
            for z in [3, -3] {
                corners.push(three(
                    [x, y, z],
                    [x.signum(), 0, 0],
                    [0, y.signum(), 0],
                    [0, 0, z.signum()],
                ));
            }
        }
    }
    let mut wings = Vec::new();
    let mut centres = Vec::new();
    let mut faces = Vec::new();
    for (f, (_, a)) in FACES.iter().enumerate() {
        // The two in-face axes, each at ±1.
        let axes: Vec<usize> = (0..3).filter(|&i| a[i] == 0).collect();
        for s in [1, -1] {
            for t in [1, -1] {
                let mut at = [3 * a[0], 3 * a[1], 3 * a[2]];
                at[axes[0]] = s;
                at[axes[1]] = t;
                centres.push(Piece {
                    at,
                    frame: vec![*a],
                });
                faces.push(f);
            }
        }
        for (_, b) in &FACES[f + 1..] {
            if dot(a, b) == 0 {
                let along = (0..3).find(|&i| a[i] == 0 && b[i] == 0).unwrap();
                for s in [1, -1] {
                    let mut at = [3 * (a[0] + b[0]), 3 * (a[1] + b[1]), 3 * (a[2] + b[2])];
                    at[along] = s;
                    wings.push(Piece {
                        at,
                        frame: vec![*a, *b],
                    });
                }
            }
        }
    }
    let mut turns = Vec::new();
    for (name, n) in FACES {
        turns.push(Turn::new(name, face_matrix(&n), n, 2));
        turns.push(Turn::new(&format!("{name}w"), face_matrix(&n), n, 0));
    }
    turns.extend(cube_rotations());
    let orbit = |name: &str, pieces, alike| Orbit {
        name: name.into(),
        pieces,
        alike,
    };
    let orbits = vec![
        orbit("CORNERS", corners, None),
        orbit("WINGS", wings, None),
        orbit("CENTERS", centres, Some(faces)),
    ];
    (orbits, turns)
}

/// The 2x2x2's derived faces as cubing.js writes them, from U and the rotations.
pub const CUBE2_DERIVED: &[(&str, &str)] = &[
    ("F", "[x: U]"),
    ("D", "[x2: U]"),
    ("B", "[x': U]"),
    ("R", "[z': U]"),
    ("L", "[z: U]"),
];
