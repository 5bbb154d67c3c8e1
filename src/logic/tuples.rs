//! Atoms, tuples and tuple sets: the values relations take.

use std::collections::BTreeSet;

/// An atom is its index in the [`Universe`].
pub type Atom = u32;

/// A tuple of atoms; its length is the arity.
pub type Tuple = Vec<Atom>;

/// The finite set of atoms a problem is solved over, with the names they were created with
/// (e.g. `Node$0`). Rendering may rename atoms after solving (Alloy names atoms after their
/// most specific sig).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Universe {
    names: Vec<String>,
    ints: Option<IntAtoms>,
}

/// The `Int` atoms of a universe: `2^bitwidth` consecutive atoms from `first`, holding the
/// values `-2^(bitwidth-1)` upwards in order (Alloy puts them after the sigs' atoms).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntAtoms {
    pub bitwidth: u32,
    pub first: Atom,
}

impl IntAtoms {
    pub fn count(&self) -> u32 {
        1 << self.bitwidth
    }

    pub fn min(&self) -> i64 {
        -(1i64 << (self.bitwidth - 1))
    }
}

impl Universe {
    pub fn new(names: Vec<String>) -> Universe {
        Universe { names, ints: None }
    }

    /// A universe whose atoms from `ints.first` are the `Int` atoms (named by their values).
    pub fn with_ints(names: Vec<String>, ints: IntAtoms) -> Universe {
        debug_assert!(ints.bitwidth >= 1);
        debug_assert!((ints.first + ints.count()) as usize <= names.len());
        Universe {
            names,
            ints: Some(ints),
        }
    }

    pub fn ints(&self) -> Option<IntAtoms> {
        self.ints
    }

    /// The bitwidth of integer expressions, when the universe has `Int` atoms.
    pub fn bitwidth(&self) -> Option<u32> {
        self.ints.map(|i| i.bitwidth)
    }

    /// The value of an `Int` atom; `None` for other atoms.
    pub fn int_value(&self, a: Atom) -> Option<i64> {
        let ints = self.ints?;
        (a >= ints.first && a < ints.first + ints.count())
            .then(|| ints.min() + (a - ints.first) as i64)
    }

    /// The `Int` atom holding `v`, if `v` is in range.
    pub fn int_atom(&self, v: i64) -> Option<Atom> {
        let ints = self.ints?;
        let offset = v - ints.min();
        (offset >= 0 && offset < ints.count() as i64).then(|| ints.first + offset as Atom)
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn name(&self, a: Atom) -> &str {
        &self.names[a as usize]
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn atoms(&self) -> impl Iterator<Item = Atom> + '_ {
        0..self.names.len() as Atom
    }

    pub fn atom_named(&self, name: &str) -> Option<Atom> {
        self.names.iter().position(|n| n == name).map(|i| i as Atom)
    }
}

/// A set of tuples of one arity, kept sorted (lexicographically by atom index) and stored
/// flat: the atoms of the tuples one after another, `arity` per tuple. The evaluator builds
/// thousands of small sets per re-check; one buffer per set instead of one per tuple is
/// what keeps that cheap.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TupleSet {
    arity: usize,
    /// The number of tuples (needed apart from `atoms` for arity 0, whose one possible
    /// tuple has no atoms).
    len: usize,
    atoms: Vec<Atom>,
}

/// Ordered as the sequence of its tuples, after the arity: the order a set of sorted
/// tuples would have.
impl Ord for TupleSet {
    fn cmp(&self, other: &TupleSet) -> std::cmp::Ordering {
        (self.arity, &self.atoms, self.len).cmp(&(other.arity, &other.atoms, other.len))
    }
}

