//! The names the views give an instance's atoms: Alloy's (`atoms.rs`), with the history
//! view's names for transactions, objects and values in a model of histories, so that
//! every view and `eval` speak one vocabulary.

use std::collections::{BTreeMap, BTreeSet};

use super::Presentation;
use super::atoms::natural_key;
pub use super::atoms::{alloy_atom_names, atom_name, named_tuples};
use crate::instance::Instance;
use crate::logic::{Atom, TupleSet};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Expr, RelId, Universe};
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
