//! The table file format (`twisty::table_file`): round trips, every wrong field named, every
//! damaged byte caught (by reading, by verifying, and in the header by opening), mapped tables and
//! copy-on-write fields equal to what was saved, and a version 2 file, written here by hand from
//! the layout in the module's documentation, upgraded.

use twisty::dist_table::fields_file::open_fields;
use twisty::table_file::*;

fn header() -> TableHeader {
    TableHeader {
        name: "test table".into(),
        key: 7,
        entries: 100,
        bits: 2,
        extra: vec![1, 2, 3],
    }
}

fn file(tag: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("twisty-table-file-{tag}-{}", std::process::id()))
}

#[test]
fn a_table_round_trips_and_every_wrong_field_is_named() {
    let p = file("round");
    let h = header();
    let words = [0x0123_4567_89ab_cdefu64, 42, u64::MAX, 9];
    assert_eq!(h.words(), 4); // 100 entries of 2 bits
    save(&p, &h, words).unwrap();
    let mut back = Vec::new();
    assert_eq!(load(&p, &h, &mut back).unwrap(), h);
    assert_eq!(back, words);
    let wrong = |f: &dyn Fn(&mut TableHeader)| {
        let mut e = header();
        f(&mut e);
        load(&p, &e, &mut Vec::new()).unwrap_err().to_string()
    };
    assert!(wrong(&|e| e.name = "other".into()).contains("another table (test table)"));
    assert!(wrong(&|e| e.key = 8).contains("another puzzle"));
    assert!(wrong(&|e| e.entries = 99).contains("another size"));
    assert!(wrong(&|e| e.bits = 4).contains("another size"));
    std::fs::remove_file(&p).unwrap();
}

#[test]
fn damage_anywhere_is_caught() {
    let p = file("damage");
    let h = header();
    save(&p, &h, [1u64, 2, 3, 4]).unwrap();
    let good = std::fs::read(&p).unwrap();
    let words_at = good.len() - 5 * 8;
    // A flipped bit in every byte: the header's fields, its zeros or the checksum refuse
    // each one when the file is read or verified; opening it refuses those in the header.
    for at in 0..good.len() {
        let mut bad = good.clone();
        bad[at] ^= 0x04;
        std::fs::write(&p, &bad).unwrap();
        assert!(load(&p, &h, &mut Vec::new()).is_err(), "byte {at}");
        assert!(verify(&p).is_err(), "byte {at}");
        if at < words_at {
            assert!(open(&p, &h).is_err(), "byte {at}");
        }
    }
    // Cut short, or with a byte more.
    for bad in [
        &good[..good.len() - 1],
        &good[..20],
        &good[..words_at],
        &[good.clone(), vec![0]].concat()[..],
    ] {
        std::fs::write(&p, bad).unwrap();
        let n = bad.len();
        assert!(load(&p, &h, &mut Vec::new()).is_err(), "{n} bytes");
        assert!(open(&p, &h).is_err(), "{n} bytes");
        assert!(verify(&p).is_err(), "{n} bytes");
    }
    std::fs::remove_file(&p).unwrap();
}

/// An opened file's words are the words saved, mapped where the machine maps, starting on a
/// page of their own.
#[test]
fn an_opened_table_is_its_words() {
    let p = file("open");
    let h = header();
    let words = [5u64, 6, 7, u64::MAX];
    save(&p, &h, words).unwrap();
    assert_eq!(std::fs::metadata(&p).unwrap().len(), 4096 + 5 * 8);
    let (back, w) = open(&p, &h).unwrap();
    assert_eq!(back, h);
    assert_eq!(&w[..], &words[..]);
    assert_eq!(w.is_mapped(), cfg!(all(unix, target_pointer_width = "64")));
    assert_eq!(verify(&p).unwrap(), h);
    std::fs::remove_file(&p).unwrap();
}

/// Fields opened from a file are its entries; marking them changes this process's copy, not
/// the file.
#[test]
fn opened_fields_are_the_entries_and_marks_stay_in_memory() {
    let p = file("fields");
    let h = TableHeader {
        bits: 4,
        ..header()
    };
    let words: Vec<u64> = (0..h.words() as u64).map(|i| i * 0x1111).collect();
    save(&p, &h, words.iter().copied()).unwrap();
    let (_, mut f) = open_fields(&p, &h).unwrap();
    for i in 0..100 {
        assert_eq!(f.get(i) as u64, words[i / 16] >> (4 * (i % 16)) & 15, "{i}");
    }
    f.set(3, 9);
    assert_eq!(f.get(3), 9);
    assert_eq!(&open(&p, &h).unwrap().1[..], &words[..]);
    assert_eq!(verify(&p).unwrap(), h);
    std::fs::remove_file(&p).unwrap();
}

