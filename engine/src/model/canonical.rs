//! One representative of a state's class under the puzzle's symmetries: the near table keeps a
//! class once ([`crate::tables::near_table`]), so a state is looked up as its representative.
//!
//! The representative is, among the conjugates `σ s σ⁻¹` over the whole group, the one whose
//! values at a few positions (in a fixed order) come first, ties broken by the least fingerprint.
//! Both are functions of the conjugate alone, and the conjugates of `s` and of any `τ s τ⁻¹` are
//! one set (the symmetries form a group), so every state of a class gets the same representative.
//! Making all conjugates would cost the megaminx 120 of them; instead the value at the first
//! position is read off per symmetry (a few loads each, without conjugating), then the next
//! position for those that tie, and only the few left are conjugated whole.
//!
//! A solved piece compares last. Near the goal most pieces are solved, and the conjugates that
//! show a solved piece at a position all tie there; so the symmetries compared at a position are
//! only those that bring an unsolved piece to it, found from the unsolved pieces of its orbit
//! (each goes there by a coset of the position's stabiliser, tabled).

use super::class_hash::ClassHash;
use super::fingerprint::finish_fingerprint;
use super::inverse::{Conjugator, Homes};
use super::perm_group::Slots;
use super::symmetries::Symmetry;
use super::{Puzzle, State};

/// Positions compared before the symmetries still tied are conjugated whole (a random state of
/// the megaminx is down to one after two).
const STAGES: usize = 4;

/// The representatives of one puzzle's states under a group of its symmetries.
pub struct Canon {
    conj: Vec<Conjugator>,
    homes: Homes,
    first: Vec<u16>,
    modulus: Vec<u8>,
    /// Per symmetry, its slot permutation (`slots` entries each).
    sigma: Vec<u16>,
    slots: usize,
    /// Per symmetry, per position `p`: the slot `σ⁻¹` takes `p`'s first slot to.
    from: Vec<(u16, u8)>,
    positions: usize,
    /// The positions compared, in order: the first of each orbit (the most values first), then
    /// the rest.
    order: Vec<usize>,
    /// Per position compared, what finds the symmetries that bring its least piece.
    stages: Vec<Stage>,
    goal_label: Vec<u8>,
    class_hash: ClassHash,
}

/// A position compared while every symmetry still ties: per unsolved position `u` of its orbit,
/// the home `h` of `u`'s piece and its twist `r`, the least key the symmetries that take `u` to it
/// give (its coset of the position's stabiliser), and the symmetries that give it. A stage then
/// reads a number per unsolved piece of the orbit instead of a key per symmetry.
struct Stage {
    /// The positions some symmetry brings here (a mirror may bring another orbit's).
    sources: Vec<Source>,
    /// At `source.base + (h - source.start) * source.k + r`.
    least: Vec<u16>,
    /// The symmetries of entry `e`: `list[at[e]..at[e + 1]]`.
    at: Vec<u32>,
    list: Vec<u16>,
}

/// A position a stage's symmetries bring from, with its orbit (where its piece's home is).
struct Source {
    u: usize,
    start: usize,
    k: usize,
    base: usize,
}

impl Stage {
    fn new(p: usize, puzzle: &Puzzle, slots: &Slots, conj: &[Conjugator]) -> Stage {
        let offsets = puzzle.offsets();
        let mut st = Stage {
            sources: Vec::new(),
            least: Vec::new(),
            at: vec![0],
            list: Vec::new(),
        };
        for (o, orbit) in puzzle.orbits.iter().enumerate() {
            let (start, size) = (offsets[o], orbit.size);
            for u in start..start + size {
                let coset: Vec<usize> = (0..conj.len())
                    .filter(|&i| conj[i].from[p].0 as usize == u)
                    .collect();
                if coset.is_empty() {
                    continue;
                }
                let k = slots.modulus[u].max(1) as usize;
                let base = st.least.len();
                st.sources.push(Source { u, start, k, base });
                for h in start..start + size {
                    for r in 0..k {
                        let key = |i: usize| {
                            let o = conj[i].from[p].1 as usize;
                            conj[i].sigma[slots.first[h] + (o + k - r) % k]
                        };
                        let least = coset.iter().map(|&i| key(i)).min().unwrap_or(u16::MAX);
                        st.least.push(least);
                        let ties = coset.iter().filter(|&&i| key(i) == least);
                        st.list.extend(ties.map(|&i| i as u16));
                        st.at.push(st.list.len() as u32);
                    }
                }
            }
        }
        st
    }
}

