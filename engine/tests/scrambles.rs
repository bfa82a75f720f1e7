//! Random-state scrambles against truth from outside the engine:
//! - the 2x2x2's: each scramble typed into the dedicated 2x2x2 solver (`twisty::cube2`: its own
//!   cubie model and distance table, no code shared with the engine) is a state whose optimal
//!   length is the scramble's length, and those lengths over 10,000 scrambles follow the published
//!   distribution of the 3,674,160 states (a chi-square test with a fixed seed), and so does
//!   which corner sits at each place, twisted how, for the optimal scrambles and the chain's
//!   words;
//! - the pyraminx's (without tips) and the fixed-corner skewb's lengths follow their published
//!   distributions the same way;
//! - every scramble leads to the state drawn (the chain's words on puzzles too big for a table).

mod rng;

use engine::load::{self, shipped};
use engine::model::choice::Choice;
use engine::model::metric::MoveSet;
use engine::model::{Puzzle, State};
use engine::scrambles::random_state::{Scramble, Scrambler};
use rng::Lcg;
use twisty::cube2::Cube2Solver;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../puzzles/community");

fn community(name: &str) -> (Puzzle, MoveSet) {
    let text = std::fs::read_to_string(format!("{DIR}/{name}")).unwrap();
    let p = load::load(name, &text).unwrap();
    let c = Choice::default().apply(&p).unwrap();
    (c.puzzle, c.set)
}

/// Whether `a` and `b` look alike: equal labels, orientations equal modulo what the puzzle counts.
fn looks_alike(p: &Puzzle, a: &State, b: &State) -> bool {
    let modulus = p.modulus();
    a.label == b.label
        && (0..a.ori.len()).all(|i| {
            let m = match p.label_mod.get(a.label[i] as usize) {
                Some(&m) if m > 0 => m,
                _ => modulus[i],
            };
            a.ori[i] % m == b.ori[i] % m
        })
}

/// The scramble's moves applied to the goal look like the state drawn.
fn leads_to_its_state(p: &Puzzle, set: &MoveSet, s: &Scramble) -> bool {
    let modulus = p.modulus();
    let end = s
        .moves
        .iter()
        .fold(p.goal.clone(), |st, &m| st.apply(&set.perms[m], &modulus));
    looks_alike(p, &end, &s.state)
}

/// Pearson's statistic of `lengths` against a distribution over all states, with the lengths
/// whose expected count is under 5 pooled with their neighbours; and its degrees of freedom.
fn chi_square(lengths: &[usize], published: &[u64]) -> (f64, usize) {
    let total: u64 = published.iter().sum();
    let n = lengths.len() as f64;
    let mut seen = vec![0f64; published.len()];
    for &l in lengths {
        seen[l] += 1.0;
    }
    let (mut bins, mut e, mut o) = (Vec::new(), 0.0, 0.0);
    for d in 0..published.len() {
        e += n * published[d] as f64 / total as f64;
        o += seen[d];
        if e >= 5.0 {
            bins.push((o, e));
            (e, o) = (0.0, 0.0);
        }
    }
    if let Some(last) = bins.last_mut() {
        last.0 += o;
        last.1 += e;
    }
    let stat = bins.iter().map(|(o, e)| (o - e) * (o - e) / e).sum();
    (stat, bins.len() - 1)
}

/// The chi-square distribution's 99.9 % point for up to 20 degrees of freedom.
const CRITICAL: [f64; 21] = [
    0.0, 10.83, 13.82, 16.27, 18.47, 20.52, 22.46, 24.32, 26.12, 27.88, 29.59, 31.26, 32.91, 34.53,
    36.12, 37.70, 39.25, 40.79, 42.31, 43.82, 45.31,
];

