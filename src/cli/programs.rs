//! `solder programs FILE`: an application's transaction programs against consistency
//! models.

use super::options::SolverArgs;
use super::stopped_before_anything;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::batch::{Control, exit};

use clap::Args;

use crate::diagnostic::{Diagnostic, Errors, SourceMap};

pub(super) const PROGRAMS_HELP: &str = "The program file declares tables, programs of SQL statements and `expect` lines; see the README (\"Programs under weak isolation\"). Without --level, every `expect` of the file is checked.\n\nExit codes:\n  0  serializable: no violation (up to the bound; at every length with --complete), or every `expect` met\n  1  a violation found, or an `expect` contradicted\n  2  a diagnostic: the program file or the command line cannot be used\n  3  unknown: a --timeout was reached, or no violation up to the bound where every length was asked (--complete, `expect … no violation`) or a violation was expected\nWhen several apply, the lower row loses: 2 over 1 over 3.";

#[derive(Args)]
pub(super) struct ProgramsArgs {
    /// The program file.
    pub(super) file: PathBuf,
    /// Consistency models to check (comma-separated; `all` for every one, with a
    /// summary line per level at the end): RA, RC (a snapshot per
    /// statement), CC, PC, PSI, SI, SER, an engine's (postgres-rc: RC whose UPDATEs
    /// read the newest version of their rows; postgres-rr: SI with row-level write
    /// conflicts; both with enforced keys; postgres-ser; mysql-rr: MySQL's Repeatable
    /// Read, SELECTs on one snapshot, UPDATE/DELETE/INSERT on the newest rows, no first
    /// updater wins), or a `level` the file defines. Without it, the file's `expect` lines are checked.
    #[arg(long, value_delimiter = ',', value_name = "LEVELS")]
    pub(super) level: Vec<String>,
    /// Transaction instances per execution searched: executions of 2 to K instances
    /// (the cycle found may pass through fewer of them; with --abstract-rows, cycles
    /// through up to K instances in executions of any size).
    #[arg(long, value_name = "K", default_value_t = 4)]
    pub(super) cycle: usize,
    /// When no cycle is found, also try to show that none exists at any length.
    #[arg(long)]
    pub(super) complete: bool,
    /// Records per table and values per domain [default: the cycle bound].
    #[arg(long, value_name = "N")]
    pub(super) records: Option<usize>,
    /// Abstract rows: a statement may select records its snapshot lacks, and MIN/MAX
    /// over a table with INSERT or DELETE any candidate. The bounded search then finds
    /// every cycle of length ≤ K inside executions of any size, at the price of
    /// violations the programs cannot produce. By default rows are exact: what each
    /// snapshot holds, searched in executions of up to K instances.
    #[arg(long)]
    pub(super) abstract_rows: bool,
    /// With --complete under SI or SER: search every chordless path, not only those
    /// that start with two anti-dependencies between concurrent instances (the
    /// "dangerous structure" every cycle under SI has). Proves less; for comparison.
    #[arg(long)]
    pub(super) no_dangerous_structures: bool,
    /// Leave out of the completeness checks' abstraction the facts that a queue's MIN
    /// and counter imply (a table read by MIN over a group whose keys come from a
    /// counter). Proves less; for comparison.
    #[arg(long)]
    pub(super) no_queue_facts: bool,
    /// Instances run in client sessions: a session's instance sees the ones before it
    /// (read your writes, monotonic reads) and a serial order must keep every
    /// session's order. Absence is then up to the bound (no completeness check).
    #[arg(long)]
    pub(super) sessions: bool,
    /// Print the solder model (with the commands for the first level) and stop.
    #[arg(long)]
    pub(super) emit_model: bool,
    /// Print a JSON array, one object per level or expectation, instead of text.
    #[arg(long, conflicts_with = "emit_model")]
    pub(super) json: bool,
    /// Print only the violation's execution, as a history in the notation `solder
    /// classify` reads (`… --emit-history | solder classify -`); needs one --level.
    #[arg(long, conflicts_with_all = ["emit_model", "json"])]
    pub(super) emit_history: bool,
    /// Print the violation as SQL for PostgreSQL instead of the report: the schema, the
    /// witness's initial rows and its schedule, each request under the session that runs
    /// it; needs one --level (RC or SI).
    #[arg(long, conflicts_with_all = ["emit_model", "json", "emit_history"])]
    pub(super) emit_sql: bool,
    /// Replay every violation found under RC, SI, postgres-rc or postgres-rr on a PostgreSQL server, through
    /// `psql` with this connection string (`host=/tmp port=5432 dbname=test`): at READ
    /// COMMITTED or REPEATABLE READ every transaction must commit and read what the
    /// witness says, and the history observed must not be serializable; the same
    /// schedule is then run at SERIALIZABLE. Tables live in a fresh schema, dropped
    /// afterwards. A violation that does not reproduce exits 3.
    #[arg(long, value_name = "CONNINFO", conflicts_with_all = ["emit_model", "emit_history", "emit_sql"])]
    pub(super) replay: Option<String>,
    /// The `psql` program --replay runs.
    #[arg(long, value_name = "PATH", default_value = "psql")]
    pub(super) psql: String,
    /// Levels checked at once [default: the machine's cores]; the output keeps their
    /// order.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(super) threads: Option<u64>,
    #[command(flatten)]
    pub(super) solver: SolverArgs,
}

