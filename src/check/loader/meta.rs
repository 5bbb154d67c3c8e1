//! Alloy's meta-model, added when a model names it: `abstract sig sig$` with a
//! `one sig A$ extends sig$` for every sig, `abstract sig field$` with a
//! `one sig A$f extends field$` for every field, and the defined fields `value`, `fields`,
//! `subfields` and `parent` (see `MetaValue`). As in Alloy, a `$` anywhere in a name of a
//! user's file switches it on, and the meta sigs of a sig live in that sig's module.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::diagnostic::{FileId, Span};
use crate::syntax::ast;
use crate::syntax::lexer::{Tok, tokenize};

use super::super::model::*;
use super::Loader;

impl Loader<'_> {
    /// Whether a file of the user's (not the bundled library) has a name with `$`.
    pub(super) fn mentions_meta(&self) -> bool {
        let mut files: HashSet<FileId> = HashSet::new();
        for m in &self.model.modules {
            if m.is_stdlib {
                continue;
            }
            files.insert(m.file);
            // The REPL's session is one module assembled from many inputs.
            files.extend(m.ast.opens.iter().map(|o| o.span.file));
            files.extend(m.ast.paragraphs.iter().map(|p| paragraph_span(p).file));
        }
        files.into_iter().any(|f| {
            tokenize(self.sources.text(f), f).is_ok_and(|tokens| {
                tokens
                    .iter()
                    .any(|t| matches!(t.tok, Tok::Ident(x) if x.contains('$')))
            })
        })
    }

    /// Declare the meta sigs and their defined fields (after the hierarchy and fields).
    pub(super) fn add_meta_model(&mut self) {
        let root = ModuleId(0);
        let span = Span::new(self.model.module(root).file, 0, 0);
        let user_sigs: Vec<SigId> = (BUILTIN_COUNT as usize..self.model.sigs.len())
            .map(|i| SigId(i as u32))
            .collect();
        let first = SigId(self.model.sigs.len() as u32);
        let sig_meta = self.meta_sig(root, "sig$".into(), true, None, false, span);
        let field_meta = self.meta_sig(root, "field$".into(), true, None, false, span);
        let mut sig_of: Vec<Option<SigId>> = vec![None; self.model.sigs.len()];
        let mut field_of: HashMap<FieldId, SigId> = HashMap::new();
        // Alloy's `static$` and `var$`: the meta atoms of what does not and does change.
        let (mut fixed, mut varying) = (Vec::new(), Vec::new());
        for &s in &user_sigs {
            let sig = self.model.sig(s);
            let (module, private, name) = (sig.module, sig.private, sig.name.clone());
            let fields = sig.fields.clone();
            let meta = self.meta_sig(
                module,
                format!("{name}$"),
                false,
                Some(sig_meta),
                private,
                span,
            );
            sig_of[s.index()] = Some(meta);
            if self.model.sig(s).is_var() {
                varying.push(meta);
            } else {
                fixed.push(meta);
            }
            for f in fields {
                let field = self.model.field(f);
                let private = private || field.private;
                let label = format!("{name}${}", field.name);
                let fm = self.meta_sig(module, label, false, Some(field_meta), private, span);
                field_of.insert(f, fm);
                if self.is_var_field(f) {
                    varying.push(fm);
                } else {
                    fixed.push(fm);
                }
                self.meta_field(fm, "value", MetaValue::Field(f), self.is_var_field(f), span);
            }
        }
        for &s in &user_sigs {
            let Some(meta) = sig_of[s.index()] else {
                continue;
            };
            let own: Vec<SigId> = self
                .model
                .sig(s)
                .fields
                .iter()
                .map(|f| field_of[f])
                .collect();
            let mut sub = own.clone();
            for d in self.descendants(s) {
                sub.extend(self.model.sig(d).fields.iter().map(|f| field_of[f]));
            }
            let parent = match self.model.sig(s).kind {
                SigKind::Extends(p) => sig_of[p.index()].into_iter().collect(),
                _ => Vec::new(),
            };
            let var = self.model.sig(s).is_var();
            self.meta_field(meta, "value", MetaValue::Sig(s), var, span);
            self.meta_field(meta, "fields", MetaValue::Atoms(own), false, span);
            self.meta_field(meta, "subfields", MetaValue::Atoms(sub), false, span);
            self.meta_field(meta, "parent", MetaValue::Atoms(parent), false, span);
        }
        for (name, members) in [("static$", fixed), ("var$", varying)] {
            let empty = members.is_empty();
            let sid = self.meta_sig(root, name.into(), false, None, false, span);
            self.model.sigs[sid.index()].kind = if empty {
                SigKind::Subset {
                    parents: vec![sig_meta],
                    equal: false,
                }
            } else {
                SigKind::Subset {
                    parents: members,
                    equal: true,
                }
            };
            if empty {
                self.meta_fact(name, span);
            }
        }
        // An abstract sig without children may hold atoms: say that these do not.
        if user_sigs.is_empty() {
            self.meta_fact("sig$", span);
        }
        if field_of.is_empty() {
            self.meta_fact("field$", span);
        }
        self.model.meta = Some(MetaModel {
            sig: sig_meta,
            field: field_meta,
            first,
        });
    }

    fn is_var_field(&self, f: FieldId) -> bool {
        self.model.field(f).decl.var.is_some()
    }

    fn descendants(&self, s: SigId) -> Vec<SigId> {
        let mut out = Vec::new();
        let mut todo = self.model.sig(s).children.clone();
        while let Some(c) = todo.pop() {
            out.push(c);
            todo.extend(self.model.sig(c).children.iter().copied());
        }
        out.sort();
        out
    }

    fn meta_sig(
        &mut self,
        module: ModuleId,
        name: String,
        is_abstract: bool,
        parent: Option<SigId>,
        private: bool,
        span: Span,
    ) -> SigId {
        let prefix = &self.model.module(module).prefix;
        let label = if prefix.is_empty() {
            name.clone()
        } else {
            format!("{prefix}/{name}")
        };
        let sid = SigId(self.model.sigs.len() as u32);
        self.model.sigs.push(Sig {
            name: name.clone(),
            label,
            module,
            kind: parent.map_or(SigKind::Top, SigKind::Extends),
            is_abstract,
            mult: parent.map(|_| SigMult::One),
            private,
            span,
            fields: Vec::new(),
            children: Vec::new(),
            fact: None,
            enum_values: None,
            forced_exact: false,
            outside_scope: false,
            decl: None,
        });
        if let Some(p) = parent {
            self.model.sigs[p.index()].children.push(sid);
        }
        self.model.modules[module.index()].sigs.push(sid);
        self.model.index_name(module, &name, Item::Sig(sid));
        sid
    }

    fn meta_field(&mut self, sig: SigId, name: &str, value: MetaValue, var: bool, span: Span) {
        let ident = ast::Ident {
            name: name.to_string(),
            span,
        };
        let decl = ast::Decl {
            private: false,
            disj: false,
            names: vec![ident],
            disj_bound: false,
            defined: true,
            var: var.then_some(span),
            bound: ast::Expr {
                kind: ast::ExprKind::None,
                span,
            },
            span,
        };
        let fid = FieldId(self.model.fields.len() as u32);
        let module = self.model.sig(sig).module;
        self.model.fields.push(Field {
            name: name.to_string(),
            sig,
            // Alloy declares these fields public even on a private sig's meta atom.
            private: false,
            span,
            decl: Arc::new(decl),
            ty: Type::empty(0),
            meta: Some(value),
        });
        self.model.sigs[sig.index()].fields.push(fid);
        self.model.index_name(module, name, Item::Field(fid));
    }

    /// `fact { no sig$ }` in the root module.
    fn meta_fact(&mut self, sig: &str, span: Span) {
        let name = ast::Expr {
            kind: ast::ExprKind::Name(ast::QualName {
                parts: vec![sig.to_string()],
                span,
            }),
            span,
        };
        let body = ast::Block {
            exprs: vec![ast::Expr {
                kind: ast::ExprKind::Unary(ast::UnaryOp::No, Box::new(name)),
                span,
            }],
            span,
        };
        self.model.facts.push(Fact {
            name: Some(format!("{sig}fact")),
            module: ModuleId(0),
            body: Arc::new(body),
            span,
        });
        let index = self.model.facts.len() - 1;
        self.model.modules[0].facts.push(index);
    }
}

fn paragraph_span(p: &ast::Paragraph) -> Span {
    use ast::Paragraph as P;
    match p {
        P::Sig(x) => x.span,
        P::Enum(x) => x.span,
        P::Fact(x) => x.span,
        P::Assert(x) => x.span,
        P::Pred(x) => x.span,
        P::Fun(x) => x.span,
        P::Macro(x) => x.span,
        P::Command(x) => x.span,
    }
}