/// Uniform over states means uniform where each piece goes: for each corner position but the
/// held DBL, the corner and twist found there (21 kinds) by a chi-square test. (The lengths alone
/// would not see a draw from a structured part of the group.)
fn cube2_places_uniform(cubes: &[twisty::cube2::corner_cubie::CubieCube]) {
    for pos in (0..8).filter(|&i| i != 6) {
        let mut seen = [0f64; 24];
        for c in cubes {
            seen[c.cp[pos] as usize * 3 + c.co[pos] as usize] += 1.0;
        }
        let e = cubes.len() as f64 / 21.0;
        let stat: f64 = (0..24)
            .filter(|k| k / 3 != 6)
            .map(|k| (seen[k] - e) * (seen[k] - e) / e)
            .sum();
        assert!(stat < CRITICAL[20], "position {pos}: chi-square {stat:.1}");
    }
}

const CUBE2: [u64; 12] = [
    1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
];

/// 10,000 2x2x2 scrambles from `scrambler`, each checked to lead to its state: the dedicated
/// solver's cube for each and that cube's optimal length.
fn cube2_scrambles(
    p: &Puzzle,
    set: &MoveSet,
    scrambler: &Scrambler,
    seed: u64,
) -> Vec<(Scramble, twisty::cube2::corner_cubie::CubieCube, usize)> {
    let dedicated = Cube2Solver::htm();
    let mut rng = Lcg(seed);
    let mut draw = |n: usize| rng.below(n);
    (0..10_000)
        .map(|_| {
            let s = scrambler.next(&mut draw);
            assert!(leads_to_its_state(p, set, &s));
            let text: Vec<&str> = s.moves.iter().map(|&m| set.names[m].as_str()).collect();
            let cube = twisty::cube2::scramble(&text.join(" "), 1).unwrap();
            let optimal = dedicated.solve(&cube).len();
            (s, cube, optimal)
        })
        .collect()
}

/// The dedicated solver's lengths follow the published distribution, and each place's corner is
/// uniform.
fn cube2_uniform(all: &[(Scramble, twisty::cube2::corner_cubie::CubieCube, usize)]) {
    let lengths: Vec<usize> = all.iter().map(|a| a.2).collect();
    let (stat, df) = chi_square(&lengths, &CUBE2);
    assert!(
        stat < CRITICAL[df],
        "chi-square {stat:.1} with {df} degrees of freedom"
    );
    cube2_places_uniform(&all.iter().map(|a| a.1).collect::<Vec<_>>());
}

#[test]
fn cube2_scrambles_are_optimal_and_uniform() {
    let p = shipped::open("2x2x2").unwrap();
    let c = Choice::default().apply(&p).unwrap();
    let mut rng = Lcg(1);
    let scrambler = Scrambler::new(&c.puzzle, &c.set, 1 << 30, &mut |n| rng.below(n)).unwrap();
    assert!(scrambler.optimal());
    let all = cube2_scrambles(&c.puzzle, &c.set, &scrambler, 2);
    for (s, _, optimal) in &all {
        assert_eq!(s.moves.len(), *optimal);
    }
    cube2_uniform(&all);
}

#[test]
fn cube2_chain_words_draw_uniformly_too() {
    let p = shipped::open("2x2x2").unwrap();
    let c = Choice::default().apply(&p).unwrap();
    let mut rng = Lcg(3);
    let scrambler = Scrambler::chain_words_only(&c.puzzle, &c.set, &mut |n| rng.below(n)).unwrap();
    assert!(!scrambler.optimal());
    let all = cube2_scrambles(&c.puzzle, &c.set, &scrambler, 4);
    cube2_uniform(&all);
}

