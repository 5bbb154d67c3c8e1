//! Which levels read the session order. A history whose session order contradicts its
//! reads (T2 follows T1 in a session, yet T1 reads T2's write) has no execution under any
//! level that reads `so`; a level that never does is decided the same with any session
//! order, so `classify` decides it on the history without its sessions.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use crate::check::stdlib;
use crate::diagnostic::FileId;
use crate::syntax::ast::{self, ExprKind, Module, Paragraph};

/// The history's session order in the library (`stdlib/isolation/histories.als`).
const SESSION_ORDER: &str = "so";

/// Does the library's `level` reach `so` through the preds, funs and macros it calls?
/// Read from the library's text by name, so an over-approximation: names are merged
/// across modules, and any mention counts.
pub fn uses_sessions(level: &str) -> bool {
    static MENTIONS: OnceLock<BTreeMap<String, BTreeSet<String>>> = OnceLock::new();
    let mentions = MENTIONS.get_or_init(library_mentions);
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    let mut todo = vec![level];
    while let Some(name) = todo.pop() {
        if name == SESSION_ORDER {
            return true;
        }
        if !seen.insert(name) {
            continue;
        }
        if let Some(names) = mentions.get(name) {
            todo.extend(names.iter().map(String::as_str));
        }
    }
    false
}

/// For each pred, fun and macro of the isolation library, the names its parameters and
/// body mention (the last part of qualified names).
fn library_mentions() -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in stdlib::MODULES {
        if !(*path == "isolation" || path.starts_with("isolation/")) {
            continue;
        }
        // The bundled library parses (tests/isolation_examples.rs loads every module).
        let Ok(module) = crate::syntax::parse_module(text, FileId(0)) else {
            continue;
        };
        for p in &module.paragraphs {
            let name = match p {
                Paragraph::Pred(d) => d.name.name.clone(),
                Paragraph::Fun(d) => d.name.name.clone(),
                Paragraph::Macro(d) => d.name.name.clone(),
                _ => continue,
            };
            let alone = Module {
                header: None,
                opens: Vec::new(),
                paragraphs: vec![p.clone()],
            };
            let names = out.entry(name).or_default();
            ast::visit_exprs(&alone, &mut |e| {
                if let ExprKind::Name(q) = &e.kind
                    && let Some(last) = q.parts.last()
                {
                    names.insert(last.clone());
                }
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::uses_sessions;

    #[test]
    fn session_levels_are_told_from_the_others() {
        // Named after sessions, or defined through `so`, `causal` or a commit order
        // that extends `so`.
        for level in [
            "SER",
            "SI",
            "CC",
            "RA",
            "CeroneSER",
            "AdyaSER",
            "CrooksSessionSER",
        ] {
            assert!(uses_sessions(level), "{level}");
        }
        // Adya's PL levels and Crooks's non-session levels never look at sessions.
        for level in ["AdyaPL1", "AdyaPL2", "AdyaPL3", "CrooksSER", "CrooksSI"] {
            assert!(!uses_sessions(level), "{level}");
        }
    }
}
