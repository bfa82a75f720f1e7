//! What the table plan did with each table and why (`twisty solve --stats`), and the seconds the
//! tables took: the summary line's "tables" counts these, wherever in the run they were spent (a
//! pattern database built between two iterations is table time, not search time).

use std::fmt;

/// What became of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Read or mapped from the cache folder.
    Opened,
    /// Built in this run (kept in the cache folder, if there is one).
    Built,
    /// The near table, a level deeper.
    Deepened,
    /// Considered and not used.
    LeftOut,
    /// Chosen, to be built when it pays (finding what it is over costs time too).
    Planned,
    /// Planned, but no search of this run was long enough for it to pay.
    NotBuilt,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Step::Opened => "opened",
            Step::Built => "built",
            Step::Deepened => "deepened",
            Step::LeftOut => "left out",
            Step::Planned => "planned",
            Step::NotBuilt => "not built",
        })
    }
}

/// One table's fate: which table (its cache name and what it is over), what became of it, why,
/// and the seconds it took.
#[derive(Clone, Debug)]
pub struct Note {
    pub table: String,
    pub step: Step,
    pub why: String,
    pub secs: f64,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{:<9} {}: {}",
            self.step.to_string(),
            self.table,
            self.why
        )?;
        if matches!(self.step, Step::Opened | Step::Built | Step::Deepened) {
            write!(f, " ({:.3} s)", self.secs)?;
        }
        Ok(())
    }
}

/// The plan's notes, in the order things happened.
#[derive(Clone, Debug, Default)]
pub struct Notes {
    pub list: Vec<Note>,
}

impl Notes {
    pub fn add(&mut self, table: impl Into<String>, step: Step, why: impl Into<String>, secs: f64) {
        self.list.push(Note {
            table: table.into(),
            step,
            why: why.into(),
            secs,
        });
    }

    /// Seconds spent opening, building and deepening tables.
    pub fn secs(&self) -> f64 {
        self.list.iter().map(|n| n.secs).sum()
    }
}

/// A count of nodes or states for a reason: "3.2 million", "41,000".
pub fn count(n: f64) -> String {
    if n >= 1e6 {
        format!("{:.1} million", n / 1e6)
    } else {
        let n = n.round() as u64;
        let s = n.to_string();
        let mut out = String::new();
        for (i, c) in s.chars().enumerate() {
            if i > 0 && (s.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_people_write_them() {
        assert_eq!(count(41_000.0), "41,000");
        assert_eq!(count(999.0), "999");
        assert_eq!(count(3_240_000.0), "3.2 million");
    }

    #[test]
    fn table_seconds_add_up_over_every_note() {
        let mut n = Notes::default();
        n.add("a", Step::Opened, "kept", 0.25);
        n.add("b", Step::LeftOut, "covered", 0.0);
        n.add("c", Step::Built, "pays", 0.5);
        assert_eq!(n.secs(), 0.75);
        assert!(n.list[0]
            .to_string()
            .starts_with("opened    a: kept (0.250 s)"));
        assert_eq!(n.list[1].to_string(), "left out  b: covered");
    }
}
