//! The phase driver (`search::phase_pairing`) against brute force: on made-up phases whose every
//! pair is known, it keeps exactly the shortest pairs a full listing would, and asks the second
//! phase no more than it must.

use twisty::search::phase_pairing::{pair_phases, Pair, Pairing};
use twisty::search::Control;

/// A fixed-seed stream of small numbers (no library code involved).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// One made-up case: first-phase solutions (start, moves) listed shortest first, and for each the
/// length of the second phase's shortest solution after it (None: there is none).
struct Case {
    firsts: Vec<(u8, Vec<usize>)>,
    seconds: Vec<Option<usize>>,
}

fn case(rng: &mut Lcg) -> Case {
    let n = 1 + rng.below(30) as usize;
    let mut lens: Vec<usize> = (0..n).map(|_| 1 + rng.below(11) as usize).collect();
    lens.sort();
    let firsts = lens
        .iter()
        .enumerate()
        // Each path distinct: its index among its moves.
        .map(|(i, &l)| (rng.below(3) as u8, (0..l).map(|k| i * 100 + k).collect()))
        .collect();
    let seconds = (0..n)
        .map(|_| (rng.below(5) > 0).then(|| rng.below(15) as usize))
        .collect();
    Case { firsts, seconds }
}

#[test]
fn the_pairing_keeps_the_shortest_pairs_of_the_whole_listing() {
    let mut rng = Lcg(2026);
    for _ in 0..2000 {
        let c = case(&mut rng);
        let max_len = 4 + rng.below(25) as usize;
        let beam = 1 + rng.below(4) as usize;
        // Brute force: every pair within the limit, by total, the listing's order among equals.
        let mut all: Vec<Pair<u8>> = Vec::new();
        for (i, (start, first)) in c.firsts.iter().enumerate() {
            if let Some(l) = c.seconds[i] {
                if first.len() + l <= max_len {
                    all.push(Pair {
                        start: *start,
                        first: first.clone(),
                        second: vec![7; l],
                    });
                }
            }
        }
        all.sort_by_key(|p| p.len());
        all.truncate(beam);
        let mut asked = 0;
        let got = pair_phases(
            Pairing { max_len, beam },
            |each| {
                for (start, first) in &c.firsts {
                    if each(*start, first) == Control::Stop {
                        break;
                    }
                }
            },
            |start, first, budget| {
                asked += 1;
                let i = first[0] / 100;
                assert_eq!(c.firsts[i].0, start);
                c.seconds[i].filter(|&l| l <= budget).map(|l| vec![7; l])
            },
            |_| false,
        );
        assert_eq!(got, all, "max {max_len}, beam {beam}");
        assert!(asked <= c.firsts.len());
    }
}

#[test]
fn the_pairing_stops_once_a_first_phase_solution_is_as_long_as_the_best_pair() {
    // Firsts of 1..=10 moves; the second phase takes 2 after the first: the best pair is 1 + 2,
    // so firsts of 3 moves or more are never tried.
    let mut tried = Vec::new();
    let got = pair_phases(
        Pairing {
            max_len: 40,
            beam: 1,
        },
        |each| {
            for l in 1..=10 {
                if each((), &vec![0; l]) == Control::Stop {
                    break;
                }
            }
        },
        |(), first, budget| {
            tried.push(first.len());
            (budget >= 2).then(|| vec![1, 1])
        },
        |_| false,
    );
    assert_eq!(got[0].len(), 3);
    assert_eq!(tried, [1, 2]);
}
