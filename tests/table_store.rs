//! The table store (`twisty::table_keeping` over the file format, `twisty::file_lock`): what every
//! kept table goes through, proved on a table of its own here (each table kind's own tests prove
//! its contents: `tests/cube3.rs`, `engine/tests/search.rs`, `engine/tests/table_plan.rs`,
//! `cli/tests/cli.rs`):
//! - a table written is read back as written, and a second `cached` reads instead of building;
//! - a damaged byte among the entries is named by the folder's `--verify`, the file removed, and
//!   the table built again; a truncated file is named when read and built again;
//! - `--verify` checks every kind of file in the folder (`*.bin`, `*.table`, `*.levels`) and
//!   nothing else;
//! - two processes asking for one table at once get one build: this test runs itself a second
//!   time as a child process, which asks while the parent holds the table's lock, says it waits,
//!   and then reads what the parent kept, building nothing.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use twisty::table_file::{load, TableFileError, TableHeader};
use twisty::table_keeping::{cached, verify_folder, write};

fn folder(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("twisty-store-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn header() -> TableHeader {
    TableHeader {
        name: "store test table".into(),
        key: 67,
        entries: 1000,
        bits: 64,
        extra: vec![5],
    }
}

/// The table this test keeps: 1,000 words a function of their index.
fn table() -> Vec<u64> {
    (0..1000u64)
        .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 67)
        .collect()
}

fn read(p: &Path) -> Result<Vec<u64>, TableFileError> {
    let mut words = Vec::new();
    load(p, &header(), &mut words).map(|_| words)
}

/// `cached` on `p`: the table, how many times it was built, and what was said.
fn ask(p: &Path) -> (Vec<u64>, usize, Vec<String>) {
    let mut said = Vec::new();
    let mut builds = 0;
    let t = cached(
        Some(p),
        &mut |m: &str| said.push(m.to_string()),
        read,
        |_| {
            builds += 1;
            table()
        },
        |t, p| write(p, &header(), t.iter().copied(), true),
    );
    (t, builds, said)
}

#[test]
fn a_table_is_written_read_back_and_not_built_twice() {
    let d = folder("round");
    let p = d.join("t.bin");
    let (t, builds, _) = ask(&p);
    assert_eq!((t, builds), (table(), 1));
    let (t, builds, said) = ask(&p);
    assert_eq!((t, builds), (table(), 0), "{said:?}");
    assert_eq!(read(&p).unwrap(), table());
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn a_damaged_byte_is_named_and_a_truncated_file_rebuilt() {
    let d = folder("damaged");
    let p = d.join("t.bin");
    ask(&p);
    // A byte among the entries (past the 4096-byte header page) flipped.
    let mut bytes = std::fs::read(&p).unwrap();
    bytes[4096 + 800] ^= 0x10;
    std::fs::write(&p, &bytes).unwrap();
    let mut said = Vec::new();
    verify_folder(&d, &mut |m| said.push(m.to_string()));
    assert!(
        said.iter()
            .any(|m| m.contains("t.bin") && m.contains("not used")),
        "{said:?}"
    );
    assert!(!p.exists(), "the damaged file is removed");
    let (t, builds, _) = ask(&p);
    assert_eq!((t, builds), (table(), 1));
    // Truncated: named when read, and built again.
    let bytes = std::fs::read(&p).unwrap();
    std::fs::write(&p, &bytes[..bytes.len() - 100]).unwrap();
    let (t, builds, said) = ask(&p);
    assert_eq!((t, builds), (table(), 1));
    assert!(
        said.iter().any(|m| m.contains("building it again")),
        "{said:?}"
    );
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn verify_checks_every_kind_of_table_file_and_nothing_else() {
    let d = folder("kinds");
    for name in ["a.bin", "b.table", "c.levels"] {
        write(&d.join(name), &header(), table(), false).unwrap();
    }
    std::fs::write(d.join("notes.txt"), "not a table").unwrap();
    let mut said = Vec::new();
    verify_folder(&d, &mut |m| said.push(m.to_string()));
    let verified = |n: &str| said.iter().any(|m| m.contains(n) && m.contains("verified"));
    assert!(
        verified("a.bin") && verified("b.table") && verified("c.levels"),
        "{said:?}"
    );
    assert!(!said.iter().any(|m| m.contains("notes.txt")), "{said:?}");
    assert_eq!(said.len(), 3);
    std::fs::remove_dir_all(&d).ok();
}

/// The child's side of the test below: asks for the table and says how many builds it made.
fn child(p: &Path) {
    let (t, builds) = cached_telling(p);
    assert_eq!(t, table());
    println!("builds {builds}");
}

/// [`ask`], with what is said written to stderr as it is said (the parent reads it).
fn cached_telling(p: &Path) -> (Vec<u64>, usize) {
    let mut builds = 0;
    let t = cached(
        Some(p),
        &mut |m: &str| {
            eprintln!("{m}");
            std::io::stderr().flush().ok();
        },
        read,
        |_| {
            builds += 1;
            table()
        },
        |t, p| write(p, &header(), t.iter().copied(), true),
    );
    (t, builds)
}

#[test]
fn two_processes_asking_for_one_table_at_once_get_one_build() {
    if let Some(p) = std::env::var_os("TWISTY_STORE_CHILD") {
        child(Path::new(&p));
        return;
    }
    let d = folder("lock");
    let p = d.join("t.bin");
    // The parent is "building": it holds the lock while the child asks.
    let (lock, _) = twisty::file_lock::lock_build(&p, &mut |_| {}).expect("a lock");
    let mut kid = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "two_processes_asking_for_one_table_at_once_get_one_build",
            "--nocapture",
            "--test-threads",
            "1",
        ])
        .env("TWISTY_STORE_CHILD", &p)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the child says it waits for the lock; then keep the table and let go.
    let mut err = BufReader::new(kid.stderr.take().unwrap());
    let mut line = String::new();
    loop {
        line.clear();
        assert!(
            err.read_line(&mut line).unwrap() > 0,
            "the child ended first"
        );
        if line.contains("another process is building it") {
            break;
        }
    }
    write(&p, &header(), table(), true).unwrap();
    drop(lock);
    let out = kid.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("builds 0"),
        "the child built it too: {stdout}"
    );
    std::fs::remove_dir_all(&d).ok();
}
