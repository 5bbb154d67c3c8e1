//! Building a [`History`] from the transactions a reader meets, whatever the format: the
//! notation and JSON (`parse.rs`) and EDN (`edn.rs`) all hand their transactions here.

use std::collections::BTreeMap;

use crate::diagnostic::{Diagnostic, Errors, Span};

use super::history::{ForbiddenRead, History, Txn};

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
}

impl Builder {
    pub fn object(&mut self, name: &str) -> usize {
        match self.objects.iter().position(|o| o == name) {
            Some(i) => i,
            None => {
                self.objects.push(name.to_string());
                self.objects.len() - 1
            }
        }
    }

    pub fn add_txn(&mut self, txn: Txn) {
        if let Some(old) = self.txns.iter().find(|t| t.name == txn.name) {
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
        self.txns.push(txn);
    }

    pub fn finish(mut self) -> Result<History, Errors> {
        let mut placed: BTreeMap<usize, Option<Span>> = BTreeMap::new();
        let mut sessions = Vec::new();
        for s in std::mem::take(&mut self.sessions) {
            let mut session = Vec::new();
            for (name, span) in s {
                let Some(t) = self.txns.iter().position(|t| t.name == name) else {
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
        })
    }
}

pub(super) fn error_at(span: Option<Span>, message: String) -> Diagnostic {
    match span {
        Some(s) => Diagnostic::error(s, message),
        None => Diagnostic::global(message),
    }
}
