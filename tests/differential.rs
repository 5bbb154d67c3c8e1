//! The engine against brute force: random small problems over two or three relations,
//! solved with symmetry breaking on and off, order fixing on and off, on both SAT backends,
//! must agree with enumerating every instance through the independent evaluator — on SAT
//! and UNSAT alike. Every SAT answer is re-checked by the evaluator.

use crate::common::random_problem;

use random_problem::random_problem;
use solder::instance::brute::count_models;
use solder::instance::evaluate::eval_formula;
use solder::logic::Problem;
use solder::solve::{BackendKind, Enumerator, Outcome, SolveOptions};

const PROBLEMS: u64 = 400;

fn options(backend: BackendKind, symmetry: usize, fix_orders: bool) -> SolveOptions {
    SolveOptions {
        backend,
        symmetry,
        fix_orders,
        ..SolveOptions::default()
    }
}

/// Solve and, when SAT, check the instance against the original formula.
fn solve_checked(p: &Problem, opts: &SolveOptions, seed: u64) -> bool {
    let mut en = Enumerator::new(p, opts).unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
    match en.next() {
        Outcome::Sat(inst) => {
            for (i, r) in en.bounds().relations.iter().enumerate() {
                assert!(
                    r.lower.is_subset(&inst.values[i]) && inst.values[i].is_subset(&r.upper),
                    "seed {seed}: relation {} outside its bounds",
                    r.name
                );
            }
            let ok = eval_formula(&inst, &p.formula).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert!(
                ok,
                "seed {seed}: the instance does not satisfy\n{}",
                p.formula
            );
            true
        }
        Outcome::Unsat => false,
        Outcome::Interrupted => panic!("seed {seed}: interrupted"),
    }
}

#[test]
fn random_problems_agree_with_brute_force() {
    let (mut sat, mut unsat) = (0, 0);
    for seed in 0..PROBLEMS {
        let p = random_problem(seed);
        let expected = count_models(&p.bounds, &p.formula, 1 << 20).expect("brute force") > 0;
        for backend in [BackendKind::Cadical, BackendKind::Varisat] {
            for (symmetry, fix) in [(20, true), (0, false), (0, true), (20, false)] {
                let got = solve_checked(&p, &options(backend, symmetry, fix), seed);
                assert_eq!(
                    got,
                    expected,
                    "seed {seed}: {backend:?}, symmetry {symmetry}, fix_orders {fix}: solver says {}, brute force {}\n{}",
                    if got { "SAT" } else { "UNSAT" },
                    if expected { "SAT" } else { "UNSAT" },
                    p.formula
                );
            }
        }
        if expected { sat += 1 } else { unsat += 1 }
    }
    println!("{PROBLEMS} random problems: {sat} SAT, {unsat} UNSAT");
    // Both verdicts must be well represented, or the comparison proves little.
    assert!(
        sat > PROBLEMS / 5 && unsat > PROBLEMS / 10,
        "{sat} SAT, {unsat} UNSAT"
    );
}

#[test]
fn enumeration_without_symmetry_breaking_counts_every_model() {
    for seed in 0..150 {
        let p = random_problem(seed);
        let expected = count_models(&p.bounds, &p.formula, 1 << 20).expect("brute force");
        let mut en =
            Enumerator::new(&p, &options(BackendKind::Cadical, 0, false)).expect("translates");
        // Skolem constants may make several instances of one model: count the distinct
        // values of the problem's own relations.
        let own = p.bounds.relations.len();
        let mut seen = std::collections::BTreeSet::new();
        let mut steps = 0u64;
        loop {
            match en.next() {
                Outcome::Sat(inst) => {
                    assert!(
                        eval_formula(&inst, &p.formula).unwrap(),
                        "seed {seed}: bad instance"
                    );
                    seen.insert(inst.values[..own].to_vec());
                    steps += 1;
                    assert!(steps <= 1 << 16, "seed {seed}: enumeration does not end");
                }
                Outcome::Unsat => break,
                Outcome::Interrupted => panic!("interrupted"),
            }
        }
        let n = seen.len() as u64;
        assert_eq!(
            n, expected,
            "seed {seed}: enumerated {n} models, brute force counts {expected}\n{}",
            p.formula
        );
    }
}

/// Commit-order shaped problems: a strict total order over a fixed set of interchangeable
/// atoms, as a top-level conjunct next to a random formula. Fixing the order to atom order
/// (and symmetry breaking) must not change the verdict.
#[test]
fn fixed_strict_orders_agree_with_brute_force() {
    use solder::logic::{Expr, Formula, Relation, RelationKind, TupleSet};
    let (mut fixed_cases, mut tried) = (0, 0);
    for seed in 0..2000 {
        let mut p = random_problem(seed);
        let n = p.bounds.universe.len() as u32;
        // Interchangeable atoms: symmetric bounds (constants in the formula may still
        // tell atoms apart), and few enough free tuples for brute force.
        if n < 2 {
            continue;
        }
        for r in p.bounds.relations.iter_mut() {
            r.upper = TupleSet::from_tuples(
                r.arity,
                (0..n.pow(r.arity as u32)).map(|i| {
                    (0..r.arity)
                        .rev()
                        .map(|k| (i / n.pow(k as u32)) % n)
                        .collect::<Vec<_>>()
                }),
            );
            r.lower = TupleSet::empty(r.arity);
        }
        let free: usize = p.bounds.relations.iter().map(|r| r.upper.len()).sum();
        if free + (n * n) as usize > 16 {
            continue;
        }
        tried += 1;
        if tried > 400 {
            break;
        }
        let all = TupleSet::of_atoms(0..n);
        let elems = p.bounds.add(Relation {
            name: "E".into(),
            arity: 1,
            kind: RelationKind::Sig,
            lower: all.clone(),
            upper: all.clone(),
        });
        let pairs = TupleSet::from_tuples(2, (0..n).flat_map(|a| (0..n).map(move |b| vec![a, b])));
        let order = p.bounds.add(Relation {
            name: "co".into(),
            arity: 2,
            kind: RelationKind::Skolem,
            lower: TupleSet::empty(2),
            upper: pairs,
        });
        let co = Expr::rel(order, 2);
        // Tie the order to the random formula's first relation so that it matters.
        let link = Expr::join(Expr::rel(solder::logic::RelId(0), 1), co.clone()).some();
        p.formula = Formula::and([
            Formula::strict_order(co, Expr::rel(elems, 1)),
            if seed % 2 == 0 { link } else { link.not() },
            p.formula.clone(),
        ]);
        let expected = count_models(&p.bounds, &p.formula, 1 << 22).expect("brute force") > 0;
        let fixed = solder::translate::symmetry::fix_total_orders(&p);
        if fixed.bounds.relations[order.0 as usize].lower
            != p.bounds.relations[order.0 as usize].lower
        {
            fixed_cases += 1;
        }
        for backend in [BackendKind::Varisat, BackendKind::Cadical] {
            for (symmetry, fix) in [(20, true), (0, true), (0, false), (20, false)] {
                let got = solve_checked(&p, &options(backend, symmetry, fix), seed);
                assert_eq!(
                    got, expected,
                    "seed {seed} symmetry {symmetry} fix {fix}\n{}",
                    p.formula
                );
            }
        }
    }
    println!("{tried} problems, the order fixed in {fixed_cases}");
    assert!(
        fixed_cases >= 60,
        "the order was fixed in only {fixed_cases} cases"
    );
}
