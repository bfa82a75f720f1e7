//! The learned IDA* heuristic of seed 003: a network that predicts a 3x3x3's distance from its
//! stickers, trained on random walks, searched with, and evaluated as the paper did.
//!
//! The modules in layers (each uses only those above it):
//! - [`cube3_stickers`]: the 48 stickers, the face turns as sticker maps, the network's inputs;
//!   [`cube2_stickers`]: the same for the 2x2x2; [`views`]: the degenerate views, their symmetries
//!   and ranks; [`reading`]: a predicted distribution read as a distance; [`weights`]: checksums;
//!   [`paper`]: the paper's figures;
//! - [`data`]: the training data (random walks), std only; [`testset`]: the evaluation's states;
//! - [`network`] (feature `net`: candle) and [`view_table`] (the network over every view);
//! - [`sticker_search`]: IDA* on stickers with any heuristic, the network's too; [`eval_report`]: the figures;
//! - [`eval`]: the paper's experiment; [`cube2_eval`]: its 2x2x2 variant over every state;
//! - [`learn_commands`]: `twisty learn`.
pub mod cube2_eval;
pub mod cube2_stickers;
pub mod cube3_stickers;
pub mod data;
#[cfg(feature = "net")]
pub mod eval;
pub mod eval_report;
pub mod learn_commands;
#[cfg(feature = "net")]
pub mod network;
pub mod paper;
pub mod reading;
pub mod sticker_search;
pub mod testset;
#[cfg(feature = "net")]
pub mod view_table;
pub mod views;
pub mod weights;
