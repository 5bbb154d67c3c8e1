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
}

impl Universe {
    pub fn new(names: Vec<String>) -> Universe {
        Universe { names }
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