impl PartialOrd for TupleSet {
    fn partial_cmp(&self, other: &TupleSet) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl TupleSet {
    pub fn empty(arity: usize) -> TupleSet {
        TupleSet {
            arity,
            len: 0,
            atoms: Vec::new(),
        }
    }

    /// Panics if a tuple has the wrong arity: that is a bug in the caller, not a user error.
    pub fn from_tuples<T: AsRef<[Atom]>>(
        arity: usize,
        tuples: impl IntoIterator<Item = T>,
    ) -> TupleSet {
        let mut atoms = Vec::new();
        let mut len = 0;
        for t in tuples {
            let t = t.as_ref();
            assert_eq!(t.len(), arity, "tuple arity mismatch");
            atoms.extend_from_slice(t);
            len += 1;
        }
        if arity == 0 {
            return TupleSet {
                arity,
                len: len.min(1),
                atoms,
            };
        }
        TupleSet::from_flat(arity, atoms)
    }

    /// The set of the tuples whose atoms `atoms` lists one after another, in any order and
    /// with repeats. Panics unless `arity` divides the length (a caller's bug).
    pub fn from_flat(arity: usize, mut atoms: Vec<Atom>) -> TupleSet {
        assert!(
            arity > 0 && atoms.len().is_multiple_of(arity),
            "tuple arity mismatch"
        );
        let sorted = atoms
            .chunks_exact(arity)
            .zip(atoms.chunks_exact(arity).skip(1))
            .all(|(a, b)| a < b);
        if !sorted {
            atoms = sort_dedup(arity, atoms);
        }
        TupleSet {
            arity,
            len: atoms.len() / arity,
            atoms,
        }
    }

    /// The unary set of the given atoms.
    pub fn of_atoms(atoms: impl IntoIterator<Item = Atom>) -> TupleSet {
        TupleSet::from_flat(1, atoms.into_iter().collect())
    }

    pub fn arity(&self) -> usize {
        self.arity
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `i`th tuple in order; panics if `i >= len()`.
    pub fn get(&self, i: usize) -> &[Atom] {
        assert!(i < self.len, "tuple index out of range");
        &self.atoms[i * self.arity..(i + 1) * self.arity]
    }

    /// Where `t` is, or where it would go.
    fn position(&self, t: &[Atom]) -> Result<usize, usize> {
        if self.arity == 0 {
            return if self.len == 1 { Ok(0) } else { Err(0) };
        }
        let (mut lo, mut hi) = (0, self.len);
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.get(mid).cmp(t) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Ok(mid),
            }
        }
        Err(lo)
    }

    pub fn contains(&self, t: &[Atom]) -> bool {
        t.len() == self.arity && self.position(t).is_ok()
    }

    pub fn insert(&mut self, t: impl AsRef<[Atom]>) -> bool {
        let t = t.as_ref();
        assert_eq!(t.len(), self.arity, "tuple arity mismatch");
        // Tuples mostly arrive in order: appending needs no search.
        let at = if self.len == 0 || (self.arity > 0 && self.get(self.len - 1) < t) {
            self.len
        } else {
            match self.position(t) {
                Ok(_) => return false,
                Err(at) => at,
            }
        };
        let start = at * self.arity;
        self.atoms.splice(start..start, t.iter().copied());
        self.len += 1;
        true
    }

    pub fn remove(&mut self, t: &[Atom]) -> bool {
        if t.len() != self.arity {
            return false;
        }
        match self.position(t) {
            Ok(at) => {
                self.atoms.drain(at * self.arity..(at + 1) * self.arity);
                self.len -= 1;
                true
            }
            Err(_) => false,
        }
    }

