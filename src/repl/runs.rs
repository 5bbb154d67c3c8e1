//! Solving on the worker thread and the last run: the verdict line and the instance
//! printed after a solve, a solve that was stopped, `next`, and what `stats` prints.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::check::Checked;
use crate::diagnostic::Errors;
use crate::render;
use crate::session::{CommandRun, RunOptions};
use crate::solve::Outcome;
use crate::syntax::ast::CommandKind;

use super::definitions::SessionCommand;
use super::session::{LastRun, Session, plural};
use super::worker::JobEnd;

impl Session {
    /// Options for one solve, watching `stop`.
    pub(crate) fn run_options(&self, stop: &Arc<AtomicBool>) -> RunOptions {
        let mut opts = self.settings.run.clone();
        opts.solve.stop = Some(stop.clone());
        opts
    }

    /// Solve command `index` of `checked` on a worker thread.
    pub(crate) fn solve(
        &mut self,
        checked: Arc<Checked>,
        index: usize,
        what: &str,
    ) -> (JobEnd<Result<CommandRun, Errors>>, Arc<AtomicBool>) {
        let stop = Arc::new(AtomicBool::new(false));
        let opts = self.run_options(&stop);
        self.worker.timeout = self.settings.timeout;
        let end = self.worker.run(what, stop.clone(), move || {
            CommandRun::start(&checked, index, &opts)
        });
        (end, stop)
    }

    /// A stopped solve that returned: its partial statistics are printed, and `stats`
    /// shows them until the next solve.
    pub(super) fn keep_stopped(
        &mut self,
        run: CommandRun,
        command: SessionCommand,
        stop: Arc<AtomicBool>,
        elapsed: Duration,
    ) {
        let last = LastRun {
            run,
            command,
            stop,
            elapsed,
        };
        self.say(format!("so far: {}", stats_body(&last)));
        self.set_last(Some(last));
    }

    /// A stopped solve that did not return (varisat): nothing to show but the time.
    pub(super) fn forget_stopped(&mut self, after: Duration) {
        self.set_last(None);
        self.no_stats = Some(format!(
            "the last solve was stopped after {} before it could report its statistics",
            fmt_duration(after)
        ));
    }

    /// Say why a job ended without an answer.
    pub(crate) fn report_stopped<T>(&mut self, end: &JobEnd<T>, consequence: &str) {
        let left = |s: &super::worker::Stopped| {
            if s.abandoned {
                " (varisat cannot stop mid-search: it finishes in the background; `set solver cadical` stops at once)"
            } else {
                ""
            }
        };
        match end {
            JobEnd::Cancelled(s, _) => self.say(format!(
                "interrupted after {}{consequence}{}",
                fmt_duration(s.after),
                left(s)
            )),
            JobEnd::TimedOut(s, _) => self.error_with_help(
                format!(
                    "timed out after {}{consequence}{}",
                    fmt_duration(s.after),
                    left(s)
                ),
                "`set timeout 0` waits as long as it takes",
            ),
            JobEnd::Failed(msg) => self.error(format!("internal error: {msg}")),
            JobEnd::Done(..) => {}
        }
    }

    /// The verdict line, then the instance: as a history for models of histories, else as
    /// tables.
    pub(crate) fn print_run(&mut self, run: &CommandRun, elapsed: Duration) {
        self.say(verdict(run, elapsed));
        self.print_instance(run);
    }

    /// The current instance of `run` in the default view (none when there is none).
    pub(crate) fn print_instance(&mut self, run: &CommandRun) {
        if let Some(trace) = &run.trace {
            let text = render::trace::render_trace(
                &run.command.presentation,
                trace,
                &run.skolems(),
                render::View::Auto,
            );
            self.say(text.trim_end());
        } else if let Some(inst) = run.instance() {
            let text = render::render_instance(
                &run.command.presentation,
                inst,
                &run.skolems(),
                render::View::Auto,
            )
            .unwrap_or_default();
            if !text.is_empty() {
                self.say(text);
            }
        }
    }

