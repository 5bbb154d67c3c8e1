//! Unsat cores: which of a problem's parts are already unsatisfiable together.
//!
//! A problem is given as a background (always on: sig structure, library facts) and a
//! list of parts (the model's facts, field declarations and the command's conjuncts). The
//! answer is a set of parts that, with the background, is unsatisfiable and from which no
//! part can be dropped (minimal, not necessarily minimum).
//!
//! First-order problems are translated once with one activation literal per part; the
//! backend's failed assumptions give a first core, which deletion then minimizes, each
//! step under assumptions on the same solver (and shrunk again by its failed
//! assumptions). Problems that need CEGIS, or `assumptions: false`, minimize by deletion
//! over whole solves instead. Both are exact; they may pick different minimal cores.
//!
//! The singleton-overlap rewrite is off here: it relies on facts that a core may drop.

use super::{Outcome, SatResult, SolveError, SolveOptions, Solver, new_backend};
use crate::logic::skolem::{skolemize_parts, skolemize_shared};
use crate::logic::temporal::unroll_each;
use crate::logic::{Bounds, Decl, Formula, Problem, RelId};
use crate::translate::circuit::Bit;
use crate::translate::symmetry::{fix_total_orders, lex_leader, symmetry_classes};
use crate::translate::{CnfEmitter, Translator};

/// What the core search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoreOutcome {
    /// The parts are satisfiable together: there is no core.
    Sat,
    /// Indices of a minimal unsatisfiable set of parts (empty: the background alone is
    /// unsatisfiable).
    Core(Vec<usize>),
    Interrupted,
}

/// A minimal unsatisfiable subset of `parts` (with `background` always on) within
/// `bounds`; `shared` are existential decls whose variables are free in the parts
/// (outermost first). `assumptions` selects the one-translation method for first-order
/// problems.
pub fn unsat_core(
    bounds: &Bounds,
    background: &[Formula],
    shared: &[Decl],
    parts: &[Formula],
    opts: &SolveOptions,
    assumptions: bool,
    unroll: Option<(&[RelId], usize)>,
) -> Result<CoreOutcome, SolveError> {
    let mut opts = opts.clone();
    opts.overlap_singletons = false;
    // Witnesses shared by several parts become relations first, so that switching a
    // part off keeps the others' witness.
    let (bounds, witness, parts) = skolemize_shared(bounds, shared, parts, &opts.skolem_prefix);
    let mut background: Vec<Formula> = background.iter().cloned().chain(witness).collect();
    // Temporal parts become static ones over the states of one lasso length, with the
    // choice of the loop in the background.
    let (bounds, parts) = match unroll {
        None => (bounds, parts),
        Some((var, steps)) => {
            let n = background.len();
            let all: Vec<Formula> = background.drain(..).chain(parts).collect();
            let (unrolled, mut rewritten) = unroll_each(&bounds, &all, var, steps);
            let parts = rewritten.split_off(n);
            background = rewritten;
            background.push(unrolled.problem.formula);
            (unrolled.problem.bounds, parts)
        }
    };
    let (bounds, background, parts) = (&bounds, &background[..], &parts[..]);
    let whole = Problem {
        bounds: bounds.clone(),
        formula: Formula::and(background.iter().chain(parts).cloned()),
    };
    if assumptions && !super::cegis::needs_cegis(&whole, &opts.skolem_prefix) {
        by_assumptions(bounds, background, parts, &opts)
    } else {
        by_deletion(bounds, background, parts, &opts)
    }
}

/// Is the background with these parts satisfiable? (`None`: interrupted.)
fn satisfiable(
    bounds: &Bounds,
    background: &[Formula],
    parts: &[Formula],
    keep: &[usize],
    opts: &SolveOptions,
) -> Result<Option<bool>, SolveError> {
    let problem = Problem {
        bounds: bounds.clone(),
        formula: Formula::and(
            background
                .iter()
                .cloned()
                .chain(keep.iter().map(|&i| parts[i].clone())),
        ),
    };
    let mut solver = Solver::new(&problem, opts)?;
    Ok(match solver.next()? {
        Outcome::Sat(_) => Some(true),
        Outcome::Unsat => Some(false),
        Outcome::Interrupted => None,
    })
}

