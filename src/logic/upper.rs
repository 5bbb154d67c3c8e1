//! Sound over-approximations of expression values from the bounds alone.
//!
//! [`upper_bound`] gives a tuple set that contains the value of an expression in every
//! instance within the bounds: relations by their upper bound, a difference by its left
//! side, an if-then-else by the union of its branches, and so on. Skolemization uses it to
//! bound the relations it introduces. The tuple-set algebra it needs is public, for passes
//! that compute with constant values.

use std::collections::{BTreeSet, HashMap};

use super::ast::{Decl, Expr, ExprKind, VarId};
use super::problem::Bounds;
use super::tuples::{Atom, Tuple, TupleSet};

/// A tuple set containing the value of `e` in every instance within `bounds`, when each
/// variable `v` in `env` takes a value within `env[v]`. A variable missing from `env` is
/// bounded by the whole universe.
pub fn upper_bound(e: &Expr, bounds: &Bounds, env: &HashMap<VarId, TupleSet>) -> TupleSet {
    let mut env = env.clone();
    bound_of(e, bounds, &mut env)
}

fn bound_of(e: &Expr, bounds: &Bounds, env: &mut HashMap<VarId, TupleSet>) -> TupleSet {
    use ExprKind::*;
    let n = bounds.universe.len();
    match e.kind() {
        Rel(r) => bounds.relation(*r).upper.clone(),
        Var(v) => env.get(v).cloned().unwrap_or_else(|| full(n, e.arity())),
        Const(ts) => ts.clone(),
        Univ => full(n, 1),
        Iden => identity(n),
        None => TupleSet::empty(e.arity()),
        Union(a, b) | Override(a, b) => bound_of(a, bounds, env).union(&bound_of(b, bounds, env)),
        Intersection(a, b) => bound_of(a, bounds, env).intersection(&bound_of(b, bounds, env)),
        Difference(a, _) => bound_of(a, bounds, env),
        Join(a, b) => join(&bound_of(a, bounds, env), &bound_of(b, bounds, env)),
        Product(a, b) => product(&bound_of(a, bounds, env), &bound_of(b, bounds, env)),
        Transpose(a) => transpose(&bound_of(a, bounds, env)),
        // The next state's value lies within the same bounds.
        Prime(a) => bound_of(a, bounds, env),
        Closure(a) => closure(&bound_of(a, bounds, env)),
        ReflexiveClosure(a) => closure(&bound_of(a, bounds, env)).union(&identity(n)),
        DomainRestrict(s, r) => {
            domain_restrict(&bound_of(s, bounds, env), &bound_of(r, bounds, env))
        }
        RangeRestrict(r, s) => range_restrict(&bound_of(r, bounds, env), &bound_of(s, bounds, env)),
        IfThenElse(_, a, b) => bound_of(a, bounds, env).union(&bound_of(b, bounds, env)),
        Comprehension(decls, _) => comprehension_bound(decls, bounds, env),
        IntAtom(_) => match bounds.universe.ints() {
            Some(ints) => TupleSet::of_atoms(ints.first..ints.first + ints.count()),
            Option::None => TupleSet::empty(1),
        },
    }
}

/// The product of the declarations' bounds, each evaluated with the earlier variables
/// ranging over their whole bounds.
fn comprehension_bound(
    decls: &[Decl],
    bounds: &Bounds,
    env: &mut HashMap<VarId, TupleSet>,
) -> TupleSet {
    let mut result: Option<TupleSet> = None;
    for d in decls {
        let b = bound_of(&d.bound, bounds, env);
        env.insert(d.var, b.clone());
        result = Some(match result {
            Some(r) => product(&r, &b),
            None => b,
        });
    }
    result.unwrap_or_else(|| TupleSet::empty(0))
}

/// Every tuple of the given arity over `n` atoms.
pub fn full(n: usize, arity: usize) -> TupleSet {
    let mut tuples: Vec<Tuple> = vec![Vec::new()];
    for _ in 0..arity {
        tuples = tuples
            .into_iter()
            .flat_map(|t| {
                (0..n as Atom).map(move |a| {
                    let mut t = t.clone();
                    t.push(a);
                    t
                })
            })
            .collect();
    }
    TupleSet::from_tuples(arity, tuples)
}

pub fn identity(n: usize) -> TupleSet {
    TupleSet::from_tuples(2, (0..n as Atom).map(|a| vec![a, a]))
}

/// Relational join of two tuple sets (the result has arity `a + b - 2`).
/// `s <: r`: the tuples of r whose first atom is in s.
pub fn domain_restrict(s: &TupleSet, r: &TupleSet) -> TupleSet {
    TupleSet::from_tuples(r.arity(), r.iter().filter(|t| s.contains(&t[..1])))
}

/// `r :> s`: the tuples of r whose last atom is in s.
pub fn range_restrict(r: &TupleSet, s: &TupleSet) -> TupleSet {
    let last = |t: &[Atom]| t[t.len() - 1..].to_vec();
    TupleSet::from_tuples(r.arity(), r.iter().filter(|t| s.contains(&last(t))))
}

