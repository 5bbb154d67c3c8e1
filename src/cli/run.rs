//! `solder run`, `check` and `test`: a model's commands, their instances and verdicts.

use super::options::{Show, SolverArgs};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::batch::{Control, StopReason, exit};

use clap::{Args, ValueEnum};

use crate::check::Checked;
use crate::diagnostic::{Diagnostic, Errors, SourceMap};
use crate::render::{self, View};
use crate::session::{self, CommandRun, load_file};
use crate::solve::Outcome;
use crate::syntax::ast::CommandKind;

#[derive(Args)]
pub(super) struct RunArgs {
    /// The model file (`-` reads it from standard input).
    pub(super) file: PathBuf,
    /// The command to execute, by label or 1-based number.
    #[arg(short = 'c', long = "command", value_name = "NAME|INDEX")]
    pub(super) command: Option<String>,
    /// Show up to N distinct instances.
    #[arg(long, value_name = "N", conflicts_with = "all")]
    pub(super) count: Option<usize>,
    /// Show every instance (up to symmetry breaking).
    #[arg(long)]
    pub(super) all: bool,
    /// Print one JSON object per command instead of text.
    #[arg(long)]
    pub(super) json: bool,
    /// Print each instance as Alloy's instance XML (for Alloy's visualizer or Sterling)
    /// instead of text; with -o, write the first instance to that file.
    #[arg(long, conflicts_with = "json")]
    pub(super) xml: bool,
    /// The output format: text (the default), json, xml or dot; the same as --json,
    /// --xml or --dot.
    #[arg(long, value_enum, conflicts_with_all = ["json", "xml", "dot"])]
    pub(super) format: Option<Format>,
    /// Print each instance as a Graphviz digraph instead of text; with -o, write the
    /// first instance to that file (`.svg` runs Graphviz's `dot`).
    #[arg(long, conflicts_with_all = ["json", "xml"])]
    pub(super) dot: bool,
    /// With --xml or --dot: the file to write the first instance to.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(super) output: Option<PathBuf>,
    /// Print variables, clauses and times.
    #[arg(long)]
    pub(super) stats: bool,
    /// Report a subset-minimal instance: after the first one, look for instances with
    /// fewer tuples, each within the one before (default for models of histories).
    #[arg(long, conflicts_with_all = ["count", "all", "no_shrink"])]
    pub(super) shrink: bool,
    /// Report the first instance found, even for models of histories.
    #[arg(long)]
    pub(super) no_shrink: bool,
    /// After "no instance" (or a check that holds), name a minimal set of the model's
    /// constraints that is already unsatisfiable: an unsat core.
    #[arg(long)]
    pub(super) core: bool,
    /// Temporal checks of safety properties (`always P`): prove them for traces of every
    /// length by k-induction, or give a counterexample; other checks stay bounded.
    #[arg(long)]
    pub(super) unbounded: bool,
    /// With --unbounded: the largest induction depth to try.
    #[arg(long, value_name = "K", default_value_t = 20, requires = "unbounded")]
    pub(super) max_k: usize,
    /// How to show instances: `auto` is the history view for models that open the
    /// isolation library's histories and tables otherwise.
    #[arg(long, value_enum, default_value_t = Show::Auto)]
    pub(super) show: Show,
    #[command(flatten)]
    pub(super) solver: SolverArgs,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub(super) enum Format {
    Text,
    Json,
    Xml,
    Dot,
}

impl RunArgs {
    /// `--format F` as the flag it stands for.
    pub(super) fn with_format(mut self) -> RunArgs {
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
pub(super) struct TestArgs {
    /// Model files.
    #[arg(required = true)]
    pub(super) files: Vec<PathBuf>,
    /// Print one JSON object per command instead of text.
    #[arg(long)]
    pub(super) json: bool,
    #[command(flatten)]
    pub(super) solver: SolverArgs,
}

/// Milliseconds with microsecond precision, for JSON (no `0.8233550000000001`).
pub(super) fn millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

pub(super) fn ms(d: std::time::Duration) -> String {
    format!("{} ms", d.as_millis())
}

/// Milliseconds with a decimal below 10 ms, where the fixed costs are.
fn fine_ms(d: std::time::Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms < 10.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{ms:.0} ms")
    }
}

/// A command's whole source on one line, for JSON (which is read by programs, and
/// must say exactly what was solved).
pub(super) fn command_text(sources: &SourceMap, run: &CommandRun) -> String {
    collapse(sources.snippet(run.command.span))
}

pub(super) fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The longest command header printed whole.
pub(super) const HEADER_WIDTH: usize = 80;

/// A command's source on one line, so that long blocks do not flood the output. A long
/// body is cut, not the scope and expectation after it: they say what was solved.
pub(super) fn one_line(text: &str) -> String {
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
pub(super) fn worse(a: u8, b: u8) -> u8 {
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
pub(super) fn give_up_report(text: &str, json: bool, started: Instant, reason: StopReason) -> u8 {
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

pub(super) fn run(
    sources: &mut SourceMap,
    args: &RunArgs,
    only_checks: bool,
) -> Result<ExitCode, Errors> {
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
                return Err(Errors::from(crate::diagnostic::Diagnostic::global(
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
                return Err(Errors::from(crate::diagnostic::Diagnostic::global(
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
        let mut bounded_note = None;
        if args.unbounded && checked.model.commands[i].kind == CommandKind::Check {
            let (result, stopped) = control.guard(
                started,
                || session::unbounded_check(&checked, i, &opts, args.max_k),
                give_up,
            );
            match (result?, stopped) {
                (_, Some(StopReason::Timeout)) => {
                    code = worse(code, exit::STOPPED);
                    continue;
                }
                (_, Some(_)) => return Ok(ExitCode::from(exit::STOPPED)),
                (session::Unbounded::Holds { k }, None) => {
                    let _ = writeln!(
                        out_lock(),
                        "{text}\n  holds for every trace length (k-induction closed at k = {k}) — {}\n",
                        ms(started.elapsed())
                    );
                    continue;
                }
                (session::Unbounded::Unknown { k, why }, None) => {
                    let _ = writeln!(
                        out_lock(),
                        "{text}\n  unknown past the bound (k = {k}): {why} — {}\n",
                        ms(started.elapsed())
                    );
                    code = worse(code, exit::STOPPED);
                    continue;
                }
                (session::Unbounded::Counterexample(cr), None) => {
                    print_result(&mut out_lock(), &text, &cr, args, "", None);
                    code = worse(code, exit::COUNTEREXAMPLE);
                    continue;
                }
                (session::Unbounded::Bounded { why }, None) => bounded_note = Some(why),
                (session::Unbounded::Static, None) => {}
            }
        }
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
        let note = match &bounded_note {
            Some(why) => format!("{note} (bounded only: {why})"),
            None => note,
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
pub(super) fn write_instance(
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
    let source = render::xml::XmlSource {
        command,
        filename: &file.display().to_string(),
    };
    let text = if let Some(trace) = &cr.trace {
        if args.xml {
            render::xml::trace_xml(p, trace, &cr.skolems(), &source, cr.steps())
        } else {
            render::dot::trace_dot(p, trace, &cr.skolems())
        }
    } else if args.xml {
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
pub(super) fn report_core(sources: &SourceMap, answer: &session::CoreAnswer, json: bool) {
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
    let color = crate::diagnostic::use_color(std::io::stdout().is_terminal());
    let _ = write!(out_lock(), "{}", sources.render(&notes, color));
    let _ = writeln!(out_lock());
}

/// An instance on one line, for a FAIL line: each non-empty relation of the model (and
/// each witness) with its tuples, cut after a few hundred characters.
pub(super) fn short_instance(cr: &CommandRun, inst: &crate::instance::Instance) -> String {
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
pub(super) fn out_lock() -> std::io::StdoutLock<'static> {
    std::io::stdout().lock()
}

pub(super) fn print_result(
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
            "  {} primary variables, {} auxiliary variables, {} clauses, {} SAT call(s)",
            stats.primary_vars, stats.aux_vars, stats.clauses, stats.sat_calls,
        );
        // Loading happens once per file; the rest once per command.
        let _ = writeln!(
            out,
            "  time: parse {}, names {}, checking bodies {}; command {}, translation {}, solving {}, re-check {}",
            fine_ms(cr.load.parse),
            fine_ms(cr.load.resolve),
            fine_ms(cr.load.elaborate),
            fine_ms(cr.build),
            fine_ms(stats.translate_time),
            fine_ms(stats.solve_time),
            fine_ms(cr.recheck)
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
    if let (Some(trace), Some(view)) = (&cr.trace, view) {
        let text =
            render::trace::render_trace(&cr.command.presentation, trace, &cr.skolems(), view);
        let _ = write!(out, "{text}");
    } else if let (Some(inst), Some(view)) = (cr.instance(), view) {
        let text = render::render_instance(&cr.command.presentation, inst, &cr.skolems(), view)
            .unwrap_or_else(|| {
                "  (no history view: the model does not open isolation/histories)\n".to_string()
            });
        let _ = writeln!(out, "{text}");
    } else {
        let _ = writeln!(out);
    }
}

pub(super) fn json_result(
    text: &str,
    cr: &CommandRun,
    stopped: Option<StopReason>,
) -> serde_json::Value {
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
    // A temporal command's instance is a trace: `instance` is its first state, `trace`
    // every state and where the last one loops back to.
    let trace = cr.trace.as_ref().map_or(serde_json::Value::Null, |t| {
        let skolems = cr.skolems();
        serde_json::json!({
            "loop_to": t.loop_to,
            "states": t
                .states
                .iter()
                .map(|s| render::json::instance_json(&cr.command.presentation, s, &skolems))
                .collect::<Vec<_>>(),
        })
    });
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
        "trace": trace,
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
            "parse_ms": millis(cr.load.parse),
            "resolve_ms": millis(cr.load.resolve),
            "elaborate_ms": millis(cr.load.elaborate),
            "build_ms": millis(cr.build),
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
pub(super) fn load_model(
    sources: &mut SourceMap,
    path: &std::path::Path,
) -> Result<Checked, Errors> {
    if path.as_os_str() != "-" {
        return load_file(sources, path);
    }
    let text = crate::diagnostic::read_stdin_source("the model")
        .map_err(|message| Errors::from(Diagnostic::global(message)))?;
    crate::check::load(
        sources,
        crate::check::RootSource::Text {
            name: "<stdin>".into(),
            text,
            dir: std::env::current_dir().ok(),
        },
    )
}

/// Print the model's warnings, or with `--deny-warnings` return them as errors.
pub(super) fn print_warnings(
    sources: &SourceMap,
    checked: &Checked,
    deny: bool,
) -> Result<(), Errors> {
    let warnings = &checked.model.warnings;
    if deny && !warnings.is_empty() {
        return Err(Errors(
            warnings
                .iter()
                .map(|w| Diagnostic {
                    severity: crate::diagnostic::Severity::Error,
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
                crate::diagnostic::use_color(std::io::stderr().is_terminal())
            )
        );
    }
    Ok(())
}

pub(super) fn test(sources: &mut SourceMap, args: &TestArgs) -> Result<ExitCode, Errors> {
    let control = Control::new(args.solver.timeout.map(Duration::from_secs_f64));
    let mut opts = args.solver.options();
    opts.solve.stop = Some(control.stop.clone());
    opts.solve.progress = control.progress.clone();
    let color = crate::diagnostic::use_color(std::io::stderr().is_terminal());
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
        return Err(Errors::from(crate::diagnostic::Diagnostic::global(
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
