//! Solving: first-order solving and instance enumeration.
//!
//! The pipeline for one problem: normalize (negation normal form, skolemize outermost
//! existentials into new relations) → translate to CNF → SAT → decode an [`Instance`].

pub mod cegis;
pub mod core;
pub mod first_order;
pub mod lazy_orders;
mod terms;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::instance::Instance;
use crate::logic::{Bounds, Problem};
use crate::translate::circuit::Bit;

pub use crate::sat::{BackendKind, Lit, SatBackend, SatResult, new_backend};
pub use first_order::{Enumerator, solve};
// Defined with the problem, so that translation (below solving) can return it too.
pub use crate::logic::SolveError;

/// Live counts of a running solve, for a progress line (another thread reads them).
#[derive(Debug, Default)]
pub struct Progress {
    /// CEGIS candidates proposed so far (top level).
    pub candidates: std::sync::atomic::AtomicUsize,
    /// CEGIS counterexamples found so far (every level).
    pub counterexamples: std::sync::atomic::AtomicUsize,
}

#[derive(Clone, Debug)]
pub struct SolveOptions {
    pub backend: BackendKind,
    /// Lex-leader symmetry breaking: the length of each predicate (Kodkod's default is 20);
    /// 0 disables it.
    pub symmetry: usize,
    /// Fix `TotalOrder` constraints over interchangeable atoms to atom order.
    pub fix_orders: bool,
    /// Prefix for skolem names: `$<prefix>_<var>`, or `$<var>` when empty.
    pub skolem_prefix: String,
    /// Raised by the user (Ctrl-C) to abandon the solve.
    pub stop: Option<Arc<AtomicBool>>,
    /// Where the solve reports its counts as it goes (`None`: nobody watches).
    pub progress: Option<Arc<Progress>>,
    /// CEGIS: instantiate universal relation variables with the problem's existential
    /// witnesses before the first candidate.
    pub instantiate: bool,
    /// CEGIS: refute candidates with universal values written as terms over the
    /// candidate's relations, and learn those terms' instances ([`terms`]).
    pub terms: bool,
    /// CEGIS: move a verifier from varisat to CaDiCaL once one of its calls took longer
    /// than [`cegis::ESCALATE_AFTER`] (refuting injections is a pigeonhole proof).
    pub escalate: bool,
    /// The call time that triggers it; tests set zero
    /// to escalate every verifier after its first call.
    pub escalate_after: Duration,
    /// CEGIS: keep one incremental candidate solver and translate each verifier once
    /// (solving it under assumptions); off rebuilds both for every candidate.
    pub incremental: bool,
    /// CEGIS baseline: block each failed candidate instead of learning from its
    /// counterexample.
    pub naive: bool,
    /// CEGIS: the backends of the candidate and verifier problems (`None`: `backend`).
    pub candidate_backend: Option<BackendKind>,
    pub verifier_backend: Option<BackendKind>,
    /// CEGIS self-check: panic if a lemma does not falsify the candidate it came from
    /// (the loop's termination argument). On in debug builds; tests turn it on in release.
    pub check_lemmas: bool,
    /// First-order problems: compare known singletons by overlap
    /// ([`crate::logic::singletons`]); `--no-singleton-overlap` turns it off.
    pub overlap_singletons: bool,
    /// First-order problems: build top-level strict orders of witnesses and acyclicity
    /// constraints as tournaments whose transitivity is added on demand
    /// ([`lazy_orders`]); `--no-lazy-orders` writes it all up front.
    pub lazy_orders: bool,
    /// Quantifiers over total injective maps are compared as counts
    /// ([`crate::logic::injections`]), in the translation and in the re-check;
    /// `--no-count-injections` solves them by CEGIS and re-checks them by search.
    pub count_injections: bool,
    /// The re-check enumerates only the strict total orders that a quantifier's guards
    /// allow (`some co | commitOrder[co] and …`), not every relation in its range;
    /// `--no-recheck-orders` enumerates them all (or hands them to a SAT check).
    pub recheck_orders: bool,
    /// Before enumerating those orders, the re-check adds the pairs that guards growing
    /// with the order force (`x in co` with `x` monotone in `co`: Biswas and Enea's
    /// saturation); `--no-recheck-saturate` enumerates the orders of the plain guards.
    pub recheck_saturate: bool,
    /// Comparisons of `int[e]` are translated through ladders (the order encoding,
    /// [`crate::translate::ladder`]) while `e` holds at most one integer;
    /// `--no-int-ladders` compares through adders only.
    pub int_ladders: bool,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            // `cargo bench --bench solve` on the project's 219 first-order commands
            // (examples, isolation axioms, corpus samples): CaDiCaL 3.7 s in all against
            // varisat's 17.8 s. varisat is faster on 180 of them, by about a millisecond
            // each, but takes 12 s (against 0.23 s) on plume:ccAxNotTapCCax and 2.9 s
            // (against 0.28 s) on plume:raAxNotTapRAopAx; CaDiCaL can also be stopped.
            backend: BackendKind::Cadical,
            symmetry: 20,
            fix_orders: true,
            skolem_prefix: String::new(),
            stop: None,
            progress: None,
            instantiate: true,
            terms: true,
            escalate: true,
            escalate_after: cegis::ESCALATE_AFTER,
            incremental: true,
            naive: false,
            // `cargo bench --bench cegis` on the higher-order examples: CaDiCaL
            // candidates with varisat verifiers took 29 s for the isolation framework
            // equivalences (frameworks.als) against 6 min with varisat throughout (e.g.
            // siBiswasNotCerone 3.4 s against 50 s); the verifiers' many small
            // incremental calls favour varisat.
            candidate_backend: None,
            verifier_backend: Some(BackendKind::Varisat),
            check_lemmas: cfg!(debug_assertions),
            overlap_singletons: true,
            lazy_orders: true,
            count_injections: true,
            recheck_orders: true,
            recheck_saturate: true,
            int_ladders: true,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Variables standing for tuples of relations (not fixed by the bounds).
    pub primary_vars: usize,
    /// Variables introduced for gates by the Tseitin transformation.
    pub aux_vars: usize,
    pub clauses: usize,
    pub sat_calls: usize,
    /// Of the SAT calls, those made again after lazy clauses were added
    /// ([`lazy_orders`]).
    pub lazy_calls: usize,
    pub translate_time: Duration,
    pub solve_time: Duration,
    /// CEGIS (zero for first-order problems): candidates proposed at the top level,
    /// counterexamples found (at every level), verifier problems' size and time.
    pub candidates: usize,
    pub counterexamples: usize,
    /// Of the counterexamples, those found as terms over the candidate ([`terms`]).
    pub term_lemmas: usize,
    /// Time spent looking for terms that refute candidates (part of `solve_time`).
    pub term_time: Duration,
    /// CEGIS verifiers moved from varisat to CaDiCaL ([`SolveOptions::escalate`]).
    pub escalations: usize,
    pub verifier_vars: usize,
    pub verifier_clauses: usize,
    pub verify_time: Duration,
    /// True when higher-order quantifiers were solved by CEGIS.
    pub higher_order: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Sat(Instance),
    Unsat,
    Interrupted,
}