/// A thread's working space for [`Canon::canonical`].
#[derive(Default)]
pub struct CanonScratch {
    tied: Vec<u16>,
    keys: Vec<u16>,
    /// The symmetry whose conjugate is the representative.
    chosen: u16,
    at: Vec<u16>,
    /// The representative last made.
    state: State,
}

impl Canon {
    /// `syms` must be a group (the identity among them) of symmetries that keep the goal; `None`
    /// where the goal repeats a label in an orbit or twists a piece (a conjugate is then not one
    /// state), or where the group is the identity alone.
    pub fn new(puzzle: &Puzzle, syms: &[Symmetry]) -> Option<Canon> {
        if syms.len() < 2 || syms.len() > u16::MAX as usize {
            return None;
        }
        let slots = Slots::of(puzzle);
        let homes = Homes::new(puzzle)?;
        let conj: Vec<Conjugator> = syms
            .iter()
            .map(|s| Conjugator::new(puzzle, &slots, &s.slots))
            .collect::<Option<_>>()?;
        let positions = puzzle.positions();
        let offsets = puzzle.offsets();
        let orbit_of = |q: usize| offsets.iter().rposition(|&x| x <= q).unwrap_or(0);
        // The orbits whose pieces tell states apart best first: the most (piece, twist) values,
        // then the most pieces (the megaminx's 12 centres of 5 twists come after its 20 corners
        // of 3: they move only in place).
        let size = |q: usize| puzzle.orbits[orbit_of(q)].size;
        let values = |q: usize| (size(q) * slots.modulus[q] as usize, size(q));
        let mut order: Vec<usize> = (0..positions).collect();
        order.sort_by_key(|&q| (q != offsets[orbit_of(q)], std::cmp::Reverse(values(q)), q));
        order.truncate(STAGES);
        let stages = order
            .iter()
            .map(|&p| Stage::new(p, puzzle, &slots, &conj))
            .collect();
        Some(Canon {
            class_hash: ClassHash::new(puzzle, syms)?,
            stages,
            goal_label: puzzle.goal.label.clone(),
            homes,
            first: conj[0].first.clone(),
            modulus: conj[0].modulus.clone(),
            sigma: conj.iter().flat_map(|c| c.sigma.iter().copied()).collect(),
            slots: slots.n,
            from: conj.iter().flat_map(|c| c.from.iter().copied()).collect(),
            positions,
            order,
            conj,
        })
    }

    /// A hash every state of `s`'s class shares ([`ClassHash`]): ten times cheaper than
    /// [`Canon::canonical`], and unlike it shared by other classes now and then.
    #[inline]
    pub fn class_hash(&self, s: &State) -> u64 {
        self.class_hash.of(s)
    }

    /// The number of symmetries.
    pub fn len(&self) -> usize {
        self.conj.len()
    }

    pub fn is_empty(&self) -> bool {
        self.conj.is_empty()
    }

    /// The slot `σ t⁻¹` takes slot `(q, o)` to (`σ` as its row `sigma`): `t⁻¹` sends it to the
    /// home of `q`'s piece, turned back by the piece's twist.
    #[inline]
    fn slot_from(&self, s: &State, (q, o): (u16, u8), sigma: &[u16]) -> u16 {
        let q = q as usize;
        let h = self.homes.of(q, s.label[q]);
        let r = s.ori[q];
        let w = if o >= r {
            o - r
        } else {
            o + self.modulus[q] - r
        };
        sigma[self.first[h] as usize + w as usize]
    }

