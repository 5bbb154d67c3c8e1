//! Unit tests of the evaluator, in one file: they share one small instance and its helpers.

use std::collections::{BTreeSet, HashMap};

use super::operators::{backward_join, closure, join, rotate_last_first};
use super::*;
use crate::logic::{
    Atom, CardCmp, Decl, DeclMult, Expr, Formula, MultTest, Quantifier, RelId, Tuple, TupleSet,
    Universe, VarId,
};

/// Universe {a0, a1, a2, a3}; r0 = {a0, a1} (unary), r1 = {a0->a1, a1->a2, a2->a2}
/// (binary), r2 = {a1, a3} (unary), r3 = {a0->a1->a2, a3->a3->a0} (ternary).
fn instance() -> Instance {
    Instance {
        universe: Universe::new((0..4).map(|i| format!("a{i}")).collect()),
        values: vec![
            set1(&[0, 1]),
            set2(&[(0, 1), (1, 2), (2, 2)]),
            set1(&[1, 3]),
            TupleSet::from_tuples(3, [vec![0, 1, 2], vec![3, 3, 0]]),
        ],
    }
}

fn set1(atoms: &[Atom]) -> TupleSet {
    TupleSet::of_atoms(atoms.iter().copied())
}

fn set2(pairs: &[(Atom, Atom)]) -> TupleSet {
    TupleSet::from_tuples(2, pairs.iter().map(|&(a, b)| vec![a, b]))
}

fn r(i: u32) -> Expr {
    let arity = instance().values[i as usize].arity();
    Expr::rel(RelId(i), arity)
}

fn ev(e: &Expr) -> TupleSet {
    eval_expr(&instance(), e).unwrap()
}

fn holds(f: &Formula) -> bool {
    eval_formula(&instance(), f).unwrap()
}

fn decl(var: u32, mult: DeclMult, bound: Expr) -> Decl {
    Decl {
        var: VarId(var),
        name: format!("x{var}"),
        mult,
        bound,
    }
}

fn var(v: u32, arity: usize) -> Expr {
    Expr::var(VarId(v), arity)
}

/// Reading the left side backwards (small right sides) gives the plain join.
#[test]
fn backward_join_is_join() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n) as Atom
    };
    for round in 0..300 {
        let (left_arity, right_arity) = [(2, 1), (2, 2), (3, 1), (1, 2), (3, 3)][round % 5];
        let tuple = |arity: usize, next: &mut dyn FnMut(u64) -> Atom| -> Tuple {
            (0..arity).map(|_| next(6)).collect()
        };
        let left = TupleSet::from_tuples(
            left_arity,
            (0..next(40))
                .map(|_| tuple(left_arity, &mut next))
                .collect::<Vec<_>>(),
        );
        let right = TupleSet::from_tuples(
            right_arity,
            (0..next(6))
                .map(|_| tuple(right_arity, &mut next))
                .collect::<Vec<_>>(),
        );
        assert_eq!(
            backward_join(&rotate_last_first(&left), &right, left_arity),
            join(&left, &right),
            "{left:?} . {right:?}"
        );
    }
}

#[test]
fn leaves() {
    assert_eq!(ev(&r(1)), set2(&[(0, 1), (1, 2), (2, 2)]));
    assert_eq!(ev(&Expr::univ()), set1(&[0, 1, 2, 3]));
    assert_eq!(ev(&Expr::iden()), set2(&[(0, 0), (1, 1), (2, 2), (3, 3)]));
    assert_eq!(ev(&Expr::none(3)), TupleSet::empty(3));
    assert_eq!(ev(&Expr::constant(set2(&[(3, 0)]))), set2(&[(3, 0)]));
}

#[test]
fn set_operators() {
    assert_eq!(ev(&Expr::union(r(0), r(2))), set1(&[0, 1, 3]));
    assert_eq!(ev(&Expr::intersection(r(0), r(2))), set1(&[1]));
    assert_eq!(ev(&Expr::difference(r(0), r(2))), set1(&[0]));
    assert_eq!(ev(&Expr::difference(r(2), r(0))), set1(&[3]));
}

#[test]
fn override_replaces_rows_by_first_column() {
    // r1 ++ {a1->a0, a3->a3}: a1's row is replaced, a3's is added, a0 and a2 stay.
    let b = Expr::constant(set2(&[(1, 0), (3, 3)]));
    assert_eq!(
        ev(&Expr::override_(r(1), b)),
        set2(&[(0, 1), (1, 0), (2, 2), (3, 3)])
    );
    // Unary override is union.
    assert_eq!(ev(&Expr::override_(r(0), r(2))), set1(&[0, 1, 3]));
    // Override by an empty relation changes nothing.
    assert_eq!(ev(&Expr::override_(r(1), Expr::none(2))), ev(&r(1)));
}

#[test]
fn join_of_each_arity_combination() {
    // r0.r1 = {a1, a2}
    assert_eq!(ev(&Expr::join(r(0), r(1))), set1(&[1, 2]));
    // r1.r2: rows of r1 ending in a1 or a3 -> {a0}
    assert_eq!(ev(&Expr::join(r(1), r(2))), set1(&[0]));
    // r1.r1 = {a0->a2, a1->a2, a2->a2}
    assert_eq!(ev(&Expr::join(r(1), r(1))), set2(&[(0, 2), (1, 2), (2, 2)]));
    // r3.r0: a0->a1->a2 ends in a2 (not in r0); a3->a3->a0 ends in a0 -> {a3->a3}
    assert_eq!(ev(&Expr::join(r(3), r(0))), set2(&[(3, 3)]));
    // r2.r3: a3 starts a3->a3->a0 -> {a3->a0}
    assert_eq!(ev(&Expr::join(r(2), r(3))), set2(&[(3, 0)]));
    // r1.r3: a2->a2 meets nothing starting with a2; none of r1 ends in a0 or a3
    assert_eq!(ev(&Expr::join(r(1), r(3))), TupleSet::empty(3));
}

