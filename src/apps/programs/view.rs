//! `solder programs`' reports: a violation in the program's own terms (instances with
//! their statements' reads and writes, ar, vis, the cycle edge by edge), bounded absence
//! with its completeness, and the expectations of a program file.

mod schedule;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

pub use schedule::{Event, events, schedule};

use crate::apps::programs::explain::{EdgeKind, Loc, Versions, Violation};
use crate::apps::programs::model::AppModel;
use crate::apps::programs::syntax::Expect;
use crate::apps::programs::{Completeness, Outcome, Report};

/// The sessions (`--sessions`) of more than one instance, each in its order.
fn session_chains(v: &Violation) -> Vec<Vec<usize>> {
    let n = v.instances.len();
    let mut chains = Vec::new();
    for first in 0..n {
        let has_before = v.so.iter().any(|&(_, b)| b == first);
        let after: Vec<usize> = (0..n).filter(|&b| v.so.contains(&(first, b))).collect();
        if !has_before && !after.is_empty() {
            chains.push(std::iter::once(first).chain(after).collect());
        }
    }
    chains
}

/// A statement as its program's listing tags it: its label, or `[n]`.
fn stmt_tag(info: &crate::apps::programs::model::StmtInfo) -> String {
    match &info.label {
        Some(l) => l.clone(),
        None => format!("[{}]", info.number),
    }
}

/// `Saving[custid=Cust$0].bal`
pub(crate) fn loc_name(v: &Violation, loc: &Loc) -> String {
    let record = v
        .records
        .get(&loc.0)
        .cloned()
        .unwrap_or_else(|| format!("#{}", loc.0));
    let column = if loc.1 == "Alive" {
        "alive".to_string()
    } else {
        let table = record.split('[').next().unwrap_or("");
        loc.1
            .strip_prefix(&format!("{table}_"))
            .unwrap_or(&loc.1)
            .to_string()
    };
    format!("{record}.{column}")
}

/// `WriteCheck [3] UPDATE Checking SET …` (the label when the statement has one)
fn stmt_name(app: &AppModel, s: usize) -> String {
    let info = &app.stmts[s];
    match &info.label {
        Some(l) => format!("{} {l}", app.programs[info.program].name),
        None => format!("{} [{}]", app.programs[info.program].name, info.number),
    }
}

/// The violation's execution in the history notation that `solder classify` reads, a
/// line per instance: `T1: r(Saving[custid=Cust$1].bal,0) w(Saving[custid=Cust$1].bal,1)`.
/// A location's initial value is 0 and its k-th writer in ar order writes k. What an
/// instance reads after writing it is left out: the programs' semantics reads the visible
/// version there, which a history cannot say (its transactions read their own writes).
/// A history says nothing of the final state, nor of the order of writes no read
/// tells apart, so a cycle through such a ww or rw edge is the execution's, not the
/// history's: the history alone may be serializable. Under Read Committed a later
/// statement may read a newer version of a location read before (a non-repeatable
/// read): both reads are written, though `classify`'s histories, with one external read
/// per object and transaction, reject such a line.
pub fn history_lines(v: &Violation) -> Vec<String> {
    let versions = Versions::new(&v.instances, &v.vis);
    let mut lines = Vec::new();
    for (k, chain) in session_chains(v).iter().enumerate() {
        let names: Vec<&str> = chain
            .iter()
            .map(|&i| v.instances[i].name.as_str())
            .collect();
        lines.push(format!("session {}: {}", k + 1, names.join(" → ")));
    }
    for (i, inst) in v.instances.iter().enumerate() {
        let mut read = BTreeSet::new();
        let mut written = BTreeSet::new();
        let mut ops = Vec::new();
        for s in &inst.steps {
            for l in &s.reads {
                // Under Read Committed a later statement may read a newer version.
                let version = versions.read(i, s.stmt, l);
                if !written.contains(l) && read.insert((l, version)) {
                    ops.push(format!("r({},{version})", loc_name(v, l)));
                }
            }
            for l in &s.writes {
                written.insert(l);
                ops.push(format!(
                    "w({},{})",
                    loc_name(v, l),
                    written_version(&versions, i, l)
                ));
            }
        }
        lines.push(format!("{}: {}", inst.name, ops.join(" ")));
    }
    lines
}

