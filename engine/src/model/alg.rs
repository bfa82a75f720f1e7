//! Move sequences as users and KPuzzle `derivedMoves` write them: moves separated by spaces, with
//! powers and primes (`U2`, `U'`, `U2'`), grouping `(R U)3`, conjugates `[A: B]` (A B A') and
//! commutators `[A, B]` (A B A' B').
//!
//! A move's name may itself end in a prime or a digit (the article's `z'`): an exact name always
//! wins over reading a suffix as a power.

use crate::model::Perm;

/// A parsed sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Alg {
    /// Move `index`, `power` times (negative: inverse).
    Move {
        index: usize,
        power: i64,
    },
    Seq(Vec<Alg>),
    Power(Box<Alg>, i64),
    Conjugate(Box<Alg>, Box<Alg>),
    Commutator(Box<Alg>, Box<Alg>),
}

/// What is wrong where in a sequence: `column` counts characters from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlgError {
    pub column: usize,
    pub message: String,
}

impl std::fmt::Display for AlgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

const SPECIAL: &[char] = &['(', ')', '[', ']', ',', ':'];

struct Parser<'a> {
    chars: Vec<char>,
    at: usize,
    names: &'a dyn Fn(&str) -> Option<usize>,
}

/// Parses `text`, resolving move names with `names`.
pub fn parse(text: &str, names: &dyn Fn(&str) -> Option<usize>) -> Result<Alg, AlgError> {
    let mut p = Parser {
        chars: text.chars().collect(),
        at: 0,
        names,
    };
    let alg = p.seq(0)?;
    p.skip_space();
    if p.at < p.chars.len() {
        return Err(p.error(format!("unexpected '{}'", p.chars[p.at])));
    }
    Ok(alg)
}

impl Parser<'_> {
    fn error(&self, message: String) -> AlgError {
        AlgError {
            column: self.at + 1,
            message,
        }
    }

    fn skip_space(&mut self) {
        while self.at < self.chars.len() && self.chars[self.at].is_whitespace() {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn seq(&mut self, depth: usize) -> Result<Alg, AlgError> {
        if depth > 64 {
            return Err(self.error("brackets nested more than 64 deep".into()));
        }
        let mut items = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                None | Some(')') | Some(']') | Some(',') | Some(':') => break,
                Some('(') => {
                    self.at += 1;
                    let inner = self.seq(depth + 1)?;
                    self.skip_space();
                    if self.peek() != Some(')') {
                        return Err(self.error("expected ')'".into()));
                    }
                    self.at += 1;
                    let power = self.suffix()?;
                    items.push(Alg::Power(Box::new(inner), power));
                }
                Some('[') => {
                    self.at += 1;
                    let a = self.seq(depth + 1)?;
                    self.skip_space();
                    let kind = self.peek();
                    if kind != Some(':') && kind != Some(',') {
                        return Err(self.error("expected ':' or ',' inside '[...]'".into()));
                    }
                    self.at += 1;
                    let b = self.seq(depth + 1)?;
                    self.skip_space();
                    if self.peek() != Some(']') {
                        return Err(self.error("expected ']'".into()));
                    }
                    self.at += 1;
                    let (a, b) = (Box::new(a), Box::new(b));
                    let inner = if kind == Some(':') {
                        Alg::Conjugate(a, b)
                    } else {
                        Alg::Commutator(a, b)
                    };
                    let power = self.suffix()?;
                    items.push(Alg::Power(Box::new(inner), power));
                }
                Some(_) => items.push(self.word()?),
            }
        }
        Ok(Alg::Seq(items))
    }

    /// A power after a group: digits, then an optional prime.
    fn suffix(&mut self) -> Result<i64, AlgError> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        let digits: String = self.chars[start..self.at].iter().collect();
        let mut power = if digits.is_empty() {
            1
        } else {
            digits
                .parse::<i64>()
                .ok()
                .filter(|&p| p <= 1_000_000)
                .ok_or_else(|| self.error(format!("power {digits} is too large")))?
        };
        if self.peek() == Some('\'') {
            self.at += 1;
            power = -power;
        }
        Ok(power)
    }

    fn word(&mut self) -> Result<Alg, AlgError> {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && !SPECIAL.contains(&c))
        {
            self.at += 1;
        }
        let word: String = self.chars[start..self.at].iter().collect();
        if let Some(index) = (self.names)(&word) {
            return Ok(Alg::Move { index, power: 1 });
        }
        // Name, then digits, then a prime.
        let mut body = word.as_str();
        let mut power: i64 = 1;
        if let Some(b) = body.strip_suffix('\'') {
            body = b;
            power = -1;
        }
        let digits = body.len() - body.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0 && digits < body.len() {
            let n: i64 = body[body.len() - digits..]
                .parse()
                .ok()
                .filter(|&n| n <= 1_000_000)
                .unwrap_or(0);
            if n == 0 {
                return Err(AlgError {
                    column: start + 1,
                    message: format!("bad power in '{word}'"),
                });
            }
            power *= n;
            body = &body[..body.len() - digits];
        }
        match (self.names)(body) {
            Some(index) if body != word => Ok(Alg::Move { index, power }),
            _ => Err(AlgError {
                column: start + 1,
                message: format!("unknown move '{word}'"),
            }),
        }
    }
}

