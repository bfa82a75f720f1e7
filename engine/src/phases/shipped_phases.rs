//! This project's phases files for the community's definitions (`puzzles/phases/`), built
//! into the binary: `twisty scramble 444 --phases` and `twisty solve 444 --phases` take them with no
//! file named, where the definition's automatic chain is poor or missing: the 4x4x4's, the FTO's
//! (its automatic chain puts pieces home within three faces: 82 moves in 16 s and more a state,
//! where the file's take 54 in under a second) and the kilominx's (its automatic chain takes one
//! corner a phase, 34 moves where the file's take 30).

/// One shipped phases file: the definition it is for (by its `name`), its path under
/// `puzzles/`, its text, and the looks its `goal` lines name (file name, text).
pub struct ShippedPhases {
    pub puzzle: &'static str,
    pub file: &'static str,
    pub text: &'static str,
    pub looks: &'static [(&'static str, &'static str)],
}

pub const SHIPPED_PHASES: &[ShippedPhases] = &[
    ShippedPhases {
        puzzle: "4x4x4",
        file: "phases/4x4x4.phases",
        text: include_str!("../../../puzzles/phases/4x4x4.phases"),
        looks: &[(
            "4x4x4-rl-centres.kpuzzle.json",
            include_str!("../../../puzzles/phases/4x4x4-rl-centres.kpuzzle.json"),
        )],
    },
    ShippedPhases {
        puzzle: "fto",
        file: "phases/fto.phases",
        text: include_str!("../../../puzzles/phases/fto.phases"),
        looks: &[
            (
                "fto-ul-goal.kpuzzle.json",
                include_str!("../../../puzzles/phases/fto-ul-goal.kpuzzle.json"),
            ),
            (
                "fto-solved.kpuzzle.json",
                include_str!("../../../puzzles/phases/fto-solved.kpuzzle.json"),
            ),
        ],
    },
    ShippedPhases {
        puzzle: "kilominx",
        file: "phases/kilominx.phases",
        text: include_str!("../../../puzzles/phases/kilominx.phases"),
        looks: &[],
    },
];

/// The shipped phases file for the definition named `puzzle`, if there is one.
pub fn for_puzzle(puzzle: &str) -> Option<&'static ShippedPhases> {
    SHIPPED_PHASES.iter().find(|s| s.puzzle == puzzle)
}

impl ShippedPhases {
    /// The text of the look named `name` (a `goal` line's file).
    pub fn look(&self, name: &str) -> Option<&'static str> {
        self.looks.iter().find(|l| l.0 == name).map(|l| l.1)
    }
}
