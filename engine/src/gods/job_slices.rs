//! God's algorithm past one machine: the breadth-first search cut into slices of the rank range, one
//! job per slice and level, for a batch scheduler's job array (Slurm `--array`, Kubernetes indexed
//! Jobs) to run. No job talks to another: they share a directory.
//!
//! Job (slice I of N, level D) reads every slice's file of level D (the frontier, one bit per state)
//! and its own files of levels 1..D (what its slice has seen), and writes its slice of level D+1:
//! each unseen state of its range with a neighbour in the frontier (the moves are closed under
//! inverse, so a neighbour is also a predecessor). Level 0 (the goal) needs no file. When a level's
//! slices are all empty the table is complete; `merge` checks every file (checksum, puzzle, slice
//! count, no state in two levels) and combines them into the table `twisty gods --out` writes.

use crate::tables::full_table::{DistTable, RankGraph};
use crate::tables::space::Space;
use std::path::{Path, PathBuf};
use twisty::dist_table::bfs::pull_step;
use twisty::table_file::{self, TableHeader};

/// One slice file: the states of one level inside one slice's range.
pub struct SliceFile {
    pub level: usize,
    pub slice: usize,
    pub of: usize,
    pub count: u64,
    /// One bit per state of the slice's range.
    pub bits: Vec<u64>,
}

/// The rank range of slice `i` of `n`.
pub fn range(size: usize, i: usize, n: usize) -> std::ops::Range<usize> {
    let lo = (size as u128 * i as u128 / n as u128) as usize;
    let hi = (size as u128 * (i + 1) as u128 / n as u128) as usize;
    lo..hi
}

pub fn file_name(dir: &Path, level: usize, slice: usize, of: usize) -> PathBuf {
    dir.join(format!("level-{level:03}.slice-{slice:04}-of-{of:04}.bits"))
}

/// The name in the header of a slice file.
const SLICE_NAME: &str = "engine level slice, 1 bit per state of the slice's range";

fn slice_header(fingerprint: u64, size: usize, f: &SliceFile) -> TableHeader {
    TableHeader {
        name: SLICE_NAME.to_string(),
        key: fingerprint,
        entries: range(size, f.slice, f.of).len() as u64,
        bits: 1,
        extra: vec![
            size as u64,
            f.of as u64,
            f.slice as u64,
            f.level as u64,
            f.count,
        ],
    }
}

fn write_slice(path: &Path, fingerprint: u64, size: usize, f: &SliceFile) -> Result<(), String> {
    let header = slice_header(fingerprint, size, f);
    // (Checked after writing: a slice is read back by another job's merge, perhaps much later.)
    twisty::table_keeping::write(path, &header, f.bits.iter().copied(), true)
        .map_err(|e| format!("{}: {e}", path.display()))
}

pub fn read_slice(path: &Path, fingerprint: u64, size: usize) -> Result<SliceFile, String> {
    let name = path.display();
    let peeked = table_file::peek(path).map_err(|e| format!("{name}: {e}"))?;
    if peeked.name != SLICE_NAME {
        return Err(format!("{name}: not a twisty slice file"));
    }
    if peeked.key != fingerprint {
        return Err(format!(
            "{name}: belongs to another puzzle, move set or metric"
        ));
    }
    let [total, of, slice, level, count] = peeked.extra[..] else {
        return Err(format!("{name}: not a twisty slice file"));
    };
    if total != size as u64 {
        return Err(format!("{name}: another state count"));
    }
    let (of, slice, level) = (of as usize, slice as usize, level as usize);
    if of == 0 || slice >= of {
        return Err(format!("{name}: bad slice numbers"));
    }
    let mut f = SliceFile {
        level,
        slice,
        of,
        count,
        bits: Vec::new(),
    };
    let expect = slice_header(fingerprint, size, &f);
    let mut bits = Vec::new();
    table_file::load(path, &expect, &mut bits).map_err(|e| format!("{name}: {e}"))?;
    f.bits = bits;
    Ok(f)
}

fn get(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 == 1
}

/// The whole frontier of `level` as one bit per rank, from every slice's file (the goal for 0).
fn frontier(
    space: &Space,
    dir: &Path,
    fp: u64,
    level: usize,
    of: usize,
) -> Result<Vec<u64>, String> {
    let mut bits = vec![0u64; space.size.div_ceil(64)];
    if level == 0 {
        for &g in &space.goals {
            bits[g / 64] |= 1 << (g % 64);
        }
        return Ok(bits);
    }
    for i in 0..of {
        let path = file_name(dir, level, i, of);
        let f = read_slice(&path, fp, space.size)
            .map_err(|e| format!("{e} (run level {} for every slice first)", level - 1))?;
        let r = range(space.size, i, of);
        for (k, x) in r.enumerate() {
            if get(&f.bits, k) {
                bits[x / 64] |= 1 << (x % 64);
            }
        }
    }
    Ok(bits)
}