    pub fn iter(&self) -> Tuples<'_> {
        Tuples {
            set: self,
            front: 0,
            back: self.len,
        }
    }

    /// The tuples whose first atom is `first`, in order.
    pub fn starting_with(&self, first: Atom) -> Tuples<'_> {
        if self.arity == 0 {
            return Tuples {
                set: self,
                front: 0,
                back: 0,
            };
        }
        let firsts = |i: usize| self.atoms[i * self.arity];
        let front = partition_point(self.len, |i| firsts(i) < first);
        let back = front + partition_point(self.len - front, |i| firsts(front + i) <= first);
        Tuples {
            set: self,
            front,
            back,
        }
    }

    pub fn is_subset(&self, other: &TupleSet) -> bool {
        if self.arity != other.arity || self.len > other.len {
            return self.len == 0;
        }
        let mut theirs = other.iter();
        'mine: for t in self.iter() {
            for u in theirs.by_ref() {
                match u.cmp(t) {
                    std::cmp::Ordering::Less => continue,
                    std::cmp::Ordering::Equal => continue 'mine,
                    std::cmp::Ordering::Greater => return false,
                }
            }
            return false;
        }
        true
    }

    /// Merges two sorted sets, keeping a tuple by where it occurs (in `self` only, in
    /// both, in `other` only).
    fn merge(&self, other: &TupleSet, keep: [bool; 3]) -> TupleSet {
        assert_eq!(self.arity, other.arity, "tuple arity mismatch");
        if self.arity == 0 {
            let (a, b) = (self.len == 1, other.len == 1);
            let kept = match (a, b) {
                (true, false) => keep[0],
                (true, true) => keep[1],
                (false, true) => keep[2],
                (false, false) => false,
            };
            return TupleSet {
                arity: 0,
                len: kept as usize,
                atoms: Vec::new(),
            };
        }
        let mut atoms = Vec::with_capacity(if keep[0] || keep[2] {
            self.atoms.len() + other.atoms.len()
        } else {
            self.atoms.len().min(other.atoms.len())
        });
        // Tuples of a fixed arity compare as arrays, without a loop over a slice's length.
        let (a, b) = (&self.atoms[..], &other.atoms[..]);
        match self.arity {
            1 => merge_sorted(a.as_chunks::<1>().0, b.as_chunks::<1>().0, keep, &mut atoms),
            2 => merge_sorted(a.as_chunks::<2>().0, b.as_chunks::<2>().0, keep, &mut atoms),
            3 => merge_sorted(a.as_chunks::<3>().0, b.as_chunks::<3>().0, keep, &mut atoms),
            4 => merge_sorted(a.as_chunks::<4>().0, b.as_chunks::<4>().0, keep, &mut atoms),
            n => {
                let (a, b): (Vec<&[Atom]>, Vec<&[Atom]>) =
                    (a.chunks_exact(n).collect(), b.chunks_exact(n).collect());
                merge_sorted(&a, &b, keep, &mut atoms)
            }
        }
        TupleSet {
            arity: self.arity,
            len: atoms.len() / self.arity,
            atoms,
        }
    }

    pub fn union(&self, other: &TupleSet) -> TupleSet {
        self.merge(other, [true, true, true])
    }

    pub fn intersection(&self, other: &TupleSet) -> TupleSet {
        self.merge(other, [false, true, false])
    }

    pub fn difference(&self, other: &TupleSet) -> TupleSet {
        self.merge(other, [true, false, false])
    }

    /// Atoms occurring anywhere in the tuples.
    pub fn atoms(&self) -> BTreeSet<Atom> {
        self.atoms.iter().copied().collect()
    }
}

/// The least `i < n` for which `below(i)` fails (`below` holds on a prefix of `0..n`).
fn partition_point(n: usize, below: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0, n);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if below(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The tuples of `atoms` (`arity` atoms each) sorted, without repeats.
fn sort_dedup(arity: usize, atoms: Vec<Atom>) -> Vec<Atom> {
    match arity {
        1 => {
            let mut atoms = atoms;
            atoms.sort_unstable();
            atoms.dedup();
            atoms
        }
        2 => {
            let mut pairs: Vec<u64> = atoms
                .chunks_exact(2)
                .map(|p| (p[0] as u64) << 32 | p[1] as u64)
                .collect();
            pairs.sort_unstable();
            pairs.dedup();
            pairs
                .into_iter()
                .flat_map(|p| [(p >> 32) as Atom, p as Atom])
                .collect()
        }
        _ => {
            let tuple = |i: usize| &atoms[i * arity..(i + 1) * arity];
            let mut order: Vec<usize> = (0..atoms.len() / arity).collect();
            order.sort_unstable_by(|&a, &b| tuple(a).cmp(tuple(b)));
            order.dedup_by(|a, b| tuple(*a) == tuple(*b));
            order
                .iter()
                .flat_map(|&i| tuple(i).iter().copied())
                .collect()
        }
    }
}

/// The tuples of a [`TupleSet`] (or of a range of it), in order.
#[derive(Clone, Debug)]
pub struct Tuples<'a> {
    set: &'a TupleSet,
    front: usize,
    back: usize,
}

impl<'a> Iterator for Tuples<'a> {
    type Item = &'a [Atom];

    fn next(&mut self) -> Option<&'a [Atom]> {
        (self.front < self.back).then(|| {
            self.front += 1;
            let set: &'a TupleSet = self.set;
            &set.atoms[(self.front - 1) * set.arity..self.front * set.arity]
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.back - self.front, Some(self.back - self.front))
    }
}

impl DoubleEndedIterator for Tuples<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        (self.front < self.back).then(|| {
            self.back -= 1;
            let set = self.set;
            &set.atoms[self.back * set.arity..(self.back + 1) * set.arity]
        })
    }
}

impl ExactSizeIterator for Tuples<'_> {}

