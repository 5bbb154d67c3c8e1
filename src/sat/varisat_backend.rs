//! The varisat backend: pure Rust, incremental, but not interruptible mid-search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use varisat::ExtendFormula;

use super::backend::{BackendKind, Lit, SatBackend, SatResult};

pub struct VarisatBackend {
    solver: varisat::Solver<'static>,
    /// The last model, by variable index (`var - 1`).
    model: Vec<bool>,
    failed: Vec<Lit>,
    stop: Option<Arc<AtomicBool>>,
    buffer: Vec<varisat::Lit>,
}

// SAFETY: `varisat::Solver` is not `Send` only because it can hold a proof writer and proof
// processors as non-`Send` trait objects. This backend never installs either, so the
// solver holds plain owned data, and it is only ever used through `&mut self`.
unsafe impl Send for VarisatBackend {}

impl Default for VarisatBackend {
    fn default() -> VarisatBackend {
        VarisatBackend::new()
    }
}

impl VarisatBackend {
    pub fn new() -> VarisatBackend {
        VarisatBackend {
            solver: varisat::Solver::new(),
            model: Vec::new(),
            failed: Vec::new(),
            stop: None,
            buffer: Vec::new(),
        }
    }

    fn convert(&mut self, lits: &[Lit]) {
        self.buffer.clear();
        self.buffer
            .extend(lits.iter().map(|&l| varisat::Lit::from_dimacs(l as isize)));
    }
}

impl SatBackend for VarisatBackend {
    fn kind(&self) -> BackendKind {
        BackendKind::Varisat
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.convert(clause);
        self.solver.add_clause(&self.buffer);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> SatResult {
        if self
            .stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            return SatResult::Interrupted;
        }
        self.convert(assumptions);
        self.solver.assume(&self.buffer);
        match self.solver.solve() {
            Ok(true) => {
                self.model.clear();
                for lit in self.solver.model().unwrap_or_default() {
                    let index = lit.index();
                    if self.model.len() <= index {
                        self.model.resize(index + 1, false);
                    }
                    self.model[index] = lit.is_positive();
                }
                SatResult::Sat
            }
            Ok(false) => {
                self.failed = self
                    .solver
                    .failed_core()
                    .unwrap_or(&[])
                    .iter()
                    .map(|l| l.to_dimacs() as Lit)
                    .collect();
                SatResult::Unsat
            }
            Err(_) => SatResult::Interrupted,
        }
    }

    fn value(&self, lit: Lit) -> bool {
        let index = lit.unsigned_abs() as usize - 1;
        let var = self.model.get(index).copied().unwrap_or(false);
        var == (lit > 0)
    }

    fn failed_assumptions(&self) -> Vec<Lit> {
        self.failed.clone()
    }

    fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_flag_is_checked_before_solving() {
        let mut sat = VarisatBackend::new();
        sat.add_clause(&[1]);
        let flag = Arc::new(AtomicBool::new(false));
        sat.set_stop_flag(flag.clone());
        assert_eq!(sat.solve(&[]), SatResult::Sat);
        flag.store(true, Ordering::Relaxed);
        assert_eq!(sat.solve(&[]), SatResult::Interrupted);
        flag.store(false, Ordering::Relaxed);
        assert_eq!(sat.solve(&[-1]), SatResult::Unsat);
    }
}