/// Runs job (slice `slice` of `of`, level `level`): writes its part of level `level + 1` and
/// returns how many states it found.
pub fn run_job(
    space: &Space,
    fp: u64,
    dir: &Path,
    slice: usize,
    of: usize,
    level: usize,
) -> Result<u64, String> {
    if of == 0 || slice >= of {
        return Err(format!("slice {slice}/{of}: expected 0 <= I < N"));
    }
    let r = range(space.size, slice, of);
    let front = frontier(space, dir, fp, level, of)?;
    // What this slice has seen: levels 0..=level.
    let mut seen = vec![0u64; r.len().div_ceil(64)];
    for &g in space.goals.iter().filter(|g| r.contains(g)) {
        let k = g - r.start;
        seen[k / 64] |= 1 << (k % 64);
    }
    for d in 1..=level {
        let f = read_slice(&file_name(dir, d, slice, of), fp, space.size)?;
        for (w, x) in seen.iter_mut().zip(&f.bits) {
            *w |= x;
        }
    }
    // The library BFS's pull step over this slice: each unseen state with a neighbour in the
    // frontier is in the next level.
    let mut bits = vec![0u64; r.len().div_ceil(64)];
    let mut count = 0;
    pull_step(
        &RankGraph::new(space),
        r.clone().filter(|&x| !get(&seen, x - r.start)),
        |n| get(&front, n),
        |s| {
            let k = s - r.start;
            bits[k / 64] |= 1 << (k % 64);
            count += 1;
        },
    );
    let out = SliceFile {
        level: level + 1,
        slice,
        of,
        count,
        bits,
    };
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    write_slice(&file_name(dir, level + 1, slice, of), fp, space.size, &out)?;
    Ok(count)
}

/// Checks and combines the slice files of `dir` into a distance table.
pub fn merge(space: &Space, fp: u64, dir: &Path) -> Result<DistTable, String> {
    let mut files: Vec<SliceFile> = Vec::new();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for e in entries {
        let path = e.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|x| x == "bits") {
            files.push(read_slice(&path, fp, space.size)?);
        }
    }
    let of = files
        .first()
        .map(|f| f.of)
        .ok_or(format!("{}: no slice files", dir.display()))?;
    if let Some(f) = files.iter().find(|f| f.of != of) {
        return Err(format!(
            "slices of {} and of {of} are mixed in one directory",
            f.of
        ));
    }
    let last = files.iter().map(|f| f.level).max().unwrap_or(0);
    let mut table = DistTable::empty(space.size);
    let mut seen = vec![0u64; space.size.div_ceil(64)];
    for &g in &space.goals {
        seen[g / 64] |= 1 << (g % 64);
        table.set(g, 0);
    }
    table.distribution.push(space.goals.len() as u64);
    for level in 1..=last {
        let mut total = 0;
        for slice in 0..of {
            let Some(f) = files.iter().find(|f| f.level == level && f.slice == slice) else {
                return Err(format!("level {level}: slice {slice} of {of} is missing"));
            };
            let r = range(space.size, slice, of);
            let mut count = 0;
            for (k, x) in r.enumerate() {
                if get(&f.bits, k) {
                    if get(&seen, x) {
                        return Err(format!("state {x} is in level {level} and an earlier one"));
                    }
                    seen[x / 64] |= 1 << (x % 64);
                    table.set(x, (level % 3) as u8);
                    count += 1;
                }
            }
            if count != f.count {
                return Err(format!(
                    "level {level} slice {slice}: header says {} states, bits say {count}",
                    f.count
                ));
            }
            total += count;
        }
        if total == 0 {
            table.complete = true;
            return Ok(table);
        }
        table.distribution.push(total);
    }
    Err(format!(
        "incomplete: level {last} still has states; run level {last} for every slice"
    ))
}

/// What a sliced run belongs to, kept beside its files (`job.json`) so that `merge` needs only the
/// folder and a slice of another definition or metric is refused.
#[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
pub struct Job {
    /// The definition's text (a file's, or a shipped one's).
    pub definition: String,
    /// Its format: the extension its loader goes by (`json`, `yaml`, `tws`).
    pub format: String,
    /// The metric and moves.
    pub choice: crate::model::choice::Choice,
}

impl Job {
    fn file(dir: &Path) -> PathBuf {
        dir.join("job.json")
    }

    /// The job of a slice folder.
    pub fn read(dir: &Path) -> Result<Job, String> {
        let file = Job::file(dir);
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))
    }

    /// Claims `dir` for this job: writes `job.json` if it is missing (through a file of slice `i`'s
    /// own, renamed into place, so that slices starting together never read half a file), or
    /// checks that the one there is this job.
    pub fn claim(&self, dir: &Path, i: usize) -> Result<(), String> {
        let file = Job::file(dir);
        if file.exists() {
            if Job::read(dir)? != *self {
                return Err(format!(
                    "{}: this folder belongs to another definition or metric",
                    dir.display()
                ));
            }
            return Ok(());
        }
        let tmp = dir.join(format!("job.json.{i}.partial"));
        std::fs::write(
            &tmp,
            serde_json::to_string_pretty(self).expect("plain data"),
        )
        .and_then(|_| std::fs::rename(&tmp, &file))
        .map_err(|e| format!("{}: {e}", file.display()))
    }

    /// A name for the definition that tells its loader the format and says where it came from
    /// in error messages.
    pub fn definition_name(&self) -> String {
        format!("job.json:definition.{}", self.format)
    }
}
