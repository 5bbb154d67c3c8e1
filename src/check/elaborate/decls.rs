//! Declarations and quantifiers: bounds with their multiplicities (`Shape`), the guards
//! they become, quantified and parameter declarations, a fun's result constraint.

use std::collections::HashMap;

use crate::check::model::*;
use crate::check::types::{self, Type};
use crate::diagnostic::Span;
use crate::logic::{Decl, DeclMult, Expr, Formula, IntExpr};
use crate::syntax::ast::{self, ExprKind as A, Multiplicity, UnaryOp};

use super::{ElabError, Elaborator, Env, R, Val, int_as_set, val_type};

/// A declaration's bound with its multiplicities.
#[derive(Clone, Debug)]
pub(super) enum Shape {
    Plain(Expr, Type),
    Mult(Multiplicity, Box<Shape>),
    Arrow(Multiplicity, Multiplicity, Box<Shape>, Box<Shape>),
}

impl Shape {
    /// No multiplicity but `set` anywhere in the shape.
    fn only_set(&self) -> bool {
        match self {
            Shape::Plain(..) => true,
            Shape::Mult(m, s) => *m == Multiplicity::Set && s.only_set(),
            Shape::Arrow(m1, m2, a, b) => {
                *m1 == Multiplicity::Set && *m2 == Multiplicity::Set && a.only_set() && b.only_set()
            }
        }
    }

    pub(super) fn plain(&self) -> (Expr, Type) {
        match self {
            Shape::Plain(e, t) => (e.clone(), t.clone()),
            Shape::Mult(_, s) => s.plain(),
            Shape::Arrow(_, _, a, b) => {
                let (ea, ta) = a.plain();
                let (eb, tb) = b.plain();
                (Expr::product(ea, eb), ta.product(&tb))
            }
        }
    }

    fn arity(&self) -> usize {
        self.plain().0.arity()
    }

    /// How a variable with this bound is declared, and whether the bound states more than
    /// that (arrow multiplicities, `seq`), which then becomes a guard.
    fn decl_mult(&self) -> (DeclMult, bool) {
        match self {
            Shape::Plain(e, _) if e.arity() == 1 => (DeclMult::One, false),
            Shape::Plain(..) => (DeclMult::Set, false),
            Shape::Mult(m, inner) if matches!(**inner, Shape::Plain(..)) => (
                match m {
                    Multiplicity::One => DeclMult::One,
                    Multiplicity::Lone => DeclMult::Lone,
                    Multiplicity::Some => DeclMult::Some,
                    Multiplicity::Set | Multiplicity::Seq => DeclMult::Set,
                },
                false,
            ),
            _ => (DeclMult::Set, true),
        }
    }
}

