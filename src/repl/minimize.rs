//! `minimize`: the manual procedure of shrinking a witness, automated. Each top-level sig
//! in turn gets a smaller scope than the atoms it has in the best instance so far, while
//! the command stays satisfiable; the other sigs are held at their sizes in that
//! instance (which it shows are enough).

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::check::Checked;
use crate::check::model::{SigId, SigMult};
use crate::instance::Instance;
use crate::instance::evaluate::eval_expr;
use crate::session::CommandRun;
use crate::syntax::ast::{self, QualName, Scope, TypeScope};

use crate::diagnostic::SourceMap;

use super::definitions::{SessionCommand, command_text};
use super::runs::fmt_duration;
use super::session::{LastRun, Session};
use super::worker::JobEnd;

/// A sig whose scope minimization lowers.
struct Target {
    sig: SigId,
    label: String,
    /// How the command's scope names it.
    written: String,
    /// The fewest atoms its multiplicity allows.
    floor: usize,
}

pub fn minimize(session: &mut Session) {
    let Some(last) = &session.last else {
        session.error_with_help(
            "nothing to minimize",
            "run a command that finds an instance first",
        );
        return;
    };
    let Some(inst) = last.run.instance() else {
        session.error("nothing to minimize: the last command has no current instance");
        return;
    };
    let Some(checked) = session.checked.clone() else {
        session.error("the session does not check; fix it first");
        return;
    };
    if !session.run_matches_model(&last.run, &checked) {
        session.error_with_help(
            "the sigs or fields changed since the instance was found",
            "run the command again, then `minimize`",
        );
        return;
    }
    let targets = targets(&checked);
    if targets.is_empty() {
        session.say("nothing to minimize: the model has no sig with a variable scope");
        return;
    }
    let mut counts = sizes(&checked, &targets, inst);
    let base = last.command.clone();
    let original_scope = last.run.command.scope_summary.clone();
    let default_scope = session.settings.default_scope;
    let started = Instant::now();
    let mut solves = 0usize;
    let mut best: Option<(
        CommandRun,
        SessionCommand,
        Arc<std::sync::atomic::AtomicBool>,
        Duration,
    )> = None;
    'targets: for t in 0..targets.len() {
        while counts[t] > targets[t].floor {
            let mut trial = counts.clone();
            trial[t] -= 1;
            let command = scoped(&base, &targets, &trial, default_scope);
            let checked = match session.check_with_command(&command) {
                Ok(c) => Arc::new(c),
                Err(e) => {
                    session.say(format!(
                        "  cannot lower `{}` below {}: {}",
                        targets[t].label,
                        counts[t],
                        e.0.first().map_or("", |d| d.message.as_str())
                    ));
                    continue 'targets;
                }
            };
            let (end, stop) = session.solve(checked.clone(), 0, "minimizing");
            solves += 1;
            match end {
                JobEnd::Done(Ok(run), elapsed) => {
                    let Some(found) = run.instance() else {
                        continue 'targets;
                    };
                    // The new instance may be smaller still in other sigs.
                    counts = sizes(&checked, &targets, found);
                    for (c, limit) in counts.iter_mut().zip(&trial) {
                        *c = (*c).min(*limit);
                    }
                    let kept = minimized_command(command, &session.sources);
                    best = Some((run, kept, stop, elapsed));
                }
                JobEnd::Done(Err(e), _) => {
                    session.report(&e.0);
                    continue 'targets;
                }
                other => {
                    session.report_stopped(&other, "; minimize stopped");
                    break 'targets;
                }
            }
        }
    }
    let total = fmt_duration(started.elapsed());
    let Some((run, command, stop, elapsed)) = best else {
        let sizes: Vec<String> = targets
            .iter()
            .zip(&counts)
            .map(|(t, n)| format!("{n} {}", t.label))
            .collect();
        session.say(format!(
            "already minimal: no sig can have fewer atoms than in this instance ({}) — {solves} solve{}, {total}",
            sizes.join(", "),
            super::session::plural(solves)
        ));
        return;
    };
    session.say(format!(
        "smallest instance found within scope ({}), down from ({original_scope}) — {solves} solve{}, {total}",
        run.command.scope_summary,
        super::session::plural(solves)
    ));
    session.print_instance(&run);
    session.set_last(Some(LastRun {
        run,
        command,
        stop,
        elapsed,
    }));
}

