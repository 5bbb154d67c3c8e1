//! Unit tests of the translator.

use super::*;

use crate::logic::{
    Bounds, Decl, DeclMult, Expr, Formula, FormulaKind, IntCmp, IntExpr, RelId, Relation,
    RelationKind, TupleSet, Universe, VarId,
};
use crate::translate::circuit::Bit;
use crate::translate::matrix::tuple_of;

fn bounds(n: usize) -> (Bounds, Expr, Expr) {
    let mut b = Bounds {
        universe: Universe::new((0..n).map(|i| format!("A${i}")).collect()),
        relations: Vec::new(),
    };
    let all: Vec<u32> = (0..n as u32).collect();
    let a = b.add(Relation {
        name: "A".into(),
        arity: 1,
        kind: RelationKind::Sig,
        lower: TupleSet::of_atoms([0]),
        upper: TupleSet::of_atoms(all.clone()),
    });
    let pairs =
        crate::logic::upper::product(&TupleSet::of_atoms(all.clone()), &TupleSet::of_atoms(all));
    let r = b.add(Relation {
        name: "r".into(),
        arity: 2,
        kind: RelationKind::Field,
        lower: TupleSet::empty(2),
        upper: pairs,
    });
    (b, Expr::rel(a, 1), Expr::rel(r, 2))
}

fn decl(var: u32, mult: DeclMult, bound: Expr) -> Decl {
    Decl {
        var: VarId(var),
        name: format!("x{var}"),
        mult,
        bound,
    }
}

/// Atoms `A$0`, `A$1` and the integers of bitwidth 3; `val: A$0 + A$1 -> Int` free;
/// `A` both atoms if `exact`, else free too; `P` (relation 2) a free set of atoms.
fn int_bounds(exact: bool) -> (Bounds, Expr, Expr) {
    let mut names = vec!["A$0".to_string(), "A$1".to_string()];
    names.extend((-4..4).map(|v: i64| v.to_string()));
    let mut b = Bounds {
        universe: Universe::with_ints(
            names,
            crate::logic::IntAtoms {
                bitwidth: 3,
                first: 2,
            },
        ),
        relations: Vec::new(),
    };
    let atoms = TupleSet::of_atoms([0, 1]);
    let a = b.add(Relation {
        name: "A".into(),
        arity: 1,
        kind: RelationKind::Sig,
        lower: if exact {
            atoms.clone()
        } else {
            TupleSet::empty(1)
        },
        upper: atoms.clone(),
    });
    let val = b.add(Relation {
        name: "val".into(),
        arity: 2,
        kind: RelationKind::Field,
        lower: TupleSet::empty(2),
        upper: crate::logic::upper::product(&atoms, &TupleSet::of_atoms(2..10)),
    });
    b.add(Relation {
        name: "P".into(),
        arity: 1,
        kind: RelationKind::Skolem,
        lower: TupleSet::empty(1),
        upper: atoms,
    });
    (b, Expr::rel(a, 1), Expr::rel(val, 2))
}

