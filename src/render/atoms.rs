//! Alloy's atom names for an instance (`Node$0`, `A1$2`, `unused0`).
//!
//! An atom is named after the most specific sig that holds it, numbered per sig in universe
//! order, or along the chain when a `next` field (or util/ordering's `Next`) linearly
//! orders the sig's atoms.

use std::collections::{BTreeMap, BTreeSet};

use super::Presentation;
use crate::instance::Instance;
use crate::instance::evaluate::eval_expr;
use crate::logic::{Atom, Expr, TupleSet};

/// Alloy's atom names: the most specific sig and a number (`Node$0`).
pub fn alloy_atom_names(p: &Presentation, inst: &Instance) -> Vec<String> {
    let mut names: Vec<Option<String>> = vec![None; inst.universe.len()];
    for (atom, name) in &p.named_atoms {
        if let Some(slot) = names.get_mut(*atom as usize) {
            *slot = Some(name.clone());
        }
    }
    let chains = chains(p, inst);
    let mut labels = UniqueLabels::default();
    for sig in p.sigs.iter().filter(|s| s.names_atoms) {
        let label = labels.make(&sig.label);
        let atoms = unary_atoms(&value_or_empty(inst, &sig.value));
        // A chain that orders exactly this sig's atoms decides their numbering.
        let order = chains
            .iter()
            .find(|chain| chain.iter().copied().collect::<BTreeSet<Atom>>() == atoms)
            .cloned()
            .unwrap_or_else(|| atoms.iter().copied().collect());
        let mut index = 0;
        for atom in order {
            // Children come first in `p.sigs`, so an atom named already has a more
            // specific sig.
            if let Some(slot @ None) = names.get_mut(atom as usize) {
                *slot = Some(format!("{label}${index}"));
                index += 1;
            }
        }
    }
    let mut unused = 0;
    names
        .into_iter()
        .map(|name| {
            name.unwrap_or_else(|| {
                unused += 1;
                format!("unused{}", unused - 1)
            })
        })
        .collect()
}

/// The name of `atom`, or a placeholder for an atom outside the universe (a malformed
/// instance must still render).
pub fn atom_name(names: &[String], atom: Atom) -> String {
    names
        .get(atom as usize)
        .cloned()
        .unwrap_or_else(|| format!("?{atom}"))
}

/// The tuples of `value` as atom names, ordered by name with numbers compared as numbers
/// (`N$2` before `N$10`), so that chain-numbered atoms read in chain order.
pub fn named_tuples(value: &TupleSet, names: &[String]) -> Vec<Vec<String>> {
    let mut rows: Vec<Vec<String>> = value
        .iter()
        .map(|t| t.iter().map(|&a| atom_name(names, a)).collect())
        .collect();
    rows.sort_by_cached_key(|row| row.iter().map(|n| natural_key(n)).collect::<Vec<_>>());
    rows
}

/// A name split into its text and its trailing number.
pub(super) fn natural_key(name: &str) -> (String, u64) {
    let text = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let number = name[text.len()..].parse().unwrap_or(u64::MAX);
    (text.to_string(), number)
}

/// A sig's or field's value; an expression that does not evaluate shows as empty, since
/// rendering has no way to report errors and the value was checked when the instance was.
pub(super) fn value_or_empty(inst: &Instance, e: &Expr) -> TupleSet {
    eval_expr(inst, e).unwrap_or_else(|_| TupleSet::empty(e.arity()))
}

fn unary_atoms(ts: &TupleSet) -> BTreeSet<Atom> {
    if ts.arity() == 1 {
        ts.atoms()
    } else {
        BTreeSet::new()
    }
}

/// Alloy's unique-name rule: a label used before gets `'` appended until it is new.
#[derive(Default)]
struct UniqueLabels {
    used: BTreeSet<String>,
}

impl UniqueLabels {
    fn make(&mut self, label: &str) -> String {
        let mut label = label.to_string();
        while self.used.contains(&label) {
            label.push('\'');
        }
        self.used.insert(label.clone());
        label
    }
}

/// The linear chains of the instance, each as its atoms from head to tail: binary fields
/// named `next` (any case), and util/ordering's `Next` (a ternary field on a hidden
/// `…/Ord` sig, whose first column is the one `Ord` atom).
fn chains(p: &Presentation, inst: &Instance) -> Vec<Vec<Atom>> {
    let is_ordering_sig = |label: &str| {
        p.sigs
            .iter()
            .any(|s| s.label == label && s.hidden && (label == "Ord" || label.ends_with("/Ord")))
    };
    let mut chains = Vec::new();
    for field in &p.fields {
        let value = value_or_empty(inst, &field.value);
        let edges: Vec<(Atom, Atom)> =
            if field.name.eq_ignore_ascii_case("next") && value.arity() == 2 {
                value.iter().map(|t| (t[0], t[1])).collect()
            } else if field.name == "Next" && value.arity() == 3 && is_ordering_sig(&field.sig) {
                value.iter().map(|t| (t[1], t[2])).collect()
            } else {
                continue;
            };
        if let Some(chain) = linear_chain(&edges) {
            chains.push(chain);
        }
    }
    chains
}

/// The atoms of `edges` from head to tail if the edges form one simple path.
fn linear_chain(edges: &[(Atom, Atom)]) -> Option<Vec<Atom>> {
    let successor: BTreeMap<Atom, Atom> = edges.iter().copied().collect();
    let targets: BTreeSet<Atom> = edges.iter().map(|&(_, b)| b).collect();
    if successor.len() != edges.len() || targets.len() != edges.len() {
        return None; // an atom with two successors or two predecessors
    }
    let mut heads = successor.keys().filter(|a| !targets.contains(a));
    let head = *heads.next()?;
    if heads.next().is_some() {
        return None;
    }
    let mut chain = vec![head];
    let mut current = head;
    while let Some(&next) = successor.get(&current) {
        chain.push(next);
        current = next;
    }
    // Fewer atoms than edges + 1 means a detached cycle.
    (chain.len() == edges.len() + 1).then_some(chain)
}
