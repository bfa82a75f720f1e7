//! Lower bounds for the search, as parts a solver composes: a table look-up, the larger of two bounds,
//! a scaled bound, none at all. IDA* asks for the bounds of all children of a node at once
//! ([`Heuristic::bounds`]), so that a heuristic that is cheaper in batches (a network) can score
//! siblings together; table heuristics answer one by one.

/// What a table says of a state it never reached: no sequence leads to the goal. Large enough to
/// exceed any cost bound, small enough that adding costs to it cannot overflow.
pub const UNREACHABLE: u32 = u32::MAX / 4;

/// An admissible lower bound on the cost from a state to the goal.
pub trait Heuristic<S> {
    fn bound(&self, s: &S) -> u32;

    /// The bounds of several states, in order, into `out` (cleared first).
    fn bounds(&self, states: &[S], out: &mut Vec<u32>) {
        out.clear();
        out.extend(states.iter().map(|s| self.bound(s)));
    }
}

impl<S, H: Heuristic<S> + ?Sized> Heuristic<S> for &H {
    fn bound(&self, s: &S) -> u32 {
        (**self).bound(s)
    }
    fn bounds(&self, states: &[S], out: &mut Vec<u32>) {
        (**self).bounds(states, out)
    }
}

/// One state's bound through [`Heuristic::bounds`], for heuristics that work in batches (a network,
/// a budget in front of one) and answer a single state as a batch of one.
pub fn bound_of_one<S, H: Heuristic<S> + ?Sized>(h: &H, s: &S) -> u32 {
    let mut out = Vec::with_capacity(1);
    h.bounds(std::slice::from_ref(s), &mut out);
    out[0]
}

/// No information: IDA* becomes iterative deepening.
#[derive(Clone, Copy, Debug, Default)]
pub struct Zero;

impl<S> Heuristic<S> for Zero {
    fn bound(&self, _: &S) -> u32 {
        0
    }
}

/// A bound computed by a function, typically a look-up in a distance table of a coordinate:
/// `FnBound(|s: &State| table.get(s.cp))`.
#[derive(Clone, Copy, Debug)]
pub struct FnBound<F>(pub F);

impl<S, F: Fn(&S) -> u32> Heuristic<S> for FnBound<F> {
    fn bound(&self, s: &S) -> u32 {
        (self.0)(s)
    }
}

/// The larger of two bounds (each admissible, so the larger is too).
#[derive(Clone, Copy, Debug)]
pub struct Max<A, B>(pub A, pub B);

impl<S, A: Heuristic<S>, B: Heuristic<S>> Heuristic<S> for Max<A, B> {
    fn bound(&self, s: &S) -> u32 {
        self.0.bound(s).max(self.1.bound(s))
    }
}

/// A bound multiplied by `factor`: a distance in moves times the least cost of a move.
#[derive(Clone, Copy, Debug)]
pub struct Scaled<H> {
    pub inner: H,
    pub factor: u32,
}

impl<S, H: Heuristic<S>> Heuristic<S> for Scaled<H> {
    fn bound(&self, s: &S) -> u32 {
        let b = self.inner.bound(s);
        if b >= UNREACHABLE {
            UNREACHABLE
        } else {
            b * self.factor
        }
    }
}

/// A table entry as a bound: the distance, or [`UNREACHABLE`] where the table never got.
#[inline]
pub fn entry(d: Option<u8>) -> u32 {
    d.map_or(UNREACHABLE, u32::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compositions() {
        let half = FnBound(|s: &u32| *s / 2);
        let third = FnBound(|s: &u32| *s / 3);
        assert_eq!(Max(half, third).bound(&12), 6);
        let twice = Scaled {
            inner: third,
            factor: 2,
        };
        assert_eq!(twice.bound(&12), 8);
        let never = Scaled {
            inner: FnBound(|_: &u32| entry(None)),
            factor: 3,
        };
        assert_eq!(never.bound(&1), UNREACHABLE);
        let mut out = vec![99];
        Max(Zero, half).bounds(&[2, 4, 7], &mut out);
        assert_eq!(out, [1, 2, 3]);
    }
}
