//! A lock between processes (and threads) that would build the same table file at once: an
//! exclusive `flock` on `.<table>.lock` beside it. The kernel lets it go when its holder closes the
//! file or dies, so a crashed build leaves no lock behind. Only std: `flock` is declared here, for
//! Unix (Linux, macOS, the BSDs, where `LOCK_EX` and `LOCK_NB` have these values); elsewhere there
//! is no lock and two processes may both build (each then writes the same file whole, renamed into
//! place, so nothing is lost but time).

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

/// Held while a table is built; let go when dropped.
pub struct BuildLock {
    // (Held only to be closed: closing lets the lock go.)
    _file: File,
}

/// How a lock was had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waited {
    /// At once: nobody else was building.
    No,
    /// After another holder let it go: the table may be there now (look again before building).
    Yes,
}

/// The lock file of the table at `path`: `.<name>.lock` beside it, hidden (it stays after the
/// build: removing it while another process waits on it would let a third take a second lock).
pub fn lock_path(path: &Path) -> PathBuf {
    let mut name = std::ffi::OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(".lock");
    path.with_file_name(name)
}

/// Takes the lock on building the table at `path`, waiting while another process holds it (said
/// through `log` once). `None` where there is no lock to take: the folder cannot be written, or
/// the system has no `flock`.
pub fn lock_build(path: &Path, log: &mut dyn FnMut(&str)) -> Option<(BuildLock, Waited)> {
    if let Some(d) = path.parent() {
        std::fs::create_dir_all(d).ok()?;
    }
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(lock_path(path))
        .ok()?;
    let waited = sys::lock(&file, &mut || {
        log(&format!(
            "{}: another process is building it; waiting for it",
            path.display()
        ))
    })?;
    Some((BuildLock { _file: file }, waited))
}

#[cfg(unix)]
mod sys {
    use super::Waited;
    use std::fs::File;
    use std::os::raw::c_int;
    use std::os::unix::io::AsRawFd;

    const LOCK_EX: c_int = 2;
    const LOCK_NB: c_int = 4;

    extern "C" {
        fn flock(fd: c_int, operation: c_int) -> c_int;
    }

    /// An exclusive lock on `file`: at once if free, else after `waiting` is told and the holder
    /// lets go. `None` if the system refuses (a file system without locks).
    pub fn lock(file: &File, waiting: &mut dyn FnMut()) -> Option<Waited> {
        let fd = file.as_raw_fd();
        // SAFETY: `flock` on an open descriptor this process owns; it only reads its arguments.
        if unsafe { flock(fd, LOCK_EX | LOCK_NB) } == 0 {
            return Some(Waited::No);
        }
        if std::io::Error::last_os_error().kind() != std::io::ErrorKind::WouldBlock {
            return None;
        }
        waiting();
        loop {
            // SAFETY: as above; a blocking lock, retried if a signal interrupts it.
            if unsafe { flock(fd, LOCK_EX) } == 0 {
                return Some(Waited::Yes);
            }
            if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
                return None;
            }
        }
    }
}

#[cfg(not(unix))]
mod sys {
    use super::Waited;
    use std::fs::File;

    pub fn lock(_: &File, _: &mut dyn FnMut()) -> Option<Waited> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    /// A second taker waits, is told so, and has the lock once the first lets go (two opens of
    /// the lock file, as two processes make: `flock` locks belong to the open file, so threads
    /// exclude each other the same way).
    #[test]
    fn a_second_taker_waits_for_the_first() {
        let dir = std::env::temp_dir().join(format!("twisty-lock-{}", std::process::id()));
        let path = dir.join("t.table");
        let (first, w) = lock_build(&path, &mut |_| {}).expect("a lock");
        assert_eq!(w, Waited::No);
        let (told, heard) = mpsc::channel();
        let p = path.clone();
        let second = std::thread::spawn(move || {
            let mut log = |m: &str| told.send(m.to_string()).unwrap();
            lock_build(&p, &mut log).map(|(_, w)| w)
        });
        // (The second is blocked until the first is dropped: it says so first.)
        let said = heard.recv().unwrap();
        assert!(said.contains("another process is building it"), "{said}");
        drop(first);
        assert_eq!(second.join().unwrap(), Some(Waited::Yes));
        assert!(lock_path(&path).ends_with(".t.table.lock"));
        std::fs::remove_dir_all(&dir).ok();
    }
}
