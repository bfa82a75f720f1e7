//! Judging anyone's solution, as online-judge-tools' `oj t -c` does: `-c "CMD ARGS"` runs in place
//! of the project's solver, `--cases DIR` judges a folder of oj's layout (`NAME.in`, `NAME.out`)
//! that has no toml (the limits the command line gives are applied in [`crate::limits`]).

use crate::workspace::Workspace;
use judge::problem::{Problem, ProblemConfig};
use judge::runner::Program;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// The program `-c` names: its words split as a shell splits them (quotes, backslashes), run from
/// the current folder. Refused here, before any case runs, when its program cannot start.
pub fn command_program(command: &str) -> Result<Program, String> {
    let argv = shlex::split(command)
        .filter(|a| !a.is_empty())
        .ok_or_else(|| format!("-c {command:?}: no command, or an unclosed quote"))?;
    startable(&argv[0])?;
    Ok(Program { argv, dir: None })
}

/// Whether `program` names an executable file: a path with a `/`, or a name on `PATH`.
pub fn startable(program: &str) -> Result<(), String> {
    let executable = |p: &Path| {
        p.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if program.contains('/') {
        let p = Path::new(program);
        return match p.metadata() {
            Err(e) => Err(format!("cannot start `{program}`: {e}")),
            Ok(_) if !executable(p) => {
                Err(format!("cannot start `{program}`: not an executable file"))
            }
            Ok(_) => Ok(()),
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    if std::env::split_paths(&path).any(|d| executable(&d.join(program))) {
        Ok(())
    } else {
        Err(format!("cannot start `{program}`: no such program on PATH"))
    }
}

/// The problem to judge: the named one, or a folder of cases under the named problem's limits (or
/// the defaults). A folder must hold cases, each with its answer.
pub fn problem(
    ws: &Workspace,
    name: Option<&str>,
    cases: Option<&Path>,
) -> Result<Problem, String> {
    let mut p = match name {
        Some(n) => Problem::load(&ws.testcases, n)?,
        None => Problem::folder(
            cases.expect("a problem or a folder"),
            ProblemConfig::defaults(),
        ),
    };
    if let Some(dir) = cases {
        let folder = Problem::folder(dir, p.config.clone());
        p = match name {
            // The toml's `command` and checker paths stay relative to the toml's folder.
            Some(_) => Problem {
                dir: folder.dir,
                ..p
            },
            None => folder,
        };
        check_folder(&p)?;
    }
    Ok(p)
}

/// A folder given by `--cases` holds at least one `.in`, and every `.in` its `.out`.
fn check_folder(p: &Problem) -> Result<(), String> {
    if !p.dir.is_dir() {
        return Err(format!("--cases {}: no such folder", p.dir.display()));
    }
    let cases = p.cases()?;
    if cases.is_empty() {
        return Err(format!(
            "no cases in {}: oj's layout is NAME.in beside NAME.out",
            p.dir.display()
        ));
    }
    if let Some(c) = cases.iter().find(|c| c.answer.is_none()) {
        return Err(format!(
            "{} has no {}.out beside it (oj's layout: NAME.in and NAME.out)",
            c.input.display(),
            c.name
        ));
    }
    Ok(())
}
