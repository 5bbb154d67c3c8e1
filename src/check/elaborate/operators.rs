//! Unary and binary operators: set algebra, comparisons, arithmetic, multiplicity tests.

use crate::check::model::INT;
use crate::check::names;
use crate::check::types::{self, Type};
use crate::diagnostic::Span;
use crate::logic::{Expr, Formula, IntCmp, IntExpr, IntOp, TemporalBinOp, TemporalOp};
use crate::syntax::ast::{
    self, BinaryOp, ExprKind as A, Multiplicity, TemporalBinaryOp, TemporalUnaryOp, UnaryOp,
};

use super::{ElabError, Elaborator, Env, R, Val, int_as_set};

impl Elaborator<'_> {
    pub(super) fn unary(&self, op: UnaryOp, x: &ast::Expr, env: &Env, span: Span) -> R<Val> {
        let model = self.model;
        match op {
            UnaryOp::Not => Ok(Val::Form(self.formula(x, env)?.not())),
            UnaryOp::Temporal(t) => {
                let op = match t {
                    TemporalUnaryOp::Always => TemporalOp::Always,
                    TemporalUnaryOp::Eventually => TemporalOp::Eventually,
                    TemporalUnaryOp::After => TemporalOp::After,
                    TemporalUnaryOp::Historically => TemporalOp::Historically,
                    TemporalUnaryOp::Once => TemporalOp::Once,
                    TemporalUnaryOp::Before => TemporalOp::Before,
                };
                Ok(Val::Form(Formula::temporal(op, self.formula(x, env)?)))
            }
            UnaryOp::Prime => {
                let v = self.expr(x, env)?;
                if let Val::Form(_) = v {
                    return Err(ElabError::new(
                        span,
                        "`'` gives an expression's value in the next state; a formula cannot be primed (use `after`)",
                    ));
                }
                if let Val::Int(_) = v {
                    return Err(ElabError::new(
                        span,
                        "`'` applies to relational expressions, not to integers: prime the relation inside (`#r'`, not `(#r)'`)",
                    ));
                }
                self.lift1(v, span, |e, t| Ok((Expr::prime(e), t)))
            }
            UnaryOp::Transpose | UnaryOp::Closure | UnaryOp::ReflexiveClosure => {
                let v = self.expr(x, env)?;
                let univ = self.layout.univ.clone();
                self.lift1(v, span, |e, t| {
                    if e.arity() != 2 {
                        let sym = match op {
                            UnaryOp::Transpose => "~",
                            UnaryOp::Closure => "^",
                            _ => "*",
                        };
                        return Err(ElabError::new(
                            span,
                            format!(
                                "`{sym}` needs a binary relation, but this has arity {}",
                                e.arity()
                            ),
                        ));
                    }
                    Ok(match op {
                        UnaryOp::Transpose => (Expr::transpose(e), t.transpose()),
                        UnaryOp::Closure => (Expr::closure(e), types::closure(model, &t)),
                        _ => {
                            // Alloy's `*r` adds the identity over its `univ`. For choosing
                            // among overloads its type is r's closure plus the diagonal of
                            // r's sigs (Alloy's relevance analysis has the same effect).
                            let iden = Expr::domain_restrict(univ.clone(), Expr::iden());
                            let ty = types::closure(model, &t).union(&types::diagonal(&t));
                            (Expr::union(Expr::closure(e), iden), ty)
                        }
                    })
                })
            }
            UnaryOp::Cardinality => {
                let (e, _) = self.set(x, env)?;
                Ok(Val::Int(IntExpr::card(e)))
            }
            UnaryOp::IntCast | UnaryOp::SumCast => {
                let (e, t) = self.set(x, env)?;
                if e.arity() != 1 {
                    return Err(ElabError::new(
                        span,
                        format!(
                            "`int`/`sum` needs a set of integers, but this has arity {}",
                            e.arity()
                        ),
                    ));
                }
                self.int_of(Val::Set(e, t), x.span).map(Val::Int)
            }
            UnaryOp::No => Ok(Val::Form(self.set(x, env)?.0.no())),
            UnaryOp::Mult(m) => {
                let (e, _) = self.set(x, env)?;
                match m {
                    Multiplicity::Some => Ok(Val::Form(e.some())),
                    Multiplicity::Lone => Ok(Val::Form(e.lone())),
                    Multiplicity::One => Ok(Val::Form(e.one())),
                    Multiplicity::Set => Err(ElabError::new(
                        span,
                        "`set` is a multiplicity, only allowed in a declaration or on the right of `in`",
                    )),
                    Multiplicity::Seq => Err(ElabError::new(
                        span,
                        "`seq` is a multiplicity, only allowed in a declaration or on the right of `in`",
                    )),
                }
            }
        }
    }

    pub(super) fn binary(
        &self,
        op: BinaryOp,
        a: &ast::Expr,
        b: &ast::Expr,
        env: &Env,
        span: Span,
    ) -> R<Val> {
        use BinaryOp::*;
        let model = self.model;
        match op {
            Temporal(t) => {
                let fa = self.formula(a, env)?;
                let fb = self.formula(b, env)?;
                let op = match t {
                    TemporalBinaryOp::Until => TemporalBinOp::Until,
                    TemporalBinaryOp::Releases => TemporalBinOp::Releases,
                    TemporalBinaryOp::Since => TemporalBinOp::Since,
                    TemporalBinaryOp::Triggered => TemporalBinOp::Triggered,
                };
                Ok(Val::Form(Formula::temporal_binary(op, fa, fb)))
            }
            Or | And | Iff | Implies => {
                let fa = self.formula(a, env)?;
                let fb = self.formula(b, env)?;
                Ok(Val::Form(match op {
                    Or => fa.or2(fb),
                    And => fa.and2(fb),
                    Iff => fa.iff(fb),
                    _ => fa.implies(fb),
                }))
            }
            In | NotIn => {
                let sym = if op == In { "in" } else { "!in" };
                let f = if is_multiplicity_shape(b) {
                    let (ea, ta) = self.set(a, env)?;
                    let shape = self.shape_hinted(b, env, Some(&ta))?;
                    let (eb, _) = shape.plain();
                    if ea.arity() != eb.arity() {
                        return Err(self.arity_error(sym, ea.arity(), eb.arity(), span));
                    }
                    self.constraint(&ea, &shape)
                } else {
                    let va = self.expr(a, env)?;
                    let vb = self.expr(b, env)?;
                    if let Some((ta, tb)) = self.disjoint_types(&va, &vb) {
                        self.type_warning(
                            env,
                            span,
                            format!(
                                "this subset test holds only when the left side is empty: its type ({ta}) never meets the right side's ({tb})"
                            ),
                        );
                    }
                    self.compare(va, vb, span, |x, y| {
                        if x.arity() != y.arity() {
                            return Err(self.arity_error(sym, x.arity(), y.arity(), span));
                        }
                        Ok(x.in_(y))
                    })?
                };
                Ok(Val::Form(if op == In { f } else { f.not() }))
            }
            Eq | NotEq => {
                let sym = if op == Eq { "=" } else { "!=" };
                let va = self.expr(a, env)?;
                let vb = self.expr(b, env)?;
                // `=` compares integers only when both sides are integers (as in Alloy);
                // otherwise an integer side stands for its `Int` atom.
                if let (Val::Int(x), Val::Int(y)) = (&va, &vb) {
                    let f = x.compare(IntCmp::Eq, y);
                    return Ok(Val::Form(if op == Eq { f } else { f.not() }));
                }
                let (va, vb) = (int_as_set(va), int_as_set(vb));
                if let Some((ta, tb)) = self.disjoint_types(&va, &vb) {
                    self.type_warning(
                        env,
                        span,
                        format!(
                            "`{sym}` compares sides whose types never meet ({ta} and {tb}): they are equal only when both are empty"
                        ),
                    );
                }
                let f = self.compare(va, vb, span, |x, y| {
                    if x.arity() != y.arity() {
                        return Err(self.arity_error(sym, x.arity(), y.arity(), span));
                    }
                    Ok(x.eq(y))
                })?;
                Ok(Val::Form(if op == Eq { f } else { f.not() }))
            }
            Lt | Gt | Le | Ge | NotLt | NotGt | NotLe | NotGe => {
                let x = self.int(a, env)?;
                let y = self.int(b, env)?;
                let f = match op {
                    Lt | NotLt => x.compare(IntCmp::Lt, &y),
                    Gt | NotGt => y.compare(IntCmp::Lt, &x),
                    Le | NotLe => x.compare(IntCmp::Le, &y),
                    _ => y.compare(IntCmp::Le, &x),
                };
                Ok(Val::Form(match op {
                    NotLt | NotGt | NotLe | NotGe => f.not(),
                    _ => f,
                }))
            }
            Shl | Shr | Sha | IntAdd | IntSub | IntMul | IntDiv | IntRem => {
                let x = self.int(a, env)?;
                let y = self.int(b, env)?;
                let op = match op {
                    Shl => IntOp::Shl,
                    Shr => IntOp::Shr,
                    Sha => IntOp::Sha,
                    IntAdd => IntOp::Plus,
                    IntSub => IntOp::Minus,
                    IntMul => IntOp::Mul,
                    IntDiv => IntOp::Div,
                    _ => IntOp::Rem,
                };
                Ok(Val::Int(IntExpr::binary(op, x, y)))
            }
            Union | Diff | Intersect | Override => {
                let sym = match op {
                    Union => "+",
                    Diff => "-",
                    Intersect => "&",
                    _ => "++",
                };
                let va = self.expr(a, env)?;
                let vb = self.expr(b, env)?;
                if matches!(op, Intersect | Diff)
                    && let Some((ta, tb)) = self.disjoint_types(&va, &vb)
                {
                    let what = if op == Intersect {
                        "`&` is always empty"
                    } else {
                        "`-` removes nothing"
                    };
                    self.type_warning(
                        env,
                        span,
                        format!("{what}: the types of its sides never meet ({ta} and {tb})"),
                    );
                }
                self.lift2(va, vb, span, |(ea, ta), (eb, tb)| {
                    if ea.arity() != eb.arity() {
                        return Err(self.arity_error(sym, ea.arity(), eb.arity(), span));
                    }
                    Ok(match op {
                        Union => (Expr::union(ea, eb), ta.union(&tb)),
                        Diff => (Expr::difference(ea, eb), ta),
                        Intersect => (
                            Expr::intersection(ea, eb),
                            types::intersect(model, &ta, &tb),
                        ),
                        _ => (Expr::override_(ea, eb), ta.union(&tb)),
                    })
                })
            }
            DomRestrict => {
                let va = self.expr(a, env)?;
                let vb = self.expr(b, env)?;
                let lspan = a.span;
                self.lift2(va, vb, span, |(ea, ta), (eb, tb)| {
                    if ea.arity() != 1 {
                        return Err(ElabError::new(
                            lspan,
                            format!(
                                "the left side of `<:` must be a set (arity 1), but it has arity {}",
                                ea.arity()
                            ),
                        ));
                    }
                    Ok((Expr::domain_restrict(ea, eb), types::domain_restrict(model, &ta, &tb)))
                })
            }
            RanRestrict => {
                let va = self.expr(a, env)?;
                let vb = self.expr(b, env)?;
                let rspan = b.span;
                self.lift2(va, vb, span, |(ea, ta), (eb, tb)| {
                    if eb.arity() != 1 {
                        return Err(ElabError::new(
                            rspan,
                            format!(
                                "the right side of `:>` must be a set (arity 1), but it has arity {}",
                                eb.arity()
                            ),
                        ));
                    }
                    Ok((Expr::range_restrict(ea, eb), types::range_restrict(model, &ta, &tb)))
                })
            }
            Join => {
                // `b.(a.disj)` is `disj[a, b]`, as `b.(a.f)` is `f[a, b]`.
                if let A::Disj(args) = &b.kind {
                    let mut all = args.clone();
                    all.push(a.clone());
                    return self.expr(&ast::Expr::new(A::Disj(all), span), env);
                }
                if let A::Name(q) = &b.kind {
                    let mut left = [None];
                    let v = self.app_keeping_args(q, &[a], env, span, &mut left)?;
                    // `x.f` with one meaning of `f`: warn when it can never match.
                    if let Val::Set(_, t) = &v
                        && t.is_empty()
                        && names::lookup(self.model, env.module, &q.parts).len() == 1
                        && env.local(&q.joined()).is_none()
                        && let [Some(Ok(va))] = &left
                    {
                        self.warn_empty_join(va, env, span);
                    }
                    return Ok(v);
                }
                let va = match self.expr(a, env)? {
                    // `i.Int` is `Int[i]` (the box join read backwards): the cast of an
                    // integer to its atom. Anything else joins with the set `Int`.
                    Val::Int(i) if matches!(b.kind, A::IntSig) => {
                        return Ok(Val::Set(i.atom(), Type::of_sig(INT)));
                    }
                    va => va,
                };
                let vb = self.expr(b, env)?;
                let right_typed = matches!(&vb, Val::Set(_, t) if !t.is_empty());
                let v = self.join(va.clone(), vb, span)?;
                if right_typed && matches!(&v, Val::Set(_, t) if t.is_empty()) {
                    self.warn_empty_join(&va, env, span);
                }
                Ok(v)
            }
        }
    }

    fn arity_error(&self, op: &str, a: usize, b: usize, span: Span) -> ElabError {
        ElabError::new(
            span,
            format!(
                "`{op}` needs both sides to have the same arity, but the left side has arity {a} and the right side arity {b}"
            ),
        )
    }
}

fn is_multiplicity_shape(e: &ast::Expr) -> bool {
    matches!(e.kind, A::Unary(UnaryOp::Mult(_), _) | A::Arrow(..))
}
