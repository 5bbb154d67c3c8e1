//! `solder classify HISTORY`: which isolation levels a concrete history satisfies.

use super::options::{SolverArgs, parse_shard, parse_timeout, write_part};
use super::stopped_before_anything;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::batch::{Control, exit};

use clap::{Args, ValueEnum};

use crate::apps::isolation::parts;
use crate::apps::isolation::shard::Shard;
use crate::diagnostic::{Errors, SourceMap};

pub(super) const CLASSIFY_HELP: &str = "The history file is in the history view's notation (`session 1: T1 -> T2`, `T1: r(x,0) w(x,1)`), JSON ({\"sessions\": [[{\"name\": \"T1\", \"ops\": [[\"r\", \"x\", 0]]}]]}) or Jepsen/Elle EDN lines ({:type :ok, :f :txn, :value [[:r :x 1]], :process 0}); see the README.\n\nExit codes: 0 classified, 2 a diagnostic (the history or the command line cannot be used), 3 a level was left undecided (--timeout, or skipped by --max-txns).";

#[derive(Args)]
pub(super) struct ClassifyArgs {
    /// The history file (`-` reads standard input).
    pub(super) file: PathBuf,
    /// Only these levels (comma-separated library pred names, e.g. RA,CeroneSI,AdyaSER).
    #[arg(long, value_delimiter = ',', value_name = "LEVELS")]
    pub(super) level: Vec<String>,
    /// The input format [default: by extension (.json, .edn), else by content].
    #[arg(long, value_enum)]
    pub(super) input: Option<InputFormat>,
    /// Print a JSON object instead of the table.
    #[arg(long)]
    pub(super) json: bool,
    /// Print the solder model that pins the history (with a `run` per level) and stop.
    #[arg(long)]
    pub(super) emit_model: bool,
    /// Do not look for minimal violating sub-histories (faster on large histories).
    #[arg(long)]
    pub(super) no_reasons: bool,
    /// Decide RC, RA, CC, AdyaPL1 and AdyaPL2 through the library's definitions too,
    /// not by the polynomial saturation check.
    #[arg(long)]
    pub(super) no_saturation: bool,
    /// Decide SER, UpdateSer and the levels equal to SER (CeroneSER, AdyaSER, AdyaPL3,
    /// CrooksSER, CrooksSessionSER) through the library's definitions too, not by the
    /// native check on the history (which scales to thousands of transactions).
    #[arg(long)]
    pub(super) no_native: bool,
    /// Skip the levels decided through the library's definitions on histories with more
    /// transactions than N (at 200 all 32 take 18-28 s on two cores; larger histories
    /// were not measured); 0 for no limit. RC, RA, CC, AdyaPL1, AdyaPL2 (saturation) and the SER family
    /// (native: SER, UpdateSer, CeroneSER, AdyaSER, AdyaPL3, CrooksSER, CrooksSessionSER)
    /// are decided at any size.
    #[arg(long, value_name = "N", default_value_t = crate::apps::isolation::classify::GENERIC_LIMIT)]
    pub(super) max_txns: usize,
    /// Decide only the I-th of N slices of the levels (1 <= I <= N) and write them as a
    /// part for `solder merge` (a cluster's array job runs one shard per task).
    #[arg(long, value_name = "I/N", value_parser = parse_shard, conflicts_with_all = ["json", "emit_model"])]
    pub(super) shard: Option<Shard>,
    /// Write the shard's part to FILE instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE", requires = "shard")]
    pub(super) output: Option<PathBuf>,
    /// Give up on a level after SECS seconds.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub(super) timeout: Option<f64>,
    #[command(flatten)]
    pub(super) solver: SolverArgs,
}

#[derive(Clone, Copy, ValueEnum)]
pub(super) enum InputFormat {
    Notation,
    Json,
    Edn,
}

pub(super) fn classify(sources: &mut SourceMap, args: &ClassifyArgs) -> Result<ExitCode, Errors> {
    use crate::apps::isolation::{classify, history, levels, parse};
    let format = args.input.map(|f| match f {
        InputFormat::Notation => parse::Format::Notation,
        InputFormat::Json => parse::Format::Json,
        InputFormat::Edn => parse::Format::Edn,
    });
    let h = parse::load_history(sources, &args.file, format)?;
    if let Some(w) = h.session_cycle() {
        let color =
            crate::diagnostic::use_color(std::io::IsTerminal::is_terminal(&std::io::stderr()));
        eprint!("{}", sources.render(&[w], color));
    }
    let chosen = if args.level.is_empty() {
        levels::all_levels()
    } else {
        classify::resolve_levels(&args.level)?
    };
    if args.emit_model {
        print!("{}", history::history_model(&h, &chosen).0);
        return Ok(ExitCode::SUCCESS);
    }
    // A shard decides every N-th level, starting at its I-th.
    let all = chosen;
    let chosen: Vec<&str> = match args.shard {
        Some(s) => all
            .iter()
            .enumerate()
            .filter(|(k, _)| s.owns(*k))
            .map(|(_, l)| *l)
            .collect(),
        None => all.clone(),
    };
    let control = Control::new(None);
    let mut opts = classify::ClassifyOptions {
        run: args.solver.options(),
        reasons: !args.no_reasons,
        timeout: args.timeout.map(Duration::from_secs_f64),
        saturation: !args.no_saturation,
        native: !args.no_native,
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
    if let Some(s) = args.shard {
        let input = if args.file.as_os_str() == "-" {
            "standard input".to_string()
        } else {
            args.file.display().to_string()
        };
        let part = parts::classify_part(s, &input, &h, &all, opts.reasons, &results);
        write_part(&part, s, args.output.as_deref())?;
    } else if args.json {
        println!("{}", crate::apps::isolation::view::classify_json(&results));
    } else {
        print!("{}", crate::apps::isolation::view::classify_text(&results));
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
