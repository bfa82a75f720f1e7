//! The degenerate network evaluated once on every canonical view (about an eighth of the
//! 44,906,400 views a cube can show), so that a search reads the network's answers from an array
//! instead of running it (far slower: docs/performance.md, "Figures that were in code
//! comments"); kept in a file made for one set of weights.

use crate::cube3_stickers::{Stickers, STICKERS};
use crate::network::Net;
use crate::views::{canonical, showable, view_rank, FOUR_OF_24};
use std::path::Path;
use twisty::table_file::{self, TableHeader};
use twisty::table_keeping;

/// The quantiles the table keeps besides the mode.
pub const QUANTILES: [f32; 14] = [
    0.01, 0.02, 0.03, 0.04, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5,
];
const READINGS: usize = 1 + QUANTILES.len();
/// The name of the table in its file (`twisty::table_file`); the key is the weights' checksum.
const TABLE_NAME: &str = "learned heuristic view table (mode, quantiles)";
/// The readings of a view that is not canonical (never looked up: [`ViewTable::get`] reads the
/// canonical image).
pub const NOT_READ: u8 = u8::MAX;

/// The degenerate network's readings (mode, then each of [`QUANTILES`]) of every view a cube
/// can show, made for one set of weights (their checksum is kept with it).
pub struct ViewTable {
    corners: Vec<(usize, [usize; 4])>,
    edges: Vec<(usize, [usize; 4])>,
    /// `READINGS` bytes per view, corner subsets major, in [`showable`] order.
    readings: Vec<u8>,
    pub weights_checksum: String,
}

impl ViewTable {
    fn empty(weights_checksum: &str) -> Self {
        let (corners, edges) = (showable(true), showable(false));
        ViewTable {
            readings: Vec::new(),
            corners,
            edges,
            weights_checksum: weights_checksum.to_string(),
        }
    }

