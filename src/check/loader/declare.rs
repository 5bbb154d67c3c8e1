//! Declaring every paragraph of a module instance: sigs, fields' owners, preds and funs,
//! facts, assertions, macros and commands (bodies are not looked at).

use std::sync::Arc;

use crate::check::model::*;
use crate::check::names::Item;
use crate::diagnostic::{Diagnostic, Span};
use crate::syntax::ast::{self, Paragraph};

use super::Loader;

impl Loader<'_> {
    pub(super) fn declare_paragraphs(&mut self, id: ModuleId, ast: &ast::Module, is_root: bool) {
        let mut command_count = 0;
        for p in &ast.paragraphs {
            match p {
                Paragraph::Sig(decl) => {
                    let decl_arc = Arc::new(decl.clone());
                    for name in &decl.names {
                        let spec = SigSpec {
                            is_abstract: decl.qualifiers.abstract_.is_some(),
                            mult: if decl.qualifiers.one.is_some() {
                                Some(SigMult::One)
                            } else if decl.qualifiers.lone.is_some() {
                                Some(SigMult::Lone)
                            } else if decl.qualifiers.some.is_some() {
                                Some(SigMult::Some)
                            } else {
                                None
                            },
                            private: decl.qualifiers.private.is_some(),
                            span: name.span,
                            fact: decl.fact.clone().map(Arc::new),
                            decl: Some(decl_arc.clone()),
                        };
                        self.check_qualifiers(decl);
                        self.declare_sig(id, name, spec);
                    }
                }
                Paragraph::Enum(e) => {
                    let parent = self.declare_sig(
                        id,
                        &e.name,
                        SigSpec {
                            is_abstract: true,
                            private: e.private,
                            ..SigSpec::plain(e.name.span)
                        },
                    );
                    let mut values = Vec::new();
                    for v in &e.values {
                        if let Some(s) = self.declare_sig(
                            id,
                            v,
                            SigSpec {
                                mult: Some(SigMult::One),
                                private: e.private,
                                ..SigSpec::plain(v.span)
                            },
                        ) {
                            values.push(s);
                        }
                    }
                    if let Some(p) = parent {
                        for v in &values {
                            self.model.sigs[v.index()].kind = SigKind::Extends(p);
                        }
                        self.model.sigs[p.index()].enum_values = Some(values);
                    }
                }
                Paragraph::Fact(f) => {
                    if let Some(target) = outside_scope_target(&f.body) {
                        self.outside_scope.push((id, target));
                    }
                    self.model.modules[id.index()]
                        .facts
                        .push(self.model.facts.len());
                    self.model.facts.push(Fact {
                        name: f.name.as_ref().map(|n| n.name.clone()),
                        module: id,
                        body: Arc::new(f.body.clone()),
                        span: f.span,
                    });
                }
                Paragraph::Assert(a) => {
                    if let Some(n) = &a.name
                        && let Some(prev) = self.find_assert(id, &n.name)
                    {
                        self.errors.push(
                            Diagnostic::error(
                                n.span,
                                format!("there is already an assertion named `{}`", n.name),
                            )
                            .with_note(prev, "first defined here"),
                        );
                        continue;
                    }
                    let index = self.model.asserts.len();
                    self.model.modules[id.index()].asserts.push(index);
                    if let Some(n) = &a.name {
                        self.model.index_name(id, &n.name, Item::Assert(index));
                    }
                    self.model.asserts.push(Assert {
                        name: a.name.as_ref().map(|n| n.name.clone()),
                        module: id,
                        body: Arc::new(a.body.clone()),
                        span: a.span,
                    });
                }
                Paragraph::Pred(p) => {
                    let body = FuncBody::Pred(Arc::new(p.body.clone()));
                    self.declare_func(id, p.private, &p.receiver, &p.name, &p.params, body, p.span);
                }
                Paragraph::Fun(f) => {
                    let body = FuncBody::Fun {
                        result: Arc::new(f.result.clone()),
                        body: Arc::new(f.body.clone()),
                    };
                    self.declare_func(id, f.private, &f.receiver, &f.name, &f.params, body, f.span);
                }
                Paragraph::Macro(m) => {
                    let earlier =
                        self.model
                            .named_in(id, &m.name.name)
                            .iter()
                            .find_map(|i| match i {
                                Item::Macro(x) => Some(self.model.macros[*x].span),
                                _ => None,
                            });
                    if let Some(prev) = earlier {
                        self.errors.push(
                            Diagnostic::error(
                                m.name.span,
                                format!("there is already a macro named `{}`", m.name.name),
                            )
                            .with_note(prev, "first defined here"),
                        );
                        continue;
                    }
                    let index = self.model.macros.len();
                    self.model.modules[id.index()].macros.push(index);
                    self.model.macros.push(Macro {
                        name: m.name.name.clone(),
                        module: id,
                        private: m.private,
                        params: m.params.iter().map(|p| p.name.clone()).collect(),
                        body: Arc::new(m.body.clone()),
                        span: m.span,
                    });
                    self.model.index_name(id, &m.name.name, Item::Macro(index));
                }
                Paragraph::Command(c) => {
                    command_count += 1;
                    if is_root {
                        self.pending_command(c, command_count);
                    }
                }
            }
        }
    }

    fn check_qualifiers(&mut self, decl: &ast::SigDecl) {
        let q = &decl.qualifiers;
        let mults: Vec<Span> = [q.one, q.lone, q.some].into_iter().flatten().collect();
        if mults.len() > 1 {
            self.errors.push(Diagnostic::error(
                mults[1],
                "a sig can have at most one of `one`, `lone` and `some`",
            ));
        }
        if let (Some(a), Some(ast::SigParent::In(_) | ast::SigParent::Equal(_))) =
            (q.abstract_, &decl.parent)
        {
            self.errors.push(Diagnostic::error(
                a,
                "a subset sig (`in` or `=`) cannot be abstract",
            ));
        }
    }

    fn find_assert(&self, id: ModuleId, name: &str) -> Option<Span> {
        self.model.named_in(id, name).iter().find_map(|i| match i {
            Item::Assert(a) => Some(self.model.asserts[*a].span),
            _ => None,
        })
    }

    pub(super) fn declare_sig(
        &mut self,
        id: ModuleId,
        name: &ast::Ident,
        spec: SigSpec,
    ) -> Option<SigId> {
        if name.name.contains('$') {
            self.errors.push(Diagnostic::error(
                name.span,
                "a name cannot contain the `$` symbol",
            ));
            return None;
        }
        if matches!(
            name.name.as_str(),
            "univ" | "Int" | "none" | "String" | "iden"
        ) {
            self.errors.push(Diagnostic::error(
                name.span,
                format!("`{}` is built in and cannot be declared", name.name),
            ));
            return None;
        }
        let module = &self.model.modules[id.index()];
        let clash = self
            .model
            .named_in(id, &name.name)
            .iter()
            .find_map(|i| match i {
                Item::Sig(s) => Some(self.model.sig(*s).span),
                _ => None,
            })
            .or_else(|| {
                module
                    .params
                    .iter()
                    .find(|(p, _)| *p == name.name)
                    .map(|_| module.ast.header.as_ref().map_or(name.span, |h| h.span))
            });
        if let Some(prev) = clash {
            self.errors.push(
                Diagnostic::error(
                    name.span,
                    format!(
                        "there is already a sig named `{}` in this module",
                        name.name
                    ),
                )
                .with_note(prev, "first declared here"),
            );
            return None;
        }
        let prefix = &module.prefix;
        let label = if prefix.is_empty() {
            name.name.clone()
        } else {
            format!("{prefix}/{}", name.name)
        };
        let sid = SigId(self.model.sigs.len() as u32);
        self.model.sigs.push(Sig {
            name: name.name.clone(),
            label,
            module: id,
            // Parents are resolved once every module is loaded.
            kind: SigKind::Top,
            is_abstract: spec.is_abstract,
            mult: spec.mult,
            private: spec.private,
            span: spec.span,
            fields: Vec::new(),
            children: Vec::new(),
            fact: spec.fact,
            enum_values: None,
            forced_exact: false,
            outside_scope: false,
            decl: spec.decl,
        });
        self.model.modules[id.index()].sigs.push(sid);
        self.model.index_name(id, &name.name, Item::Sig(sid));
        Some(sid)
    }
}

