//! Quantifiers over relations, solved by counterexample-guided inductive synthesis.
//!
//! # The algorithm
//!
//! The problem's formula is first skolemized (outermost existentials, relations included,
//! become relations of the problem) and put in negation normal form
//! ([`crate::logic::normalize::nnf`]), so every remaining quantifier over relations occurs
//! positively. The *candidate* translation ([`Translator::defer_higher_order`]) then
//!
//! - turns each `some R: ... | F` into a matrix of fresh variables (a witness chosen by the
//!   SAT solver: an existential in positive position is satisfiable iff some value makes
//!   its body true, so this is skolemization inside grounded first-order quantifiers), and
//! - turns each `all Y: ... | F` into a fresh *proxy* variable `p` with an *obligation*:
//!   wherever `p` is true, `F` must hold for every `Y`.
//!
//! Because every proxy occurs positively, a model of the candidate formula in which each
//! true proxy's obligation holds is a model of the original formula (the proxies that are
//! false are not needed by it). The loop:
//!
//! 1. Solve the candidate formula (plus everything learned so far). UNSAT: the problem is
//!    UNSAT, because everything added is implied by the problem (below).
//! 2. For each obligation whose proxy is true in the candidate `X*`, the *verifier* looks
//!    for a counterexample: `some Y | fits(Y) and not F(X*, Y)`. The verifier is translated
//!    once, with the candidate's relations (and the obligation's environment) as
//!    variables, and solved under assumptions that fix them to `X*` — no re-translation per
//!    candidate. Its formula may again contain quantifiers over relations (the negation of
//!    a nested `some` is an `all`): it is then itself a CEGIS problem, solved by the same
//!    code one level down (this is Alloy*'s recursion for deeper alternation).
//! 3. Every counterexample `Y*` teaches the candidate the lemma `p => (fits(Y*) => F(X,
//!    Y*))`, which holds in every model of the problem (it is an instance of the
//!    universal), and which `X*` violates. If no true proxy has a counterexample, `X*` is a
//!    model.
//!
//! **Soundness**: SAT answers are models (each true obligation was verified, and a
//! verifier's UNSAT is itself sound by induction on the nesting depth); UNSAT answers are
//! sound because lemmas are consequences of the problem. **Completeness and termination**:
//! each lemma excludes the current candidate for good (with its proxy true), and there
//! are finitely many candidates over finite bounds, so the loop ends.
//!
//! # Optimizations (each with an off switch in [`SolveOptions`])
//!
//! - *witness instantiation* (`instantiate`): before the first candidate, every universal
//!   relation variable is instantiated with every existential witness of the same arity
//!   (skolem relations and top-level witness matrices): `p => F[Y := W]` holds because
//!   `all Y | F` implies each of its instances. Implication problems such as
//!   `CC and not RA` become UNSAT with no candidate at all.
//! - *term instantiation* (`terms`, [`super::terms`]): before a candidate goes to a
//!   verifier, the closed expressions of the problem (`^(so + WR)`, `co`, unions of two)
//!   are evaluated on it; if some choice of them is a counterexample, the lemma is
//!   `p => F[Y := t(X)]`, the instance at the *term*, which holds in every model for the
//!   same reason as witness instantiation and constrains every later candidate, not only
//!   this one. `CC and not CeroneCC` at 5 transactions: 3 candidates instead of thousands.
//!   Off for the naive baseline. Its cost is bounded: an obligation whose candidates
//!   are seldom refuted by terms stops trying ([`super::terms`]).
//! - *verifier escalation* (`escalate`): a varisat verifier whose call took longer than
//!   [`ESCALATE_AFTER`] is rebuilt on CaDiCaL.
//!   Sound because a verifier's answer does not depend on its backend; what it had
//!   learnt is implied by the problem, so only time is lost. varisat is quicker on the
//!   many small calls of most verifiers, CaDiCaL on pigeonhole refutations (turan at 4
//!   nodes: 159 s on varisat throughout, 37 s escalated).
//! - *incremental* solving: one candidate SAT instance for the whole loop, verifiers
//!   translated once (off: fresh backends and verifiers for every candidate).
//! - *counting injections* (`count_injections`, [`crate::logic::injections`]): a
//!   quantifier over a total injective map is translated as a comparison of counts, so
//!   neither the candidate learns one map at a time nor a verifier proves a pigeonhole
//!   principle; `all X, f` with such an `f` last is split into `all X | all f`, whose
//!   lemmas are then count comparisons at `X*`. Sound because the reading is exact where
//!   its side conditions hold, and where they do not the quantifier keeps the general
//!   treatment (a witness, or an obligation whose proxy is guarded by their failure: a
//!   proxy that cannot be true needs no verification). Max cut at 8 nodes: 0.09 s
//!   against 105 s at 7 without.
//! - *naive* (a baseline, off by default): instead of learning `F(X, Y*)`, only block the
//!   failed candidate.
//!
//! # Checking an answer
//!
//! Every instance is re-checked by the evaluator (`session::verify`), which decides the
//! quantifiers over relations itself where it can: the witnesses first, then small
//! ranges, and a quantifier too large for it goes to [`decide_on_instance`], a SAT check
//! of that quantifier alone with every relation fixed. Its shortcuts for quantifiers
//! over commit orders, each exact, each with a switch:
//!
//! - *orders only* (`recheck_orders`): with a guard `strictTotalOrder[co, E]`, only the
//!   orders of E containing every `x in co` guard (`x` without `co`) are tried; any other
//!   value makes a guard false, so it cannot make `some` true or `all` false.
//! - *saturation* (`recheck_saturate`): a guard `x in co` with `x` growing with `co`
//!   ([`crate::logic::monotone`]) adds `x[R]` to the required pairs R (closed
//!   transitively), until nothing changes: every order allowed contains R, so `x[R] in
//!   x[co] in co`. Isolde's PC and not SI at 7 transactions: the orders then fit the
//!   budget, and no SAT check is needed.
//! - *narrowing* (with `recheck_orders`): when the orders still exceed the budget, the SAT check gets `co`
//!   replaced by `R + co'`, `co'` ranging over the pairs neither in R nor reversed by it:
//!   the values it drops are exactly those no allowed order takes.
//!
//! The SAT checks run CaDiCaL in its `sat` configuration: one call each, mostly proofs
//! of small universals, where it is 2–3 times faster than the default (a backend never
//! changes an answer). A universal `all X | F` is checked as `some X | not F` by the
//! level CEGIS would build to verify it, without the trivial candidate level above it;
//! the variables the evaluator had bound in it become constants, so that the
//! translation folds them (pinned by constraints, they were unknowns to that level).
//! Integer comparisons in these checks use ladders ([`crate::translate::ladder`]) where
//! a set provably holds at most one integer (max of 3 unrolled: 2.3 to 0.85 ms). That is
//! exact, not a shortcut of the check: there the ladder's rungs say what the sum says,
//! and a set not proved so is still summed by adders (`--no-int-ladders`: always).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::terms::{self, TermSearch};
use super::{BackendKind, Outcome, SatBackend, SolveError, SolveOptions, SolveStats};
use crate::instance::Instance;
use crate::logic::normalize::nnf;
use crate::logic::skolem::skolemize;
use crate::logic::{Bounds, Expr, FormulaKind, Problem, VarId};
use crate::translate::circuit::Bit;
use crate::translate::symmetry::{fix_total_orders, lex_leader, symmetry_classes};
use crate::translate::translator::Obligation;
use crate::translate::{CnfEmitter, Matrix, Translator};

