//! `twisty list`: the shipped definitions, their orbits and comments.

use crate::cmd_common::{io, open, Result};
use engine::load::shipped::SHIPPED;
use std::io::Write;

pub fn run(w: &mut impl Write) -> Result<()> {
    for (name, file, _) in SHIPPED {
        let p = open(name)?;
        let orbits: Vec<String> = p
            .orbits
            .iter()
            .map(|o| format!("{} {}x{}", o.name, o.size, o.ori))
            .collect();
        writeln!(w, "{name:<16} puzzles/{file:<42} {}", orbits.join(", ")).map_err(io)?;
        if let Some(c) = &p.comment {
            writeln!(w, "{:16} {c}", "").map_err(io)?;
        }
    }
    Ok(())
}