/// The top-level sigs whose scope can vary (not `one` sigs, enums or library internals).
fn targets(checked: &Checked) -> Vec<Target> {
    let model = &checked.model;
    model
        .top_sigs()
        .filter_map(|s| {
            let sig = model.sig(s);
            let internal = model.module(sig.module).is_stdlib && sig.private;
            if internal
                || sig.mult == Some(SigMult::One)
                || sig.enum_values.is_some()
                || sig.outside_scope
            {
                return None;
            }
            // Scopes name library sigs as users write them (`Txn`), unless ambiguous.
            let short = sig.label.rsplit('/').next().unwrap_or(&sig.label);
            let unique = model
                .sigs
                .iter()
                .filter(|g| g.label.rsplit('/').next() == Some(short))
                .count()
                == 1;
            Some(Target {
                sig: s,
                written: if unique {
                    short.to_string()
                } else {
                    sig.label.clone()
                },
                label: sig.label.clone(),
                floor: usize::from(sig.mult == Some(SigMult::Some)),
            })
        })
        .collect()
}

/// How many atoms each target sig has in an instance.
/// Atoms of sigs kept outside their parent's scope (`T0`) are not counted.
fn sizes(checked: &Checked, targets: &[Target], inst: &Instance) -> Vec<usize> {
    let atoms = |sig: SigId| {
        checked
            .layout
            .sig_value
            .get(sig.index())
            .and_then(|v| eval_expr(inst, v).ok())
            .map_or(0, |ts| ts.len())
    };
    targets
        .iter()
        .map(|t| {
            let outside: usize = checked
                .model
                .sig(t.sig)
                .children
                .iter()
                .filter(|c| checked.model.sig(**c).outside_scope)
                .map(|c| atoms(*c))
                .sum();
            atoms(t.sig).saturating_sub(outside)
        })
        .collect()
}

/// The command with `counts[i]` atoms for target `i` (`exactly` where the command said so).
fn scoped(
    base: &SessionCommand,
    targets: &[Target],
    counts: &[usize],
    default: u32,
) -> ast::Command {
    let mut command = base.effective();
    let span = command.span;
    let mut scope = command.scope.take().unwrap_or(Scope {
        overall: Some((default, span)),
        types: Vec::new(),
        steps: None,
        span,
    });
    // The command may name the sig by its short name (`Txn` for `isolation/histories/Txn`).
    let names_target = |ts: &TypeScope, t: &Target| {
        let written = ts.target.joined();
        let written = written.strip_prefix("this/").unwrap_or(&written);
        written == t.label || t.label.ends_with(&format!("/{written}"))
    };
    let mut types: Vec<TypeScope> = scope
        .types
        .iter()
        .filter(|ts| !targets.iter().any(|t| names_target(ts, t)))
        .cloned()
        .collect();
    for (t, &n) in targets.iter().zip(counts) {
        let exactly = scope
            .types
            .iter()
            .any(|ts| names_target(ts, t) && ts.exactly);
        types.push(TypeScope {
            exactly,
            count: n as u32,
            target: QualName {
                parts: t.written.split('/').map(str::to_string).collect(),
                span,
            },
            span,
        });
    }
    scope.types = types;
    command.scope = Some(scope);
    command
}

/// The minimized command as `next` and `stats` see it, its scope written out.
fn minimized_command(ast: ast::Command, sources: &SourceMap) -> SessionCommand {
    let mut bare = ast.clone();
    bare.scope = None;
    bare.expect = None;
    let mut text = command_text(&bare, None, sources);
    if let Some(scope) = &ast.scope {
        text.push(' ');
        text.push_str(&scope_text(scope));
    }
    if let Some((n, _)) = ast.expect {
        text.push_str(&format!(" expect {n}"));
    }
    SessionCommand {
        ast,
        default_scope: None,
        text,
        label: None,
    }
}

fn scope_text(scope: &Scope) -> String {
    let types: Vec<String> = scope
        .types
        .iter()
        .map(|t| {
            format!(
                "{}{} {}",
                if t.exactly { "exactly " } else { "" },
                t.count,
                t.target.joined()
            )
        })
        .collect();
    match (scope.overall, types.is_empty()) {
        (Some((n, _)), true) => format!("for {n}"),
        (Some((n, _)), false) => format!("for {n} but {}", types.join(", ")),
        (None, _) => format!("for {}", types.join(", ")),
    }
}
