//! Random inputs for `judge stress`, as plans: one line a case, each a list of turns (hdu4801's
//! lines start with the case's N). `gen PROBLEM --plan SEED` draws a small plan; `gen PROBLEM
//! --render` turns any plan on stdin into the problem's input.
//!
//! Why plans and not input text: the judge shrinks a failing input by dropping cases and turns,
//! which it can do on a plan without knowing the problem, and each smaller plan still renders to a
//! valid input (a state is made by its turns, so a dropped turn is another reachable state). A plan
//! the shrinking makes that the problem cannot take (no case left, a case too many) is refused with
//! one line and exit 1; the judge then skips it.
//!
//! Plans are small on purpose: bugs show on small inputs, and small ones are quick to shrink.
//! Where the statement's colours are only names (aoj0300 and the 2x2x2 nets), half the cases start
//! with a token such as `colours=315264` that renames them, as the committed cases do; shrinking
//! may drop it, which leaves the plain colours.

use super::case_making::scrambled;
use super::judge_net::judge_line;
use tools::folded_net::{NetPicture, CF887C_NET, HDU4801_NET, MIPT041_NET};
use tools::rng::Rng;
use tools::sticker_sims::{floppy_turn, recolour, FLOPPY_SOLVED};
use twisty::notation::{parse_moves, Families, Move};

/// The floppy's turns, named by the face-A edge each turns (the statement's table, in its order).
const FLOPPY: [&str; 4] = ["e012", "e258", "e678", "e036"];
const FACE_TURNS: [&str; 18] = [
    "U", "U'", "U2", "R", "R'", "R2", "F", "F'", "F2", "D", "D'", "D2", "L", "L'", "L2", "B", "B'",
    "B2",
];
const QUARTER_TURNS: [&str; 12] = [
    "U", "U'", "R", "R'", "F", "F'", "D", "D'", "L", "L'", "B", "B'",
];
const ROTATIONS: [&str; 9] = ["x", "x'", "x2", "y", "y'", "y2", "z", "z'", "z2"];
const BOJ_TURNS: [&str; 12] = [
    "U+", "U-", "D+", "D-", "F+", "F-", "B+", "B-", "L+", "L-", "R+", "R-",
];

/// How a problem's plans are drawn: how many cases, how many turns a case, which turns, and the
/// range of a leading number where the case has one.
struct Shape {
    /// The first colour's number where the input names colours by number (0 or 1).
    colour_base: Option<u8>,
    cases: (usize, usize),
    /// The most cases an input may hold (the statement's limit).
    most_cases: usize,
    turns: (usize, usize),
    vocabulary: Vec<&'static str>,
    lead: Option<(usize, usize)>,
}

fn shape(problem: &str) -> Option<Shape> {
    let with_rotations = || [&FACE_TURNS[..], &ROTATIONS[..]].concat();
    let (colour_base, cases, most_cases, turns, vocabulary, lead) = match problem {
        "aoj0300" => (Some(1), (1, 4), 30, (0, 8), FLOPPY.to_vec(), None),
        // One quarter turn from solved is the YES case: short plans reach it often.
        "cf887c" => (Some(1), (1, 1), 1, (0, 3), FACE_TURNS.to_vec(), None),
        "hdu4801" => (
            Some(0),
            (1, 3),
            100,
            (0, 6),
            QUARTER_TURNS.to_vec(),
            Some((1, 4)),
        ),
        "mipt041" => (Some(1), (1, 1), 1, (0, 8), FACE_TURNS.to_vec(), None),
        "boj5373" => (None, (1, 5), 100, (1, 12), BOJ_TURNS.to_vec(), None),
        "cube2" | "robot2" => (None, (1, 5), 100_000, (0, 12), with_rotations(), None),
        _ => return None,
    };
    Some(Shape {
        colour_base,
        cases,
        most_cases,
        turns,
        vocabulary,
        lead,
    })
}

/// A random plan for `problem` from `seed`.
pub fn plan(problem: &str, seed: u64) -> Result<String, String> {
    let s = shape(problem).ok_or_else(|| no_plans(problem))?;
    let mut rng = Rng::new(seed);
    let mut between = |(lo, hi): (usize, usize)| lo + rng.below(hi - lo + 1);
    let cases = between(s.cases);
    let mut out = String::new();
    for _ in 0..cases {
        let mut tokens = Vec::new();
        if let Some(range) = s.lead {
            tokens.push(between(range).to_string());
        }
        if let Some(base) = s.colour_base.filter(|_| between((0, 1)) == 1) {
            let mut perm: Vec<u8> = (base..base + 6).collect();
            for i in (1..6).rev() {
                perm.swap(i, between((0, i)));
            }
            let digits: String = perm.iter().map(u8::to_string).collect();
            tokens.push(format!("colours={digits}"));
        }
        for _ in 0..between(s.turns) {
            tokens.push(s.vocabulary[between((0, s.vocabulary.len() - 1))].to_string());
        }
        out.push_str(&tokens.join(" "));
        out.push('\n');
    }
    Ok(out)
}

fn no_plans(problem: &str) -> String {
    format!(
        "{problem} has no stress plans (its answers are not the solver's own output, or it has no \
         generator)"
    )
}

