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

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::terms::{self, TermSearch};
use super::{
    BackendKind, Lit, Outcome, SatBackend, SatResult, SolveError, SolveOptions, SolveStats,
    new_backend,
};
use crate::instance::Instance;
use crate::logic::normalize::nnf;
use crate::logic::skolem::skolemize;
use crate::logic::{
    Bounds, Expr, Formula, FormulaKind, Problem, Quantifier, RelationKind, TupleSet, VarId,
};
use crate::translate::circuit::Bit;
use crate::translate::symmetry::{fix_total_orders, lex_leader, symmetry_classes};
use crate::translate::translator::Obligation;
use crate::translate::{CnfEmitter, Matrix, Translator};

/// Most combinations of witnesses tried per obligation by witness instantiation.
const MAX_INSTANTIATIONS: usize = 64;

/// A varisat verifier call slower than this moves the verifier to CaDiCaL for the rest of
/// the solve. Verifiers make many small incremental calls, where varisat is quicker, but a
/// verifier that must refute an injection faces a pigeonhole proof, where varisat takes
/// minutes and CaDiCaL seconds (turan at 4 nodes: 159 s against 3.7 s). Moving verifiers
/// whose many quick calls add up as well was tried and lost: max cut at 8 nodes took
/// 114 s without escalation, 59 s with this rule, over 400 s with that one too, and over
/// 300 s with every verifier on CaDiCaL.
pub const ESCALATE_AFTER: std::time::Duration = std::time::Duration::from_millis(100);

/// How deep verifiers may nest (each level is one quantifier alternation).
const MAX_DEPTH: usize = 16;

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

impl Level {
    fn new(
        bounds: &Bounds,
        kind: BackendKind,
        settings: Settings,
        depth: usize,
    ) -> Result<Level, SolveError> {
        let mut translator = Translator::new(bounds)?;
        translator.defer_higher_order(true);
        translator.count_injections(settings.count_injections);
        translator.int_ladders(settings.int_ladders);
        let emitter = CnfEmitter::new(translator.circuit());
        let mut backend = new_backend(kind);
        if let Some(flag) = &settings.stop {
            backend.set_stop_flag(flag.clone());
        }
        Ok(Level {
            translator,
            emitter,
            backend,
            kind,
            asserted: Vec::new(),
            params: Vec::new(),
            obligations: Vec::new(),
            depth,
            settings,
            answer: Vec::new(),
            guards: Vec::new(),
            term_pool: Vec::new(),
        })
    }

    fn assert(&mut self, bit: Bit) {
        if bit == Bit::TRUE {
            return;
        }
        self.emitter
            .assert(self.translator.circuit(), bit, self.backend.as_mut());
        self.asserted.push(vec![bit]);
    }

    fn add_clause(&mut self, clause: Vec<Bit>) {
        self.emitter
            .clause(self.translator.circuit(), &clause, self.backend.as_mut());
        self.asserted.push(clause);
    }

    fn collect_obligations(&mut self) {
        for obligation in self.translator.take_obligations() {
            self.obligations.push(Pending {
                obligation,
                verifier: None,
                env_bits: Vec::new(),
                terms: None,
                escalated: false,
            });
        }
    }

    /// Translate `formula` with the obligation's environment and the given values for
    /// its universal variables (constants or matrices of this level's variables).
    fn instance_of(&mut self, j: usize, values: &[(VarId, Matrix)]) -> Result<Bit, SolveError> {
        let ob = &self.obligations[j].obligation;
        let formula = ob.formula.clone();
        let env = ob.env.clone();
        for (v, m) in env.iter().chain(values) {
            self.translator.bind(*v, m.clone());
        }
        let bit = self.translator.formula(&formula);
        for (v, _) in env.iter().chain(values) {
            self.translator.unbind(*v);
        }
        bit
    }

