//! Building a [`History`] from the transactions a reader meets, whatever the format: the
//! notation and JSON (`parse.rs`) and EDN (`edn.rs`) all hand their transactions here.

use std::collections::{BTreeMap, HashMap};

use crate::diagnostic::{Diagnostic, Errors, Span};

use super::history::{ForbiddenRead, History, Txn};

/// A transaction named in a session or an order, with where.
pub(super) type Named = (String, Option<Span>);

/// Collects transactions, objects and sessions while a parser reads them.
#[derive(Default)]
pub(super) struct Builder {
    pub txns: Vec<Txn>,
    pub objects: Vec<String>,
    pub initial: BTreeMap<usize, String>,
    /// Sessions by transaction name, with the span of each mention.
    pub sessions: Vec<Vec<(String, Option<Span>)>>,
    pub default_initial: String,
    pub errors: Vec<Diagnostic>,
    pub forbidden_reads: Vec<ForbiddenRead>,
    /// Recorded version orders: object, writers by name in order, the line's span.
    pub version_orders: Vec<(usize, Vec<Named>)>,
    /// Indices of `objects` and `txns` by name: histories of 10⁵ transactions are read
    /// in linear time.
    pub object_index: HashMap<String, usize>,
    pub txn_index: HashMap<String, usize>,
}

impl Builder {
    pub fn object(&mut self, name: &str) -> usize {
        if let Some(&i) = self.object_index.get(name) {
            return i;
        }
        self.objects.push(name.to_string());
        self.object_index
            .insert(name.to_string(), self.objects.len() - 1);
        self.objects.len() - 1
    }

    pub fn add_txn(&mut self, txn: Txn) {
        if let Some(old) = self.txn_index.get(&txn.name).map(|&i| &self.txns[i]) {
            let mut d = error_at(
                txn.span,
                format!("transaction {} is defined twice", txn.name),
            );
            if let Some(s) = old.span {
                d = d.with_note(s, "first defined here");
            }
            self.errors.push(d);
            return;
        }
        self.txn_index.insert(txn.name.clone(), self.txns.len());
        self.txns.push(txn);
    }

    pub fn finish(mut self) -> Result<History, Errors> {
        let mut placed: BTreeMap<usize, Option<Span>> = BTreeMap::new();
        let mut sessions = Vec::new();
        for s in std::mem::take(&mut self.sessions) {
            let mut session = Vec::new();
            for (name, span) in s {
                let Some(&t) = self.txn_index.get(&name) else {
                    self.errors.push(error_at(
                        span,
                        format!("session names {name}, which no line defines"),
                    ));
                    continue;
                };
                if let Some(first) = placed.insert(t, span) {
                    let mut d =
                        error_at(span, format!("{name} is in two sessions (or twice in one)"));
                    if let Some(f) = first {
                        d = d.with_note(f, "first placed here");
                    }
                    self.errors.push(d);
                    continue;
                }
                session.push(t);
            }
            if !session.is_empty() {
                sessions.push(session);
            }
        }
        for t in 0..self.txns.len() {
            if !placed.contains_key(&t) {
                sessions.push(vec![t]);
            }
        }
        let mut version_orders = Vec::new();
        for (x, chain) in std::mem::take(&mut self.version_orders) {
            let mut order: Vec<usize> = Vec::new();
            for (name, span) in chain {
                let Some(&t) = self.txn_index.get(&name) else {
                    self.errors.push(error_at(
                        span,
                        format!(
                            "the order of {} names {name}, which no line defines",
                            self.objects[x]
                        ),
                    ));
                    continue;
                };
                let writes = self.txns[t]
                    .ops
                    .iter()
                    .any(|o| o.obj == x && o.kind == super::history::OpKind::Write);
                if !writes {
                    self.errors.push(error_at(
                        span,
                        format!(
                            "{name} does not write {}: only writers have versions",
                            self.objects[x]
                        ),
                    ));
                } else if order.contains(&t) {
                    self.errors.push(error_at(
                        span,
                        format!("{name} is twice in the order of {}", self.objects[x]),
                    ));
                } else {
                    order.push(t);
                }
            }
            version_orders.push((x, order));
        }
        if !self.errors.is_empty() {
            return Err(Errors(self.errors));
        }
        let initial = (0..self.objects.len())
            .map(|x| {
                self.initial
                    .get(&x)
                    .cloned()
                    .unwrap_or_else(|| self.default_initial.clone())
            })
            .collect();
        Ok(History {
            txns: self.txns,
            sessions,
            objects: self.objects,
            initial,
            forbidden_reads: self.forbidden_reads,
            version_orders,
        })
    }
}

pub(super) fn error_at(span: Option<Span>, message: String) -> Diagnostic {
    match span {
        Some(s) => Diagnostic::error(s, message),
        None => Diagnostic::global(message),
    }
}