    /// What the conjugate by symmetry `i` holds at position `p`, as the slot `σ t⁻¹ σ⁻¹` takes
    /// `p`'s first slot to (`t` the state's rearrangement): one number per (piece, twist), the
    /// most for a solved piece (`p`'s own first slot).
    #[inline]
    fn key(&self, s: &State, i: usize, p: usize) -> u16 {
        let sigma = &self.sigma[i * self.slots..(i + 1) * self.slots];
        let k = self.slot_from(s, self.from[i * self.positions + p], sigma);
        if k == self.first[p] {
            u16::MAX
        } else {
            k
        }
    }

    /// The fingerprint of `s`'s representative (made by [`Canon::representative`]).
    pub fn canonical(&self, s: &State, scratch: &mut CanonScratch) -> u64 {
        let n = s.label.len();
        if scratch.at.len() < n {
            scratch.at.resize(n, 0);
            scratch.state = s.clone();
        }
        let tied = &mut scratch.tied;
        let keys = &mut scratch.keys;
        tied.clear();
        let mut all = true;
        for (stage, &p) in self.order.iter().enumerate() {
            if !all && tied.len() == 1 {
                break;
            }
            keys.clear();
            if all {
                // The symmetries that bring the least unsolved piece of the orbit here.
                let st = &self.stages[stage];
                let mut best = u16::MAX;
                for src in &st.sources {
                    let u = src.u;
                    let (l, r) = (s.label[u], s.ori[u]);
                    if l == self.goal_label[u] && r == 0 {
                        continue;
                    }
                    let h = self.homes.of(u, l);
                    let e = src.base + (h - src.start) * src.k + r as usize;
                    let key = st.least[e];
                    if key < best {
                        best = key;
                        tied.clear();
                    }
                    if key == best {
                        tied.extend_from_slice(&st.list[st.at[e] as usize..st.at[e + 1] as usize]);
                    }
                }
                if tied.is_empty() {
                    continue;
                }
                all = false;
                continue;
            }
            keys.extend(tied.iter().map(|&i| self.key(s, i as usize, p)));
            let least = *keys.iter().min().unwrap_or(&0);
            let mut k = 0;
            for j in 0..tied.len() {
                if keys[j] == least {
                    tied[k] = tied[j];
                    k += 1;
                }
            }
            tied.truncate(k);
        }
        if all {
            tied.extend(0..self.conj.len() as u16);
        }
        let mut best = u64::MAX;
        for &i in tied.iter() {
            let f = self.conjugate_fingerprint(s, i as usize);
            if f < best {
                best = f;
                scratch.chosen = i;
            }
        }
        best
    }

    /// The fingerprint of the conjugate by symmetry `i`, from its keys at every position (each
    /// tells the piece and twist there): no state is made, and the symmetry's rows are read in
    /// order.
    #[inline]
    fn conjugate_fingerprint(&self, s: &State, i: usize) -> u64 {
        let from = &self.from[i * self.positions..(i + 1) * self.positions];
        let sigma = &self.sigma[i * self.slots..(i + 1) * self.slots];
        let mut h = Hasher::default();
        for &at in from {
            h.push(self.slot_from(s, at, sigma));
        }
        h.finish()
    }

    /// The representative [`Canon::canonical`] last found for `s` (the same `s`), made.
    pub fn representative<'a>(&self, s: &State, scratch: &'a mut CanonScratch) -> &'a State {
        let c = &self.conj[scratch.chosen as usize];
        c.conjugate_into(s, &mut scratch.at, &mut scratch.state);
        &scratch.state
    }
}

/// A fingerprint of 16-bit words, four to a mixing step (as [`super::fingerprint::fingerprint`]'s).
#[derive(Default)]
struct Hasher {
    h: u64,
    word: u64,
    n: u32,
}

impl Hasher {
    #[inline]
    fn push(&mut self, k: u16) {
        self.word = self.word << 16 | k as u64;
        self.n += 1;
        if self.n == 4 {
            self.h = (self.h ^ self.word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            self.h ^= self.h >> 32;
            self.word = 0;
            self.n = 0;
        }
    }

    #[inline]
    fn finish(self) -> u64 {
        let h = (self.h ^ self.word ^ 0xFF).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        finish_fingerprint(h ^ (h >> 32))
    }
}
