//! `programs` in the REPL: the CLI's `solder programs` on a program file, one level at a
//! time on a worker thread that Ctrl-C stops. `set timeout` bounds each level, as the
//! CLI's `--timeout` does; the session's solver options apply.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::apps::programs::syntax::Expect;
use crate::apps::programs::{self, AppModel, Query};
use crate::diagnostic::{Errors, read_source};

use super::session::Session;
use super::worker::JobEnd;

const USAGE: &str = "usage: programs FILE [level L,...] [cycle K] [complete] [records N] [abstract] [no-dangerous] [no-queues] [sessions] [history]";

/// The words `programs` gives a meaning to after the file (for completion too).
pub const KEYWORDS: &[&str] = &[
    "level",
    "cycle",
    "complete",
    "records",
    "abstract",
    "no-dangerous",
    "no-queues",
    "sessions",
    "history",
];

/// Longest cycle searched when `cycle` is not given (the CLI's default).
const DEFAULT_CYCLE: usize = 4;

/// How long past `set timeout` a level's job may take before the prompt abandons it
/// (`check_level` stops itself at the timeout; varisat only between SAT calls).
const TIMEOUT_GRACE: Duration = Duration::from_secs(1);

/// What `programs` was asked.
#[derive(Debug, PartialEq)]
struct Args {
    file: PathBuf,
    /// Empty: the file's expectations.
    levels: Vec<String>,
    cycle: usize,
    complete: bool,
    records: Option<usize>,
    /// Rows abstracted (the CLI's `--abstract-rows`).
    abstract_rows: bool,
    /// Every chordless path under SI/SER (the CLI's `--no-dangerous-structures`).
    plain_paths: bool,
    /// No queue facts in the abstraction (the CLI's `--no-queue-facts`).
    no_queues: bool,
    /// Instances in client sessions (the CLI's `--sessions`).
    sessions: bool,
    /// Print only a violation's execution as a history (the CLI's `--emit-history`).
    history: bool,
}

/// Read the arguments: the file, and `level A,B` (names up to the next keyword, split
/// at commas and spaces), `cycle K`, `complete`, `records N`, `abstract`, `no-dangerous`, `no-queues`, `sessions`, `history` in
/// any order.
fn parse_args(arg: &str) -> Result<Args, String> {
    let words: Vec<&str> = arg.split_whitespace().collect();
    let mut files = Vec::new();
    let mut levels = Vec::new();
    let mut cycle = DEFAULT_CYCLE;
    let mut complete = false;
    let mut records = None;
    let mut history = false;
    let mut abstract_rows = false;
    let mut plain_paths = false;
    let mut no_queues = false;
    let mut sessions = false;
    let number = |w: Option<&&str>| w.and_then(|w| w.parse::<usize>().ok());
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "level" | "levels" => {
                let start = levels.len();
                while let Some(w) = words.get(i + 1).filter(|w| !KEYWORDS.contains(w)) {
                    levels.extend(w.split(',').filter(|l| !l.is_empty()).map(str::to_string));
                    i += 1;
                }
                if levels.len() == start {
                    return Err(format!("{USAGE}; `level` names one level or more"));
                }
            }
            "cycle" => match number(words.get(i + 1)) {
                Some(k) if k >= 2 => {
                    cycle = k;
                    i += 1;
                }
                _ => {
                    return Err(format!(
                        "{USAGE}; K is at least 2 (a dependency cycle has two instances or more)"
                    ));
                }
            },
            "records" => match number(words.get(i + 1)) {
                Some(n) if n >= 1 => {
                    records = Some(n);
                    i += 1;
                }
                _ => return Err(format!("{USAGE}; N is at least 1")),
            },
            "complete" => complete = true,
            "history" => history = true,
            "abstract" => abstract_rows = true,
            "no-dangerous" => plain_paths = true,
            "no-queues" => no_queues = true,
            "sessions" => sessions = true,
            w => files.push(w),
        }
        i += 1;
    }
    if history && levels.len() != 1 {
        return Err(format!(
            "{USAGE}; `history` prints one execution: name exactly one level"
        ));
    }
    match files.as_slice() {
        [file] => Ok(Args {
            file: PathBuf::from(file.trim_matches('"')),
            levels,
            cycle,
            complete,
            records,
            abstract_rows,
            plain_paths,
            no_queues,
            sessions,
            history,
        }),
        _ => Err(USAGE.to_string()),
    }
}