/// The clauses that leave only strict subsets of an instance, given the variables of its
/// own relations and their values: a unit clause keeping each false variable false, and
/// one clause making some true variable false (`None` when none is true: nothing is left
/// to remove). For `shrink`.
fn strict_subset_clauses(own: &[(Bit, bool)]) -> Option<(Vec<Bit>, Vec<Bit>)> {
    let (trues, falses): (Vec<_>, Vec<_>) = own.iter().partition(|(_, value)| *value);
    if trues.is_empty() {
        return None;
    }
    let units = falses.iter().map(|(bit, _)| !*bit).collect();
    let smaller = trues.iter().map(|(bit, _)| !*bit).collect();
    Some((units, smaller))
}

/// Solves any problem: first-order ones with one SAT call per instance
/// ([`Enumerator`]), those with quantifiers over relations left after skolemization by
/// CEGIS ([`cegis::CegisSolver`]).
pub enum Solver {
    FirstOrder(Box<Enumerator>),
    Cegis(Box<cegis::CegisSolver>),
}

impl Solver {
    pub fn new(problem: &Problem, opts: &SolveOptions) -> Result<Solver, SolveError> {
        if cegis::needs_cegis(problem, &opts.skolem_prefix) {
            Ok(Solver::Cegis(Box::new(cegis::CegisSolver::new(
                problem, opts,
            )?)))
        } else {
            Ok(Solver::FirstOrder(Box::new(Enumerator::new(
                problem, opts,
            )?)))
        }
    }

