//! A replay's report, as text and JSON.

use crate::apps::programs::explain::Violation;

use super::{Replay, Run};

/// What PostgreSQL did with a violation's schedule.
pub fn replay_text(r: &Replay, v: &Violation) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let run = &r.at_level;
    let verdict = if r.reproduced() {
        "reproduced: every transaction committed, every statement read the version the witness says, and the observed history is not serializable"
    } else {
        "NOT reproduced"
    };
    let _ = writeln!(
        out,
        "replayed on PostgreSQL {} at {}: {verdict}",
        r.version,
        run.isolation.sql()
    );
    describe_run(&mut out, run, v);
    if !run.history.is_empty() {
        let _ = writeln!(
            out,
            "  observed history (values: the writing transaction's number, 0 the initial version):"
        );
        for l in &run.history {
            let _ = writeln!(out, "    {l}");
        }
        let _ = writeln!(
            out,
            "  classify: {}",
            match run.serializable {
                Some(true) => "serializable",
                Some(false) => "not serializable",
                None => "undecided",
            }
        );
    }
    let ser = &r.at_serializable;
    let _ = writeln!(
        out,
        "the same schedule at SERIALIZABLE: {}",
        if ser.committed.iter().any(|&c| !c) {
            "prevented (a transaction aborted)"
        } else if ser.serializable == Some(true) {
            "prevented (every transaction committed, and what they read is serializable)"
        } else {
            "NOT prevented: every transaction committed"
        }
    );
    describe_run(&mut out, ser, v);
    out
}

fn describe_run(out: &mut String, run: &Run, v: &Violation) {
    use std::fmt::Write as _;
    for (i, inst) in v.instances.iter().enumerate() {
        if !run.committed[i] {
            let why: Vec<&str> = run
                .errors
                .iter()
                .filter(|(j, _)| *j == i)
                .map(|(_, e)| e.as_str())
                .collect();
            let _ = writeln!(
                out,
                "  {} rolled back{}",
                inst.name,
                if why.is_empty() {
                    String::new()
                } else {
                    format!(": {}", why.join("; "))
                }
            );
        }
    }
    for d in &run.differences {
        let _ = writeln!(out, "  {d}");
    }
}

/// The same as JSON.
pub fn replay_json(r: &Replay, v: &Violation) -> serde_json::Value {
    use serde_json::json;
    let run = |x: &Run| {
        json!({
            "isolation": x.isolation.sql(),
            "committed": v.instances.iter().zip(&x.committed).map(|(t, &c)| (t.name.clone(), json!(c))).collect::<serde_json::Map<_, _>>(),
            "errors": x.errors.iter().map(|(i, e)| json!({"transaction": v.instances[*i].name, "message": e})).collect::<Vec<_>>(),
            "differences": x.differences,
            "history": x.history.join("\n"),
            "serializable": x.serializable,
        })
    };
    json!({
        "server": r.version,
        "reproduced": r.reproduced(),
        "at_level": run(&r.at_level),
        "at_serializable": run(&r.at_serializable),
        "prevented_by_serializable": r.prevented_by_serializable(),
    })
}
