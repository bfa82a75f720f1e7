//! Judge formats on the 3x3x3: BOJ 5373 (Cubing, BAPC 2012 preliminaries).

use super::cubie::CubieCube;
use super::facelet_string::to_facelets;
use crate::input::{shown, InputError, TokenStream};

/// BOJ 5373's colours of U R F D L B: white U, blue R, red F, yellow D, green L, orange B.
const BOJ5373_COLOURS: &[u8; 6] = b"wbrygo";

/// Answers BOJ 5373: for each case, the U face after its moves (3 lines, the row next to B first).
pub fn answer_boj5373(src: &str) -> Result<Vec<String>, InputError> {
    let mut ts = TokenStream::new(src);
    let cases = ts
        .expect("the number of cases")?
        .int_in("the number of cases", 1, 100)?;
    let mut out = Vec::with_capacity(3 * cases as usize);
    for _ in 0..cases {
        let n = ts
            .expect("the number of moves")?
            .int_in("the number of moves", 1, 1000)?;
        let mut c = CubieCube::SOLVED;
        for t in ts.take_n(n as usize, "moves")? {
            let b = t.text.as_bytes();
            let face = b
                .first()
                .and_then(|&f| b"URFDLB".iter().position(|&x| x == f));
            let quarters = match b.get(1) {
                Some(b'+') => 1,
                Some(b'-') => 3,
                _ => 0,
            };
            match face {
                Some(f) if b.len() == 2 && quarters > 0 => {
                    c = c.apply(f * 3 + quarters - 1);
                }
                _ => {
                    return Err(t.error(format!(
                        "expected a move (a face U D F B L R, then + or -), found `{}`",
                        shown(t.text)
                    )))
                }
            }
        }
        let up: Vec<u8> = to_facelets(&c).bytes().take(9).collect();
        for row in up.chunks(3) {
            let colours = row.iter().map(|&f| {
                let face = b"URFDLB".iter().position(|&x| x == f).unwrap_or(0);
                BOJ5373_COLOURS[face] as char
            });
            out.push(colours.collect());
        }
    }
    ts.expect_end("the last case")?;
    Ok(out)
}