#[test]
fn product_and_transpose() {
    assert_eq!(
        ev(&Expr::product(r(0), r(2))),
        set2(&[(0, 1), (0, 3), (1, 1), (1, 3)])
    );
    assert_eq!(ev(&Expr::product(r(0), r(1))).len(), 6);
    assert_eq!(ev(&Expr::transpose(r(1))), set2(&[(1, 0), (2, 1), (2, 2)]));
}

#[test]
fn closures() {
    let chain = Expr::constant(set2(&[(0, 1), (1, 2), (2, 3)]));
    assert_eq!(
        ev(&Expr::closure(chain.clone())),
        set2(&[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)])
    );
    assert_eq!(
        ev(&Expr::reflexive_closure(chain)),
        set2(&[
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 3),
            (1, 1),
            (1, 2),
            (1, 3),
            (2, 2),
            (2, 3),
            (3, 3)
        ])
    );
    let cycle = Expr::constant(set2(&[(0, 1), (1, 0)]));
    assert_eq!(
        ev(&Expr::closure(cycle)),
        set2(&[(0, 0), (0, 1), (1, 0), (1, 1)])
    );
    assert_eq!(ev(&Expr::closure(Expr::none(2))), TupleSet::empty(2));
    assert_eq!(
        ev(&Expr::reflexive_closure(Expr::none(2))),
        ev(&Expr::iden())
    );
}

#[test]
fn closure_is_the_join_fixpoint() {
    // The definition: add `c.r` to `c` until nothing changes.
    fn fixpoint(r: &TupleSet) -> TupleSet {
        let mut c = r.clone();
        loop {
            let next = c.union(&join(&c, r));
            if next == c {
                return c;
            }
            c = next;
        }
    }
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for round in 0..300 {
        let r = random_pairs(&mut state, 1 + round % 9, 10 + (round as u64 % 4) * 10);
        assert_eq!(closure(&r), fixpoint(&r), "^{r:?}");
    }
}

/// `q v: bound | body` with the orders-only enumeration on and off; on, also without
/// saturating, and with every order over a budget of one handed to an oracle (the
/// unbounded evaluator), which then sees the narrowed quantifier.
fn with_and_without_orders(
    inst: &Instance,
    f: &Formula,
    oracle_calls: &std::cell::Cell<usize>,
) -> (Result<bool, EvalError>, bool) {
    let mut on = Evaluator::new(inst, Env::new());
    let mut off = Evaluator::new(inst, Env::new());
    off.orders_only = false;
    let expected = off
        .formula(f)
        .expect("enumerating every relation decides it");
    let mut plain = Evaluator::new(inst, Env::new());
    plain.saturate_orders = false;
    assert_eq!(
        plain.formula(f).expect("decided"),
        expected,
        "unsaturated: {f}"
    );
    let mut asks = Evaluator::new(inst, Env::new());
    asks.budget = 1;
    asks.whole_ranges_only = true;
    asks.oracle = Some(Box::new(|g: &Formula| {
        oracle_calls.set(oracle_calls.get() + 1);
        let mut off = Evaluator::new(inst, Env::new());
        off.orders_only = false;
        Some(off.formula(g).expect("the oracle's question is closed"))
    }));
    if let Ok(answer) = asks.formula(f) {
        assert_eq!(answer, expected, "through the oracle: {f}");
    }
    (on.formula(f), expected)
}

