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

/// One name per atom of the instance's universe, indexed by atom: in a model of
/// histories the transactions take the history view's names (`T0`, `T1`, …), so that
/// tables, `eval`, JSON, XML and DOT speak of the same `T1` as the history.
pub fn atom_names(p: &Presentation, inst: &Instance) -> Vec<String> {
    let mut names = alloy_atom_names(p, inst);
    if let Some(txns) = super::history::txn_names(p, inst) {
        let taken: BTreeSet<String> = names.iter().cloned().collect();
        // A history name that is another atom's name already would make two atoms one.
        if txns
            .iter()
            .all(|(a, n)| names.get(*a as usize) == Some(n) || !taken.contains(n))
        {
            for (atom, name) in txns {
                if let Some(slot) = names.get_mut(atom as usize) {
                    *slot = name;
                }
            }
        }
    }
    names
}

/// The names an instance's atoms go by in the views, all at once, so that `eval` reads
/// every name a view prints and prints in the history view's: Alloy's names (`Obj$0`, as
/// tables, JSON, XML and DOT print them; transactions `T1` everywhere) and, for a model
/// of histories, the history's objects (`x`) and values: `x$1` is the value the history
/// writes `1` in `w(x,1)`. (A bare `1` is an integer: the value's name needs its object.)
#[derive(Clone, Debug)]
pub struct Vocabulary {
    /// Alloy's name of each atom.
    pub atoms: Vec<String>,
    /// The history's object names that are printed.
    objects: BTreeMap<Atom, String>,
    /// Those that are names of their own here (not the model's sigs, which resolve by
    /// themselves).
    bound_objects: BTreeSet<Atom>,
    /// `(object, value) -> x$1`.
    values: BTreeMap<(Atom, Atom), String>,
    /// Every object of the history, named or not.
    history_objects: BTreeSet<Atom>,
}

impl Vocabulary {
    /// The names of `inst`'s atoms. `taken` says which names the model already has: a
    /// history name that is one of them is left out (the model's meaning wins).
    pub fn new(p: &Presentation, inst: &Instance, taken: &dyn Fn(&str) -> bool) -> Vocabulary {
        let atoms = atom_names(p, inst);
        let mut vocabulary = Vocabulary {
            objects: BTreeMap::new(),
            bound_objects: BTreeSet::new(),
            values: BTreeMap::new(),
            history_objects: BTreeSet::new(),
            atoms,
        };
        let Some(history) = super::history::history_names(p, inst) else {
            return vocabulary;
        };
        let alloy: BTreeSet<&str> = vocabulary.atoms.iter().map(String::as_str).collect();
        let free = |name: &str| !taken(name) && !alloy.contains(name);
        vocabulary.history_objects = history.objects.keys().copied().collect();
        for (&x, name) in &history.objects {
            if history.objects_are_sigs {
                // `checking` is the model's one-atom sig: it already names the object.
                vocabulary.objects.insert(x, name.clone());
            } else if free(name) {
                vocabulary.objects.insert(x, name.clone());
                vocabulary.bound_objects.insert(x);
            }
        }
        for (&(x, v), number) in &history.values {
            if let Some(object) = vocabulary.objects.get(&x) {
                let name = format!("{object}${number}");
                if free(&name) {
                    vocabulary.values.insert((x, v), name);
                }
            }
        }
        vocabulary
    }

    /// Every name that denotes one atom, with its atom: Alloy's names (not the integers',
    /// which are numbers) and the history's.
    pub fn bindings(&self) -> Vec<(String, Atom)> {
        let mut out: Vec<(String, Atom)> = self
            .atoms
            .iter()
            .enumerate()
            .filter(|(_, n)| n.starts_with(|c: char| c.is_alphabetic() || c == '_' || c == '$'))
            .map(|(a, n)| (n.clone(), a as Atom))
            .collect();
        out.extend(
            self.bound_objects
                .iter()
                .map(|x| (self.objects[x].clone(), *x)),
        );
        out.extend(self.values.iter().map(|(&(_, v), n)| (n.clone(), v)));
        out
    }

