//! Name lookup across module instances: aliases, visibility, nameable modules.

use super::model::*;

// An entry of the model's name index, so part of the model's data.
pub use super::model::Item;

/// `m` and every module reachable through opens: `m`'s own private opens count, deeper
/// private opens do not.
pub fn nameable(model: &Model, m: ModuleId) -> Vec<ModuleId> {
    let mut out = vec![m];
    let mut i = 0;
    while i < out.len() {
        let cur = out[i];
        for e in &model.module(cur).opens {
            if (cur == m || !e.private) && !out.contains(&e.module) {
                out.push(e.module);
            }
        }
        i += 1;
    }
    out
}

/// Items named `name` declared in module `m` that module `from` may see.
pub fn items_in(model: &Model, m: ModuleId, name: &str, from: ModuleId) -> Vec<Item> {
    let module = model.module(m);
    let visible = |private: bool| !private || m == from;
    let mut out = Vec::new();
    // A module's parameters are names inside it only, as in Alloy: `open
    // util/ordering[A]` does not give its opener a name `elem`.
    if m == from {
        for (formal, actual) in &module.params {
            if formal == name {
                out.push(Item::Sig(*actual));
            }
        }
    }
    for &item in model.named_in(m, name) {
        let seen = match item {
            Item::Sig(s) => visible(model.sig(s).private),
            Item::Field(f) => visible(model.field(f).private),
            Item::Func(f) => visible(model.func(f).private),
            Item::Macro(i) => visible(model.macros[i].private),
            Item::Assert(_) => true,
        };
        if seen {
            out.push(item);
        }
    }
    out
}

/// Follow an alias path (`o` or `a/b`) from module `from`.
fn follow_aliases(model: &Model, from: ModuleId, aliases: &[String]) -> Option<ModuleId> {
    let mut cur = from;
    for (i, a) in aliases.iter().enumerate() {
        let edge = model
            .module(cur)
            .opens
            .iter()
            .find(|e| &e.alias == a && (i == 0 || !e.private))?;
        cur = edge.module;
    }
    Some(cur)
}

/// Every item a (possibly qualified) name can denote from module `from`, without
/// duplicates. Local variables are the caller's business (they shadow all of this).
pub fn lookup(model: &Model, from: ModuleId, parts: &[String]) -> Vec<Item> {
    let mut out: Vec<Item> = Vec::new();
    let push = |items: Vec<Item>, out: &mut Vec<Item>| {
        for it in items {
            if !out.contains(&it) {
                out.push(it);
            }
        }
    };
    let name = parts.last().map_or("", |s| s.as_str());
    if parts.len() >= 2 {
        let quals = &parts[..parts.len() - 1];
        if quals.len() == 1 && quals[0] == "this" {
            push(items_in(model, from, name, from), &mut out);
            return out;
        }
        if let Some(m) = follow_aliases(model, from, quals) {
            push(items_in(model, m, name, from), &mut out);
            if !out.is_empty() {
                return out;
            }
        }
        // A qualifier may also be the path a module was opened with (`util/ordering/first`).
        let joined = quals.join("/");
        for m in nameable(model, from) {
            let key = &model.module(m).key;
            if key.ends_with(&format!(":{joined}")) || key.ends_with(&format!("/{joined}.als")) {
                push(items_in(model, m, name, from), &mut out);
            }
        }
        if !out.is_empty() {
            return out;
        }
        // As Alloy does, fall back to an unqualified search.
    }
    for m in nameable(model, from) {
        push(items_in(model, m, name, from), &mut out);
    }
    out
}

/// All names visible from `from` (for "did you mean" and completion).
pub fn visible_names(model: &Model, from: ModuleId) -> Vec<String> {
    let mut out: Vec<String> = nameable(model, from)
        .into_iter()
        .flat_map(|m| module_names(model, m))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The names module `m` itself declares (for suggestions, which prefer the user's own).
pub fn module_names(model: &Model, m: ModuleId) -> Vec<String> {
    let mut out = Vec::new();
    let module = model.module(m);
    for (p, _) in &module.params {
        out.push(p.clone());
    }
    for s in &module.sigs {
        out.push(model.sig(*s).name.clone());
        for f in &model.sig(*s).fields {
            out.push(model.field(*f).name.clone());
        }
    }
    for f in &module.funcs {
        out.push(model.func(*f).name.clone());
    }
    for i in &module.macros {
        out.push(model.macros[*i].name.clone());
    }
    out
}
