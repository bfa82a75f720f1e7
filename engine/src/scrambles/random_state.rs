//! Drawing states uniformly and the moves that make them (see [`super`]).
//!
//! Uniform: every element of the group G the moves generate is one product of coset
//! representatives, one per level of the chain, so drawing each uniformly draws G uniformly; and
//! every look (where pieces are interchangeable or orientations ignored) is made by as many
//! elements of G as any other (a coset of the look's stabiliser), so the looks are uniform too.

use super::chain_words::ChainWords;
use crate::model::metric::MoveSet;
use crate::model::perm_group::{SlotPerm, Slots, StabChain};
use crate::model::word_merge::WordMerge;
use crate::model::{Puzzle, State};
use crate::phases::phase_solver::{Budget, PhaseSolver};
use crate::solving::solver::{full_table_bytes, FullTable, Options, Solver};
use crate::tables::space::rank_count;

/// The full table is built for optimal scrambles up to this many ranks (64 MB at 2 bits; cubing.js's
/// pyraminx has 75,582,720: docs/performance.md, "Random-state scrambles and counts").
pub const OPTIMAL_RANKS: u128 = 1 << 28;

/// How scrambles are made.
enum Maker {
    /// Optimal solutions by the full table, inverted.
    Optimal(Box<Solver>),
    /// The chain's words, shortened.
    Chain(ChainWords),
    /// Solutions through a chain of subgroups, inverted; and the chain's words where they are
    /// quick to make, the shorter of the two kept.
    Phases(Box<PhaseSolver>, Budget, Option<ChainWords>),
}

/// The most coset representatives a stabiliser chain may have for its words to be made beside
/// the phases: the clock's (168) and square-1's (301), whose words can be the shorter, made in
/// 0.3 s; not the megaminx's (1,567: 11 s).
pub const WORDS_BESIDE_PHASES: usize = 1_000;

/// One scramble: the moves (indices into the move set) and the state drawn, which they lead to
/// (up to its look).
pub struct Scramble {
    pub moves: Vec<usize>,
    pub state: State,
    /// The chain's word for the state, where it was made beside the phases' answer (the shorter
    /// of the two is `moves`).
    pub word_length: Option<usize>,
}

/// Random-state scrambles for a puzzle under a move set.
pub struct Scrambler {
    puzzle: Puzzle,
    slots: Slots,
    chain: StabChain,
    inverse_move: Vec<usize>,
    maker: Maker,
}

impl Scrambler {
    /// Prepares: the chain, and the full table where it fits `memory` and has at most
    /// [`OPTIMAL_RANKS`] ranks, else the chain's words (`draw(n)`: uniform in `0..n`).
    pub fn new(
        puzzle: &Puzzle,
        set: &MoveSet,
        memory: u64,
        draw: &mut impl FnMut(usize) -> usize,
    ) -> Result<Scrambler, String> {
        Self::build(puzzle, set, Some(memory), None, draw)
    }

    /// The chain's words, whatever the puzzle's size (for comparing them with optimal ones).
    pub fn chain_words_only(
        puzzle: &Puzzle,
        set: &MoveSet,
        draw: &mut impl FnMut(usize) -> usize,
    ) -> Result<Scrambler, String> {
        Self::build(puzzle, set, None, None, draw)
    }

    /// Whether the full table would make the scrambles (it fits `memory` and has at most
    /// [`OPTIMAL_RANKS`] ranks).
    pub fn optimal_fits(puzzle: &Puzzle, set: &MoveSet, memory: u64) -> bool {
        rank_count(puzzle, &set.perms).is_some_and(|r| r <= OPTIMAL_RANKS)
            && full_table_bytes(puzzle, set).is_some_and(|b| b <= memory as u128)
    }

    /// Scrambles from solutions through phases (for puzzles whose full table does not fit).
    pub fn with_phases(
        puzzle: &Puzzle,
        set: &MoveSet,
        solver: PhaseSolver,
        budget: Budget,
        draw: &mut impl FnMut(usize) -> usize,
    ) -> Result<Scrambler, String> {
        Self::build(puzzle, set, None, Some((solver, budget)), draw)
    }

    /// Whether the scrambles come from phases.
    pub fn phased(&self) -> bool {
        matches!(self.maker, Maker::Phases(..))
    }

    /// Whether the chain's words are made beside the phases (the shorter kept).
    pub fn words_beside_phases(&self) -> bool {
        matches!(self.maker, Maker::Phases(_, _, Some(_)))
    }

