//! The engine against brute force: tiny random problems, every assignment of their free
//! tuples evaluated directly over tuple sets.

use std::collections::BTreeSet;

use super::brute::{brute_force_models, holds, permutations};
use super::problems::{
    Rng, lazy_problem, ordered_problem, random_problem, relation, symmetric_problem, universe,
};
use super::*;

use crate::logic::{Atom, Decl, DeclMult, Expr, Formula, Relation, RelationKind, TupleSet, VarId};
use crate::solve::BackendKind;

fn options(backend: BackendKind, symmetry: usize, fix_orders: bool) -> SolveOptions {
    SolveOptions {
        backend,
        symmetry,
        fix_orders,
        ..SolveOptions::default()
    }
}

fn every_option() -> Vec<SolveOptions> {
    let mut all = Vec::new();
    for backend in [BackendKind::Varisat, BackendKind::Cadical] {
        for symmetry in [0, 20] {
            for fix in [false, true] {
                all.push(options(backend, symmetry, fix));
            }
        }
    }
    all
}

fn within_bounds(bounds: &Bounds, values: &[TupleSet]) -> bool {
    bounds
        .relations
        .iter()
        .zip(values)
        .all(|(r, v)| r.lower.is_subset(v) && v.is_subset(&r.upper))
}

/// Checks one problem under every option combination; returns whether it is SAT.
fn check_against_brute_force(problem: &Problem) -> bool {
    let models = brute_force_models(problem);
    let original = problem.bounds.relations.len();
    for opts in every_option() {
        let mut e = Enumerator::new(problem, &opts)
            .unwrap_or_else(|err| panic!("{err:?} for {}", problem.formula));
        // Same relations first (fixing orders may narrow their bounds), then skolems.
        let shape = |r: &Relation| (r.name.clone(), r.arity);
        assert!(
            e.bounds().relations[..original]
                .iter()
                .map(shape)
                .eq(problem.bounds.relations.iter().map(shape))
        );
        assert!(
            e.bounds().relations[original..]
                .iter()
                .all(|r| r.kind == RelationKind::Skolem)
        );
        match e.next() {
            Outcome::Sat(instance) => {
                let values = &instance.values[..original];
                assert!(
                    !models.is_empty(),
                    "engine found an instance of an unsatisfiable problem {:?}: {}\n{values:?}",
                    opts,
                    problem.formula
                );
                assert!(within_bounds(e.bounds(), &instance.values));
                assert!(
                    holds(problem, values),
                    "instance does not satisfy {} ({opts:?}): {values:?}",
                    problem.formula
                );
            }
            Outcome::Unsat => assert!(
                models.is_empty(),
                "engine says unsat but {} has {} models ({opts:?}), e.g. {:?}",
                problem.formula,
                models.len(),
                models[0]
            ),
            Outcome::Interrupted => panic!("interrupted without a stop flag"),
        }
    }
    !models.is_empty()
}

/// With symmetry breaking and order fixing off, enumeration yields exactly the brute-force
/// models (projected on the problem's own relations, since skolems add witnesses).
fn check_enumeration(problem: &Problem, backend: BackendKind) {
    let mut expected: Vec<Vec<TupleSet>> = brute_force_models(problem);
    expected.sort();
    let original = problem.bounds.relations.len();
    let mut e = Enumerator::new(problem, &options(backend, 0, false)).unwrap();
    if e.stats().primary_vars > 12 {
        // Skolem witnesses can multiply the instances beyond what is worth enumerating.
        return;
    }
    let mut found = BTreeSet::new();
    let mut calls = 0;
    while let Outcome::Sat(instance) = e.next() {
        calls += 1;
        assert!(calls <= 1 << 12, "enumeration does not terminate");
        found.insert(instance.values[..original].to_vec());
    }
    assert_eq!(e.next(), Outcome::Unsat);
    let found: Vec<Vec<TupleSet>> = found.into_iter().collect();
    assert_eq!(found, expected, "models of {}", problem.formula);
    if e.bounds().relations.len() == original {
        // Without skolems every call found a new model.
        assert_eq!(calls, expected.len());
    }
    // The last call proved exhaustion, unless there was nothing to vary at all.
    let last = usize::from(e.stats().primary_vars > 0 || calls == 0);
    assert_eq!(e.stats().sat_calls - e.stats().lazy_calls, calls + last);
}

#[test]
fn random_problems_match_brute_force() {
    let mut rng = Rng(0x5eed_0f50_1de7);
    let (mut sat, mut unsat) = (0, 0);
    for _ in 0..400 {
        let problem = random_problem(&mut rng);
        if check_against_brute_force(&problem) {
            sat += 1;
        } else {
            unsat += 1;
        }
    }
    eprintln!("random problems: {sat} sat, {unsat} unsat");
    assert!(sat > 80 && unsat > 80, "sat {sat} unsat {unsat}");
}

