//! Jepsen/Elle histories of read-write register transactions, one EDN map per line
//! (format in the `parse` module doc).

use std::collections::BTreeMap;

use edn_format::{Keyword, Value};

use crate::diagnostic::{Diagnostic, Errors, FileId, Span};

use super::builder::Builder;
use super::history::{History, Op, OpKind, Txn};

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

pub fn parse_edn(file: FileId, text: &str) -> Result<History, Errors> {
    let mut b = Builder {
        default_initial: "nil".into(),
        ..Builder::default()
    };
    // Completed transactions per process, in completion order.
    let mut by_process: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut offset = 0;
    let mut count = 0;
    for raw in text.split_inclusive('\n') {
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
            "invoke" | "fail" => continue,
            "ok" | "info" => {}
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
        let ops: Result<Vec<Op>, &str> = mops.iter().map(|m| micro_op(&mut b, m, span)).collect();
        let ops = match ops {
            Ok(ops) => ops,
            Err(message) => {
                b.errors.push(Diagnostic::error(span, message));
                continue;
            }
        };
        if typ == "info" {
            if ops.iter().any(|o| o.kind == OpKind::Write) {
                b.errors.push(Diagnostic::error(span, "an :info transaction that writes may or may not have committed").with_help("solder classifies one history at a time: decide whether it committed (:ok) or not (remove it), and run classify on each"));
            }
            // An :info read-only transaction's reads are unknown: nothing to add.
            continue;
        }
        count += 1;
        let name = format!("T{count}");
        let process = get("process")
            .and_then(atom)
            .unwrap_or_else(|| format!("anonymous{count}"));
        by_process.entry(process).or_default().push(name.clone());
        b.add_txn(Txn {
            name,
            ops,
            span: Some(span),
        });
    }
    for (_, names) in by_process {
        b.sessions
            .push(names.into_iter().map(|n| (n, None)).collect());
    }
    b.finish()
}
