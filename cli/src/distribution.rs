//! A distance distribution as `gods` prints it (states or looks at each distance, the total, God's
//! number when complete), for the whole table and for the slices' merge alike.

use crate::cmd_common::{io, Result};
use engine::tables::full_table::DistTable;
use std::io::Write;

pub(crate) fn print_distribution(
    w: &mut impl Write,
    table: &DistTable,
    ranks: usize,
) -> Result<()> {
    let note = format!(" (of {ranks} ranks)");
    print_counts(w, "states", &table.distribution, &note, table.complete)
}

/// A distance distribution as a table, its total and (when complete) God's number.
pub(crate) fn print_counts(
    w: &mut impl Write,
    what: &str,
    counts: &[u64],
    note: &str,
    complete: bool,
) -> Result<()> {
    writeln!(w, "{:>5} {what:>15}", "moves").map_err(io)?;
    for (d, c) in counts.iter().enumerate() {
        writeln!(w, "{d:>5} {c:>15}").map_err(io)?;
    }
    let total: u64 = counts.iter().sum();
    writeln!(w, "total {total:>15}{note}").map_err(io)?;
    if complete {
        writeln!(w, "God's number: {}", counts.len().saturating_sub(1)).map_err(io)?;
    }
    Ok(())
}