impl Elaborator<'_> {
    pub(super) fn shape(&self, e: &ast::Expr, env: &Env) -> R<Shape> {
        self.shape_hinted(e, env, None)
    }

    pub(super) fn shape_hinted(&self, e: &ast::Expr, env: &Env, hint: Option<&Type>) -> R<Shape> {
        match &e.kind {
            A::Unary(UnaryOp::Mult(m), x) => {
                if let A::Unary(UnaryOp::Mult(inner), _) = &x.kind {
                    return Err(ElabError::new(
                        x.span,
                        format!(
                            "a multiplicity cannot follow another: `{}` already has `{}`",
                            mult_word(*inner),
                            mult_word(*m)
                        ),
                    )
                    .with_help("keep one of them"));
                }
                if *m == Multiplicity::Seq {
                    // `seq X` is `seq/Int -> lone X` whose indices have no gaps.
                    let (elems, ty) = self.set(x, env)?;
                    let (indices, int) = self.sig_set(SEQ_INT);
                    let arrow = Shape::Arrow(
                        Multiplicity::Set,
                        Multiplicity::Lone,
                        Box::new(Shape::Plain(indices, int)),
                        Box::new(Shape::Plain(elems, ty)),
                    );
                    return Ok(Shape::Mult(Multiplicity::Seq, Box::new(arrow)));
                }
                Ok(Shape::Mult(*m, Box::new(self.shape_hinted(x, env, hint)?)))
            }
            A::Arrow(m1, m2, a, b) => Ok(Shape::Arrow(
                *m1,
                *m2,
                Box::new(self.shape(a, env)?),
                Box::new(self.shape(b, env)?),
            )),
            _ => {
                let (x, t) = self.set_hinted(e, env, hint)?;
                Ok(Shape::Plain(x, t))
            }
        }
    }

    /// The type of a declaration bound, even where its value cannot be computed (the
    /// parameters and results of integer functions).
    pub(super) fn shape_type(&self, e: &ast::Expr, env: &Env) -> R<Type> {
        match &e.kind {
            A::Unary(UnaryOp::Mult(Multiplicity::Seq), x) => {
                Ok(Type::of_sig(INT).product(&self.shape_type(x, env)?))
            }
            A::Unary(UnaryOp::Mult(_), x) => self.shape_type(x, env),
            A::Arrow(_, _, a, b) => Ok(self.shape_type(a, env)?.product(&self.shape_type(b, env)?)),
            _ => {
                let v = self.expr(e, env)?;
                let v = match v {
                    Val::Choice(_) => self.resolve(v, None, e.span)?,
                    v => v,
                };
                val_type(&v).ok_or_else(|| {
                    ElabError::new(e.span, "expected an expression, but this is a formula")
                })
            }
        }
    }

    /// `x in shape`: the subset and every multiplicity it states.
    pub(super) fn constraint(&self, x: &Expr, shape: &Shape) -> Formula {
        match shape {
            Shape::Plain(e, _) => x.in_(e),
            Shape::Mult(m, inner) => {
                let base = self.constraint(x, inner);
                let extra = match m {
                    Multiplicity::Some => x.some(),
                    Multiplicity::Lone => x.lone(),
                    Multiplicity::One => x.one(),
                    Multiplicity::Seq => self.no_gaps(x),
                    Multiplicity::Set => Formula::true_(),
                };
                base.and2(extra)
            }
            Shape::Arrow(..) => {
                let (plain, _) = shape.plain();
                x.in_(&plain).and2(self.arrow_mults(x, shape))
            }
        }
    }

    /// A sequence's indices have no gaps: each but 0 follows another index.
    fn no_gaps(&self, x: &Expr) -> Formula {
        let mut indices = x.clone();
        while indices.arity() > 1 {
            indices = Expr::join(indices, self.layout.univ.clone());
        }
        let followers = Expr::join(indices.clone(), self.layout.int_next.clone());
        Expr::difference(indices, followers).in_(&IntExpr::constant(0).atom())
    }

    /// The multiplicities of `A m1 -> m2 B` on x: every tuple of A relates to `m2` tuples
    /// of B (which must themselves satisfy B's shape), and symmetrically for `m1`.
    fn arrow_mults(&self, x: &Expr, shape: &Shape) -> Formula {
        let Shape::Arrow(m1, m2, a, b) = shape else {
            return Formula::true_();
        };
        // `A -> B -> C` with `set` everywhere states nothing beyond `x in A -> B -> C`: the
        // nested `t.x in B -> C` would follow from it (and hide the plain subset from
        // readers of the formula such as `logic::injections`).
        if shape.only_set() {
            return Formula::true_();
        }
        let mut out = Vec::new();
        let b_nested = !matches!(**b, Shape::Plain(..));
        if *m2 != Multiplicity::Set || b_nested {
            let (ea, _) = a.plain();
            out.push(self.over_tuples(&ea, |vars| {
                let mut j = x.clone();
                for v in vars {
                    j = Expr::join(v.clone(), j);
                }
                let mut f = mult_test(*m2, &j);
                if b_nested {
                    f = f.and2(self.constraint(&j, b));
                }
                f
            }));
        }
        let a_nested = !matches!(**a, Shape::Plain(..));
        if *m1 != Multiplicity::Set || a_nested {
            let (eb, _) = b.plain();
            out.push(self.over_tuples(&eb, |vars| {
                let mut j = x.clone();
                for v in vars.iter().rev() {
                    j = Expr::join(j, v.clone());
                }
                let mut f = mult_test(*m1, &j);
                if a_nested {
                    f = f.and2(self.constraint(&j, a));
                }
                f
            }));
        }
        Formula::and(out)
    }

    /// `all t: set | body(t)` for tuples of any arity (one variable per column).
    fn over_tuples(&self, set: &Expr, body: impl FnOnce(&[Expr]) -> Formula) -> Formula {
        let span = Span::default();
        if set.arity() == 1 {
            let d = Decl {
                var: self.fresh_var(span),
                name: "t".into(),
                mult: DeclMult::One,
                bound: set.clone(),
            };
            let v = d.var_expr();
            return Formula::forall(vec![d], body(&[v]));
        }
        let decls: Vec<Decl> = (0..set.arity())
            .map(|i| Decl {
                var: self.fresh_var(span),
                name: format!("t{i}"),
                mult: DeclMult::One,
                bound: self.layout.univ.clone(),
            })
            .collect();
        let vars: Vec<Expr> = decls.iter().map(Decl::var_expr).collect();
        let tuple = vars
            .iter()
            .skip(1)
            .fold(vars[0].clone(), |acc, v| Expr::product(acc, v.clone()));
        Formula::forall(decls, tuple.in_(set).implies(body(&vars)))
    }

    /// Quantifier and comprehension declarations: core decls, the guard they impose
    /// (`disj`, arrow multiplicities) and the environment with the variables bound.
    /// `first_order_only` is for comprehensions.
    pub fn decls(
        &self,
        decls: &[ast::Decl],
        env: &Env,
        first_order_only: bool,
    ) -> R<(Vec<Decl>, Formula, Env)> {
        let mut env = env.clone();
        let mut out = Vec::new();
        let mut guard = Vec::new();
        for d in decls {
            if d.defined {
                return Err(ElabError::new(
                    d.span,
                    "`=` declarations are only allowed for fields",
                ));
            }
            let shape = self.shape(&d.bound, &env)?;
            let (plain, ty) = shape.plain();
            let (mult, extra) = shape.decl_mult();
            let mut group = Vec::new();
            for n in &d.names {
                let var = self.fresh_var(n.span);
                let decl = Decl {
                    var,
                    name: n.name.clone(),
                    mult,
                    bound: plain.clone(),
                };
                if first_order_only && !decl.is_first_order() {
                    return Err(ElabError::new(
                        d.bound.span,
                        "a comprehension variable must range over single atoms (a set with no multiplicity keyword)",
                    ));
                }
                let ve = decl.var_expr();
                if extra {
                    guard.push(self.constraint(&ve, &shape));
                }
                group.push(ve.clone());
                out.push(decl);
                env = env.bind(&n.name, Val::Set(ve, ty.clone()));
            }
            if d.disj {
                for i in 0..group.len() {
                    for j in i + 1..group.len() {
                        guard.push(Expr::intersection(group[i].clone(), group[j].clone()).no());
                    }
                }
            }
        }
        Ok((out, Formula::and(guard), env))
    }

    pub(super) fn quant(
        &self,
        q: ast::Quantifier,
        decls: &[ast::Decl],
        body: &ast::Expr,
        env: &Env,
        span: Span,
    ) -> R<Val> {
        use ast::Quantifier as Q;
        self.warn_unused(decls, body, env);
        if q == Q::Sum {
            let (ds, guard, env2) = self.decls(decls, env, false)?;
            if ds.iter().any(|d| !d.is_first_order()) {
                return Err(ElabError::new(
                    span,
                    "`sum` ranges over single atoms: declare its variables without `set`",
                ));
            }
            let body = self.int(body, &env2)?;
            let body = if guard.is_true() {
                body
            } else {
                IntExpr::ite(guard, body, IntExpr::constant(0))
            };
            return Ok(Val::Int(IntExpr::sum(ds, body)));
        }
        if matches!(q, Q::All | Q::Some)
            && let Some(v) = self.meta_expansion(Some(q), decls, body, env)?
        {
            return Ok(v);
        }
        let counting = matches!(q, Q::One | Q::Lone);
        let (ds, guard, env2) = self.decls(decls, env, false)?;
        if counting && ds.iter().any(|d| !d.is_first_order()) {
            return Err(ElabError::new(
                span,
                "`one` and `lone` quantifiers are only supported over single atoms",
            ));
        }
        let f = self.formula(body, &env2)?;
        Ok(Val::Form(match q {
            Q::All => Formula::forall(ds, guard.implies(f)),
            Q::Some => Formula::exists(ds, guard.and2(f)),
            Q::No => Formula::forall(ds, guard.implies(f.not())),
            Q::One => Expr::comprehension(ds, guard.and2(f)).one(),
            Q::Lone => Expr::comprehension(ds, guard.and2(f)).lone(),
            Q::Sum => unreachable!(),
        }))
    }

    /// Alloy unrolls `all x: S | body`, `some x: S | body` and `{x: S | body}` over the
    /// meta atoms when `S` lies within `sig$ + field$`: the body is elaborated once per
    /// atom with `x` bound to that atom's sig, so that `x.value` is the atom's own
    /// `value`, whatever its arity. `None` when the declaration is not of that form.
    /// (`q` is `None` for a comprehension.)
    pub(super) fn meta_expansion(
        &self,
        q: Option<ast::Quantifier>,
        decls: &[ast::Decl],
        body: &ast::Expr,
        env: &Env,
    ) -> R<Option<Val>> {
        let Some(meta) = &self.model.meta else {
            return Ok(None);
        };
        let [d] = decls else { return Ok(None) };
        if d.names.len() != 1 || d.defined {
            return Ok(None);
        }
        let shape = self.shape(&d.bound, env)?;
        let single = match &shape {
            Shape::Plain(e, _) => e.arity() == 1,
            Shape::Mult(Multiplicity::One, inner) => matches!(**inner, Shape::Plain(..)),
            _ => false,
        };
        let (bound, ty) = shape.plain();
        let within = |p: &Vec<SigId>| {
            self.model.descends(p[0], meta.sig) || self.model.descends(p[0], meta.field)
        };
        if !single || ty.arity != 1 || ty.is_empty() || !ty.products.iter().all(within) {
            return Ok(None);
        }
        let atoms = self.model.sig(meta.sig).children.iter();
        let atoms = atoms.chain(&self.model.sig(meta.field).children);
        let mut parts = Vec::new();
        let mut sets = Vec::new();
        // Each copy of the body sees one atom: what holds for that atom alone (an empty
        // join, a disjoint test) is no finding about the model, and Alloy keeps quiet too.
        let quiet_from = self.warnings.borrow().len();
        for &atom in atoms {
            let (ae, at) = self.sig_set(atom);
            if !types::overlaps(self.model, &at, &ty) {
                continue;
            }
            let env2 = env.bind(&d.names[0].name, Val::Set(ae.clone(), at));
            let member = ae.in_(&bound);
            let f = self.formula(body, &env2)?;
            match q {
                Some(ast::Quantifier::All) => parts.push(member.implies(f)),
                Some(_) => parts.push(member.and2(f)),
                None => sets.push(Expr::if_then_else(member.and2(f), ae, Expr::none(1))),
            }
        }
        self.warnings.borrow_mut().truncate(quiet_from);
        Ok(Some(match q {
            Some(ast::Quantifier::All) => Val::Form(Formula::and(parts)),
            Some(_) => Val::Form(Formula::or(parts)),
            None => Val::Set(sets.into_iter().fold(Expr::none(1), Expr::union), ty),
        }))
    }

    /// The formula that a `run` of a fun checks: its body is within its declared result.
    pub fn fun_result_constraint(
        &self,
        fid: FuncId,
        body: &Val,
        env: &Env,
        span: Span,
    ) -> R<Formula> {
        let func = self.model.func(fid);
        let FuncBody::Fun { result, .. } = &func.body else {
            return Ok(Formula::true_());
        };
        let hint = self.shape(result, env).ok().map(|s| s.plain().1);
        let body = self.resolve(body.clone(), hint.as_ref(), span)?;
        let Val::Set(e, _) = int_as_set(body) else {
            return Err(ElabError::new(
                span,
                "the body of a fun must be an expression",
            ));
        };
        let mut shape = self.shape(result, env)?;
        if let Shape::Plain(x, _) = &shape
            && x.arity() == 1
        {
            shape = Shape::Mult(Multiplicity::One, Box::new(shape));
        }
        if shape.arity() != e.arity() {
            return Err(ElabError::new(
                span,
                format!(
                    "the body of `{}` has arity {}, but its declared result has arity {}",
                    func.name,
                    e.arity(),
                    shape.arity()
                ),
            ));
        }
        Ok(self.constraint(&e, &shape))
    }

    /// Declarations of a pred's or fun's parameters, as for an existential (`run p`).
    pub fn param_decls(&self, fid: FuncId) -> R<(Vec<Decl>, Formula, Env)> {
        let func = self.model.func(fid);
        let mut env = Env::new(func.module);
        let mut decls = Vec::new();
        let mut guard = Vec::new();
        let mut groups: HashMap<usize, Vec<Expr>> = HashMap::new();
        for p in &func.params {
            let shape = self.shape(&p.bound, &env)?;
            let (plain, ty) = shape.plain();
            let (mult, extra) = shape.decl_mult();
            let d = Decl {
                var: self.fresh_var(p.span),
                name: p.name.clone(),
                mult,
                bound: plain,
            };
            let ve = d.var_expr();
            if extra {
                guard.push(self.constraint(&ve, &shape));
            }
            if let Some(g) = p.disj_group {
                groups.entry(g).or_default().push(ve.clone());
            }
            env = env.bind(&p.name, Val::Set(ve, ty));
            decls.push(d);
        }
        for members in groups.values() {
            for i in 0..members.len() {
                for j in i + 1..members.len() {
                    guard.push(Expr::intersection(members[i].clone(), members[j].clone()).no());
                }
            }
        }
        Ok((decls, Formula::and(guard), env))
    }
}

fn mult_test(m: Multiplicity, e: &Expr) -> Formula {
    match m {
        Multiplicity::Some => e.some(),
        Multiplicity::Lone => e.lone(),
        Multiplicity::One => e.one(),
        _ => Formula::true_(),
    }
}

/// How a multiplicity is written.
fn mult_word(m: Multiplicity) -> &'static str {
    match m {
        Multiplicity::Set => "set",
        Multiplicity::One => "one",
        Multiplicity::Lone => "lone",
        Multiplicity::Some => "some",
        Multiplicity::Seq => "seq",
    }
}