#[test]
fn enumerating_only_orders_agrees_with_enumerating_every_relation() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let (a, e, r, s) = (
        Expr::rel(RelId(0), 1),
        Expr::rel(RelId(1), 2),
        Expr::rel(RelId(2), 2),
        Expr::rel(RelId(3), 1),
    );
    let v = var(9, 2);
    let (mut narrowed, mut holding) = (0, 0);
    let oracle_calls = std::cell::Cell::new(0);
    for round in 0..440u64 {
        let mut subset = |percent: u64| {
            let atoms = random_pairs(&mut state, 4, percent)
                .iter()
                .map(|t| t[0])
                .collect::<Vec<_>>();
            TupleSet::of_atoms(atoms.into_iter().take(3))
        };
        let (av, sv) = (subset(40), subset(50));
        // E mostly ascending pairs within A, so that orders over A contain it; R
        // sometimes too.
        let ascending = |state: &mut u64, percent: u64, within: &TupleSet| {
            let all = random_pairs(state, 4, percent);
            let ascending = all
                .iter()
                .filter(|t| t[0] < t[1] && within.contains(&t[..1]) && within.contains(&t[1..]));
            TupleSet::from_tuples(2, ascending)
        };
        let ev_ = if round % 3 == 0 {
            random_pairs(&mut state, 4, 20)
        } else {
            ascending(&mut state, 30, &av)
        };
        let rv = if round % 2 == 0 {
            random_pairs(&mut state, 4, 40)
        } else {
            ascending(&mut state, 40, &av)
        };
        let inst = Instance {
            universe: Universe::new((0..4).map(|i| format!("a{i}")).collect()),
            values: vec![av, ev_, rv, sv],
        };
        // The orders are over A or over S; the variable ranges over A -> A.
        let elems = if round % 5 == 4 { s.clone() } else { a.clone() };
        let order = Formula::strict_order(v.clone(), elems);
        let contains_e = Formula::subset(e.clone(), v.clone());
        let x = decl(20, DeclMult::One, a.clone());
        let y = decl(21, DeclMult::One, a.clone());
        let z = decl(22, DeclMult::One, a.clone());
        let extra = match round / 4 % 11 {
            // Guards `x in v` with x growing with v: saturated.
            7 => Formula::subset(Expr::join(v.clone(), e.clone()), v.clone()),
            8 => Formula::subset(
                Expr::intersection(
                    Expr::join(Expr::transpose(r.clone()), Expr::closure(v.clone())),
                    e.clone(),
                ),
                v.clone(),
            ),
            9 => Formula::subset(
                Expr::comprehension(
                    vec![x.clone(), y.clone()],
                    Formula::exists(
                        vec![z.clone()],
                        Formula::subset(Expr::product(var(20, 1), var(22, 1)), v.clone()).and2(
                            Formula::subset(Expr::product(var(22, 1), var(21, 1)), r.clone()),
                        ),
                    ),
                ),
                v.clone(),
            ),
            // Shrinks with v: not saturated.
            10 => Formula::subset(Expr::difference(r.clone(), v.clone()), v.clone()),
            0 => Formula::subset(Expr::join(v.clone(), v.clone()), e.clone()),
            1 => Expr::intersection(v.clone(), e.clone()).some(),
            2 => Expr::intersection(v.clone(), r.clone()).no(),
            3 => Formula::subset(Expr::join(e.clone(), v.clone()), r.clone()),
            4 => Formula::subset(v.clone(), Expr::union(r.clone(), e.clone())),
            5 => Formula::subset(Expr::join(a.clone(), v.clone()), s.clone()),
            // Of the shape of a guard, but not one here.
            _ => Formula::subset(r.clone(), v.clone()),
        };
        let mult = if round % 7 == 3 {
            DeclMult::Some
        } else {
            DeclMult::Set
        };
        let d = vec![decl(9, mult, Expr::product(a.clone(), a.clone()))];
        let f = match round % 4 {
            0 => Formula::exists(d, Formula::and([order, contains_e, extra])),
            1 => Formula::forall(d, Formula::and([order, contains_e, extra]).not()),
            2 => Formula::forall(d, order.not().or2(extra)),
            _ => Formula::forall(d, order.and2(contains_e).implies(extra)),
        };
        let (on, off) = with_and_without_orders(&inst, &f, &oracle_calls);
        assert_eq!(on.expect("decided"), off, "{f}");
        holding += off as usize;
        // The orders-only answer needs at most 3! values of the budget.
        let mut ev = Evaluator::new(&inst, Env::new());
        ev.budget = 6;
        ev.whole_ranges_only = true;
        narrowed += ev.formula(&f).is_ok() as usize;
    }
    assert!(holding > 60 && holding < 380, "{holding} of 440 hold");
    assert_eq!(narrowed, 440);
    assert!(
        oracle_calls.get() > 100,
        "{} oracle calls",
        oracle_calls.get()
    );
}

/// A variable `v` over `univ -> univ`, its declaration, and the guard that makes it
/// a strict total order extending relation 0.
fn extending_orders() -> (Expr, Vec<Decl>, Formula) {
    let v = var(9, 2);
    let d = vec![decl(
        9,
        DeclMult::Set,
        Expr::product(Expr::univ(), Expr::univ()),
    )];
    let guard = Formula::strict_order(v.clone(), Expr::univ())
        .and2(Formula::subset(Expr::rel(RelId(0), 2), v.clone()));
    (v, d, guard)
}

#[test]
fn a_commit_order_over_seven_atoms_is_one_of_its_orders() {
    // Over `univ -> univ` (49 tuples) the evaluator cannot enumerate relations; the
    // orders of 7 atoms extending a chain 0 < 1 < ... < 5 are 7.
    let inst = Instance {
        universe: Universe::new((0..7).map(|i| format!("a{i}")).collect()),
        values: vec![set2(&[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)])],
    };
    let (v, d, guard) = extending_orders();
    // Some extension puts 6 first; none relates 5 to 0.
    let six_first = Formula::subset(set_expr(&[(6, 0)]), v.clone());
    let five_before_zero = Formula::subset(set_expr(&[(5, 0)]), v.clone());
    let mut ev = Evaluator::new(&inst, Env::new());
    ev.budget = 7;
    ev.whole_ranges_only = true;
    let some = Formula::exists(d.clone(), guard.clone().and2(six_first));
    assert!(ev.formula(&some).unwrap());
    let none = Formula::exists(d, guard.and2(five_before_zero));
    ev.budget = 7;
    assert!(!ev.formula(&none).unwrap());
    ev.budget = 7;
    ev.orders_only = false;
    assert!(ev.formula(&some).unwrap_err().message.contains("too large"));
}

