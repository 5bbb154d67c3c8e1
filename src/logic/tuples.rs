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

/// A set of tuples of one arity, kept sorted (lexicographically by atom index).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TupleSet {
    arity: usize,
    tuples: BTreeSet<Tuple>,
}

impl TupleSet {
    pub fn empty(arity: usize) -> TupleSet {
        TupleSet {
            arity,
            tuples: BTreeSet::new(),
        }
    }

    /// Panics if a tuple has the wrong arity: that is a bug in the caller, not a user error.
    pub fn from_tuples(arity: usize, tuples: impl IntoIterator<Item = Tuple>) -> TupleSet {
        let mut s = TupleSet::empty(arity);
        for t in tuples {
            s.insert(t);
        }
        s
    }

    /// The unary set of the given atoms.
    pub fn of_atoms(atoms: impl IntoIterator<Item = Atom>) -> TupleSet {
        TupleSet::from_tuples(1, atoms.into_iter().map(|a| vec![a]))
    }

    pub fn arity(&self) -> usize {
        self.arity
    }

    pub fn len(&self) -> usize {
        self.tuples.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tuples.is_empty()
    }

    pub fn contains(&self, t: &[Atom]) -> bool {
        self.tuples.contains(t)
    }

    pub fn insert(&mut self, t: Tuple) -> bool {
        assert_eq!(t.len(), self.arity, "tuple arity mismatch");
        self.tuples.insert(t)
    }

    pub fn remove(&mut self, t: &[Atom]) -> bool {
        self.tuples.remove(t)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Tuple> + '_ {
        self.tuples.iter()
    }

    /// The tuples whose first atom is `first`, in order.
    pub fn starting_with(&self, first: Atom) -> impl Iterator<Item = &Tuple> + '_ {
        let (from, to) = (vec![first], vec![first.saturating_add(1)]);
        let all = first == Atom::MAX;
        self.tuples
            .range(from..)
            .take_while(move |t| all || **t < to)
    }

    pub fn is_subset(&self, other: &TupleSet) -> bool {
        self.tuples.is_subset(&other.tuples)
    }

    pub fn union(&self, other: &TupleSet) -> TupleSet {
        TupleSet {
            arity: self.arity,
            tuples: self.tuples.union(&other.tuples).cloned().collect(),
        }
    }

    pub fn intersection(&self, other: &TupleSet) -> TupleSet {
        TupleSet {
            arity: self.arity,
            tuples: self.tuples.intersection(&other.tuples).cloned().collect(),
        }
    }

    pub fn difference(&self, other: &TupleSet) -> TupleSet {
        TupleSet {
            arity: self.arity,
            tuples: self.tuples.difference(&other.tuples).cloned().collect(),
        }
    }

    /// Atoms occurring anywhere in the tuples.
    pub fn atoms(&self) -> BTreeSet<Atom> {
        self.tuples.iter().flatten().copied().collect()
    }
}

impl<'a> IntoIterator for &'a TupleSet {
    type Item = &'a Tuple;
    type IntoIter = std::collections::btree_set::Iter<'a, Tuple>;
    fn into_iter(self) -> Self::IntoIter {
        self.tuples.iter()
    }
}
