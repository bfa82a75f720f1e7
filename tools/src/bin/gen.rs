//! Test-case generators: `cargo run -p tools --bin gen -- PROBLEM [--out DIR]`.
//!
//! Answers come from sticker-level simulation (`tools::stickers`), never from the solver under test.
//! Output is deterministic (fixed seeds), so regenerating gives the same files.

use clap::{Parser, ValueEnum};
use std::fmt::Write as _;
use std::path::PathBuf;
use tools::folded_net::{NetPicture, CF887C_NET, HDU4801_NET, MIPT041_NET};
use tools::rng::Rng;
use tools::stickers::{
    cube3_upright, floppy_bfs, recolour, relabel_dbl_home, urf_moves, Cube3Meet, StickerBfs,
    DBL_STICKERS,
};
use twisty::notation::{format_moves, Face, Move, Turn};
use twisty::sticker_cube::StickerCube;
use twisty::sticker_cube3::StickerCube3;

#[derive(Parser)]
#[command(about = "Generate test cases with independently computed answers")]
struct Cli {
    problem: Problem,
    /// Folder to write into (default: testcases/<problem> of the workspace).
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Problem {
    Aoj0300,
    Cube2,
    Cf887c,
    Hdu4801,
    Mipt041,
    Robot2,
    Boj5373,
    Cube3,
    Cube3Opt,
}

fn main() {
    let cli = Cli::parse();
    let (name, files) = match cli.problem {
        Problem::Aoj0300 => ("aoj0300", aoj0300()),
        Problem::Cube2 => ("cube2", cube2()),
        Problem::Cf887c => ("cf887c", cf887c()),
        Problem::Hdu4801 => ("hdu4801", hdu4801()),
        Problem::Mipt041 => ("mipt041", mipt041()),
        Problem::Robot2 => ("robot2", robot2()),
        Problem::Boj5373 => ("boj5373", boj5373()),
        Problem::Cube3 => ("cube3", cube3()),
        Problem::Cube3Opt => ("cube3-opt", cube3_opt()),
    };
    let dir = cli
        .out
        .unwrap_or_else(|| tools::measure::root().join("testcases").join(name));
    std::fs::create_dir_all(&dir).unwrap();
    for (stem, input, answer) in &files {
        std::fs::write(dir.join(format!("{stem}.in")), input).unwrap();
        std::fs::write(dir.join(format!("{stem}.out")), answer).unwrap();
    }
    eprintln!("wrote {} cases to {}", files.len(), dir.display());
}

/// All 192 Floppy states, 30 per file, every other one with its colours renumbered.
fn aoj0300() -> Vec<(String, String, String)> {
    let mut rng = Rng::new(300);
    let mut states = floppy_bfs();
    assert_eq!(states.len(), 192);
    rng.shuffle(&mut states);
    let mut files = Vec::new();
    for (k, chunk) in states.chunks(30).enumerate() {
        let (mut input, mut answer) = (format!("{}\n", chunk.len()), String::new());
        for (i, (s, d)) in chunk.iter().enumerate() {
            let s = if i % 2 == 1 {
                let mut perm = [1, 2, 3, 4, 5, 6];
                rng.shuffle(&mut perm);
                recolour(s, &perm)
            } else {
                *s
            };
            let line: Vec<String> = s.iter().map(|c| c.to_string()).collect();
            writeln!(input, "{}", line.join(" ")).unwrap();
            writeln!(answer, "{d}").unwrap();
        }
        files.push((format!("all-{}", k + 1), input, answer));
    }
    files
}

/// An input of scramble lines and its answer file, one `answer(moves)` per line.
fn answered(lines: Vec<String>, answer: impl Fn(&[Move]) -> String) -> (String, String) {
    let answers: Vec<String> = lines
        .iter()
        .map(|l| {
            answer(&twisty::notation::parse_moves(l, 1, twisty::notation::Families::CUBE2).unwrap())
        })
        .collect();
    (lines.join("\n") + "\n", answers.join("\n") + "\n")
}

/// A random scramble of `len` moves over all faces, and rotations if asked.
fn random_scramble(rng: &mut Rng, len: usize, rotations: bool) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    while out.len() < len {
        let k = rng.below(if rotations { 9 } else { 6 });
        let turn = if k < 6 {
            Turn::Face(Face::ALL[k])
        } else {
            Turn::Rotation(['x', 'y', 'z'][k - 6])
        };
        if out.last().is_some_and(|m| m.turn == turn) {
            continue;
        }
        out.push(Move {
            turn,
            amount: rng.below(3) as u8 + 1,
        });
    }
    out
}