#[test]
fn guards_that_grow_with_the_order_narrow_its_orders() {
    // Orders of 3 atoms extending E = 0 < 1: 012, 021, 201. With `(v & E).F in v`
    // and F = 1 -> 2, each must also put 0 before 2: 012 and 021 only.
    let inst = Instance {
        universe: Universe::new((0..3).map(|i| format!("a{i}")).collect()),
        values: vec![set2(&[(0, 1)]), set2(&[(1, 2)])],
    };
    let (v, d, guard) = extending_orders();
    let v_and_e = Expr::intersection(v.clone(), Expr::rel(RelId(0), 2));
    let grows = Formula::subset(Expr::join(v_and_e, Expr::rel(RelId(1), 2)), v.clone());
    let two_last = Formula::subset(set_expr(&[(0, 2), (1, 2)]), v.clone());
    let f = Formula::exists(d, Formula::and([guard, grows, two_last.not()]));
    for saturate in [true, false] {
        let mut ev = Evaluator::new(&inst, Env::new());
        ev.budget = 2;
        ev.whole_ranges_only = true;
        ev.saturate_orders = saturate;
        match ev.formula(&f) {
            Ok(holds) => assert!(saturate && holds, "021 is the witness"),
            Err(e) => assert!(!saturate && e.message.contains("too large"), "{e}"),
        }
    }
}

#[test]
fn the_recheck_hands_many_orders_to_the_sat_check() {
    // Orders of 7 atoms extending 0 < 1 < 2 < 3 < 4: 42, more than the 16 a budget
    // of 256 allows; extending 0 < ... < 5: 7.
    let order_of = |chain: &[(Atom, Atom)]| Instance {
        universe: Universe::new((0..7).map(|i| format!("a{i}")).collect()),
        values: vec![set2(chain)],
    };
    let (v, d, guard) = extending_orders();
    // Not a guard (a negation), so it does not narrow the orders.
    let zero_not_before_five = Formula::subset(set_expr(&[(0, 5)]), v.clone()).not();
    let f = Formula::exists(d, guard.and2(zero_not_before_five));
    let hinted =
        |inst: &Instance| eval_formula_hinted(inst, &f, HashMap::new(), Search::within(256), None);
    let short = order_of(&[(0, 1), (1, 2), (2, 3), (3, 4)]);
    assert!(hinted(&short).unwrap_err().message.contains("too large"));
    assert!(eval_formula(&short, &f).unwrap(), "unbounded, it decides");
    let long = order_of(&[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]);
    assert!(!hinted(&long).unwrap());
}

fn set_expr(pairs: &[(Atom, Atom)]) -> Expr {
    Expr::constant(set2(pairs))
}

/// A binary relation over atoms `0..atoms` holding each pair with `percent` chance.
fn random_pairs(state: &mut u64, atoms: u32, percent: u64) -> TupleSet {
    let mut r = TupleSet::empty(2);
    for a in 0..atoms {
        for b in 0..atoms {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            if *state % 100 < percent {
                r.insert(vec![a, b]);
            }
        }
    }
    r
}

#[test]
fn join_within_agrees_with_the_join() {
    // `l.r in c` read row by row, against building `l.r`; with `c` near the join
    // (the join itself, or it with one pair removed) so that both answers occur.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let (mut held, mut failed) = (0, 0);
    for round in 0..400u32 {
        let l = random_pairs(&mut state, 4, 15 + (round as u64 % 5) * 15);
        let r = random_pairs(&mut state, 4, 15 + (round as u64 % 3) * 20);
        let mut c = join(&l, &r).union(&random_pairs(&mut state, 4, 10));
        let dropped = c
            .iter()
            .nth(round as usize % c.len().max(1))
            .map(<[Atom]>::to_vec);
        if let Some(t) = dropped.filter(|_| round % 2 == 0) {
            c.remove(&t);
        }
        let expected = join(&l, &r).is_subset(&c);
        let f = Formula::subset(
            Expr::join(Expr::constant(l.clone()), Expr::constant(r.clone())),
            Expr::constant(c.clone()),
        );
        assert_eq!(holds(&f), expected, "{l:?} . {r:?} in {c:?}");
        if expected { held += 1 } else { failed += 1 }
    }
    assert!(held > 50 && failed > 50, "{held} held, {failed} failed");
}

#[test]
fn restrictions() {
    // r2 <: r1 = rows of r1 starting in {a1, a3}
    assert_eq!(ev(&Expr::domain_restrict(r(2), r(1))), set2(&[(1, 2)]));
    // r1 :> r0 = rows of r1 ending in {a0, a1}
    assert_eq!(ev(&Expr::range_restrict(r(1), r(0))), set2(&[(0, 1)]));
    // Ternary restrictions look at the first / last column only.
    assert_eq!(
        ev(&Expr::domain_restrict(r(2), r(3))),
        TupleSet::from_tuples(3, [vec![3, 3, 0]])
    );
    assert_eq!(
        ev(&Expr::range_restrict(r(3), r(0))),
        TupleSet::from_tuples(3, [vec![3, 3, 0]])
    );
    // On sets, restriction is intersection.
    assert_eq!(ev(&Expr::domain_restrict(r(0), r(2))), set1(&[1]));
}

#[test]
fn if_then_else_picks_a_branch() {
    let pick = |c: Formula| ev(&Expr::if_then_else(c, r(0), r(2)));
    assert_eq!(pick(Formula::true_()), set1(&[0, 1]));
    assert_eq!(pick(r(0).some()), set1(&[0, 1]));
    assert_eq!(pick(r(0).no()), set1(&[1, 3]));
}

