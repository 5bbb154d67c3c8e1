//! One CEGIS level's loop: solve the candidate, hand each obligation whose proxy is true
//! to term instantiation or its verifier, learn the lemmas; witness instantiation, and
//! reading the candidate's instance.

use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::time::Instant;

use super::verifier::Verdict;
use super::{Answer, Level, Pending, Settings};

use crate::instance::Instance;
use crate::logic::{Bounds, FormulaKind, RelationKind, VarId};
use crate::solve::terms::TermSearch;
use crate::solve::{BackendKind, Lit, SatResult, SolveError, SolveStats, new_backend};
use crate::translate::circuit::Bit;
use crate::translate::{CnfEmitter, Matrix, Translator};

/// Most combinations of witnesses tried per obligation by witness instantiation.
const MAX_INSTANTIATIONS: usize = 64;

impl Level {
    pub(super) fn new(
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
    pub(super) fn assert(&mut self, bit: Bit) {
        if bit == Bit::TRUE {
            return;
        }
        self.emitter
            .assert(self.translator.circuit(), bit, self.backend.as_mut());
        self.asserted.push(vec![bit]);
    }
    pub(super) fn add_clause(&mut self, clause: Vec<Bit>) {
        self.emitter
            .clause(self.translator.circuit(), &clause, self.backend.as_mut());
        self.asserted.push(clause);
    }
    pub(super) fn collect_obligations(&mut self) {
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
    pub(super) fn instantiate_witnesses(&mut self) -> Result<(), SolveError> {
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
    pub(super) fn solve(
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
    pub(super) fn decode(&mut self) -> (Instance, Vec<Bit>) {
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
}
