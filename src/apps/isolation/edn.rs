//! Jepsen/Elle histories of read-write register and list-append transactions, one EDN
//! map per line (format in the `parse` module doc). `:ok` transactions committed and
//! `:fail` ones did not (a read of what only they wrote is an aborted read); an `:info`
//! one may have: it is kept when someone read its writes.
//!
//! List-append, Elle's main workload: `[:append k v]` appends v to the list at k, and
//! `[:r k [v1 … vn]]` reads the whole list. As registers, an append writes the version
//! v of k and a read reads the version of its last element (the initial one when the
//! list is empty). The lists show more than which version was read: the order of the
//! appends, which Elle infers and so does this reader — all reads of k must be prefixes
//! of the longest one (else the history is impossible: incompatible orders), and the
//! appenders of its elements, in order, are k's recorded version order
//! (`History::version_orders`), which every level's witness order must contain.

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

/// One micro-operation `[:r key value]` / `[:w key value]` / `[:append key value]` /
/// `[:r key [values]]`, with the list a list read returned, or what is wrong with it.
fn micro_op(
    b: &mut Builder,
    m: &Value,
    span: Span,
) -> Result<(Op, Option<Vec<String>>, bool), &'static str> {
    const SHAPE: &str = "every micro-operation is [:r key value], [:w key value], [:append key value] or [:r key [values]]";
    let parts = match m {
        Value::Vector(p) | Value::List(p) if p.len() == 3 => p,
        _ => return Err(SHAPE),
    };
    let f = atom(&parts[0]);
    let kind = match f.as_deref() {
        Some("r") => OpKind::Read,
        Some("w" | "append") => OpKind::Write,
        _ => return Err(SHAPE),
    };
    let Some(k) = atom(&parts[1]) else {
        return Err("keys and values are keywords, numbers or strings");
    };
    // A list read: its value as a register is its last element's version.
    let list = match &parts[2] {
        Value::Vector(vs) | Value::List(vs) if kind == OpKind::Read => Some(
            vs.iter()
                .map(atom)
                .collect::<Option<Vec<String>>>()
                .ok_or("list elements are keywords, numbers or strings")?,
        ),
        _ => None,
    };
    let v = match &list {
        Some(l) => l.last().cloned().unwrap_or_else(|| "nil".to_string()),
        None => atom(&parts[2]).ok_or("keys and values are keywords, numbers or strings")?,
    };
    if kind == OpKind::Write && v == "nil" {
        return Err("a write of nil: nil is every object's initial value");
    }
    let is_list = f.as_deref() == Some("append") || list.is_some();
    Ok((
        Op {
            kind,
            obj: b.object(&k),
            value: v,
            span: Some(span),
        },
        list,
        is_list,
    ))
}

/// A completed transaction as read, before `:info` ones are decided on.
struct Completed {
    info: bool,
    ops: Vec<Op>,
    /// Per operation, the list a list read returned.
    lists: Vec<Option<Vec<String>>>,
    span: Span,
    process: Option<String>,
}