mod level;
mod recheck;
#[cfg(test)]
mod tests;
mod verifier;

pub use recheck::{confirm, decide_on_instance};

/// A varisat verifier call slower than this moves the verifier to CaDiCaL for the rest of
/// the solve. Verifiers make many small incremental calls, where varisat is quicker, but a
/// verifier that must refute an injection faces a pigeonhole proof, where varisat takes
/// minutes and CaDiCaL seconds (turan at 4 nodes: 159 s against 3.7 s). Moving verifiers
/// whose many quick calls add up as well was tried and lost: max cut at 8 nodes took
/// 114 s without escalation, 59 s with this rule, over 400 s with that one too, and over
/// 300 s with every verifier on CaDiCaL.
pub const ESCALATE_AFTER: std::time::Duration = std::time::Duration::from_millis(100);

/// Solves problems with quantifiers over relations; same interface as
/// [`super::Enumerator`].
pub struct CegisSolver {
    top: Level,
    stats: SolveStats,
    exhausted: bool,
    /// The problem's own relations' variables (skolems aside) and their values in the last
    /// instance, for [`CegisSolver::shrink`].
    last_own: Vec<(Bit, bool)>,
}

/// Settings shared by every level of one solve.
#[derive(Clone)]
struct Settings {
    candidate_backend: BackendKind,
    verifier_backend: BackendKind,
    incremental: bool,
    naive: bool,
    terms: bool,
    count_injections: bool,
    int_ladders: bool,
    escalate: bool,
    escalate_after: std::time::Duration,
    check_lemmas: bool,
    stop: Option<Arc<AtomicBool>>,
    progress: Option<Arc<super::Progress>>,
}

