//! robot-sim: the Soltvvo boards' firmware on two pseudo-terminals, for running the bridge without a
//! robot. Prints `board0 PATH` and `board1 PATH`, serves until its standard input ends, then prints
//! what it saw: lines per board, the twists, protocol violations and the final cube. Exit code 0 when
//! there was no violation, 1 otherwise.
//!
//! `robot-sim [--scramble MOVES | --stickers "24 colour indices"]` sets the cube the robot holds.

// Not bundled for a judge: the 1.63 floor (the package's rust-version) is for the library and the
// judge binaries only; this file may use current Rust.
#![allow(clippy::incompatible_msrv)]

use clap::Parser;
use serialport::{SerialPort, TTYPort};

use std::io::{Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use twisty::notation::{parse_moves, Families};
use twisty::robot::fake_firmware::Firmware;
use twisty::sticker_cube::StickerCube;

#[derive(Parser)]
#[command(
    name = "robot-sim",
    about = "Fake Soltvvo firmware on two pseudo-terminals"
)]
struct Cli {
    /// The cube the robot holds: this scramble applied to a solved cube (robot frame).
    #[arg(long)]
    scramble: Option<String>,
    /// The cube the robot holds, as 24 colour indices in canonical sticker order.
    #[arg(long, conflicts_with = "scramble")]
    stickers: Option<String>,
}

fn main() {
    let cli = Cli::parse();
    let start = match start_cube(&cli) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("robot-sim: {e}");
            std::process::exit(2);
        }
    };
    let firmware = Arc::new(Mutex::new(Firmware::new(start)));
    let stop = Arc::new(AtomicBool::new(false));
    let mut keep = Vec::new();
    let mut readers = Vec::new();
    for board in 0..2 {
        let (mut master, slave) = TTYPort::pair().unwrap_or_else(|e| {
            eprintln!("robot-sim: cannot create a pseudo-terminal: {e}");
            std::process::exit(2)
        });
        let name = slave.name().unwrap_or_default();
        // The bridge opens the slave by its path and locks it, so our own handle must not hold a
        // lock; a plain file handle keeps the terminal alive (reads on the master would fail while
        // no process has the slave open).
        let plain = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(libc::O_NOCTTY)
            .open(&name)
            .unwrap_or_else(|e| {
                eprintln!("robot-sim: cannot open {name}: {e}");
                std::process::exit(2)
            });
        drop(slave);
        println!("board{board} {name}");
        keep.push(plain);
        let _ = master.set_timeout(Duration::from_millis(20));
        let (fw, stop) = (Arc::clone(&firmware), Arc::clone(&stop));
        readers.push(std::thread::spawn(move || serve(board, master, fw, stop)));
    }
    std::io::stdout().flush().ok();
    // Serve until standard input ends (the bridge closes it when it has sent everything).
    let mut sink = Vec::new();
    let _ = std::io::stdin().read_to_end(&mut sink);
    stop.store(true, Ordering::SeqCst);
    for r in readers {
        r.join().ok();
    }
    drop(keep);
    let fw = Arc::try_unwrap(firmware)
        .map(|m| m.into_inner().unwrap())
        .unwrap_or_else(|a| a.lock().unwrap().clone());
    let report = fw.finish();
    let twists: Vec<String> = report.twists.iter().map(|t| t.token()).collect();
    println!(
        "lines: board0 {}, board1 {}",
        report.lines[0], report.lines[1]
    );
    println!("twists: {}", twists.join(" "));
    for v in &report.violations {
        println!("violation: {v}");
    }
    println!("violations: {}", report.violations.len());
    let cube = report.cube;
    println!(
        "final: {}",
        if cube.is_solved() {
            "solved"
        } else {
            "not solved"
        }
    );
    println!(
        "stickers: {}",
        cube.0
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    std::process::exit(if report.violations.is_empty() { 0 } else { 1 });
}

fn start_cube(cli: &Cli) -> Result<StickerCube, String> {
    if let Some(s) = &cli.scramble {
        let moves = parse_moves(s, 1, Families::CUBE2).map_err(|e| format!("--scramble: {e}"))?;
        return StickerCube::solved()
            .apply_all(&moves)
            .ok_or_else(|| "--scramble: not a 2x2x2 move".into());
    }
    if let Some(s) = &cli.stickers {
        let v: Vec<u8> = s
            .split_whitespace()
            .map(|x| x.parse::<u8>())
            .collect::<Result<_, _>>()
            .map_err(|e| format!("--stickers: {e}"))?;
        let a: [u8; 24] = v
            .try_into()
            .map_err(|_| "--stickers: expected 24 numbers".to_string())?;
        return Ok(StickerCube(a));
    }
    Ok(StickerCube::solved())
}

/// Reads one board's pseudo-terminal into the firmware until told to stop and nothing is left.
fn serve(board: usize, mut master: TTYPort, fw: Arc<Mutex<Firmware>>, stop: Arc<AtomicBool>) {
    let mut buf = [0u8; 256];
    loop {
        match master.read(&mut buf) {
            Ok(0) => {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
            }
            Ok(n) => fw.lock().unwrap().feed(board, &buf[..n]),
            Err(e)
                if e.kind() == std::io::ErrorKind::TimedOut
                    || e.kind() == std::io::ErrorKind::WouldBlock =>
            {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
            }
            // EIO: no process has the slave open (before the bridge connects, or after it left).
            Err(_) => {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }
}
