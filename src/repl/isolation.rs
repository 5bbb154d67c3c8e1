//! `classify` and `compare` in the REPL: the same workflows as the CLI's, on a worker
//! thread that Ctrl-C and `set timeout` stop.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::apps::isolation::classify::{self, ClassifyOptions};
use crate::apps::isolation::compare::{self, CompareOptions};
use crate::apps::isolation::history::History;
use crate::apps::isolation::levels;
use crate::render;

use super::session::Session;
use super::worker::JobEnd;

/// `classify [FILE] [levels A,B,...]`: a history file, or else the last violation
/// `programs` printed, or the current instance (whichever came last).
pub fn classify(session: &mut Session, arg: &str) {
    let mut words: Vec<&str> = arg.split_whitespace().collect();
    let mut chosen = levels::all_levels();
    if let Some(k) = words.iter().position(|w| *w == "levels" || *w == "level") {
        let names: Vec<String> = words[k + 1..]
            .iter()
            .flat_map(|w| w.split(','))
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        match classify::resolve_levels(&names) {
            Ok(l) if !l.is_empty() => chosen = l,
            Ok(_) => return session.error("usage: classify [FILE] [levels A,B,...]"),
            Err(e) => return session.report(&e.0),
        }
        words.truncate(k);
    }
    let history = match words.as_slice() {
        [] if let Some(violation) = &session.last_violation => match violation {
            Ok(h) => h.clone(),
            Err(e) => return session.report(&e.0.clone()),
        },
        [] => match current_history(session) {
            Some(h) => h,
            None => return,
        },
        [file] => {
            let path = PathBuf::from(file.trim_matches('"'));
            match crate::apps::isolation::parse::load_history(&mut session.sources, &path, None) {
                Ok(h) => h,
                Err(e) => return session.report(&e.0),
            }
        }
        _ => return session.error("usage: classify [FILE] [levels A,B,...]"),
    };
    if let Some(w) = history.session_cycle() {
        session.report(&[w]);
    }
    let stop = Arc::new(AtomicBool::new(false));
    let opts = ClassifyOptions {
        run: session.run_options(&stop),
        reasons: true,
        ..ClassifyOptions::default()
    };
    session.worker.timeout = session.settings.timeout;
    let end = session.worker.run("classifying", stop, move || {
        classify::classify(&history, &chosen, &opts)
    });
    match end {
        JobEnd::Done(Ok(results), _) => {
            session.say(crate::apps::isolation::view::classify_text(&results).trim_end())
        }
        JobEnd::Done(Err(e), _) => session.report(&e.0),
        other => session.report_stopped(&other, ""),
    }
}

/// The current instance as a history, or an error said to the user.
fn current_history(session: &mut Session) -> Option<History> {
    let Some(last) = &session.last else {
        session.error_with_help(
            "there is no current instance to classify",
            "run a command over the isolation library or find a violation with `programs` first, or give a history file: classify FILE",
        );
        return None;
    };
    let Some(inst) = last.run.instance() else {
        session.error_with_help(
            "the last command has no current instance",
            "run a command that finds one, or give a history file: classify FILE",
        );
        return None;
    };
    let view = render::history::history_notation(&last.run.command.presentation, inst);
    let Some(view) = view else {
        session.error_with_help(
            "the current instance is not a history",
            "classify reads instances of models that open isolation (or isolation/histories)",
        );
        return None;
    };
    match compare::parse_view(&view) {
        Ok(h) => match h.validate() {
            Ok(()) => Some(h),
            Err(e) => {
                session.report(&e.0);
                None
            }
        },
        Err(e) => {
            session.report(&e.0);
            None
        }
    }
}

/// `compare [LEVELS...] [scope N] [all]`.
pub fn compare(session: &mut Session, arg: &str) {
    let words: Vec<&str> = arg
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let mut scope = 3;
    let mut names = Vec::new();
    let mut all = false;
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "scope" | "for" => match words.get(i + 1).and_then(|w| w.parse::<usize>().ok()) {
                Some(n) if n > 0 => {
                    scope = n;
                    i += 1;
                }
                _ => {
                    return session
                        .error("usage: compare [LEVELS...] [scope N] [all]; N is at least 1");
                }
            },
            "all" => all = true,
            w => names.push(w.to_string()),
        }
        i += 1;
    }
    let chosen = if all {
        levels::all_levels()
    } else if names.is_empty() {
        levels::FRAMEWORKS
            .iter()
            .flat_map(|f| f.representatives.iter().copied())
            .collect()
    } else {
        match classify::resolve_levels(&names) {
            Ok(l) => l,
            Err(e) => return session.report(&e.0),
        }
    };
    let stop = Arc::new(AtomicBool::new(false));
    let opts = CompareOptions::new(session.run_options(&stop), scope);
    session.worker.timeout = session.settings.timeout;
    let end = session
        .worker
        .run("comparing", stop, move || compare::compare(&chosen, &opts));
    match end {
        JobEnd::Done(Ok(m), _) => {
            session.say(crate::apps::isolation::view::compare_text(&m).trim_end())
        }
        JobEnd::Done(Err(e), _) => session.report(&e.0),
        other => session.report_stopped(&other, ""),
    }
}
