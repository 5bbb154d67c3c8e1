//! Re-checking an answer on its instance: a fresh CEGIS run with every relation fixed
//! (see "Checking an answer" in the module doc of [`super`]).

use super::{Answer, CegisSolver, Level, Settings};

use crate::instance::Instance;
use crate::logic::skolem::skolemize;
use crate::logic::{Formula, FormulaKind, Problem, Quantifier};
use crate::solve::{BackendKind, Outcome, SolveError, SolveOptions, SolveStats};

/// Re-check a solution independently of the solve that found it: a fresh CEGIS run with
/// every relation fixed to its value in the instance (so each universal part is a fresh
/// SAT check of its negation on this instance) must find it consistent.
///
/// When the instance carries the values of the skolemized existentials (its witnesses,
/// which the user is shown), they are fixed too: the check is then of the instance as
/// reported, and one verifier call per universal suffices, where free witnesses made the
/// fresh run guess them again and refute its guesses first.
pub fn confirm(
    problem: &Problem,
    instance: &Instance,
    opts: &SolveOptions,
) -> Result<bool, SolveError> {
    let skolemized = skolemize(problem, &opts.skolem_prefix);
    let mut fixed = if skolemized.bounds.relations.len() == instance.values.len() {
        skolemized
    } else {
        problem.clone()
    };
    fix_to(&mut fixed, instance);
    solve_fixed(&fixed, opts)
}

/// A closed formula decided on an instance of `problem`'s bounds (the evaluator's oracle
/// for a quantifier too large to enumerate, `eval_formula_hinted`): a fresh CEGIS run
/// over those bounds with every relation fixed to its value, as in [`confirm`], but
/// translating only this formula. A universal `all X | F` is decided by the level that
/// CEGIS would build to verify it, `some X | not F` with one witness per variable,
/// without the trivial candidate level above it (a translator and a solver fewer).
pub fn decide_on_instance(
    problem: &Problem,
    instance: &Instance,
    formula: &Formula,
    opts: &SolveOptions,
) -> Result<bool, SolveError> {
    let mut fixed = Problem {
        bounds: problem.bounds.clone(),
        formula: formula.clone(),
    };
    fix_to(&mut fixed, instance);
    if !matches!(formula.kind(), FormulaKind::Quant(Quantifier::All, ..)) {
        return solve_fixed(&fixed, opts);
    }
    let opts = fixed_options(opts);
    let mut level = Level::new(&fixed.bounds, opts.backend, Settings::of(&opts), 0)?;
    level.assert_negation(formula)?;
    // Holds only when proved (there is no stop flag: `fixed_options`).
    Ok(matches!(
        level.solve(&[], &mut SolveStats::default())?,
        Answer::Unsat
    ))
}

/// Fix each relation of `problem` to its value in `instance` (by position: the
/// instance's relations begin with the problem's).
fn fix_to(problem: &mut Problem, instance: &Instance) {
    for (i, r) in problem.bounds.relations.iter_mut().enumerate() {
        if let Some(v) = instance.values.get(i) {
            r.lower = v.clone();
            r.upper = v.clone();
        }
    }
}

/// Solve a problem whose relations are all fixed, with no optimization that a re-check
/// should not lean on.
fn solve_fixed(fixed: &Problem, opts: &SolveOptions) -> Result<bool, SolveError> {
    let mut solver = CegisSolver::new(fixed, &fixed_options(opts))?;
    Ok(matches!(solver.next()?, Outcome::Sat(_)))
}

/// The options of a solve with every relation fixed: no symmetry breaking or fixed
/// orders (they may exclude the instance itself), no shortcuts of CEGIS.
fn fixed_options(opts: &SolveOptions) -> SolveOptions {
    SolveOptions {
        symmetry: 0,
        fix_orders: false,
        instantiate: false,
        terms: false,
        naive: false,
        incremental: true,
        stop: None,
        // One candidate, so each verifier is solved a few times only, and for a universal
        // that holds it must prove UNSAT (often a pigeonhole argument): CaDiCaL's ground,
        // where varisat can take ten times as long (turan:extremal4, 10 s against 0.9 s).
        // Its `sat` configuration proves the small universals of the re-check fastest
        // (max3Unrolled, before ladders: 1.9 ms, 5.6 ms in the default one, 2.3 ms on
        // varisat; with them 0.9, 1.1 and 0.9 ms, and max4Unrolled 1.5, 2.1 and 1.5 ms).
        backend: BackendKind::CadicalStable,
        verifier_backend: Some(BackendKind::CadicalStable),
        ..opts.clone()
    }
}
