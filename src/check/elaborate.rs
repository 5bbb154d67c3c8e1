//! Elaboration: Alloy expressions and formulas to core logic.
//!
//! Names are resolved here (locals shadow everything; then macros; then sigs, fields,
//! preds and funs, chosen by type and weight as Alloy does), `x.f` and `f[x]` become calls
//! when `f` is a pred or fun, and preds, funs and macros are inlined. Multiplicities in
//! declarations and on the right of `in` become constraints.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use crate::diagnostic::{Diagnostic, Span, did_you_mean};
use crate::instance::ints;
use crate::logic::normalize::expr_has_higher_order;
use crate::logic::{
    Decl, DeclMult, Expr, ExprKind, Formula, IntCmp, IntExpr, IntOp, MultTest, VarId,
};
use crate::syntax::ast::{self, BinaryOp, ExprKind as A, Multiplicity, UnaryOp};

use super::layout::{Layout, union_all};
use super::model::*;
use super::names::{self, Item};
use super::types::{self, Type};

/// An elaboration failure.
#[derive(Debug, Clone)]
pub struct ElabError {
    pub diag: Box<Diagnostic>,
}

impl ElabError {
    pub fn new(span: Span, msg: impl Into<String>) -> ElabError {
        ElabError {
            diag: Box::new(Diagnostic::error(span, msg)),
        }
    }

    fn with_help(mut self, help: impl Into<String>) -> ElabError {
        self.diag.help = Some(help.into());
        self
    }
}

impl From<Diagnostic> for ElabError {
    fn from(d: Diagnostic) -> ElabError {
        ElabError { diag: Box::new(d) }
    }
}

pub type R<T> = Result<T, ElabError>;

/// What an Alloy expression denotes.
#[derive(Clone, Debug)]
pub enum Val {
    Set(Expr, Type),
    Form(Formula),
    /// An integer (Alloy's primitive `int`): a literal, `#e`, arithmetic, `sum`. Where a set
    /// is expected it becomes the one `Int` atom with its value.
    Int(IntExpr),
    /// The meanings of an overloaded name (with Alloy's weights), until the context picks.
    Choice(Vec<(Val, u8)>),
}

/// Where implicit `this` applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SigCtx {
    None,
    /// The appended fact of a sig.
    Fact(SigId),
    /// A field declaration of a sig (only fields declared before it are visible).
    FieldDecl(SigId, FieldId),
}

/// Local names (let, quantifier and parameter variables, `this`).
#[derive(Clone, Debug)]
pub struct Env {
    pub module: ModuleId,
    locals: Rc<Vec<(String, Val)>>,
    pub sig_ctx: SigCtx,
}

impl Env {
    pub fn new(module: ModuleId) -> Env {
        Env {
            module,
            locals: Rc::new(Vec::new()),
            sig_ctx: SigCtx::None,
        }
    }

    pub fn bind(&self, name: &str, v: Val) -> Env {
        let mut locals = (*self.locals).clone();
        locals.push((name.to_string(), v));
        Env {
            module: self.module,
            locals: Rc::new(locals),
            sig_ctx: self.sig_ctx,
        }
    }

    pub fn with_sig_ctx(&self, c: SigCtx) -> Env {
        Env {
            sig_ctx: c,
            ..self.clone()
        }
    }

    fn local(&self, name: &str) -> Option<&Val> {
        self.locals
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }

    pub fn local_names(&self) -> impl Iterator<Item = &str> {
        self.locals.iter().map(|(n, _)| n.as_str())
    }
}

/// A declaration's bound with its multiplicities.
#[derive(Clone, Debug)]
enum Shape {
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