    /// With `phases`: from them; else with `memory`: optimal where the table fits; else the
    /// chain's words.
    fn build(
        puzzle: &Puzzle,
        set: &MoveSet,
        memory: Option<u64>,
        phases: Option<(PhaseSolver, Budget)>,
        draw: &mut impl FnMut(usize) -> usize,
    ) -> Result<Scrambler, String> {
        let modulus = puzzle.modulus();
        let inverse_move = (0..set.perms.len())
            .map(|m| {
                let inv = set.perms[m].inverse(&modulus);
                set.perms.iter().position(|p| *p == inv).ok_or(format!(
                    "scrambles need each move's inverse among the moves, and {}'s is not",
                    set.names[m]
                ))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let slots = Slots::of(puzzle);
        let gens: Vec<SlotPerm> = set.perms.iter().map(|p| slots.perm(p)).collect();
        let chain = StabChain::of(slots.n, &gens);
        let small = |memory: u64| Self::optimal_fits(puzzle, set, memory);
        let words = |draw: &mut dyn FnMut(usize) -> usize| {
            let inverse: Vec<u16> = inverse_move.iter().map(|&m| m as u16).collect();
            let merge = WordMerge::new(set, &modulus);
            ChainWords::new(&chain, &gens, inverse, merge, 100, &mut |n| draw(n))
        };
        let maker = if let Some((solver, budget)) = phases {
            let reps: usize = chain.orbits().iter().map(|(_, o)| o.len()).sum();
            let beside = (reps <= WORDS_BESIDE_PHASES).then(|| words(draw));
            Maker::Phases(Box::new(solver), budget, beside)
        } else if let Some(memory) = memory.filter(|&m| small(m)) {
            let options = Options {
                full_table: FullTable::Always,
                ..Options::memory(memory)
            };
            Maker::Optimal(Box::new(Solver::with(
                puzzle,
                set.clone(),
                options,
                |_| {},
            )?))
        } else {
            Maker::Chain(words(draw))
        };
        Ok(Scrambler {
            puzzle: puzzle.clone(),
            slots,
            chain,
            inverse_move,
            maker,
        })
    }

    /// Whether the scrambles are optimal (else the chain's words: longer).
    pub fn optimal(&self) -> bool {
        matches!(self.maker, Maker::Optimal(_))
    }

    /// A random-state scramble.
    pub fn next(&self, draw: &mut impl FnMut(usize) -> usize) -> Scramble {
        let mut word_length = None;
        let (g, moves) = match &self.maker {
            Maker::Optimal(solver) => {
                let g = self.chain.random(&mut *draw);
                let state = self.state_of(&g);
                let path = solver
                    .solve_reporting(&state, u32::MAX, &|_, _, _| {})
                    .expect("a state of the group is reached");
                // The solution's inverse leads from the goal to a state that looks the same.
                let moves = path.iter().rev().map(|&m| self.inverse_move[m]).collect();
                (g, moves)
            }
            Maker::Phases(solver, budget, words) => {
                let g = self.chain.random(&mut *draw);
                let state = self.state_of(&g);
                let answer = solver
                    .solve(&state, *budget)
                    .expect("a state of the group is reached");
                let mut moves: Vec<usize> = answer
                    .moves
                    .iter()
                    .rev()
                    .map(|&m| self.inverse_move[m])
                    .collect();
                if let Some(words) = words {
                    let word = words.word_of(&g);
                    word_length = Some(word.len());
                    if word.len() < moves.len() {
                        moves = word.iter().map(|&m| m as usize).collect();
                    }
                }
                (g, moves)
            }
            Maker::Chain(words) => {
                let (g, word) = words.random_word(&mut *draw);
                (g, word.iter().map(|&m| m as usize).collect())
            }
        };
        Scramble {
            moves,
            state: self.state_of(&g),
            word_length,
        }
    }

    /// A uniformly drawn state alone, without its moves (to time the drawing apart).
    pub fn draw_state(&self, draw: &mut impl FnMut(usize) -> usize) -> State {
        self.state_of(&self.chain.random(&mut *draw))
    }

    /// The goal rearranged by a group element.
    fn state_of(&self, g: &[u16]) -> State {
        let p = self.slots.rearrangement(g);
        self.puzzle.goal.apply(&p, &self.puzzle.modulus())
    }
}
