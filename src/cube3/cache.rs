//! Where the 3x3x3 solvers keep their tables (`--tables DIR`, `--no-cache`, the user's cache
//! folder) and the flags that choose it, shared by `cube3` and `cube3-opt`.

use crate::args::{Args, Flag};

/// The table folder a command line asks for: none with `--no-cache`, else `--tables DIR`, else
/// [`crate::table_keeping::default_cache_dir`].
pub fn tables_dir(args: &Args) -> Option<std::path::PathBuf> {
    if args.has("--no-cache") {
        None
    } else {
        args.value("--tables")
            .map(Into::into)
            .or_else(crate::table_keeping::default_cache_dir)
    }
}

/// With `--verify`: checks the checksum of every table file in `dir` (tables are opened, not read,
/// so a damaged entry is found only here); a damaged file is named through `log` and removed, to
/// be built again by this run.
pub fn verify_tables(args: &Args, dir: Option<&std::path::Path>, log: &mut dyn FnMut(&str)) {
    let dir = match dir {
        Some(d) if args.has("--verify") => d,
        _ => return,
    };
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().map_or(false, |x| x == "bin"))
        .collect();
    files.sort();
    for f in files {
        if crate::table_keeping::verify_kept(&f, log) {
            log(&format!("{}: checksum verified", f.display()));
        }
    }
}

/// The table flags both 3x3x3 solvers take.
pub const TABLE_FLAGS: [Flag; 4] = [
    Flag {
        name: "--tables",
        value: Some("DIR"),
        help: "folder of the cached tables",
    },
    Flag {
        name: "--no-cache",
        value: None,
        help: "build the tables in memory, read and write no file",
    },
    Flag {
        name: "--threads",
        value: Some("N"),
        help: "threads for building tables and solving lines (default: all cores)",
    },
    Flag {
        name: "--verify",
        value: None,
        help: "check the checksum of every table file in the folder first (opening one does not read it)",
    },
];