    /// Whether `name` is one of the history's names for an atom.
    pub fn is_history_name(&self, name: &str) -> bool {
        self.objects.values().any(|n| n == name) || self.values.values().any(|n| n == name)
    }

    /// One tuple in the history's names where it has them: an object as `x`, a value
    /// after its object as that object's (`x -> x$1`), a value elsewhere by its one
    /// history name if it has one; Alloy's names for the rest.
    pub fn tuple(&self, tuple: &[Atom]) -> Vec<String> {
        let mut out = Vec::with_capacity(tuple.len());
        for (i, &a) in tuple.iter().enumerate() {
            let object_before = i
                .checked_sub(1)
                .map(|j| tuple[j])
                .filter(|x| self.history_objects.contains(x));
            let value_name = match object_before {
                // Next to its object, a value has that object's name for it or none.
                Some(x) => self.values.get(&(x, a)),
                None => {
                    let mut names = self.values.iter().filter(|((_, v), _)| *v == a);
                    match (names.next(), names.next()) {
                        (Some((_, n)), None) => Some(n),
                        _ => None,
                    }
                }
            };
            let name = self
                .objects
                .get(&a)
                .or(value_name)
                .cloned()
                .unwrap_or_else(|| atom_name(&self.atoms, a));
            out.push(name);
        }
        out
    }

