//! `solder repl [FILE...]` (and `solder`, `solder FILE`): the interactive REPL.

use std::path::PathBuf;
use std::process::ExitCode;

use super::options::SolverArgs;
use crate::session::RunOptions;

use clap::Args;

#[derive(Args)]
pub(super) struct ReplArgs {
    /// Model files to load first.
    pub(super) files: Vec<PathBuf>,
    #[command(flatten)]
    pub(super) solver: SolverArgs,
}

/// The REPL on the terminal (or a script on standard input), with `files` loaded.
pub(super) fn launch(files: Vec<PathBuf>, options: RunOptions) -> ExitCode {
    ExitCode::from(crate::repl::run(crate::repl::ReplConfig { files, options }))
}