fn by_deletion(
    bounds: &Bounds,
    background: &[Formula],
    parts: &[Formula],
    opts: &SolveOptions,
) -> Result<CoreOutcome, SolveError> {
    let mut core: Vec<usize> = (0..parts.len()).collect();
    match satisfiable(bounds, background, parts, &core, opts)? {
        None => return Ok(CoreOutcome::Interrupted),
        Some(true) => return Ok(CoreOutcome::Sat),
        Some(false) => {}
    }
    let mut i = 0;
    while i < core.len() {
        let without: Vec<usize> = core.iter().copied().filter(|&j| j != core[i]).collect();
        match satisfiable(bounds, background, parts, &without, opts)? {
            None => return Ok(CoreOutcome::Interrupted),
            Some(false) => core = without,
            Some(true) => i += 1,
        }
    }
    Ok(CoreOutcome::Core(core))
}

fn by_assumptions(
    bounds: &Bounds,
    background: &[Formula],
    parts: &[Formula],
    opts: &SolveOptions,
) -> Result<CoreOutcome, SolveError> {
    let mut all: Vec<Formula> = background.to_vec();
    all.extend(parts.iter().cloned());
    let (bounds, skolemized) = skolemize_parts(bounds, &all, &opts.skolem_prefix);
    let (background, parts) = skolemized.split_at(background.len());
    let mut problem = Problem {
        bounds,
        formula: Formula::and(background.iter().cloned()),
    };
    if opts.fix_orders {
        problem = fix_total_orders(&problem);
    }
    let mut translator = Translator::new(&problem.bounds)?;
    translator.int_ladders(opts.int_ladders);
    let root = translator.asserted(&problem.formula)?;
    let gates: Vec<Bit> = parts
        .iter()
        .map(|p| translator.formula(p))
        .collect::<Result<_, _>>()?;
    let symmetry = if opts.symmetry > 0 {
        let everything =
            Formula::and(std::iter::once(problem.formula.clone()).chain(parts.iter().cloned()));
        let classes = symmetry_classes(&problem.bounds, &everything);
        lex_leader(&mut translator, &classes, opts.symmetry)
    } else {
        Bit::TRUE
    };
    if translator.circuit().overflowed() {
        return Err(SolveError::TooLarge(
            "the problem exceeds the translation limits".into(),
        ));
    }
    let mut backend = new_backend(opts.backend);
    if let Some(flag) = &opts.stop {
        backend.set_stop_flag(flag.clone());
    }
    let circuit = translator.circuit();
    let mut emitter = CnfEmitter::new(circuit);
    emitter.assert(circuit, root, backend.as_mut());
    let symmetry_lit =
        (symmetry != Bit::TRUE).then(|| emitter.define(circuit, symmetry, backend.as_mut()));
    let activation: Vec<i32> = gates
        .iter()
        .map(|&g| emitter.define(circuit, g, backend.as_mut()))
        .collect();
    // Solve with the given parts on; `Some(subset)`: unsatisfiable, and the parts among
    // them that the proof used.
    let mut solve = |on: &[usize]| -> Option<Result<Vec<usize>, ()>> {
        let mut assumed: Vec<i32> = symmetry_lit.into_iter().collect();
        assumed.extend(on.iter().map(|&i| activation[i]));
        match backend.solve(&assumed) {
            SatResult::Sat => Some(Err(())),
            SatResult::Interrupted => None,
            SatResult::Unsat => {
                let failed = backend.failed_assumptions();
                Some(Ok(on
                    .iter()
                    .copied()
                    .filter(|&i| failed.contains(&activation[i]))
                    .collect()))
            }
        }
    };
    let everything: Vec<usize> = (0..parts.len()).collect();
    let mut core = match solve(&everything) {
        None => return Ok(CoreOutcome::Interrupted),
        Some(Err(())) => return Ok(CoreOutcome::Sat),
        Some(Ok(core)) => core,
    };
    let mut i = 0;
    while i < core.len() {
        let without: Vec<usize> = core.iter().copied().filter(|&j| j != core[i]).collect();
        match solve(&without) {
            None => return Ok(CoreOutcome::Interrupted),
            // Still unsatisfiable: keep only what this proof used (all of it is within
            // `without`, and the parts before `i` stay necessary).
            Some(Ok(smaller)) => {
                let kept_before = core[..i].iter().filter(|j| smaller.contains(j)).count();
                core = smaller;
                i = kept_before;
            }
            Some(Err(())) => i += 1,
        }
    }
    Ok(CoreOutcome::Core(core))
}
