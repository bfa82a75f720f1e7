//! `twisty solve --scrambles FILE`: many states in one run, the tables built once. One answer a
//! line in input order; a line that cannot be solved gets an empty answer and a message naming its
//! line, and the others go on.

use crate::cmd_common::{io, Result};
use crate::progress_bars::BatchProgress;
use std::io::{Read, Write};
use std::path::Path;
use std::time::Instant;

/// The text of FILE, or of stdin for `-`.
pub fn read(file: &Path) -> Result<String> {
    let mut text = String::new();
    if file == Path::new("-") {
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("stdin: {e}"))?;
    } else {
        text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    }
    Ok(text)
}

/// Answers each line of `text` (a scramble) with `solve`'s move names, one line each in input
/// order, with a bar; fails at the end when a line failed. The batch alone: what a line's answer
/// is, `twisty solve` says.
pub fn run(
    text: &str,
    mut solve: impl FnMut(&str) -> Result<Vec<String>>,
    w: &mut impl Write,
) -> Result<()> {
    let lines: Vec<&str> = text.lines().collect();
    let mut bar = BatchProgress::new(lines.len() as u64);
    let (mut failed, mut moves) = (0, 0usize);
    let start = Instant::now();
    for (i, line) in lines.iter().enumerate() {
        let answer = solve(line);
        bar.done();
        match answer {
            Ok(names) => {
                moves += names.len();
                writeln!(w, "{}", names.join(" ")).map_err(io)?;
            }
            Err(e) => {
                failed += 1;
                bar.println(&format!("twisty: line {}: {e}", i + 1));
                writeln!(w).map_err(io)?;
            }
        }
    }
    drop(bar);
    let solved = lines.len() - failed;
    let seconds = start.elapsed().as_secs_f64();
    eprintln!(
        "{solved} of {} lines solved, {moves} moves in all; search {seconds:.3} s ({:.4} s a line)",
        lines.len(),
        seconds / lines.len().max(1) as f64
    );
    match failed {
        0 => Ok(()),
        1 => Err("1 line not solved (said above)".into()),
        n => Err(format!("{n} lines not solved (said above)")),
    }
}