    fn plain(&self) -> (Expr, Type) {
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

pub struct Elaborator<'m> {
    pub model: &'m Model,
    pub layout: &'m Layout,
    field_types: RefCell<Vec<Option<Type>>>,
    fields_in_progress: RefCell<Vec<FieldId>>,
    param_types: RefCell<HashMap<FuncId, Vec<Type>>>,
    next_var: Cell<u32>,
    call_stack: RefCell<Vec<FuncId>>,
    macro_depth: Cell<usize>,
    /// Where each variable was declared (to point higher-order errors at the source).
    pub var_spans: RefCell<HashMap<VarId, Span>>,
    pub warnings: RefCell<Vec<Diagnostic>>,
    /// When on, the outermost calls made (pred or fun, with argument values): how
    /// [`Elaborator::top_call`] learns what a conjunct calls.
    call_log: RefCell<Option<Vec<Call>>>,
    /// The widest bitwidth of the model's commands: literals outside its range are
    /// warned about (they wrap around, as in Alloy).
    pub literal_bitwidth: Cell<Option<u32>>,
    /// The string literals elaborated so far, in order of first use.
    pub string_log: RefCell<Vec<String>>,
    /// The atom of each string literal, once atoms exist (before, a literal elaborates to
    /// `none` of type `String`: only its type matters then).
    pub string_atoms: RefCell<HashMap<String, u32>>,
    /// The value of each fun without parameters, once elaborated: every call shares one
    /// expression node, so the translator's and the evaluator's caches (by node) compute
    /// `causal` or `WR` once per problem, not once per use.
    closed_funs: RefCell<HashMap<FuncId, Val>>,
    /// One `univ` node for every field's domain constraint (`f.univ in S`), so that the
    /// translator and the evaluator, whose caches go by node, compute it once rather
    /// than once per field (10,000 fields over 10,000 atoms were quadratic).
    every_atom: Expr,
}

/// A pred or fun called with these argument values.
pub type Call = (FuncId, Vec<Val>);

const MAX_MACRO_DEPTH: usize = 20;
/// Marks a util/integer meaning among a name's candidates until they are weighed.
const INTEGER_MARK: u8 = 100;
const MAX_CALL_DEPTH: usize = 64;

impl<'m> Elaborator<'m> {
    pub fn new(model: &'m Model, layout: &'m Layout) -> Elaborator<'m> {
        let field_types = model
            .fields
            .iter()
            .map(|f| (f.ty.arity > 0).then(|| f.ty.clone()))
            .collect();
        Elaborator {
            model,
            layout,
            field_types: RefCell::new(field_types),
            fields_in_progress: RefCell::new(Vec::new()),
            param_types: RefCell::new(HashMap::new()),
            next_var: Cell::new(0),
            call_stack: RefCell::new(Vec::new()),
            macro_depth: Cell::new(0),
            var_spans: RefCell::new(HashMap::new()),
            warnings: RefCell::new(Vec::new()),
            call_log: RefCell::new(None),
            literal_bitwidth: Cell::new(None),
            string_log: RefCell::new(Vec::new()),
            string_atoms: RefCell::new(HashMap::new()),
            closed_funs: RefCell::new(HashMap::new()),
            every_atom: Expr::univ(),
        }
    }