#[test]
fn comprehension_binds_left_to_right() {
    // { x: univ, y: x.r1 | y != x } = r1 minus its loops
    let x = decl(0, DeclMult::One, Expr::univ());
    let y = decl(1, DeclMult::One, Expr::join(var(0, 1), r(1)));
    let body = var(1, 1).eq(&var(0, 1)).not();
    assert_eq!(
        ev(&Expr::comprehension(vec![x, y], body)),
        set2(&[(0, 1), (1, 2)])
    );
    // { x: r0 | x in r2 }
    let c = Expr::comprehension(vec![decl(2, DeclMult::One, r(0))], var(2, 1).in_(&r(2)));
    assert_eq!(ev(&c), set1(&[1]));
    // A binary `one` decl contributes two columns.
    let c = Expr::comprehension(
        vec![decl(3, DeclMult::One, r(1))],
        Expr::join(var(3, 2), r(0)).no(),
    );
    assert_eq!(ev(&c), set2(&[(1, 2), (2, 2)]));
}

#[test]
fn connectives() {
    // Non-constant leaves, so that the constructors' simplifications keep the nodes.
    let t = || r(0).some();
    let f = || r(0).no();
    assert!(holds(&Formula::and([t(), t()])));
    assert!(!holds(&Formula::and([t(), f()])));
    assert!(!holds(&Formula::and([f(), t()])));
    assert!(holds(&Formula::or([f(), t()])));
    assert!(!holds(&Formula::or([f(), f()])));
    assert!(holds(&Formula::constant(true)));
    assert!(!holds(&Formula::constant(false)));
    assert!(!holds(&t().not()));
    assert!(holds(&f().not()));
    assert!(!holds(&t().implies(f())));
    assert!(holds(&f().implies(t())));
    assert!(holds(&f().implies(f())));
    assert!(holds(&t().implies(t())));
    assert!(holds(&t().iff(t())));
    assert!(holds(&f().iff(f())));
    assert!(!holds(&t().iff(f())));
    assert!(!holds(&f().iff(t())));
}

#[test]
fn comparisons() {
    assert!(holds(&Expr::intersection(r(0), r(2)).in_(&r(0))));
    assert!(!holds(&r(0).in_(&r(2))));
    assert!(holds(&Expr::union(r(0), r(2)).eq(&Expr::union(r(2), r(0)))));
    assert!(!holds(&r(0).eq(&r(2))));
}

#[test]
fn multiplicity_tests() {
    let one_atom = Expr::intersection(r(0), r(2));
    let empty = Expr::none(1);
    let two = r(0);
    let cases = [
        (MultTest::Some, [false, true, true]),
        (MultTest::No, [true, false, false]),
        (MultTest::Lone, [true, true, false]),
        (MultTest::One, [false, true, false]),
    ];
    for (m, expected) in cases {
        for (e, want) in [&empty, &one_atom, &two].into_iter().zip(expected) {
            assert_eq!(holds(&Formula::mult(m, e.clone())), want, "{m:?} {e}");
        }
    }
}

#[test]
fn cardinality() {
    // #r1 = 3
    let card = |cmp, k| holds(&Formula::cardinality(cmp, r(1), k));
    assert!(card(CardCmp::Exactly, 3));
    assert!(!card(CardCmp::Exactly, 2));
    assert!(card(CardCmp::AtMost, 3));
    assert!(!card(CardCmp::AtMost, 2));
    assert!(card(CardCmp::AtLeast, 3));
    assert!(!card(CardCmp::AtLeast, 4));
    assert!(card(CardCmp::AtLeast, 0));
}

#[test]
fn first_order_quantifiers() {
    // all x: r0 | some x.r1
    let f = Formula::forall(
        vec![decl(0, DeclMult::One, r(0))],
        Expr::join(var(0, 1), r(1)).some(),
    );
    assert!(holds(&f));
    // all x: univ | some x.r1 -- false for a3
    let f = Formula::forall(
        vec![decl(0, DeclMult::One, Expr::univ())],
        Expr::join(var(0, 1), r(1)).some(),
    );
    assert!(!holds(&f));
    // some x: univ, y: x.r1 | x = y  -- a2->a2
    let f = Formula::exists(
        vec![
            decl(0, DeclMult::One, Expr::univ()),
            decl(1, DeclMult::One, Expr::join(var(0, 1), r(1))),
        ],
        var(0, 1).eq(&var(1, 1)),
    );
    assert!(holds(&f));
    // some x: r0, y: x.r1 | x = y -- r0 = {a0, a1} has no loops
    let f = Formula::exists(
        vec![
            decl(0, DeclMult::One, r(0)),
            decl(1, DeclMult::One, Expr::join(var(0, 1), r(1))),
        ],
        var(0, 1).eq(&var(1, 1)),
    );
    assert!(!holds(&f));
    // Over an empty range: all is true, some is false.
    let empty = vec![decl(0, DeclMult::One, Expr::none(1))];
    assert!(holds(&Formula::forall(empty.clone(), Formula::false_())));
    assert!(!holds(&Formula::exists(empty, Formula::true_())));
}