#[test]
fn lazy_orders_match_brute_force() {
    let mut rng = Rng(0x001a_2e0b_de75);
    let (mut sat, mut unsat) = (0, 0);
    for _ in 0..150 {
        let problem = lazy_problem(&mut rng);
        // Lazy (the default in `every_option`) and eager must both agree with brute force.
        let models = brute_force_models(&problem);
        for lazy in [true, false] {
            for backend in [BackendKind::Varisat, BackendKind::Cadical] {
                let opts = SolveOptions {
                    lazy_orders: lazy,
                    ..options(backend, 20, true)
                };
                let original = problem.bounds.relations.len();
                let mut e = Enumerator::new(&problem, &opts).unwrap();
                match e.next() {
                    Outcome::Sat(instance) => {
                        let values = &instance.values[..original];
                        assert!(!models.is_empty(), "sat but unsat: {}", problem.formula);
                        assert!(
                            holds(&problem, values),
                            "{} ({lazy} {backend:?}): {values:?} {:?}",
                            problem.formula,
                            &instance.values[original..]
                        );
                    }
                    Outcome::Unsat => {
                        assert!(models.is_empty(), "unsat but sat: {}", problem.formula)
                    }
                    Outcome::Interrupted => panic!("interrupted"),
                }
            }
        }
        // Every instance once, through the refinement rounds and blocking clauses.
        if sat % 4 == 0 {
            check_enumeration(&problem, BackendKind::Cadical);
        }
        if models.is_empty() {
            unsat += 1;
        } else {
            sat += 1;
        }
    }
    eprintln!("lazy problems: {sat} sat, {unsat} unsat");
    assert!(sat > 30 && unsat > 20, "sat {sat} unsat {unsat}");
}

#[test]
fn ordered_problems_match_brute_force() {
    let mut rng = Rng(0x0bde_12ed);
    let (mut sat, mut unsat) = (0, 0);
    for _ in 0..150 {
        let problem = ordered_problem(&mut rng);
        if check_against_brute_force(&problem) {
            sat += 1;
        } else {
            unsat += 1;
        }
    }
    eprintln!("ordered problems: {sat} sat, {unsat} unsat");
    assert!(sat > 30 && unsat > 5, "sat {sat} unsat {unsat}");
}

/// Applies an atom permutation to every relation's value.
fn permute(values: &[TupleSet], perm: &[Atom]) -> Vec<TupleSet> {
    values
        .iter()
        .map(|v| {
            TupleSet::from_tuples(
                v.arity(),
                v.iter()
                    .map(|t| t.iter().map(|&a| perm[a as usize]).collect::<Vec<_>>()),
            )
        })
        .collect()
}

/// Symmetry breaking may drop models, but never a whole orbit: every model has an image
/// under some atom permutation among the enumerated instances (which the brute-force
/// check already showed to be models).
fn check_orbit_coverage(problem: &Problem, opts: &SolveOptions) -> (usize, usize) {
    let models = brute_force_models(problem);
    if models.len() > 300 {
        // Enumerating thousands of instances would only slow the test down.
        return (0, 0);
    }
    let original = problem.bounds.relations.len();
    let mut e = Enumerator::new(problem, opts).unwrap();
    let mut found = BTreeSet::new();
    while let Outcome::Sat(instance) = e.next() {
        let values = instance.values[..original].to_vec();
        assert!(holds(problem, &values));
        found.insert(values);
    }
    let atoms: Vec<Atom> = (0..problem.bounds.universe.len() as Atom).collect();
    let perms = permutations(&atoms);
    for m in &models {
        assert!(
            perms.iter().any(|p| found.contains(&permute(m, p))),
            "no image of model {m:?} of {} among {found:?} ({opts:?})",
            problem.formula
        );
    }
    (found.len(), models.len())
}

#[test]
fn symmetric_problems_match_brute_force() {
    let mut rng = Rng(0x5_1111_e7c1);
    let (mut sat, mut unsat) = (0, 0);
    let (mut kept, mut total) = (0, 0);
    for i in 0..200 {
        let problem = symmetric_problem(&mut rng);
        let backend = if i % 2 == 0 {
            BackendKind::Cadical
        } else {
            BackendKind::Varisat
        };
        let (k, t) = check_orbit_coverage(&problem, &options(backend, 20, true));
        kept += k;
        total += t;
        if check_against_brute_force(&problem) {
            sat += 1;
        } else {
            unsat += 1;
        }
    }
    eprintln!("symmetric problems: {sat} sat, {unsat} unsat; {kept} of {total} models kept");
    assert!(sat > 40 && unsat > 20, "sat {sat} unsat {unsat}");
    // Symmetry breaking does remove models here.
    assert!(kept < total * 9 / 10, "kept {kept} of {total}");
}