/// The version instance `i` writes to `loc` (`?` if it does not write it).
fn written_version(versions: &Versions, i: usize, loc: &Loc) -> String {
    versions
        .written(i, loc)
        .map_or_else(|| "?".to_string(), |k| k.to_string())
}

/// The violation as text.
pub fn violation_text(v: &Violation, app: &AppModel, pred: &str) -> String {
    let mut out = String::new();
    let versions = Versions::new(&v.instances, &v.vis);
    let _ = writeln!(out, "instances (in arbitration order):");
    for (i, inst) in v.instances.iter().enumerate() {
        let params: Vec<String> = inst
            .params
            .iter()
            .map(|(p, x)| format!("{p} = {x}"))
            .collect();
        let _ = writeln!(
            out,
            "  {}  {}({})",
            inst.name,
            inst.program,
            params.join(", ")
        );
        // The IFs it reached, each before the first statement after it.
        let mut branches = inst.branches.iter().peekable();
        let branch_line = |&(k, then): &(usize, bool)| {
            format!(
                "      {} → {}\n",
                app.flags[k].text,
                if then { "THEN" } else { "ELSE" }
            )
        };
        for s in &inst.steps {
            let info = &app.stmts[s.stmt];
            while let Some(b) =
                branches.next_if(|(k, _)| app.flags[*k].span.start < info.span.start)
            {
                out.push_str(&branch_line(b));
            }
            let ops: Vec<String> =
                s.reads
                    .iter()
                    .map(|l| format!("r({},{})", loc_name(v, l), versions.read(i, s.stmt, l)))
                    .chain(s.own_reads.iter().map(|l| {
                        format!(
                            "r({},{} own)",
                            loc_name(v, l),
                            written_version(&versions, i, l)
                        )
                    }))
                    .chain(s.writes.iter().map(|l| {
                        format!("w({},{})", loc_name(v, l), written_version(&versions, i, l))
                    }))
                    .collect();
            let tag = stmt_tag(info);
            let ops = if ops.is_empty() {
                "—".to_string()
            } else {
                ops.join(" ")
            };
            let _ = writeln!(out, "      {tag} {}\n          {ops}", info.text);
            if let Some(sees) = &s.sees {
                let names: Vec<&str> = sees.iter().map(|&j| v.instances[j].name.as_str()).collect();
                let _ = writeln!(
                    out,
                    "          snapshot: {}",
                    if names.is_empty() {
                        "no other instance".to_string()
                    } else {
                        names.join(" ")
                    }
                );
            }
        }
        for b in branches {
            out.push_str(&branch_line(b));
        }
    }
    let names: Vec<&str> = v.instances.iter().map(|i| i.name.as_str()).collect();
    let _ = writeln!(out, "ar:  {}", names.join(" < "));
    let mut groups: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for &(a, b) in &v.vis {
        groups.entry(a).or_default().push(names[b]);
    }
    let vis: Vec<String> = groups
        .iter()
        .map(|(a, bs)| format!("{} → {}", names[*a], bs.join(" ")))
        .collect();
    let _ = writeln!(
        out,
        "vis: {}",
        if vis.is_empty() {
            "none (no instance sees another)".to_string()
        } else {
            vis.join("; ")
        }
    );
    let sessions = session_chains(v);
    if !sessions.is_empty() {
        let chains: Vec<String> = sessions
            .iter()
            .map(|c| c.iter().map(|&i| names[i]).collect::<Vec<_>>().join(" → "))
            .collect();
        let _ = writeln!(out, "sessions: {}", chains.join("; "));
    }
    let _ = writeln!(out, "dependency cycle:");
    for e in &v.cycle {
        let loc = loc_name(v, &e.loc);
        let (a, b) = (names[e.from], names[e.to]);
        let why = match e.kind {
            EdgeKind::Wr => format!(
                "{b} reads version {} of {loc}, which {a} wrote: {} → {}",
                versions.read(e.to, e.to_stmt, &e.loc),
                stmt_name(app, e.from_stmt),
                stmt_name(app, e.to_stmt)
            ),
            EdgeKind::Ww => format!(
                "both write {loc}, {a} version {} and {b} version {}: {} then {}",
                written_version(&versions, e.from, &e.loc),
                written_version(&versions, e.to, &e.loc),
                stmt_name(app, e.from_stmt),
                stmt_name(app, e.to_stmt)
            ),
            EdgeKind::Rw => format!(
                "{a} reads version {} of {loc}, which {b} overwrites with version {}: {} before {}",
                versions.read(e.from, e.from_stmt, &e.loc),
                written_version(&versions, e.to, &e.loc),
                stmt_name(app, e.from_stmt),
                stmt_name(app, e.to_stmt)
            ),
            EdgeKind::So => format!("{a} runs before {b} in one client's session"),
        };
        let _ = writeln!(out, "  {a} --{}--> {b}  {why}", e.kind.name());
    }
    match schedule(v, app) {
        Ok(lines) => {
            // MySQL takes a transaction's snapshot at its first plain SELECT unless it
            // starts WITH CONSISTENT SNAPSHOT, which `mysql-rr` models.
            let begin = if pred == "ExecMySQLRR" {
                "; BEGIN is START TRANSACTION WITH CONSISTENT SNAPSHOT"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "as a schedule (one server, commits in ar order, each snapshot what committed before it{begin}):"
            );
            for line in lines {
                let _ = writeln!(out, "  {line}");
            }
            if pred == "ExecMySQLRR" {
                // A snapshot that misses an earlier instance, read after a write: with
                // a plain START TRANSACTION MySQL takes it at that read, which may be
                // too late to miss it.
                for (c, inst) in v.instances.iter().enumerate() {
                    let writes = |s: &crate::apps::programs::explain::Step| {
                        !app.stmts[s.stmt].writes.is_empty()
                    };
                    let first_read = inst.steps.iter().position(|s| !writes(s));
                    let misses = |k: usize| {
                        inst.steps[k]
                            .sees
                            .as_ref()
                            .is_some_and(|sees| sees.len() < c)
                    };
                    if first_read.is_some_and(|k| k > 0 && misses(k)) {
                        let _ = writeln!(
                            out,
                            "note: {} writes before its first SELECT, whose snapshot misses an earlier transaction; after a plain START TRANSACTION MySQL takes the snapshot at that SELECT, so this execution may need WITH CONSISTENT SNAPSHOT",
                            inst.name
                        );
                    }
                }
            }
        }
        Err(why) => {
            let _ = writeln!(out, "no schedule: {why}");
        }
    }
    let _ = writeln!(
        out,
        "as a history (values are versions, 0 the initial one; `solder classify` reads these lines):"
    );
    for line in history_lines(v) {
        let _ = writeln!(out, "  {line}");
    }
    out
}