    /// Alloy's type-relevance warning: an expression its types make always empty (or a
    /// test they decide). Only where the types are the declared ones (not inside an
    /// inlined call, whose argument types are the caller's) and outside the library.
    fn type_warning(&self, env: &Env, span: Span, message: String) {
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
    fn disjoint_types(&self, a: &Val, b: &Val) -> Option<(String, String)> {
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

    /// The pred a formula calls at its top, with the argument values, when elaborating
    /// it makes exactly one outermost call (no overload left undecided). For unsat cores,
    /// which open such calls into the pred's own conjuncts.
    pub fn top_call(&self, e: &ast::Expr, env: &Env) -> Option<Call> {
        *self.call_log.borrow_mut() = Some(Vec::new());
        let elaborated = self.formula(e, env);
        let log = self.call_log.borrow_mut().take().unwrap_or_default();
        match (elaborated, log.as_slice()) {
            (Ok(_), [(fid, args)]) if self.model.func(*fid).is_pred() => Some((*fid, args.clone())),
            _ => None,
        }
    }

    pub fn fresh_var(&self, span: Span) -> VarId {
        let v = VarId(self.next_var.get());
        self.next_var.set(v.0 + 1);
        self.var_spans.borrow_mut().insert(v, span);
        v
    }

    // ----- sigs and fields -------------------------------------------------------------

    /// A sig's value and type.
    pub fn sig_set(&self, s: SigId) -> (Expr, Type) {
        (
            self.layout.sig_value[s.index()].clone(),
            types::sig_type(self.model, s),
        )
    }

    fn sig_val(&self, s: SigId) -> Val {
        let (e, t) = self.sig_set(s);
        Val::Set(e, t)
    }

    /// The type of a field (sig column first), computed on first use.
    pub fn field_type(&self, f: FieldId) -> R<Type> {
        if let Some(t) = &self.field_types.borrow()[f.index()] {
            return Ok(t.clone());
        }
        let field = self.model.field(f);
        if self.fields_in_progress.borrow().contains(&f) {
            return Err(ElabError::new(
                field.span,
                format!(
                    "the declaration of field `{}` depends on itself",
                    field.name
                ),
            ));
        }
        self.fields_in_progress.borrow_mut().push(f);
        let result = self
            .field_bound(f)
            .map(|(_, _, bound_ty, _)| types::sig_type(self.model, field.sig).product(&bound_ty));
        self.fields_in_progress.borrow_mut().retain(|x| *x != f);
        let t = result?;
        self.field_types.borrow_mut()[f.index()] = Some(t.clone());
        Ok(t)
    }

    pub fn field_expr(&self, f: FieldId) -> R<Expr> {
        let t = self.field_type(f)?;
        Ok(Expr::rel(self.layout.field_rel(f), t.arity))
    }

    /// Elaborate a field's bound with `this` bound to a fresh variable over its sig.
    /// Returns (this variable, the bound's shape as plain expr, its type, the constraint on `this.f`).
    #[allow(clippy::type_complexity)]
    fn field_bound(&self, f: FieldId) -> R<(Decl, Expr, Type, Shape)> {
        let field = self.model.field(f);
        let sig = self.model.sig(field.sig);
        let this = self.this_decl(field.sig, field.span)?;
        let env = Env::new(sig.module)
            .bind(
                "this",
                Val::Set(this.var_expr(), types::sig_type(self.model, field.sig)),
            )
            .with_sig_ctx(SigCtx::FieldDecl(field.sig, f));
        let mut shape = self.shape(&field.decl.bound, &env)?;
        // A unary bound without a keyword means `one`.
        if let Shape::Plain(e, _) = &shape
            && e.arity() == 1
            && !field.decl.defined
        {
            shape = Shape::Mult(Multiplicity::One, Box::new(shape));
        }
        let (e, t) = shape.plain();
        Ok((this, e, t, shape))
    }

    /// A field's declared bound as a plain expression over `this` (a variable over the
    /// field's sig): every `this.f` lies within it.
    pub fn field_plain_bound(&self, f: FieldId) -> R<(Decl, Expr)> {
        let (this, plain, _, _) = self.field_bound(f)?;
        Ok((this, plain))
    }

    fn this_decl(&self, s: SigId, span: Span) -> R<Decl> {
        let (e, _) = self.sig_set(s);
        Ok(Decl {
            var: self.fresh_var(span),
            name: "this".into(),
            mult: DeclMult::One,
            bound: e,
        })
    }

    /// The constraints a field declaration imposes (bounds, multiplicities, `disj`).
    pub fn field_constraints(&self, f: FieldId) -> R<Formula> {
        let field = self.model.field(f);
        let rel = self.field_expr(f)?;
        let (sig_e, _) = self.sig_set(field.sig);
        let (this, plain, _, shape) = self.field_bound(f)?;
        let this_e = this.var_expr();
        let this_f = Expr::join(this_e.clone(), rel.clone());
        let mut out = Vec::new();
        if field.decl.defined {
            out.push(Formula::forall(
                vec![this.clone()],
                Formula::equal(this_f.clone(), plain),
            ));
            // A defined field's first column is its sig.
            out.push(self.in_domain(&rel, &sig_e));
            return Ok(Formula::and(out));
        }
        out.push(self.in_domain(&rel, &sig_e));
        out.push(Formula::forall(
            vec![this.clone()],
            self.constraint(&this_f, &shape),
        ));
        if field.decl.disj_bound {
            let that = Decl {
                var: self.fresh_var(field.span),
                name: "that".into(),
                mult: DeclMult::One,
                bound: sig_e.clone(),
            };
            let that_f = Expr::join(that.var_expr(), rel.clone());
            out.push(Formula::forall(
                vec![this.clone(), that.clone()],
                this.var_expr()
                    .eq(&that.var_expr())
                    .not()
                    .implies(Expr::intersection(this_f.clone(), that_f).no()),
            ));
        }
        // `disj f, g: e`: per atom, the fields of one declaration are pairwise disjoint.
        // Each pair is stated once, by the field declared first.
        if field.decl.disj {
            for &g in &self.model.sig(field.sig).fields {
                let other = self.model.field(g);
                if g <= f || !std::sync::Arc::ptr_eq(&other.decl, &field.decl) {
                    continue;
                }
                let other_f = Expr::join(this_e.clone(), self.field_expr(g)?);
                out.push(Formula::forall(
                    vec![this.clone()],
                    Expr::intersection(this_f.clone(), other_f).no(),
                ));
            }
        }
        Ok(Formula::and(out))
    }

    /// The first column of `rel` lies in `sig`. Joining with the universe of atoms (not
    /// Alloy's `univ`, which a stray tuple might avoid) projects onto the first column far
    /// more cheaply than building `sig -> univ -> ...`.
    fn in_domain(&self, rel: &Expr, sig: &Expr) -> Formula {
        let mut dom = rel.clone();
        for _ in 1..rel.arity() {
            dom = Expr::join(dom, self.every_atom.clone());
        }
        dom.in_(sig)
    }

    /// The parameter types of a pred or fun (bounds elaborated left to right).
    pub fn param_types(&self, fid: FuncId) -> R<Vec<Type>> {
        if let Some(t) = self.param_types.borrow().get(&fid) {
            return Ok(t.clone());
        }
        let func = self.model.func(fid);
        let mut env = Env::new(func.module);
        let mut out = Vec::new();
        for p in &func.params {
            let t = self.shape_type(&p.bound, &env)?;
            env = env.bind(
                &p.name,
                Val::Set(Expr::var(self.fresh_var(p.span), t.arity), t.clone()),
            );
            out.push(t);
        }
        self.param_types.borrow_mut().insert(fid, out.clone());
        Ok(out)
    }

    // ----- entry points ----------------------------------------------------------------

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
    fn set_hinted(&self, e: &ast::Expr, env: &Env, hint: Option<&Type>) -> R<(Expr, Type)> {
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

    fn int_of(&self, v: Val, span: Span) -> R<IntExpr> {
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
    fn lift2(
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

    fn lift1(&self, a: Val, span: Span, f: impl Fn(Expr, Type) -> R<(Expr, Type)>) -> R<Val> {
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

    fn collect(&self, mut ok: Vec<(Val, u8)>, first_err: Option<ElabError>) -> R<Val> {
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
    fn compare(
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

    // ----- names, calls and joins ------------------------------------------------------

    /// `@f`: a field without implicit `this`.
    fn at_name(&self, q: &ast::QualName, env: &Env, span: Span) -> R<Val> {
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
    fn app(&self, q: &ast::QualName, args: &[&ast::Expr], env: &Env, span: Span) -> R<Val> {
        self.app_keeping_args(q, args, env, span, &mut vec![None; args.len()])
    }

    /// `app`, leaving in `arg_vals` the value of each argument it elaborated, so that a
    /// caller that needs one again (the empty-join warning) does not elaborate it twice:
    /// along a chain `x.f.f.f` that doubled the work per join.
    fn app_keeping_args(
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

    /// Check argument types against parameter types (this is what selects an overload),
    /// settling overloaded arguments by the parameter's type. Alloy accepts an argument
    /// whose type cannot meet its parameter's (a parameter's bound is not a constraint at
    /// the call site), but such a call loses to one whose types meet: the warnings for
    /// it come back with the arguments, for the caller to keep if the call is chosen.
    fn applicable(
        &self,
        fid: FuncId,
        vals: Vec<Val>,
        args: &[&ast::Expr],
        span: Span,
    ) -> R<(Vec<Val>, Vec<Diagnostic>)> {
        let pts = self.param_types(fid)?;
        let func = self.model.func(fid);
        let mut out = Vec::new();
        let mut mismatches = Vec::new();
        for (i, (v, pt)) in vals.into_iter().zip(&pts).enumerate() {
            let arg_span = args.get(i).map_or(span, |a| a.span);
            let v = match v {
                Val::Choice(_) => self.resolve(v, Some(pt), arg_span)?,
                v => v,
            };
            let Some(t) = val_type(&v) else {
                return Err(ElabError::new(
                    arg_span,
                    format!(
                        "the argument for `{}` of `{}` must be an expression, not a formula",
                        func.params[i].name, func.name
                    ),
                ));
            };
            if t.arity != pt.arity {
                return Err(ElabError::new(
                    arg_span,
                    format!(
                        "the parameter `{}` of `{}` has arity {}, but this argument has arity {}",
                        func.params[i].name, func.name, pt.arity, t.arity
                    ),
                ));
            }
            if !t.is_empty() && !types::overlaps(self.model, &t, pt) {
                mismatches.push(Diagnostic::warning(
                    arg_span,
                    format!(
                        "this argument of type {} can never be a `{}` of `{}` (type {})",
                        types::show(self.model, &t),
                        func.params[i].name,
                        func.name,
                        types::show(self.model, pt)
                    ),
                ));
            }
            out.push(v);
        }
        Ok((out, mismatches))
    }

    /// A call where a value is wanted. A fun's result is a set, as Alloy types its body:
    /// an integer body becomes its `Int` atom (`int[Int[i]]` is `i` again where a number
    /// is needed).
    fn call_value(&self, fid: FuncId, vals: Vec<Val>, span: Span) -> R<Val> {
        self.call(fid, vals, span).map(int_as_set)
    }

    /// Inline a pred or fun with the given argument values.
    pub fn call(&self, fid: FuncId, args: Vec<Val>, span: Span) -> R<Val> {
        let func = self.model.func(fid);
        if self.call_stack.borrow().contains(&fid) {
            return Err(ElabError::new(
                span,
                format!("`{}` calls itself (recursion is not supported)", func.name),
            ));
        }
        if self.call_stack.borrow().len() >= MAX_CALL_DEPTH {
            return Err(ElabError::new(span, "calls are nested too deeply"));
        }
        if self.call_stack.borrow().is_empty()
            && let Some(log) = self.call_log.borrow_mut().as_mut()
        {
            log.push((fid, args.clone()));
        }
        if let Some(v) = self.closed_funs.borrow().get(&fid) {
            return Ok(v.clone());
        }
        let mut env = Env::new(func.module);
        for (p, v) in func.params.iter().zip(args) {
            env = env.bind(&p.name, v);
        }
        self.call_stack.borrow_mut().push(fid);
        let result = match &func.body {
            FuncBody::Pred(b) => self.block(b, &env).map(Val::Form),
            FuncBody::Fun { body, .. } => self.expr(body, &env),
        };
        self.call_stack.borrow_mut().pop();
        // Shared only when nothing in it is rewritten per occurrence: skolemization and
        // CEGIS work on quantifiers over relations (and on preds' formulas).
        if func.params.is_empty()
            && let Ok(v @ Val::Set(e, _)) = &result
            && !expr_has_higher_order(e)
        {
            self.closed_funs.borrow_mut().insert(fid, v.clone());
        }
        result.map_err(|e| self.at_call_site(fid, e, span))
    }

    /// An error inside a library fun or pred is the caller's: its arguments do not fit.
    /// It is reported at the call, with the library line as a note.
    fn at_call_site(&self, fid: FuncId, e: ElabError, span: Span) -> ElabError {
        let func = self.model.func(fid);
        let module = self.model.module(func.module);
        let inside = e.diag.span.filter(|s| s.file == module.file);
        match inside {
            Some(at) if module.is_stdlib && span.file != module.file => ElabError::from(
                Diagnostic::error(
                    span,
                    format!(
                        "the arguments of `{}` do not fit its definition: {}",
                        func.name, e.diag.message
                    ),
                )
                .with_note(at, "in the library's definition, here"),
            ),
            _ => e,
        }
    }

    fn expand_macro(
        &self,
        m: usize,
        args: &[&ast::Expr],
        arg: &mut dyn FnMut(usize) -> R<Val>,
        span: Span,
    ) -> R<Val> {
        let mac = &self.model.macros[m];
        if args.len() < mac.params.len() {
            return Err(ElabError::new(
                span,
                format!(
                    "the macro `{}` takes {} arguments but is given {}",
                    mac.name,
                    mac.params.len(),
                    args.len()
                ),
            ));
        }
        if self.macro_depth.get() >= MAX_MACRO_DEPTH {
            return Err(ElabError::new(
                span,
                "macros are expanded too deeply (more than 20 levels)",
            ));
        }
        let mut menv = Env::new(mac.module);
        for (i, p) in mac.params.iter().enumerate() {
            menv = menv.bind(p, arg(i)?);
        }
        self.macro_depth.set(self.macro_depth.get() + 1);
        let v = self.expr(&mac.body, &menv);
        self.macro_depth.set(self.macro_depth.get() - 1);
        let v = v?;
        let np = mac.params.len();
        self.join_vals(v, &args[np..], &mut |i| arg(np + i), span)
    }

    /// `v[a1, ..., an]` = `an.(...(a1.v))` with the arguments elaborated on demand.
    fn join_vals(
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

    fn join(&self, a: Val, b: Val, span: Span) -> R<Val> {
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
    fn box_join(&self, head: &ast::Expr, args: &[ast::Expr], env: &Env, span: Span) -> R<Val> {
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

    // ----- operators -------------------------------------------------------------------

    fn unary(&self, op: UnaryOp, x: &ast::Expr, env: &Env, span: Span) -> R<Val> {
        let model = self.model;
        match op {
            UnaryOp::Not => Ok(Val::Form(self.formula(x, env)?.not())),
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

    fn binary(&self, op: BinaryOp, a: &ast::Expr, b: &ast::Expr, env: &Env, span: Span) -> R<Val> {
        use BinaryOp::*;
        let model = self.model;
        match op {
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
                let va = self.expr(a, env)?;
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

    /// A join whose result type is empty although its left side's is not.
    fn warn_empty_join(&self, left: &Val, env: &Env, span: Span) {
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

    fn arity_error(&self, op: &str, a: usize, b: usize, span: Span) -> ElabError {
        ElabError::new(
            span,
            format!(
                "`{op}` needs both sides to have the same arity, but the left side has arity {a} and the right side arity {b}"
            ),
        )
    }

    // ----- declarations and quantifiers ------------------------------------------------

    fn shape(&self, e: &ast::Expr, env: &Env) -> R<Shape> {
        self.shape_hinted(e, env, None)
    }

    fn shape_hinted(&self, e: &ast::Expr, env: &Env, hint: Option<&Type>) -> R<Shape> {
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
    fn shape_type(&self, e: &ast::Expr, env: &Env) -> R<Type> {
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
    fn constraint(&self, x: &Expr, shape: &Shape) -> Formula {
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

    fn quant(
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

    /// Alloy's "This variable is unused": a quantified variable that neither the body nor a
    /// later declaration's bound mentions.
    fn warn_unused(&self, decls: &[ast::Decl], body: &ast::Expr, env: &Env) {
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

/// Does `e` refer to the unqualified name `name` anywhere (shadowing aside)?
fn mentions_name(e: &ast::Expr, name: &str) -> bool {
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

fn mult_test(m: Multiplicity, e: &Expr) -> Formula {
    match m {
        Multiplicity::Some => e.some(),
        Multiplicity::Lone => e.lone(),
        Multiplicity::One => e.one(),
        _ => Formula::true_(),
    }
}

/// The meanings of a value with their weights (a plain value has one, of weight 0).
/// How many meanings alike in kind, type and weight a choice keeps.
const MAX_ALIKE_MEANINGS: usize = 16;

/// Drop meanings beyond `MAX_ALIKE_MEANINGS` of one kind, type and weight. Everything
/// that later settles a choice weighs only those (result types and weights follow from
/// the operands'), so such meanings are kept or dropped together and, when kept, are
/// ambiguous whichever of them remain; the first one, which an always-empty choice
/// takes, is kept. Without this a chain of joins with an overloaded field (`x.f.f.f`,
/// `f` in two sigs) carried 2^n meanings.
fn thin_alike_meanings(alts: Vec<(Val, u8)>) -> Vec<(Val, u8)> {
    if alts.len() <= MAX_ALIKE_MEANINGS {
        return alts;
    }
    let mut seen: HashMap<(std::mem::Discriminant<Val>, Option<Type>, u8), usize> = HashMap::new();
    alts.into_iter()
        .filter(|(v, w)| {
            let count = seen
                .entry((std::mem::discriminant(v), val_type(v), *w))
                .or_insert(0);
            *count += 1;
            *count <= MAX_ALIKE_MEANINGS
        })
        .collect()
}

fn alternatives(v: Val) -> Vec<(Val, u8)> {
    match v {
        Val::Choice(alts) => alts
            .into_iter()
            .flat_map(|(v, w)| {
                alternatives(v)
                    .into_iter()
                    .map(move |(x, u)| (x, w.saturating_add(u)))
            })
            .collect(),
        v => vec![(v, 0)],
    }
}

/// A set operand (an integer stands for its `Int` atom).
fn as_set(v: &Val, span: Span) -> R<(Expr, Type)> {
    match v {
        Val::Set(e, t) => Ok((e.clone(), t.clone())),
        Val::Int(i) => Ok((i.atom(), Type::of_sig(INT))),
        Val::Form(_) => Err(ElabError::new(
            span,
            "expected an expression, but this is a formula",
        )),
        Val::Choice(_) => unreachable!("alternatives are flattened"),
    }
}

pub fn val_type(v: &Val) -> Option<Type> {
    match v {
        Val::Set(_, t) => Some(t.clone()),
        Val::Int(_) => Some(Type::of_sig(INT)),
        Val::Form(_) => None,
        Val::Choice(alts) => {
            let mut out: Option<Type> = None;
            for (a, _) in alts {
                let t = val_type(a)?;
                out = Some(match out {
                    None => t,
                    Some(o) if o.arity == t.arity => o.union(&t),
                    Some(_) => return None,
                });
            }
            out
        }
    }
}

fn val_arity(v: &Val) -> Option<usize> {
    val_type(v).map(|t| t.arity)
}

fn is_empty_type(v: &Val) -> bool {
    val_type(v).is_some_and(|t| t.is_empty())
}

/// An integer stands for its `Int` atom where a set is expected.
fn int_as_set(v: Val) -> Val {
    match v {
        Val::Int(i) => Val::Set(i.atom(), Type::of_sig(INT)),
        v => v,
    }
}

fn is_multiplicity_shape(e: &ast::Expr) -> bool {
    matches!(e.kind, A::Unary(UnaryOp::Mult(_), _) | A::Arrow(..))
}

fn val_key(v: &Val) -> String {
    match v {
        Val::Set(e, _) => format!("{e}"),
        Val::Form(f) => format!("{f}"),
        Val::Int(i) => format!("int {i}"),
        Val::Choice(alts) => format!("choice {}", alts.len()),
    }
}

fn param_list(f: &Func) -> String {
    f.params
        .iter()
        .map(|p| p.name.clone())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Convenience for callers that only need `MultTest` names.
pub fn mult_name(m: MultTest) -> &'static str {
    match m {
        MultTest::Some => "some",
        MultTest::No => "no",
        MultTest::Lone => "lone",
        MultTest::One => "one",
    }
}

/// True if the expression mentions the variable (used to keep field bounds that do not
/// depend on `this` out of quantifiers).
pub fn mentions_var(e: &Expr, v: VarId) -> bool {
    match e.kind() {
        ExprKind::Var(x) => *x == v,
        ExprKind::Rel(_)
        | ExprKind::Const(_)
        | ExprKind::Univ
        | ExprKind::Iden
        | ExprKind::None => false,
        ExprKind::Union(a, b)
        | ExprKind::Intersection(a, b)
        | ExprKind::Difference(a, b)
        | ExprKind::Override(a, b)
        | ExprKind::Join(a, b)
        | ExprKind::Product(a, b)
        | ExprKind::DomainRestrict(a, b)
        | ExprKind::RangeRestrict(a, b) => mentions_var(a, v) || mentions_var(b, v),
        ExprKind::Transpose(a) | ExprKind::Closure(a) | ExprKind::ReflexiveClosure(a) => {
            mentions_var(a, v)
        }
        // Conservative for formulas inside expressions.
        ExprKind::IfThenElse(..) | ExprKind::Comprehension(..) | ExprKind::IntAtom(_) => true,
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
