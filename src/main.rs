//! The `solder` command line: `run`, `check` and `test` over model files, and the REPL
//! (`solder`, `solder FILE`, `solder repl [FILE...]`).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

mod batch;

use batch::{Control, StopReason, exit};

use clap::{Args, Parser, Subcommand, ValueEnum};

use solder::check::Checked;
use solder::diagnostic::{Diagnostic, Errors, SourceMap};
use solder::render::{self, View};
use solder::session::{self, CommandRun, RunOptions, load_file};
use solder::solve::{BackendKind, Outcome};
use solder::syntax::ast::CommandKind;

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
    Run(RunArgs),
    /// Execute only the `check` commands of a model (or the one chosen with -c).
    #[command(after_help = EXIT_CODES)]
    Check(RunArgs),
    /// Execute every command that has an `expect` and compare; non-zero exit on a mismatch.
    #[command(after_help = EXIT_CODES)]
    Test(TestArgs),
    /// The interactive REPL (the default); reads a script when stdin is not a terminal.
    Repl(ReplArgs),
    /// Which isolation levels a concrete history satisfies, with a witness for each
    /// one it does and a minimal violating sub-history for each one it does not.
    #[command(after_help = CLASSIFY_HELP)]
    Classify(ClassifyArgs),
    /// Which isolation levels imply which, up to a scope: the implication matrix,
    /// equivalences, the Hasse diagram and separating histories.
    Compare(CompareArgs),
    /// Whether an application's transaction programs can produce a non-serializable
    /// execution under a consistency model: a violation explained in the programs'
    /// statements, or bounded (and possibly complete) absence.
    #[command(
        after_help = PROGRAMS_HELP,
        mut_arg("timeout", |a| a.help("Give up on each level (or `expect`) after SECS seconds, in every step; its outcome is then `timeout` (exit code 3)"))
    )]
    Programs(ProgramsArgs),
}

const PROGRAMS_HELP: &str = "The program file declares tables, programs of SQL statements and `expect` lines; see the README (\"Programs under weak isolation\"). Without --level, every `expect` of the file is checked.\n\nExit codes:\n  0  serializable: no violation (up to the bound; at every length with --complete), or every `expect` met\n  1  a violation found, or an `expect` contradicted\n  2  a diagnostic: the program file or the command line cannot be used\n  3  unknown: a --timeout was reached, or no violation up to the bound where every length was asked (--complete, `expect … no violation`) or a violation was expected\nWhen several apply, the lower row loses: 2 over 1 over 3.";

#[derive(Args)]
struct ProgramsArgs {
    /// The program file.
    file: PathBuf,
    /// Consistency models to check (comma-separated): RA, CC, PC, PSI, SI, SER, or a
    /// `level` the file defines. Without it, the file's `expect` lines are checked.
    #[arg(long, value_delimiter = ',', value_name = "LEVELS")]
    level: Vec<String>,
    /// Transaction instances per execution searched: executions of 2 to K instances
    /// (the cycle found may pass through fewer of them; with --abstract-rows, cycles
    /// through up to K instances in executions of any size).
    #[arg(long, value_name = "K", default_value_t = 4)]
    cycle: usize,
    /// When no cycle is found, also try to show that none exists at any length.
    #[arg(long)]
    complete: bool,
    /// Records per table and values per domain [default: the cycle bound].
    #[arg(long, value_name = "N")]
    records: Option<usize>,
    /// Abstract rows: a statement may select records its snapshot lacks, and MIN/MAX
    /// over a table with INSERT or DELETE any candidate. The bounded search then finds
    /// every cycle of length ≤ K inside executions of any size, at the price of
    /// violations the programs cannot produce. By default rows are exact: what each
    /// snapshot holds, searched in executions of up to K instances.
    #[arg(long)]
    abstract_rows: bool,
    /// With --complete under SI or SER: search every chordless path, not only those
    /// that start with two anti-dependencies between concurrent instances (the
    /// "dangerous structure" every cycle under SI has). Proves less; for comparison.
    #[arg(long)]
    no_dangerous_structures: bool,
    /// Leave out of the completeness checks' abstraction the facts that a queue's MIN
    /// and counter imply (a table read by MIN over a group whose keys come from a
    /// counter). Proves less; for comparison.
    #[arg(long)]
    no_queue_facts: bool,
    /// Print the solder model (with the commands for the first level) and stop.
    #[arg(long)]
    emit_model: bool,
    /// Print a JSON array, one object per level or expectation, instead of text.
    #[arg(long, conflicts_with = "emit_model")]
    json: bool,
    /// Print only the violation's execution, as a history in the notation `solder
    /// classify` reads (`… --emit-history | solder classify -`); needs one --level.
    #[arg(long, conflicts_with_all = ["emit_model", "json"])]
    emit_history: bool,
    /// Levels checked at once [default: the machine's cores]; the output keeps their
    /// order.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    threads: Option<u64>,
    #[command(flatten)]
    solver: SolverArgs,
}

#[derive(Args)]
struct CompareArgs {
    /// Levels to compare (library pred names, e.g. RA CC CeroneCC) [default: one
    /// representative per framework of each level].
    levels: Vec<String>,
    /// Every level of the library.
    #[arg(long, conflicts_with = "levels")]
    all: bool,
    /// Transactions (besides T0), objects and values in the histories searched.
    #[arg(long, default_value_t = 3)]
    scope: usize,
    /// Print JSON instead of text.
    #[arg(long, conflicts_with_all = ["csv", "dot"])]
    json: bool,
    /// Print one CSV line per ordered pair.
    #[arg(long, conflicts_with = "dot")]
    csv: bool,
    /// Print the Hasse diagram as a Graphviz digraph.
    #[arg(long)]
    dot: bool,
    /// Solve every pair afresh: no cache, no derived cells.
    #[arg(long)]
    no_cache: bool,
    /// Solve every pair: nothing derived by transitivity or from other pairs' histories.
    #[arg(long)]
    no_derive: bool,
    /// Worker threads [default: the machine's cores].
    #[arg(long)]
    threads: Option<usize>,
    #[command(flatten)]
    solver: SolverArgs,
}

