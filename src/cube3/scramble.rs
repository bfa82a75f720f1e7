//! Scrambles onto cubies. Rotations, slices and wide turns move centres; the cube is kept in its own
//! body frame (centres fixed, what the solvers need) plus a frame of reference saying which body face
//! is where, so that a solution can be written in the faces as the solver holds the cube afterwards.

use super::cubie::{CubieCube, MOVE_NAMES};
use super::facelet_string::from_facelets;
use crate::input::InputError;
use crate::notation::{parse_moves, Face, Families, Move, Turn};

/// A cube in its body frame, and which body face (U R F D L B as 0..5) is at each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub cube: CubieCube,
    pub frame: [u8; 6],
}

/// Position cycles of one clockwise quarter rotation about R (x), U (y) and F (z): the face at
/// `cycle[k + 1]` moves to `cycle[k]`'s place.
const ROTATION_CYCLES: [[usize; 4]; 3] = [
    [0, 2, 3, 5], // x: U <- F <- D <- B <- U
    [4, 2, 1, 5], // y: L <- F <- R <- B <- L
    [1, 0, 4, 3], // z: R <- U <- L <- D <- R
];

impl Position {
    pub const SOLVED: Position = Position {
        cube: CubieCube::SOLVED,
        frame: [0, 1, 2, 3, 4, 5],
    };

    /// Turns the layer at position `face` by `amount` quarters.
    fn face(&mut self, face: Face, amount: u8) {
        let body = self.frame[face as usize] as usize;
        if amount % 4 != 0 {
            self.cube = self.cube.apply(body * 3 + (amount % 4) as usize - 1);
        }
    }

    /// Rotates the whole cube `amount` quarters about the axis of `face` (clockwise seen from it).
    fn rotate(&mut self, face: Face, amount: u8) {
        let (axis, quarters) = match face {
            Face::R => (0, amount),
            Face::L => (0, 4 - amount % 4),
            Face::U => (1, amount),
            Face::D => (1, 4 - amount % 4),
            Face::F => (2, amount),
            Face::B => (2, 4 - amount % 4),
        };
        let c = ROTATION_CYCLES[axis];
        for _ in 0..quarters % 4 {
            let first = self.frame[c[0]];
            for k in 0..3 {
                self.frame[c[k]] = self.frame[c[k + 1]];
            }
            self.frame[c[3]] = first;
        }
    }

    /// Applies one move of any family.
    pub fn apply(&mut self, m: Move) {
        let a = m.amount % 4;
        let back = (4 - a) % 4;
        match m.turn {
            Turn::Face(f) => self.face(f, a),
            Turn::Rotation(c) => self.rotate(rotation_face(c), a),
            // A slice turn is both outer layers the other way, then the whole cube its way:
            // M = R L' x', E = U D' y', S = F' B z.
            Turn::Slice(c) => {
                let f = rotation_face(c);
                self.face(f.opposite(), a);
                self.face(f, back);
                self.rotate(f, a);
            }
            // A wide turn is the opposite outer layer, then the whole cube: Rw = L x.
            Turn::Wide(f) => {
                self.face(f.opposite(), a);
                self.rotate(f, a);
            }
        }
    }

    /// The name of body move `m` as seen in this frame (the face now at that body face's place).
    pub fn move_name(&self, m: usize) -> String {
        let place = self
            .frame
            .iter()
            .position(|&b| b as usize == m / 3)
            .expect("a frame is a permutation");
        let name = MOVE_NAMES[place * 3 + m % 3];
        name.to_string()
    }

    /// A solution in body moves, written for this frame, separated by spaces.
    pub fn format_solution(&self, moves: &[usize]) -> String {
        let names: Vec<String> = moves.iter().map(|&m| self.move_name(m)).collect();
        names.join(" ")
    }
}

/// The face a rotation or slice turns like: `x` R, `y` U, `z` F; `M` L, `E` D, `S` F.
fn rotation_face(c: char) -> Face {
    match c {
        'x' => Face::R,
        'y' => Face::U,
        'z' => Face::F,
        'M' => Face::L,
        'E' => Face::D,
        _ => Face::F,
    }
}

