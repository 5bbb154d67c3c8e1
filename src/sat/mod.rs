//! SAT solvers behind one interface (varisat, CaDiCaL): what translation emits clauses
//! into and what solving runs. The lowest room of the engine that knows about SAT, so
//! that `translate` and `solve` both build on it.

pub mod backend;
pub mod cadical_backend;
pub mod varisat_backend;

pub use backend::{BackendKind, Lit, SatBackend, SatResult};

/// A fresh, empty solver of the given kind.
pub fn new_backend(kind: BackendKind) -> Box<dyn SatBackend> {
    match kind {
        BackendKind::Varisat => Box::new(varisat_backend::VarisatBackend::new()),
        BackendKind::Cadical => Box::new(cadical_backend::CadicalBackend::new()),
        BackendKind::CadicalStable => Box::new(cadical_backend::CadicalBackend::stable()),
    }
}