/// The problem's input for `plan` (one case a line), or why the plan is not a valid input.
pub fn render(problem: &str, plan: &str) -> Result<String, String> {
    let s = shape(problem).ok_or_else(|| no_plans(problem))?;
    let mut cases: Vec<Vec<&str>> = plan
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    // Each case's colours (a `colours=` token taken out of it), or the statement's own.
    let mut renames = Vec::new();
    for case in &mut cases {
        let base = s.colour_base.unwrap_or(0);
        let mut names = [base, base + 1, base + 2, base + 3, base + 4, base + 5];
        if let Some(i) = case.iter().position(|t| t.starts_with("colours=")) {
            names = colour_names(&case.remove(i)["colours=".len()..], s.colour_base)?;
        }
        renames.push(names);
    }
    if cases.is_empty() || cases.len() > s.most_cases {
        return Err(format!(
            "{problem} takes 1 to {} cases, the plan has {}",
            s.most_cases,
            cases.len()
        ));
    }
    for (n, case) in cases.iter().enumerate() {
        let turns = &case[s.lead.map_or(0, |_| 1).min(case.len())..];
        if let Some(bad) = turns.iter().find(|t| !s.vocabulary.contains(t)) {
            return Err(format!("line {}: `{bad}` is no turn of {problem}", n + 1));
        }
        if turns.len() < s.turns.0 {
            return Err(format!("line {}: {problem} needs a turn a case", n + 1));
        }
    }
    let cube = |turns: &[&str], net: &NetPicture, colours: &[u8; 6]| -> Result<String, String> {
        let moves: Vec<Move> =
            parse_moves(&turns.join(" "), 1, Families::FACES).map_err(|e| e.to_string())?;
        Ok(judge_line(&scrambled(&moves), net, colours))
    };
    let mut out = String::new();
    match problem {
        "aoj0300" => {
            out.push_str(&format!("{}\n", cases.len()));
            for (case, names) in cases.iter().zip(&renames) {
                let mut state = FLOPPY_SOLVED;
                for t in case {
                    state = floppy_turn(&state, FLOPPY.iter().position(|f| f == t).unwrap());
                }
                let line: Vec<String> = recolour(&state, names).iter().map(u8::to_string).collect();
                out.push_str(&line.join(" "));
                out.push('\n');
            }
        }
        "cf887c" => out = cube(&cases[0], &CF887C_NET, &renames[0])? + "\n",
        "mipt041" => out = cube(&cases[0], &MIPT041_NET, &renames[0])? + "\n",
        "hdu4801" => {
            for (case, names) in cases.iter().zip(&renames) {
                let n: usize = case
                    .first()
                    .and_then(|t| t.parse().ok())
                    .filter(|n| (1..=7).contains(n))
                    .ok_or("an hdu4801 case starts with its N, 1 to 7")?;
                out.push_str(&format!(
                    "{n}\n{}\n",
                    cube(&case[1..], &HDU4801_NET, names)?
                ));
            }
        }
        "boj5373" => {
            out.push_str(&format!("{}\n", cases.len()));
            for case in &cases {
                out.push_str(&format!("{}\n{}\n", case.len(), case.join(" ")));
            }
        }
        _ => {
            // cube2 and robot2: the plan's lines are scrambles already.
            for case in &cases {
                parse_moves(&case.join(" "), 1, Families::CUBE2).map_err(|e| e.to_string())?;
                out.push_str(&case.join(" "));
                out.push('\n');
            }
        }
    }
    Ok(out)
}

/// The six colour numbers a `colours=` token names, a permutation of the problem's own.
fn colour_names(digits: &str, base: Option<u8>) -> Result<[u8; 6], String> {
    let base = base.ok_or("this problem's input has no colour numbers to rename")?;
    let names: Vec<u8> = digits
        .chars()
        .map(|c| c.to_digit(10).map(|d| d as u8))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("`colours={digits}`: six digits expected"))?;
    let mut sorted = names.clone();
    sorted.sort_unstable();
    if sorted != (base..base + 6).collect::<Vec<u8>>() {
        return Err(format!(
            "`colours={digits}`: each of {base} to {} once",
            base + 5
        ));
    }
    Ok(std::array::from_fn(|i| names[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every drawn plan renders, for every problem that has plans.
    #[test]
    fn drawn_plans_render() {
        for p in [
            "aoj0300", "cf887c", "hdu4801", "mipt041", "boj5373", "cube2", "robot2",
        ] {
            for seed in 0..50 {
                let plan = plan(p, seed).unwrap();
                render(p, &plan).unwrap_or_else(|e| panic!("{p} {plan:?}: {e}"));
            }
        }
        assert!(plan("cube3", 1).is_err());
    }

    proptest::proptest! {
        /// Any text is a plan the problem takes or refuses with a message; none panics.
        #[test]
        fn any_text_renders_or_is_refused(text in "(e012 |U2 |R- |[0-9] |x |\\PC{0,3}|\n){0,40}") {
            for p in ["aoj0300", "cf887c", "hdu4801", "mipt041", "boj5373", "cube2", "robot2"] {
                if let Err(e) = render(p, &text) {
                    proptest::prop_assert!(!e.is_empty());
                }
            }
        }
    }
}
