//! `core`: after "no instance", which of the model's constraints already have none
//! together (an unsat core, [`crate::solve::core`]).

use std::sync::Arc;

use crate::session::{CoreAnswer, core_diagnostics, unsat_core};

use super::runs::fmt_duration;
use super::session::Session;
use super::worker::JobEnd;

pub fn core(session: &mut Session) {
    let Some(last) = &session.last else {
        session.error_with_help(
            "nothing to explain",
            "run a command that finds no instance, then `core`",
        );
        return;
    };
    if matches!(last.run.outcome, crate::solve::Outcome::Interrupted) {
        session.error_with_help(
            "the last command was stopped: it has no verdict to explain",
            "run it again (`set timeout 0` waits as long as it takes), then `core`",
        );
        return;
    }
    if last.run.instances_seen > 0 {
        session.error_with_help(
            "the last command has an instance: only \"no instance\" has a core",
            "a check without counterexample, or a run without instance, has one",
        );
        return;
    }
    let command = last.command.effective();
    let checked = match session.check_with_command(&command) {
        Ok(c) => Arc::new(c),
        Err(e) => {
            session.report(&e.0);
            return;
        }
    };
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let opts = session.run_options(&stop);
    session.worker.timeout = session.settings.timeout;
    let job = {
        let checked = checked.clone();
        move || unsat_core(&checked, 0, &opts, true)
    };
    match session.worker.run("finding a core", stop, job) {
        JobEnd::Done(Ok(CoreAnswer::Core(parts)), elapsed) if parts.is_empty() => {
            session.say(format!(
                "core: the declarations and scopes alone have no instance — {}",
                fmt_duration(elapsed)
            ));
        }
        JobEnd::Done(Ok(CoreAnswer::Core(parts)), elapsed) => {
            session.say(format!(
                "core: these {} constraint{} together have no instance; removing any one leaves an instance — {}",
                parts.len(),
                super::session::plural(parts.len()),
                fmt_duration(elapsed)
            ));
            let notes = core_diagnostics(&parts);
            let text = session.sources.render(&notes, session.io.color);
            session.say(text);
        }
        JobEnd::Done(Ok(CoreAnswer::Satisfiable), _) => {
            session.error("the command has an instance now: the session changed since it ran")
        }
        JobEnd::Done(Ok(CoreAnswer::Interrupted), _) => session.say("core: stopped"),
        JobEnd::Done(Err(e), _) => session.report(&e.0),
        other => session.report_stopped(&other, "; no core"),
    }
}
