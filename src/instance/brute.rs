//! Brute-force enumeration of every instance within some bounds: the reference that the
//! solver's answers and model counts are compared against on tiny problems.

use super::Instance;
use super::evaluate::{EvalError, eval_formula};
use crate::logic::{Atom, Bounds, Formula, TupleSet};

/// Calls `f` with every instance within the bounds (each relation between lower and upper),
/// stopping early if `f` returns false. Errors if the number of instances exceeds `limit`.
///
/// A relation whose lower bound is not within its upper bound has no value, so such bounds
/// have no instances at all.
pub fn for_each_instance(
    bounds: &Bounds,
    limit: u64,
    mut f: impl FnMut(&Instance) -> bool,
) -> Result<(), EvalError> {
    if bounds
        .relations
        .iter()
        .any(|r| !r.lower.is_subset(&r.upper))
    {
        return Ok(());
    }
    // Every tuple in some upper bound but not in the lower bound is free: one instance per
    // subset of the free tuples, the bits of a counter choosing which ones are in.
    let free: Vec<(usize, &[Atom])> = bounds
        .relations
        .iter()
        .enumerate()
        .flat_map(|(i, r)| {
            r.upper
                .iter()
                .filter(|t| !r.lower.contains(t))
                .map(move |t| (i, t))
        })
        .collect();
    let count = 1u64
        .checked_shl(free.len() as u32)
        .filter(|_| free.len() < 64)
        .filter(|&n| n <= limit)
        .ok_or_else(|| EvalError {
            message: format!(
                "the bounds have 2^{} instances, more than the limit of {limit}",
                free.len()
            ),
        })?;
    for mask in 0..count {
        let mut values: Vec<TupleSet> = bounds.relations.iter().map(|r| r.lower.clone()).collect();
        for (bit, (relation, tuple)) in free.iter().enumerate() {
            if mask & (1 << bit) != 0 {
                values[*relation].insert(tuple);
            }
        }
        let instance = Instance {
            universe: bounds.universe.clone(),
            values,
        };
        if !f(&instance) {
            break;
        }
    }
    Ok(())
}

