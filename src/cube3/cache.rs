//! Where the 3x3x3 solvers keep their tables (`--cache-dir DIR`, or `--tables DIR` as before;
//! `--no-cache`; the user's cache folder, which `twisty` shares) and the flags that choose it,
//! shared by `cube3` and `cube3-opt`.

use crate::args::{Args, Flag};

/// The table folder a command line asks for: none with `--no-cache`, else `--cache-dir DIR` (or
/// its older name `--tables DIR`), else
/// [`crate::table_keeping::default_cache_dir`].
pub fn tables_dir(args: &Args) -> Option<std::path::PathBuf> {
    if args.has("--no-cache") {
        None
    } else {
        args.value("--cache-dir")
            .or_else(|| args.value("--tables"))
            .map(Into::into)
            .or_else(crate::table_keeping::default_cache_dir)
    }
}

/// With `--verify`: checks the checksum of every table file in `dir` (tables are opened, not read,
/// so a damaged entry is found only here); a damaged file is named through `log` and removed, to
/// be built again by this run.
pub fn verify_tables(args: &Args, dir: Option<&std::path::Path>, log: &mut dyn FnMut(&str)) {
    match dir {
        Some(d) if args.has("--verify") => crate::table_keeping::verify_folder(d, log),
        _ => {}
    }
}

/// The table flags both 3x3x3 solvers take.
pub const TABLE_FLAGS: [Flag; 5] = [
    Flag {
        name: "--cache-dir",
        value: Some("DIR"),
        help: "folder of the cached tables (default: the user's, shared with `twisty`)",
    },
    Flag {
        name: "--tables",
        value: Some("DIR"),
        help: "the same as --cache-dir (its older name)",
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
