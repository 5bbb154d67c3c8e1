//! CEGIS's unit tests, with their formula helpers.

use super::*;
use crate::instance::brute::count_models;
use crate::logic::{
    Bounds, Decl, DeclMult, Expr, Formula, Problem, Relation, RelationKind, TupleSet, Universe,
    VarId,
};
use crate::solve::{BackendKind, Outcome, SolveOptions};

/// A universe of `n` atoms, a unary relation A (free) and a binary relation E (free).
fn problem(n: u32, formula: impl FnOnce(&Expr, &Expr, &mut u32) -> Formula) -> Problem {
    let mut bounds = Bounds {
        universe: Universe::new((0..n).map(|i| format!("A${i}")).collect()),
        relations: Vec::new(),
    };
    let all = TupleSet::of_atoms(0..n);
    let a = bounds.add(Relation {
        name: "A".into(),
        arity: 1,
        kind: RelationKind::Sig,
        lower: TupleSet::empty(1),
        upper: all.clone(),
    });
    let e = bounds.add(Relation {
        name: "E".into(),
        arity: 2,
        kind: RelationKind::Field,
        lower: TupleSet::empty(2),
        upper: crate::logic::upper::product(&all, &all),
    });
    let mut next = 100;
    let f = formula(&Expr::rel(a, 1), &Expr::rel(e, 2), &mut next);
    Problem { bounds, formula: f }
}

fn set_decl(next: &mut u32, bound: Expr, name: &str) -> Decl {
    *next += 1;
    Decl {
        var: VarId(*next),
        name: name.into(),
        mult: DeclMult::Set,
        bound,
    }
}

fn solve_with(p: &Problem, opts: &SolveOptions) -> bool {
    let mut s = CegisSolver::new(p, opts).unwrap();
    match s.next().unwrap() {
        Outcome::Sat(inst) => {
            assert!(confirm(p, &inst, opts).unwrap(), "confirmation failed");
            true
        }
        Outcome::Unsat => false,
        Outcome::Interrupted => panic!("interrupted"),
    }
}

fn all_options() -> Vec<SolveOptions> {
    let mut out = Vec::new();
    for instantiate in [true, false] {
        for terms in [true, false] {
            for naive in [false, true] {
                for incremental in [true, false] {
                    for backend in [BackendKind::Varisat, BackendKind::Cadical] {
                        out.push(SolveOptions {
                            // Varisat verifiers move to CaDiCaL after a first call.
                            escalate_after: std::time::Duration::ZERO,
                            backend,
                            instantiate,
                            terms,
                            naive,
                            incremental,
                            check_lemmas: true,
                            ..SolveOptions::default()
                        });
                    }
                }
            }
        }
    }
    out
}

#[test]
fn a_maximal_set_is_found_and_a_universal_refutes_nothing_wrong() {
    // some S: set A | all T: set A | (S in T and some T - S) => no T & A ... a kernel-free toy:
    // "A is nonempty and every subset T of A with no element outside A is A itself" is
    // false when A has two atoms; brute force decides it.
    for n in 1..=3 {
        let p = problem(n, |a, _e, next| {
            let t = set_decl(next, a.clone(), "T");
            let body = t.var_expr().some().implies(t.var_expr().eq(a));
            a.some().and2(Formula::forall(vec![t], body))
        });
        let expected = count_models(&p.bounds, &p.formula, 1 << 16).unwrap() > 0;
        for opts in all_options() {
            assert_eq!(solve_with(&p, &opts), expected, "n = {n}");
        }
    }
}

#[test]
fn the_re_check_holds_the_reported_witnesses_to_their_values() {
    // (some R: A->A | R = ~E and some R) and (all T: set A | T in A): the instance
    // reports R's witness, which the re-check must not replace by one of its own.
    let p = problem(2, |a, e, next| {
        let r = set_decl(next, Expr::product(a.clone(), a.clone()), "R");
        let t = set_decl(next, a.clone(), "T");
        let witness = r
            .var_expr()
            .eq(&Expr::transpose(e.clone()))
            .and2(r.var_expr().some());
        Formula::exists(vec![r], witness)
            .and2(Formula::forall(vec![t.clone()], t.var_expr().in_(a)))
    });
    let opts = SolveOptions::default();
    let mut s = CegisSolver::new(&p, &opts).unwrap();
    let Outcome::Sat(inst) = s.next().unwrap() else {
        panic!("the problem has instances")
    };
    assert_eq!(
        inst.values.len(),
        p.bounds.relations.len() + 1,
        "one witness"
    );
    assert!(confirm(&p, &inst, &opts).unwrap());
    let mut wrong = inst.clone();
    *wrong.values.last_mut().unwrap() = TupleSet::empty(2);
    assert!(
        !confirm(&p, &wrong, &opts).unwrap(),
        "an empty witness is no witness"
    );
    // Without the witnesses, the fresh solve finds one of its own.
    wrong.values.truncate(p.bounds.relations.len());
    assert!(confirm(&p, &wrong, &opts).unwrap());
}