#[test]
fn pyraminx_and_skewb_scrambles_follow_the_published_distributions() {
    // Published: the pyraminx without tips (933,120 states) and the skewb (3,149,280 looks).
    let pyraminx = [
        1, 8, 48, 288, 1728, 9896, 51808, 220111, 480467, 166276, 2457, 32,
    ];
    let skewb = [
        1, 8, 48, 288, 1728, 10248, 59304, 315198, 1225483, 1455856, 81028, 90,
    ];
    for (name, published) in [
        ("tetraminx.kpuzzle.json", pyraminx),
        ("skewb-fixed-corner-with-co-tweaks.kpuzzle.json", skewb),
    ] {
        let (p, set) = community(name);
        let mut rng = Lcg(5);
        let mut draw = |n: usize| rng.below(n);
        let scrambler = Scrambler::new(&p, &set, 1 << 30, &mut draw).unwrap();
        assert!(scrambler.optimal());
        let lengths: Vec<usize> = (0..10_000)
            .map(|_| {
                let s = scrambler.next(&mut draw);
                assert!(leads_to_its_state(&p, &set, &s), "{name}");
                s.moves.len()
            })
            .collect();
        let (stat, df) = chi_square(&lengths, &published);
        assert!(
            stat < CRITICAL[df],
            "{name}: chi-square {stat:.1}, {df} degrees"
        );
    }
}

#[test]
fn chain_words_lead_to_their_states_on_big_puzzles() {
    for name in ["3x3x3-centerless.kpuzzle.json", "baby_fto.kpuzzle.json"] {
        let (p, set) = community(name);
        let mut rng = Lcg(6);
        let mut draw = |n: usize| rng.below(n);
        let scrambler = Scrambler::chain_words_only(&p, &set, &mut draw).unwrap();
        for _ in 0..50 {
            let s = scrambler.next(&mut draw);
            assert!(leads_to_its_state(&p, &set, &s), "{name}");
        }
    }
}

/// The chain's word of a given element (drawn by the chain alone, not by the words) makes it:
/// replayed on the goal, it gives the element's state.
#[test]
fn the_chain_word_of_a_given_element_makes_it() {
    use engine::model::perm_group::{SlotPerm, Slots, StabChain};
    use engine::model::word_merge::WordMerge;
    use engine::scrambles::chain_words::ChainWords;
    let (p, set) = community("baby_fto.kpuzzle.json");
    let modulus = p.modulus();
    let slots = Slots::of(&p);
    let gens: Vec<SlotPerm> = set.perms.iter().map(|m| slots.perm(m)).collect();
    let chain = StabChain::of(slots.n, &gens);
    let inverse: Vec<u16> = (0..set.perms.len())
        .map(|m| {
            let inv = set.perms[m].inverse(&modulus);
            set.perms.iter().position(|q| *q == inv).unwrap() as u16
        })
        .collect();
    let mut rng = Lcg(31);
    let mut draw = |n: usize| rng.below(n);
    let merge = WordMerge::new(&set, &modulus);
    let words = ChainWords::new(&chain, &gens, inverse, merge, 10, &mut draw);
    for _ in 0..50 {
        let g = chain.random(&mut draw);
        let state = p.goal.apply(&slots.rearrangement(&g), &modulus);
        let s = Scramble {
            moves: words.word_of(&g).iter().map(|&m| m as usize).collect(),
            state,
            word_length: None,
        };
        assert!(leads_to_its_state(&p, &set, &s));
    }
}

#[test]
fn words_merge_across_commuting_moves() {
    let p = shipped::open("3x3x3").unwrap();
    let c = Choice::default().apply(&p).unwrap();
    let merge = engine::model::word_merge::WordMerge::new(&c.set, &c.puzzle.modulus());
    let index = |w: &str| -> Vec<u16> {
        w.split_whitespace()
            .map(|m| c.set.names.iter().position(|n| n == m).unwrap() as u16)
            .collect()
    };
    let names = |w: Vec<u16>| -> String {
        let v: Vec<&str> = w
            .iter()
            .map(|&m| c.set.names[m as usize].as_str())
            .collect();
        v.join(" ")
    };
    for (word, shortened) in [
        ("U D U'", "D"),
        ("R R", "R2"),
        ("R R'", ""),
        ("F U U' F'", ""),
        ("L R L R", "L2 R2"),
        ("F U F'", "F U F'"),
    ] {
        assert_eq!(names(merge.shorten(&index(word))), shortened, "{word}");
    }
}