fn seconds(d: std::time::Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

/// One query's answer: a headline, then the violation or what the checks showed.
pub fn report_text(r: &Report, app: &AppModel) -> String {
    let mut out = String::new();
    let q = &r.query;
    let times: Vec<String> = r
        .times
        .iter()
        .map(|(step, d)| format!("{step} {}", seconds(*d)))
        .collect();
    let times = if times.is_empty() {
        String::new()
    } else {
        format!(" ({})", times.join(", "))
    };
    match &r.outcome {
        Outcome::Violation(v) => {
            // The cycle may leave out instances the execution needs (for the records
            // its snapshots hold): `--cycle` bounds the execution.
            let of = if v.instances.len() > v.cycle.len() {
                format!(" of {}", v.instances.len())
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "{}: violation — a dependency cycle through {}{of} instances{times}",
                q.level,
                v.cycle.len()
            );
            out.push_str(&violation_text(v, app, &q.pred));
        }
        Outcome::NoCycle(Completeness::Inductive) => {
            let _ = writeln!(
                out,
                "{}: no violation at any length{times}\n  complete: the inductive check holds (every dependency path follows ar), so no cycle exists (serializable)",
                q.level
            );
        }
        Outcome::NoCycle(c) => {
            let records = q.records.unwrap_or(q.bound.max(2));
            if q.abstract_rows {
                let _ = writeln!(
                    out,
                    "{}: no dependency cycle through {} instances or fewer ({records} records per table, rows abstracted){times}",
                    q.level, q.bound
                );
            } else {
                let _ = writeln!(
                    out,
                    "{}: no dependency cycle in any execution of {} instances or fewer ({records} records per table){times}",
                    q.level, q.bound
                );
            }
            let line = match c {
                // Inductive has its own headline above.
                Completeness::NotAsked | Completeness::Inductive => None,
                Completeness::Chordless if q.dangerous_start() => Some(format!(
                    "complete: no chordless dependency path through {} instances starts with two anti-dependencies between concurrent instances, as every cycle under SI does, so no cycle exists at any length (serializable)",
                    q.bound + 1
                )),
                Completeness::Chordless => Some(format!(
                    "complete: no chordless dependency path through {} instances, so no cycle exists at any length (serializable)",
                    q.bound + 1
                )),
                Completeness::Unknown => Some(format!(
                    "not shown complete: the inductive check fails and a chordless path through {} instances exists in the over-approximation; try a larger --cycle",
                    q.bound + 1
                )),
                Completeness::AbstractCycle => Some(format!(
                    "not shown complete: the inductive check fails, and with rows abstracted (as the chordless-path argument needs) a cycle through {} instances or fewer exists",
                    q.bound
                )),
                Completeness::Timeout if r.interrupted => Some(
                    "not shown complete: interrupted during the completeness checks".to_string(),
                ),
                Completeness::Timeout => {
                    Some("not shown complete: the completeness checks ran out of time".to_string())
                }
                Completeness::NotForLevel if q.statement_snapshots() => Some(
                    "not shown complete: Read Committed has no completeness check (its snapshots are per statement); this is absence up to the bound"
                        .to_string(),
                ),
                Completeness::NotForLevel => Some(
                    "not shown complete: with sessions there is no completeness check (its abstraction has no sessions); this is absence up to the bound"
                        .to_string(),
                ),
            };
            if let Some(line) = line {
                let _ = writeln!(out, "  {line}");
            }
        }
        Outcome::Timeout => {
            let why = if r.interrupted {
                "interrupted"
            } else {
                "the time limit was reached"
            };
            let _ = writeln!(out, "{}: undecided — {why}", q.level);
        }
    }
    out
}

/// An expectation checked: `expect SI no violation up to 4: ✓` (`✗ expectation not met`
/// when the answer contradicts it, `? undecided` when time ran out), then the report
/// for its level indented under it.
pub fn expectation_text(r: &Report, e: &Expect, app: &AppModel) -> String {
    let mark = match r.meets(e) {
        Some(true) => "✓",
        Some(false) => "✗ expectation not met",
        None => "? undecided",
    };
    let claim = match (e.violation, e.bound) {
        (true, _) => "violation".to_string(),
        (false, Some(k)) => format!("no violation up to {k}"),
        (false, None) => "no violation".to_string(),
    };
    let mut out = String::new();
    let _ = writeln!(out, "expect {} {claim}: {mark}", e.level.text);
    for line in report_text(r, app).lines() {
        let _ = writeln!(out, "  {line}");
    }
    out
}

/// One query's answer as JSON, in the text report's names: `{"level", "bound",
/// "records", "outcome": "violation" | "none" | "timeout" | "interrupted", "complete":
/// "inductive" | "chordless" | "unknown" | "abstract-cycle" | "timeout" | null, "rows":
/// "exact" | "abstract", "dangerous_structures": whether the chordless paths had to start
/// with two concurrent anti-dependencies (SI, SER), "times_ms": {step: ms},
/// "expect": {...} | null}`, and for a violation `"instances"` (name, program,
/// params, statements with their reads and writes as `{"location", "version"}`),
/// `"history"` (the execution in the history notation, [`history_lines`]), `"ar"`,
/// `"vis"` and `"cycle"` (from, to, kind, location, and the statements on each side).
pub fn report_json(r: &Report, app: &AppModel, expect: Option<&Expect>) -> serde_json::Value {
    use serde_json::{Value, json};
    let q = &r.query;
    let times: serde_json::Map<String, Value> = r
        .times
        .iter()
        .map(|(step, d)| (step.to_string(), json!(d.as_secs_f64() * 1000.0)))
        .collect();
    let mut o = json!({
        "level": q.level,
        "bound": q.bound,
        "records": q.records.unwrap_or(q.bound.max(2)),
        "rows": if q.abstract_rows { "abstract" } else { "exact" },
        "dangerous_structures": q.dangerous_start(),
        "times_ms": times,
        "complete": Value::Null,
        "expect": Value::Null,
    });
    if let Some(e) = expect {
        o["expect"] = json!({
            "violation": e.violation,
            "bound": e.bound,
            "met": r.meets(e),
        });
    }
    match &r.outcome {
        Outcome::Timeout if r.interrupted => o["outcome"] = json!("interrupted"),
        Outcome::Timeout => o["outcome"] = json!("timeout"),
        Outcome::NoCycle(c) => {
            o["outcome"] = json!("none");
            o["complete"] = match c {
                Completeness::NotAsked => Value::Null,
                Completeness::Inductive => json!("inductive"),
                Completeness::Chordless => json!("chordless"),
                Completeness::Unknown => json!("unknown"),
                Completeness::AbstractCycle => json!("abstract-cycle"),
                Completeness::Timeout => json!("timeout"),
                Completeness::NotForLevel => json!("not-for-level"),
            };
        }
        Outcome::Violation(v) => {
            o["outcome"] = json!("violation");
            let names: Vec<&str> = v.instances.iter().map(|i| i.name.as_str()).collect();
            let statement = |s: usize| {
                let info = &app.stmts[s];
                json!({
                    "program": app.programs[info.program].name,
                    "number": info.number,
                    "label": info.label,
                    "text": info.text,
                })
            };
            let versions = Versions::new(&v.instances, &v.vis);
            o["instances"] = v
                .instances
                .iter()
                .enumerate()
                .map(|(i, inst)| {
                    json!({
                        "name": inst.name,
                        "program": inst.program,
                        "params": inst.params.iter().map(|(p, x)| (p.clone(), json!(x))).collect::<serde_json::Map<_, _>>(),
                        "statements": inst.steps.iter().map(|s| {
                            let op = |l: &Loc, k: Option<usize>| json!({"location": loc_name(v, l), "version": k});
                            let mut st = statement(s.stmt);
                            st["reads"] = json!(s.reads.iter().map(|l| op(l, Some(versions.read(i, s.stmt, l)))).collect::<Vec<_>>());
                            st["own_reads"] = json!(s.own_reads.iter().map(|l| op(l, versions.written(i, l))).collect::<Vec<_>>());
                            if let Some(sees) = &s.sees {
                                st["snapshot"] = json!(sees.iter().map(|&j| v.instances[j].name.clone()).collect::<Vec<_>>());
                            }
                            st["writes"] = json!(s.writes.iter().map(|l| op(l, versions.written(i, l))).collect::<Vec<_>>());
                            st
                        }).collect::<Vec<_>>(),
                        "branches": inst.branches.iter().map(|&(k, then)| json!({
                            "if": app.flags[k].text,
                            "taken": if then { "then" } else { "else" },
                        })).collect::<Vec<_>>(),
                    })
                })
                .collect();
            o["history"] = json!(history_lines(v).join("\n"));
            o["schedule"] = match schedule(v, app) {
                Ok(lines) => json!(lines),
                Err(_) => Value::Null,
            };
            o["ar"] = json!(names);
            o["vis"] = json!(
                v.vis
                    .iter()
                    .map(|&(a, b)| [names[a], names[b]])
                    .collect::<Vec<_>>()
            );
            o["sessions"] = json!(
                session_chains(v)
                    .iter()
                    .map(|c| c.iter().map(|&i| names[i]).collect::<Vec<_>>())
                    .collect::<Vec<_>>()
            );
            o["cycle"] = v
                .cycle
                .iter()
                .map(|e| {
                    json!({
                        "from": names[e.from],
                        "to": names[e.to],
                        "kind": e.kind.name(),
                        "location": (e.kind != EdgeKind::So).then(|| loc_name(v, &e.loc)),
                        "from_statement": statement(e.from_stmt),
                        "to_statement": statement(e.to_stmt),
                    })
                })
                .collect();
        }
    }
    o
}

/// A report in one line, for the summary of several levels.
pub fn summary(r: &Report) -> String {
    match &r.outcome {
        Outcome::Violation(v) => format!("violation: a cycle through {} instances", v.cycle.len()),
        Outcome::NoCycle(c) if c.shown() => "no violation at any length".to_string(),
        Outcome::NoCycle(_) => format!("no violation up to {} instances", r.query.bound),
        Outcome::Timeout if r.interrupted => "unknown: interrupted".to_string(),
        Outcome::Timeout => "unknown: time limit".to_string(),
    }
}
