//! First-order solving: one translation, then one SAT call per instance.
//!
//! [`Enumerator`] runs the whole pipeline for a problem whose remaining quantifiers are
//! first-order after skolemization: skolemize, fix total orders, translate, add symmetry
//! breaking, emit CNF; then each [`Enumerator::next`] asks the backend for a model, decodes
//! it into an [`Instance`] and blocks it, so the next call finds a different one.

use std::time::Instant;

use super::{Outcome, SatBackend, SatResult, SolveError, SolveOptions, SolveStats, new_backend};
use crate::instance::Instance;
use crate::logic::skolem::skolemize;
use crate::logic::{Bounds, Problem};
use crate::translate::circuit::Bit;
use crate::translate::symmetry::{fix_total_orders, lex_leader, symmetry_classes};
use crate::translate::{CnfEmitter, Translator};

pub struct Enumerator {
    translator: Translator,
    emitter: CnfEmitter,
    backend: Box<dyn SatBackend>,
    stats: SolveStats,
    exhausted: bool,
}

impl Enumerator {
    /// Skolemize, fix orders, translate, add symmetry breaking; does not solve yet.
    pub fn new(problem: &Problem, opts: &SolveOptions) -> Result<Enumerator, SolveError> {
        let start = Instant::now();
        let mut problem = skolemize(problem, &opts.skolem_prefix);
        if opts.fix_orders {
            problem = fix_total_orders(&problem);
        }
        let mut translator = Translator::new(&problem.bounds)?;
        let root = translator.formula(&problem.formula)?;
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
        emitter.assert(translator.circuit(), symmetry, backend.as_mut());
        let mut enumerator = Enumerator {
            translator,
            emitter,
            backend,
            stats: SolveStats::default(),
            exhausted: false,
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
    pub fn next(&mut self) -> Outcome {
        if self.exhausted {
            return Outcome::Unsat;
        }
        let start = Instant::now();
        let result = self.backend.solve(&[]);
        self.stats.sat_calls += 1;
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
                    let circuit = self.translator.circuit();
                    self.emitter.clause(circuit, &blocking, self.backend.as_mut());
                    self.update_stats();
                }
                Outcome::Sat(instance)
            }
        }
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
        let values = bounds
            .ids()
            .map(|r| {
                self.translator
                    .relation(r)
                    .decode(|b| b == Bit::TRUE || values.get(&b).copied().unwrap_or(false))
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
    Ok((outcome, enumerator.bounds().clone(), enumerator.stats().clone()))
}
