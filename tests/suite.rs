//! The integration tests as one test binary, one module per area.
//!
//! One binary, not one per file: each test binary links the whole crate (about two
//! seconds of release build per binary on CI's two cores), and one harness spreads the
//! tests over both cores instead of running the files one after another. The REPL's
//! pseudo-terminal tests stay in their own binary (`repl_pty.rs`): they assert how
//! quickly Ctrl-C answers, which should not compete with the heavy tests here.
//!
//! Run one area with a filter: `cargo test --release --test suite -- classify::`.

mod common;

mod cegis_differential;
mod classify;
mod cli;
mod core;
mod corpus;
mod cost_bounds;
mod declarations;
mod diagnostics;
mod differential;
mod examples;
mod fuzz;
mod golden;
mod higher_order_examples;
mod injection_counting;
mod int_differential;
mod int_golden;
mod int_ops;
mod integers;
mod isolation_brute;
mod isolation_examples;
mod layers;
mod list_append;
mod nesting;
mod parse_corpus;
mod programs;
mod programs_constraints;
mod programs_differential;
mod programs_input;
mod programs_loops;
mod programs_mysql;
mod programs_postgres;
mod programs_rc;
mod programs_referee;
mod programs_rows;
mod programs_sessions;
mod programs_values;
mod random_problems;
mod readme;
mod repl_script;
mod scopes;
mod seq_golden;
mod shards;
mod singleton_overlap;
mod source_differential;
mod strings;
mod temporal;
mod temporal_golden;
mod warnings;
mod xml;
