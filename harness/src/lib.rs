//! The judge crate: problem folders, running cases under limits, checking outputs, reports.
//! `judge` is the command; `judge-measure` is the small helper that starts and measures one solver run.

pub mod check;
pub mod measure;
pub mod problem;
pub mod report;
pub mod runner;
pub mod shrink;
pub mod stop;
