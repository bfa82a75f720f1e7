//! Sending over serial: the two boards' ports, the protocol's open-loop waits, Ctrl-C between
//! lines, and the fake firmware (robot-sim) on pseudo-terminals for `--simulate`.

use crate::Failure;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command as Process, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use twisty::robot::{Command, STARTUP_SECONDS};
use twisty::sticker_cube::StickerCube;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_interrupt(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

pub type Ports = [Box<dyn serialport::SerialPort>; 2];

pub fn open_ports(a: &str, b: &str, baud: u32) -> Result<Ports, Failure> {
    let open = |p: &str| {
        serialport::new(p, baud)
            .timeout(Duration::from_secs(2))
            .open()
            .map_err(|e| (1, format!("cannot open serial port {p}: {e}")))
    };
    Ok([open(a)?, open(b)?])
}

/// Sends with the protocol's open-loop waits; stops between lines on Ctrl-C or a write error.
pub fn send(ports: &mut Ports, commands: &[Command], scale: f64) -> Result<(), Failure> {
    // SAFETY: the handler only stores to an atomic.
    unsafe {
        libc::signal(
            libc::SIGINT,
            on_interrupt as *const () as libc::sighandler_t,
        )
    };
    let pause = |s: f64| std::thread::sleep(Duration::from_secs_f64((s * scale).max(0.0)));
    pause(STARTUP_SECONDS); // the boards reset when the ports open
    for (k, c) in commands.iter().enumerate() {
        if INTERRUPTED.load(Ordering::SeqCst) {
            return Err((
                130,
                format!("interrupted: {k} of {} lines sent", commands.len()),
            ));
        }
        let port = &mut ports[c.board];
        if let Err(e) = port
            .write_all(format!("{}\n", c.line).as_bytes())
            .and_then(|_| port.flush())
        {
            return Err((
                1,
                format!(
                    "writing to board {} failed after {k} of {} lines: {e}",
                    c.board,
                    commands.len()
                ),
            ));
        }
        pause(c.wait);
    }
    eprintln!("bridge: sent {} lines", commands.len());
    Ok(())
}

/// Starts robot-sim, sends the commands to its pseudo-terminals and prints its report.
pub fn simulate(
    commands: &[Command],
    start: Option<StickerCube>,
    scale: f64,
    baud: u32,
) -> Result<(), Failure> {
    let me = std::env::current_exe().map_err(|e| (2, e.to_string()))?;
    let sim_path = me.with_file_name("robot-sim");
    let mut cmd = Process::new(&sim_path);
    if let Some(s) = start {
        cmd.arg("--stickers").arg(
            s.0.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    let mut sim = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| (2, format!("cannot start {}: {e}", sim_path.display())))?;
    let mut out = BufReader::new(sim.stdout.take().expect("piped"));
    let mut paths = Vec::new();
    for _ in 0..2 {
        let mut line = String::new();
        out.read_line(&mut line).map_err(|e| (2, e.to_string()))?;
        let path = line
            .split_whitespace()
            .nth(1)
            .ok_or((2, format!("robot-sim said `{}`", line.trim())))?;
        paths.push(path.to_string());
    }
    let mut ports = open_ports(&paths[0], &paths[1], baud)?;
    let sent = send(&mut ports, commands, scale);
    drop(ports);
    drop(sim.stdin.take()); // tells robot-sim to finish
    let mut report = String::new();
    out.read_to_string(&mut report)
        .map_err(|e| (2, e.to_string()))?;
    let status = sim.wait().map_err(|e| (2, e.to_string()))?;
    print!("{report}");
    sent?;
    if !status.success() {
        return Err((1, "the fake firmware saw protocol violations".into()));
    }
    if start.is_some() && !report.contains("final: solved") {
        return Err((1, "the simulated cube is not solved".into()));
    }
    Ok(())
}
