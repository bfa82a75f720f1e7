//! `judge stress PROBLEM -c CMD`: random inputs from the problem's generator (`gen PROBLEM --plan
//! SEED`, then `--render`), the project's solver as the reference, the command judged against it
//! under the problem's limits and comparison. At the first input where they disagree (or the command
//! fails: RE, TLE, MLE) the input is shrunk (`judge::shrink`) and saved with both outputs.

use crate::workspace::{checker_of, program_of, Workspace};
use crate::{progress, say};
use judge::problem::{Case, Problem};
use judge::runner::{self, CaseResult, Program, RunError, Verdict};
use judge::shrink::{self, Plan};
use judge::stop;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a stress run is asked for.
pub struct Stress {
    pub count: u64,
    pub seed: u64,
    /// Where the failing case is saved (default `target/judge/stress/<problem>`).
    pub out: Option<PathBuf>,
    /// The command as given, and the flags that set its limits, to show how to judge the saved
    /// case again.
    pub command: String,
    pub limit_flags: Vec<String>,
}

/// The most renders and runs spent on shrinking one failing input, and the most time: a TLE
/// costs the time limit a try.
const SHRINK_BUDGET: usize = 300;
const SHRINK_TIME: Duration = Duration::from_secs(60);

/// The files a saved case is made of; only these are replaced in the folder it is saved to.
const SAVED: [&str; 5] = [
    "case.in",
    "case.out",
    "command.out",
    "difference.txt",
    "plan.txt",
];

struct Trial<'a> {
    ws: &'a Workspace,
    helper: &'a Path,
    /// The problem as its toml says: the reference runs under these limits.
    problem: &'a Problem,
    /// The problem with the command line's limits: the command runs under these.
    judged: &'a Problem,
    reference: Program,
    command: &'a Program,
    checker: Option<PathBuf>,
    dir: PathBuf,
}

/// One input judged: the reference's output, the command's result.
struct Outcome {
    input: PathBuf,
    expected: PathBuf,
    result: CaseResult,
}

impl Trial<'_> {
    fn generator(&self) -> Command {
        let mut gen = Command::new(self.ws.bin_dir.join("gen"));
        gen.arg(&self.problem.name);
        gen
    }

    fn plan(&self, seed: u64) -> Result<Plan, RunError> {
        let o = self
            .generator()
            .args(["--plan", &seed.to_string()])
            .output()
            .map_err(|e| format!("cannot run the generator: {e}"))?;
        // A Ctrl-C reaches the generator too.
        if stop::requested() {
            return Err(RunError::Interrupted);
        }
        if !o.status.success() {
            let why = String::from_utf8_lossy(&o.stderr);
            return Err(RunError::Setup(
                why.lines().next().unwrap_or("the generator failed").into(),
            ));
        }
        Ok(shrink::parse(&String::from_utf8_lossy(&o.stdout)))
    }

    /// The input for `plan`, or `None` where the problem cannot take the plan.
    fn render(&self, plan: &Plan) -> Result<Option<String>, RunError> {
        let mut child = self
            .generator()
            .arg("--render")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run the generator: {e}"))?;
        let written = child
            .stdin
            .take()
            .expect("piped")
            .write_all(shrink::text(plan).as_bytes());
        let o = child.wait_with_output().map_err(|e| e.to_string())?;
        if stop::requested() {
            return Err(RunError::Interrupted);
        }
        Ok((written.is_ok() && o.status.success())
            .then(|| String::from_utf8_lossy(&o.stdout).into_owned()))
    }

    /// Runs the reference and the command on `plan`'s input, in `self.dir/<tag>`.
    fn judge(&self, plan: &Plan, tag: &str) -> Result<Option<Outcome>, RunError> {
        let Some(input) = self.render(plan)? else {
            return Ok(None);
        };
        let dir = self.dir.join(tag);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let input_path = dir.join("case.in");
        std::fs::write(&input_path, &input).map_err(|e| e.to_string())?;
        let case = Case {
            name: "case".into(),
            input: input_path.clone(),
            answer: None,
        };
        let reference = runner::run_case(
            self.helper,
            self.problem,
            &self.reference,
            None,
            &case,
            &dir.join("reference"),
        )?;
        if reference.verdict != Verdict::NoAnswer {
            return Err(RunError::Setup(format!(
                "the project's solver failed ({} {}) on this input:\n{input}",
                reference.verdict.label(),
                reference.detail,
            )));
        }
        let case = Case {
            answer: Some(reference.output.clone()),
            ..case
        };
        let result = runner::run_case(
            self.helper,
            self.judged,
            self.command,
            self.checker.as_deref(),
            &case,
            &dir.join("command"),
        )?;
        Ok(Some(Outcome {
            input: input_path,
            expected: reference.output,
            result,
        }))
    }
}

/// Stress-tests `command` on `problem`: the reference runs under `problem`'s own limits, the
/// command under `judged`'s (the problem with the command line's limits).
pub fn stress(
    ws: &Workspace,
    helper: &Path,
    (problem, judged): (&Problem, &Problem),
    command: &Program,
    ask: &Stress,
) -> Result<i32, String> {
    let trial = Trial {
        ws,
        helper,
        problem,
        judged,
        reference: program_of(ws, problem),
        command,
        checker: checker_of(ws, judged),
        // A folder of this run's own: two stress runs of one problem may run at once.
        dir: ws
            .work
            .join("stress-runs")
            .join(format!("{}-{}", problem.name, std::process::id())),
    };
    let done = run(&trial, ws, problem, ask);
    let _ = std::fs::remove_dir_all(&trial.dir);
    done
}