const CLASSIFY_HELP: &str = "The history file is in the history view's notation (`session 1: T1 -> T2`, `T1: r(x,0) w(x,1)`), JSON ({\"sessions\": [[{\"name\": \"T1\", \"ops\": [[\"r\", \"x\", 0]]}]]}) or Jepsen/Elle EDN lines ({:type :ok, :f :txn, :value [[:r :x 1]], :process 0}); see the README.\n\nExit codes: 0 classified, 2 a diagnostic (the history or the command line cannot be used), 3 a level was left undecided (--timeout, or skipped by --max-txns).";

#[derive(Args)]
struct ClassifyArgs {
    /// The history file (`-` reads standard input).
    file: PathBuf,
    /// Only these levels (comma-separated library pred names, e.g. RA,CeroneSI,AdyaSER).
    #[arg(long, value_delimiter = ',', value_name = "LEVELS")]
    level: Vec<String>,
    /// The input format [default: by extension (.json, .edn), else by content].
    #[arg(long, value_enum)]
    input: Option<InputFormat>,
    /// Print a JSON object instead of the table.
    #[arg(long)]
    json: bool,
    /// Print the solder model that pins the history (with a `run` per level) and stop.
    #[arg(long)]
    emit_model: bool,
    /// Do not look for minimal violating sub-histories (faster on large histories).
    #[arg(long)]
    no_reasons: bool,
    /// Decide RC, RA and CC through the library's definitions too, not by the
    /// polynomial saturation check.
    #[arg(long)]
    no_saturation: bool,
    /// Skip the levels decided through the library's definitions on histories with more
    /// transactions than N (at 200 all 32 take 18-28 s on two cores; larger histories
    /// were not measured); 0 for no limit. RC, RA and CC are decided at any size.
    #[arg(long, value_name = "N", default_value_t = solder::isolation::classify::GENERIC_LIMIT)]
    max_txns: usize,
    /// Give up on a level after SECS seconds.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    timeout: Option<f64>,
    #[command(flatten)]
    solver: SolverArgs,
}

#[derive(Clone, Copy, ValueEnum)]
enum InputFormat {
    Notation,
    Json,
    Edn,
}

#[derive(Args)]
struct ReplArgs {
    /// Model files to load first.
    files: Vec<PathBuf>,
    #[command(flatten)]
    solver: SolverArgs,
}

#[derive(Args, Clone)]
struct SolverArgs {
    /// SAT solver backend for every SAT problem [default: CaDiCaL, except varisat for
    /// CEGIS verifiers].
    #[arg(long, value_enum)]
    solver: Option<Solver>,
    /// Length of lex-leader symmetry-breaking predicates (0 disables symmetry breaking).
    #[arg(long, default_value_t = 20)]
    symmetry: usize,
    /// Do not fix `util/ordering` orders to atom order (solve for them instead).
    #[arg(long)]
    no_fix_order: bool,
    /// Re-check every instance with the independent evaluator (the default).
    #[arg(long, conflicts_with = "no_verify")]
    verify: bool,
    /// Skip re-checking instances with the independent evaluator.
    #[arg(long)]
    no_verify: bool,
    /// CEGIS: do not instantiate universal relation variables with existential witnesses.
    #[arg(long)]
    no_instantiate: bool,
    /// CEGIS: do not refute candidates with terms over their own relations.
    #[arg(long)]
    no_terms: bool,
    /// Do not read quantifiers over total injective maps as comparisons of counts (solve
    /// them by CEGIS, re-check them by search)
    #[arg(long)]
    no_count_injections: bool,
    /// Re-check quantifiers over orders by enumerating every relation in their range, not
    /// only the orders their guards allow (a SAT check takes over when there are too many)
    #[arg(long)]
    no_recheck_orders: bool,
    /// Re-check quantifiers over orders without first adding the pairs that guards
    /// growing with the order force
    #[arg(long)]
    no_recheck_saturate: bool,
    /// Compare integers of sets (`int[x.v] =< int[y.v]`) through adders only, not
    /// through the order encoding while each set holds at most one integer
    #[arg(long)]
    no_int_ladders: bool,
    /// CEGIS: keep slow verifiers on varisat instead of moving them to CaDiCaL.
    #[arg(long)]
    no_escalate: bool,
    /// CEGIS: rebuild the candidate and verifier solvers for every candidate.
    #[arg(long)]
    no_incremental: bool,
    /// Compare expressions known to hold one tuple by overlap, not cell by cell (`a.f !=
    /// b.f` for `f: one T`); this turns that off.
    #[arg(long)]
    no_singleton_overlap: bool,
    /// Witness orders and acyclicity get their transitivity clauses on demand (between
    /// solver calls); this writes them all up front.
    #[arg(long)]
    no_lazy_orders: bool,
    /// Give up on a command after SECS seconds (its outcome is then `timeout`; exit code 3).
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    timeout: Option<f64>,
    /// Refuse commands with more primary variables (tuples a relation may or may not hold)
    /// than this; about 1 KB of memory each.
    #[arg(long, value_name = "N", default_value_t = solder::check::command::DEFAULT_MAX_VARS)]
    max_vars: u64,
    /// CEGIS baseline: block failed candidates instead of learning from counterexamples.
    #[arg(long)]
    naive: bool,
    /// Alloy's "prevent overflows": leave out instances in which integer arithmetic
    /// overflows the bitwidth (by default results wrap around, as in Alloy's API).
    #[arg(long)]
    no_overflow: bool,
    /// Bound each field by its type only, not by its declaration (`items: seq Job` then
    /// gets a variable per integer, not per sequence index); for comparison.
    #[arg(long)]
    no_tight_bounds: bool,
    /// Let every scoped child of a sig range over all of its parent's atoms, not a block
    /// of its own (`abstract sig Rec` with `3 Warehouse, 3 District` under `6 Rec`); for
    /// comparison.
    #[arg(long)]
    no_child_blocks: bool,
    /// Treat warnings (expressions their types make always empty) as errors.
    #[arg(long)]
    deny_warnings: bool,
    /// CEGIS: SAT backend of the candidate problem (default: --solver).
    #[arg(long, value_enum)]
    candidate_solver: Option<Solver>,
    /// CEGIS: SAT backend of the verifier problems (default: --solver).
    #[arg(long, value_enum)]
    verifier_solver: Option<Solver>,
}