    /// Witness instantiation: `p => F[Y := W]` for every existential witness `W` whose
    /// arity matches a universal variable `Y` (all combinations, up to a limit).
    fn instantiate_witnesses(&mut self) -> Result<(), SolveError> {
        let bounds = self.translator.bounds().clone();
        let mut witnesses: Vec<Matrix> = bounds
            .relations
            .iter()
            .enumerate()
            .filter(|(_, r)| r.kind == RelationKind::Skolem && r.arity >= 1)
            .map(|(i, _)| {
                self.translator
                    .relation(crate::logic::RelId(i as u32))
                    .clone()
            })
            .collect();
        witnesses.extend(self.translator.witnesses().iter().map(|w| w.matrix.clone()));
        let count = self.obligations.len();
        for j in 0..count {
            let FormulaKind::Quant(_, decls, _) = self.obligations[j].obligation.formula.kind()
            else {
                continue;
            };
            let decls = decls.clone();
            // One choice list per universal variable: the witnesses of its arity.
            let choices: Vec<Vec<&Matrix>> = decls
                .iter()
                .map(|d| {
                    witnesses
                        .iter()
                        .filter(|w| w.arity() == d.arity())
                        .collect()
                })
                .collect();
            if choices.iter().any(Vec::is_empty) {
                continue;
            }
            let mut index = vec![0usize; decls.len()];
            for _ in 0..MAX_INSTANTIATIONS {
                let values: Vec<(VarId, Matrix)> = decls
                    .iter()
                    .zip(&index)
                    .zip(&choices)
                    .map(|((d, &k), c)| (d.var, c[k].clone()))
                    .collect();
                let bit = self.instance_of(j, &values)?;
                let proxy = self.obligations[j].obligation.proxy;
                self.add_clause(vec![!proxy, bit]);
                // Next combination (odometer).
                let mut pos = 0;
                loop {
                    if pos == index.len() {
                        break;
                    }
                    index[pos] += 1;
                    if index[pos] < choices[pos].len() {
                        break;
                    }
                    index[pos] = 0;
                    pos += 1;
                }
                if pos == index.len() {
                    break;
                }
            }
        }
        self.collect_obligations();
        Ok(())
    }

    /// Solve under the given values of `params`, running the CEGIS loop.
    fn solve(
        &mut self,
        param_values: &[bool],
        stats: &mut SolveStats,
    ) -> Result<Answer, SolveError> {
        loop {
            if self.settings.stopped() {
                return Ok(Answer::Interrupted);
            }
            let assumptions = self.assumptions(param_values);
            let result = self.backend.solve(&assumptions);
            stats.sat_calls += 1;
            // Verification time is measured once, around each top-level verify call.
            if self.depth == 0 && result == SatResult::Sat {
                stats.candidates += 1;
                if let Some(p) = &self.settings.progress {
                    p.candidates.fetch_add(1, Ordering::Relaxed);
                }
            }
            match result {
                SatResult::Unsat => return Ok(Answer::Unsat),
                SatResult::Interrupted => return Ok(Answer::Interrupted),
                SatResult::Sat => {}
            }
            let proxies: Vec<Bit> = self
                .obligations
                .iter()
                .map(|p| p.obligation.proxy)
                .collect();
            let active = self.emitter.model_values(
                self.translator.circuit(),
                &proxies,
                self.backend.as_ref(),
            );
            // Read everything needed from this model before any lemma is added: adding a
            // clause ends the backend's satisfied state (CaDiCaL forbids reading it after).
            let snapshot = self.settings.check_lemmas.then(|| self.model_snapshot());
            let mut checks = Vec::new();
            // (obligation, counterexample, naive blocking clause)
            let mut lemmas = Vec::new();
            let mut candidate = None;
            for (j, on) in active.into_iter().enumerate() {
                if !on {
                    continue;
                }
                if self.term_search(j).is_some() {
                    let started = Instant::now();
                    let instance = candidate.get_or_insert_with(|| self.candidate_instance());
                    let search = self.term_search(j).expect("checked above");
                    let found = search.refute(instance);
                    stats.term_time += started.elapsed();
                    if let Some(terms) = found {
                        stats.term_lemmas += 1;
                        self.count_counterexample(stats);
                        let mut values = Vec::with_capacity(terms.len());
                        for (var, term) in terms {
                            values.push((var, self.translator.expr(&term)?));
                        }
                        lemmas.push((j, values, None));
                        continue;
                    }
                }
                // No verifier yet, or an escalation dropped it.
                if self.obligations[j].verifier.is_none() || !self.settings.incremental {
                    self.build_verifier(j)?;
                }
                let values = self.verifier_params(j);
                let block = self
                    .settings
                    .naive
                    .then(|| self.blocking_clause(Some(self.obligations[j].obligation.proxy)));
                checks.push((j, values, block));
            }
            for (j, values, block) in checks {
                let verify_start = Instant::now();
                let verdict = self.verify(j, &values, stats);
                if self.depth == 0 {
                    stats.verify_time += verify_start.elapsed();
                }
                match verdict? {
                    Verdict::Holds => {}
                    Verdict::Interrupted => return Ok(Answer::Interrupted),
                    Verdict::Fails(counterexample) => {
                        self.count_counterexample(stats);
                        lemmas.push((j, counterexample, block));
                    }
                }
            }
            let refuted = !lemmas.is_empty();
            for (j, counterexample, block) in lemmas {
                let clause = match block {
                    Some(clause) => clause,
                    None => {
                        let bit = self.instance_of(j, &counterexample)?;
                        vec![!self.obligations[j].obligation.proxy, bit]
                    }
                };
                if let Some(values) = &snapshot {
                    self.assert_excludes(values, &clause, j);
                }
                self.add_clause(clause);
                self.collect_obligations();
            }
            if !refuted {
                return Ok(Answer::Sat);
            }
            if !self.settings.incremental {
                self.rebuild_backend();
            }
        }
    }

