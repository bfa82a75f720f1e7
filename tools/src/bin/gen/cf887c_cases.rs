//! cf887c: YES exactly when one of the twelve quarter turns makes every face one colour.

use super::case_making::{random_scramble, scrambled};
use super::judge_net::{judge_line, quarter_turns, random_perm};
use tools::folded_net::CF887C_NET;
use tools::rng::Rng;
use twisty::sticker_cube::StickerCube;

/// cf887c: YES exactly when one of the twelve quarter turns makes every face one colour.
pub fn cf887c() -> Vec<(String, String, String)> {
    let mut rng = Rng::new(887);
    let mut files = Vec::new();
    let mut push = |name: String, c: &StickerCube, perm: &[u8; 6], colours: Option<[u8; 24]>| {
        let line = match colours {
            Some(raw) => raw
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            None => judge_line(c, &CF887C_NET, perm),
        };
        // Raw colourings are read back into the sticker model through the folded net, so that the
        // answer for them too comes from the model, not from an assumption.
        let model = match colours {
            Some(raw) => {
                let layout = tools::folded_net::layout(&CF887C_NET).expect("the net folds");
                StickerCube(std::array::from_fn(|f| raw[layout[f]]))
            }
            None => *c,
        };
        let yes = !model.is_solved()
            && quarter_turns()
                .iter()
                .any(|&m| model.apply(m).unwrap().is_solved());
        files.push((
            name,
            line + "\n",
            if yes { "YES\n" } else { "NO\n" }.to_string(),
        ));
    };
    for (k, m) in quarter_turns().into_iter().enumerate() {
        let perm = random_perm(&mut rng, 1);
        push(format!("one-turn-{}", k + 1), &scrambled(&[m]), &perm, None);
    }
    for (k, s) in ["", "U2", "R U", "x", "U D'", "R2 L2", "F B"]
        .iter()
        .enumerate()
    {
        let moves = twisty::notation::parse_moves(s, 1, twisty::notation::Families::CUBE2).unwrap();
        let perm = random_perm(&mut rng, 1);
        push(format!("no-{}", k + 1), &scrambled(&moves), &perm, None);
    }
    for k in 1..=6 {
        let c = scrambled(&random_scramble(&mut rng, 20, true));
        let perm = random_perm(&mut rng, 1);
        push(format!("random-{k}"), &c, &perm, None);
    }
    // Colourings with four of each colour that are no real cube.
    for k in 1..=5 {
        let mut raw: [u8; 24] = std::array::from_fn(|i| (i / 4) as u8 + 1);
        rng.shuffle(&mut raw);
        push(
            format!("not-a-cube-{k}"),
            &StickerCube::solved(),
            &[1, 2, 3, 4, 5, 6],
            Some(raw),
        );
    }
    files
}