/// Ladders are used only where a set provably holds at most one integer: after an
/// asserted `all x: A | one x.val` (and, where `A` is not exact, `val in A -> Int`),
/// for both sides of an if-then-else of such sets, and not without the facts or when
/// the formula is not asserted.
#[test]
fn ladders_need_a_proof_of_one_member() {
    let (b, a, val) = int_bounds(true);
    let x = decl(1, DeclMult::One, a.clone());
    let fact = Formula::forall(vec![x.clone()], Expr::join(x.var_expr(), val.clone()).one());
    let (y, z) = (decl(2, DeclMult::One, a.clone()), decl(3, DeclMult::One, a));
    let of = |d: &Decl| IntExpr::sum_atoms(Expr::join(d.var_expr(), val.clone()));
    let le = of(&y).compare(IntCmp::Le, &of(&z));
    let chosen = IntExpr::sum_atoms(Expr::if_then_else(
        le.clone(),
        Expr::join(z.var_expr(), val.clone()),
        Expr::join(y.var_expr(), val.clone()),
    ));
    let max = Formula::forall(
        vec![y.clone(), z.clone()],
        le.and2(of(&y).compare(IntCmp::Le, &chosen)),
    );
    let count = |f: &Formula, asserted: bool, on: bool| {
        let mut t = Translator::new(&b).unwrap();
        t.int_ladders(on);
        if asserted {
            t.asserted(f).unwrap();
        } else {
            t.formula(f).unwrap();
        }
        t.ladder_comparisons()
    };
    let both = Formula::and([max.clone(), fact]);
    // 4 groundings of (y, z), each with two comparisons.
    assert_eq!(count(&both, true, true), 8);
    assert_eq!(count(&both, true, false), 0);
    assert_eq!(count(&both, false, true), 0);
    assert_eq!(count(&max, true, true), 0);
    // A constant side needs only the other side proved.
    let five = of(&y).compare(IntCmp::Lt, &IntExpr::constant(5));
    let single = Formula::forall(vec![y.clone()], five);
    assert_eq!(count(&single, true, true), 0);
    let x0 = IntExpr::sum_atoms(Expr::constant(TupleSet::of_atoms([3])));
    assert_eq!(
        count(&x0.compare(IntCmp::Le, &IntExpr::constant(2)), false, true),
        1
    );
    // `P.val` for a skolem `P` of one atom: each row `P` may select has one integer.
    let p = Expr::rel(RelId(2), 1);
    let p_val = IntExpr::sum_atoms(Expr::join(p.clone(), val.clone()));
    let small = p_val.compare(IntCmp::Le, &IntExpr::constant(2));
    let fact = Formula::forall(vec![x.clone()], Expr::join(x.var_expr(), val.clone()).one());
    let with = |parts: Vec<Formula>| Formula::and(parts);
    assert_eq!(
        count(
            &with(vec![p.one(), fact.clone(), small.clone()]),
            true,
            true
        ),
        1
    );
    assert_eq!(
        count(&with(vec![fact.clone(), small.clone()]), true, true),
        0
    );
    assert_eq!(count(&with(vec![p.one(), small]), true, true), 0);

    // `A` free: the fact holds inside `A` only, and the type says `val` is empty outside.
    let (b, a, val) = int_bounds(false);
    let count = |f: &Formula| {
        let mut t = Translator::new(&b).unwrap();
        t.asserted(f).unwrap();
        t.ladder_comparisons()
    };
    let fact = Formula::forall(vec![x.clone()], Expr::join(x.var_expr(), val.clone()).one());
    let typed = val.in_(&Expr::product(a, Expr::constant(TupleSet::of_atoms(2..10))));
    assert_eq!(count(&Formula::and([fact.clone(), max.clone()])), 0);
    assert_eq!(count(&Formula::and([max, fact, typed])), 8);
}

#[test]
fn relations_become_matrices_of_primary_variables() {
    let (b, _, _) = bounds(3);
    let t = Translator::new(&b).unwrap();
    // A: atom 0 is in the lower bound, atoms 1 and 2 are free; r: 9 free pairs.
    assert_eq!(t.primaries().len(), 2 + 9);
    assert_eq!(t.relation(RelId(0)).get(0), Bit::TRUE);
    let order: Vec<(RelId, Vec<u32>)> = t
        .primaries()
        .iter()
        .map(|p| (p.rel, tuple_of(p.index, t.relation(p.rel).arity(), 3)))
        .collect();
    assert_eq!(order[0], (RelId(0), vec![1]));
    assert_eq!(order[2], (RelId(1), vec![0, 0]));
    assert_eq!(order[10], (RelId(1), vec![2, 2]));
    // Primary variable k is circuit variable k.
    for (k, p) in t.primaries().iter().enumerate() {
        assert_eq!(t.circuit().var_number(p.bit), Some(k as u32));
    }
}

