//! The learned IDA* heuristic of seed 003 (a network that predicts a 3x3x3's distance from its
//! stickers): [`data`] makes the training data (std only, always built); [`net`] is the network
//! (the `learn` feature: candle).
pub mod data;
#[cfg(feature = "learn")]
pub mod net;
