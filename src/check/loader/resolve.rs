//! After declaring: the sig hierarchy (parents, cycles, fields) and the named targets
//! of commands, resolved over the whole model.

use std::collections::HashMap;
use std::sync::Arc;

use crate::check::model::*;
use crate::check::names::Item;
use crate::check::types::Type;
use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::syntax::ast;

use super::Loader;

impl Loader<'_> {
    /// A sig reference (`extends`/`in` parents, `open` arguments, scopes).
    pub(super) fn resolve_sig_name(
        &self,
        from: ModuleId,
        name: &ast::QualName,
    ) -> Result<SigId, Diagnostic> {
        resolve_sig(&self.model, from, name)
    }

    /// Resolve `extends`/`in` parents, check the hierarchy, declare fields.
    pub(super) fn resolve_hierarchy(&mut self) {
        let n = self.model.sigs.len();
        for i in BUILTIN_COUNT as usize..n {
            let sid = SigId(i as u32);
            let sig = &self.model.sigs[i];
            let Some(decl) = sig.decl.clone() else {
                continue;
            };
            let module = sig.module;
            let kind = match &decl.parent {
                None => SigKind::Top,
                Some(ast::SigParent::Extends(p)) => match self.resolve_sig_name(module, p) {
                    Ok(ps) => {
                        let parent = self.model.sig(ps);
                        if matches!(parent.kind, SigKind::Subset { .. }) {
                            self.errors.push(Diagnostic::error(
                                p.span,
                                format!("cannot extend the subset sig `{}`; `extends` needs a sig declared with `sig` or `extends`", parent.label),
                            ));
                            continue;
                        }
                        match ps {
                            UNIV => SigKind::Top,
                            NONE | INT | STRING | SEQ_INT => {
                                self.errors.push(Diagnostic::error(
                                    p.span,
                                    format!("cannot extend the built-in `{}`", parent.label),
                                ));
                                continue;
                            }
                            _ => SigKind::Extends(ps),
                        }
                    }
                    Err(d) => {
                        self.errors.push(d);
                        continue;
                    }
                },
                Some(ast::SigParent::In(ps)) | Some(ast::SigParent::Equal(ps)) => {
                    let equal = matches!(decl.parent, Some(ast::SigParent::Equal(_)));
                    let mut parents = Vec::new();
                    for p in ps {
                        match self.resolve_sig_name(module, p) {
                            Ok(s) if s == NONE => {
                                self.errors.push(Diagnostic::error(
                                    p.span,
                                    "a subset sig cannot be a subset of `none`",
                                ));
                            }
                            Ok(s) => parents.push(s),
                            Err(d) => self.errors.push(d),
                        }
                    }
                    if parents.is_empty() {
                        continue;
                    }
                    SigKind::Subset { parents, equal }
                }
            };
            self.model.sigs[sid.index()].kind = kind;
        }
        // Cycles (`sig A extends B`, `sig B extends A`, or through `in`).
        let on_cycle = self.sigs_on_cycles();
        for (i, cyclic) in on_cycle
            .into_iter()
            .enumerate()
            .skip(BUILTIN_COUNT as usize)
        {
            if cyclic {
                let s = &self.model.sigs[i];
                self.errors.push(Diagnostic::error(
                    s.span,
                    format!("the sig `{}` is its own ancestor", s.label),
                ));
            }
        }
        if !self.errors.is_empty() {
            return;
        }
        for i in BUILTIN_COUNT as usize..n {
            if let SigKind::Extends(p) = self.model.sigs[i].kind {
                self.model.sigs[p.index()].children.push(SigId(i as u32));
            }
        }
        for (module, name) in std::mem::take(&mut self.outside_scope) {
            match self.resolve_sig_name(module, &name) {
                Ok(s)
                    if self.model.sig(s).mult == Some(SigMult::One)
                        && matches!(self.model.sig(s).kind, SigKind::Extends(_)) =>
                {
                    self.model.sigs[s.index()].outside_scope = true;
                }
                Ok(_) => self.errors.push(Diagnostic::error(
                    name.span,
                    "`pred/outsideScope` applies to a `one sig` that extends another sig",
                )),
                Err(d) => self.errors.push(d),
            }
        }
        // Fields, in declaration order.
        for i in BUILTIN_COUNT as usize..n {
            let sid = SigId(i as u32);
            let Some(decl) = self.model.sigs[i].decl.clone() else {
                continue;
            };
            for d in &decl.fields {
                let d_arc = Arc::new(d.clone());
                for name in &d.names {
                    if name.name.contains('$') {
                        self.errors.push(Diagnostic::error(
                            name.span,
                            "a name cannot contain the `$` symbol",
                        ));
                        continue;
                    }
                    let module = self.model.sigs[i].module;
                    // Through the shorter list: the sig's fields, or the module's items
                    // of this name (20,000 sigs with a field `f` each, or one sig with
                    // 20,000 fields).
                    let named = self.model.named_in(module, &name.name);
                    let own = &self.model.sigs[i].fields;
                    let earlier = if own.len() <= named.len() {
                        own.iter()
                            .map(|f| self.model.field(*f))
                            .find(|f| f.name == name.name)
                            .map(|f| f.span)
                    } else {
                        named.iter().find_map(|item| match item {
                            Item::Field(f) if self.model.field(*f).sig == sid => {
                                Some(self.model.field(*f).span)
                            }
                            _ => None,
                        })
                    };
                    if let Some(prev) = earlier {
                        self.errors.push(
                            Diagnostic::error(
                                name.span,
                                format!(
                                    "the sig `{}` already has a field named `{}`",
                                    self.model.sigs[i].label, name.name
                                ),
                            )
                            .with_note(prev, "first declared here"),
                        );
                        continue;
                    }
                    let fid = FieldId(self.model.fields.len() as u32);
                    self.model.fields.push(Field {
                        name: name.name.clone(),
                        sig: sid,
                        private: d.private,
                        span: name.span,
                        decl: d_arc.clone(),
                        ty: Type::empty(0),
                        meta: None,
                    });
                    self.model.sigs[i].fields.push(fid);
                    self.model.index_name(module, &name.name, Item::Field(fid));
                }
            }
        }
        // A field name may repeat only in sigs whose atoms cannot overlap.
        for (a, b) in self.same_name_field_pairs() {
            let (fa, fb) = (self.model.field(a), self.model.field(b));
            let pa = self.model.prim_parents(fa.sig);
            let pb = self.model.prim_parents(fb.sig);
            let overlap = pa.iter().any(|x| {
                pb.iter()
                    .any(|y| self.model.descends(*x, *y) || self.model.descends(*y, *x))
            });
            if overlap {
                let (sa, sb) = (fa.span, fb.span);
                self.errors.push(
                    Diagnostic::error(
                        sb,
                        format!(
                            "the field name `{}` is already used by an overlapping sig",
                            fb.name
                        ),
                    )
                    .with_note(sa, "the other field"),
                );
            }
        }
    }

    /// The pairs of fields (in id order) with one name in one module whose sigs might
    /// overlap: those under a common top-level sig (or `univ`). Comparing every pair of
    /// fields instead was quadratic in the number of fields.
    fn same_name_field_pairs(&self) -> Vec<(FieldId, FieldId)> {
        let model = &self.model;
        let mut pairs: Vec<(FieldId, FieldId)> = Vec::new();
        for module in &model.modules {
            for items in module.names.values() {
                let mut under: HashMap<SigId, Vec<FieldId>> = HashMap::new();
                let mut everywhere: Vec<FieldId> = Vec::new();
                let mut all: Vec<FieldId> = Vec::new();
                for item in items {
                    let Item::Field(f) = *item else { continue };
                    all.push(f);
                    let mut tops: Vec<SigId> = model
                        .prim_parents(model.field(f).sig)
                        .into_iter()
                        .map(|p| model.top_of(p))
                        .collect();
                    tops.sort_unstable();
                    tops.dedup();
                    if tops.iter().any(|t| t.0 < BUILTIN_COUNT) {
                        everywhere.push(f);
                    } else {
                        for t in tops {
                            under.entry(t).or_default().push(f);
                        }
                    }
                }
                for fields in under.values() {
                    for (k, &a) in fields.iter().enumerate() {
                        for &b in &fields[k + 1..] {
                            pairs.push((a.min(b), a.max(b)));
                        }
                    }
                }
                for &a in &everywhere {
                    for &b in &all {
                        if a != b {
                            pairs.push((a.min(b), a.max(b)));
                        }
                    }
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }

    /// Which sigs are their own ancestors: the strongly connected components of the
    /// parent relation with a cycle in them (Tarjan's algorithm, without recursion, so
    /// that a long chain of `extends` costs linear time and no native stack).
    fn sigs_on_cycles(&self) -> Vec<bool> {
        let n = self.model.sigs.len();
        let parents: Vec<Vec<SigId>> = (0..n).map(|i| self.parents_of(SigId(i as u32))).collect();
        const UNVISITED: usize = usize::MAX;
        let mut index = vec![UNVISITED; n];
        let mut low = vec![0; n];
        let mut on_stack = vec![false; n];
        let mut stack: Vec<usize> = Vec::new();
        let mut on_cycle = vec![false; n];
        let mut next = 0;
        for root in 0..n {
            if index[root] != UNVISITED {
                continue;
            }
            // (node, how many of its parents have been followed)
            let mut work: Vec<(usize, usize)> = vec![(root, 0)];
            index[root] = next;
            low[root] = next;
            next += 1;
            stack.push(root);
            on_stack[root] = true;
            while let Some(&mut (v, ref mut k)) = work.last_mut() {
                if let Some(p) = parents[v].get(*k) {
                    *k += 1;
                    let p = p.index();
                    if index[p] == UNVISITED {
                        index[p] = next;
                        low[p] = next;
                        next += 1;
                        stack.push(p);
                        on_stack[p] = true;
                        work.push((p, 0));
                    } else if on_stack[p] {
                        low[v] = low[v].min(index[p]);
                    }
                    continue;
                }
                work.pop();
                if let Some(&(u, _)) = work.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut component = Vec::new();
                    loop {
                        let w = stack.pop().expect("v is on the stack");
                        on_stack[w] = false;
                        component.push(w);
                        if w == v {
                            break;
                        }
                    }
                    let cyclic = component.len() > 1 || parents[v].iter().any(|p| p.index() == v);
                    for w in component {
                        on_cycle[w] = cyclic;
                    }
                }
            }
        }
        on_cycle
    }

    fn parents_of(&self, s: SigId) -> Vec<SigId> {
        match &self.model.sig(s).kind {
            SigKind::Extends(p) => vec![*p],
            SigKind::Subset { parents, .. } => parents.clone(),
            _ => Vec::new(),
        }
    }

    pub(super) fn resolve_commands(&mut self) {
        let root = ModuleId(0);
        for (i, target) in std::mem::take(&mut self.command_targets)
            .into_iter()
            .enumerate()
        {
            let Some(name) = target else { continue };
            let is_check = self.model.commands[i].kind == ast::CommandKind::Check;
            // `run p` / `check a` do not overload: the root module first, then the rest.
            let mut found: Vec<crate::check::names::Item> =
                crate::check::names::items_in(&self.model, root, name.last(), root)
                    .into_iter()
                    .filter(|it| match it {
                        crate::check::names::Item::Func(_) => !is_check,
                        crate::check::names::Item::Assert(_) => is_check,
                        _ => false,
                    })
                    .collect();
            if found.is_empty() || name.parts.len() > 1 {
                found = crate::check::names::lookup(&self.model, root, &name.parts)
                    .into_iter()
                    .filter(|it| match it {
                        crate::check::names::Item::Func(_) => !is_check,
                        crate::check::names::Item::Assert(_) => is_check,
                        _ => false,
                    })
                    .collect();
            }
            match found.as_slice() {
                [crate::check::names::Item::Func(f)] => {
                    self.model.commands[i].body = CommandBody::Pred(*f)
                }
                [crate::check::names::Item::Assert(a)] => {
                    self.model.commands[i].body = CommandBody::Assert(*a)
                }
                [] => {
                    let what = if is_check { "assertion" } else { "pred or fun" };
                    let mut d = Diagnostic::error(
                        name.span,
                        format!("there is no {what} named `{}`", name.joined()),
                    );
                    // The user's own names first: a library's `first` should not
                    // shadow their `myFirst`.
                    let candidates = |own: bool| -> Vec<String> {
                        if is_check {
                            self.model
                                .asserts
                                .iter()
                                .filter(|a| !own || a.module == root)
                                .filter_map(|a| a.name.clone())
                                .collect()
                        } else {
                            self.model
                                .funcs
                                .iter()
                                .filter(|f| !own || f.module == root)
                                .map(|f| f.name.clone())
                                .collect()
                        }
                    };
                    let suggestion = [true, false].into_iter().find_map(|own| {
                        did_you_mean(name.last(), candidates(own).iter().map(|s| s.as_str()))
                    });
                    if let Some(s) = suggestion {
                        d = d.with_help(format!("did you mean `{s}`?"));
                    }
                    self.errors.push(d);
                }
                _ => {
                    self.errors.push(Diagnostic::error(
                        name.span,
                        format!(
                            "the name `{}` is ambiguous: several preds or funs have it",
                            name.joined()
                        ),
                    ));
                }
            }
        }
    }
}

/// Resolve a name that must denote a sig (including builtins and module parameters).
pub fn resolve_sig(
    model: &Model,
    from: ModuleId,
    name: &ast::QualName,
) -> Result<SigId, Diagnostic> {
    let joined = name.joined();
    match joined.as_str() {
        "univ" => return Ok(UNIV),
        "none" => return Ok(NONE),
        "Int" => return Ok(INT),
        "String" => return Ok(STRING),
        "seq/Int" => return Ok(SEQ_INT),
        _ => {}
    }
    let sigs: Vec<SigId> = crate::check::names::lookup(model, from, &name.parts)
        .into_iter()
        .filter_map(|it| match it {
            crate::check::names::Item::Sig(s) => Some(s),
            _ => None,
        })
        .collect();
    match sigs.as_slice() {
        [s] => Ok(*s),
        [] => {
            let mut d = Diagnostic::error(name.span, format!("there is no sig named `{joined}`"));
            let sigs_of = |m: ModuleId| -> Vec<String> {
                model
                    .module(m)
                    .sigs
                    .iter()
                    .map(|s| model.sig(*s).name.clone())
                    .collect()
            };
            // The module's own sigs first, then the ones it opens.
            let own = sigs_of(from);
            let names: Vec<String> = crate::check::names::nameable(model, from)
                .into_iter()
                .flat_map(sigs_of)
                .collect();
            let suggestion = did_you_mean(name.last(), own.iter().map(|s| s.as_str()))
                .or_else(|| did_you_mean(name.last(), names.iter().map(|s| s.as_str())));
            if let Some(s) = suggestion {
                d = d.with_help(format!("did you mean `{s}`?"));
            }
            Err(d)
        }
        many => {
            let labels: Vec<String> = many
                .iter()
                .map(|s| format!("`{}`", model.sig(*s).label))
                .collect();
            Err(Diagnostic::error(
                name.span,
                format!(
                    "the sig name `{joined}` is ambiguous: it could be {}",
                    labels.join(" or ")
                ),
            )
            .with_help("qualify it with the module alias, e.g. `alias/Name`"))
        }
    }
}
