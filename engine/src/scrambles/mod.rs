//! Random-state scrambles: a state drawn uniformly from those the moves reach (one random coset
//! representative per level of the stabiliser chain), and the moves that lead to it from the goal
//! ([`random_state`]): the inverse of an optimal solution where the full table fits, else the
//! words of a chain of short representatives ([`chain_words`]), shortened ([`crate::model::word_merge`]).

pub mod chain_words;
pub mod random_state;