pub(super) struct SigSpec {
    is_abstract: bool,
    mult: Option<SigMult>,
    private: bool,
    span: Span,
    fact: Option<Arc<ast::Block>>,
    decl: Option<Arc<ast::SigDecl>>,
}

impl SigSpec {
    pub(super) fn plain(span: Span) -> SigSpec {
        SigSpec {
            is_abstract: false,
            mult: None,
            private: false,
            span,
            fact: None,
            decl: None,
        }
    }
}

impl Loader<'_> {
    #[allow(clippy::too_many_arguments)]
    fn declare_func(
        &mut self,
        id: ModuleId,
        private: bool,
        receiver: &Option<ast::QualName>,
        name: &ast::Ident,
        decls: &[ast::Decl],
        body: FuncBody,
        span: Span,
    ) {
        if name.name.contains('$') {
            self.errors.push(Diagnostic::error(
                name.span,
                "a name cannot contain the `$` symbol",
            ));
            return;
        }
        let mut params = Vec::new();
        if let Some(r) = receiver {
            params.push(Param {
                name: "this".into(),
                span: r.span,
                bound: Arc::new(ast::Expr::new(ast::ExprKind::Name(r.clone()), r.span)),
                disj_group: None,
            });
        }
        for (gi, d) in decls.iter().enumerate() {
            let bound = Arc::new(d.bound.clone());
            for n in &d.names {
                if let Some(prev) = params.iter().find(|p: &&Param| p.name == n.name) {
                    self.errors.push(
                        Diagnostic::error(
                            n.span,
                            format!("the parameter `{}` is declared twice", n.name),
                        )
                        .with_note(prev.span, "first declared here"),
                    );
                    continue;
                }
                params.push(Param {
                    name: n.name.clone(),
                    span: n.span,
                    bound: bound.clone(),
                    disj_group: d.disj.then_some(gi),
                });
            }
        }
        // Same name and same parameter bounds in one module: no call could choose.
        let bounds = |ps: &[Param]| -> Vec<String> {
            ps.iter()
                .map(|p| {
                    self.sources
                        .snippet(p.bound.span)
                        .split_whitespace()
                        .collect::<String>()
                })
                .collect()
        };
        let mine = bounds(&params);
        let twin = self
            .model
            .named_in(id, &name.name)
            .iter()
            .find_map(|i| match i {
                Item::Func(f) if bounds(&self.model.func(*f).params) == mine => Some(*f),
                _ => None,
            });
        if let Some(twin) = twin {
            let twin = self.model.func(twin);
            let what = |pred: bool| if pred { "pred" } else { "fun" };
            self.errors.push(
                Diagnostic::error(
                    name.span,
                    format!(
                        "`{}` is declared twice in this module with the same parameters",
                        name.name
                    ),
                )
                .with_label(format!("this {}", what(matches!(body, FuncBody::Pred(_)))))
                .with_note(
                    twin.name_span,
                    format!("the {} declared first", what(twin.is_pred())),
                )
                .with_help("rename one of them (overloads must differ in their parameters' types)"),
            );
            return;
        }
        let fid = FuncId(self.model.funcs.len() as u32);
        self.model.funcs.push(Func {
            name: name.name.clone(),
            module: id,
            private,
            params,
            body,
            span,
            name_span: name.span,
            param_types: Vec::new(),
        });
        self.model.modules[id.index()].funcs.push(fid);
        self.model.index_name(id, &name.name, Item::Func(fid));
    }

    fn pending_command(&mut self, c: &ast::Command, number: usize) {
        let kind_word = match c.kind {
            ast::CommandKind::Run => "run",
            ast::CommandKind::Check => "check",
        };
        let (label, body) = match &c.target {
            ast::CommandTarget::Name(n) => (n.last().to_string(), None),
            ast::CommandTarget::Block(name, block) => (
                name.as_ref()
                    .map_or_else(|| format!("{kind_word}${number}"), |n| n.name.clone()),
                Some(Arc::new(block.clone())),
            ),
        };
        let label = c.label.as_ref().map_or(label, |l| l.name.clone());
        self.model.commands.push(CommandDecl {
            label,
            kind: c.kind,
            // Named targets are resolved in `resolve_commands`.
            body: body.map_or(CommandBody::Assert(usize::MAX), CommandBody::Block),
            scope: c.scope.clone(),
            expect: c.expect.map(|(n, _)| n),
            span: c.span,
        });
        self.command_targets.push(match &c.target {
            ast::CommandTarget::Name(n) => Some(n.clone()),
            ast::CommandTarget::Block(..) => None,
        });
    }
}

/// The sig of a fact that is exactly `pred/outsideScope[S]`.
fn outside_scope_target(body: &ast::Block) -> Option<ast::QualName> {
    let [e] = body.exprs.as_slice() else {
        return None;
    };
    let ast::ExprKind::Box(head, args) = &e.kind else {
        return None;
    };
    let ast::ExprKind::Name(q) = &head.kind else {
        return None;
    };
    if q.parts != ["pred", "outsideScope"] {
        return None;
    }
    match args.as_slice() {
        [a] => match &a.kind {
            ast::ExprKind::Name(s) => Some(s.clone()),
            _ => None,
        },
        _ => None,
    }
}