/// Quantifiers over relations (`s: m r1`, r1 has three tuples) see exactly the subsets
/// that the multiplicity allows.
#[test]
fn higher_order_quantifiers() {
    let bound = r(1); // three tuples
    let s = || var(9, 2);
    let q = |quant, mult, body: Formula| {
        holds(&Formula::quant(
            quant,
            vec![decl(9, mult, bound.clone())],
            body,
        ))
    };
    use Quantifier::{All, Some as Exists};
    // set: includes the empty set and the full bound.
    assert!(q(Exists, DeclMult::Set, s().no()));
    assert!(q(Exists, DeclMult::Set, s().eq(&bound)));
    assert!(q(All, DeclMult::Set, s().in_(&bound)));
    // some: never empty, but may be the whole bound.
    assert!(!q(Exists, DeclMult::Some, s().no()));
    assert!(q(All, DeclMult::Some, s().some()));
    assert!(q(Exists, DeclMult::Some, s().eq(&bound)));
    // lone: empty or one tuple.
    assert!(q(Exists, DeclMult::Lone, s().no()));
    assert!(q(All, DeclMult::Lone, s().lone()));
    assert!(!q(
        Exists,
        DeclMult::Lone,
        Formula::cardinality(CardCmp::Exactly, s(), 2)
    ));
    // one: exactly the single tuples.
    assert!(q(All, DeclMult::One, s().one()));
    assert!(q(
        Exists,
        DeclMult::One,
        s().eq(&Expr::constant(set2(&[(2, 2)])))
    ));
    // An existential over relations that needs a specific two-tuple subset.
    let wanted = Expr::constant(set2(&[(0, 1), (2, 2)]));
    assert!(q(Exists, DeclMult::Set, s().eq(&wanted)));
    assert!(!q(
        Exists,
        DeclMult::Set,
        s().eq(&Expr::constant(set2(&[(3, 3)])))
    ));
    // all s: set r1 | #s <= 2 is false (s = r1 itself).
    assert!(!q(
        All,
        DeclMult::Set,
        Formula::cardinality(CardCmp::AtMost, s(), 2)
    ));
    // A unary `set` decl: some s: set univ | s = r0 + r2
    let f = Formula::exists(
        vec![decl(8, DeclMult::Set, Expr::univ())],
        var(8, 1).eq(&Expr::union(r(0), r(2))),
    );
    assert!(holds(&f));
}

#[test]
fn higher_order_range_sizes() {
    // The values a decl over r1 (three tuples) ranges over, with their sizes in
    // enumeration order; all distinct and within the bound.
    let inst = instance();
    let mut ev = Evaluator::new(&inst, Env::new());
    for (mult, expected_sizes) in [
        (DeclMult::One, vec![1, 1, 1]),
        (DeclMult::Lone, vec![0, 1, 1, 1]),
        (DeclMult::Some, vec![1, 1, 2, 1, 2, 2, 3]),
        (DeclMult::Set, vec![0, 1, 1, 2, 1, 2, 2, 3]),
    ] {
        let range = ev.decl_range(&decl(0, mult, r(1))).unwrap();
        let values: Vec<TupleSet> = (0..range.len()).map(|i| range.get(i)).collect();
        let sizes: Vec<usize> = values.iter().map(TupleSet::len).collect();
        assert_eq!(sizes, expected_sizes, "{mult:?}");
        let distinct: BTreeSet<&TupleSet> = values.iter().collect();
        assert_eq!(distinct.len(), values.len(), "{mult:?} repeats a value");
        assert!(
            values.iter().all(|v| v.is_subset(&inst.values[1])),
            "{mult:?}"
        );
    }
}

#[test]
fn total_order() {
    let order = |elems: &[Atom], first: &[Atom], next: &[(Atom, Atom)]| {
        holds(&Formula::total_order(
            Expr::constant(set1(elems)),
            Expr::constant(set1(first)),
            Expr::constant(set2(next)),
        ))
    };
    assert!(order(&[0, 1, 2], &[0], &[(0, 1), (1, 2)]));
    assert!(order(&[0, 1, 2], &[2], &[(2, 0), (0, 1)]));
    assert!(order(&[3], &[3], &[]));
    // Wrong first, missing edge, extra edge, cycle, branch, edge outside elems.
    assert!(!order(&[0, 1, 2], &[1], &[(0, 1), (1, 2)]));
    assert!(!order(&[0, 1, 2], &[0], &[(0, 1)]));
    assert!(!order(&[0, 1, 2], &[0], &[(0, 1), (1, 2), (0, 2)]));
    assert!(!order(&[0, 1, 2], &[0], &[(0, 1), (1, 2), (2, 0)]));
    assert!(!order(&[0, 1, 2], &[0], &[(0, 1), (0, 2)]));
    assert!(!order(&[0, 1], &[0], &[(0, 1), (1, 3)]));
    // A chain plus a separate cycle has the right edge count but misses atoms.
    assert!(!order(&[0, 1, 2, 3], &[0], &[(0, 1), (2, 3), (3, 2)]));
    // First must be exactly one atom of elems; elems must not be empty.
    assert!(!order(&[0, 1], &[0, 1], &[(0, 1)]));
    assert!(!order(&[0, 1], &[], &[(0, 1)]));
    assert!(!order(&[0, 1], &[3], &[(0, 1)]));
    assert!(!order(&[], &[], &[]));
}

/// Over three atoms there are 3! = 6 pairs (first, next) making a total order, out of
/// 3 * 2^9 candidates.
#[test]
fn total_orders_over_three_atoms_are_counted_exactly() {
    let elems = Expr::constant(set1(&[0, 1, 2]));
    let pairs: Vec<(Atom, Atom)> = (0..3).flat_map(|a| (0..3).map(move |b| (a, b))).collect();
    let mut count = 0;
    for first in 0..3 {
        for mask in 0..1u32 << pairs.len() {
            let next: Vec<(Atom, Atom)> = pairs
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, p)| *p)
                .collect();
            let f = Formula::total_order(
                elems.clone(),
                Expr::constant(set1(&[first])),
                Expr::constant(set2(&next)),
            );
            if holds(&f) {
                count += 1;
            }
        }
    }
    assert_eq!(count, 6);
}