/// A version 2 file (written here by hand from the layout in the module's doc) is read and
/// rewritten as version 3.
#[test]
fn a_version_2_file_is_upgraded() {
    let p = file("v2");
    let h = header();
    let words = [9u64, 8, 7, 6];
    let mut bytes = b"twisty table v2\n".to_vec();
    let push = |v: u64, b: &mut Vec<u8>| b.extend_from_slice(&v.to_le_bytes());
    push(h.name.len() as u64, &mut bytes);
    bytes.extend_from_slice(h.name.as_bytes());
    for v in [h.key, h.entries, h.bits as u64, h.extra.len() as u64] {
        push(v, &mut bytes);
    }
    for &v in h.extra.iter().chain(&words) {
        push(v, &mut bytes);
    }
    let mut sum = twisty::checksum::Fnv64::new();
    sum.update(&bytes[..bytes.len() - 32]);
    sum.update_words(&words);
    push(sum.finish(), &mut bytes);
    std::fs::write(&p, &bytes).unwrap();
    let (back, w) = open(&p, &h).unwrap();
    assert_eq!((back, &w[..]), (h.clone(), &words[..]));
    assert!(std::fs::read(&p).unwrap().starts_with(b"twisty table v3\n"));
    assert_eq!(&open(&p, &h).unwrap().1[..], &words[..]);
    std::fs::remove_file(&p).unwrap();
}

#[test]
fn another_file_is_not_a_table() {
    let p = file("other");
    std::fs::write(&p, b"twisty distance table v1\n0123456789").unwrap();
    let e = load(&p, &header(), &mut Vec::new()).unwrap_err();
    assert!(e.to_string().contains("not a twisty table file"), "{e}");
    std::fs::remove_file(&p).unwrap();
}

/// A file larger than the free space is refused before a byte is written, saying both amounts.
#[test]
fn a_full_disk_is_named_before_writing() {
    let p = file("full");
    // 2^60 two-bit entries: 256 PiB, more than any disk here.
    let h = TableHeader {
        entries: 1 << 60,
        ..header()
    };
    let e = save(&p, &h, std::iter::repeat(0)).unwrap_err().to_string();
    assert!(e.contains("the disk is full"), "{e}");
    assert!(e.contains("is free there"), "{e}");
    assert!(!p.exists());
    let partial = std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .filter_map(|e| e.ok())
        .any(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("twisty-table-file-full")
        });
    assert!(!partial, "a partial file was left");
}

/// The free space asked of the system equals what `df` says of the same folder (within what other
/// writers may change meanwhile).
#[test]
fn free_space_is_what_df_says() {
    let dir = std::env::temp_dir();
    let out = std::process::Command::new("df")
        .args(["--output=avail", "-B1"])
        .arg(&dir)
        .output()
        .expect("df (coreutils)");
    let text = String::from_utf8_lossy(&out.stdout);
    let df: u64 = text.lines().nth(1).unwrap().trim().parse().unwrap();
    let ours = twisty::disk_space::free_bytes(&dir).unwrap();
    let diff = ours.abs_diff(df);
    assert!(diff < (64 << 20), "statvfs {ours}, df {df}");
    // A folder not made yet is asked through its nearest existing parent.
    assert!(twisty::disk_space::free_bytes(&dir.join("not/made/yet")).is_some());
}

/// A path that is not a regular file (a folder here, standing in for a device such as /dev/null,
/// which renaming into place would replace) is refused, and left as it was.
#[test]
fn a_table_is_not_written_over_what_is_not_a_file() {
    let dir = file("folder");
    std::fs::create_dir_all(&dir).unwrap();
    let e = save(&dir, &header(), [1u64, 2, 3, 4])
        .unwrap_err()
        .to_string();
    assert!(e.contains("not a regular file"), "{e}");
    assert!(dir.is_dir());
    std::fs::remove_dir_all(&dir).unwrap();
}