    /// A command's run becomes the current one: `classify` without a file reads its
    /// instance from now on, not an earlier `programs` violation.
    pub(crate) fn set_last(&mut self, last: Option<LastRun>) {
        self.last_violation = None;
        self.no_stats = None;
        self.trace_state = 0;
        self.last = last;
    }

    // ----- traces -----------------------------------------------------------------------

    /// `state N`, `next state`, `prev`: show one state of the current trace and make it
    /// the current state.
    pub(crate) fn move_to_state(&mut self, target: Result<usize, i64>) {
        let Some(trace) = self.last.as_ref().and_then(|l| l.run.trace.clone()) else {
            self.error_with_help(
                "the current instance is not a trace",
                "run a command of a model with `var` sigs or fields, or temporal operators",
            );
            return;
        };
        let n = trace.states.len();
        // `next state` past the last goes round the loop, as the trace does.
        let state = match target {
            Ok(s) => s,
            Err(step) if step > 0 && self.trace_state + 1 == n => trace.loop_to,
            Err(step) => match self.trace_state.checked_add_signed(step as isize) {
                Some(s) => s,
                None => {
                    self.error("this is the first state; there is none before it");
                    return;
                }
            },
        };
        if state >= n {
            self.error(format!(
                "the trace has states 0 to {}; there is no state {state}",
                n - 1
            ));
            return;
        }
        self.trace_state = state;
        let Some(last) = &self.last else { return };
        let run = &last.run;
        let text = render::render_instance(
            &run.command.presentation,
            &trace.states[state],
            &run.skolems(),
            render::View::Auto,
        )
        .unwrap_or_default();
        self.say(format!(
            "{} (of {}; {})\n{}",
            render::trace::state_heading(&trace, state),
            n,
            render::trace::summary(&trace),
            text.trim_end()
        ));
    }

    /// `next config`, `next trace`, `next fork`: another trace (Alloy 6's new config, new
    /// trace, new fork at the current state).
    pub(crate) fn alternative(&mut self, kind: crate::session::Alternative) {
        let Some(last) = self.last.take() else {
            self.error("no command has run yet");
            return;
        };
        if last.run.trace.is_none() {
            self.last = Some(last);
            self.error_with_help(
                "the current instance is not a trace",
                "`next` alone asks for another instance",
            );
            return;
        }
        let state = self.trace_state;
        let unchanged = self.search_again(
            last,
            "; run the command again",
            move |run| run.alternative(kind, state),
            move |session, run, result, elapsed| match result {
                Ok(true) => session.print_run(run, elapsed),
                Ok(false) => session.say(format!(
                    "no other {} within the scope",
                    match kind {
                        crate::session::Alternative::Config => "configuration",
                        crate::session::Alternative::Trace => "trace of this length",
                        crate::session::Alternative::Fork => "next state after this one",
                    }
                )),
                Err(e) => session.report(&e.0),
            },
        );
        if unchanged == Some(false) {
            self.trace_state = state;
        }
    }

    // ----- next -------------------------------------------------------------------------

    pub(crate) fn next(&mut self) {
        let Some(last) = self.last.take() else {
            self.error_with_help(
                "no command has run yet",
                "type a command such as `run { some Node } for 3`, then `next`",
            );
            return;
        };
        if last.run.instance().is_none() {
            let n = last.run.instances_seen;
            let noun = noun(&last.run);
            if matches!(last.run.outcome, Outcome::Interrupted) {
                self.say(format!(
                    "the last search was stopped; run the command again to look for {noun}s"
                ));
            } else if n == 0 {
                self.say(format!(
                    "the last command found no {noun}; there is no next one"
                ));
            } else {
                self.say(format!("no more {noun}s ({n} in all)"));
            }
            self.last = Some(last);
            return;
        }
        self.search_again(
            last,
            "; run the command again to enumerate anew",
            |run| run.advance().map(|_| ()),
            |session, run, result, elapsed| match result {
                Ok(()) => session.print_run(run, elapsed),
                Err(e) => session.report(&e.0),
            },
        );
    }