    /// The bounds actually solved: the problem's relations (same RelIds), then skolems.
    pub fn bounds(&self) -> &Bounds {
        match self {
            Solver::FirstOrder(e) => e.bounds(),
            Solver::Cegis(c) => c.bounds(),
        }
    }

    pub fn stats(&self) -> &SolveStats {
        match self {
            Solver::FirstOrder(e) => e.stats(),
            Solver::Cegis(c) => c.stats(),
        }
    }

    /// After an instance: a subset-minimal one within it (the problem's own relations,
    /// skolem witnesses aside), or `None` if it already is minimal. Enumeration ends.
    pub fn shrink(&mut self) -> Result<Option<Instance>, SolveError> {
        match self {
            Solver::FirstOrder(e) => Ok(e.shrink()),
            Solver::Cegis(c) => c.shrink(),
        }
    }

    /// The first instance, then further distinct ones (for higher-order problems, distinct
    /// in the problem's own relations, not merely in the witnesses).
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Result<Outcome, SolveError> {
        match self {
            Solver::FirstOrder(e) => Ok(e.next()),
            Solver::Cegis(c) => c.next(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn lit(&mut self, vars: u64) -> Lit {
            let v = (self.next() % vars + 1) as Lit;
            if self.next().is_multiple_of(2) { v } else { -v }
        }
    }

    fn satisfies(model: &dyn SatBackend, clause: &[Lit]) -> bool {
        clause.iter().any(|&l| model.value(l))
    }

    /// Random 3-SAT near the threshold, solved incrementally under random assumptions:
    /// both backends give the same verdicts, their models satisfy every clause and the
    /// assumptions, and failed assumptions are among the assumptions.
    #[test]
    fn backends_agree_on_random_formulas() {
        let mut rng = Rng(0x0123_4567_89ab_cdef);
        let (mut sats, mut unsats) = (0, 0);
        for _ in 0..60 {
            let vars = 12 + rng.next() % 10;
            let clauses: Vec<Vec<Lit>> = (0..vars * 4)
                .map(|_| (0..3).map(|_| rng.lit(vars)).collect())
                .collect();
            let mut backends = [
                new_backend(BackendKind::Varisat),
                new_backend(BackendKind::Cadical),
            ];
            for b in backends.iter_mut() {
                for c in &clauses {
                    b.add_clause(c);
                }
            }
            for _ in 0..4 {
                let assumptions: Vec<Lit> = (0..rng.next() % 4).map(|_| rng.lit(vars)).collect();
                let results: Vec<SatResult> =
                    backends.iter_mut().map(|b| b.solve(&assumptions)).collect();
                assert_eq!(results[0], results[1], "assumptions {assumptions:?}");
                for b in &backends {
                    match results[0] {
                        SatResult::Sat => {
                            assert!(clauses.iter().all(|c| satisfies(b.as_ref(), c)));
                            assert!(assumptions.iter().all(|&a| b.value(a)));
                        }
                        SatResult::Unsat => {
                            let failed = b.failed_assumptions();
                            assert!(failed.iter().all(|l| assumptions.contains(l)));
                        }
                        SatResult::Interrupted => unreachable!("no stop flag"),
                    }
                }
                match results[0] {
                    SatResult::Sat => sats += 1,
                    _ => unsats += 1,
                }
            }
        }
        // The generator is meant to hit both verdicts often.
        assert!(sats > 20 && unsats > 20, "sat {sats} unsat {unsats}");
    }

    #[test]
    fn unseen_variables_read_as_false() {
        for kind in [BackendKind::Varisat, BackendKind::Cadical] {
            let mut b = new_backend(kind);
            b.add_clause(&[1, 2]);
            b.add_clause(&[-1]);
            assert_eq!(b.solve(&[]), SatResult::Sat);
            assert!(b.value(2) && !b.value(1) && b.value(-1));
            assert!(!b.value(40) && b.value(-40), "{kind:?}");
            assert_eq!(b.solve(&[-2]), SatResult::Unsat);
            assert_eq!(b.failed_assumptions(), vec![-2], "{kind:?}");
            assert_eq!(b.kind(), kind);
        }
    }
}