fn run(trial: &Trial, ws: &Workspace, problem: &Problem, ask: &Stress) -> Result<i32, String> {
    let pb = progress(ask.count as usize);
    for k in 0..ask.count {
        let seed = ask.seed.wrapping_add(k);
        pb.set_message(format!("seed {seed}"));
        let plan = match trial.plan(seed) {
            Ok(plan) => plan,
            Err(RunError::Interrupted) => return interrupted(&pb, k),
            Err(RunError::Setup(e)) => return Err(e),
        };
        let outcome = match trial.judge(&plan, "try") {
            Ok(Some(o)) => o,
            Ok(None) => {
                return Err(format!(
                    "the generator's plan for seed {seed} does not render"
                ))
            }
            Err(RunError::Interrupted) => return interrupted(&pb, k),
            Err(RunError::Setup(e)) => return Err(e),
        };
        pb.inc(1);
        let verdict = outcome.result.verdict;
        if verdict == Verdict::AC {
            continue;
        }
        pb.finish_and_clear();
        if verdict == Verdict::CheckerFail {
            return Err(format!(
                "the checker failed on the input from seed {seed}: {}",
                outcome.result.detail
            ));
        }
        eprintln!(
            "judge: seed {seed}: {} {}; shrinking the input",
            verdict.label(),
            outcome.result.detail
        );
        let mut interrupt = false;
        let deadline = Instant::now() + SHRINK_TIME;
        let small = shrink::shrink(plan.clone(), SHRINK_BUDGET, |p| {
            if interrupt || Instant::now() > deadline {
                return false;
            }
            match trial.judge(p, "shrink") {
                Ok(Some(o)) => o.result.verdict == verdict,
                // A smaller input the reference fails on shows nothing of the command.
                Ok(None) | Err(RunError::Setup(_)) => false,
                Err(RunError::Interrupted) => {
                    interrupt = true;
                    false
                }
            }
        });
        if interrupt {
            return interrupted(&pb, k + 1);
        }
        // The smallest plan judged once more, into a folder of its own; a command that does not
        // fail the same way twice (a time near the limit) keeps the input first found.
        return match trial.judge(&small, "smallest") {
            Ok(Some(o)) if o.result.verdict == verdict => save(ws, problem, ask, seed, &small, &o),
            Ok(_) => save(ws, problem, ask, seed, &plan, &outcome),
            Err(RunError::Interrupted) => interrupted(&pb, k + 1),
            Err(RunError::Setup(e)) => Err(e),
        };
    }
    pb.finish_and_clear();
    if ask.count == 0 {
        say(&format!("{}: no inputs tried (--count 0)", problem.name));
        return Ok(0);
    }
    say(&format!(
        "{}: no difference in {} inputs (seeds {} to {})",
        problem.name,
        ask.count,
        ask.seed,
        ask.seed.wrapping_add(ask.count.saturating_sub(1))
    ));
    Ok(0)
}

fn interrupted(pb: &indicatif::ProgressBar, done: u64) -> Result<i32, String> {
    pb.finish_and_clear();
    eprintln!("judge: interrupted after {done} inputs, the running one stopped");
    Ok(130)
}

/// Saves the failing case as a folder oj's layout reads (`case.in`, and the reference's output as
/// `case.out`), with the command's output, the plan and the first difference beside it.
fn save(
    ws: &Workspace,
    problem: &Problem,
    ask: &Stress,
    seed: u64,
    plan: &Plan,
    o: &Outcome,
) -> Result<i32, String> {
    let dir = ask
        .out
        .clone()
        .unwrap_or_else(|| ws.work.join("stress").join(&problem.name));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    // Only the files of a saved case are replaced; whatever else the folder holds stays.
    for name in SAVED {
        let _ = std::fs::remove_file(dir.join(name));
    }
    let copy = |from: &Path, name: &str| {
        std::fs::copy(from, dir.join(name))
            .map(|_| ())
            .map_err(|e| format!("cannot save {}: {e}", dir.join(name).display()))
    };
    copy(&o.input, "case.in")?;
    copy(&o.expected, "case.out")?;
    copy(&o.result.output, "command.out")?;
    let r = &o.result;
    let difference = format!("{} {}\n", r.verdict.label(), r.detail);
    let write = |name: &str, text: &str| {
        std::fs::write(dir.join(name), text).map_err(|e| format!("cannot save {name}: {e}"))
    };
    write("difference.txt", &difference)?;
    let plan_text = shrink::text(plan);
    write("plan.txt", &plan_text)?;
    let input = std::fs::read_to_string(&o.input).unwrap_or_default();
    say(&format!(
        "{}: {} on the input from seed {seed}, shrunk to {} case(s) (plan: {}):",
        problem.name,
        r.verdict.label(),
        plan.len(),
        plan_text.trim_end().replace('\n', " | ")
    ));
    for line in input.lines().take(10) {
        say(&format!("  {line}"));
    }
    say(&format!("{difference}saved in {}", dir.display()));
    let quote = |s: &str| shlex::try_quote(s).map_or_else(|_| s.to_string(), |q| q.into_owned());
    let mut replay = vec![
        "judge".to_string(),
        "test".into(),
        problem.name.clone(),
        "--cases".into(),
        quote(&dir.to_string_lossy()),
        "-c".into(),
        quote(&ask.command),
    ];
    replay.extend(ask.limit_flags.iter().map(|f| quote(f)));
    say(&format!("judge it alone: {}", replay.join(" ")));
    Ok(1)
}
