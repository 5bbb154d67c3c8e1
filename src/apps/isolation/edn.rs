//! Jepsen/Elle histories of read-write register transactions, one EDN map per line
//! (format in the `parse` module doc). `:ok` transactions committed and `:fail` ones did
//! not (a read of what only they wrote is an aborted read); an `:info` one may have: it
//! is kept when someone read its writes.

use std::collections::{BTreeMap, BTreeSet};

use edn_format::{Keyword, Value};

use crate::diagnostic::{Diagnostic, Errors, FileId, Span};

use super::builder::Builder;
use super::history::{ForbiddenRead, History, Op, OpKind, Txn};

fn key(name: &str) -> Value {
    Value::Keyword(Keyword::from_name(name))
}

/// A key or value as a name: `:x` is `x`, numbers and strings as written, `nil` is
/// `nil`.
fn atom(v: &Value) -> Option<String> {
    Some(match v {
        Value::Keyword(k) => k.name().to_string(),
        Value::Symbol(s) => s.name().to_string(),
        Value::String(s) => s.clone(),
        Value::Integer(i) => i.to_string(),
        Value::BigInt(i) => i.to_string(),
        Value::Nil => "nil".to_string(),
        Value::Boolean(b) => b.to_string(),
        _ => return None,
    })
}

/// One micro-operation `[:r key value]` / `[:w key value]`, or what is wrong with it.
fn micro_op(b: &mut Builder, m: &Value, span: Span) -> Result<Op, &'static str> {
    const SHAPE: &str = "every micro-operation is [:r key value] or [:w key value]";
    let parts = match m {
        Value::Vector(p) | Value::List(p) if p.len() == 3 => p,
        _ => return Err(SHAPE),
    };
    let kind = match atom(&parts[0]).as_deref() {
        Some("r") => OpKind::Read,
        Some("w") => OpKind::Write,
        Some("append") => {
            return Err(
                "list-append histories are not read-write registers: solder reads [:r k v] and [:w k v] only",
            );
        }
        _ => return Err(SHAPE),
    };
    let (Some(k), Some(v)) = (atom(&parts[1]), atom(&parts[2])) else {
        return Err("keys and values are keywords, numbers or strings");
    };
    if kind == OpKind::Write && v == "nil" {
        return Err("a write of nil: nil is every object's initial value");
    }
    Ok(Op {
        kind,
        obj: b.object(&k),
        value: v,
        span: Some(span),
    })
}

/// A completed transaction as read, before `:info` ones are decided on.
struct Completed {
    info: bool,
    ops: Vec<Op>,
    span: Span,
    process: Option<String>,
}

