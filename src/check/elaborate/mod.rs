//! Elaboration: Alloy expressions and formulas to core logic.
//!
//! Names are resolved here (locals shadow everything; then macros; then sigs, fields,
//! preds and funs, chosen by type and weight as Alloy does), `x.f` and `f[x]` become calls
//! when `f` is a pred or fun, and preds, funs and macros are inlined. Multiplicities in
//! declarations and on the right of `in` become constraints.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use crate::diagnostic::{Diagnostic, Span};
use crate::logic::{Expr, ExprKind, Formula, IntExpr, MultTest, VarId};
use crate::syntax::ast;

use super::layout::Layout;
use super::model::*;
use super::types::Type;

mod app;
mod calls;
mod decls;
mod expr;
mod fields;
mod operators;
mod warnings;

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
}

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

/// The meanings of a value with their weights (a plain value has one, of weight 0).
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

fn val_key(v: &Val) -> String {
    match v {
        Val::Set(e, _) => format!("{e}"),
        Val::Form(f) => format!("{f}"),
        Val::Int(i) => format!("int {i}"),
        Val::Choice(alts) => format!("choice {}", alts.len()),
    }
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
        ExprKind::Transpose(a)
        | ExprKind::Closure(a)
        | ExprKind::ReflexiveClosure(a)
        | ExprKind::Prime(a) => mentions_var(a, v),
        // Conservative for formulas inside expressions.
        ExprKind::IfThenElse(..) | ExprKind::Comprehension(..) | ExprKind::IntAtom(_) => true,
    }
}