impl Alg {
    /// The rearrangement the sequence makes, given each move's.
    pub fn perm(&self, moves: &[&Perm], modulus: &[u8]) -> Perm {
        let n = modulus.len();
        match self {
            Alg::Move { index, power } => moves[*index].pow(*power, modulus),
            Alg::Seq(items) => items.iter().fold(Perm::identity(n), |acc, a| {
                acc.then(&a.perm(moves, modulus), modulus)
            }),
            Alg::Power(a, k) => a.perm(moves, modulus).pow(*k, modulus),
            Alg::Conjugate(a, b) => {
                let a = a.perm(moves, modulus);
                a.then(&b.perm(moves, modulus), modulus)
                    .then(&a.inverse(modulus), modulus)
            }
            Alg::Commutator(a, b) => {
                let (a, b) = (a.perm(moves, modulus), b.perm(moves, modulus));
                a.then(&b, modulus)
                    .then(&a.inverse(modulus), modulus)
                    .then(&b.inverse(modulus), modulus)
            }
        }
    }

    /// The sequence as a flat list of (move, power), brackets expanded.
    pub fn flatten(&self, out: &mut Vec<(usize, i64)>) {
        match self {
            Alg::Move { index, power } => out.push((*index, *power)),
            Alg::Seq(items) => items.iter().for_each(|a| a.flatten(out)),
            Alg::Power(a, k) => {
                let mut once = Vec::new();
                a.flatten(&mut once);
                let (once, times) = if *k < 0 {
                    (invert(&once), -k)
                } else {
                    (once, *k)
                };
                for _ in 0..times.min(1_000_000) {
                    out.extend_from_slice(&once);
                }
            }
            Alg::Conjugate(a, b) => {
                let mut x = Vec::new();
                a.flatten(&mut x);
                out.extend_from_slice(&x);
                b.flatten(out);
                out.extend(invert(&x));
            }
            Alg::Commutator(a, b) => {
                let (mut x, mut y) = (Vec::new(), Vec::new());
                a.flatten(&mut x);
                b.flatten(&mut y);
                out.extend_from_slice(&x);
                out.extend_from_slice(&y);
                out.extend(invert(&x));
                out.extend(invert(&y));
            }
        }
    }
}

fn invert(seq: &[(usize, i64)]) -> Vec<(usize, i64)> {
    seq.iter().rev().map(|&(m, p)| (m, -p)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(s: &str) -> Option<usize> {
        ["U", "R", "z'", "/"].iter().position(|&n| n == s)
    }

    #[test]
    fn parses_powers_groups_and_brackets() {
        let a = parse("U2' (R U)3 [U: R] [R, U]", &names).unwrap();
        let mut flat = Vec::new();
        a.flatten(&mut flat);
        assert_eq!(flat[0], (0, -2));
        assert_eq!(flat.len(), 1 + 6 + 3 + 4);
        let z = parse("z' / z'2", &names).unwrap();
        let mut flat = Vec::new();
        z.flatten(&mut flat);
        assert_eq!(flat, [(2, 1), (3, 1), (2, 2)]);
    }

    #[test]
    fn errors_name_the_column() {
        let e = parse("U R X", &names).unwrap_err();
        assert_eq!((e.column, e.message.as_str()), (5, "unknown move 'X'"));
        assert_eq!(parse("(U R", &names).unwrap_err().column, 5);
        assert_eq!(parse("[U R]", &names).unwrap_err().column, 5);
        assert_eq!(parse("U)", &names).unwrap_err().column, 2);
    }
}
