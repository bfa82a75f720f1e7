//! Making a failing input small (`judge stress`). The input is a plan: one case a line, each a list
//! of turns. Shrinking drops whole cases first (one case of a multi-case input is the goal), then
//! turns, in halves and then one at a time, as delta debugging does, keeping each cut that still
//! fails. It knows nothing of the problem: the caller renders a plan and says whether it fails (a
//! plan the problem cannot take simply does not fail).

/// A plan: cases, each its tokens.
pub type Plan = Vec<Vec<String>>;

/// Parses a plan's text: one case a line, tokens split on whitespace.
pub fn parse(text: &str) -> Plan {
    text.lines()
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// The plan's text, as `parse` reads it.
pub fn text(plan: &Plan) -> String {
    plan.iter().map(|case| case.join(" ") + "\n").collect()
}

/// Shrinks `plan`, which fails, asking `fails` at most `budget` times; returns the smallest failing
/// plan found (`plan` itself if nothing smaller fails).
pub fn shrink(plan: Plan, budget: usize, mut fails: impl FnMut(&Plan) -> bool) -> Plan {
    let mut asked = 0;
    let mut ask = |p: &Plan| {
        if asked >= budget {
            return false;
        }
        asked += 1;
        fails(p)
    };
    let mut best = plan;
    // One case alone, the first that fails by itself.
    if best.len() > 1 {
        if let Some(one) = (0..best.len())
            .map(|i| vec![best[i].clone()])
            .find(|p| ask(p))
        {
            best = one;
        }
    }
    loop {
        let before = best.clone();
        best = drop_cases(best, &mut ask);
        for i in 0..best.len() {
            best = drop_tokens(best, i, &mut ask);
        }
        if best == before {
            return best;
        }
    }
}

/// Drops cases one at a time while the rest still fails.
fn drop_cases(mut plan: Plan, ask: &mut impl FnMut(&Plan) -> bool) -> Plan {
    let mut i = 0;
    while plan.len() > 1 && i < plan.len() {
        let mut without = plan.clone();
        without.remove(i);
        if ask(&without) {
            plan = without;
        } else {
            i += 1;
        }
    }
    plan
}

/// Drops runs of case `i`'s tokens, halving the run's length down to one token.
fn drop_tokens(mut plan: Plan, i: usize, ask: &mut impl FnMut(&Plan) -> bool) -> Plan {
    let mut run = plan[i].len().div_ceil(2).max(1);
    loop {
        let mut at = 0;
        while at < plan[i].len() {
            let mut cut = plan.clone();
            let end = (at + run).min(cut[i].len());
            cut[i].drain(at..end);
            if ask(&cut) {
                plan = cut;
            } else {
                at += run;
            }
        }
        if run == 1 {
            return plan;
        }
        run = run.div_ceil(2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn plan_of(text: &str) -> Plan {
        parse(text)
    }

    #[test]
    fn keeps_the_one_case_and_the_turns_that_fail() {
        // Fails when some case holds both an `a` and a `b`.
        let fails = |p: &Plan| {
            p.iter()
                .any(|c| c.iter().any(|t| t == "a") && c.iter().any(|t| t == "b"))
        };
        let p = plan_of("x y\nx a y y b x\nb a\n");
        let got = shrink(p, 1000, fails);
        assert_eq!(text(&got), "a b\n");
    }

    #[test]
    fn respects_the_budget() {
        let mut calls = 0;
        // Fails while 60 of the 100 tokens stay: unbounded, this takes dozens of questions.
        let p = plan_of(&"t ".repeat(100));
        let got = shrink(p, 7, |p: &Plan| {
            calls += 1;
            p[0].len() >= 60
        });
        assert_eq!(calls, 7);
        assert!(got[0].len() >= 60);
    }

    proptest! {
        /// Whatever fails, the result fails (or is the input), is no bigger, and is 1-minimal
        /// when the budget is not reached: no single case or token can go.
        #[test]
        fn result_fails_and_is_one_minimal(cases in prop::collection::vec(
            prop::collection::vec(0u8..4, 0..8), 1..5), need in 0u8..4, count in 1usize..4) {
            let plan: Plan = cases.iter()
                .map(|c| c.iter().map(|t| t.to_string()).collect()).collect();
            let key = need.to_string();
            let fails = |p: &Plan| p.iter().flatten().filter(|t| **t == key).count() >= count;
            prop_assume!(fails(&plan));
            let got = shrink(plan.clone(), 10_000, fails);
            prop_assert!(fails(&got));
            let size = |p: &Plan| p.iter().map(Vec::len).sum::<usize>();
            prop_assert!(size(&got) <= size(&plan));
            for i in 0..got.len() {
                for j in 0..got[i].len() {
                    let mut cut = got.clone();
                    cut[i].remove(j);
                    prop_assert!(!fails(&cut));
                }
            }
            prop_assert_eq!(size(&got), count);
        }
    }
}
