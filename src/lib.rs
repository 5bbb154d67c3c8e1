//! solder: a bounded relational model finder for Alloy's static logic with higher-order
//! quantifiers. See ARCHITECTURE.md for the map of the pipeline.

pub mod apps;
pub mod check;
pub mod cli;
pub mod diagnostic;
pub mod instance;
pub mod logic;
pub mod render;
pub mod repl;
pub mod sat;
pub mod session;
pub mod solve;
pub mod stack;
pub mod syntax;
pub mod translate;
