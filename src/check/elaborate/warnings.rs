//! Alloy's type-relevance warnings: expressions their types make always empty, tests
//! they decide, unused variables.

use crate::check::types;
use crate::diagnostic::{Diagnostic, Span};
use crate::syntax::ast::{self, ExprKind as A};

use super::{Elaborator, Env, Val};

impl Elaborator<'_> {
    /// Alloy's type-relevance warning: an expression its types make always empty (or a
    /// test they decide). Only where the types are the declared ones (not inside an
    /// inlined call, whose argument types are the caller's) and outside the library.
    pub(super) fn type_warning(&self, env: &Env, span: Span, message: String) {
        if !self.call_stack.borrow().is_empty()
            || self.call_log.borrow().is_some()
            || self.model.module(env.module).is_stdlib
        {
            return;
        }
        let w = Diagnostic::warning(span, message);
        let mut warnings = self.warnings.borrow_mut();
        if !warnings.contains(&w) {
            warnings.push(w);
        }
    }

    /// Both values are plain sets with non-empty types that never share a tuple.
    pub(super) fn disjoint_types(&self, a: &Val, b: &Val) -> Option<(String, String)> {
        match (a, b) {
            (Val::Set(ea, ta), Val::Set(eb, tb))
                if ea.arity() == eb.arity()
                    && !ta.is_empty()
                    && !tb.is_empty()
                    && !types::overlaps(self.model, ta, tb) =>
            {
                Some((types::show(self.model, ta), types::show(self.model, tb)))
            }
            _ => None,
        }
    }

    /// A join whose result type is empty although its left side's is not.
    pub(super) fn warn_empty_join(&self, left: &Val, env: &Env, span: Span) {
        if let Val::Set(_, t) = left
            && !t.is_empty()
        {
            self.type_warning(
                env,
                span,
                format!(
                    "this join is always empty: no tuple of its left side ({}) can meet its right side",
                    types::show(self.model, t)
                ),
            );
        }
    }

    /// Alloy's "This variable is unused": a quantified variable that neither the body nor a
    /// later declaration's bound mentions.
    pub(super) fn warn_unused(&self, decls: &[ast::Decl], body: &ast::Expr, env: &Env) {
        for (i, d) in decls.iter().enumerate() {
            for n in &d.names {
                let used = mentions_name(body, &n.name)
                    || decls[i + 1..]
                        .iter()
                        .any(|later| mentions_name(&later.bound, &n.name));
                if !used {
                    self.type_warning(env, n.span, format!("the variable `{}` is unused", n.name));
                }
            }
        }
    }
}

/// Does `e` refer to the unqualified name `name` anywhere (shadowing aside)?
pub(super) fn mentions_name(e: &ast::Expr, name: &str) -> bool {
    fn any<'a>(mut es: impl Iterator<Item = &'a ast::Expr>, name: &str) -> bool {
        es.any(|x| mentions_name(x, name))
    }
    match &e.kind {
        A::Name(q) | A::AtName(q) => q.parts.len() == 1 && q.parts[0] == name,
        A::This
        | A::Iden
        | A::Univ
        | A::None
        | A::IntSig
        | A::StringSig
        | A::SeqInt
        | A::Number(_)
        | A::Str(_) => false,
        A::Unary(_, x) => mentions_name(x, name),
        A::Binary(_, a, b) | A::Arrow(_, _, a, b) => {
            mentions_name(a, name) || mentions_name(b, name)
        }
        A::Box(head, args) => mentions_name(head, name) || any(args.iter(), name),
        A::IfElse(c, a, b) => any([c.as_ref(), a.as_ref(), b.as_ref()].into_iter(), name),
        A::Disj(args) => any(args.iter(), name),
        A::Quant(_, decls, body) | A::Comprehension(decls, body) => {
            any(decls.iter().map(|d| &d.bound), name) || mentions_name(body, name)
        }
        A::Let(binds, body) => any(binds.iter().map(|(_, v)| v), name) || mentions_name(body, name),
        A::Block(b) => any(b.exprs.iter(), name),
    }
}
