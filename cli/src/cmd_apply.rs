//! `twisty apply`: a move sequence applied to the solved state, drawn as a net where the
//! definition has stickers, and printed as a state.

use crate::cmd_common::{io, open, scrambled, Result};
use engine::model::net_drawing::draw;
use engine::model::show::ShowState;
use std::io::{IsTerminal, Write};

#[derive(clap::Args)]
pub struct ApplyArgs {
    /// The definition: a file, or the name of a shipped one.
    def: String,
    /// Moves, e.g. "R U R' U'", "(R U)3", "[R: U]", "[R, U]".
    moves: String,
    /// ANSI colours in the net: auto (only on a terminal), always, never.
    #[arg(long, default_value = "auto")]
    color: String,
}

pub fn run(args: ApplyArgs, w: &mut impl Write) -> Result<()> {
    let p = open(&args.def)?;
    let s = scrambled(&p, &args.moves)?;
    let ansi = match args.color.as_str() {
        "always" => true,
        "never" => false,
        "auto" => std::io::stdout().is_terminal(),
        other => return Err(format!("--color {other}: expected auto, always or never")),
    };
    if let Some(net) = draw(&p, &s, ansi) {
        writeln!(w, "{}", net.trim_end()).map_err(io)?;
    }
    writeln!(w, "{}", ShowState(&p, &s)).map_err(io)?;
    writeln!(w, "solved: {}", if p.is_solved(&s) { "yes" } else { "no" }).map_err(io)?;
    Ok(())
}
