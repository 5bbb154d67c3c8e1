//! The SAT solver interface: just what translation and CEGIS need.
//!
//! Literals are DIMACS integers: variable `v >= 1` is `v`, its negation `-v`. Variables
//! need not be declared; a backend grows as clauses mention new variables.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

pub type Lit = i32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SatResult {
    Sat,
    Unsat,
    /// The stop flag was raised before an answer was found.
    Interrupted,
}

/// Which backend to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BackendKind {
    Varisat,
    Cadical,
    /// CaDiCaL in its `sat` configuration (stabilizing mode throughout): the re-check's
    /// one-shot SAT checks of small universals, where it proves UNSAT 2-3 times faster
    /// than the default (the max-of-n synthesis: 1.9 against 5.6 ms).
    CadicalStable,
}

impl BackendKind {
    /// The value the backend gives a variable it decides without a reason: CaDiCaL
    /// tries true first, varisat false.
    pub fn default_phase(self) -> bool {
        self != BackendKind::Varisat
    }
}

/// An incremental SAT solver.
pub trait SatBackend: Send {
    fn kind(&self) -> BackendKind;
    fn add_clause(&mut self, clause: &[Lit]);
    /// Solve under assumptions (literals that hold for this call only).
    fn solve(&mut self, assumptions: &[Lit]) -> SatResult;
    /// The value of a literal in the last model (after `Sat`). Unassigned counts as false.
    fn value(&self, lit: Lit) -> bool;
    /// The assumptions used to prove the last `Unsat`.
    fn failed_assumptions(&self) -> Vec<Lit>;
    /// A flag that, once set, asks a running `solve` to give up. Backends that cannot be
    /// interrupted (varisat) only check it between calls.
    fn set_stop_flag(&mut self, flag: Arc<AtomicBool>);
    /// Makes the next `solve` give up (as `Interrupted`) after this many conflicts, if
    /// the backend can; returns whether it can.
    fn limit_next_solve(&mut self, _conflicts: i32) -> bool {
        false
    }
}
