//! First-order solving: one translation, then one SAT call per instance.
//!
//! [`Enumerator`] runs the whole pipeline for a problem whose remaining quantifiers are
//! first-order after skolemization: skolemize, fix total orders, translate, add symmetry
//! breaking, emit CNF; then each [`Enumerator::next`] asks the backend for a model, decodes
//! it into an [`Instance`] and blocks it, so the next call finds a different one.

use std::time::Instant;

use super::lazy_orders::{self, LazyOrders};
use super::{Outcome, SatBackend, SatResult, SolveError, SolveOptions, SolveStats, new_backend};
use crate::instance::Instance;
use crate::logic::singletons::overlap_singleton_equalities;
use crate::logic::skolem::skolemize;
use crate::logic::{Bounds, Problem, RelationKind};
use crate::translate::circuit::Bit;
use crate::translate::symmetry::{fix_total_orders, lex_leader, symmetry_classes};
use crate::translate::{CnfEmitter, DEFAULT_GATE_LIMIT, Translator};

#[cfg(test)]
mod brute;
#[cfg(test)]
mod problems;
#[cfg(test)]
mod tests;

pub struct Enumerator {
    translator: Translator,
    emitter: CnfEmitter,
    backend: Box<dyn SatBackend>,
    stats: SolveStats,
    exhausted: bool,
    /// The problem's own relations' variables (skolems aside) and their values in the last
    /// instance, for [`Enumerator::shrink`].
    last_own: Vec<(Bit, bool)>,
    /// The lex-leader predicate, assumed on every solve until `shrink`.
    symmetry: Bit,
    /// The clause excluding the last instance, added when the next one is asked for: a
    /// single `run` never pays for it (it spans every primary variable).
    pending_block: Option<Vec<Bit>>,
    /// Orders whose transitivity is added between solves.
    lazy: LazyOrders,
    /// The user's stop flag, to tell it from a spent conflict budget.
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Enumerator {
    /// Skolemize, fix orders, translate, add symmetry breaking; does not solve yet.
    pub fn new(problem: &Problem, opts: &SolveOptions) -> Result<Enumerator, SolveError> {
        let start = Instant::now();
        let mut problem = skolemize(problem, &opts.skolem_prefix);
        if opts.fix_orders {
            problem = fix_total_orders(&problem);
        }
        if opts.overlap_singletons {
            problem.formula = overlap_singleton_equalities(&problem.formula);
        }
        let plan = lazy_orders::plan(&problem, opts.lazy_orders);
        let phase = opts.backend.default_phase();
        let mut translator = Translator::with_tournaments(
            &problem.bounds,
            DEFAULT_GATE_LIMIT,
            &plan.tournaments,
            phase,
        )?;
        translator.int_ladders(opts.int_ladders);
        let (lazy, orders) = LazyOrders::encode(&plan, &mut translator, phase)?;
        let rest = translator.asserted(&plan.formula)?;
        let root = translator.circuit_mut().and2(orders, rest);
        let symmetry = if opts.symmetry > 0 && root != Bit::FALSE {
            let classes = symmetry_classes(&problem.bounds, &problem.formula);
            lex_leader(&mut translator, &classes, opts.symmetry)
        } else {
            Bit::TRUE
        };
        if translator.circuit().overflowed() {
            return Err(SolveError::TooLarge(
                "the symmetry-breaking predicates exceed the translation limits".into(),
            ));
        }
        let mut backend = new_backend(opts.backend);
        if let Some(flag) = &opts.stop {
            backend.set_stop_flag(flag.clone());
        }
        let mut emitter = CnfEmitter::new(translator.circuit());
        emitter.assert(translator.circuit(), root, backend.as_mut());
        for var in lazy.variables(translator.circuit()) {
            let lit = emitter.define(translator.circuit(), var, backend.as_mut());
            // A tautology: only so that the solver decides the variable by its phase.
            backend.add_clause(&[lit, -lit]);
        }
        // Symmetry breaking is assumed on each solve rather than asserted, so that
        // `shrink` can drop it.
        let mut enumerator = Enumerator {
            translator,
            emitter,
            backend,
            stats: SolveStats::default(),
            exhausted: false,
            last_own: Vec::new(),
            symmetry,
            pending_block: None,
            lazy,
            stop: opts.stop.clone(),
        };
        enumerator.update_stats();
        enumerator.stats.translate_time = start.elapsed();
        Ok(enumerator)
    }

    /// The bounds actually solved: the problem's relations (same RelIds), then skolems.
    pub fn bounds(&self) -> &Bounds {
        self.translator.bounds()
    }

    pub fn stats(&self) -> &SolveStats {
        &self.stats
    }

    fn update_stats(&mut self) {
        self.stats.primary_vars = self.translator.primaries().len();
        self.stats.aux_vars = self.emitter.aux_vars();
        self.stats.clauses = self.emitter.clauses();
    }

    /// First call: a first instance. Each later call: an instance differing from all
    /// previous ones on some primary variable (blocking clause), or Unsat when exhausted.
    // Not an `Iterator`: exhaustion and interruption are outcomes, not the end of a stream.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Outcome {
        if self.exhausted {
            return Outcome::Unsat;
        }
        if let Some(blocking) = self.pending_block.take() {
            let circuit = self.translator.circuit();
            self.emitter
                .clause(circuit, &blocking, self.backend.as_mut());
            self.update_stats();
        }
        let start = Instant::now();
        let assumptions = if self.symmetry == Bit::TRUE {
            Vec::new()
        } else {
            let circuit = self.translator.circuit();
            vec![
                self.emitter
                    .define(circuit, self.symmetry, self.backend.as_mut()),
            ]
        };
        let result = loop {
            let limited = !self.lazy.is_empty()
                && self.backend.limit_next_solve(lazy_orders::CONFLICT_BUDGET);
            let result = self.backend.solve(&assumptions);
            self.stats.sat_calls += 1;
            if self.lazy.is_empty() {
                break result;
            }
            let circuit = self.translator.circuit();
            let stopped = self
                .stop
                .as_ref()
                .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed));
            let out_of_budget = (limited && result == SatResult::Interrupted && !stopped)
                || self.lazy.rounds >= lazy_orders::ROUND_BUDGET;
            if out_of_budget {
                self.lazy
                    .expand(circuit, &mut self.emitter, self.backend.as_mut());
                self.stats.lazy_calls += 1;
                continue;
            }
            if result != SatResult::Sat
                || self
                    .lazy
                    .refine(circuit, &mut self.emitter, self.backend.as_mut())
                    == 0
            {
                break result;
            }
            self.stats.lazy_calls += 1;
        };
        self.update_stats();
        self.stats.solve_time += start.elapsed();
        match result {
            SatResult::Unsat => {
                self.exhausted = true;
                Outcome::Unsat
            }
            SatResult::Interrupted => Outcome::Interrupted,
            SatResult::Sat => {
                let (instance, blocking) = self.decode();
                if blocking.is_empty() {
                    // Nothing is free: this was the only instance.
                    self.exhausted = true;
                } else {
                    self.pending_block = Some(blocking);
                }
                Outcome::Sat(instance)
            }
        }
    }

    /// After an instance: look for instances whose own relations (skolem witnesses aside)
    /// hold strictly fewer tuples, each within the one before, until none is left. Returns
    /// the last one found, which is subset-minimal (`None`: the current instance already
    /// is, or the solve was interrupted first). Each step adds permanent clauses, so
    /// enumeration cannot continue afterwards.
    pub fn shrink(&mut self) -> Option<Instance> {
        // A smaller instance may only be lex-leader up to a permutation that does not keep
        // it within this one.
        self.symmetry = Bit::TRUE;
        let mut best = None;
        loop {
            if !self.exclude_all_but_subsets() {
                break;
            }
            self.exhausted = false;
            match self.next() {
                Outcome::Sat(instance) => best = Some(instance),
                Outcome::Unsat | Outcome::Interrupted => break,
            }
        }
        self.exhausted = true;
        self.update_stats();
        best
    }

    /// Clauses allowing only strict subsets of the last instance's own relations; false
    /// when it has no tuple to remove.
    fn exclude_all_but_subsets(&mut self) -> bool {
        let Some((units, smaller)) = super::strict_subset_clauses(&self.last_own) else {
            return false;
        };
        let circuit = self.translator.circuit();
        for unit in units {
            self.emitter.clause(circuit, &[unit], self.backend.as_mut());
        }
        self.emitter
            .clause(circuit, &smaller, self.backend.as_mut());
        true
    }

    /// The instance of the backend's model, and the clause that excludes it.
    fn decode(&mut self) -> (Instance, Vec<Bit>) {
        let circuit = self.translator.circuit();
        let mut values = std::collections::HashMap::new();
        let mut blocking = Vec::with_capacity(self.translator.primaries().len());
        for p in self.translator.primaries() {
            let lit = self.emitter.define(circuit, p.bit, self.backend.as_mut());
            let value = self.backend.value(lit);
            values.insert(p.bit, value);
            blocking.push(if value { !p.bit } else { p.bit });
        }
        let bounds = self.translator.bounds();
        self.last_own = self
            .translator
            .primaries()
            .iter()
            .filter(|p| bounds.relation(p.rel).kind != RelationKind::Skolem)
            .map(|p| (p.bit, values[&p.bit]))
            .collect();
        let values = bounds
            .ids()
            .map(|r| {
                self.translator
                    .relation(r)
                    .decode(|b| match (values.get(&b), values.get(&!b)) {
                        (Some(&v), _) => v,
                        // A tournament's cell is the negation of its pair's variable.
                        (None, Some(&v)) => !v,
                        (None, None) => b == Bit::TRUE,
                    })
            })
            .collect();
        let instance = Instance {
            universe: bounds.universe.clone(),
            values,
        };
        (instance, blocking)
    }
}

/// One solve.
pub fn solve(
    problem: &Problem,
    opts: &SolveOptions,
) -> Result<(Outcome, Bounds, SolveStats), SolveError> {
    let mut enumerator = Enumerator::new(problem, opts)?;
    let outcome = enumerator.next();
    Ok((
        outcome,
        enumerator.bounds().clone(),
        enumerator.stats().clone(),
    ))
}