#[test]
fn enumeration_without_symmetry_breaking_finds_every_model() {
    let mut rng = Rng(0xe_0e_0e_0e);
    for i in 0..120 {
        let problem = if i % 4 == 0 {
            ordered_problem(&mut rng)
        } else {
            random_problem(&mut rng)
        };
        let backend = if i % 2 == 0 {
            BackendKind::Cadical
        } else {
            BackendKind::Varisat
        };
        check_enumeration(&problem, backend);
    }
}

/// Pigeons in holes as relations: `hole: P -> H`, every pigeon in some hole, no hole
/// shared. Without symmetry breaking, 11 pigeons in 10 holes is very hard.
fn pigeonhole(pigeons: usize, holes: usize) -> Problem {
    let n = pigeons + holes;
    let mut bounds = Bounds {
        universe: universe(n),
        relations: Vec::new(),
    };
    let ps = TupleSet::of_atoms(0..pigeons as Atom);
    let hs = TupleSet::of_atoms(pigeons as Atom..n as Atom);
    let p = bounds.add(relation("P", ps.clone(), ps.clone()));
    let h = bounds.add(relation("H", hs.clone(), hs.clone()));
    let hole = bounds.add(relation(
        "hole",
        TupleSet::empty(2),
        crate::logic::upper::product(&ps, &hs),
    ));
    let (p, h, hole) = (Expr::rel(p, 1), Expr::rel(h, 1), Expr::rel(hole, 2));
    let x = Decl {
        var: VarId(1),
        name: "p".into(),
        mult: DeclMult::One,
        bound: p,
    };
    let y = Decl {
        var: VarId(2),
        name: "h".into(),
        mult: DeclMult::One,
        bound: h,
    };
    let formula = Formula::and([
        Formula::forall(
            vec![x.clone()],
            Expr::join(x.var_expr(), hole.clone()).some(),
        ),
        Formula::forall(vec![y.clone()], Expr::join(hole, y.var_expr()).lone()),
    ]);
    Problem { bounds, formula }
}

#[test]
fn the_stop_flag_interrupts_solving() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};
    let problem = pigeonhole(11, 10);
    // Raised before the call: both backends give up at once, and can go on later.
    for backend in [BackendKind::Varisat, BackendKind::Cadical] {
        let flag = Arc::new(AtomicBool::new(true));
        let opts = SolveOptions {
            stop: Some(flag.clone()),
            ..options(backend, 20, true)
        };
        let mut e = Enumerator::new(&problem, &opts).unwrap();
        assert_eq!(e.next(), Outcome::Interrupted);
        flag.store(false, Ordering::Relaxed);
        // With symmetry breaking the principle is easy.
        assert_eq!(e.next(), Outcome::Unsat);
    }
    // Raised during a long CaDiCaL search.
    let flag = Arc::new(AtomicBool::new(false));
    let opts = SolveOptions {
        stop: Some(flag.clone()),
        ..options(BackendKind::Cadical, 0, false)
    };
    // Without symmetry breaking, pigeonhole 13 -> 12 takes CaDiCaL far longer than
    // the moment the flag is raised.
    let hard = pigeonhole(13, 12);
    let mut e = Enumerator::new(&hard, &opts).unwrap();
    let raiser = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let start = Instant::now();
    let outcome = e.next();
    raiser.join().unwrap();
    assert_eq!(outcome, Outcome::Interrupted);
    assert!(start.elapsed() < Duration::from_secs(10));
    assert_eq!(e.stats().sat_calls, 1);
}

#[test]
fn quantifiers_over_relations_that_stay_are_reported() {
    let mut bounds = Bounds {
        universe: universe(2),
        relations: Vec::new(),
    };
    let a = bounds.add(relation(
        "A",
        TupleSet::empty(1),
        TupleSet::of_atoms([0, 1]),
    ));
    let s = Decl {
        var: VarId(9),
        name: "s".into(),
        mult: DeclMult::Set,
        bound: Expr::rel(a, 1),
    };
    // `all s: set A | ...` cannot be skolemized.
    let forall = Formula::forall(vec![s.clone()], s.var_expr().in_(&Expr::rel(a, 1)));
    let err = Enumerator::new(
        &Problem {
            bounds: bounds.clone(),
            formula: forall,
        },
        &SolveOptions::default(),
    );
    assert_eq!(
        err.err(),
        Some(SolveError::HigherOrder {
            var: VarId(9),
            name: "s".into()
        })
    );
    // `some s: set A | ...` at the top is skolemized into a relation `$s`.
    let exists = Formula::exists(vec![s.clone()], Expr::rel(a, 1).in_(&s.var_expr()));
    let (outcome, solved, _) = solve(
        &Problem {
            bounds,
            formula: exists,
        },
        &SolveOptions::default(),
    )
    .unwrap();
    assert_eq!(solved.relations[1].name, "$s");
    let Outcome::Sat(instance) = outcome else {
        panic!("satisfiable");
    };
    assert!(instance.values[0].is_subset(&instance.values[1]));
}