    /// Runs `work` on the last command's run off the prompt's thread (Ctrl-C and the
    /// timeout stop it), lets `done` report the answer, and makes the run the current one
    /// again; a stopped search keeps what it had, with `hint` after the report. The
    /// answer's value, when the search ended by itself.
    fn search_again<T: Clone + Send + 'static>(
        &mut self,
        last: LastRun,
        hint: &str,
        work: impl FnOnce(&mut CommandRun) -> Result<T, Errors> + Send + 'static,
        done: impl FnOnce(&mut Self, &CommandRun, Result<T, Errors>, Duration),
    ) -> Option<T> {
        let LastRun {
            mut run,
            command,
            stop,
            ..
        } = last;
        self.worker.timeout = self.settings.timeout;
        let end = self.worker.run("searching", stop.clone(), move || {
            let result = work(&mut run);
            (run, result)
        });
        match end {
            JobEnd::Done((run, result), elapsed) => {
                let value = result.as_ref().ok().cloned();
                done(self, &run, result, elapsed);
                self.set_last(Some(LastRun {
                    run,
                    command,
                    stop,
                    elapsed,
                }));
                value
            }
            other => {
                self.report_stopped(&other, hint);
                let after = other.stopped_after();
                match other.into_stopped_value() {
                    Some((run, Ok(_))) => self.keep_stopped(run, command, stop, after),
                    _ => self.forget_stopped(after),
                }
                None
            }
        }
    }
}

fn noun(run: &CommandRun) -> &'static str {
    match run.command.kind {
        CommandKind::Run => "instance",
        CommandKind::Check => "counterexample",
    }
}

/// `instance found — 3 ms`, `no instance found within scope (5 Txn, 5 Obj) — 41 ms`.
pub(crate) fn verdict(run: &CommandRun, elapsed: Duration) -> String {
    let time = fmt_duration(elapsed);
    let noun = noun(run);
    let scope = &run.command.scope_summary;
    let mut line = match (&run.outcome, run.instances_seen) {
        (Outcome::Sat(_), 1) => format!("{noun} found — {time}"),
        (Outcome::Sat(_), n) => format!("{noun} {n} found — {time}"),
        (Outcome::Unsat, 0) if scope.is_empty() => format!("no {noun} found — {time}"),
        (Outcome::Unsat, 0) => format!("no {noun} found within scope ({scope}) — {time}"),
        (Outcome::Unsat, n) => format!("no more {noun}s ({n} in all) — {time}"),
        (Outcome::Interrupted, _) => format!("interrupted — {time}"),
    };
    if run.instances_seen <= 1
        && let Some(expect) = run.command.expect
        && run.found().is_some_and(|f| f != expect)
    {
        line.push_str(&format!(" (the command expects {expect})"));
    }
    line
}

/// The sizes and times of a run (complete or stopped), as `stats` prints them after the
/// command: the first line, then CEGIS's counts for a higher-order problem.
pub(crate) fn stats_body(last: &LastRun) -> String {
    let st = last.run.stats();
    let mut text = format!(
        "{} primary variables, {} auxiliary variables, {} clauses\n\
         translation {}, solving {}, {} SAT call{}, re-check {}; {} {}{} so far; {} in {}",
        st.primary_vars,
        st.aux_vars,
        st.clauses,
        fmt_duration(st.translate_time),
        fmt_duration(st.solve_time),
        st.sat_calls,
        plural(st.sat_calls),
        fmt_duration(last.run.recheck),
        last.run.instances_seen,
        noun(&last.run),
        plural(last.run.instances_seen),
        if matches!(last.run.outcome, Outcome::Interrupted) {
            "stopped"
        } else {
            "last answer"
        },
        fmt_duration(last.elapsed),
    );
    if st.higher_order {
        text.push_str(&format!(
            "\nCEGIS: {} candidate{}, {} counterexample{} ({} as terms); verifiers {} variables, {} clauses",
            st.candidates,
            plural(st.candidates),
            st.counterexamples,
            plural(st.counterexamples),
            st.term_lemmas,
            st.verifier_vars,
            st.verifier_clauses,
        ));
    }
    text
}

pub(crate) fn fmt_duration(d: Duration) -> String {
    if d < Duration::from_secs(1) {
        format!("{} ms", d.as_millis())
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}
