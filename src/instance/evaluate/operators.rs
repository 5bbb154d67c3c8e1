//! Relational operators over explicit tuple sets (join, product, closure, …) and the
//! order tests, straight from their definitions.

use std::collections::{BTreeSet, HashMap, HashSet};

use super::EvalError;
use crate::logic::{Atom, Expr, TupleSet};

pub(super) fn identity(atoms: impl Iterator<Item = Atom>) -> TupleSet {
    TupleSet::from_flat(2, atoms.flat_map(|a| [a, a]).collect())
}

pub(super) fn filter(rel: &TupleSet, keep: impl Fn(&[Atom]) -> bool) -> TupleSet {
    TupleSet::from_tuples(rel.arity(), rel.iter().filter(|t| keep(t)))
}

/// `a ++ b`: the tuples of `b`, and those of `a` whose first atom is not a first atom of `b`.
pub(super) fn override_(a: &TupleSet, b: &TupleSet) -> TupleSet {
    let dom_b: BTreeSet<Atom> = b.iter().map(|t| t[0]).collect();
    b.union(&filter(a, |t| !dom_b.contains(&t[0])))
}

pub(super) fn check_join_arities(a: &TupleSet, b: &TupleSet, e: &Expr) -> Result<(), EvalError> {
    if a.arity() == 0 || b.arity() == 0 || a.arity() + b.arity() < 3 {
        return Err(EvalError::new(format!(
            "cannot join arities {} and {} in `{e}`",
            a.arity(),
            b.arity()
        )));
    }
    Ok(())
}

/// Each tuple with its last atom moved to the front.
pub(super) fn rotate_last_first(r: &TupleSet) -> TupleSet {
    let mut atoms = Vec::with_capacity(r.len() * r.arity());
    for t in r {
        atoms.push(t[t.len() - 1]);
        atoms.extend_from_slice(&t[..t.len() - 1]);
    }
    TupleSet::from_flat(r.arity(), atoms)
}

/// The join `a.b` given `a` rotated by `rotate_last_first`: for each tuple of `b`, the
/// tuples of `a` that end with its first atom. The same value as `join(a, b)`.
pub(super) fn backward_join(a_rotated: &TupleSet, b: &TupleSet, a_arity: usize) -> TupleSet {
    let mut atoms = Vec::new();
    for u in b {
        for t in a_rotated.starting_with(u[0]) {
            atoms.extend_from_slice(&t[1..]);
            atoms.extend_from_slice(&u[1..]);
        }
    }
    TupleSet::from_flat(a_arity + b.arity() - 2, atoms)
}

/// Relational join: `t ++ u` without the matched atoms, for `t ∈ a`, `u ∈ b`, last of `t` =
/// first of `u`.
pub(super) fn join(a: &TupleSet, b: &TupleSet) -> TupleSet {
    let mut atoms = Vec::new();
    for t in a {
        for u in b.starting_with(t[t.len() - 1]) {
            atoms.extend_from_slice(&t[..t.len() - 1]);
            atoms.extend_from_slice(&u[1..]);
        }
    }
    TupleSet::from_flat(a.arity() + b.arity() - 2, atoms)
}

/// `a -> b`: in order already, as both sides are.
pub(super) fn product(a: &TupleSet, b: &TupleSet) -> TupleSet {
    let mut atoms = Vec::with_capacity(a.len() * b.len() * (a.arity() + b.arity()));
    for t in a {
        for u in b {
            atoms.extend_from_slice(t);
            atoms.extend_from_slice(u);
        }
    }
    TupleSet::from_flat(a.arity() + b.arity(), atoms)
}

pub(super) fn transpose(r: &TupleSet) -> TupleSet {
    TupleSet::from_flat(2, r.iter().flat_map(|t| [t[1], t[0]]).collect())
}

/// Each first atom of a binary relation with the atoms it relates to.
pub(super) fn successor_lists(r: &TupleSet) -> HashMap<Atom, Vec<Atom>> {
    let mut successors: HashMap<Atom, Vec<Atom>> = HashMap::new();
    for t in r {
        successors.entry(t[0]).or_default().push(t[1]);
    }
    successors
}

/// The least transitive relation containing `r`: the atoms reachable in one step or more
/// from each first atom, by a depth-first search over `r`'s successor lists. (Joining
/// until nothing changes costs a join of the whole closure per path length: seconds on a
/// commit order over 200 transactions.)
pub(super) fn closure(r: &TupleSet) -> TupleSet {
    let successors = successor_lists(r);
    let mut out = Vec::new();
    let mut seen: HashSet<Atom> = HashSet::new();
    let mut stack = Vec::new();
    for (&source, first) in &successors {
        seen.clear();
        stack.extend_from_slice(first);
        while let Some(a) = stack.pop() {
            if seen.insert(a) {
                out.extend_from_slice(&[source, a]);
                if let Some(next) = successors.get(&a) {
                    stack.extend(next.iter().filter(|b| !seen.contains(b)));
                }
            }
        }
    }
    TupleSet::from_flat(2, out)
}

/// `rel` lies within `elems × elems`, no element relates to itself, `rel` is transitive,
/// and any two distinct elements are related one way or the other.
pub(super) fn is_strict_total_order(rel: &TupleSet, elems: &TupleSet) -> bool {
    let within = rel
        .iter()
        .all(|t| elems.contains(&[t[0]]) && elems.contains(&[t[1]]));
    let irreflexive = rel.iter().all(|t| t[0] != t[1]);
    // a -> b and b -> c imply a -> c: b's successors are among a's (one pass over each
    // pair's successor set, not over every pair of pairs).
    let mut successors: HashMap<Atom, BTreeSet<Atom>> = HashMap::new();
    for t in rel.iter() {
        successors.entry(t[0]).or_default().insert(t[1]);
    }
    let none = BTreeSet::new();
    let transitive = rel.iter().all(|ab| {
        let of_a = successors.get(&ab[0]).unwrap_or(&none);
        successors
            .get(&ab[1])
            .unwrap_or(&none)
            .iter()
            .all(|c| of_a.contains(c))
    });
    let total = elems.iter().all(|a| {
        elems
            .iter()
            .all(|b| a == b || rel.contains(&[a[0], b[0]]) || rel.contains(&[b[0], a[0]]))
    });
    within && irreflexive && transitive && total
}

/// `first` is one atom of `elems`, and `next` is exactly the chain that starts at it and
/// visits every element of `elems` once.
pub(super) fn is_total_order(elems: &TupleSet, first: &TupleSet, next: &TupleSet) -> bool {
    if elems.is_empty() || first.len() != 1 || !first.is_subset(elems) {
        return false;
    }
    let in_elems = |t: &[Atom]| elems.contains(&t[..1]) && elems.contains(&t[1..]);
    if !next.iter().all(in_elems) {
        return false;
    }
    // Walk the successor chain from `first`; it must not branch or revisit an atom.
    let mut current = first.iter().next().expect("one tuple")[0];
    let mut visited = BTreeSet::from([current]);
    loop {
        let successors: Vec<Atom> = next
            .iter()
            .filter(|t| t[0] == current)
            .map(|t| t[1])
            .collect();
        match successors.as_slice() {
            [] => break,
            [s] if visited.insert(*s) => current = *s,
            _ => return false,
        }
    }
    // The chain covers `elems`, and `next` holds nothing but its edges.
    visited.len() == elems.len() && next.len() == elems.len() - 1
}
