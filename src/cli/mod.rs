//! The `solder` command line: the arguments of every subcommand, dispatch, and what the
//! subcommands share. Each subcommand lives in a file of its own; `main.rs` only calls
//! [`main`].

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use self::batch::{StopReason, exit};

use clap::{Parser, Subcommand, ValueEnum};

use crate::diagnostic::SourceMap;
use crate::render::{self};
use crate::session::RunOptions;

mod batch;
mod classify;
mod compare;
mod merge;
mod options;
mod programs;
mod repl;
mod run;

/// The exit codes of `run`, `check` and `test`, for `--help` (the README has the same table).
const EXIT_CODES: &str = "Exit codes of run, check and test:\n  0  every command answered as expected\n  1  a check found a counterexample, or a test did not get its expect\n  2  a diagnostic: the model, a command or the command line cannot be used\n  3  a --timeout was reached, or SIGINT/SIGTERM stopped the run\nWhen several apply, the lower row loses: 2 over 1 over 3.";

#[derive(Parser)]
#[command(
    name = "solder",
    version,
    about = "A bounded relational model finder for Alloy's static logic",
    long_about = "solder finds small instances of Alloy models, or shows that none exists within a bound.\n\nExamples:\n  solder                              (the interactive REPL)\n  solder examples/family.als          (the REPL, with the model loaded)\n  solder run examples/family.als\n  solder run examples/family.als -c ownGrandpa --count 3\n  solder test examples/*.als",
    after_help = EXIT_CODES,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
    /// Model files to load into the REPL.
    files: Vec<PathBuf>,
    /// When to colour diagnostics: auto (on a terminal, unless NO_COLOR is set), always,
    /// never.
    #[arg(long, value_enum, global = true, default_value_t = ColorArg::Auto)]
    color: ColorArg,
    /// Draw tables with ASCII characters only.
    #[arg(long, global = true)]
    ascii: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

#[derive(Subcommand)]
enum Cmd {
    /// Execute the commands of a model (all of them, or the one chosen with -c).
    #[command(after_help = EXIT_CODES)]
    Run(run::RunArgs),
    /// Execute only the `check` commands of a model (or the one chosen with -c).
    #[command(after_help = EXIT_CODES)]
    Check(run::RunArgs),
    /// Execute every command that has an `expect` and compare; non-zero exit on a mismatch.
    #[command(after_help = EXIT_CODES)]
    Test(run::TestArgs),
    /// The interactive REPL (the default); reads a script when stdin is not a terminal.
    Repl(repl::ReplArgs),
    /// Which isolation levels a concrete history satisfies, with a witness for each
    /// one it does and a minimal violating sub-history for each one it does not.
    #[command(after_help = classify::CLASSIFY_HELP)]
    Classify(classify::ClassifyArgs),
    /// Which isolation levels imply which, up to a scope: the implication matrix,
    /// equivalences, the Hasse diagram and separating histories.
    Compare(compare::CompareArgs),
    /// Whether an application's transaction programs can produce a non-serializable
    /// execution under a consistency model: a violation explained in the programs'
    /// statements, or bounded (and possibly complete) absence.
    #[command(
        after_help = programs::PROGRAMS_HELP,
        mut_arg("timeout", |a| a.help("Give up on each level (or `expect`) after SECS seconds, in every step; its outcome is then `timeout` (exit code 3)"))
    )]
    Programs(programs::ProgramsArgs),
    /// Combine the parts that `classify --shard I/N` and `compare --shard I/N` wrote
    /// (one shard per task of a cluster's array job) into the tables one run prints.
    #[command(after_help = merge::MERGE_HELP)]
    Merge(merge::MergeArgs),
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    crate::diagnostic::set_color_choice(match cli.color {
        ColorArg::Auto => crate::diagnostic::ColorChoice::Auto,
        ColorArg::Always => crate::diagnostic::ColorChoice::Always,
        ColorArg::Never => crate::diagnostic::ColorChoice::Never,
    });
    render::table::set_ascii(cli.ascii);
    let color = crate::diagnostic::use_color(std::io::stderr().is_terminal());
    let mut sources = SourceMap::new();
    if cli
        .command
        .as_ref()
        .is_some_and(|c| !matches!(c, Cmd::Repl(_)))
    {
        die_quietly_on_closed_pipe();
    }
    let result = match cli.command {
        None => return repl::launch(cli.files, RunOptions::default()),
        Some(Cmd::Repl(args)) => return repl::launch(args.files, args.solver.options()),
        Some(Cmd::Run(args)) => run::run(&mut sources, &args.with_format(), false),
        Some(Cmd::Check(args)) => run::run(&mut sources, &args.with_format(), true),
        Some(Cmd::Test(args)) => run::test(&mut sources, &args),
        Some(Cmd::Classify(args)) => classify::classify(&mut sources, &args),
        Some(Cmd::Compare(args)) => compare::compare(&args),
        Some(Cmd::Programs(args)) => programs::programs(&mut sources, &args),
        Some(Cmd::Merge(args)) => merge::merge(&mut sources, &args),
    };
    match result {
        Ok(code) => code,
        Err(errors) => {
            eprint!("{}", sources.render(&errors.0, color));
            ExitCode::from(exit::ERROR)
        }
    }
}

/// Batch output piped into a reader that stops early (`solder test ... | head`): end as
/// other Unix tools do, killed by SIGPIPE, rather than panic in `println!` (Rust ignores
/// SIGPIPE, so a write to a closed pipe fails).
fn die_quietly_on_closed_pipe() {
    #[cfg(unix)]
    {
        use nix::sys::signal::{SigHandler, Signal, signal};
        // SAFETY: no other thread runs yet, and the default action needs no handler code.
        unsafe {
            let _ = signal(Signal::SIGPIPE, SigHandler::SigDfl);
        }
    }
}

/// A workflow that did not return within a second of SIGINT/SIGTERM: say so (nothing
/// was decided that can be shown) and end with exit code 3.
fn stopped_before_anything(what: &str, reason: StopReason) -> u8 {
    let _ = std::io::stdout().flush();
    eprintln!(
        "solder {what}: {} — it did not stop within a second, so nothing decided can be shown",
        reason.outcome()
    );
    exit::STOPPED
}
