//! The ordering principle as a micro-benchmark of the engine: a strict total order with no
//! minimum over `n` atoms is impossible, so every run is UNSAT. Prints translation and
//! solving figures for both backends, with and without symmetry breaking; rows marked `*`
//! state transitivity with three nested quantifiers, which measures grounding.
//!
//! `cargo bench --bench ordering [-- n ...]`

use std::time::Instant;

use solder::logic::{
    Bounds, Decl, DeclMult, Expr, Formula, Problem, Relation, RelationKind, TupleSet, Universe,
    VarId,
};
use solder::solve::{BackendKind, Outcome, SolveOptions, solve};

/// The principle over `n` atoms; `grounded` states irreflexivity and transitivity with
/// quantifiers (`all x, y, z | ...`), as models usually do, to measure grounding.
fn ordering_principle(n: usize, grounded: bool) -> Problem {
    let atoms: Vec<u32> = (0..n as u32).collect();
    let mut bounds = Bounds {
        universe: Universe::new((0..n).map(|i| format!("A${i}")).collect()),
        relations: Vec::new(),
    };
    let all = TupleSet::of_atoms(atoms.clone());
    let a = bounds.add(Relation {
        name: "A".into(),
        arity: 1,
        kind: RelationKind::Sig,
        lower: all.clone(),
        upper: all,
    });
    let pairs = TupleSet::from_tuples(
        2,
        atoms
            .iter()
            .flat_map(|&x| atoms.iter().map(move |&y| vec![x, y])),
    );
    let lt = bounds.add(Relation {
        name: "lt".into(),
        arity: 2,
        kind: RelationKind::Field,
        lower: TupleSet::empty(2),
        upper: pairs,
    });
    let (a, lt) = (Expr::rel(a, 1), Expr::rel(lt, 2));
    let decl = |var: u32, name: &str| Decl {
        var: VarId(var),
        name: name.into(),
        mult: DeclMult::One,
        bound: a.clone(),
    };
    let (x, y) = (decl(1, "x"), decl(2, "y"));
    let (xe, ye) = (x.var_expr(), y.var_expr());
    let (irreflexive, transitive) = if grounded {
        let z = decl(5, "z");
        let ze = z.var_expr();
        let pair = |a: &Expr, b: &Expr| Expr::product(a.clone(), b.clone()).in_(&lt);
        (
            Formula::forall(vec![x.clone()], pair(&xe, &xe).not()),
            Formula::forall(
                vec![x.clone(), y.clone(), z],
                Formula::and([pair(&xe, &ye), pair(&ye, &ze)]).implies(pair(&xe, &ze)),
            ),
        )
    } else {
        (
            Expr::intersection(lt.clone(), Expr::iden()).no(),
            Expr::join(lt.clone(), lt.clone()).in_(&lt),
        )
    };
    let total = Formula::forall(
        vec![x.clone(), y.clone()],
        Formula::or([
            xe.eq(&ye),
            Expr::product(xe.clone(), ye.clone()).in_(&lt),
            Expr::product(ye.clone(), xe.clone()).in_(&lt),
        ]),
    );
    let (x2, y2) = (decl(3, "x"), decl(4, "y"));
    let no_minimum = Formula::forall(
        vec![x2.clone()],
        Formula::exists(
            vec![y2.clone()],
            Expr::product(y2.var_expr(), x2.var_expr()).in_(&lt),
        ),
    );
    Problem {
        bounds,
        formula: Formula::and([irreflexive, transitive, total, no_minimum]),
    }
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![10, 15, 20, 25, 30]
    } else {
        sizes
    };
    println!(
        "{:>3} {:>8} {:>4} {:>8} {:>8} {:>9} {:>11} {:>9} {:>9}",
        "n", "backend", "sym", "primary", "aux", "clauses", "translate", "solve", "verdict"
    );
    for &n in &sizes {
        for (grounded, backend, symmetry) in [
            (false, BackendKind::Cadical, 20),
            (false, BackendKind::Cadical, 0),
            (false, BackendKind::Varisat, 20),
            (false, BackendKind::Varisat, 0),
            (true, BackendKind::Cadical, 20),
        ] {
            let problem = ordering_principle(n, grounded);
            {
                let opts = SolveOptions {
                    backend,
                    symmetry,
                    ..SolveOptions::default()
                };
                let start = Instant::now();
                let (outcome, _, stats) = match solve(&problem, &opts) {
                    Ok(result) => result,
                    Err(e) => {
                        println!("{n:>3} {backend:?}: {e:?}");
                        continue;
                    }
                };
                let verdict = match outcome {
                    Outcome::Sat(_) => "SAT (!)",
                    Outcome::Unsat => "UNSAT",
                    Outcome::Interrupted => "stopped",
                };
                let backend = if grounded {
                    format!("{backend:?}*")
                } else {
                    format!("{backend:?}")
                };
                println!(
                    "{n:>3} {backend:>8} {symmetry:>4} {:>8} {:>8} {:>9} {:>9.1}ms {:>7.1}ms {:>9}   (total {:.1} ms)",
                    stats.primary_vars,
                    stats.aux_vars,
                    stats.clauses,
                    stats.translate_time.as_secs_f64() * 1e3,
                    stats.solve_time.as_secs_f64() * 1e3,
                    verdict,
                    start.elapsed().as_secs_f64() * 1e3,
                );
            }
        }
    }
}