    fn count_counterexample(&self, stats: &mut SolveStats) {
        stats.counterexamples += 1;
        if let Some(p) = &self.settings.progress {
            p.counterexamples.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Obligation `j`'s term search, set up on first use (`None`: term instantiation is
    /// off, or does not apply to it).
    fn term_search(&mut self, j: usize) -> Option<&mut TermSearch> {
        // The naive baseline learns nothing beyond blocking the candidate.
        if !self.settings.terms || self.settings.naive || self.term_pool.is_empty() {
            return None;
        }
        let pending = &mut self.obligations[j];
        if pending.terms.is_none() {
            // Values are judged on the candidate's relations alone: an obligation met
            // under other quantifiers depends on their values too.
            let search = if pending.obligation.env.is_empty() {
                TermSearch::new(&pending.obligation.formula, &self.term_pool)
            } else {
                None
            };
            pending.terms = Some(search);
        }
        pending.terms.as_mut().and_then(Option::as_mut)
    }

    /// The value of every circuit variable in the current model (false for those the
    /// backend never saw, as [`CnfEmitter::model_values`] reads them).
    fn model_snapshot(&self) -> Vec<bool> {
        let circuit = self.translator.circuit();
        (0..circuit.num_vars())
            .map(|v| {
                self.emitter
                    .sat_literal(circuit.var_bit(v))
                    .is_some_and(|lit| self.backend.value(lit))
            })
            .collect()
    }

    /// The termination argument, checked: a lemma from obligation `j` must not hold in
    /// the candidate it came from. Variables created since (proxies and witnesses of
    /// quantifiers nested in the lemma) are unknown, and so are the proxies of the other
    /// obligations: a candidate may claim a nested quantifier holds, and that claim is
    /// refuted by its own verifier, so the lemma may also be undecided.
    fn assert_excludes(&self, candidate: &[bool], clause: &[Bit], j: usize) {
        let circuit = self.translator.circuit();
        let claims: HashSet<u32> = self
            .obligations
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != j)
            .filter_map(|(_, p)| circuit.var_number(p.obligation.proxy))
            .collect();
        let values = circuit.evaluate_partial(clause, |v| {
            if claims.contains(&v) {
                None
            } else {
                candidate.get(v as usize).copied()
            }
        });
        assert!(
            !values.contains(&Some(true)),
            "CEGIS bug: a lemma of obligation {j} (`{}`) holds in the candidate it came from",
            self.obligations[j].obligation.formula
        );
    }

    /// A fresh backend holding the same clauses (the non-incremental baseline).
    fn rebuild_backend(&mut self) {
        let mut backend = new_backend(self.kind);
        if let Some(flag) = &self.settings.stop {
            backend.set_stop_flag(flag.clone());
        }
        self.backend = backend;
        self.emitter = CnfEmitter::new(self.translator.circuit());
        let clauses = std::mem::take(&mut self.asserted);
        for c in clauses {
            if let [bit] = c.as_slice() {
                self.assert(*bit);
            } else {
                self.add_clause(c);
            }
        }
    }

    fn assumptions(&mut self, values: &[bool]) -> Vec<Lit> {
        let mut out = Vec::with_capacity(self.params.len() + self.guards.len());
        for (i, &bit) in self.params.iter().enumerate() {
            let lit = self
                .emitter
                .define(self.translator.circuit(), bit, self.backend.as_mut());
            out.push(if values[i] { lit } else { -lit });
        }
        for &bit in &self.guards {
            if bit != Bit::TRUE {
                let lit =
                    self.emitter
                        .define(self.translator.circuit(), bit, self.backend.as_mut());
                out.push(lit);
            }
        }
        out
    }

    /// The values, in the current model, of obligation `j`'s verifier parameters: this
    /// level's primaries, then the environment cells.
    fn verifier_params(&self, j: usize) -> Vec<bool> {
        let mut bits: Vec<Bit> = self.translator.primaries().iter().map(|p| p.bit).collect();
        bits.extend(self.obligations[j].env_bits.iter().copied());
        self.emitter
            .model_values(self.translator.circuit(), &bits, self.backend.as_ref())
    }

    /// Does obligation `j` hold for the candidate whose parameter values are given? If
    /// not, the counterexample (as constants of this level).
    fn verify(
        &mut self,
        j: usize,
        values: &[bool],
        stats: &mut SolveStats,
    ) -> Result<Verdict, SolveError> {
        let verifier = self.obligations[j].verifier.as_mut().expect("built before");
        let started = Instant::now();
        let answer = verifier.solve(values, stats)?;
        let took = started.elapsed();
        let verifier = self.obligations[j].verifier.as_ref().expect("built before");
        let slow = self.settings.escalate
            && verifier.kind == BackendKind::Varisat
            && took >= self.settings.escalate_after;
        let verdict = self.verdict_of(answer, j);
        if slow {
            // Rebuilt on CaDiCaL before its next call (what it learnt is implied by the
            // problem, so nothing is lost but time).
            self.obligations[j].escalated = true;
            self.obligations[j].verifier = None;
            stats.escalations += 1;
        }
        verdict
    }

    /// The verdict of obligation `j`'s verifier, which has just answered.
    fn verdict_of(&self, answer: Answer, j: usize) -> Result<Verdict, SolveError> {
        let verifier = self.obligations[j].verifier.as_ref().expect("built before");
        match answer {
            Answer::Unsat => Ok(Verdict::Holds),
            Answer::Interrupted => Ok(Verdict::Interrupted),
            Answer::Sat => {
                let circuit = verifier.translator.circuit();
                let mut out = Vec::new();
                for (var, matrix) in &verifier.answer {
                    let cell_bits: Vec<Bit> = matrix.cells().iter().map(|c| c.1).collect();
                    let vals = verifier.emitter.model_values(
                        circuit,
                        &cell_bits,
                        verifier.backend.as_ref(),
                    );
                    let ts = TupleSet::from_tuples(
                        matrix.arity(),
                        matrix
                            .cells()
                            .iter()
                            .zip(vals)
                            .filter(|(_, v)| *v)
                            .map(|(c, _)| matrix.tuple_of(c.0)),
                    );
                    out.push((*var, self.translator.constant(&ts)));
                }
                Ok(Verdict::Fails(out))
            }
        }
    }

    /// The verifier of obligation `j`: `some Y | fits(Y) and not F`, over the same bounds,
    /// with this level's primaries and the obligation's environment as parameters.
    fn build_verifier(&mut self, j: usize) -> Result<(), SolveError> {
        if self.depth + 1 > MAX_DEPTH {
            return Err(SolveError::TooLarge(format!(
                "quantifiers over relations alternate more than {MAX_DEPTH} times"
            )));
        }
        let bounds = self.translator.bounds().clone();
        let kind = if self.obligations[j].escalated {
            BackendKind::Cadical
        } else {
            self.settings.verifier_backend
        };
        let mut v = Level::new(&bounds, kind, self.settings.clone(), self.depth + 1)?;
        v.params = v.translator.primaries().iter().map(|p| p.bit).collect();
        let ob = self.obligations[j].obligation.clone();
        let mut env_bits = Vec::new();
        for (var, matrix) in &ob.env {
            // Same cells, each a fresh variable fixed by assumption.
            let cells: Vec<(u64, Bit)> = matrix
                .cells()
                .iter()
                .map(|&(index, bit)| {
                    env_bits.push(bit);
                    (index, v.translator.circuit_mut().new_var())
                })
                .collect();
            let fresh = Matrix::from_sorted(matrix.arity(), matrix.universe(), cells);
            v.params.extend(fresh.cells().iter().map(|c| c.1));
            v.translator.bind(*var, fresh);
        }
        let FormulaKind::Quant(_, decls, _) = ob.formula.kind() else {
            unreachable!("obligations are quantifiers")
        };
        v.assert_negation(&ob.formula)?;
        v.answer = v
            .translator
            .witnesses()
            .iter()
            // First-order variables stay quantified in the lemma, which is then stronger;
            // it still refutes the candidate at the counterexample's atoms.
            .filter(|w| decls.iter().any(|d| d.var == w.var && !d.is_first_order()))
            .map(|w| (w.var, w.matrix.clone()))
            .collect();
        self.obligations[j].verifier = Some(Box::new(v));
        self.obligations[j].env_bits = env_bits;
        Ok(())
    }

    /// Assert `not formula`, with one witness per variable of its leading `some` (so that
    /// a counterexample is coherent), and take on the obligations it leaves.
    fn assert_negation(&mut self, formula: &Formula) -> Result<(), SolveError> {
        let negated = nnf(&formula.clone().not());
        let root = match negated.kind() {
            FormulaKind::Quant(Quantifier::Some, decls, body) => {
                self.translator.exists_with_witnesses(decls, body, true)?
            }
            _ => self.translator.asserted(&negated)?,
        };
        self.assert(root);
        self.collect_obligations();
        Ok(())
    }

    /// A clause excluding the current candidate: with `failed` (the naive baseline), its
    /// relations and every witness variable, so that the same choice with the failed
    /// obligation's proxy true cannot come back; without (enumeration), just the values of
    /// the problem's own relations (not the skolem witnesses).
    fn blocking_clause(&mut self, failed: Option<Bit>) -> Vec<Bit> {
        let bounds = self.translator.bounds();
        let mut bits: Vec<Bit> = self
            .translator
            .primaries()
            .iter()
            .filter(|p| failed.is_some() || bounds.relation(p.rel).kind != RelationKind::Skolem)
            .map(|p| p.bit)
            .collect();
        if failed.is_some() {
            for w in self.translator.witnesses() {
                bits.extend(
                    w.matrix
                        .cells()
                        .iter()
                        .map(|c| c.1)
                        .filter(|b| !b.is_const()),
                );
            }
        }
        let extra = failed;
        let values =
            self.emitter
                .model_values(self.translator.circuit(), &bits, self.backend.as_ref());
        let mut clause: Vec<Bit> = bits
            .iter()
            .zip(values)
            .map(|(b, v)| if v { !*b } else { *b })
            .collect();
        if let Some(p) = extra {
            clause.push(!p);
        }
        clause
    }

    /// The instance of the current model and the clause that blocks its relations.
    fn decode(&mut self) -> (Instance, Vec<Bit>) {
        (self.candidate_instance(), self.blocking_clause(None))
    }

    /// The relations' values in the current model.
    fn candidate_instance(&self) -> Instance {
        let bits: Vec<Bit> = self.translator.primaries().iter().map(|p| p.bit).collect();
        let values =
            self.emitter
                .model_values(self.translator.circuit(), &bits, self.backend.as_ref());
        let value_of: std::collections::HashMap<Bit, bool> =
            bits.iter().copied().zip(values).collect();
        let bounds = self.translator.bounds();
        let relations = bounds
            .ids()
            .map(|r| {
                self.translator
                    .relation(r)
                    .decode(|b| b == Bit::TRUE || value_of.get(&b).copied().unwrap_or(false))
            })
            .collect();
        Instance {
            universe: bounds.universe.clone(),
            values: relations,
        }
    }

    fn verifier_sizes(&self) -> (usize, usize) {
        let mut vars = 0;
        let mut clauses = 0;
        for p in &self.obligations {
            if let Some(v) = &p.verifier {
                vars += v.emitter.max_var() as usize;
                clauses += v.emitter.clauses();
                let (a, b) = v.verifier_sizes();
                vars += a;
                clauses += b;
            }
        }
        (vars, clauses)
    }
}

enum Verdict {
    Holds,
    Fails(Vec<(VarId, Matrix)>),
    Interrupted,
}

/// Does a (skolemized) formula still need CEGIS?
pub fn needs_cegis(problem: &Problem, prefix: &str) -> bool {
    crate::logic::normalize::has_higher_order(&skolemize(problem, prefix).formula)
}

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

/// Formula helpers for tests.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::instance::brute::count_models;
    use crate::logic::{Decl, DeclMult, Expr, Formula, Relation, Universe};

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
}