impl<'a> IntoIterator for &'a TupleSet {
    type Item = &'a [Atom];
    type IntoIter = Tuples<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// `TupleSet::merge` over two sorted lists of tuples, appending the atoms of the tuples
/// kept (in `a` only, in both, in `b` only) to `out`.
fn merge_sorted<T: Ord + AsRef<[Atom]>>(a: &[T], b: &[T], keep: [bool; 3], out: &mut Vec<Atom>) {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                if keep[0] {
                    out.extend_from_slice(a[i].as_ref());
                }
                i += 1;
            }
            std::cmp::Ordering::Equal => {
                if keep[1] {
                    out.extend_from_slice(a[i].as_ref());
                }
                i += 1;
                j += 1;
            }
            std::cmp::Ordering::Greater => {
                if keep[2] {
                    out.extend_from_slice(b[j].as_ref());
                }
                j += 1;
            }
        }
    }
    let rest = |tuples: &[T], out: &mut Vec<Atom>| {
        tuples
            .iter()
            .for_each(|t| out.extend_from_slice(t.as_ref()))
    };
    if keep[0] {
        rest(&a[i..], out);
    }
    if keep[2] {
        rest(&b[j..], out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set of sorted tuples the obvious way, to hold the flat representation to.
    type Reference = BTreeSet<Tuple>;

    fn reference(s: &TupleSet) -> Reference {
        s.iter().map(<[Atom]>::to_vec).collect()
    }

    /// Random tuples over 4 atoms, from a xorshift generator seeded per test.
    fn random_tuples(state: &mut u64, arity: usize, count: usize) -> Vec<Tuple> {
        let mut next = || {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            (*state % 4) as Atom
        };
        (0..count)
            .map(|_| (0..arity).map(|_| next()).collect())
            .collect()
    }

    #[test]
    fn operations_agree_with_sets_of_sorted_tuples() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        // Arities 1-4 merge as arrays, 5 as slices (`TupleSet::merge`).
        for round in 0..1000 {
            let arity = 1 + round % 5;
            let (xs, ys) = (
                random_tuples(&mut state, arity, round % 17),
                random_tuples(&mut state, arity, round % 11),
            );
            let (a, b) = (
                TupleSet::from_tuples(arity, &xs),
                TupleSet::from_tuples(arity, &ys),
            );
            let (ra, rb): (Reference, Reference) =
                (xs.iter().cloned().collect(), ys.iter().cloned().collect());
            assert_eq!(reference(&a), ra);
            assert_eq!(a.len(), ra.len());
            assert_eq!(reference(&a.union(&b)), &ra | &rb);
            assert_eq!(reference(&a.intersection(&b)), &ra & &rb);
            assert_eq!(reference(&a.difference(&b)), &ra - &rb);
            assert_eq!(a.is_subset(&b), ra.is_subset(&rb));
            assert_eq!(a.cmp(&b), ra.cmp(&rb), "{ra:?} against {rb:?}");
            for first in 0..5 {
                let starting: Vec<Tuple> = a.starting_with(first).map(<[Atom]>::to_vec).collect();
                let expected: Vec<Tuple> = ra.iter().filter(|t| t[0] == first).cloned().collect();
                assert_eq!(starting, expected);
            }
            for t in &ys {
                assert_eq!(a.contains(t), ra.contains(t));
            }
            // Built one tuple at a time, in any order, then taken apart again.
            let (mut built, mut rbuilt) = (TupleSet::empty(arity), Reference::new());
            for t in xs.iter().rev().chain(&ys) {
                assert_eq!(built.insert(t), rbuilt.insert(t.clone()));
            }
            assert_eq!(reference(&built), rbuilt);
            for t in &xs {
                assert_eq!(built.remove(t), rbuilt.remove(t));
            }
            assert_eq!(reference(&built), rbuilt);
            assert_eq!(built.iter().rev().count(), rbuilt.len());
        }
    }

    #[test]
    fn arity_zero_holds_at_most_the_empty_tuple() {
        let none = TupleSet::empty(0);
        let one = TupleSet::from_tuples(0, [Vec::new(), Vec::new()]);
        assert_eq!((none.len(), one.len()), (0, 1));
        assert!(one.contains(&[]) && !none.contains(&[]));
        assert_eq!(one.union(&none), one);
        assert_eq!(one.intersection(&none), none);
        assert_eq!(one.difference(&none), one);
        assert!(none.is_subset(&one) && !one.is_subset(&none));
        assert_eq!(one.iter().collect::<Vec<_>>(), vec![&[] as &[Atom]]);
    }
}
