//! solder: a bounded relational model finder for Alloy's static logic with higher-order
//! quantifiers. See ARCHITECTURE.md for the map of the pipeline.

pub mod check;
pub mod diagnostic;
pub mod instance;
pub mod isolation;
pub mod logic;
pub mod programs;
pub mod render;
pub mod repl;
pub mod sat;
pub mod session;
pub mod solve;
pub mod stack;
pub mod syntax;
pub mod translate;
