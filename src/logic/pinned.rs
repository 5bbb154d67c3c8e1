//! Relations that a fact pins to one value: `reads = T1 -> x -> v1 + T2 -> y -> v0`.
//!
//! A model of a concrete history (the history files of the examples, `solder classify`)
//! fixes its relations by facts of the form `rel = e` where `e` is built from relations
//! whose bounds are already exact (`one sig`s). Left as a constraint, such a fact makes
//! every tuple of `rel`'s type a variable and every formula over `rel` a circuit; the
//! translation of a 40-transaction history then takes seconds per command. Setting the
//! relation's lower and upper bound to that value makes it a constant, and the circuit
//! folds. The fact stays in the formula, so the pass changes no verdict: when the value
//! lies outside the relation's bounds the bounds are left alone and the fact makes the
//! problem unsatisfiable as before. It is on with tight bounds (`--no-tight-bounds` turns
//! it off) and runs to a fixpoint, because one pinned relation can make another fact's
//! right-hand side exact.
//!
//! A top-level `rel in e` narrows instead: `rel` can hold nothing outside `e`'s upper
//! bound (a generated program model says which table each statement selects from:
//! `cand in Inst -> (S1 -> Warehouse + …)`, so `cand` gets no variable for a record of
//! another table).

use super::ast::{Expr, ExprKind, Formula, FormulaKind};
use super::problem::Bounds;
use super::tuples::TupleSet;
use super::upper::{
    closure, domain_restrict, identity, join, product, range_restrict, transpose, upper_bound,
};
use std::collections::HashMap;

/// Pin every relation that a top-level conjunct `rel = e` (or `e = rel`) fixes to a value
/// computable from exact bounds, and narrow every relation that a top-level `rel in e`
/// keeps within `e`'s upper bound. Returns how many relations were pinned or narrowed.
pub fn bound_by_facts(formula: &Formula, bounds: &mut Bounds) -> usize {
    let (mut equalities, mut subsets) = (Vec::new(), Vec::new());
    collect_facts(formula, &mut equalities, &mut subsets);
    let mut pinned = 0;
    loop {
        let mut changed = false;
        for (lhs, rhs) in &subsets {
            let ExprKind::Rel(r) = lhs.kind() else {
                continue;
            };
            let within = upper_bound(rhs, bounds, &HashMap::new());
            let rel = bounds.relation(*r);
            let narrowed = rel.upper.intersection(&within);
            // A lower bound outside it: the fact makes the problem unsatisfiable, as it
            // did before; the bounds stay well formed.
            if narrowed.len() < rel.upper.len() && rel.lower.is_subset(&narrowed) {
                bounds.relations[r.0 as usize].upper = narrowed;
                pinned += 1;
                changed = true;
            }
        }
        for (a, b) in &equalities {
            for (lhs, rhs) in [(a, b), (b, a)] {
                let ExprKind::Rel(r) = lhs.kind() else {
                    continue;
                };
                let rel = bounds.relation(*r);
                if rel.lower == rel.upper {
                    continue;
                }
                let Some(value) = exact_value(rhs, bounds) else {
                    continue;
                };
                if rel.lower.is_subset(&value) && value.is_subset(&rel.upper) {
                    let rel = &mut bounds.relations[r.0 as usize];
                    rel.lower = value.clone();
                    rel.upper = value;
                    pinned += 1;
                    changed = true;
                }
            }
        }
        if !changed {
            return pinned;
        }
    }
}

/// The equalities `a = b` and the inclusions `a in b` among the conjuncts of `f` (through
/// nested conjunctions).
fn collect_facts(f: &Formula, equalities: &mut Vec<(Expr, Expr)>, subsets: &mut Vec<(Expr, Expr)>) {
    match f.kind() {
        FormulaKind::And(parts) => {
            for p in parts {
                collect_facts(p, equalities, subsets);
            }
        }
        FormulaKind::Equal(a, b) => equalities.push((a.clone(), b.clone())),
        FormulaKind::Subset(a, b) => subsets.push((a.clone(), b.clone())),
        _ => {}
    }
}