impl Settings {
    fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

/// One CEGIS problem: a formula over the problem's relations whose higher-order
/// quantifiers were deferred, with the circuit variables the caller fixes on each solve.
struct Level {
    translator: Translator,
    emitter: CnfEmitter,
    backend: Box<dyn SatBackend>,
    kind: BackendKind,
    /// Every clause given to the backend (to replay into a fresh one when not incremental).
    asserted: Vec<Vec<Bit>>,
    /// Fixed by the caller on each solve (the parent's candidate values).
    params: Vec<Bit>,
    obligations: Vec<Pending>,
    depth: usize,
    settings: Settings,
    /// The variables of this level's leading existential and their witness matrices: the
    /// counterexample a verifier reports.
    answer: Vec<(VarId, Matrix)>,
    /// Assumed true on every solve (the symmetry-breaking predicate at the top level).
    guards: Vec<Bit>,
    /// The closed expressions of the level's formula, for term instantiation (empty: off).
    term_pool: Vec<Expr>,
}

struct Pending {
    obligation: Obligation,
    verifier: Option<Box<Level>>,
    /// For each environment binding, the parent's cells (in the verifier's param order
    /// after the primaries).
    env_bits: Vec<Bit>,
    /// Term instantiation for this obligation: not tried yet, or its search (`None`: the
    /// obligation does not have the shape).
    terms: Option<Option<TermSearch>>,
    /// The verifier was moved to CaDiCaL (see [`ESCALATE_AFTER`]).
    escalated: bool,
}

enum Answer {
    Sat,
    Unsat,
    Interrupted,
}

impl Settings {
    fn of(opts: &SolveOptions) -> Settings {
        Settings {
            candidate_backend: opts.candidate_backend.unwrap_or(opts.backend),
            verifier_backend: opts.verifier_backend.unwrap_or(opts.backend),
            incremental: opts.incremental,
            naive: opts.naive,
            terms: opts.terms,
            count_injections: opts.count_injections,
            int_ladders: opts.int_ladders,
            escalate: opts.escalate,
            escalate_after: opts.escalate_after,
            check_lemmas: opts.check_lemmas,
            stop: opts.stop.clone(),
            progress: opts.progress.clone(),
        }
    }
}

impl CegisSolver {
    /// Skolemize, fix orders, put in negation normal form, translate with deferred
    /// higher-order quantifiers, instantiate witnesses; does not solve yet.
    pub fn new(problem: &Problem, opts: &SolveOptions) -> Result<CegisSolver, SolveError> {
        let start = Instant::now();
        let mut problem = skolemize(problem, &opts.skolem_prefix);
        if opts.fix_orders {
            problem = fix_total_orders(&problem);
        }
        let formula = nnf(&problem.formula);
        let settings = Settings::of(opts);
        let mut top = Level::new(&problem.bounds, settings.candidate_backend, settings, 0)?;
        let root = top.translator.asserted(&formula)?;
        // Symmetry breaking is sound for the candidate: the whole problem, universal parts
        // included, is invariant under permutations of interchangeable atoms.
        let symmetry = if opts.symmetry > 0 && root != Bit::FALSE {
            let classes = symmetry_classes(&problem.bounds, &problem.formula);
            lex_leader(&mut top.translator, &classes, opts.symmetry)
        } else {
            Bit::TRUE
        };
        top.assert(root);
        // Assumed rather than asserted, so that `shrink` can drop it.
        top.guards.push(symmetry);
        top.collect_obligations();
        if opts.terms {
            let arities = top
                .obligations
                .iter()
                .filter_map(|p| match p.obligation.formula.kind() {
                    FormulaKind::Quant(_, decls, _) => Some(decls.iter().map(|d| d.arity())),
                    _ => None,
                })
                .flatten()
                .collect();
            top.term_pool = terms::harvest(&formula, &arities);
        }
        if opts.instantiate {
            top.instantiate_witnesses()?;
        }
        let mut stats = SolveStats {
            higher_order: true,
            ..SolveStats::default()
        };
        stats.translate_time = start.elapsed();
        let mut solver = CegisSolver {
            top,
            stats,
            exhausted: false,
            last_own: Vec::new(),
        };
        solver.update_stats();
        Ok(solver)
    }

