//! Names and their applications (`f[x]`, `x.f`): locals, built-ins, macros, sigs, fields
//! and preds/funs chosen by weight, and the joins they become.

use crate::check::layout::union_all;
use crate::check::model::*;
use crate::check::names::{self, Item};
use crate::check::types::{self, Type};
use crate::diagnostic::{Span, did_you_mean};
use crate::logic::{Expr, Formula, IntExpr, IntOp};
use crate::syntax::ast::{self, BinaryOp, ExprKind as A};

use super::calls::param_list;
use super::{ElabError, Elaborator, Env, R, SigCtx, Val, val_type};

/// Marks a util/integer meaning among a name's candidates until they are weighed.
const INTEGER_MARK: u8 = 100;

impl Elaborator<'_> {
    /// `@f`: a field without implicit `this`.
    pub(super) fn at_name(&self, q: &ast::QualName, env: &Env, span: Span) -> R<Val> {
        let fields: Vec<FieldId> = names::lookup(self.model, env.module, &q.parts)
            .into_iter()
            .filter_map(|i| match i {
                Item::Field(f) => Some(f),
                _ => None,
            })
            .collect();
        let mut ok = Vec::new();
        let mut first_err = None;
        for f in fields {
            match self.field_val(f) {
                Ok(v) => ok.push((v, 0)),
                Err(e) => {
                    first_err.get_or_insert(e);
                }
            }
        }
        if ok.is_empty() && first_err.is_none() {
            return Err(ElabError::new(
                span,
                format!("there is no field named `{}`", q.joined()),
            ));
        }
        self.collect(ok, first_err)
    }

    /// `head[args]`, where `head` is a name: a call, a macro use, or joins.
    pub(super) fn app(
        &self,
        q: &ast::QualName,
        args: &[&ast::Expr],
        env: &Env,
        span: Span,
    ) -> R<Val> {
        self.app_keeping_args(q, args, env, span, &mut vec![None; args.len()])
    }

    /// `app`, leaving in `arg_vals` the value of each argument it elaborated, so that a
    /// caller that needs one again (the empty-join warning) does not elaborate it twice:
    /// along a chain `x.f.f.f` that doubled the work per join.
    pub(super) fn app_keeping_args(
        &self,
        q: &ast::QualName,
        args: &[&ast::Expr],
        env: &Env,
        span: Span,
        arg_vals: &mut [Option<R<Val>>],
    ) -> R<Val> {
        let mut arg = |i: usize| -> R<Val> {
            arg_vals[i]
                .get_or_insert_with(|| self.expr(args[i], env))
                .clone()
        };
        let joined = q.joined();
        // Locals shadow everything.
        if q.parts.len() == 1
            && let Some(v) = env.local(&joined)
        {
            return self.join_vals(v.clone(), args, &mut arg, span);
        }
        match joined.as_str() {
            "pred/totalOrder" => return self.total_order(args, env, span),
            "pred/strictTotalOrder" => {
                if args.len() != 2 {
                    return Err(ElabError::new(
                        span,
                        "`pred/strictTotalOrder` takes two arguments: a binary relation and a set",
                    ));
                }
                let (rel, _) = self.set(args[0], env)?;
                let (elems, _) = self.set(args[1], env)?;
                if rel.arity() != 2 || elems.arity() != 1 {
                    return Err(ElabError::new(
                        span,
                        "`pred/strictTotalOrder` needs a binary relation and a set",
                    ));
                }
                return Ok(Val::Form(Formula::strict_order(rel, elems)));
            }
            // A scope directive (see `Sig::outside_scope`); as a formula it says nothing.
            "pred/outsideScope" => return Ok(Val::Form(Formula::true_())),
            "fun/min" | "fun/max" | "fun/next" if args.is_empty() => {
                let int = self.layout.sig_value[INT.index()].clone();
                let next = self.layout.int_next.clone();
                let int_t = Type::of_sig(INT);
                return Ok(match joined.as_str() {
                    "fun/next" => Val::Set(next, int_t.product(&int_t)),
                    // The one integer without a predecessor / without a successor.
                    "fun/min" => {
                        Val::Set(Expr::difference(int.clone(), Expr::join(int, next)), int_t)
                    }
                    _ => Val::Set(Expr::difference(int.clone(), Expr::join(next, int)), int_t),
                });
            }
            "fun/add" | "fun/sub" | "fun/mul" | "fun/div" | "fun/rem" => {
                let op = match joined.as_str() {
                    "fun/add" => IntOp::Plus,
                    "fun/sub" => IntOp::Minus,
                    "fun/mul" => IntOp::Mul,
                    "fun/div" => IntOp::Div,
                    _ => IntOp::Rem,
                };
                if args.len() != 2 {
                    return Err(ElabError::new(
                        span,
                        format!("`{joined}` takes two integers, not {}", args.len()),
                    ));
                }
                let a = self.int(args[0], env)?;
                let b = self.int(args[1], env)?;
                return Ok(Val::Int(IntExpr::binary(op, a, b)));
            }
            "seq/Int" => return Ok(self.sig_val(SEQ_INT)),
            _ => {}
        }
        let items = names::lookup(self.model, env.module, &q.parts);
        // Macros come before everything but locals.
        let macros: Vec<usize> = items
            .iter()
            .filter_map(|i| match i {
                Item::Macro(m) => Some(*m),
                _ => None,
            })
            .collect();
        if let Some(m) = macros.first() {
            if macros.len() > 1 {
                return Err(ElabError::new(
                    span,
                    format!("the macro name `{joined}` is ambiguous"),
                ));
            }
            return self.expand_macro(*m, args, &mut arg, span);
        }
        let mut ok: Vec<(Val, u8)> = Vec::new();
        let mut first_err: Option<(ElabError, u8)> = None;
        let mut push = |r: R<Val>, w: u8, ok: &mut Vec<(Val, u8)>| match r {
            Ok(v) => ok.push((v, w)),
            Err(e) => {
                if first_err.as_ref().is_none_or(|(_, fw)| w < *fw) {
                    first_err = Some((e, w));
                }
            }
        };
        for item in &items {
            match *item {
                Item::Sig(s) => {
                    push(
                        self.join_vals(self.sig_val(s), args, &mut arg, span),
                        0,
                        &mut ok,
                    );
                }
                Item::Field(f) => {
                    let field_sig = self.model.field(f).sig;
                    let (base, weight) = match env.sig_ctx {
                        // Field declarations see only earlier fields.
                        SigCtx::FieldDecl(_, current) if f >= current => continue,
                        SigCtx::Fact(s) | SigCtx::FieldDecl(s, _)
                            if self.sig_within(s, field_sig) =>
                        {
                            // Implicit `this.f`.
                            let v = match env.local("this") {
                                Some(this) => self
                                    .field_val(f)
                                    .and_then(|fv| self.join(this.clone(), fv, span)),
                                None => Err(ElabError::new(span, "`this` is not defined here")),
                            };
                            (v, 0)
                        }
                        SigCtx::FieldDecl(..) => continue,
                        SigCtx::Fact(_) => (self.field_val(f), 1),
                        SigCtx::None => (self.field_val(f), 0),
                    };
                    push(
                        base.and_then(|b| self.join_vals(b, args, &mut arg, span)),
                        weight,
                        &mut ok,
                    );
                }
                Item::Func(fid) => {
                    let func = self.model.func(fid);
                    if matches!(env.sig_ctx, SigCtx::FieldDecl(..)) && !func.params.is_empty() {
                        // Alloy allows no calls in field declarations.
                        continue;
                    }
                    let np = func.params.len();
                    if args.len() >= np {
                        let vals: R<Vec<Val>> = (0..np).map(&mut arg).collect();
                        let mut mismatches = Vec::new();
                        let r = vals.and_then(|vals| {
                            let (vals, m) = self.applicable(fid, vals, args, span)?;
                            mismatches = m;
                            let v = self.call_value(fid, vals, span)?;
                            // Extra arguments join with the result (`f[a][b]` is
                            // `b.(f[a])`): when that fails, say how many it takes.
                            self.join_vals(v, &args[np..], &mut |i| arg(np + i), span)
                                .map_err(|e| {
                                    if args.len() == np {
                                        return e;
                                    }
                                    ElabError::new(
                                        span,
                                        format!(
                                            "`{}` takes {} argument{} but is given {}",
                                            func.name,
                                            np,
                                            if np == 1 { "" } else { "s" },
                                            args.len()
                                        ),
                                    )
                                    .with_help(format!(
                                        "call it as `{}[{}]`; further arguments would join with its result, and here that fails: {}",
                                        func.name,
                                        param_list(func),
                                        e.diag.message
                                    ))
                                })
                        });
                        let from_integer = self.model.module(func.module).key
                            == "stdlib:util/integer"
                            && items.len() > 1;
                        let weight = u8::from(!mismatches.is_empty())
                            + INTEGER_MARK * u8::from(from_integer);
                        if r.is_ok() && items.len() == 1 {
                            // The only meaning: Alloy takes it, and so do we, warning.
                            let mut warnings = self.warnings.borrow_mut();
                            for w in mismatches {
                                if !warnings.contains(&w) {
                                    warnings.push(w);
                                }
                            }
                        }
                        push(r, weight, &mut ok);
                    } else if let SigCtx::Fact(_) = env.sig_ctx
                        && args.len() + 1 == np
                        && let Some(this) = env.local("this").cloned()
                        && let Some(this_t) = val_type(&this)
                        && self
                            .param_types(fid)
                            .is_ok_and(|pt| types::overlaps(self.model, &pt[0], &this_t))
                    {
                        // In a sig fact, `g` may mean `g[this]`.
                        let vals: R<Vec<Val>> = std::iter::once(Ok(this))
                            .chain((0..args.len()).map(&mut arg))
                            .collect();
                        let r = vals.and_then(|vals| self.call_value(fid, vals, span));
                        push(r, 1, &mut ok);
                    } else {
                        push(
                            Err(ElabError::new(
                                span,
                                format!(
                                    "`{}` takes {} argument{} but is given {}",
                                    func.name,
                                    np,
                                    if np == 1 { "" } else { "s" },
                                    args.len()
                                ),
                            )
                            .with_help(format!(
                                "call it as `{}[{}]`",
                                func.name,
                                param_list(func)
                            ))),
                            2,
                            &mut ok,
                        );
                    }
                }
                Item::Macro(_) | Item::Assert(_) => {}
            }
        }
        if ok.is_empty() {
            return match first_err {
                Some((e, _)) => Err(e),
                None => Err(self.unknown_name(q, env, span)),
            };
        }
        // util/integer, which every module opens, overloads common names (`next`, `prev`,
        // `max`, `min`). Alloy's relevance analysis drops such a meaning where the context
        // wants another type (`g.(prev + next)` over an ordering); solder lets it lose the
        // tie to a meaning of a different type. Meanings of the same type stay ambiguous,
        // as in Alloy.
        let marked: Vec<bool> = ok.iter().map(|(_, w)| *w >= INTEGER_MARK).collect();
        let types: Vec<Option<Type>> = ok.iter().map(|(v, _)| val_type(v)).collect();
        for i in 0..ok.len() {
            if !marked[i] {
                continue;
            }
            ok[i].1 -= INTEGER_MARK;
            let differs = (0..ok.len()).any(|j| {
                !marked[j]
                    && match (&types[i], &types[j]) {
                        (Some(a), Some(b)) => !types::overlaps(self.model, a, b),
                        _ => true,
                    }
            });
            if differs {
                ok[i].1 += 2;
            }
        }
        self.collect(ok, None)
    }

    fn field_val(&self, f: FieldId) -> R<Val> {
        Ok(Val::Set(self.field_expr(f)?, self.field_type(f)?))
    }

    /// Is sig `s` (maybe a subset sig) inside the field's sig `owner`?
    fn sig_within(&self, s: SigId, owner: SigId) -> bool {
        if s == owner {
            return true;
        }
        let prims = self.model.prim_parents(s);
        let owner_prims = self.model.prim_parents(owner);
        prims
            .iter()
            .all(|p| owner_prims.iter().any(|o| self.model.descends(*p, *o)))
    }

    fn unknown_name(&self, q: &ast::QualName, env: &Env, span: Span) -> ElabError {
        let joined = q.joined();
        // The user's own names first (locals and this module's), so that a library's
        // `EXT` does not win over their `Ext`.
        let mut own: Vec<String> = names::module_names(self.model, env.module);
        own.extend(env.local_names().map(String::from));
        let pool: Vec<String> = names::visible_names(self.model, env.module);
        let mut err = ElabError::new(span, format!("cannot find `{joined}` in this scope"));
        let suggestion = did_you_mean(q.last(), own.iter().map(|s| s.as_str()))
            .or_else(|| did_you_mean(q.last(), pool.iter().map(|s| s.as_str())));
        if let Some(s) = suggestion {
            err = err.with_help(format!("did you mean `{s}`?"));
        }
        err
    }

    /// `v[a1, ..., an]` = `an.(...(a1.v))` with the arguments elaborated on demand.
    pub(super) fn join_vals(
        &self,
        mut v: Val,
        args: &[&ast::Expr],
        arg: &mut dyn FnMut(usize) -> R<Val>,
        span: Span,
    ) -> R<Val> {
        for (i, a) in args.iter().enumerate() {
            let x = arg(i)?;
            v = self.join(x, v, a.span.to(span))?;
        }
        Ok(v)
    }

    fn join_args(&self, v: Val, args: &[&ast::Expr], env: &Env, span: Span) -> R<Val> {
        self.join_vals(v, args, &mut |i| self.expr(args[i], env), span)
    }
    pub(super) fn join(&self, a: Val, b: Val, span: Span) -> R<Val> {
        let model = self.model;
        self.lift2(a, b, span, |(ea, ta), (eb, tb)| {
            if ea.arity() + eb.arity() < 3 {
                return Err(ElabError::new(
                    span,
                    format!(
                        "this cannot be a legal relational join: the left side has arity {} and the right side arity {}",
                        ea.arity(),
                        eb.arity()
                    ),
                )
                .with_help("joining two sets (unary relations) gives nothing; did you mean `&`, `in` or `->`?"));
            }
            let t = types::join(model, &ta, &tb);
            Ok((Expr::join(ea, eb), t))
        })
    }

    /// `e[args]`: collect the call chain so that `x.f[y]` is `f[x, y]`.
    pub(super) fn box_join(
        &self,
        head: &ast::Expr,
        args: &[ast::Expr],
        env: &Env,
        span: Span,
    ) -> R<Val> {
        if matches!(head.kind, A::IntSig) {
            // `Int[i]`: the `Int` atom of an integer.
            if args.len() != 1 {
                return Err(ElabError::new(span, "`Int[...]` takes one integer"));
            }
            let i = self.int(&args[0], env)?;
            return Ok(Val::Set(i.atom(), Type::of_sig(INT)));
        }
        let mut all: Vec<&ast::Expr> = Vec::new();
        let mut h = head;
        // `x.f[y]` parses as Box(Join(x, f), [y]).
        if let A::Binary(BinaryOp::Join, x, f) = &head.kind
            && matches!(f.kind, A::Name(_))
        {
            all.push(x);
            h = f;
        }
        all.extend(args.iter());
        match &h.kind {
            A::Name(q) => self.app(q, &all, env, span),
            _ => {
                let v = self.expr(h, env)?;
                self.join_args(v, &all, env, span)
            }
        }
    }

    fn total_order(&self, args: &[&ast::Expr], env: &Env, span: Span) -> R<Val> {
        if args.len() != 3 {
            return Err(ElabError::new(
                span,
                "`pred/totalOrder` takes three arguments: elems, first, next",
            ));
        }
        let (elems, _) = self.set(args[0], env)?;
        let (first, _) = self.set(args[1], env)?;
        let (next, _) = self.set(args[2], env)?;
        if elems.arity() != 1 || first.arity() != 1 || next.arity() != 2 {
            return Err(ElabError::new(
                span,
                "`pred/totalOrder` needs a set, an element and a binary relation",
            ));
        }
        // An enum's order is its declaration order.
        if let A::Name(q) = &args[0].kind
            && let Some(Item::Sig(s)) = names::lookup(self.model, env.module, &q.parts)
                .into_iter()
                .find(|i| matches!(i, Item::Sig(_)))
            && let Some(values) = &self.model.sig(s).enum_values
        {
            let vals: Vec<Expr> = values
                .iter()
                .map(|v| self.layout.sig_value[v.index()].clone())
                .collect();
            let pin_first = first.eq(vals.first().unwrap_or(&Expr::none(1)));
            let pairs: Vec<Expr> = vals
                .windows(2)
                .map(|w| Expr::product(w[0].clone(), w[1].clone()))
                .collect();
            let pin_next = next.eq(&union_all(pairs, 2));
            return Ok(Val::Form(pin_first.and2(pin_next)));
        }
        Ok(Val::Form(Formula::total_order(elems, first, next)))
    }
}