pub fn parse_edn(file: FileId, text: &str) -> Result<History, Errors> {
    let mut b = Builder {
        default_initial: "nil".into(),
        ..Builder::default()
    };
    let mut completed: Vec<Completed> = Vec::new();
    // Whether each key (by name) is a list; a key is one or the other.
    let mut list_keys: BTreeMap<String, bool> = BTreeMap::new();
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
        let parsed: Result<Vec<_>, &str> = mops.iter().map(|m| micro_op(into, m, span)).collect();
        let parsed = match parsed {
            Ok(parsed) => parsed,
            Err(message) => {
                b.errors.push(Diagnostic::error(span, message));
                continue;
            }
        };
        let mut ops = Vec::new();
        let mut lists = Vec::new();
        let mut kinds_clash = None;
        for (op, list, is_list) in parsed {
            let name = if typ == "fail" {
                &scratch.objects[op.obj]
            } else {
                &b.objects[op.obj]
            };
            if *list_keys.entry(name.clone()).or_insert(is_list) != is_list {
                kinds_clash = Some(name.clone());
            }
            ops.push(op);
            lists.push(list);
        }
        if let Some(k) = kinds_clash {
            b.errors.push(Diagnostic::error(
                span,
                format!("key {k} is read or written both as a register and as a list"),
            ));
            continue;
        }
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
            lists.retain(|_| false);
            ops.retain(|o| o.kind == OpKind::Write);
            lists.resize(ops.len(), None);
        }
        completed.push(Completed {
            info: typ == "info",
            ops,
            lists,
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
    let mut read = ops_of(false, OpKind::Read);
    // Every element of a list read was read: its append happened.
    for c in completed.iter().filter(|c| !c.info) {
        for (o, list) in c.ops.iter().zip(&c.lists) {
            for e in list.iter().flatten() {
                read.insert((o.obj, e.clone()));
            }
        }
    }
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
    // List reads by committed transactions: (transaction, object, list, span).
    let mut list_reads: Vec<ListRead> = Vec::new();
    // Appenders of each (object, element) among committed transactions.
    let mut appenders: BTreeMap<(usize, String), Vec<usize>> = BTreeMap::new();
    for (k, c) in committed.iter().enumerate() {
        for (o, list) in c.ops.iter().zip(&c.lists) {
            if let Some(list) = list {
                list_reads.push((k, o.obj, list.clone(), o.span));
            } else if o.kind == OpKind::Write && list_keys.get(&b.objects[o.obj]) == Some(&true) {
                let ws = appenders.entry((o.obj, o.value.clone())).or_default();
                if ws.last() != Some(&k) {
                    ws.push(k);
                }
            }
        }
    }
    let (orders, mut list_faults) = version_orders(&b, &list_reads, &appenders, &failed);
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
            // A list read that no order of the appends explains.
            if let Some(i) = list_faults
                .iter()
                .position(|f| f.txn == k && f.obj == o.obj && f.span == o.span)
            {
                b.forbidden_reads.push(list_faults.swap_remove(i));
                continue;
            }
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
    for (x, chain) in orders {
        let names = chain
            .iter()
            .map(|t| (format!("T{}", t + 1), None))
            .collect();
        b.version_orders.push((x, names));
    }
    b.finish()
}

/// A committed transaction's list read: (transaction, object, the list, the read).
type ListRead = (usize, usize, Vec<String>, Option<Span>);

/// Per list key, the version order its longest read shows (the appenders of its
/// elements in order, a transaction's consecutive appends one version; then each
/// appender of an element no read shows, after them), and the reads
/// no order explains, as forbidden reads: a read that is not a prefix of the longest,
/// an element appended by no committed transaction (by a failed one: an aborted read;
/// by none: thin air) or appended twice, a transaction whose appends another's
/// interleave.
fn version_orders(
    b: &Builder,
    list_reads: &[ListRead],
    appenders: &BTreeMap<(usize, String), Vec<usize>>,
    failed: &BTreeMap<(String, String), usize>,
) -> (Vec<(usize, Vec<usize>)>, Vec<ForbiddenRead>) {
    let show = |l: &[String]| format!("[{}]", l.join(" "));
    let mut faults = Vec::new();
    let mut orders = Vec::new();
    let mut by_object: BTreeMap<usize, Vec<&ListRead>> = BTreeMap::new();
    for r in list_reads {
        by_object.entry(r.1).or_default().push(r);
    }
    for (x, reads) in by_object {
        let name = &b.objects[x];
        let longest = reads
            .iter()
            .max_by_key(|r| r.2.len())
            .expect("a read of the object");
        let fault = |r: &ListRead, why: String| ForbiddenRead {
            txn: r.0,
            obj: x,
            value: r.2.last().cloned().unwrap_or_else(|| "nil".into()),
            span: r.3,
            message: format!("T{} reads {name} = {}, {why}", r.0 + 1, show(&r.2)),
        };
        let mut broken = false;
        for r in &reads {
            if !longest.2.starts_with(&r.2) {
                faults.push(fault(
                    r,
                    format!(
                        "but T{} reads {name} = {}: no order of {name}'s appends gives both (incompatible orders)",
                        longest.0 + 1,
                        show(&longest.2)
                    ),
                ));
                broken = true;
            }
        }
        let mut chain: Vec<usize> = Vec::new();
        let mut seen = BTreeSet::new();
        for e in &longest.2 {
            let first_reader = reads
                .iter()
                .find(|r| r.2.contains(e))
                .expect("the longest read contains it");
            if !seen.insert(e.clone()) {
                faults.push(fault(first_reader, format!("in which {e} appears twice")));
                broken = true;
                break;
            }
            let who = appenders
                .get(&(x, e.clone()))
                .map_or(&[][..], Vec::as_slice);
            let t = match who {
                [t] => *t,
                [] => {
                    let why = match failed.get(&(name.clone(), e.clone())) {
                        Some(line) => format!(
                            "whose {e} only the failed transaction on line {line} appends (an aborted read, G1a)"
                        ),
                        None => format!("whose {e} no transaction appends"),
                    };
                    faults.push(fault(first_reader, why));
                    broken = true;
                    break;
                }
                _ => {
                    faults.push(fault(
                        first_reader,
                        format!("whose {e} several transactions append"),
                    ));
                    broken = true;
                    break;
                }
            };
            if chain.last() == Some(&t) {
                continue;
            }
            if chain.contains(&t) {
                faults.push(fault(
                    first_reader,
                    format!(
                        "where another transaction's append comes between T{}'s (a dirty write, G0)",
                        t + 1
                    ),
                ));
                broken = true;
                break;
            }
            chain.push(t);
        }
        if broken || chain.is_empty() {
            continue;
        }
        // Appends no read shows come after all that the longest shows: the list only
        // grows, so an earlier one would be in it. They stay unordered among themselves.
        let last = *chain.last().expect("a non-empty chain");
        let mut later = BTreeSet::new();
        for ((y, e), ts) in appenders.range((x, String::new())..) {
            if *y != x {
                break;
            }
            if seen.contains(e) {
                continue;
            }
            for &t in ts {
                if t == last {
                    continue;
                }
                if chain.contains(&t) {
                    faults.push(fault(
                        longest,
                        format!(
                            "and T{}'s append of {e} comes after it, with another transaction's between (a dirty write, G0)",
                            t + 1
                        ),
                    ));
                    broken = true;
                }
                later.insert(t);
            }
        }
        if broken {
            continue;
        }
        orders.push((x, chain));
        for t in later {
            orders.push((x, vec![last, t]));
        }
    }
    (orders, faults)
}