#[test]
fn env_binds_and_shadows() {
    let mut env = Env::new();
    assert!(env.get(VarId(1)).is_none());
    env.bind(VarId(1), set1(&[0]));
    env.bind(VarId(1), set1(&[2]));
    assert_eq!(env.get(VarId(1)), Some(&set1(&[2])));
    let e = Expr::join(var(1, 1), r(1));
    assert_eq!(eval_expr_in(&instance(), &env, &e).unwrap(), set1(&[2]));
    assert!(eval_formula_in(&instance(), &env, &var(1, 1).one()).unwrap());
}

#[test]
fn quantifier_scope_does_not_leak() {
    // (some x: r0 | true) and x.r1 = ... -- after the quantifier x is unbound again.
    let f = Formula::and([
        Formula::exists(vec![decl(0, DeclMult::One, r(0))], var(0, 1).some()),
        var(0, 1).some(),
    ]);
    let err = eval_formula(&instance(), &f).unwrap_err();
    assert!(err.message.contains("v0 is unbound"), "{err}");
}

#[test]
fn errors_are_values() {
    let inst = instance();
    let err = eval_expr(&inst, &var(7, 1)).unwrap_err();
    assert_eq!(err.to_string(), "variable v7 is unbound");
    let err = eval_expr(&inst, &Expr::rel(RelId(9), 1)).unwrap_err();
    assert!(err.message.contains("r9 is out of range"), "{err}");
    // A relation referenced with the wrong arity.
    let err = eval_expr(&inst, &Expr::rel(RelId(0), 2)).unwrap_err();
    assert!(err.message.contains("arity"), "{err}");
    // A variable bound to a value of the wrong arity.
    let mut env = Env::new();
    env.bind(VarId(0), set2(&[(0, 1)]));
    assert!(eval_expr_in(&inst, &env, &var(0, 1)).is_err());
    // A comprehension over a `set` decl has no meaning.
    let c = Expr::comprehension(vec![decl(0, DeclMult::Set, r(0))], Formula::true_());
    assert!(eval_expr(&inst, &c).is_err());
    // Arity 0 has no meaning; operators on it must not index empty tuples.
    let zero = Expr::constant(TupleSet::from_tuples(0, [vec![]]));
    assert!(eval_expr(&inst, &Expr::domain_restrict(r(0), zero.clone())).is_err());
    assert!(eval_formula(&inst, &zero.some()).is_err());
}

#[test]
fn hints_order_the_search_without_changing_its_answer() {
    const B: u64 = SUBSET_BUDGET;
    // 21 atoms: too many subsets to enumerate, but a hint that is a witness decides.
    let inst = Instance {
        universe: Universe::new((0..21).map(|i| format!("a{i}")).collect()),
        values: vec![],
    };
    let three = TupleSet::of_atoms([1, 4, 9]);
    let body = Formula::cardinality(CardCmp::Exactly, var(0, 1), 3);
    let some = Formula::exists(vec![decl(0, DeclMult::Set, Expr::univ())], body.clone());
    let all = Formula::forall(
        vec![decl(0, DeclMult::Set, Expr::univ())],
        body.clone().not(),
    );
    let hint = |v: TupleSet| HashMap::from([(VarId(0), v)]);
    assert!(
        eval_formula_hinted(&inst, &some, hint(three.clone()), Search::within(B), None).unwrap()
    );
    assert!(
        !eval_formula_hinted(&inst, &all, hint(three.clone()), Search::within(B), None).unwrap()
    );
    // A hint that is no witness leaves the search to do: still too large here.
    let two = TupleSet::of_atoms([1, 4]);
    assert!(eval_formula_hinted(&inst, &some, hint(two.clone()), Search::within(B), None).is_err());
    // A hint outside the declaration (`one` takes single atoms) is not tried.
    let one = Formula::exists(vec![decl(0, DeclMult::One, Expr::univ())], body.clone());
    assert!(!eval_formula_hinted(&inst, &one, hint(three), Search::within(B), None).unwrap());
    // On a small universe, hinted or not, the answer is the same.
    let small = Instance {
        universe: Universe::new((0..5).map(|i| format!("a{i}")).collect()),
        values: vec![],
    };
    for f in [&some, &all, &one] {
        assert_eq!(
            eval_formula_hinted(&small, f, hint(two.clone()), Search::within(B), None).unwrap(),
            eval_formula(&small, f).unwrap()
        );
    }
    // A range larger than the budget is not started: 2^5 subsets against 31 values.
    assert!(
        eval_formula_hinted(&small, &all, hint(two.clone()), Search::within(31), None).is_err()
    );
    assert!(eval_formula_hinted(&small, &all, hint(two), Search::within(32), None).is_ok());
}

