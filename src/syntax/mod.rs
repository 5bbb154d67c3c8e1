//! Text to syntax tree: the `logos` lexer, Alloy's token rewrites, the `chumsky` parser.

pub mod ast;
