//! Where things are: the project root, its test cases, the release binaries and the judge's work
//! folder; which problems to judge; which program and checker run each problem's cases.

use judge::problem::Problem;
use judge::runner::Program;
use std::path::{Path, PathBuf};

/// Where things are.
pub struct Workspace {
    pub root: PathBuf,
    pub testcases: PathBuf,
    /// target/release
    pub bin_dir: PathBuf,
    /// target/judge
    pub work: PathBuf,
}

/// The project root, the test cases and the target folders, from the options or the current folder.
pub fn workspace(root: Option<&Path>, testcases: Option<&Path>) -> Result<Workspace, String> {
    let root = match root {
        Some(r) => r.to_path_buf(),
        None => {
            let cwd = std::env::current_dir().map_err(|e| e.to_string())?;
            cwd.ancestors()
                .find(|d| d.join("testcases").is_dir() && d.join("Cargo.toml").is_file())
                .map(Path::to_path_buf)
                .ok_or(
                    "no folder with testcases/ and Cargo.toml above the current one; use --root",
                )?
        }
    };
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let target = if target.is_absolute() {
        target
    } else {
        root.join(target)
    };
    Ok(Workspace {
        testcases: testcases
            .map(Path::to_path_buf)
            .unwrap_or_else(|| root.join("testcases")),
        bin_dir: target.join("release"),
        work: target.join("judge"),
        root,
    })
}

/// Where things are when the judge runs outside a project (`judge test --cases DIR -c CMD` from
/// any folder): nothing is built, the measuring helper is the one beside the judge, and outputs go
/// to the system's temporary folder.
pub fn outside() -> Result<Workspace, String> {
    let here = std::env::current_dir().map_err(|e| e.to_string())?;
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    Ok(Workspace {
        testcases: here.clone(),
        bin_dir: exe.parent().map(Path::to_path_buf).unwrap_or_default(),
        // One folder a user: another's may already hold the name.
        // SAFETY: getuid cannot fail and touches no memory.
        work: std::env::temp_dir().join(format!("judge-{}", unsafe { libc::getuid() })),
        root: here,
    })
}

pub fn load(ws: &Workspace, names: &[String]) -> Result<Vec<Problem>, String> {
    let names = if names.is_empty() {
        Problem::all_names(&ws.testcases)?
    } else {
        names.to_vec()
    };
    if names.is_empty() {
        return Err(format!(
            "no problems (no *.toml) in {}",
            ws.testcases.display()
        ));
    }
    names
        .iter()
        .map(|n| Problem::load(&ws.testcases, n))
        .collect()
}

pub fn program_of(ws: &Workspace, p: &Problem) -> Program {
    match &p.config.command {
        Some(argv) => Program {
            argv: argv.clone(),
            dir: Some(p.base.clone()),
        },
        None => {
            let bin = ws.bin_dir.join(p.binary().unwrap_or(&p.name));
            let mut argv = vec![bin.to_string_lossy().into_owned()];
            argv.extend(p.config.args.iter().cloned());
            Program { argv, dir: None }
        }
    }
}

pub fn checker_of(ws: &Workspace, p: &Problem) -> Option<PathBuf> {
    p.config.checker.as_ref().map(|c| match p.checker_binary() {
        Some(bin) => ws.bin_dir.join(bin),
        None => p.base.join(c),
    })
}
