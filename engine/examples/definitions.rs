//! Writes the definitions the tests generate from a geometric model (`engine/tests/geometry/`), so
//! that they can be tried from the command line:
//! `cargo run -p engine --example definitions -- DIR` writes cube2.json (rotations among its
//! moves, faces derived), cube2.tws, cube3.json (centres' spin ignored), supercube.json,
//! skewb.json, pyraminx.tws, cube4.json and cube2-one-way.json (U, R, F clockwise only).

#[path = "../tests/geometry/mod.rs"]
mod geometry;

use geometry::*;

fn main() -> std::io::Result<()> {
    let dir = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    std::fs::create_dir_all(&dir)?;
    let write = |name: &str, text: String| std::fs::write(format!("{dir}/{name}"), text);
    let corners = [cube2_corners()];
    let mut turns = vec![face_turns().remove(0)];
    turns.extend(cube_rotations());
    let cube2 = Def {
        orbits: &corners,
        turns: &turns,
        derived: CUBE2_DERIVED,
        ignore_orientation: &[],
    };
    write("cube2.json", kpuzzle(&cube2))?;
    write("cube2.tws", tws(&cube2))?;
    let one_way: Vec<Turn> = faces(&["U", "R", "F"]);
    write(
        "cube2-one-way.json",
        kpuzzle(&Def::plain(&corners, &one_way)),
    )?;
    let orbits = cube3_orbits();
    let mut turns = face_turns();
    turns.extend(cube_rotations());
    for (name, ignore) in [
        ("cube3.json", &["CENTERS"][..]),
        ("supercube.json", &[][..]),
    ] {
        let d = Def {
            orbits: &orbits,
            turns: &turns,
            derived: &[],
            ignore_orientation: ignore,
        };
        write(name, kpuzzle(&d))?;
    }
    let (orbits, turns) = skewb();
    write(
        "skewb.json",
        kpuzzle(&Def {
            orbits: &orbits,
            turns: &turns,
            derived: &[],
            ignore_orientation: &["CENTERS"],
        }),
    )?;
    let (orbits, turns) = pyraminx();
    write("pyraminx.tws", tws(&Def::plain(&orbits, &turns)))?;
    let (orbits, turns) = cube4();
    write("cube4.json", kpuzzle(&Def::plain(&orbits, &turns)))?;
    Ok(())
}