#[test]
fn the_oracle_decides_what_is_too_large_closed_over_the_bindings_around_it() {
    // `all x: univ | Q s: set univ | x in s <=> #s = k`: the inner quantifier (32
    // subsets of 5 atoms) is over a budget of 8, so each binding of x asks the oracle.
    let inst = Instance {
        universe: Universe::new((0..5).map(|i| format!("a{i}")).collect()),
        values: vec![],
    };
    let s_decl = vec![decl(1, DeclMult::Set, Expr::univ())];
    let x_decl = vec![decl(0, DeclMult::One, Expr::univ())];
    for k in 0..6 {
        for q in [Quantifier::Some, Quantifier::All] {
            let body =
                var(0, 1)
                    .in_(&var(1, 1))
                    .iff(Formula::cardinality(CardCmp::Exactly, var(1, 1), k));
            let inner = Formula::quant(q, s_decl.clone(), body);
            let f = Formula::forall(x_decl.clone(), inner);
            let asked = std::cell::RefCell::new(Vec::new());
            // The oracle: the unbounded evaluator, on a formula that must be closed.
            let oracle: Oracle = Box::new(|g: &Formula| {
                let mut free = BTreeSet::new();
                FreeVars::default().formula(g, &mut free);
                assert!(free.is_empty(), "the oracle's formula is closed: {g}");
                asked.borrow_mut().push(g.to_string());
                eval_formula(&inst, g).ok()
            });
            let with =
                eval_formula_hinted(&inst, &f, HashMap::new(), Search::within(8), Some(oracle));
            let truth = eval_formula(&inst, &f).unwrap();
            let calls = asked.borrow().len();
            assert!((1..=MAX_ORACLE_CALLS).contains(&calls), "{calls} calls");
            match with {
                Ok(answer) => assert_eq!(answer, truth, "{f}"),
                // Past the calls allowed: the caller's whole check, as without one.
                Err(e) => {
                    assert_eq!(calls, MAX_ORACLE_CALLS, "{f}: {e}");
                    assert!(e.message.contains("too large"));
                }
            }
            let without = eval_formula_hinted(&inst, &f, HashMap::new(), Search::within(8), None);
            assert!(without.unwrap_err().message.contains("too large"));
        }
    }
    // An oracle that cannot tell leaves the error.
    let f = Formula::exists(
        vec![decl(1, DeclMult::Set, Expr::univ())],
        var(1, 1).in_(&Expr::univ()),
    );
    let unsure: Oracle = Box::new(|_| None);
    assert!(
        eval_formula_hinted(&inst, &f, HashMap::new(), Search::within(8), Some(unsure)).is_err()
    );
}

#[test]
fn large_higher_order_quantifier_is_an_error() {
    // 21 atoms: `some s: set univ` would need 2^21 subsets.
    let inst = Instance {
        universe: Universe::new((0..21).map(|i| format!("a{i}")).collect()),
        values: vec![],
    };
    // (The body mentions `s`: an unused variable is never enumerated.)
    let mentions_s = var(0, 1).in_(&Expr::univ());
    let f = Formula::exists(
        vec![decl(0, DeclMult::Set, Expr::univ())],
        mentions_s.clone(),
    );
    let err = eval_formula(&inst, &f).unwrap_err();
    assert!(
        err.message
            .starts_with("quantifier over 21 tuples is too large to evaluate"),
        "{err}"
    );
    // `one` and `lone` do not enumerate subsets, so they stay cheap.
    let f = Formula::exists(vec![decl(0, DeclMult::Lone, Expr::univ())], var(0, 1).no());
    assert!(eval_formula(&inst, &f).unwrap());
    // Exactly 2^20 subsets is still allowed.
    let inst20 = Instance {
        universe: Universe::new((0..20).map(|i| format!("a{i}")).collect()),
        values: vec![],
    };
    let f = Formula::exists(vec![decl(0, DeclMult::Set, Expr::univ())], mentions_s);
    assert!(eval_formula(&inst20, &f).unwrap());
}

#[test]
fn unused_variables_are_not_enumerated() {
    // 400 nested `all r: set univ` (2^21 values each) around a closed body: decided
    // by the body alone, unless a `one`/`some` range is empty.
    let inst = Instance {
        universe: Universe::new((0..21).map(|i| format!("a{i}")).collect()),
        values: vec![],
    };
    let nested = |q: Quantifier, mult: DeclMult, bound: Expr, body: Formula| {
        (0..400).fold(body, |f, v| {
            Formula::quant(q, vec![decl(v, mult, bound.clone())], f)
        })
    };
    let closed = Expr::univ().some();
    for q in [Quantifier::All, Quantifier::Some] {
        for mult in [DeclMult::Set, DeclMult::Lone, DeclMult::One, DeclMult::Some] {
            let f = nested(q, mult, Expr::univ(), closed.clone());
            assert!(eval_formula(&inst, &f).unwrap(), "{q:?} {mult:?}");
            let f = nested(q, mult, Expr::univ(), closed.clone().not());
            assert!(!eval_formula(&inst, &f).unwrap(), "{q:?} {mult:?}");
        }
    }
    // An empty range: `all` holds vacuously and `some` fails, whatever the body; a
    // `lone` or `set` range still holds the empty set.
    let empty = Expr::none(1);
    let f = nested(
        Quantifier::All,
        DeclMult::One,
        empty.clone(),
        Formula::false_(),
    );
    assert!(eval_formula(&inst, &f).unwrap());
    let f = nested(
        Quantifier::Some,
        DeclMult::Some,
        empty.clone(),
        Formula::true_(),
    );
    assert!(!eval_formula(&inst, &f).unwrap());
    let f = nested(Quantifier::Some, DeclMult::Lone, empty, Formula::true_());
    assert!(eval_formula(&inst, &f).unwrap());
}
