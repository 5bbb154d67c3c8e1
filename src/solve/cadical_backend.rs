//! The CaDiCaL backend: incremental, and interruptible through its terminate callback.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::backend::{BackendKind, Lit, SatBackend, SatResult};

/// CaDiCaL polls `terminate` during search; it reads the user's stop flag.
#[derive(Default)]
struct StopCallback {
    flag: Option<Arc<AtomicBool>>,
}

impl cadical::Callbacks for StopCallback {
    fn terminate(&mut self) -> bool {
        self.flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

pub struct CadicalBackend {
    solver: cadical::Solver<StopCallback>,
    /// The assumptions of the last call, to ask which of them failed.
    assumptions: Vec<Lit>,
    stop: Option<Arc<AtomicBool>>,
}

impl Default for CadicalBackend {
    fn default() -> CadicalBackend {
        CadicalBackend::new()
    }
}

impl CadicalBackend {
    pub fn new() -> CadicalBackend {
        CadicalBackend {
            solver: cadical::Solver::new(),
            assumptions: Vec::new(),
            stop: None,
        }
    }
}

impl SatBackend for CadicalBackend {
    fn kind(&self) -> BackendKind {
        BackendKind::Cadical
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.solver.add_clause(clause.iter().copied());
    }

    fn solve(&mut self, assumptions: &[Lit]) -> SatResult {
        if self.stop.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
            return SatResult::Interrupted;
        }
        self.assumptions = assumptions.to_vec();
        match self.solver.solve_with(assumptions.iter().copied()) {
            Some(true) => SatResult::Sat,
            Some(false) => SatResult::Unsat,
            None => SatResult::Interrupted,
        }
    }

    fn value(&self, lit: Lit) -> bool {
        // CaDiCaL reports variables it never saw as false, as the trait asks.
        self.solver.value(lit).unwrap_or(lit < 0)
    }

    fn failed_assumptions(&self) -> Vec<Lit> {
        if self.solver.status() != Some(false) {
            return Vec::new();
        }
        self.assumptions
            .iter()
            .copied()
            .filter(|&l| self.solver.failed(l))
            .collect()
    }

    fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.solver.set_callbacks(Some(StopCallback {
            flag: Some(flag.clone()),
        }));
        self.stop = Some(flag);
    }
}