    pub fn bounds(&self) -> &Bounds {
        self.top.translator.bounds()
    }

    pub fn stats(&self) -> &SolveStats {
        &self.stats
    }

    fn update_stats(&mut self) {
        self.stats.primary_vars = self.top.translator.primaries().len();
        self.stats.aux_vars = self.top.emitter.aux_vars();
        self.stats.clauses = self.top.emitter.clauses();
        let (vars, clauses) = self.top.verifier_sizes();
        self.stats.verifier_vars = vars;
        self.stats.verifier_clauses = clauses;
    }

    /// First call: a first instance. Later calls: an instance whose relations (skolem
    /// witnesses aside) differ from every earlier one, or Unsat when none is left.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Result<Outcome, SolveError> {
        if self.exhausted {
            return Ok(Outcome::Unsat);
        }
        let start = Instant::now();
        let answer = self.top.solve(&[], &mut self.stats);
        self.stats.solve_time += start.elapsed();
        self.update_stats();
        match answer? {
            Answer::Unsat => {
                self.exhausted = true;
                Ok(Outcome::Unsat)
            }
            Answer::Interrupted => Ok(Outcome::Interrupted),
            Answer::Sat => {
                let (instance, blocking) = self.top.decode();
                // The blocking clause holds each own primary variable (a positive bit)
                // negated when it is true in the instance.
                self.last_own = blocking
                    .iter()
                    .map(|&l| {
                        if l.is_negated() {
                            (!l, true)
                        } else {
                            (l, false)
                        }
                    })
                    .collect();
                if blocking.is_empty() {
                    self.exhausted = true;
                } else {
                    self.top.add_clause(blocking);
                }
                Ok(Outcome::Sat(instance))
            }
        }
    }
}

impl CegisSolver {
    /// After an instance: look for instances whose own relations (skolem witnesses aside)
    /// hold strictly fewer tuples, each within the one before, until none is left; the
    /// CEGIS loop runs for each, keeping what it learnt. Returns the last one found, which
    /// is subset-minimal (`None`: the current instance already is, or the solve was
    /// interrupted first). The added clauses are permanent: enumeration ends here.
    pub fn shrink(&mut self) -> Result<Option<Instance>, SolveError> {
        // A smaller instance may only be lex-leader up to a permutation that does not keep
        // it within this one.
        self.top.guards.clear();
        let mut best = None;
        while let Some((units, smaller)) = super::strict_subset_clauses(&self.last_own) {
            for unit in units {
                self.top.add_clause(vec![unit]);
            }
            self.top.add_clause(smaller);
            self.exhausted = false;
            match self.next()? {
                Outcome::Sat(instance) => best = Some(instance),
                Outcome::Unsat | Outcome::Interrupted => break,
            }
        }
        self.exhausted = true;
        Ok(best)
    }
}

/// Does a (skolemized) formula still need CEGIS?
pub fn needs_cegis(problem: &Problem, prefix: &str) -> bool {
    crate::logic::normalize::has_higher_order(&skolemize(problem, prefix).formula)
}
