//! Solving: SAT backends, first-order solving and instance enumeration.
//!
//! The pipeline for one problem: normalize (negation normal form, skolemize outermost
//! existentials into new relations) → translate to CNF → SAT → decode an [`Instance`].

pub mod backend;
pub mod cadical_backend;
pub mod first_order;
pub mod varisat_backend;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::instance::Instance;
use crate::logic::VarId;

pub use backend::{BackendKind, Lit, SatBackend, SatResult};
pub use first_order::{Enumerator, solve};

/// A fresh, empty solver of the given kind.
pub fn new_backend(kind: BackendKind) -> Box<dyn SatBackend> {
    match kind {
        BackendKind::Varisat => Box::new(varisat_backend::VarisatBackend::new()),
        BackendKind::Cadical => Box::new(cadical_backend::CadicalBackend::new()),
    }
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
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            backend: BackendKind::Cadical,
            symmetry: 20,
            fix_orders: true,
            skolem_prefix: String::new(),
            stop: None,
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
    pub translate_time: Duration,
    pub solve_time: Duration,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Sat(Instance),
    Unsat,
    Interrupted,
}

/// Why a problem could not be solved. These become diagnostics in the caller, which maps
/// variables back to source spans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// A quantifier over relations (or sets) that skolemization cannot remove.
    HigherOrder { var: VarId, name: String },
    /// The translation would exceed the resource limits.
    TooLarge(String),
}
