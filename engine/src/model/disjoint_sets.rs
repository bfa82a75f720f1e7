//! Disjoint sets (union-find) over `0..n`, with path halving: the pieces a definition's stickers
//! make, the components its moves connect, the orbits of a view's slots and of pairs of slots
//! under symmetries. Each class is named by its least element, and callers rely on it: a class
//! hash mixes the root's number, and a view numbers colours by their first label.

pub struct DisjointSets {
    parent: Vec<usize>,
}

impl DisjointSets {
    /// `n` singletons.
    pub fn new(n: usize) -> DisjointSets {
        DisjointSets {
            parent: (0..n).collect(),
        }
    }

    /// The least element of `x`'s class.
    pub fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    /// Joins the classes of `a` and `b` (the smaller root names the joined class); false if they
    /// were one already.
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        self.parent[a.max(b)] = a.min(b);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::DisjointSets;

    /// Against classes found by a flood over the same pairs: equal partitions, each named by its
    /// least element.
    #[test]
    fn classes_are_the_floods_and_named_by_their_least() {
        let n = 40;
        let pairs: Vec<(usize, usize)> = (0..60)
            .map(|i| ((i * 7 + 3) % n, (i * 13 + 5) % n))
            .collect();
        let mut sets = DisjointSets::new(n);
        for &(a, b) in &pairs {
            sets.union(a, b);
        }
        for start in 0..n {
            let mut seen = vec![start];
            let mut i = 0;
            while i < seen.len() {
                let x = seen[i];
                for &(a, b) in &pairs {
                    for (u, v) in [(a, b), (b, a)] {
                        if u == x && !seen.contains(&v) {
                            seen.push(v);
                        }
                    }
                }
                i += 1;
            }
            let least = *seen.iter().min().unwrap();
            assert!(seen.iter().all(|&x| sets.find(x) == least));
        }
        assert!(!sets.union(pairs[0].0, pairs[0].1));
    }
}
