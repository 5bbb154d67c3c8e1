//! Helpers the test modules share: referees, generators, oracles' readers.

pub mod alloy_golden;
pub mod binary;
pub mod fuzzing;
pub mod iso_count;
pub mod isolation_brute;
pub mod isolation_history;
pub mod manifest;
pub mod parallel;
pub mod postgres;
pub mod programs_brute;
pub mod random_problem;
pub mod source_problem;
pub mod syntax_brute;