    /// The tuples of `value` in these names, sorted as `named_tuples` sorts them.
    pub fn tuples(&self, value: &TupleSet) -> Vec<Vec<String>> {
        let mut rows: Vec<Vec<String>> = value.iter().map(|t| self.tuple(t)).collect();
        rows.sort_by_cached_key(|row| row.iter().map(|n| natural_key(n)).collect::<Vec<_>>());
        rows
    }
}

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
fn natural_key(name: &str) -> (String, u64) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{RelId, Universe};
    use crate::render::{FieldView, SigView};

    fn inst(n: u32, values: Vec<TupleSet>) -> Instance {
        Instance {
            universe: Universe::new((0..n).map(|i| format!("u{i}")).collect()),
            values,
        }
    }

    fn sig(label: &str, rel: u32, names_atoms: bool) -> SigView {
        SigView {
            label: label.into(),
            value: Expr::rel(RelId(rel), 1),
            names_atoms,
            hidden: false,
        }
    }

    fn field(sig: &str, name: &str, rel: u32, arity: usize) -> FieldView {
        FieldView {
            sig: sig.into(),
            name: name.into(),
            value: Expr::rel(RelId(rel), arity),
            hidden: false,
        }
    }

    fn set(atoms: &[Atom]) -> TupleSet {
        TupleSet::of_atoms(atoms.iter().copied())
    }

    fn pairs(ps: &[(Atom, Atom)]) -> TupleSet {
        TupleSet::from_tuples(2, ps.iter().map(|&(a, b)| vec![a, b]))
    }

    #[test]
    fn most_specific_sig_wins_and_unused_atoms_are_numbered() {
        // abstract A = A1 + A2, B, a subset sig S in B; atom 6 is in no sig.
        let p = Presentation {
            sigs: vec![
                sig("A1", 0, true),
                sig("A2", 1, true),
                sig("A", 2, true),
                sig("B", 3, true),
                sig("S", 4, false),
            ],
            fields: vec![],
            ..Default::default()
        };
        let i = inst(
            7,
            vec![
                set(&[2]),
                set(&[0, 3]),
                set(&[0, 2, 3]),
                set(&[1, 4, 5]),
                set(&[4]),
            ],
        );
        assert_eq!(
            atom_names(&p, &i),
            vec!["A2$0", "B$0", "A1$0", "A2$1", "B$1", "B$2", "unused0"]
        );
    }

    #[test]
    fn a_parent_numbers_only_the_atoms_its_children_left() {
        let p = Presentation {
            sigs: vec![sig("Child", 0, true), sig("Parent", 1, true)],
            fields: vec![],
            ..Default::default()
        };
        let i = inst(3, vec![set(&[1]), set(&[0, 1, 2])]);
        assert_eq!(atom_names(&p, &i), vec!["Parent$0", "Child$0", "Parent$1"]);
    }

    #[test]
    fn a_repeated_label_gets_a_prime() {
        let p = Presentation {
            sigs: vec![sig("N", 0, true), sig("N", 1, true), sig("N", 2, true)],
            fields: vec![],
            ..Default::default()
        };
        let i = inst(3, vec![set(&[2]), set(&[1]), set(&[0])]);
        assert_eq!(atom_names(&p, &i), vec!["N''$0", "N'$0", "N$0"]);
    }

    #[test]
    fn next_field_orders_the_numbering() {
        // sig N { next: lone N } with next = u2 -> u0 -> u1.
        let p = Presentation {
            sigs: vec![sig("N", 0, true)],
            fields: vec![field("N", "NeXt", 1, 2)],
            ..Default::default()
        };
        let i = inst(3, vec![set(&[0, 1, 2]), pairs(&[(2, 0), (0, 1)])]);
        assert_eq!(atom_names(&p, &i), vec!["N$1", "N$2", "N$0"]);
        // A next that does not cover the sig, or that branches, leaves universe order.
        for next in [
            pairs(&[(2, 0)]),
            pairs(&[(2, 0), (2, 1)]),
            pairs(&[(0, 1), (1, 0)]),
        ] {
            let i = inst(3, vec![set(&[0, 1, 2]), next]);
            assert_eq!(atom_names(&p, &i), vec!["N$0", "N$1", "N$2"]);
        }
    }

    #[test]
    fn ordering_next_orders_the_numbering() {
        // open util/ordering[T]: o/Ord<:Next = Ord$0 -> (u2 -> u1, u1 -> u0).
        let mut ord = sig("o/Ord", 1, true);
        ord.hidden = true;
        let p = Presentation {
            sigs: vec![sig("T", 0, true), ord],
            fields: vec![field("o/Ord", "Next", 2, 3)],
            ..Default::default()
        };
        let next = TupleSet::from_tuples(3, [vec![3, 2, 1], vec![3, 1, 0]]);
        let i = inst(4, vec![set(&[0, 1, 2]), set(&[3]), next.clone()]);
        assert_eq!(atom_names(&p, &i), vec!["T$2", "T$1", "T$0", "o/Ord$0"]);
        // The same field on a visible sig is not the ordering hook.
        let mut p = p;
        p.sigs[1].hidden = false;
        assert_eq!(atom_names(&p, &i), vec!["T$0", "T$1", "T$2", "o/Ord$0"]);
    }

    #[test]
    fn named_tuples_sort_numbers_as_numbers() {
        let names: Vec<String> = ["N$10", "N$2", "M$1", "unused0"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let value = pairs(&[(0, 3), (1, 0), (0, 1), (2, 2)]);
        let rows = named_tuples(&value, &names);
        let expected = [
            ["M$1", "M$1"],
            ["N$2", "N$10"],
            ["N$10", "N$2"],
            ["N$10", "unused0"],
        ];
        assert_eq!(
            rows,
            expected.map(|r| r.map(String::from).to_vec()).to_vec()
        );
    }

    #[test]
    fn out_of_range_atoms_do_not_panic() {
        let p = Presentation {
            sigs: vec![sig("A", 0, true)],
            fields: vec![],
            ..Default::default()
        };
        let i = inst(1, vec![set(&[0, 5])]);
        let names = atom_names(&p, &i);
        assert_eq!(names, vec!["A$0"]);
        assert_eq!(atom_name(&names, 5), "?5");
        // A sig whose value cannot be evaluated names nothing.
        let p = Presentation {
            sigs: vec![sig("A", 9, true)],
            fields: vec![],
            ..Default::default()
        };
        assert_eq!(atom_names(&p, &i), vec!["unused0"]);
    }
}
