//! How a table is kept between runs, on top of the file format ([`crate::table_file`]): read
//! when it is there and sound, else built and saved (then verified, so that a disk that did not
//! keep it whole is named at once); `--verify` checks a kept file and removes a damaged one.

use crate::file_lock::Waited;
use crate::table_file::{verify, verify_in_place, TableFileError};
use std::path::Path;

/// The user's folder for tables kept between runs (unless a command is given another): `$TWISTY_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/twisty`, else `~/.cache/twisty`.
pub fn default_cache_dir() -> Option<std::path::PathBuf> {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    if let Some(d) = var("TWISTY_CACHE_DIR") {
        return Some(d.into());
    }
    if let Some(d) = var("XDG_CACHE_HOME") {
        return Some(std::path::PathBuf::from(d).join("twisty"));
    }
    var("HOME").map(|h| std::path::PathBuf::from(h).join(".cache").join("twisty"))
}

/// The one way a table is kept between runs: read from `path` if it is there and sound
/// ([`read_kept`]); else built, and saved there ([`keep`]). With no `path`, only built. The build
/// holds the table's lock ([`crate::file_lock`]): a second process asking at once waits, then
/// reads what the first kept.
pub fn cached<T>(
    path: Option<&Path>,
    log: &mut dyn FnMut(&str),
    load: impl Fn(&Path) -> Result<T, TableFileError>,
    build: impl FnOnce(&mut dyn FnMut(&str)) -> T,
    save: impl FnOnce(&T, &Path) -> std::io::Result<()>,
) -> T {
    if let Some(t) = path.and_then(|p| read_kept(p, log, &load)) {
        return t;
    }
    // One build at a time: a process that waited for another's finds the table kept.
    let lock = path.and_then(|p| crate::file_lock::lock_build(p, log));
    if let (Some(p), Some((_, Waited::Yes))) = (path, &lock) {
        if let Some(t) = read_kept(p, log, &load) {
            return t;
        }
    }
    let t = build(log);
    if let Some(p) = path {
        // A folder that cannot be written costs the next run's time, nothing more.
        match keep_verified(p, |p| save(&t, p)) {
            Ok(()) => log(&format!("saved {}", p.display())),
            Err(e) => log(&format!("cannot save {}: {e}", p.display())),
        }
    }
    t
}

/// A table kept at `path`, if it is there and sound. One that is there but damaged, truncated or
/// another table's is named through `log` and not used (to be built again).
pub fn read_kept<T>(
    path: &Path,
    log: &mut dyn FnMut(&str),
    load: impl FnOnce(&Path) -> Result<T, TableFileError>,
) -> Option<T> {
    match load(path) {
        Ok(t) => Some(t),
        Err(e) if path.exists() => {
            log(&format!(
                "{}: {e}; not used, building it again",
                path.display()
            ));
            None
        }
        Err(_) => None,
    }
}

/// Writes a table to `path` by `save` (such as [`crate::table_file::save`]), its folder made first.
pub fn keep(path: &Path, save: impl FnOnce(&Path) -> std::io::Result<()>) -> std::io::Result<()> {
    match path.parent() {
        Some(d) => std::fs::create_dir_all(d).and_then(|_| save(path)),
        None => save(path),
    }
}

/// What `--verify` does to a kept table: checks its checksum; a damaged one is named through `log`
/// and removed, to be built again. True when the file is sound or not there.
pub fn verify_kept(path: &Path, log: &mut dyn FnMut(&str)) -> bool {
    if !path.exists() {
        return true;
    }
    match verify_in_place(path) {
        Ok(_) => true,
        Err(e) => {
            log(&format!(
                "{}: {e}; not used, building it again",
                path.display()
            ));
            let _ = std::fs::remove_file(path);
            false
        }
    }
}

/// What `--verify` does to a table folder, for every command that keeps tables in one (`cube3`,
/// `cube3-opt` and `twisty` share the user's): checks every table file in it, whichever command
/// wrote it (the 3x3x3's `*.bin` and the kept levels of its resumable builds, `*.levels`; the
/// engine's `*.table`), in name order; a damaged one is named
/// through `log` and removed, to be built again; a sound one is named as verified.
pub fn verify_folder(dir: &Path, log: &mut dyn FnMut(&str)) {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let ext = p.extension().and_then(|x| x.to_str());
            matches!(ext, Some("bin" | "table" | "levels"))
        })
        .collect();
    files.sort();
    for f in files {
        if verify_kept(&f, log) {
            log(&format!("{}: checksum verified", f.display()));
        }
    }
}

/// The store's one way to write a table file: its folder made, the file written under another name
/// and renamed into place ([`crate::table_file::save`]), then, with `verify`, read back and its
/// checksum checked ([`keep_verified`]). Every table the project keeps goes through here: the
/// 3x3x3's, the engine's cache, `twisty gods --out` and its slices, the kept levels of a resumable
/// build, the learned heuristic's view table.
pub fn write(
    path: &Path,
    header: &crate::table_file::TableHeader,
    words: impl IntoIterator<Item = u64>,
    verify: bool,
) -> std::io::Result<()> {
    let save = |p: &Path| crate::table_file::save(p, header, words);
    if verify {
        keep_verified(path, save)
    } else {
        keep(path, save)
    }
}

/// [`keep`], then [`verify`] what was written: a table that the disk did not keep whole is
/// named now, not found wrong by a later search.
pub fn keep_verified(
    path: &Path,
    save: impl FnOnce(&Path) -> std::io::Result<()>,
) -> std::io::Result<()> {
    keep(path, save)?;
    verify(path)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e.to_string()))?;
    crate::mapped_words::drop_cached(&std::fs::File::open(path)?);
    Ok(())
}