/// A line is a facelet string when it is one word longer than any move (`Rw2'`): moves need spaces
/// between them, so a long word can only be meant as facelets (and a wrong count is reported so).
pub fn is_facelet_line(trimmed: &str) -> bool {
    trimmed.chars().count() > 5 && !trimmed.contains(char::is_whitespace)
}

/// Reads one input line of cube3: a facelet string (54 colours, no spaces) or a scramble in WCA
/// notation with rotations, slices and wide turns. `line` is its 1-based number, for errors.
pub fn read_position(text: &str, line: usize) -> Result<Position, InputError> {
    let trimmed = text.trim();
    if is_facelet_line(trimmed) {
        let start = text[..text.len() - text.trim_start().len()].chars().count();
        return from_facelets(trimmed)
            .map(|cube| Position {
                cube,
                frame: Position::SOLVED.frame,
            })
            .map_err(|e| InputError::new(line, start + e.facelet + 1, e.msg));
    }
    let moves = parse_moves(text, line, Families::CUBE3)?;
    let mut p = Position::SOLVED;
    for &m in &moves {
        p.apply(m);
    }
    Ok(p)
}

/// Reads every line of `src` and answers each position with `answer`, spreading the lines over
/// `threads` threads; answers come back in input order, a bad line as its error. A worker that
/// panics (a bug, never bad input) is not lost in silence: each of its lines comes back as an error
/// naming the panic, so the binary reports them and exits non-zero.
pub fn answer_lines<F>(src: &str, threads: usize, answer: F) -> Vec<Result<String, InputError>>
where
    F: Fn(&Position) -> String + Sync,
{
    let lines: Vec<(usize, &str)> = crate::input::numbered_lines(src).collect();
    let threads = threads.max(1).min(lines.len().max(1));
    let per = (lines.len() + threads - 1) / threads.max(1);
    let answer = &answer;
    std::thread::scope(|scope| {
        let handles: Vec<_> = lines
            .chunks(per.max(1))
            .map(|chunk| {
                let handle = scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|&(n, text)| read_position(text, n).map(|p| answer(&p)))
                        .collect::<Vec<_>>()
                });
                (chunk, handle)
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|(chunk, h)| {
                h.join().unwrap_or_else(|payload| {
                    let why = panic_message(payload.as_ref());
                    chunk
                        .iter()
                        .map(|&(n, _)| {
                            Err(InputError::new(
                                n,
                                1,
                                format!("no answer: the solver failed ({why})"),
                            ))
                        })
                        .collect()
                })
            })
            .collect()
    })
}

/// The text a panic was raised with, if it was text.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    match (
        payload.downcast_ref::<&str>(),
        payload.downcast_ref::<String>(),
    ) {
        (Some(s), _) => format!("a worker thread panicked: {s}"),
        (_, Some(s)) => format!("a worker thread panicked: {s}"),
        _ => "a worker thread panicked".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A worker that panics on one line loses its whole batch, and every line of it comes back as
    /// an error saying so; the other workers' answers stand.
    #[test]
    fn a_panicking_worker_is_an_error_on_each_of_its_lines() {
        let src = "R\nU\nF\nD\n";
        let answers = answer_lines(src, 2, |p| {
            assert!(p.cube != CubieCube::SOLVED.apply_all(&[9]), "the D line");
            "fine".to_string()
        });
        assert_eq!(answers.len(), 4);
        assert_eq!(answers[0].as_deref(), Ok("fine"));
        assert_eq!(answers[1].as_deref(), Ok("fine"));
        for (k, a) in answers[2..].iter().enumerate() {
            let e = a.as_ref().unwrap_err();
            assert_eq!(e.line, 3 + k);
            assert!(
                e.msg
                    .contains("the solver failed (a worker thread panicked: the D line)"),
                "{e}"
            );
        }
    }
}
