//! What a user chooses about the moves: the metric, which moves (`--moves`), which moves are
//! rotations (`--rotations`, else found), and whether a state counts as solved in any orientation.
//! Every subcommand turns a definition and a [`Choice`] into the puzzle and moves it works on.

use crate::model::metric::{Metric, MoveSet};
use crate::model::rotations::{self, AnyOrientation};
use crate::model::{Puzzle, State};

/// The user's choice, as the command line gives it (and a sliced run keeps it in its job file).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Choice {
    /// `htm`, `qtm` or `moves`; `None`: the definition format's default.
    pub metric: Option<String>,
    /// The moves to use; `None`: every move that is not a rotation.
    pub moves: Option<Vec<String>>,
    /// The rotations; `None`: found by [`rotations::detect`].
    pub rotations: Option<Vec<String>>,
    /// Solved in any orientation: the shortest sequence to any rotation of the goal.
    pub any_orientation: bool,
}

/// The puzzle and moves a command works on.
pub struct Chosen {
    pub puzzle: Puzzle,
    pub set: MoveSet,
    pub metric: Metric,
    /// Names of the rotations left out of the moves.
    pub rotations: Vec<String>,
    /// Present when states count as solved in any orientation: `puzzle` and `set` are then the
    /// reduced ones.
    pub any: Option<AnyOrientation>,
}

impl Choice {
    pub fn metric_of(&self, puzzle: &Puzzle) -> Result<Metric, String> {
        match &self.metric {
            Some(m) => m.parse(),
            None if puzzle.stickers.is_some() => Ok(Metric::Moves),
            None => Ok(Metric::Htm),
        }
    }

    /// The puzzle and moves this choice makes of `puzzle`.
    pub fn apply(&self, puzzle: &Puzzle) -> Result<Chosen, String> {
        let metric = self.metric_of(puzzle)?;
        let rot = match &self.rotations {
            Some(names) => rotations::named(puzzle, names)?,
            None => rotations::detect(puzzle),
        };
        let rotation_names: Vec<String> =
            rot.iter().map(|&i| puzzle.moves[i].name.clone()).collect();
        let set = match &self.moves {
            Some(names) => MoveSet::choose(puzzle, metric, names)?,
            None => MoveSet::new(&turns(puzzle, &rot)?, metric),
        };
        if set.perms.is_empty() {
            return Err("no moves left to use".into());
        }
        let mut chosen = Chosen {
            puzzle: puzzle.clone(),
            set,
            metric,
            rotations: rotation_names,
            any: None,
        };
        if self.any_orientation {
            if rot.is_empty() {
                return Err("--any-orientation: the definition has no rotations I can find; name them with --rotations".into());
            }
            let perms: Vec<_> = rot.iter().map(|&i| puzzle.moves[i].perm.clone()).collect();
            let any = AnyOrientation::new(puzzle, &chosen.set, &perms)?;
            chosen.puzzle = any.puzzle.clone();
            chosen.set = any.set.clone();
            chosen.any = Some(any);
        }
        Ok(chosen)
    }
}

/// The puzzle with its rotations left out and, where it has rotations, every derived move that is
/// a base move seen from another side (`[z: U]` is `L`), or its inverse, made a base move: a definition that
/// derives its faces from `U` and the rotations still has six faces in htm.
fn turns(puzzle: &Puzzle, rot: &[usize]) -> Result<Puzzle, String> {
    let mut p = puzzle.clone();
    if !rot.is_empty() {
        let modulus = p.modulus();
        let gens: Vec<_> = rot.iter().map(|&i| p.moves[i].perm.clone()).collect();
        let group = rotations::group(&gens, &modulus)?;
        let base: Vec<usize> = (0..p.moves.len())
            .filter(|i| p.moves[*i].base && !rot.contains(i))
            .collect();
        for &b in &base {
            for r in &group {
                let seen = r
                    .inverse(&modulus)
                    .then(&p.moves[b].perm, &modulus)
                    .then(r, &modulus);
                // (Or its inverse: the clock's back pins are `[y2: ALL_PLUS_']`.)
                let seen_back = seen.inverse(&modulus);
                for m in p.moves.iter_mut() {
                    if m.perm == seen || m.perm == seen_back {
                        m.base = true;
                    }
                }
            }
        }
    }
    let keep: Vec<usize> = (0..p.moves.len()).filter(|i| !rot.contains(i)).collect();
    Ok(p.with_moves(&keep))
}

impl Chosen {
    /// A state of the definition as a state of the chosen puzzle.
    pub fn state(&self, s: &State) -> Result<State, String> {
        match &self.any {
            None => Ok(s.clone()),
            Some(any) => any.state(s).map(|(s, _)| s).ok_or(
                "this state's pivot piece is somewhere no rotation brings back from".to_string(),
            ),
        }
    }

    /// A path of the chosen moves from the definition's state `s`, as the user's move names.
    pub fn names(&self, s: &State, path: &[usize]) -> Vec<String> {
        match &self.any {
            None => path.iter().map(|&m| self.set.names[m].clone()).collect(),
            Some(any) => any.user_path(s, path),
        }
    }
}