/// `programs FILE [level L,...] [cycle K] [complete] [records N] [history]`.
pub fn programs(session: &mut Session, arg: &str) {
    let args = match parse_args(arg) {
        Ok(a) => a,
        Err(msg) => return session.error(msg),
    };
    let text = match read_source(&args.file) {
        Ok(t) => t,
        Err(msg) => return session.error(msg),
    };
    let app = match programs::load(
        &mut session.sources,
        &args.file.display().to_string(),
        &text,
    ) {
        Ok(app) => app,
        Err(e) => return session.report(&e.0),
    };
    let queries = match queries(&app, &args, session.settings.run.max_vars) {
        Ok(q) => q,
        Err(e) => return session.report(&e.0),
    };
    let app = Arc::new(app);
    let total = queries.len();
    for (n, (query, expect)) in queries.into_iter().enumerate() {
        let stop = Arc::new(AtomicBool::new(false));
        let opts = session.run_options(&stop);
        let timeout = session.settings.timeout;
        session.worker.timeout = timeout.map(|t| t + TIMEOUT_GRACE);
        let what = format!("checking {}", query.level);
        let job_app = Arc::clone(&app);
        let end = session.worker.run(&what, stop, move || {
            programs::check_level(&job_app, &query, &opts, timeout)
        });
        match end {
            JobEnd::Done(Ok(report), _) => {
                if let programs::Outcome::Violation(v) = &report.outcome {
                    session.last_violation = Some(violation_history(&mut session.sources, v));
                }
                let text = match (&report.outcome, &expect) {
                    (programs::Outcome::Violation(v), None) if args.history => {
                        crate::apps::programs::view::history_lines(v).join("\n")
                    }
                    (_, None) => crate::apps::programs::view::report_text(&report, &app),
                    (_, Some(e)) => crate::apps::programs::view::expectation_text(&report, e, &app),
                };
                session.say(text.trim_end());
            }
            JobEnd::Done(Err(e), _) => return session.report(&e.0),
            other => {
                let rest = total - n - 1;
                let consequence = match rest {
                    0 => String::new(),
                    1 => "; the last level was not checked".to_string(),
                    _ => format!("; the last {rest} levels were not checked"),
                };
                return session.report_stopped(&other, &consequence);
            }
        }
    }
}

/// A violation's execution read as a history, for `classify` without a file. It reads
/// back by construction (the tests check every example's); if it ever did not, `classify`
/// reports why instead of reading an older instance.
fn violation_history(
    sources: &mut crate::diagnostic::SourceMap,
    v: &programs::explain::Violation,
) -> Result<crate::apps::isolation::history::History, Errors> {
    use crate::apps::isolation::parse::{Format, parse_history};
    let text = crate::apps::programs::view::history_lines(v).join("\n");
    let file = sources.add("violation", None, text.clone());
    parse_history(file, &text, Format::Notation)
}

/// The questions: the levels asked, or the file's expectations.
fn queries(
    app: &AppModel,
    args: &Args,
    max_vars: u64,
) -> Result<Vec<(Query, Option<Expect>)>, Errors> {
    programs::queries(
        app,
        &args.levels,
        &programs::Settings {
            cycle: args.cycle,
            records: args.records,
            complete: args.complete,
            abstract_rows: args.abstract_rows,
            dangerous_structures: !args.plain_paths,
            queue_facts: !args.no_queues,
            sessions: args.sessions,
            max_vars,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_come_in_any_order_after_the_keywords_they_belong_to() {
        let a = parse_args(
            "f.prog level SI, PSI,CC cycle 3 complete records 2 abstract no-dangerous no-queues",
        )
        .unwrap();
        assert_eq!(
            a,
            Args {
                file: "f.prog".into(),
                levels: vec!["SI".into(), "PSI".into(), "CC".into()],
                cycle: 3,
                complete: true,
                records: Some(2),
                abstract_rows: true,
                plain_paths: true,
                no_queues: true,
                sessions: false,
                history: false,
            }
        );
        let a = parse_args("f.prog history level SI").unwrap();
        assert!(a.history && a.levels == ["SI"]);
        let a = parse_args("cycle 5 level SER \"f.prog\"").unwrap_err();
        assert!(a.starts_with("usage"), "the file is a level name here: {a}");
        let a = parse_args("\"f.prog\" cycle 5").unwrap();
        assert_eq!((a.file, a.levels, a.cycle), ("f.prog".into(), vec![], 5));
        for bad in [
            "",
            "f.prog cycle 1",
            "f.prog cycle",
            "f.prog records 0",
            "f.prog level",
            "f.prog level cycle 3",
            "a.prog b.prog",
            "f.prog history",
            "f.prog level SI,SER history",
        ] {
            assert!(parse_args(bad).is_err(), "{bad}");
        }
    }
}