pub fn parse_edn(file: FileId, text: &str) -> Result<History, Errors> {
    let mut b = Builder {
        default_initial: "nil".into(),
        ..Builder::default()
    };
    let mut completed: Vec<Completed> = Vec::new();
    // What failed transactions wrote, with the line of the first that wrote it.
    let mut failed: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut offset = 0;
    for (line_no, raw) in text.split_inclusive('\n').enumerate() {
        let base = offset;
        offset += raw.len();
        let line = raw.trim();
        if line.is_empty() || line.starts_with(';') {
            continue;
        }
        let start = base + (raw.len() - raw.trim_start().len());
        let span = Span::new(file, start, start + line.len());
        let value = match edn_format::parse_str(line) {
            Ok(v) => v,
            Err(e) => {
                b.errors.push(Diagnostic::error(
                    span,
                    format!("not an EDN map: {} (column {})", e.error, e.col),
                ));
                continue;
            }
        };
        let Value::Map(map) = value else {
            b.errors.push(Diagnostic::error(
                span,
                "expected one EDN map per line: {:type :ok, :f :txn, :value [...], :process 0}",
            ));
            continue;
        };
        let get = |k: &str| map.get(&key(k));
        let typ = get("type").and_then(atom).unwrap_or_default();
        match typ.as_str() {
            "invoke" => continue,
            "ok" | "info" | "fail" => {}
            other => {
                b.errors.push(Diagnostic::error(
                    span,
                    format!("unknown :type {other:?}: expected :invoke, :ok, :fail or :info"),
                ));
                continue;
            }
        }
        if let Some(f) = get("f").and_then(atom)
            && f != "txn"
        {
            b.errors.push(Diagnostic::error(
                span,
                format!("only :f :txn operations are histories of transactions; this one is :{f}"),
            ));
            continue;
        }
        let Some(Value::Vector(mops) | Value::List(mops)) = get("value") else {
            b.errors.push(Diagnostic::error(
                span,
                "expected :value, a vector of micro-operations [:r k v] / [:w k v]",
            ));
            continue;
        };
        // A failed transaction's keys are not objects of the history (unless others
        // mention them): they are read on a scratch builder and kept by name.
        let mut scratch = Builder::default();
        let into = if typ == "fail" { &mut scratch } else { &mut b };
        let ops: Result<Vec<Op>, &str> = mops.iter().map(|m| micro_op(into, m, span)).collect();
        let mut ops = match ops {
            Ok(ops) => ops,
            Err(message) => {
                b.errors.push(Diagnostic::error(span, message));
                continue;
            }
        };
        if typ == "fail" {
            for o in ops.iter().filter(|o| o.kind == OpKind::Write) {
                let name = scratch.objects[o.obj].clone();
                failed.entry((name, o.value.clone())).or_insert(line_no + 1);
            }
            continue;
        }
        // What an :info transaction read is unknown (Jepsen records the invocation's
        // nils): only its writes are kept.
        if typ == "info" {
            ops.retain(|o| o.kind == OpKind::Write);
        }
        completed.push(Completed {
            info: typ == "info",
            ops,
            span,
            process: get("process").and_then(atom),
        });
    }
    let ops_of = |info: bool, kind: OpKind| -> BTreeSet<(usize, String)> {
        completed
            .iter()
            .filter(|c| c.info == info)
            .flat_map(|c| c.ops.iter())
            .filter(|o| o.kind == kind)
            .map(|o| (o.obj, o.value.clone()))
            .collect()
    };
    let read = ops_of(false, OpKind::Read);
    let mut written = ops_of(false, OpKind::Write);
    // An :info transaction may or may not have committed. It did if a committed one read
    // what it wrote. If nobody did, it is left out: committed, it reads nothing and could
    // come last in every order, so leaving it out loses no history any level allows —
    // a level holds if it holds for some outcome of the :info transactions, as in Elle.
    let committed: Vec<Completed> = completed
        .into_iter()
        .filter(|c| {
            !c.info
                || c.ops
                    .iter()
                    .any(|o| read.contains(&(o.obj, o.value.clone())))
        })
        .collect();
    for c in committed.iter().filter(|c| c.info) {
        written.extend(c.ops.iter().map(|o| (o.obj, o.value.clone())));
    }
    // Completed transactions per process, in completion order.
    let mut by_process: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (k, c) in committed.into_iter().enumerate() {
        let name = format!("T{}", k + 1);
        let process = c.process.unwrap_or_else(|| format!("anonymous{}", k + 1));
        by_process.entry(process).or_default().push(name.clone());
        let mut ops = Vec::new();
        for o in c.ops {
            let from_failed = (o.kind == OpKind::Read
                && o.value != b.default_initial
                && !written.contains(&(o.obj, o.value.clone())))
            .then(|| failed.get(&(b.objects[o.obj].clone(), o.value.clone())))
            .flatten();
            match from_failed {
                // Kept beside the history: the rest of it stays one that reads are valid in.
                Some(&line) => b.forbidden_reads.push(ForbiddenRead {
                    txn: k,
                    obj: o.obj,
                    message: format!(
                        "T{} reads {} = {}, which only the failed transaction on line {line} writes (an aborted read, G1a)",
                        k + 1,
                        b.objects[o.obj],
                        o.value
                    ),
                    value: o.value,
                    span: o.span,
                }),
                None => ops.push(o),
            }
        }
        b.add_txn(Txn {
            name,
            ops,
            span: Some(c.span),
        });
    }
    for (_, names) in by_process {
        b.sessions
            .push(names.into_iter().map(|n| (n, None)).collect());
    }
    b.finish()
}