#[derive(Args)]
struct RunArgs {
    /// The model file (`-` reads it from standard input).
    file: PathBuf,
    /// The command to execute, by label or 1-based number.
    #[arg(short = 'c', long = "command", value_name = "NAME|INDEX")]
    command: Option<String>,
    /// Show up to N distinct instances.
    #[arg(long, value_name = "N", conflicts_with = "all")]
    count: Option<usize>,
    /// Show every instance (up to symmetry breaking).
    #[arg(long)]
    all: bool,
    /// Print one JSON object per command instead of text.
    #[arg(long)]
    json: bool,
    /// Print each instance as Alloy's instance XML (for Alloy's visualizer or Sterling)
    /// instead of text; with -o, write the first instance to that file.
    #[arg(long, conflicts_with = "json")]
    xml: bool,
    /// The output format: text (the default), json, xml or dot; the same as --json,
    /// --xml or --dot.
    #[arg(long, value_enum, conflicts_with_all = ["json", "xml", "dot"])]
    format: Option<Format>,
    /// Print each instance as a Graphviz digraph instead of text; with -o, write the
    /// first instance to that file (`.svg` runs Graphviz's `dot`).
    #[arg(long, conflicts_with_all = ["json", "xml"])]
    dot: bool,
    /// With --xml or --dot: the file to write the first instance to.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// Print variables, clauses and times.
    #[arg(long)]
    stats: bool,
    /// Report a subset-minimal instance: after the first one, look for instances with
    /// fewer tuples, each within the one before (default for models of histories).
    #[arg(long, conflicts_with_all = ["count", "all", "no_shrink"])]
    shrink: bool,
    /// Report the first instance found, even for models of histories.
    #[arg(long)]
    no_shrink: bool,
    /// After "no instance" (or a check that holds), name a minimal set of the model's
    /// constraints that is already unsatisfiable: an unsat core.
    #[arg(long)]
    core: bool,
    /// How to show instances: `auto` is the history view for models that open the
    /// isolation library's histories and tables otherwise.
    #[arg(long, value_enum, default_value_t = Show::Auto)]
    show: Show,
    #[command(flatten)]
    solver: SolverArgs,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Format {
    Text,
    Json,
    Xml,
    Dot,
}

impl RunArgs {
    /// `--format F` as the flag it stands for.
    fn with_format(mut self) -> RunArgs {
        match self.format {
            Some(Format::Json) => self.json = true,
            Some(Format::Xml) => self.xml = true,
            Some(Format::Dot) => self.dot = true,
            Some(Format::Text) | None => {}
        }
        self
    }
}

#[derive(Args)]
struct TestArgs {
    /// Model files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON object per command instead of text.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    solver: SolverArgs,
}

#[derive(Clone, Copy, ValueEnum)]
enum Solver {
    Cadical,
    Varisat,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Show {
    Auto,
    Tables,
    History,
    None,
}

impl SolverArgs {
    fn options(&self) -> RunOptions {
        let kind = |s: Solver| match s {
            Solver::Cadical => BackendKind::Cadical,
            Solver::Varisat => BackendKind::Varisat,
        };
        let mut o = RunOptions::default();
        if let Some(solver) = self.solver {
            o.solve.backend = kind(solver);
            o.solve.candidate_backend = Some(kind(solver));
            o.solve.verifier_backend = Some(kind(solver));
        }
        o.solve.symmetry = self.symmetry;
        o.solve.fix_orders = !self.no_fix_order;
        o.solve.instantiate = !self.no_instantiate;
        o.solve.terms = !self.no_terms;
        o.solve.count_injections = !self.no_count_injections;
        o.solve.recheck_orders = !self.no_recheck_orders;
        o.solve.recheck_saturate = !self.no_recheck_saturate;
        o.solve.int_ladders = !self.no_int_ladders;
        o.solve.escalate = !self.no_escalate;
        o.solve.incremental = !self.no_incremental;
        o.solve.overlap_singletons = !self.no_singleton_overlap;
        o.solve.lazy_orders = !self.no_lazy_orders;
        o.solve.naive = self.naive;
        if let Some(solver) = self.candidate_solver {
            o.solve.candidate_backend = Some(kind(solver));
        }
        if let Some(solver) = self.verifier_solver {
            o.solve.verifier_backend = Some(kind(solver));
        }
        o.verify = !self.no_verify;
        o.max_vars = self.max_vars;
        o.prevent_overflow = self.no_overflow;
        o.tight_field_bounds = !self.no_tight_bounds;
        o.child_blocks = !self.no_child_blocks;
        o
    }
}

fn parse_timeout(s: &str) -> Result<f64, String> {
    match s.trim_end_matches('s').parse::<f64>() {
        Ok(t) if t > 0.0 && t < 1e9 => Ok(t),
        _ => Err(format!("`{s}` is not a number of seconds above 0")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    solder::diagnostic::set_color_choice(match cli.color {
        ColorArg::Auto => solder::diagnostic::ColorChoice::Auto,
        ColorArg::Always => solder::diagnostic::ColorChoice::Always,
        ColorArg::Never => solder::diagnostic::ColorChoice::Never,
    });
    render::table::set_ascii(cli.ascii);
    let color = solder::diagnostic::use_color(std::io::stderr().is_terminal());
    let mut sources = SourceMap::new();
    if cli
        .command
        .as_ref()
        .is_some_and(|c| !matches!(c, Cmd::Repl(_)))
    {
        die_quietly_on_closed_pipe();
    }
    let result = match cli.command {
        None => {
            return ExitCode::from(solder::repl::run(solder::repl::ReplConfig {
                files: cli.files,
                options: RunOptions::default(),
            }));
        }
        Some(Cmd::Repl(args)) => {
            return ExitCode::from(solder::repl::run(solder::repl::ReplConfig {
                files: args.files,
                options: args.solver.options(),
            }));
        }
        Some(Cmd::Run(args)) => run(&mut sources, &args.with_format(), false),
        Some(Cmd::Check(args)) => run(&mut sources, &args.with_format(), true),
        Some(Cmd::Test(args)) => test(&mut sources, &args),
        Some(Cmd::Classify(args)) => classify(&mut sources, &args),
        Some(Cmd::Compare(args)) => compare(&args),
        Some(Cmd::Programs(args)) => programs(&mut sources, &args),
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

/// Milliseconds with microsecond precision, for JSON (no `0.8233550000000001`).
fn millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

fn ms(d: std::time::Duration) -> String {
    format!("{} ms", d.as_millis())
}

/// A command's whole source on one line, for JSON (which is read by programs, and
/// must say exactly what was solved).
fn command_text(sources: &SourceMap, run: &CommandRun) -> String {
    collapse(sources.snippet(run.command.span))
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The longest command header printed whole.
const HEADER_WIDTH: usize = 80;

/// A command's source on one line, so that long blocks do not flood the output. A long
/// body is cut, not the scope and expectation after it: they say what was solved.
fn one_line(text: &str) -> String {
    let one = collapse(text);
    if one.chars().count() <= HEADER_WIDTH {
        return one;
    }
    // The body ends at its last closing brace (`run { … } for 5`), or else the scope
    // starts at the last ` for ` (`run p for 5`).
    let (body, tail) = match one.rfind('}') {
        Some(i) => (&one[..i], &one[i..]),
        None => one.split_at(one.rfind(" for ").unwrap_or(one.len())),
    };
    let room = HEADER_WIDTH
        .saturating_sub(tail.chars().count() + 2)
        .max(24);
    let kept: String = body.chars().take(room).collect();
    format!("{} … {tail}", kept.trim_end())
}

/// The more important of two exit codes: errors, then counterexamples, then timeouts.
fn worse(a: u8, b: u8) -> u8 {
    let rank = |c: u8| match c {
        exit::ERROR => 3,
        exit::COUNTEREXAMPLE => 2,
        exit::STOPPED => 1,
        _ => 0,
    };
    if rank(b) > rank(a) { b } else { a }
}

/// What a batch command prints when a step did not stop within a second of being asked:
/// the command and the reason, without statistics (the solver still holds them).
fn give_up_report(text: &str, json: bool, started: Instant, reason: StopReason) -> u8 {
    let elapsed = started.elapsed();
    if json {
        println!(
            "{}",
            serde_json::json!({
                "command": text,
                "outcome": reason.outcome(),
                "instance": null,
                "stats": { "total_ms": millis(elapsed) },
            })
        );
    } else {
        println!(
            "{text}\n  {} — {} (the solver did not stop within a second; no statistics)\n",
            reason.outcome(),
            ms(elapsed)
        );
    }
    let _ = std::io::stdout().flush();
    exit::STOPPED
}

fn run(sources: &mut SourceMap, args: &RunArgs, only_checks: bool) -> Result<ExitCode, Errors> {
    let checked = load_model(sources, &args.file)?;
    print_warnings(sources, &checked, args.solver.deny_warnings)?;
    let indices: Vec<usize> = match &args.command {
        Some(key) => {
            let Some(i) = checked.find_command(key) else {
                let labels: Vec<String> = checked
                    .model
                    .commands
                    .iter()
                    .map(|c| c.label.clone())
                    .collect();
                return Err(Errors::from(solder::diagnostic::Diagnostic::global(
                    format!(
                        "no command `{key}` in {} (its commands: {})",
                        args.file.display(),
                        if labels.is_empty() {
                            "none".to_string()
                        } else {
                            labels.join(", ")
                        }
                    ),
                )));
            };
            if only_checks && checked.model.commands[i].kind != CommandKind::Check {
                return Err(Errors::from(solder::diagnostic::Diagnostic::global(
                    format!("`{key}` is a `run` command; use `solder run`"),
                )));
            }
            vec![i]
        }
        None => (0..checked.model.commands.len())
            .filter(|i| !only_checks || checked.model.commands[*i].kind == CommandKind::Check)
            .collect(),
    };
    if indices.is_empty() {
        eprintln!("{}: no commands to execute", args.file.display());
        return Ok(ExitCode::SUCCESS);
    }
    let control = Control::new(args.solver.timeout.map(Duration::from_secs_f64));
    let mut opts = args.solver.options();
    opts.solve.stop = Some(control.stop.clone());
    opts.solve.progress = control.progress.clone();
    let wanted = if args.all {
        usize::MAX
    } else {
        args.count.unwrap_or(1).max(1)
    };
    if args.output.is_some() && !args.xml && !args.dot {
        return Err(Errors::from(Diagnostic::global(
            "-o writes an instance as --xml or --dot: add one of them",
        )));
    }
    let mut code = exit::OK;
    let mut instance_written = false;
    for i in indices {
        let started = Instant::now();
        let text = one_line(sources.snippet(checked.model.commands[i].span));
        let whole = collapse(sources.snippet(checked.model.commands[i].span));
        let give_up = |reason| {
            let shown = if args.json { &whole } else { &text };
            give_up_report(shown, args.json, started, reason)
        };
        let (result, mut stopped) =
            control.guard(started, || CommandRun::start(&checked, i, &opts), give_up);
        let mut cr = result?;
        // Researchers want the smallest anomaly: shrink histories unless told otherwise.
        let history = cr
            .instance()
            .is_some_and(|inst| render::history::is_history(&cr.command.presentation, inst));
        let shrink = args.shrink || (history && !args.no_shrink && wanted == 1);
        let shrunk = if shrink && cr.instance().is_some() && stopped.is_none() {
            let (result, why) = control.guard(started, || cr.shrink(), give_up);
            stopped = why;
            Some(result?)
        } else {
            None
        };
        let note = match shrunk {
            _ if stopped.is_some() && shrunk.is_some() => {
                " (stopped while shrinking: not necessarily minimal)".to_string()
            }
            Some(0) => " (already minimal)".to_string(),
            Some(n) if args.shrink => format!(", shrunk by {n} tuples to a minimal one"),
            Some(n) => {
                format!(", shrunk by {n} tuples to a minimal one (--no-shrink: the first found)")
            }
            None => String::new(),
        };
        loop {
            if args.json {
                let obj = json_result(&whole, &cr, stopped);
                let _ = writeln!(out_lock(), "{obj}");
            } else if args.xml || args.dot {
                write_instance(&args.file, &text, &cr, args, &mut instance_written)?;
            } else {
                print_result(&mut out_lock(), &text, &cr, args, &note, stopped);
            }
            if cr.instances_seen >= wanted
                || !matches!(cr.outcome, Outcome::Sat(_))
                || stopped.is_some()
            {
                break;
            }
            let (result, why) = control.guard(started, || cr.advance().map(|_| ()), give_up);
            stopped = why;
            result?;
            if matches!(cr.outcome, Outcome::Unsat) {
                if !args.json {
                    let _ = writeln!(
                        out_lock(),
                        "  no more instances ({} in all)\n",
                        cr.instances_seen
                    );
                }
                break;
            }
        }
        if args.core && cr.instances_seen == 0 && stopped.is_none() {
            let (result, why) = control.guard(
                started,
                || session::unsat_core(&checked, i, &opts, true),
                give_up,
            );
            stopped = why;
            report_core(sources, &result?, args.json);
        }
        if cr.command.kind == CommandKind::Check && cr.instances_seen > 0 {
            code = worse(code, exit::COUNTEREXAMPLE);
        }
        match stopped {
            Some(StopReason::Timeout) => code = worse(code, exit::STOPPED),
            // A signal ends the batch: the remaining commands are not run.
            Some(_) => return Ok(ExitCode::from(exit::STOPPED)),
            None => {}
        }
    }
    Ok(ExitCode::from(code))
}

/// The current instance as Alloy XML or DOT: to standard output, or the first one to
/// `-o FILE` (an `.svg` file through Graphviz's `dot`). Without an instance there is
/// nothing to write; a note on standard error says so.
fn write_instance(
    file: &std::path::Path,
    command: &str,
    cr: &CommandRun,
    args: &RunArgs,
    written: &mut bool,
) -> Result<(), Errors> {
    let format = if args.xml { "XML" } else { "DOT" };
    let Some(inst) = cr.instance() else {
        eprintln!("{command}: {} (no {format})", cr.verdict());
        return Ok(());
    };
    let p = &cr.command.presentation;
    let text = if args.xml {
        render::xml::instance_xml(
            p,
            inst,
            &cr.skolems(),
            &render::xml::XmlSource {
                command,
                filename: &file.display().to_string(),
            },
        )
    } else {
        render::dot::instance_dot(p, inst, &cr.skolems())
    };
    let fail = |path: &std::path::Path, why: String| {
        Errors::from(Diagnostic::global(format!(
            "cannot write {}: {why}",
            path.display()
        )))
    };
    match args.output.as_deref() {
        None => {
            let _ = write!(out_lock(), "{text}");
        }
        Some(_) if *written => {}
        Some(path) if args.dot && path.extension().is_some_and(|e| e == "svg") => {
            let mut child = std::process::Command::new("dot")
                .args(["-Tsvg", "-o"])
                .arg(path)
                .stdin(std::process::Stdio::piped())
                .spawn()
                .map_err(|e| {
                    fail(
                        path,
                        format!(
                            "SVG needs Graphviz's `dot` on the PATH ({e}); write a .dot file instead"
                        ),
                    )
                })?;
            if let Some(mut stdin) = child.stdin.take() {
                let _ = stdin.write_all(text.as_bytes());
            }
            let status = child.wait().map_err(|e| fail(path, e.to_string()))?;
            if !status.success() {
                return Err(fail(path, format!("`dot` failed ({status})")));
            }
            *written = true;
            eprintln!("{command}: instance drawn to {}", path.display());
        }
        Some(path) => {
            std::fs::write(path, text).map_err(|e| fail(path, e.to_string()))?;
            *written = true;
            eprintln!("{command}: instance written to {}", path.display());
        }
    }
    Ok(())
}

/// Print an unsat core: each member with its source span (text), or one JSON object.
fn report_core(sources: &SourceMap, answer: &session::CoreAnswer, json: bool) {
    let parts = match answer {
        session::CoreAnswer::Core(parts) => parts,
        session::CoreAnswer::Satisfiable => {
            if !json {
                let _ = writeln!(out_lock(), "  no core: the command has an instance\n");
            }
            return;
        }
        session::CoreAnswer::Interrupted => {
            if !json {
                let _ = writeln!(out_lock(), "  core: stopped before one was found\n");
            }
            return;
        }
    };
    if json {
        let members: Vec<serde_json::Value> = parts
            .iter()
            .map(|p| {
                let (line, column) = sources.line_col(p.span.file, p.span.start);
                serde_json::json!({
                    "what": p.what,
                    "file": sources.get(p.span.file).name,
                    "line": line,
                    "column": column,
                    "text": sources.snippet(p.span),
                })
            })
            .collect();
        let _ = writeln!(out_lock(), "{}", serde_json::json!({ "core": members }));
        return;
    }
    if parts.is_empty() {
        let _ = writeln!(
            out_lock(),
            "  core: the declarations and scopes alone have no instance\n"
        );
        return;
    }
    let _ = writeln!(
        out_lock(),
        "  core: these {} constraint{} together have no instance (removing any one of them \
         leaves an instance):",
        parts.len(),
        if parts.len() == 1 { "" } else { "s" }
    );
    let notes: Vec<Diagnostic> = session::core_diagnostics(parts);
    let color = solder::diagnostic::use_color(std::io::stdout().is_terminal());
    let _ = write!(out_lock(), "{}", sources.render(&notes, color));
    let _ = writeln!(out_lock());
}

/// An instance on one line, for a FAIL line: each non-empty relation of the model (and
/// each witness) with its tuples, cut after a few hundred characters.
fn short_instance(cr: &CommandRun, inst: &solder::instance::Instance) -> String {
    let json = render::json::instance_json(&cr.command.presentation, inst, &cr.skolems());
    let mut parts = Vec::new();
    if let Some(map) = json.as_object() {
        for (name, tuples) in map {
            let Some(tuples) = tuples.as_array() else {
                continue;
            };
            if tuples.is_empty() {
                continue;
            }
            let shown: Vec<String> = tuples
                .iter()
                .map(|t| {
                    t.as_array()
                        .map(|atoms| {
                            atoms
                                .iter()
                                .map(|a| a.as_str().unwrap_or("?"))
                                .collect::<Vec<_>>()
                                .join("->")
                        })
                        .unwrap_or_default()
                })
                .collect();
            parts.push(format!("{name} = {{{}}}", shown.join(", ")));
        }
    }
    let line = if parts.is_empty() {
        "every relation empty".to_string()
    } else {
        parts.join("; ")
    };
    if line.chars().count() > 300 {
        format!(
            "{}… (`solder run` shows it all)",
            line.chars().take(299).collect::<String>()
        )
    } else {
        line
    }
}

/// Standard output, flushed line by line by the lock's owner; re-locked per write so that
/// the worker threads' panics (if any) cannot leave it locked.
fn out_lock() -> std::io::StdoutLock<'static> {
    std::io::stdout().lock()
}

fn print_result(
    out: &mut impl Write,
    text: &str,
    cr: &CommandRun,
    args: &RunArgs,
    note: &str,
    stopped: Option<StopReason>,
) {
    let stats = cr.stats();
    let interrupted = matches!(cr.outcome, Outcome::Interrupted);
    let verdict = match stopped {
        Some(StopReason::Timeout) if interrupted => "timeout: no answer within the time limit",
        Some(_) if interrupted => "interrupted",
        _ => cr.verdict(),
    };
    if cr.instances_seen <= 1 || interrupted {
        if cr.instances_seen <= 1 {
            let _ = writeln!(out, "{text}");
        }
        let scope = &cr.command.scope_summary;
        let _ = writeln!(
            out,
            "  {verdict}{note} — {} (scope: {})",
            ms(cr.elapsed),
            if scope.is_empty() { "no sigs" } else { scope }
        );
    } else {
        let _ = writeln!(out, "  instance {}:", cr.instances_seen);
    }
    // Partial statistics always come with an interruption: they say how far it got.
    if (args.stats && cr.instances_seen <= 1) || interrupted {
        let _ = writeln!(
            out,
            "  {} primary variables, {} auxiliary variables, {} clauses; translation {}, solving {}, {} SAT call(s), re-check {}",
            stats.primary_vars,
            stats.aux_vars,
            stats.clauses,
            ms(stats.translate_time),
            ms(stats.solve_time),
            stats.sat_calls,
            ms(cr.recheck)
        );
        if stats.higher_order {
            let _ = writeln!(
                out,
                "  CEGIS: {} candidate(s), {} counterexample(s) ({} as terms, found in {}); verifiers {} variables, {} clauses, {} moved to CaDiCaL; candidate search {}, verification {}",
                stats.candidates,
                stats.counterexamples,
                stats.term_lemmas,
                ms(stats.term_time),
                stats.verifier_vars,
                stats.verifier_clauses,
                stats.escalations,
                ms(stats.solve_time.saturating_sub(stats.verify_time)),
                ms(stats.verify_time)
            );
        }
    }
    let view = match args.show {
        Show::Auto => Some(View::Auto),
        Show::Tables => Some(View::Tables),
        Show::History => Some(View::History),
        Show::None => None,
    };
    if let (Some(inst), Some(view)) = (cr.instance(), view) {
        let text = render::render_instance(&cr.command.presentation, inst, &cr.skolems(), view)
            .unwrap_or_else(|| {
                "  (no history view: the model does not open isolation/histories)\n".to_string()
            });
        let _ = writeln!(out, "{text}");
    } else {
        let _ = writeln!(out);
    }
}

fn json_result(text: &str, cr: &CommandRun, stopped: Option<StopReason>) -> serde_json::Value {
    let stats = cr.stats();
    let outcome = match cr.outcome {
        Outcome::Sat(_) => "sat",
        Outcome::Unsat => "unsat",
        Outcome::Interrupted => stopped.map_or("interrupted", StopReason::outcome),
    };
    let instance = cr
        .instance()
        .map(|inst| render::json::instance_json(&cr.command.presentation, inst, &cr.skolems()))
        .unwrap_or(serde_json::Value::Null);
    let detail = cr
        .instance()
        .map(|inst| {
            render::json::instance_detail_json(&cr.command.presentation, inst, &cr.skolems())
        })
        .unwrap_or(serde_json::Value::Null);
    let found = matches!(cr.outcome, Outcome::Sat(_));
    serde_json::json!({
        "command": text,
        "label": cr.command.label,
        "kind": match cr.command.kind { CommandKind::Run => "run", CommandKind::Check => "check" },
        "outcome": outcome,
        "expect": cr.command.expect,
        "scope": cr.command.scope_summary,
        "index": found.then_some(cr.instances_seen),
        "counterexample": found && cr.command.kind == CommandKind::Check,
        "instance": instance,
        "detail": detail,
        "stats": {
            "primary_vars": stats.primary_vars,
            "aux_vars": stats.aux_vars,
            "clauses": stats.clauses,
            "sat_calls": stats.sat_calls,
            "translate_ms": millis(stats.translate_time),
            "solve_ms": millis(stats.solve_time),
            "total_ms": millis(cr.elapsed),
            "recheck_ms": millis(cr.recheck),
            "higher_order": stats.higher_order,
            "candidates": stats.candidates,
            "counterexamples": stats.counterexamples,
            "term_lemmas": stats.term_lemmas,
            "term_ms": millis(stats.term_time),
            "escalations": stats.escalations,
            "verifier_vars": stats.verifier_vars,
            "verifier_clauses": stats.verifier_clauses,
            "verify_ms": millis(stats.verify_time),
        }
    })
}

/// Load a model from a file, or from standard input for `-` (opens resolve from the
/// working directory).
fn load_model(sources: &mut SourceMap, path: &std::path::Path) -> Result<Checked, Errors> {
    if path.as_os_str() != "-" {
        return load_file(sources, path);
    }
    let text = solder::diagnostic::read_stdin_source("the model")
        .map_err(|message| Errors::from(Diagnostic::global(message)))?;
    solder::check::load(
        sources,
        solder::check::RootSource::Text {
            name: "<stdin>".into(),
            text,
            dir: std::env::current_dir().ok(),
        },
    )
}

/// Print the model's warnings, or with `--deny-warnings` return them as errors.
fn print_warnings(sources: &SourceMap, checked: &Checked, deny: bool) -> Result<(), Errors> {
    let warnings = &checked.model.warnings;
    if deny && !warnings.is_empty() {
        return Err(Errors(
            warnings
                .iter()
                .map(|w| Diagnostic {
                    severity: solder::diagnostic::Severity::Error,
                    help: Some("this is a warning; --deny-warnings makes it an error".into()),
                    ..w.clone()
                })
                .collect(),
        ));
    }
    if !warnings.is_empty() {
        eprint!(
            "{}",
            sources.render(
                warnings,
                solder::diagnostic::use_color(std::io::stderr().is_terminal())
            )
        );
    }
    Ok(())
}

fn test(sources: &mut SourceMap, args: &TestArgs) -> Result<ExitCode, Errors> {
    let control = Control::new(args.solver.timeout.map(Duration::from_secs_f64));
    let mut opts = args.solver.options();
    opts.solve.stop = Some(control.stop.clone());
    opts.solve.progress = control.progress.clone();
    let color = solder::diagnostic::use_color(std::io::stderr().is_terminal());
    let (mut passed, mut failed, mut errored, mut timed_out) = (0usize, 0usize, 0usize, 0usize);
    let mut with_expect = 0usize;
    for file in &args.files {
        let loaded = load_model(sources, file).and_then(|c| {
            print_warnings(sources, &c, args.solver.deny_warnings)?;
            Ok(c)
        });
        let checked = match loaded {
            Ok(c) => c,
            Err(e) => {
                eprint!("{}", sources.render(&e.0, color));
                println!("ERROR {}: the model does not load", file.display());
                errored += 1;
                continue;
            }
        };
        if !checked.model.commands.iter().any(|c| c.expect.is_some()) {
            eprintln!(
                "warning: {}: no command has an `expect`, so nothing in it is tested",
                file.display()
            );
        }
        for (i, cmd) in checked.model.commands.iter().enumerate() {
            let Some(expect) = cmd.expect else { continue };
            with_expect += 1;
            let name = format!("{} {}", file.display(), cmd.label);
            let started = Instant::now();
            let text = one_line(sources.snippet(cmd.span));
            let whole = collapse(sources.snippet(cmd.span));
            let give_up = |reason| {
                let shown = if args.json { &whole } else { &text };
                give_up_report(shown, args.json, started, reason)
            };
            let (result, stopped) =
                control.guard(started, || CommandRun::start(&checked, i, &opts), give_up);
            match result {
                Err(e) => {
                    eprint!("{}", sources.render(&e.0, color));
                    println!("ERROR {name}");
                    errored += 1;
                }
                Ok(cr) => {
                    let got = cr.found();
                    let ok = got == Some(expect);
                    let status = match (ok, got, stopped) {
                        (true, _, _) => "PASS",
                        (false, None, Some(StopReason::Timeout)) => "TIMEOUT",
                        (false, None, Some(_)) => "INTERRUPTED",
                        _ => "FAIL",
                    };
                    if args.json {
                        let mut obj = json_result(&command_text(sources, &cr), &cr, stopped);
                        obj["file"] = serde_json::json!(file.display().to_string());
                        obj["pass"] = serde_json::json!(ok);
                        println!("{obj}");
                    } else {
                        println!(
                            "{status} {name}: expect {expect}, got {} ({}) — {}",
                            got.map_or("?".to_string(), |g| g.to_string()),
                            match stopped {
                                Some(reason) if got.is_none() => reason.outcome(),
                                _ => cr.verdict(),
                            },
                            ms(cr.elapsed)
                        );
                    }
                    match status {
                        "PASS" => passed += 1,
                        "TIMEOUT" => timed_out += 1,
                        "FAIL" => failed += 1,
                        _ => {}
                    }
                    if status == "FAIL"
                        && !args.json
                        && let Some(inst) = cr.instance()
                    {
                        println!("  instance: {}", short_instance(&cr, inst));
                    }
                    if stopped.is_some_and(|r| r != StopReason::Timeout) {
                        return Ok(ExitCode::from(exit::STOPPED));
                    }
                }
            }
        }
    }
    if !args.json {
        println!(
            "\n{passed} passed, {failed} failed, {errored} errors{}",
            if timed_out > 0 {
                format!(", {timed_out} timed out")
            } else {
                String::new()
            }
        );
    }
    if with_expect == 0 && errored == 0 {
        return Err(Errors::from(solder::diagnostic::Diagnostic::global(
            "no command has an `expect` (`run … expect 1`, `check … expect 0`): nothing was tested",
        )));
    }
    let mut code = exit::OK;
    if errored > 0 {
        code = worse(code, exit::ERROR);
    }
    if failed > 0 {
        code = worse(code, exit::COUNTEREXAMPLE);
    }
    if timed_out > 0 {
        code = worse(code, exit::STOPPED);
    }
    Ok(ExitCode::from(code))
}

fn classify(sources: &mut SourceMap, args: &ClassifyArgs) -> Result<ExitCode, Errors> {
    use solder::isolation::{classify, history, levels, parse};
    let format = args.input.map(|f| match f {
        InputFormat::Notation => parse::Format::Notation,
        InputFormat::Json => parse::Format::Json,
        InputFormat::Edn => parse::Format::Edn,
    });
    let h = parse::load_history(sources, &args.file, format)?;
    let chosen = if args.level.is_empty() {
        levels::all_levels()
    } else {
        classify::resolve_levels(&args.level)?
    };
    if args.emit_model {
        print!("{}", history::history_model(&h, &chosen).0);
        return Ok(ExitCode::SUCCESS);
    }
    let control = Control::new(None);
    let mut opts = classify::ClassifyOptions {
        run: args.solver.options(),
        reasons: !args.no_reasons,
        timeout: args.timeout.map(Duration::from_secs_f64),
        saturation: !args.no_saturation,
        generic_limit: (args.max_txns > 0).then_some(args.max_txns),
    };
    // SIGINT/SIGTERM leave the levels not yet decided "stopped"; the rest is printed.
    opts.run.solve.stop = Some(control.stop.clone());
    let (results, signalled) = control.guard(
        Instant::now(),
        || classify::classify(&h, &chosen, &opts),
        |reason| stopped_before_anything("classify", reason),
    );
    let results = results?;
    if args.json {
        println!("{}", render::isolation::classify_json(&results));
    } else {
        print!("{}", render::isolation::classify_text(&results));
    }
    let undecided = signalled.is_some()
        || results.iter().any(|r| {
            matches!(
                r.verdict,
                classify::Verdict::Timeout
                    | classify::Verdict::Stopped
                    | classify::Verdict::Skipped
                    | classify::Verdict::Unsolved(_)
            )
        });
    Ok(ExitCode::from(if undecided {
        exit::STOPPED
    } else {
        exit::OK
    }))
}

fn compare(args: &CompareArgs) -> Result<ExitCode, Errors> {
    use solder::isolation::{classify, compare, levels};
    let chosen = if args.all {
        levels::all_levels()
    } else if args.levels.is_empty() {
        levels::FRAMEWORKS
            .iter()
            .flat_map(|f| f.representatives.iter().copied())
            .collect()
    } else {
        let names: Vec<String> = args
            .levels
            .iter()
            .flat_map(|l| l.split(',').map(str::to_string))
            .filter(|l| !l.is_empty())
            .collect();
        classify::resolve_levels(&names)?
    };
    if args.scope == 0 {
        return Err(Errors::from(Diagnostic::global(
            "--scope must be at least 1",
        )));
    }
    let mut opts = compare::CompareOptions::new(args.solver.options(), args.scope);
    if args.no_cache {
        opts.cache = None;
    }
    opts.derive = !args.no_derive;
    if let Some(t) = args.threads {
        opts.threads = t.max(1);
    }
    // SIGINT/SIGTERM leave the pairs not yet decided `?`; the rest is printed.
    let control = Control::new(None);
    opts.run.solve.stop = Some(control.stop.clone());
    let (m, signalled) = control.guard(
        Instant::now(),
        || compare::compare(&chosen, &opts),
        |reason| stopped_before_anything("compare", reason),
    );
    let m = m?;
    if args.json {
        println!("{}", render::isolation::compare_json(&m));
    } else if args.csv {
        print!("{}", render::isolation::compare_csv(&m));
    } else if args.dot {
        print!("{}", render::isolation::compare_dot(&m));
    } else {
        print!("{}", render::isolation::compare_text(&m));
    }
    Ok(ExitCode::from(if signalled.is_some() || m.undecided > 0 {
        exit::STOPPED
    } else {
        exit::OK
    }))
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

fn programs(sources: &mut SourceMap, args: &ProgramsArgs) -> Result<ExitCode, Errors> {
    use solder::programs;
    // `read_source`'s message names the file already.
    let text = solder::diagnostic::read_source(&args.file)
        .map_err(|message| Errors::from(Diagnostic::global(message)))?;
    let app = programs::load(sources, &args.file.display().to_string(), &text)?;
    let timeout = args.solver.timeout.map(Duration::from_secs_f64);
    let mut opts = args.solver.options();
    // SIGINT/SIGTERM: the levels not yet checked come back undecided; what was checked
    // has been printed as it came.
    let control = Control::new(None);
    opts.solve.stop = Some(control.stop.clone());
    // Either the chosen levels, or the file's expectations.
    let queries = programs::queries(
        &app,
        &args.level,
        &programs::Settings {
            cycle: args.cycle,
            records: args.records,
            complete: args.complete,
            abstract_rows: args.abstract_rows,
            dangerous_structures: !args.no_dangerous_structures,
            queue_facts: !args.no_queue_facts,
            max_vars: opts.max_vars,
        },
    )?;
    if args.emit_model {
        print!("{}", programs::model_with_commands(&app, &queries[0].0));
        return Ok(ExitCode::SUCCESS);
    }
    if args.emit_history && args.level.len() != 1 {
        return Err(Errors::from(Diagnostic::global(
            "--emit-history prints one execution: name exactly one --level",
        )));
    }
    let mut answers = Vec::new();
    let mut reports = Vec::new();
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    );
    let levels: Vec<programs::Query> = queries.iter().map(|(q, _)| q.clone()).collect();
    let mut failure = None;
    let (_, signalled) = control.guard(
        Instant::now(),
        || {
            programs::check_levels(&app, &levels, &opts, timeout, threads, |i, answer| {
                let expect = &queries[i].1;
                let report = match answer {
                    Ok(r) => r,
                    Err(e) => {
                        failure = Some(e);
                        return false;
                    }
                };
                if args.json {
                    reports.push(render::programs::report_json(
                        &report,
                        &app,
                        expect.as_ref(),
                    ));
                } else if args.emit_history {
                    // The history alone, so that it can be piped; what was found goes to
                    // standard error.
                    match &report.outcome {
                        programs::Outcome::Violation(v) => {
                            for line in render::programs::history_lines(v) {
                                println!("{line}");
                            }
                        }
                        _ => eprint!("{}", render::programs::report_text(&report, &app)),
                    }
                } else {
                    match expect {
                        None => print!("{}", render::programs::report_text(&report, &app)),
                        Some(e) => {
                            print!("{}", render::programs::expectation_text(&report, e, &app))
                        }
                    }
                }
                answers.push(report.answer(expect.as_ref()));
                true
            })
        },
        |reason| stopped_before_anything("programs", reason),
    );
    if let Some(e) = failure {
        return Err(e);
    }
    if args.json {
        println!("{}", serde_json::Value::Array(reports));
    }
    let code = programs::exit_code(&answers);
    // Stopped by a signal: what was checked has been shown; say nothing is proven.
    Ok(ExitCode::from(if signalled.is_some() && code == exit::OK {
        exit::STOPPED
    } else {
        code
    }))
}