pub fn join(a: &TupleSet, b: &TupleSet) -> TupleSet {
    let arity = (a.arity() + b.arity()).saturating_sub(2);
    let mut by_first: HashMap<Atom, Vec<&[Atom]>> = HashMap::new();
    for t in b {
        by_first.entry(t[0]).or_default().push(t);
    }
    let mut out = BTreeSet::new();
    for s in a {
        let Some((&last, init)) = s.split_last() else {
            continue;
        };
        for t in by_first.get(&last).into_iter().flatten() {
            out.insert(init.iter().chain(&t[1..]).copied().collect::<Tuple>());
        }
    }
    TupleSet::from_tuples(arity, out)
}

pub fn product(a: &TupleSet, b: &TupleSet) -> TupleSet {
    TupleSet::from_tuples(
        a.arity() + b.arity(),
        a.iter().flat_map(|s| {
            b.iter()
                .map(move |t| s.iter().chain(t).copied().collect::<Vec<_>>())
        }),
    )
}

pub fn transpose(r: &TupleSet) -> TupleSet {
    TupleSet::from_tuples(
        r.arity(),
        r.iter()
            .map(|t| t.iter().rev().copied().collect::<Vec<_>>()),
    )
}

/// Transitive closure of a binary tuple set.
pub fn closure(r: &TupleSet) -> TupleSet {
    let mut reach = r.clone();
    loop {
        let next = reach.union(&join(&reach, &reach));
        if next.len() == reach.len() {
            return reach;
        }
        reach = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Formula, RelId, Relation, RelationKind, Universe};

    fn bounds() -> Bounds {
        let mut b = Bounds {
            universe: Universe::new((0..4).map(|i| format!("A${i}")).collect()),
            relations: Vec::new(),
        };
        b.add(Relation {
            name: "A".into(),
            arity: 1,
            kind: RelationKind::Sig,
            lower: TupleSet::of_atoms([0]),
            upper: TupleSet::of_atoms([0, 1, 2]),
        });
        b.add(Relation {
            name: "r".into(),
            arity: 2,
            kind: RelationKind::Field,
            lower: TupleSet::empty(2),
            upper: TupleSet::from_tuples(2, [vec![0, 1], vec![1, 2], vec![3, 3]]),
        });
        b
    }

    #[test]
    fn bounds_follow_the_operators() {
        let b = bounds();
        let a = Expr::rel(RelId(0), 1);
        let r = Expr::rel(RelId(1), 2);
        let env = HashMap::new();
        let ub = |e: &Expr| upper_bound(e, &b, &env);
        assert_eq!(ub(&a), TupleSet::of_atoms([0, 1, 2]));
        assert_eq!(
            ub(&Expr::join(a.clone(), r.clone())),
            TupleSet::of_atoms([1, 2])
        );
        assert_eq!(
            ub(&Expr::closure(r.clone())),
            TupleSet::from_tuples(2, [vec![0, 1], vec![0, 2], vec![1, 2], vec![3, 3]])
        );
        assert_eq!(ub(&Expr::difference(a.clone(), a.clone())), ub(&a));
        assert_eq!(
            ub(&Expr::domain_restrict(a.clone(), r.clone())),
            TupleSet::from_tuples(2, [vec![0, 1], vec![1, 2]])
        );
        assert_eq!(
            ub(&Expr::range_restrict(r.clone(), a.clone())),
            TupleSet::from_tuples(2, [vec![0, 1], vec![1, 2]])
        );
        assert_eq!(ub(&Expr::univ()).len(), 4);
        assert_eq!(ub(&Expr::product(a.clone(), a.clone())).len(), 9);
        let ite = Expr::if_then_else(Formula::true_(), a.clone(), Expr::none(1));
        assert_eq!(ub(&ite), ub(&a));
        // A variable is bounded by its environment entry, or by everything.
        let v = Expr::var(VarId(7), 1);
        assert_eq!(ub(&v).len(), 4);
        let env = HashMap::from([(VarId(7), TupleSet::of_atoms([3]))]);
        assert_eq!(
            upper_bound(&Expr::join(v, r.clone()), &b, &env),
            TupleSet::of_atoms([3])
        );
        // Comprehensions: the product of their decls' bounds.
        let d = Decl {
            var: VarId(1),
            name: "x".into(),
            mult: crate::logic::DeclMult::One,
            bound: a.clone(),
        };
        let d2 = Decl {
            var: VarId(2),
            name: "y".into(),
            mult: crate::logic::DeclMult::One,
            bound: Expr::join(Expr::var(VarId(1), 1), r.clone()),
        };
        let comp = Expr::comprehension(vec![d, d2], Formula::true_());
        assert_eq!(
            ub(&comp),
            product(&TupleSet::of_atoms([0, 1, 2]), &TupleSet::of_atoms([1, 2]))
        );
    }
}
