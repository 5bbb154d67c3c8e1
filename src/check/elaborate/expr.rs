//! Entry points (formula, set, integer, block) and expressions: elaborating each syntax
//! node, resolving overloaded names by the type the context expects.

use crate::check::model::*;
use crate::check::types::{self, Type};
use crate::diagnostic::Span;
use crate::instance::ints;
use crate::logic::{Expr, Formula, IntExpr};
use crate::syntax::ast::{self, ExprKind as A, Multiplicity};

use super::warnings::mentions_name;
use super::{
    ElabError, Elaborator, Env, R, Val, alternatives, as_set, int_as_set, is_empty_type,
    thin_alike_meanings, val_arity, val_key, val_type,
};

impl Elaborator<'_> {
    pub fn formula(&self, e: &ast::Expr, env: &Env) -> R<Formula> {
        crate::stack::guard(|| self.formula_unguarded(e, env))
    }

    fn formula_unguarded(&self, e: &ast::Expr, env: &Env) -> R<Formula> {
        match self.resolve(self.expr(e, env)?, None, e.span)? {
            Val::Form(f) => Ok(f),
            Val::Set(_, t) => Err(ElabError::new(
                e.span,
                format!(
                    "expected a formula, but this is an expression of type {}",
                    types::show(self.model, &t)
                ),
            )),
            Val::Int(_) => Err(ElabError::new(
                e.span,
                "expected a formula, but this is an integer",
            )),
            _ => unreachable!("resolve gives a set, an integer or a formula"),
        }
    }

    pub fn set(&self, e: &ast::Expr, env: &Env) -> R<(Expr, Type)> {
        self.set_hinted(e, env, None)
    }

    /// A set-valued expression; `hint` is the type the context expects, which picks among
    /// the meanings of an overloaded name.
    pub(super) fn set_hinted(
        &self,
        e: &ast::Expr,
        env: &Env,
        hint: Option<&Type>,
    ) -> R<(Expr, Type)> {
        match self.resolve(self.expr(e, env)?, hint, e.span)? {
            Val::Set(x, t) => Ok((x, t)),
            Val::Int(i) => Ok((i.atom(), Type::of_sig(INT))),
            Val::Form(_) => Err(ElabError::new(
                e.span,
                "expected an expression, but this is a formula",
            )),
            _ => unreachable!("resolve gives a set, an integer or a formula"),
        }
    }

    /// An integer-valued expression: an integer, or a set of `Int` atoms (their sum, as
    /// Alloy's implicit `int[...]` cast).
    pub fn int(&self, e: &ast::Expr, env: &Env) -> R<IntExpr> {
        let v = self.resolve(self.expr(e, env)?, Some(&Type::of_sig(INT)), e.span)?;
        self.int_of(v, e.span)
    }
    pub(super) fn int_of(&self, v: Val, span: Span) -> R<IntExpr> {
        match v {
            Val::Int(i) => Ok(i),
            Val::Set(x, t) if x.arity() == 1 => {
                if !types::overlaps(self.model, &t, &Type::of_sig(INT)) && !t.is_empty() {
                    return Err(ElabError::new(
                        span,
                        format!(
                            "an integer is expected here, but this is a set of type {}",
                            types::show(self.model, &t)
                        ),
                    )
                    .with_help("`#e` counts the tuples of `e`"));
                }
                Ok(IntExpr::sum_atoms(x))
            }
            Val::Set(x, _) => Err(ElabError::new(
                span,
                format!(
                    "an integer is expected here, but this is a relation of arity {}",
                    x.arity()
                ),
            )
            .with_help("`#e` counts the tuples of `e`")),
            Val::Form(_) => Err(ElabError::new(
                span,
                "an integer is expected here, but this is a formula",
            )),
            Val::Choice(_) => {
                let v = self.resolve(v, Some(&Type::of_sig(INT)), span)?;
                self.int_of(v, span)
            }
        }
    }

    pub fn block(&self, b: &ast::Block, env: &Env) -> R<Formula> {
        let mut parts = Vec::new();
        for e in &b.exprs {
            parts.push(self.formula(e, env)?);
        }
        Ok(Formula::and(parts))
    }

    /// Settle a value: an overloaded name takes the meaning the context allows (types that
    /// meet `hint`, then non-empty types, then the lowest weight); a value solder cannot
    /// compute is an error unless its type shows it is always empty.
    pub fn resolve(&self, v: Val, hint: Option<&Type>, span: Span) -> R<Val> {
        match v {
            Val::Choice(alts) => {
                let mut alts = alts;
                if let Some(h) = hint {
                    let fits =
                        |v: &Val| val_type(v).is_some_and(|t| types::overlaps(self.model, &t, h));
                    if alts.iter().any(|(v, _)| fits(v)) {
                        alts.retain(|(v, _)| fits(v));
                    }
                }
                let picked = self.pick(alts, span)?;
                self.resolve(picked, hint, span)
            }
            v => Ok(v),
        }
    }

    /// Alloy's choice among meanings: non-empty types first, then the lowest weight.
    fn pick(&self, mut alts: Vec<(Val, u8)>, span: Span) -> R<Val> {
        if alts.len() > 1 && alts.iter().any(|(v, _)| !is_empty_type(v)) {
            alts.retain(|(v, _)| !is_empty_type(v));
        }
        let best = alts.iter().map(|(_, w)| *w).min().unwrap_or(0);
        alts.retain(|(_, w)| *w == best);
        let first = val_key(&alts[0].0);
        if alts.len() > 1 && alts.iter().any(|(v, _)| val_key(v) != first) {
            // Always-empty meanings of one arity are all `none`.
            let all_empty_same_arity = alts
                .iter()
                .all(|(v, _)| is_empty_type(v) && val_arity(v) == val_arity(&alts[0].0));
            if !all_empty_same_arity {
                return Err(ElabError::new(
                    span,
                    format!(
                        "this name is ambiguous: it has {} possible meanings here",
                        alts.len()
                    ),
                )
                .with_help(
                    "qualify it with a module alias or restrict it by a sig (e.g. `Sig <: field`)",
                ));
            }
        }
        Ok(alts.swap_remove(0).0)
    }

    pub fn expr(&self, e: &ast::Expr, env: &Env) -> R<Val> {
        crate::stack::guard(|| self.expr_unguarded(e, env))
    }

    fn expr_unguarded(&self, e: &ast::Expr, env: &Env) -> R<Val> {
        let span = e.span;
        match &e.kind {
            A::Name(q) => self.app(q, &[], env, span),
            A::AtName(q) => self.at_name(q, env, span),
            A::This => env.local("this").cloned().ok_or_else(|| {
                ElabError::new(
                    span,
                    "`this` is only defined in sig facts, field declarations and receiver preds/funs",
                )
            }),
            A::Iden => Ok(Val::Set(
                Expr::domain_restrict(self.layout.univ.clone(), Expr::iden()),
                Type::univ(2),
            )),
            A::Univ => Ok(Val::Set(self.layout.univ.clone(), Type::univ(1))),
            A::None => Ok(Val::Set(Expr::none(1), Type::empty(1))),
            A::IntSig => Ok(self.sig_val(INT)),
            A::StringSig => Ok(self.sig_val(STRING)),
            A::Str(text) => {
                {
                    let mut log = self.string_log.borrow_mut();
                    if !log.contains(text) {
                        log.push(text.clone());
                    }
                }
                let value = match self.string_atoms.borrow().get(text) {
                    Some(&atom) => Expr::constant(crate::logic::TupleSet::of_atoms([atom])),
                    None => Expr::none(1),
                };
                Ok(Val::Set(value, Type::of_sig(STRING)))
            }
            A::SeqInt => Ok(self.sig_val(SEQ_INT)),
            A::Number(n) => {
                if let Some(bw) = self.literal_bitwidth.get()
                    && !ints::fits(*n as i128, bw)
                {
                    self.type_warning(
                        env,
                        span,
                        format!(
                            "{n} does not fit in {bw} bits (integers {}..{}): it wraps around to {}, as in Alloy; a larger bitwidth (`for {} Int`) holds it",
                            ints::min(bw),
                            ints::max(bw),
                            ints::wrap(*n as i128, bw),
                            (bw + 1..=30).find(|b| ints::fits(*n as i128, *b)).unwrap_or(30)
                        ),
                    );
                }
                Ok(Val::Int(IntExpr::constant(*n)))
            }
            A::Unary(op, x) => self.unary(*op, x, env, span),
            A::Binary(op, a, b) => self.binary(*op, a, b, env, span),
            A::Arrow(m1, m2, a, b) => {
                if *m1 != Multiplicity::Set || *m2 != Multiplicity::Set {
                    return Err(ElabError::new(
                        span,
                        "a multiplicity arrow is only allowed in a declaration or on the right of `in`",
                    ));
                }
                let va = self.expr(a, env)?;
                let vb = self.expr(b, env)?;
                self.lift2(va, vb, span, |(ea, ta), (eb, tb)| {
                    Ok((Expr::product(ea, eb), ta.product(&tb)))
                })
            }
            A::Box(head, args) => self.box_join(head, args, env, span),
            A::IfElse(c, a, b) => {
                let c = self.formula(c, env)?;
                let va = self.resolve(self.expr(a, env)?, None, a.span)?;
                let vb = self.resolve(self.expr(b, env)?, None, b.span)?;
                if let (Val::Int(x), Val::Int(y)) = (&va, &vb) {
                    return Ok(Val::Int(IntExpr::ite(c, x.clone(), y.clone())));
                }
                match (int_as_set(va), int_as_set(vb)) {
                    (Val::Form(x), Val::Form(y)) => Ok(Val::Form(Formula::or([
                        c.clone().and2(x),
                        c.not().and2(y),
                    ]))),
                    (Val::Set(x, tx), Val::Set(y, ty)) => {
                        if x.arity() != y.arity() {
                            return Err(ElabError::new(
                                span,
                                format!(
                                    "the two branches of this if-then-else have different arities ({} and {})",
                                    x.arity(),
                                    y.arity()
                                ),
                            ));
                        }
                        Ok(Val::Set(Expr::if_then_else(c, x, y), tx.union(&ty)))
                    }
                    _ => Err(ElabError::new(
                        span,
                        "the two branches must both be formulas or both be expressions",
                    )),
                }
            }
            A::Disj(args) => {
                let mut sets = Vec::new();
                for a in args {
                    sets.push((self.set(a, env)?, a.span));
                }
                let mut parts = Vec::new();
                for i in 0..sets.len() {
                    for j in i + 1..sets.len() {
                        let ((a, _), _) = &sets[i];
                        let ((b, _), sb) = &sets[j];
                        if a.arity() != b.arity() {
                            return Err(ElabError::new(
                                *sb,
                                "the arguments of `disj[...]` must have the same arity",
                            ));
                        }
                        parts.push(Expr::intersection(a.clone(), b.clone()).no());
                    }
                }
                Ok(Val::Form(Formula::and(parts)))
            }
            A::Quant(q, decls, body) => self.quant(*q, decls, body, env, span),
            A::Let(binds, body) => {
                for (i, (name, _)) in binds.iter().enumerate() {
                    let used = mentions_name(body, &name.name)
                        || binds[i + 1..]
                            .iter()
                            .any(|(_, later)| mentions_name(later, &name.name));
                    if !used {
                        self.type_warning(
                            env,
                            name.span,
                            format!("the variable `{}` is unused", name.name),
                        );
                    }
                }
                let mut env = env.clone();
                for (name, value) in binds {
                    let v = self.expr(value, &env)?;
                    env = env.bind(&name.name, v);
                }
                self.expr(body, &env)
            }
            A::Comprehension(decls, body) => {
                if let Some(v) = self.meta_expansion(None, decls, body, env)? {
                    return Ok(v);
                }
                let (ds, guard, env2) = self.decls(decls, env, true)?;
                let f = self.formula(body, &env2)?;
                let mut ty: Option<Type> = None;
                for d in &ds {
                    let t = env2.local(&d.name).and_then(val_type).unwrap_or(Type::univ(1));
                    ty = Some(match ty {
                        None => t,
                        Some(acc) => acc.product(&t),
                    });
                }
                Ok(Val::Set(
                    Expr::comprehension(ds, guard.and2(f)),
                    ty.unwrap_or(Type::univ(1)),
                ))
            }
            A::Block(b) => Ok(Val::Form(self.block(b, env)?)),
        }
    }

    /// Apply a set operation to two values, trying every meaning of overloaded operands.
    /// Meanings that fail are dropped; if several succeed, those with non-empty types are
    /// kept, as a choice for the context to settle.
    pub(super) fn lift2(
        &self,
        a: Val,
        b: Val,
        span: Span,
        f: impl Fn((Expr, Type), (Expr, Type)) -> R<(Expr, Type)>,
    ) -> R<Val> {
        let mut ok: Vec<(Val, u8)> = Vec::new();
        let mut first_err: Option<ElabError> = None;
        for (x, wx) in alternatives(a) {
            for (y, wy) in alternatives(b.clone()) {
                let r = match (as_set(&x, span), as_set(&y, span)) {
                    (Ok(sx), Ok(sy)) => f(sx, sy).map(|(e, t)| Val::Set(e, t)),
                    (Err(e), _) | (_, Err(e)) => Err(e),
                };
                match r {
                    Ok(v) => ok.push((v, wx.saturating_add(wy))),
                    Err(e) => {
                        first_err.get_or_insert(e);
                    }
                }
            }
        }
        self.collect(ok, first_err)
    }
    pub(super) fn lift1(
        &self,
        a: Val,
        span: Span,
        f: impl Fn(Expr, Type) -> R<(Expr, Type)>,
    ) -> R<Val> {
        let mut ok = Vec::new();
        let mut first_err = None;
        for (x, w) in alternatives(a) {
            let r = as_set(&x, span).and_then(|(e, t)| f(e, t).map(|(e, t)| Val::Set(e, t)));
            match r {
                Ok(v) => ok.push((v, w)),
                Err(e) => {
                    first_err.get_or_insert(e);
                }
            }
        }
        self.collect(ok, first_err)
    }
    pub(super) fn collect(&self, mut ok: Vec<(Val, u8)>, first_err: Option<ElabError>) -> R<Val> {
        if ok.is_empty() {
            return Err(first_err.expect("some alternative was tried"));
        }
        if ok.len() > 1 && ok.iter().any(|(v, _)| !is_empty_type(v)) {
            ok.retain(|(v, _)| !is_empty_type(v));
        } else if ok.len() > 1
            && ok
                .iter()
                .all(|(v, _)| val_arity(v).is_some() && val_arity(v) == val_arity(&ok[0].0))
        {
            // Every meaning is always empty: Alloy takes the value `none`, which any of them is.
            ok.truncate(1);
        }
        if ok.len() == 1 {
            return Ok(ok.swap_remove(0).0);
        }
        Ok(Val::Choice(thin_alike_meanings(ok)))
    }

    /// A comparison of two sets (`in`, `=`): among the meanings of the operands, prefer
    /// pairs whose types overlap.
    pub(super) fn compare(
        &self,
        a: Val,
        b: Val,
        span: Span,
        f: impl Fn(&Expr, &Expr) -> R<Formula>,
    ) -> R<Formula> {
        let mut ok: Vec<(Formula, u8, bool)> = Vec::new();
        let mut first_err: Option<ElabError> = None;
        for (x, wx) in alternatives(a) {
            for (y, wy) in alternatives(b.clone()) {
                let r = self.resolve(x.clone(), None, span).and_then(|x| {
                    let y = self.resolve(y.clone(), None, span)?;
                    match (int_as_set(x), int_as_set(y)) {
                        (Val::Set(ex, tx), Val::Set(ey, ty)) => {
                            let overlap = types::overlaps(self.model, &tx, &ty);
                            f(&ex, &ey).map(|g| (g, overlap))
                        }
                        _ => Err(ElabError::new(
                            span,
                            "both sides of a comparison must be expressions",
                        )),
                    }
                });
                match r {
                    Ok((g, overlap)) => ok.push((g, wx.saturating_add(wy), overlap)),
                    Err(e) => {
                        first_err.get_or_insert(e);
                    }
                }
            }
        }
        if ok.is_empty() {
            return Err(first_err.expect("some alternative was tried"));
        }
        if ok.iter().any(|(_, _, o)| *o) {
            ok.retain(|(_, _, o)| *o);
        }
        let best = ok.iter().map(|(_, w, _)| *w).min().unwrap_or(0);
        ok.retain(|(_, w, _)| *w == best);
        if ok.len() > 1 && ok.iter().any(|(g, _, _)| g != &ok[0].0) {
            return Err(ElabError::new(
                span,
                format!(
                    "this comparison is ambiguous: it has {} possible meanings",
                    ok.len()
                ),
            )
            .with_help("qualify the overloaded name with a module alias or a sig"));
        }
        Ok(ok.swap_remove(0).0)
    }
}
