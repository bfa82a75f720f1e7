//! Where a bundle is going (which judge: its crates and size limit) and how it is written.

/// Where a bundle is going: which crates exist there and how large a source may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judge {
    Aoj,
    Atcoder,
    Boj,
    Codeforces,
    Hdu,
    Mipt,
    /// Plain `rustc` with no crates: the strictest, and the default.
    Plain,
}

impl Judge {
    pub const ALL: [(&'static str, Judge); 7] = [
        ("aoj", Judge::Aoj),
        ("atcoder", Judge::Atcoder),
        ("boj", Judge::Boj),
        ("codeforces", Judge::Codeforces),
        ("hdu", Judge::Hdu),
        ("mipt", Judge::Mipt),
        ("plain", Judge::Plain),
    ];

    pub fn parse(s: &str) -> Option<Judge> {
        Judge::ALL.iter().find(|(n, _)| *n == s).map(|&(_, j)| j)
    }

    pub fn name(self) -> &'static str {
        Judge::ALL
            .iter()
            .find(|(_, j)| *j == self)
            .map_or("?", |(n, _)| n)
    }

    /// External crates the judge provides.
    pub fn crates(self) -> &'static [&'static str] {
        match self {
            Judge::Atcoder => &["proconio", "itertools"],
            _ => &[],
        }
    }

    /// Source size limit in bytes. Codeforces' 64 KB is documented; the others are taken as 64 KB
    /// too except AtCoder (512 KiB).
    pub fn source_limit(self) -> usize {
        match self {
            Judge::Atcoder => 512 * 1024,
            _ => 64 * 1024,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Options {
    pub judge: Judge,
    pub minify: bool,
    /// The library's name as the binary spells it.
    pub lib_name: String,
}
