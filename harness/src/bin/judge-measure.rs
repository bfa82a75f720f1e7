//! `judge-measure TIME_MS REPORT -- PROGRAM ARGS...`: runs one solver under a time limit and writes
//! its exit status, wall time and peak RSS to REPORT. Kept tiny on purpose (see `judge::measure`).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    judge::measure::helper_main(&args);
}
