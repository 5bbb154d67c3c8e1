//! The depth limit: the deepest expression tree (and bracket nesting) a parse may return,
//! so that later stages, which walk expressions recursively, cannot exhaust the stack.

use crate::diagnostic::{Diagnostic, Span};
use crate::syntax::ast::*;

use super::{MAX_NESTING, ReplItem};

/// Results whose expression depth the driver bounds by [`MAX_NESTING`].
pub(super) trait DepthCheck {
    /// An error at an expression deeper than the limit, if there is one.
    fn too_deep(&self) -> Option<Diagnostic>;
}

fn depth_error(span: Span) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("expression is nested too deeply (more than {MAX_NESTING} levels)"),
    )
}

/// Walk expressions without recursion, reporting a node deeper than the limit.
fn first_too_deep<'e>(roots: impl IntoIterator<Item = &'e Expr>) -> Option<Span> {
    let mut stack: Vec<(&Expr, usize)> = roots.into_iter().map(|e| (e, 1)).collect();
    while let Some((e, depth)) = stack.pop() {
        if depth > MAX_NESTING {
            return Some(e.span);
        }
        let mut push = |child: &'e Expr| stack.push((child, depth + 1));
        match &e.kind {
            ExprKind::Unary(_, a) => push(a),
            ExprKind::Binary(_, a, b) | ExprKind::Arrow(_, _, a, b) => {
                push(a);
                push(b);
            }
            ExprKind::Box(a, args) => {
                push(a);
                args.iter().for_each(push);
            }
            ExprKind::IfElse(a, b, c) => {
                push(a);
                push(b);
                push(c);
            }
            ExprKind::Disj(args) => args.iter().for_each(push),
            ExprKind::Quant(_, decls, body) | ExprKind::Comprehension(decls, body) => {
                decls.iter().for_each(|d| push(&d.bound));
                push(body);
            }
            ExprKind::Let(bindings, body) => {
                bindings.iter().for_each(|(_, e)| push(e));
                push(body);
            }
            ExprKind::Block(block) => block.exprs.iter().for_each(push),
            ExprKind::Name(_)
            | ExprKind::AtName(_)
            | ExprKind::This
            | ExprKind::Iden
            | ExprKind::Univ
            | ExprKind::None
            | ExprKind::IntSig
            | ExprKind::StringSig
            | ExprKind::SeqInt
            | ExprKind::Number(_)
            | ExprKind::Str(_) => {}
        }
    }
    None
}

fn paragraph_exprs(p: &Paragraph) -> Vec<&Expr> {
    fn decl_bounds(decls: &[Decl]) -> Vec<&Expr> {
        decls.iter().map(|d| &d.bound).collect()
    }
    match p {
        Paragraph::Sig(s) => {
            let mut v = decl_bounds(&s.fields);
            if let Some(b) = &s.fact {
                v.extend(&b.exprs);
            }
            v
        }
        Paragraph::Enum(_) => Vec::new(),
        Paragraph::Fact(f) => f.body.exprs.iter().collect(),
        Paragraph::Assert(a) => a.body.exprs.iter().collect(),
        Paragraph::Pred(p) => {
            let mut v = decl_bounds(&p.params);
            v.extend(&p.body.exprs);
            v
        }
        Paragraph::Fun(f) => {
            let mut v = decl_bounds(&f.params);
            v.push(&f.result);
            v.push(&f.body);
            v
        }
        Paragraph::Macro(m) => vec![&m.body],
        Paragraph::Command(c) => match &c.target {
            CommandTarget::Name(_) => Vec::new(),
            CommandTarget::Block(_, b) => b.exprs.iter().collect(),
        },
    }
}

impl DepthCheck for Expr {
    fn too_deep(&self) -> Option<Diagnostic> {
        first_too_deep([self]).map(depth_error)
    }
}

impl DepthCheck for Vec<Option<ReplItem>> {
    fn too_deep(&self) -> Option<Diagnostic> {
        let exprs = self.iter().flatten().flat_map(|item| match item {
            ReplItem::Open(_) => Vec::new(),
            ReplItem::Paragraph(p) => paragraph_exprs(p),
        });
        first_too_deep(exprs).map(depth_error)
    }
}

impl DepthCheck for (Option<ModuleHeader>, Vec<Option<ReplItem>>) {
    fn too_deep(&self) -> Option<Diagnostic> {
        self.1.too_deep()
    }
}