pub(super) fn programs(sources: &mut SourceMap, args: &ProgramsArgs) -> Result<ExitCode, Errors> {
    use crate::apps::programs;
    // `read_source`'s message names the file already.
    let text = crate::diagnostic::read_source(&args.file)
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
            sessions: args.sessions,
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
    if args.emit_sql && args.level.len() != 1 {
        return Err(Errors::from(Diagnostic::global(
            "--emit-sql prints one execution: name exactly one --level",
        )));
    }
    let server = args.replay.as_ref().map(|c| programs::postgres::Server {
        psql: args.psql.clone(),
        conninfo: c.clone(),
    });
    let mut answers = Vec::new();
    // One line per level, printed after them all when several were named.
    let mut summary: Vec<(String, String)> = Vec::new();
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
                    reports.push(crate::apps::programs::view::report_json(
                        &report,
                        &app,
                        expect.as_ref(),
                    ));
                } else if args.emit_sql {
                    match &report.outcome {
                        programs::Outcome::Violation(v) => {
                            match programs::postgres::Isolation::for_pred(&report.query.pred)
                                .ok_or_else(|| {
                                    format!(
                                        "{}: --emit-sql writes violations under RC, SI, postgres-rc and postgres-rr",
                                        programs::postgres::Isolation::missing(
                                            &report.query.pred,
                                            &report.query.level
                                        )
                                    )
                                })
                                .and_then(|iso| programs::postgres::emit_sql(&app, v, iso))
                            {
                                Ok(text) => print!("{text}"),
                                Err(m) => {
                                    failure = Some(Errors::from(Diagnostic::global(m)));
                                    return false;
                                }
                            }
                        }
                        _ => eprint!(
                            "{}",
                            crate::apps::programs::view::report_text(&report, &app)
                        ),
                    }
                } else if args.emit_history {
                    // The history alone, so that it can be piped; what was found goes to
                    // standard error.
                    match &report.outcome {
                        programs::Outcome::Violation(v) => {
                            for line in crate::apps::programs::view::history_lines(v) {
                                println!("{line}");
                            }
                        }
                        _ => eprint!(
                            "{}",
                            crate::apps::programs::view::report_text(&report, &app)
                        ),
                    }
                } else {
                    match expect {
                        None => print!(
                            "{}",
                            crate::apps::programs::view::report_text(&report, &app)
                        ),
                        Some(e) => {
                            print!(
                                "{}",
                                crate::apps::programs::view::expectation_text(&report, e, &app)
                            )
                        }
                    }
                }
                summary.push((report.query.level.clone(), programs::view::summary(&report)));
                let mut answer = report.answer(expect.as_ref());
                if let (Some(server), programs::Outcome::Violation(v)) = (&server, &report.outcome) {
                    if programs::postgres::Isolation::for_pred(&report.query.pred).is_none() {
                        if !args.json {
                            println!(
                                "not replayed: {} (it runs RC, SI, postgres-rc and postgres-rr)",
                                programs::postgres::Isolation::missing(
                                    &report.query.pred,
                                    &report.query.level
                                )
                            );
                        }
                    } else {
                        match programs::postgres::replay(
                            &app,
                            v,
                            &report.query.pred,
                            server,
                            &serializable,
                        ) {
                            Ok(r) => {
                                if args.json {
                                    if let Some(last) = reports.last_mut() {
                                        last["replay"] = programs::postgres::replay_json(&r, v);
                                    }
                                } else {
                                    print!("{}", programs::postgres::replay_text(&r, v));
                                }
                                // Not reproduced: the violation is unconfirmed (an
                                // expectation contradicted stays contradicted).
                                let confirmed = answer == programs::Answer::Holds
                                    || (expect.is_none() && answer == programs::Answer::Refuted);
                                if !r.reproduced() && confirmed {
                                    answer = programs::Answer::Unknown;
                                }
                            }
                            Err(m) => {
                                failure = Some(Errors::from(Diagnostic::global(format!(
                                    "the replay on PostgreSQL failed: {m}"
                                ))));
                                return false;
                            }
                        }
                    }
                }
                answers.push(answer);
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
    } else if !args.level.is_empty() && queries.len() > 1 && !args.emit_history && !args.emit_sql {
        let width = summary.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
        println!("summary:");
        for (level, line) in &summary {
            println!("  {level:width$}  {line}");
        }
        if args.level.len() == 1 && args.level[0].eq_ignore_ascii_case("all") {
            let checked: Vec<&str> = queries.iter().map(|(q, _)| q.level.as_str()).collect();
            let skipped: Vec<&str> = programs::model::LEVELS
                .iter()
                .copied()
                .chain(programs::model::ENGINE_LEVELS.iter().map(|(n, _)| *n))
                .filter(|l| !checked.contains(l))
                .collect();
            if !skipped.is_empty() {
                println!(
                    "  not checked: {} (a snapshot per statement does not support this file yet)",
                    skipped.join(", ")
                );
            }
        }
    }
    let code = programs::exit_code(&answers);
    // Stopped by a signal: what was checked has been shown; say nothing is proven.
    Ok(ExitCode::from(if signalled.is_some() && code == exit::OK {
        exit::STOPPED
    } else {
        code
    }))
}

/// `classify`'s SER verdict on a history in its notation: the replay's judge of what
/// PostgreSQL did (`None`: undecided, or not a history `classify` reads).
fn serializable(lines: &[String]) -> Option<bool> {
    use crate::apps::isolation::classify::{ClassifyOptions, Verdict, classify};
    use crate::apps::isolation::parse::{Format, parse_history};
    let text = lines.join("\n");
    let mut sources = SourceMap::new();
    let file = sources.add("observed", None, text.clone());
    let h = parse_history(file, &text, Format::Notation).ok()?;
    let opts = ClassifyOptions {
        reasons: false,
        ..ClassifyOptions::default()
    };
    let results = classify(&h, &["SER"], &opts).ok()?;
    match results.first()?.verdict {
        Verdict::Holds(_) => Some(true),
        Verdict::Fails(_) => Some(false),
        _ => None,
    }
}
