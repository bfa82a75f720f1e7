//! `judge bless` and `judge accept`: new inputs' outputs kept as pending answers to review, then
//! moved into `testcases/` (never over an existing answer without `--force`).

use crate::say;
use crate::workspace::{program_of, Workspace};
use judge::problem::Problem;
use judge::runner::{self, RunError, Verdict};
use std::path::{Path, PathBuf};

fn pending_dir(ws: &Workspace, p: &Problem) -> PathBuf {
    ws.work.join("pending").join(&p.name)
}

pub fn bless(ws: &Workspace, helper: &Path, problems: &[Problem]) -> Result<i32, String> {
    let mut code = 0;
    let mut count = 0;
    for p in problems {
        let program = program_of(ws, p);
        let pending = pending_dir(ws, p);
        for case in p.cases()?.iter().filter(|c| c.answer.is_none()) {
            let r = runner::run_case(
                helper,
                p,
                &program,
                None,
                case,
                &ws.work.join("run").join(&p.name),
            );
            let r = match r {
                Ok(r) => r,
                Err(RunError::Interrupted) => {
                    eprintln!("judge: interrupted; {count} pending answer(s) kept so far");
                    return Ok(130);
                }
                Err(RunError::Setup(e)) => return Err(e),
            };
            if r.verdict != Verdict::NoAnswer {
                say(&format!(
                    "{}/{}: {} {}, not kept",
                    p.name,
                    case.name,
                    r.verdict.label(),
                    r.detail
                ));
                code = 1;
                continue;
            }
            std::fs::create_dir_all(&pending).map_err(|e| e.to_string())?;
            let dest = pending.join(format!("{}.out", case.name));
            std::fs::copy(&r.output, &dest)
                .map_err(|e| format!("cannot write {}: {e}", dest.display()))?;
            say(&format!(
                "{}/{}: pending {}",
                p.name,
                case.name,
                dest.display()
            ));
            count += 1;
        }
    }
    say(&format!(
        "{count} pending answer(s); review them, then run `judge accept`"
    ));
    Ok(code)
}

pub fn accept(ws: &Workspace, problems: &[Problem], force: bool) -> Result<i32, String> {
    let mut code = 0;
    let mut moved = 0;
    for p in problems {
        let pending = pending_dir(ws, p);
        let Ok(rd) = std::fs::read_dir(&pending) else {
            continue;
        };
        let mut files: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        for f in files {
            let name = f.file_name().unwrap_or_default().to_owned();
            let dest = p.dir.join(&name);
            if dest.exists() && !force {
                say(&format!(
                    "{}: {} exists; not replaced (use --force)",
                    p.name,
                    dest.display()
                ));
                code = 1;
                continue;
            }
            std::fs::copy(&f, &dest)
                .map_err(|e| format!("cannot write {}: {e}", dest.display()))?;
            std::fs::remove_file(&f).map_err(|e| e.to_string())?;
            say(&format!("{}: accepted {}", p.name, dest.display()));
            moved += 1;
        }
    }
    say(&format!("{moved} answer(s) accepted"));
    Ok(code)
}