/// Count the instances satisfying `formula` (with the limit above).
pub fn count_models(bounds: &Bounds, formula: &Formula, limit: u64) -> Result<u64, EvalError> {
    let mut models = 0;
    let mut failure = None;
    for_each_instance(bounds, limit, |instance| {
        match eval_formula(instance, formula) {
            Ok(holds) => {
                models += u64::from(holds);
                true
            }
            Err(e) => {
                failure = Some(e);
                false
            }
        }
    })?;
    match failure {
        Some(e) => Err(e),
        None => Ok(models),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Decl, DeclMult, Expr, RelId, Relation, RelationKind, Universe, VarId};

    fn universe(n: u32) -> Universe {
        Universe::new((0..n).map(|i| format!("a{i}")).collect())
    }

    fn all_pairs(n: u32) -> TupleSet {
        TupleSet::from_tuples(2, (0..n).flat_map(|a| (0..n).map(move |b| vec![a, b])))
    }

    fn relation(name: &str, lower: TupleSet, upper: TupleSet) -> Relation {
        Relation {
            name: name.to_string(),
            arity: upper.arity(),
            kind: RelationKind::Sig,
            lower,
            upper,
        }
    }

    /// A unary relation `s` within 0..n and a binary `r` within s's upper bound squared.
    fn two_relations(n: u32) -> (Bounds, Expr, Expr) {
        let mut bounds = Bounds {
            universe: universe(n),
            relations: vec![],
        };
        let s = bounds.add(relation("s", TupleSet::empty(1), TupleSet::of_atoms(0..n)));
        let r = bounds.add(relation("r", TupleSet::empty(2), all_pairs(n)));
        (bounds, Expr::rel(s, 1), Expr::rel(r, 2))
    }

    #[test]
    fn enumerates_every_instance_once_within_bounds() {
        let mut bounds = Bounds {
            universe: universe(3),
            relations: vec![],
        };
        // lower {a0}, upper {a0, a1, a2}: 4 values; lower = upper: 1 value.
        bounds.add(relation(
            "s",
            TupleSet::of_atoms([0]),
            TupleSet::of_atoms(0..3),
        ));
        bounds.add(relation(
            "t",
            TupleSet::of_atoms([1]),
            TupleSet::of_atoms([1]),
        ));
        let mut seen = Vec::new();
        for_each_instance(&bounds, 100, |inst| {
            assert_eq!(inst.universe, bounds.universe);
            seen.push(inst.values.clone());
            true
        })
        .unwrap();
        assert_eq!(seen.len(), 4);
        for values in &seen {
            assert!(values[0].contains(&[0]));
            assert!(values[0].is_subset(&TupleSet::of_atoms(0..3)));
            assert_eq!(values[1], TupleSet::of_atoms([1]));
        }
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 4, "an instance was produced twice");
    }

    #[test]
    fn stops_when_the_callback_says_so() {
        let (bounds, _, _) = two_relations(2);
        let mut calls = 0;
        for_each_instance(&bounds, u64::MAX, |_| {
            calls += 1;
            calls < 5
        })
        .unwrap();
        assert_eq!(calls, 5);
    }

    #[test]
    fn limit_is_enforced() {
        // 2 + 4 free tuples: 64 instances.
        let (bounds, _, _) = two_relations(2);
        assert!(for_each_instance(&bounds, 64, |_| true).is_ok());
        let err = for_each_instance(&bounds, 63, |_| true).unwrap_err();
        assert!(err.message.contains("2^6 instances"), "{err}");
        // 8 + 64 free tuples overflow any counter: an error, not a panic.
        let (bounds, _, _) = two_relations(8);
        assert!(for_each_instance(&bounds, u64::MAX, |_| true).is_err());
    }

    #[test]
    fn inconsistent_bounds_have_no_instances() {
        let mut bounds = Bounds {
            universe: universe(2),
            relations: vec![],
        };
        bounds.relations.push(relation(
            "s",
            TupleSet::of_atoms([0, 1]),
            TupleSet::of_atoms([0]),
        ));
        let mut calls = 0;
        for_each_instance(&bounds, 10, |_| {
            calls += 1;
            true
        })
        .unwrap();
        assert_eq!(calls, 0);
    }

    #[test]
    fn empty_bounds_have_one_instance() {
        let bounds = Bounds::default();
        assert_eq!(count_models(&bounds, &Formula::true_(), 1).unwrap(), 1);
        assert_eq!(count_models(&bounds, &Formula::false_(), 1).unwrap(), 0);
    }

    #[test]
    fn counts_on_tiny_bounds() {
        let (bounds, s, r) = two_relations(2);
        let count = |f: &Formula| count_models(&bounds, f, 1 << 10).unwrap();
        // 4 values of s times 16 values of r.
        assert_eq!(count(&Formula::true_()), 64);
        assert_eq!(count(&s.no()), 16);
        assert_eq!(count(&s.one()), 2 * 16);
        assert_eq!(count(&s.lone()), 3 * 16);
        // r within s->s: for |s| = 0, 1, 2 there are 1, 2, 16 values of r.
        assert_eq!(
            count(&r.in_(&Expr::product(s.clone(), s.clone()))),
            1 + 2 * 2 + 16
        );
        // r is a function on s: each atom of s maps to exactly one atom.
        let x = Decl {
            var: VarId(0),
            name: "x".into(),
            mult: DeclMult::One,
            bound: s.clone(),
        };
        let function = Formula::and([
            r.in_(&Expr::product(s.clone(), s.clone())),
            Formula::forall(vec![x.clone()], Expr::join(x.var_expr(), r.clone()).one()),
        ]);
        // |s| = 0: 1; |s| = 1: 1 (the loop); |s| = 2: 2 * 2.
        assert_eq!(count(&function), 1 + 2 + 4);
        // Two total orders on two atoms for each choice of first.
        let first = Expr::constant(TupleSet::of_atoms([0]));
        assert_eq!(
            count(&Formula::total_order(s.clone(), first, r.clone())),
            1 + 1
        );
    }

    #[test]
    fn evaluation_errors_propagate() {
        let (bounds, _, _) = two_relations(1);
        let broken = Expr::rel(RelId(7), 1).some();
        assert!(count_models(&bounds, &broken, 10).is_err());
    }
}