    /// Views a cube can show (44,906,400).
    pub fn len(&self) -> usize {
        self.corners.len() * self.edges.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Runs `net` on every canonical view ([`canonical`]), in batches; the other views are
    /// never asked for and keep [`NOT_READ`]. `progress` hears the views done so far and how
    /// many there are.
    pub fn build(
        net: &Net,
        weights_checksum: &str,
        mut progress: impl FnMut(usize, usize),
    ) -> Self {
        let mut t = Self::empty(weights_checksum);
        let view_at = |slot: usize| {
            let (c, e) = (slot / t.edges.len(), slot % t.edges.len());
            let mut v = [0u8; STICKERS];
            for &k in t.corners[c].1.iter().chain(&t.edges[e].1) {
                v[k] = 1;
            }
            v
        };
        let slots: Vec<u32> = (0..t.len())
            .filter(|&slot| {
                let v = view_at(slot);
                canonical(&v) == v
            })
            .map(|slot| slot as u32)
            .collect();
        let mut readings = vec![NOT_READ; t.len() * READINGS];
        let mut done = 0;
        for chunk in slots.chunks(8192) {
            let views: Vec<Stickers> = chunk.iter().map(|&slot| view_at(slot as usize)).collect();
            let r = net
                .readings_at(&views, &QUANTILES)
                .expect("the network runs on any batch of its own input size");
            for (&slot, r) in chunk.iter().zip(r.chunks(READINGS)) {
                let at = slot as usize * READINGS;
                readings[at..at + READINGS].copy_from_slice(r);
            }
            done += chunk.len();
            progress(done, slots.len());
        }
        t.readings = readings;
        t
    }

    /// The table kept at `path` (a `twisty::table_file`, like every table of the project) if it
    /// was made for these weights, else built and kept there (`table_keeping::cached`: one build
    /// at a time); a damaged file is named on stderr and built again, and a folder that cannot be
    /// written is said so and costs only the next run's time.
    pub fn load_or_build(
        net: &Net,
        weights_checksum: &str,
        path: &Path,
        progress: impl FnMut(usize, usize),
    ) -> Result<Self, String> {
        let expect = file_header(
            weights_checksum,
            Self::empty(weights_checksum).len() * READINGS,
        )?;
        let mut note = |m: &str| eprintln!("note: {m}");
        // The store's one way (read if sound, else built under its lock, kept, read back whole).
        let t = table_keeping::cached(
            Some(path),
            &mut note,
            |p| {
                let mut words = Vec::new();
                table_file::load(p, &expect, &mut words)?;
                let mut t = Self::empty(weights_checksum);
                t.readings = bytes_of(&words, expect.entries as usize);
                Ok(t)
            },
            |_| Self::build(net, weights_checksum, progress),
            |t, p| table_file::save(p, &expect, words_of(&t.readings)),
        );
        t.spot_check(net)?;
        Ok(t)
    }

    /// The readings of one view (those of its canonical image), if a cube can show it.
    pub fn get(&self, v: &Stickers) -> Option<&[u8]> {
        let rank = view_rank(&canonical(v))?;
        let (c, e) = (rank / FOUR_OF_24, rank % FOUR_OF_24);
        let ci = self.corners.binary_search_by_key(&c, |x| x.0).ok()?;
        let ei = self.edges.binary_search_by_key(&e, |x| x.0).ok()?;
        let at = (ci * self.edges.len() + ei) * READINGS;
        Some(&self.readings[at..at + READINGS])
    }

    /// The network run afresh on views of random walks agrees with the table (a damaged file,
    /// or a table from other code, is refused).
    fn spot_check(&self, net: &Net) -> Result<(), String> {
        use crate::cube3_stickers::{turn_tables, Kind};
        use crate::data::{goal, Rng};
        let turns = turn_tables();
        let mut rng = Rng::new(0x5eed);
        let mut s = goal(Kind::Degenerate);
        let views: Vec<Stickers> = (0..512)
            .map(|_| {
                let m = rng.below(18);
                s = turns[m].map(|from| s[from as usize]);
                s
            })
            .collect();
        let canonical_views: Vec<Stickers> = views.iter().map(canonical).collect();
        let fresh = net.readings_at(&canonical_views, &QUANTILES)?;
        for (v, want) in views.iter().zip(fresh.chunks(READINGS)) {
            if self.get(v) != Some(want) {
                return Err(format!(
                    "the view table disagrees with the network on {v:?}: {:?} against {want:?}",
                    self.get(v)
                ));
            }
        }
        Ok(())
    }

    /// The column of quantile `q` (1 + its place in [`QUANTILES`]).
    pub fn column(&self, q: f32) -> Result<usize, String> {
        QUANTILES
            .iter()
            .position(|&x| (x - q).abs() < 1e-6)
            .map(|i| i + 1)
            .ok_or_else(|| format!("quantile {q}: the view table keeps {QUANTILES:?}"))
    }

    /// Every canonical view's [`view_rank`] with its readings (mode first, then
    /// [`QUANTILES`]).
    pub fn for_each(&self, mut f: impl FnMut(usize, &[u8])) {
        let mut chunks = self.readings.chunks(READINGS);
        for (c, _) in &self.corners {
            for (e, _) in &self.edges {
                let r = chunks.next().expect("a reading per view");
                if r[0] != NOT_READ {
                    f(c * FOUR_OF_24 + e, r);
                }
            }
        }
    }
}

/// The file header of a table of `bytes` readings made for the weights of `weights_checksum`
/// (16 hex digits, FNV-1a: the header's key).
fn file_header(weights_checksum: &str, bytes: usize) -> Result<TableHeader, String> {
    let key = u64::from_str_radix(weights_checksum, 16)
        .map_err(|_| format!("not a weights checksum: {weights_checksum:?}"))?;
    Ok(TableHeader {
        name: TABLE_NAME.to_string(),
        key,
        entries: bytes as u64,
        bits: 8,
        extra: Vec::new(),
    })
}

/// Bytes as the table file's words: eight a word, little-endian, the last word padded with zeros.
fn words_of(bytes: &[u8]) -> impl Iterator<Item = u64> + '_ {
    bytes.chunks(8).map(|c| {
        let mut w = [0u8; 8];
        w[..c.len()].copy_from_slice(c);
        u64::from_le_bytes(w)
    })
}

/// The first `len` bytes of `words` (as [`words_of`] wrote them).
fn bytes_of(words: &[u64], len: usize) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(words.len() * 8);
    for w in words {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    bytes.truncate(len);
    bytes
}

#[cfg(test)]
mod tests {
    use super::{bytes_of, words_of};

    #[test]
    fn bytes_survive_the_words_at_every_length() {
        for len in [0usize, 1, 7, 8, 9, 15, 16, 17, 1001] {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 % 251) as u8).collect();
            let words: Vec<u64> = words_of(&bytes).collect();
            assert_eq!(words.len(), len.div_ceil(8), "{len}");
            assert_eq!(bytes_of(&words, len), bytes, "{len}");
        }
        // Little-endian: the first byte is the low byte of the first word.
        assert_eq!(words_of(&[1, 2]).next(), Some(0x0201));
    }
}