#[test]
fn subformulas_independent_of_a_variable_are_translated_once() {
    let (b, a, r) = bounds(4);
    let x = decl(1, DeclMult::One, a.clone());
    // `^r` does not depend on x: one translation, then cache hits.
    let shared = Expr::closure(r.clone()).some();
    let body = Formula::and([x.var_expr().in_(&Expr::join(a.clone(), r.clone())), shared]);
    let f = Formula::forall(vec![x], body);
    let mut t = Translator::new(&b).unwrap();
    t.formula(&f).unwrap();
    assert!(t.cache_hits() >= 3, "hits: {}", t.cache_hits());
}

#[test]
fn unbound_higher_order_quantifiers_are_reported() {
    let (b, a, _) = bounds(2);
    let s = decl(5, DeclMult::Set, a.clone());
    let f = Formula::forall(vec![s.clone()], s.var_expr().some());
    let mut t = Translator::new(&b).unwrap();
    assert_eq!(
        t.formula(&f),
        Err(SolveError::HigherOrder {
            var: VarId(5),
            name: "x5".into()
        })
    );
}

#[test]
fn externally_bound_variables_instantiate_their_quantifier() {
    let (b, a, _) = bounds(2);
    let s = decl(5, DeclMult::Some, a.clone());
    // all s: some A | #s = 2 -- with s bound to a given value.
    let f = Formula::forall(
        vec![s.clone()],
        Formula::cardinality(crate::logic::CardCmp::Exactly, s.var_expr(), 2),
    );
    let mut t = Translator::new(&b).unwrap();
    // {0, 1} has two tuples; it lies in A exactly when A's free atom 1 is present. So
    // the existential is that guard, and the universal holds either way.
    t.bind(VarId(5), t.constant(&TupleSet::of_atoms([0, 1])));
    let exists = Formula::exists(
        vec![s.clone()],
        match f.kind() {
            FormulaKind::Quant(_, _, body) => body.clone(),
            _ => unreachable!(),
        },
    );
    let a1 = t.relation(RelId(0)).get(1);
    assert!(!a1.is_const());
    assert_eq!(t.formula(&exists).unwrap(), a1);
    assert_eq!(t.formula(&f).unwrap(), Bit::TRUE);
    // An empty value violates `some`: the implication holds vacuously.
    t.bind(VarId(5), t.constant(&TupleSet::empty(1)));
    assert_eq!(t.formula(&f).unwrap(), Bit::TRUE);
    // A singleton fits (atom 0 is always in A) but has one tuple, not two.
    t.bind(VarId(5), t.constant(&TupleSet::of_atoms([0])));
    assert_eq!(t.formula(&f).unwrap(), Bit::FALSE);
    // A matrix of fresh variables: the result depends on them.
    let fresh = t.fresh_matrix(&TupleSet::empty(1), &TupleSet::of_atoms([0, 1]));
    assert_eq!(fresh.len(), 2);
    t.bind(VarId(5), fresh);
    let bit = t.formula(&f).unwrap();
    assert!(!bit.is_const());
    t.unbind(VarId(5));
    assert!(t.formula(&f).is_err());
}

#[test]
fn the_gate_limit_turns_into_too_large() {
    let (b, a, r) = bounds(6);
    let x = decl(1, DeclMult::One, a.clone());
    let y = decl(2, DeclMult::One, a.clone());
    let body = Expr::product(x.var_expr(), y.var_expr()).in_(&Expr::closure(r.clone()));
    let f = Formula::forall(vec![x, y], body);
    let mut t = Translator::with_limit(&b, 200).unwrap();
    assert!(matches!(t.formula(&f), Err(SolveError::TooLarge(_))));
    let mut t = Translator::new(&b).unwrap();
    assert!(t.formula(&f).is_ok());
}
