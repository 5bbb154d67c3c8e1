//! Text to syntax tree: the `logos` lexer, Alloy's token rewrites, the `chumsky` parser.
//!
//! Entry points: [`parse_module`] for files, [`parse_expr`] for the REPL's `eval`,
//! [`parse_repl_input`] for REPL lines and [`needs_more_input`] for line continuation.
//! Every syntax error is a [`Diagnostic`](crate::diagnostic::Diagnostic) with a span;
//! nothing here panics on any input.

pub mod ast;
pub mod lexer;
pub mod parser;
pub mod rewrite;
pub mod tokens;

#[cfg(test)]
mod tests;

pub use parser::{
    MAX_NESTING, ReplItem, needs_more_input, parse_expr, parse_module, parse_repl_input,
};