/// The value of `e` in every instance within `bounds`, when the bounds decide it: every
/// relation it mentions has equal lower and upper bounds and it has no variables.
pub fn exact_value(e: &Expr, bounds: &Bounds) -> Option<TupleSet> {
    use ExprKind::*;
    let n = bounds.universe.len();
    Some(match e.kind() {
        Rel(r) => {
            let rel = bounds.relation(*r);
            if rel.lower != rel.upper {
                return Option::None;
            }
            rel.upper.clone()
        }
        Const(ts) => ts.clone(),
        None => TupleSet::empty(e.arity()),
        Univ => TupleSet::of_atoms(0..n as super::tuples::Atom),
        Iden => identity(n),
        Union(a, b) => exact_value(a, bounds)?.union(&exact_value(b, bounds)?),
        Intersection(a, b) => exact_value(a, bounds)?.intersection(&exact_value(b, bounds)?),
        Difference(a, b) => exact_value(a, bounds)?.difference(&exact_value(b, bounds)?),
        Join(a, b) => join(&exact_value(a, bounds)?, &exact_value(b, bounds)?),
        Product(a, b) => product(&exact_value(a, bounds)?, &exact_value(b, bounds)?),
        Transpose(a) => transpose(&exact_value(a, bounds)?),
        Closure(a) => closure(&exact_value(a, bounds)?),
        Override(a, b) => {
            let (a, b) = (exact_value(a, bounds)?, exact_value(b, bounds)?);
            let firsts = b
                .iter()
                .map(|t| t[0])
                .collect::<std::collections::BTreeSet<_>>();
            let kept = a.iter().filter(|t| !firsts.contains(&t[0]));
            TupleSet::from_tuples(a.arity(), kept.chain(b.iter()))
        }
        DomainRestrict(s, r) => domain_restrict(&exact_value(s, bounds)?, &exact_value(r, bounds)?),
        RangeRestrict(r, s) => range_restrict(&exact_value(r, bounds)?, &exact_value(s, bounds)?),
        // Reflexive closure, comprehensions, variables and integers: left to the solver.
        _ => return Option::None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Relation, RelationKind, Universe};

    fn rel(name: &str, arity: usize, lower: TupleSet, upper: TupleSet) -> Relation {
        Relation {
            name: name.into(),
            arity,
            kind: RelationKind::Field,
            lower,
            upper,
        }
    }

    #[test]
    fn a_fact_over_exact_relations_pins_its_relation_and_chains() {
        let universe = Universe::new((0..3).map(|i| format!("A${i}")).collect());
        let a = TupleSet::of_atoms([0]);
        let b = TupleSet::of_atoms([1, 2]);
        let full2 = crate::logic::upper::full(3, 2);
        let mut bounds = Bounds {
            universe,
            relations: vec![
                rel("a", 1, a.clone(), a.clone()),
                rel("b", 1, b.clone(), b.clone()),
                rel("r", 2, TupleSet::empty(2), full2.clone()),
                rel("s", 2, TupleSet::empty(2), full2.clone()),
                rel("t", 2, TupleSet::empty(2), full2.clone()),
            ],
        };
        let rel_expr = |i: u32| Expr::rel(crate::logic::RelId(i), if i < 2 { 1 } else { 2 });
        let (ra, rb, rr, rs, rt) = (
            rel_expr(0),
            rel_expr(1),
            rel_expr(2),
            rel_expr(3),
            rel_expr(4),
        );
        let f = Formula::and([
            // s = ~r comes first: it is pinned only once r is.
            Formula::equal(rs.clone(), Expr::transpose(rr.clone())),
            Formula::equal(rr, Expr::product(ra, rb)),
            // t = t + s is not a value of exact relations: t stays free.
            Formula::equal(rt.clone(), Expr::union(rt, rs)),
        ]);
        assert_eq!(bound_by_facts(&f, &mut bounds), 2);
        let r = &bounds.relations[2];
        assert_eq!(r.lower, r.upper);
        assert_eq!(r.upper.len(), 2);
        assert_eq!(bounds.relations[3].upper, transpose(&r.upper));
        assert_eq!(bounds.relations[4].upper, full2);
        assert!(bounds.relations[4].lower.is_empty());
    }

    #[test]
    fn a_value_outside_the_bounds_leaves_them_alone() {
        let universe = Universe::new((0..2).map(|i| format!("A${i}")).collect());
        let one = TupleSet::of_atoms([0]);
        let mut bounds = Bounds {
            universe,
            relations: vec![
                rel("a", 1, one.clone(), one.clone()),
                rel("r", 1, TupleSet::empty(1), TupleSet::of_atoms([1])),
            ],
        };
        let f = Formula::equal(
            Expr::rel(crate::logic::RelId(1), 1),
            Expr::rel(crate::logic::RelId(0), 1),
        );
        assert_eq!(bound_by_facts(&f, &mut bounds), 0);
        assert!(bounds.relations[1].lower.is_empty());
    }

    /// `r in a -> b` narrows r to a -> b's upper bound, and `s in r`, written before it,
    /// follows once r has narrowed; a lower bound outside leaves the bounds alone.
    #[test]
    fn an_inclusion_narrows_its_relation_and_chains() {
        let universe = Universe::new((0..3).map(|i| format!("A${i}")).collect());
        let full1 = TupleSet::of_atoms(0..3);
        let full2 = crate::logic::upper::full(3, 2);
        let mut bounds = Bounds {
            universe,
            relations: vec![
                // a may hold A$0 only, b is free over A$1 and A$2
                rel("a", 1, TupleSet::empty(1), TupleSet::of_atoms([0])),
                rel("b", 1, TupleSet::empty(1), TupleSet::of_atoms([1, 2])),
                rel("r", 2, TupleSet::empty(2), full2.clone()),
                rel("s", 2, TupleSet::empty(2), full2.clone()),
                rel("t", 1, TupleSet::of_atoms([2]), full1.clone()),
            ],
        };
        let rel_expr =
            |i: u32| Expr::rel(crate::logic::RelId(i), if i == 2 || i == 3 { 2 } else { 1 });
        let f = Formula::and([
            Formula::subset(rel_expr(3), rel_expr(2)),
            Formula::subset(rel_expr(2), Expr::product(rel_expr(0), rel_expr(1))),
            // t must hold A$2, which a cannot: left alone (the fact is false anyway)
            Formula::subset(rel_expr(4), rel_expr(0)),
        ]);
        assert_eq!(bound_by_facts(&f, &mut bounds), 2);
        let within = TupleSet::from_tuples(2, [[0, 1], [0, 2]]);
        assert_eq!(bounds.relations[2].upper, within);
        assert_eq!(bounds.relations[3].upper, within);
        assert!(bounds.relations[2].lower.is_empty());
        assert_eq!(bounds.relations[4].upper, full1);
    }
}
