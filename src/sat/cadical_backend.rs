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
        self.flag
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

pub struct CadicalBackend {
    solver: cadical::Solver<StopCallback>,
    /// The assumptions of the last call, to ask which of them failed.
    assumptions: Vec<Lit>,
    stop: Option<Arc<AtomicBool>>,
    kind: BackendKind,
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
            kind: BackendKind::Cadical,
        }
    }

    /// CaDiCaL configured for satisfiable instances (`BackendKind::CadicalStable`).
    pub fn stable() -> CadicalBackend {
        CadicalBackend {
            solver: cadical::Solver::with_config("sat").expect("CaDiCaL has a `sat` configuration"),
            assumptions: Vec::new(),
            stop: None,
            kind: BackendKind::CadicalStable,
        }
    }
}

impl SatBackend for CadicalBackend {
    fn kind(&self) -> BackendKind {
        self.kind
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.solver.add_clause(clause.iter().copied());
    }

    fn solve(&mut self, assumptions: &[Lit]) -> SatResult {
        if self
            .stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
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

    fn limit_next_solve(&mut self, conflicts: i32) -> bool {
        // CaDiCaL resets its limits after each solve.
        self.solver.set_limit("conflicts", conflicts).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// Pigeons into holes, one hole each, no hole shared: unsatisfiable, and exponentially
    /// hard for resolution.
    pub(crate) fn pigeonhole(sat: &mut dyn SatBackend, pigeons: i32, holes: i32) {
        let var = |p: i32, h: i32| p * holes + h + 1;
        for p in 0..pigeons {
            sat.add_clause(&(0..holes).map(|h| var(p, h)).collect::<Vec<_>>());
        }
        for h in 0..holes {
            for p in 0..pigeons {
                for q in p + 1..pigeons {
                    sat.add_clause(&[-var(p, h), -var(q, h)]);
                }
            }
        }
    }

    #[test]
    fn stop_flag_interrupts_a_hard_instance() {
        let mut sat = CadicalBackend::new();
        pigeonhole(&mut sat, 11, 10);
        let flag = Arc::new(AtomicBool::new(false));
        sat.set_stop_flag(flag.clone());
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            flag.store(true, Ordering::Relaxed);
        });
        let start = Instant::now();
        let result = sat.solve(&[]);
        let elapsed = start.elapsed();
        raiser.join().unwrap();
        assert_eq!(result, SatResult::Interrupted);
        assert!(elapsed < Duration::from_secs(10), "took {elapsed:?}");
        // Still set: the next call returns at once.
        assert_eq!(sat.solve(&[]), SatResult::Interrupted);
    }
}