#[test]
fn exists_forall_exists_alternation() {
    // E is such that for every subset T of A there is a subset U of A with T->U in E?
    // Over 2 atoms brute force decides each shape.
    for n in 1..=2 {
        let p = problem(n, |a, e, next| {
            let t = set_decl(next, a.clone(), "T");
            let u = set_decl(next, a.clone(), "U");
            let inner = Formula::exists(
                vec![u.clone()],
                Expr::join(t.var_expr(), e.clone())
                    .eq(&u.var_expr())
                    .and2(u.var_expr().some()),
            );
            a.some().and2(Formula::forall(vec![t], inner))
        });
        let expected = count_models(&p.bounds, &p.formula, 1 << 20).unwrap() > 0;
        for opts in all_options() {
            assert_eq!(solve_with(&p, &opts), expected, "n = {n}");
        }
    }
}

#[test]
fn instantiation_refutes_implications_without_candidates() {
    // (some R: A->A | R = E) and (all R: A->A | R != E) is UNSAT; instantiating the
    // universal with the skolem witness shows it before any candidate.
    let p = problem(3, |a, e, next| {
        let r = set_decl(next, Expr::product(a.clone(), a.clone()), "R");
        let s = set_decl(next, Expr::product(a.clone(), a.clone()), "S");
        let positive = Formula::exists(vec![r.clone()], r.var_expr().eq(e));
        let negative = Formula::forall(vec![s.clone()], s.var_expr().eq(e).not());
        positive.and2(negative)
    });
    let mut s = CegisSolver::new(&p, &SolveOptions::default()).unwrap();
    assert_eq!(s.next().unwrap(), Outcome::Unsat);
    assert_eq!(s.stats().candidates, 0);
    let mut s = CegisSolver::new(
        &p,
        &SolveOptions {
            instantiate: false,
            ..SolveOptions::default()
        },
    )
    .unwrap();
    assert_eq!(s.next().unwrap(), Outcome::Unsat);
    assert!(s.stats().candidates > 0);
}

#[test]
fn a_counterexample_that_is_a_term_refutes_every_candidate_at_once() {
    // E is any relation on A and no S equals its transpose: UNSAT, S = ~E. Concrete
    // counterexamples exclude one E each (hundreds at 3 atoms); the term `~E` excludes
    // them all in one lemma.
    let p = problem(3, |a, e, next| {
        let square = Expr::product(a.clone(), a.clone());
        let s = set_decl(next, square.clone(), "S");
        let differs = s.var_expr().eq(&Expr::transpose(e.clone())).not();
        e.in_(&square).and2(Formula::forall(vec![s], differs))
    });
    for opts in all_options() {
        let mut s = CegisSolver::new(&p, &opts).unwrap();
        assert_eq!(s.next().unwrap(), Outcome::Unsat);
        let candidates = s.stats().candidates;
        if opts.terms && !opts.naive {
            // Where E is symmetric, E itself (the smaller term) has ~E's value and is
            // learnt first; the next candidate then takes ~E.
            assert!(candidates <= 2, "{candidates} candidates with {opts:?}");
            assert!(s.stats().term_lemmas >= 1);
        } else {
            assert!(candidates > 8, "{candidates} candidates with {opts:?}");
            assert_eq!(s.stats().term_lemmas, 0);
        }
    }
}

#[test]
fn a_term_lemma_keeps_the_models() {
    // E is nonempty and symmetric, said through a universal: every S equal to ~E is in
    // E. SAT; the term `~E` refutes each asymmetric candidate and its lemma says
    // "~E in E" for every later one.
    for n in 1..=3 {
        let p = problem(n, |a, e, next| {
            let s = set_decl(next, Expr::product(a.clone(), a.clone()), "S");
            let body = s
                .var_expr()
                .eq(&Expr::transpose(e.clone()))
                .implies(s.var_expr().in_(e));
            Formula::forall(vec![s], body).and2(e.some())
        });
        let expected = count_models(&p.bounds, &p.formula, 1 << 16).unwrap() > 0;
        for opts in all_options() {
            assert_eq!(solve_with(&p, &opts), expected, "n = {n}, {opts:?}");
            let mut s = CegisSolver::new(&p, &opts).unwrap();
            s.next().unwrap();
            if opts.terms && !opts.naive {
                assert!(s.stats().candidates <= 2, "{:?}", s.stats());
            }
        }
    }
}

#[test]
fn a_slow_verifier_moves_to_cadical_and_the_answer_stays() {
    // A maximal-set toy whose verifier is called at least once; with a zero threshold
    // every varisat verifier moves after its first call, without: none does.
    let p = problem(3, |a, _e, next| {
        let t = set_decl(next, a.clone(), "T");
        let body = t.var_expr().some().implies(t.var_expr().eq(a));
        a.some().and2(Formula::forall(vec![t], body))
    });
    let expected = count_models(&p.bounds, &p.formula, 1 << 16).unwrap() > 0;
    for (after, escalate) in [(0, true), (3_600_000, true), (0, false)] {
        let opts = SolveOptions {
            escalate,
            escalate_after: std::time::Duration::from_millis(after),
            terms: false,
            check_lemmas: true,
            ..SolveOptions::default()
        };
        assert_eq!(solve_with(&p, &opts), expected);
        let mut s = CegisSolver::new(&p, &opts).unwrap();
        s.next().unwrap();
        assert!(s.stats().candidates > 0);
        assert_eq!(
            s.stats().escalations > 0,
            escalate && after == 0,
            "{after} {escalate}"
        );
    }
}