fn scrambled(moves: &[Move]) -> StickerCube {
    StickerCube::solved().apply_all(moves).unwrap()
}

/// cube2: scrambles with optimal HTM solutions from a BFS over sticker cubes.
fn cube2() -> Vec<(String, String, String)> {
    let bfs = StickerBfs::new(urf_moves(false));
    assert_eq!(
        bfs.distribution,
        [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]
    );
    let mut rng = Rng::new(2);
    let file = |lines: Vec<String>| {
        answered(lines, |moves| {
            format_moves(&bfs.solve(&relabel_dbl_home(&scrambled(moves))))
        })
    };
    let mut files = Vec::new();
    let edge: Vec<String> = [
        "",
        "U",
        "R2",
        "F'",
        "D",
        "L2'",
        "B",
        "x",
        "y2",
        "z'",
        "x y z",
        "D L B",
        "U D",
        "R L'",
        "F B2",
        "R U R' U'",
        "x R y U z F",
        "U2 D2 L2 R2 F2 B2",
        "",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let (i, a) = file(edge);
    files.push(("edge".to_string(), i, a));
    for k in 1..=3 {
        let lines = (0..300)
            .map(|_| format_moves(&random_scramble(&mut rng, 25, k > 1)))
            .collect();
        let (i, a) = file(lines);
        files.push((format!("random-{k}"), i, a));
    }
    // The 2644 antipodes need 11 moves: scramble = the inverse of a solution.
    let deep: Vec<String> = antipodes(&bfs, 11, 100)
        .into_iter()
        .map(|k| {
            let cube = cube_of_key(k);
            let sol = bfs.solve(&cube);
            let inverse = twisty::notation::inverse(&sol);
            format_moves(&inverse)
        })
        .collect();
    let (i, a) = file(deep);
    files.push(("antipodes".to_string(), i, a));
    files
}

/// The sticker cube with a given key (its 21 free stickers, 3 bits each), DBL home.
fn cube_of_key(k: u64) -> StickerCube {
    let mut s = [0u8; 24];
    let free = (0..24).filter(|i| !DBL_STICKERS.contains(i));
    for (n, i) in free.enumerate() {
        s[i] = ((k >> (3 * (20 - n))) & 7) as u8;
    }
    for (k, &i) in DBL_STICKERS.iter().enumerate() {
        s[i] = [3, 5, 4][k];
    }
    StickerCube(s)
}

/// The first `n` keys (in key order, so the choice is reproducible) of states at distance `d`.
fn antipodes(bfs: &StickerBfs, d: u8, n: usize) -> Vec<u64> {
    let all: std::collections::BTreeSet<u64> = bfs
        .seen
        .iter()
        .filter(|(_, v)| v.0 == d)
        .map(|(&k, _)| k)
        .collect();
    all.into_iter().take(n).collect()
}

/// Colours of a sticker cube in a judge's order, renumbered by `perm` (face f gets colour perm[f]).
/// The judge's order comes from folding the statement's net (`tools::folded_net`), never from the library's
/// layout tables, so that a wrong table in the library cannot agree with the cases made here.
fn judge_line(c: &StickerCube, net: &NetPicture, perm: &[u8; 6]) -> String {
    let layout = tools::folded_net::layout(net).expect("the statement's net folds");
    let mut judge = [0u8; 24];
    for (f, &j) in layout.iter().enumerate() {
        judge[j] = perm[c.0[f] as usize];
    }
    judge
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn random_perm(rng: &mut Rng, base: u8) -> [u8; 6] {
    let mut p = [base, base + 1, base + 2, base + 3, base + 4, base + 5];
    rng.shuffle(&mut p);
    p
}

/// All twelve quarter turns of a real cube (any face), for answers that do not hold DBL.
fn quarter_turns() -> Vec<Move> {
    Face::ALL
        .iter()
        .flat_map(|&f| {
            [1u8, 3].map(|a| Move {
                turn: Turn::Face(f),
                amount: a,
            })
        })
        .collect()
}

/// cf887c: YES exactly when one of the twelve quarter turns makes every face one colour.
fn cf887c() -> Vec<(String, String, String)> {
    let mut rng = Rng::new(887);
    let mut files = Vec::new();
    let mut push = |name: String, c: &StickerCube, perm: &[u8; 6], colours: Option<[u8; 24]>| {
        let line = match colours {
            Some(raw) => raw
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            None => judge_line(c, &CF887C_NET, perm),
        };
        // Raw colourings are read back into the sticker model through the folded net, so that the
        // answer for them too comes from the model, not from an assumption.
        let model = match colours {
            Some(raw) => {
                let layout = tools::folded_net::layout(&CF887C_NET).expect("the net folds");
                StickerCube(std::array::from_fn(|f| raw[layout[f]]))
            }
            None => *c,
        };
        let yes = !model.is_solved()
            && quarter_turns()
                .iter()
                .any(|&m| model.apply(m).unwrap().is_solved());
        files.push((
            name,
            line + "\n",
            if yes { "YES\n" } else { "NO\n" }.to_string(),
        ));
    };
    for (k, m) in quarter_turns().into_iter().enumerate() {
        let perm = random_perm(&mut rng, 1);
        push(format!("one-turn-{}", k + 1), &scrambled(&[m]), &perm, None);
    }
    for (k, s) in ["", "U2", "R U", "x", "U D'", "R2 L2", "F B"]
        .iter()
        .enumerate()
    {
        let moves = twisty::notation::parse_moves(s, 1, twisty::notation::Families::CUBE2).unwrap();
        let perm = random_perm(&mut rng, 1);
        push(format!("no-{}", k + 1), &scrambled(&moves), &perm, None);
    }
    for k in 1..=6 {
        let c = scrambled(&random_scramble(&mut rng, 20, true));
        let perm = random_perm(&mut rng, 1);
        push(format!("random-{k}"), &c, &perm, None);
    }
    // Colourings with four of each colour that are no real cube.
    for k in 1..=5 {
        let mut raw: [u8; 24] = std::array::from_fn(|i| (i / 4) as u8 + 1);
        rng.shuffle(&mut raw);
        push(
            format!("not-a-cube-{k}"),
            &StickerCube::solved(),
            &[1, 2, 3, 4, 5, 6],
            Some(raw),
        );
    }
    files
}

/// The twelve quarter turns as sticker permutations (`perm[f]`: where sticker `f` goes), read off the
/// geometric sticker model once.
fn quarter_perms() -> Vec<[usize; 24]> {
    quarter_turns()
        .iter()
        .map(|&m| {
            let moved = StickerCube(std::array::from_fn(|f| f as u8))
                .apply(m)
                .unwrap();
            let mut perm = [0; 24];
            for (to, &from) in moved.0.iter().enumerate() {
                perm[from as usize] = to;
            }
            perm
        })
        .collect()
}

fn uniform_faces(s: &[u8; 24]) -> usize {
    s.chunks(4).filter(|f| f.iter().all(|&c| c == f[0])).count()
}

/// The most single-coloured faces within 0, 1, ..., `n` quarter turns of any face (no DBL trick), by
/// breadth-first search over sticker arrays.
fn best_within(start: &[u8; 24], n: usize, perms: &[[usize; 24]]) -> Vec<usize> {
    let mut seen = std::collections::HashSet::new();
    seen.insert(*start);
    let mut frontier = vec![*start];
    let mut best = vec![uniform_faces(start)];
    for _ in 0..n {
        let mut next = Vec::new();
        let mut here = *best.last().unwrap();
        for s in &frontier {
            for p in perms {
                let mut t = [0u8; 24];
                for f in 0..24 {
                    t[p[f]] = s[f];
                }
                if seen.insert(t) {
                    here = here.max(uniform_faces(&t));
                    next.push(t);
                }
            }
        }
        best.push(here);
        frontier = next;
    }
    best
}

/// hdu4801: the most single-coloured faces within N quarter turns, by BFS over sticker arrays with
/// all twelve quarter turns. Cases cover every N from 1 to 7 and, for each N, every answer that
/// random states at several scramble lengths reach (up to two states each).
fn hdu4801() -> Vec<(String, String, String)> {
    let perms = quarter_perms();
    let mut rng = Rng::new(4801);
    // (N, answer) -> states
    let mut chosen: std::collections::BTreeMap<(usize, usize), Vec<StickerCube>> =
        std::collections::BTreeMap::new();
    for k in 0..60 {
        let len = [1, 2, 3, 4, 5, 6, 8, 10, 14, 25][k % 10];
        let moves: Vec<Move> = (0..len).map(|_| quarter_turns()[rng.below(12)]).collect();
        let c = scrambled(&moves);
        // Deep searches cost seconds each: N = 7 for a third of the states, N = 6 for another.
        let depth = [7, 6, 5][k % 3];
        for (n, &b) in best_within(&c.0, depth, &perms).iter().enumerate().skip(1) {
            let slot = chosen.entry((n, b)).or_default();
            if slot.len() < 2 {
                slot.push(c);
            }
        }
    }
    let mut cases: Vec<(usize, usize, StickerCube)> = chosen
        .into_iter()
        .flat_map(|((n, b), cs)| cs.into_iter().map(move |c| (n, b, c)))
        .collect();
    rng.shuffle(&mut cases);
    let mut files = Vec::new();
    for (k, chunk) in cases.chunks(8).enumerate() {
        let (mut input, mut answer) = (String::new(), String::new());
        for (n, b, c) in chunk {
            let perm = random_perm(&mut rng, 0);
            writeln!(input, "{n}\n{}", judge_line(c, &HDU4801_NET, &perm)).unwrap();
            writeln!(answer, "{b}").unwrap();
        }
        files.push((format!("random-{}", k + 1), input, answer));
    }
    files
}

/// mipt041: minimum quarter turns, from a BFS over sticker cubes with U R F quarter turns.
fn mipt041() -> Vec<(String, String, String)> {
    let bfs = StickerBfs::new(urf_moves(true));
    let mut rng = Rng::new(41);
    let mut files = Vec::new();
    let mut cubes: Vec<StickerCube> = (0..12)
        .map(|_| scrambled(&random_scramble(&mut rng, 25, true)))
        .collect();
    cubes.push(StickerCube::solved());
    cubes.extend(antipodes(&bfs, 14, 3).into_iter().map(cube_of_key));
    for (k, c) in cubes.iter().enumerate() {
        let perm = random_perm(&mut rng, 1);
        let d = bfs.solve(&relabel_dbl_home(c)).len();
        files.push((
            format!("case-{}", k + 1),
            judge_line(c, &MIPT041_NET, &perm) + "\n",
            format!("{d}\n"),
        ));
    }
    files
}

/// robot2: scrambles with minimum robot costs from an exact search over the robot rebuilt from its
/// geometry (`tools::robot_model`: arms turning sticker layers, the spec's twist table), sharing no
/// code or table with the library's robot model.
fn robot2() -> Vec<(String, String, String)> {
    use tools::robot_costs::{RobotCosts, RobotGraph};
    use tools::robot_model::RobotModel;
    let graph = RobotGraph::new(RobotModel::default());
    let table = RobotCosts::new(&graph);
    let solved: [u8; 24] = std::array::from_fn(|f| (f / 4) as u8);
    let mut rng = Rng::new(5);
    let file = |lines: Vec<String>| {
        answered(lines, |moves| {
            let state = graph.model.scramble(&solved, moves).expect("2x2x2 moves");
            let plan = table.plan(&state);
            let cost: u32 = plan.iter().map(|t| t.cost() as u32).sum();
            let mut line = cost.to_string();
            for t in &plan {
                line.push(' ');
                line.push_str(&t.token());
            }
            line
        })
    };
    let mut files = Vec::new();
    let edge: Vec<String> = [
        "",
        "R'",
        "L'",
        "R U",
        "U",
        "D",
        "x",
        "y",
        "R U R' U'",
        "F R U' R' U' R U R' F' R U R' U' R' F R F'",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let (i, a) = file(edge);
    files.push(("edge".to_string(), i, a));
    for k in 1..=2 {
        let lines = (0..100)
            .map(|_| format_moves(&random_scramble(&mut rng, 25, k == 2)))
            .collect();
        let (i, a) = file(lines);
        files.push((format!("random-{k}"), i, a));
    }
    let worst = (0..graph.len())
        .map(|id| table.minimum(id) as u32)
        .max()
        .unwrap_or(0);
    eprintln!(
        "robot2: {} states up to colour names, the costliest costs {worst}",
        graph.len()
    );
    files
}

/// BOJ 5373: random cases (short, long, the limits of 100 cases and 1000 moves), answered by the
/// geometric 54-sticker model.
fn boj5373() -> Vec<(String, String, String)> {
    // The statement's colours of U R F D L B.
    const COLOURS: &[u8; 6] = b"wbrygo";
    let mut rng = Rng::new(5373);
    let mut files = Vec::new();
    for (k, (cases, max_moves)) in [(10, 5), (20, 30), (100, 1000), (100, 200)]
        .into_iter()
        .enumerate()
    {
        let (mut input, mut answer) = (format!("{cases}\n"), String::new());
        for _ in 0..cases {
            let n = 1 + rng.below(max_moves);
            let mut cube = StickerCube3::solved();
            let mut names = Vec::new();
            for _ in 0..n {
                let face = Face::ALL[rng.below(6)];
                let cw = rng.below(2) == 0;
                cube = cube.apply(Move {
                    turn: Turn::Face(face),
                    amount: if cw { 1 } else { 3 },
                });
                names.push(format!("{}{}", face.letter(), if cw { '+' } else { '-' }));
            }
            writeln!(input, "{n}\n{}", names.join(" ")).unwrap();
            for row in cube.0[..9].chunks(3) {
                let line: String = row.iter().map(|&c| COLOURS[c as usize] as char).collect();
                writeln!(answer, "{line}").unwrap();
            }
        }
        files.push((format!("random-{}", k + 1), input, answer));
    }
    files
}

/// A random move of any 3x3x3 family (faces, wide turns, slices, rotations).
fn random_cube3_move(rng: &mut Rng, faces_only: bool) -> Move {
    let k = rng.below(if faces_only { 6 } else { 18 });
    let turn = match k {
        0..=5 => Turn::Face(Face::ALL[k]),
        6..=11 => Turn::Wide(Face::ALL[k - 6]),
        12..=14 => Turn::Slice(['M', 'E', 'S'][k - 12]),
        _ => Turn::Rotation(['x', 'y', 'z'][k - 15]),
    };
    Move {
        turn,
        amount: rng.below(3) as u8 + 1,
    }
}

/// cube3: scrambles of every family and length, empty lines, and facelet strings of random states
/// (long random walks of the sticker model), some in other colour letters. The answer is the length
/// limit, 20, on every line: the checker simulates each output on the sticker model.
fn cube3() -> Vec<(String, String, String)> {
    let mut rng = Rng::new(3);
    let mut files = Vec::new();
    for (k, lines) in [40usize, 60, 100].into_iter().enumerate() {
        let mut input = String::new();
        for i in 0..lines {
            match i % 5 {
                0 if i % 20 == 0 => input.push('\n'),
                0..=2 => {
                    let len = rng.below(40);
                    let moves: Vec<Move> = (0..len)
                        .map(|_| random_cube3_move(&mut rng, false))
                        .collect();
                    writeln!(input, "{}", format_moves(&moves)).unwrap();
                }
                _ => {
                    let mut c = StickerCube3::solved();
                    for _ in 0..200 {
                        c = c.apply(random_cube3_move(&mut rng, true));
                    }
                    let letters: &[u8; 6] = if i % 2 == 0 { b"URFDLB" } else { b"wbrygo" };
                    let line: String = c.0.iter().map(|&f| letters[f as usize] as char).collect();
                    writeln!(input, "{line}").unwrap();
                }
            }
        }
        let answer = "20\n".repeat(lines);
        files.push((format!("random-{}", k + 1), input, answer));
    }
    files
}

/// cube3-opt: scrambles whose optimal length (0 to 14) is found by meeting in the middle on the
/// sticker model: the ball of radius 7 around solved (about 100 million states) against the ball of
/// radius 6 around the scrambled cube gives every distance up to 13; a 14-move scramble that meets
/// nothing there is 14 away. Some use rotations, slices and wide turns, the cube being turned
/// upright before its distance is measured.
fn cube3_opt() -> Vec<(String, String, String)> {
    const RADIUS: u8 = 7;
    const NEAR: u8 = 6;
    let mut rng = Rng::new(14);
    eprintln!("cube3-opt: the ball of radius {RADIUS} around solved (sticker states)...");
    let solved = Cube3Meet::new(RADIUS);
    eprintln!("cube3-opt: {} states", solved.len());
    let mut files = Vec::new();
    for (k, lengths) in [
        (0..=10).collect::<Vec<usize>>(),
        vec![11, 11, 12, 12, 12, 12, 13, 13],
        vec![13, 13, 13, 14, 14, 14, 14, 14, 14, 14, 14, 14],
        vec![7, 7, 8, 8, 9, 9, 10, 10],
    ]
    .into_iter()
    .enumerate()
    {
        let (mut input, mut answer) = (String::new(), String::new());
        for (i, &len) in lengths.iter().enumerate() {
            let all_families = k == 0 && i % 3 == 2;
            let mut moves: Vec<Move> = Vec::new();
            while moves.len() < len {
                let m = random_cube3_move(&mut rng, !all_families);
                // The long ones never turn one face twice running, the longest not even one axis
                // (so that they stay long).
                let axis = |m: &Move| match m.turn {
                    Turn::Face(f) => f as usize % 3,
                    _ => 3,
                };
                let fits = match moves.last() {
                    None => true,
                    Some(l) if k == 1 || k == 3 => l.turn != m.turn,
                    Some(l) => k == 0 || axis(l) != axis(&m),
                };
                if fits {
                    moves.push(m);
                }
            }
            let cube = cube3_upright(&StickerCube3::solved().apply_all(&moves));
            // Beyond RADIUS + NEAR, a scramble of face turns only of one more move is its own
            // proof: at most its length, more than RADIUS + NEAR.
            let d = solved.distance(&cube, NEAR).or_else(|| {
                (!all_families && len == (RADIUS + NEAR + 1) as usize).then_some(len as u8)
            });
            match d {
                Some(d) => {
                    writeln!(input, "{}", format_moves(&moves)).unwrap();
                    writeln!(answer, "{d}").unwrap();
                    eprintln!("cube3-opt: {} -> {d}", format_moves(&moves));
                }
                None => eprintln!("cube3-opt: {} is beyond 14, left out", format_moves(&moves)),
            }
        }
        files.push((format!("random-{}", k + 1), input, answer));
    }
    files
}
