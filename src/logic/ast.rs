//! The core logic: a small Kodkod-like language of relational expressions and formulas.
//!
//! The checker elaborates Alloy into this form (sigs, fields and skolems become
//! [`RelId`]s with bounds; preds, funs and lets are inlined). Translation, evaluation and
//! the normal-form passes all work on it and never see Alloy syntax. Nodes are immutable
//! and shared through `Arc`, so a node's address identifies it (the translator caches on it).

use std::fmt;
use std::sync::Arc;

use super::tuples::TupleSet;

/// A relation of the problem (a sig, a field, a skolem constant, an internal helper).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RelId(pub u32);

/// A variable bound by a quantifier or comprehension. Ids are unique within a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Expr(Arc<ExprData>);

#[derive(Debug, PartialEq, Eq, Hash)]
pub struct ExprData {
    pub arity: usize,
    pub kind: ExprKind,
}

#[derive(Debug, PartialEq, Eq, Hash)]
pub enum ExprKind {
    Rel(RelId),
    Var(VarId),
    /// A fixed tuple set (for `eval` and fixed parts of problems).
    Const(TupleSet),
    /// Every atom of the universe. (Alloy's `univ` holds only atoms of sigs; the checker
    /// expresses it as the union of the top-level sigs.)
    Univ,
    /// The identity over every atom of the universe.
    Iden,
    /// The empty relation of the node's arity.
    None,
    Union(Expr, Expr),
    Intersection(Expr, Expr),
    Difference(Expr, Expr),
    /// `a ++ b`
    Override(Expr, Expr),
    Join(Expr, Expr),
    Product(Expr, Expr),
    Transpose(Expr),
    Closure(Expr),
    ReflexiveClosure(Expr),
    /// `set <: rel`
    DomainRestrict(Expr, Expr),
    /// `rel :> set`
    RangeRestrict(Expr, Expr),
    IfThenElse(Formula, Expr, Expr),
    /// `{ x1: e1, ..., xn: en | F }`; every decl is first-order (unary, `one`).
    Comprehension(Vec<Decl>, Formula),
    /// `Int[i]`: the one `Int` atom whose value is `i` (unary).
    IntAtom(IntExpr),
    /// Alloy 6's `e'`: the value of `e` in the next state of a trace (unrolled by
    /// `logic::temporal` before translation).
    Prime(Expr),
}

/// An integer-valued expression, evaluated at the problem's bitwidth (two's complement,
/// wrapping around; see `instance::ints`).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct IntExpr(Arc<IntExprKind>);

#[derive(Debug, PartialEq, Eq, Hash)]
pub enum IntExprKind {
    /// A literal; it wraps if it does not fit the bitwidth (and then overflows).
    Const(i64),
    /// `#e`: the number of tuples of `e`.
    Card(Expr),
    /// `int[e]` for a unary `e`: the sum of the values of the `Int` atoms in `e` (0 if none).
    SumAtoms(Expr),
    Binary(IntOp, IntExpr, IntExpr),
    IfThenElse(Formula, IntExpr, IntExpr),
    /// `sum x1: e1, ... | i`; every decl is first-order.
    Sum(Vec<Decl>, IntExpr),
}

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Formula(Arc<FormulaKind>);

#[derive(Debug, PartialEq, Eq, Hash)]
pub enum FormulaKind {
    Const(bool),
    And(Vec<Formula>),
    Or(Vec<Formula>),
    Not(Formula),
    Implies(Formula, Formula),
    Iff(Formula, Formula),
    Subset(Expr, Expr),
    Equal(Expr, Expr),
    Mult(MultTest, Expr),
    /// Compares the number of tuples with a constant (scope limits, `exactly`).
    Cardinality(CardCmp, Expr, usize),
    Quant(Quantifier, Vec<Decl>, Formula),
    /// `next` is a strict total order on `elems` with successor relation `next` and least
    /// element `first` (Alloy's `pred/totalOrder`). Kept as one node so that the
    /// translator can fix it to atom order when the atoms are interchangeable.
    TotalOrder {
        elems: Expr,
        first: Expr,
        next: Expr,
    },
    /// `rel` is a strict total order on `elems`: within `elems -> elems`, irreflexive,
    /// transitive, and relating any two distinct elements (Alloy-level builtin
    /// `pred/strictTotalOrder[rel, elems]`). Kept as one node so that an order over
    /// interchangeable atoms can be fixed to atom order (commit orders, in the isolation
    /// library).
    StrictOrder {
        rel: Expr,
        elems: Expr,
    },
    /// Compares the values of two integer expressions (ignoring overflow).
    IntCompare(IntCmp, IntExpr, IntExpr),
    /// Computing the integer expression overflowed somewhere (`--no-overflow` guards
    /// comparisons with it; see `logic::overflow`).
    Overflows(IntExpr),
    /// A unary temporal connective, true at a state of a trace (unrolled by
    /// `logic::temporal` before translation; the evaluator reads it on a trace).
    Temporal(TemporalOp, Formula),
    /// A binary temporal connective: `left until right` and the others.
    TemporalBinary(TemporalBinOp, Formula, Formula),
}

/// Alloy 6's unary temporal connectives over lasso traces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TemporalOp {
    Always,
    Eventually,
    /// The next state.
    After,
    Historically,
    Once,
    /// The previous state (false in the first).
    Before,
}

impl TemporalOp {
    pub fn is_past(self) -> bool {
        matches!(
            self,
            TemporalOp::Historically | TemporalOp::Once | TemporalOp::Before
        )
    }
}

/// Alloy 6's binary temporal connectives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TemporalBinOp {
    Until,
    Releases,
    Since,
    Triggered,
}

impl TemporalBinOp {
    pub fn is_past(self) -> bool {
        matches!(self, TemporalBinOp::Since | TemporalBinOp::Triggered)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MultTest {
    Some,
    No,
    Lone,
    One,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardCmp {
    AtMost,
    AtLeast,
    Exactly,
}

/// A binary integer operation, at the problem's bitwidth in two's complement (Alloy's
/// `plus minus mul div rem << >> >>>`). Results wrap around; each operation also reports
/// whether it overflowed, for `--no-overflow` (see `instance::ints` for the exact meaning).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntOp {
    Plus,
    Minus,
    Mul,
    /// Rounds toward zero; `x / 0` is `-signum(x)`.
    Div,
    /// `x = (x / y) * y + rem`; `x rem 0` is `x`.
    Rem,
    /// `<<`
    Shl,
    /// `>>`: arithmetic (sign-filling) shift right.
    Sha,
    /// `>>>`: logical (zero-filling) shift right.
    Shr,
}

impl IntOp {
    pub const ALL: [IntOp; 8] = [
        IntOp::Plus,
        IntOp::Minus,
        IntOp::Mul,
        IntOp::Div,
        IntOp::Rem,
        IntOp::Shl,
        IntOp::Sha,
        IntOp::Shr,
    ];
}

/// An integer comparison; `>`, `>=` and `!=` are written with these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntCmp {
    Eq,
    Lt,
    Le,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quantifier {
    All,
    Some,
}

/// How a declared variable relates to its bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeclMult {
    /// Exactly one tuple of the bound (the first-order case for unary bounds).
    One,
    Lone,
    Some,
    /// Any subset of the bound.
    Set,
}

/// `var: mult bound`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Decl {
    pub var: VarId,
    /// The source name, for skolem names and printing.
    pub name: String,
    pub mult: DeclMult,
    pub bound: Expr,
}

impl Decl {
    pub fn arity(&self) -> usize {
        self.bound.arity()
    }

    /// A first-order variable ranges over single atoms; anything else ranges over relations.
    pub fn is_first_order(&self) -> bool {
        self.mult == DeclMult::One && self.arity() == 1
    }

    /// The expression that refers to this variable.
    pub fn var_expr(&self) -> Expr {
        Expr::var(self.var, self.arity())
    }
}

impl Expr {
    /// The formulas and expressions directly under this expression (declaration bounds
    /// included; an `Int[i]` gives those of `i`), for walkers that only need to reach
    /// every node.
    pub fn subterms(&self, formulas: &mut Vec<Formula>, exprs: &mut Vec<Expr>) {
        use ExprKind::*;
        match self.kind() {
            Rel(_) | Var(_) | Const(_) | Univ | Iden | None => {}
            Union(a, b)
            | Intersection(a, b)
            | Difference(a, b)
            | Override(a, b)
            | Join(a, b)
            | Product(a, b)
            | DomainRestrict(a, b)
            | RangeRestrict(a, b) => exprs.extend([a.clone(), b.clone()]),
            Transpose(a) | Closure(a) | ReflexiveClosure(a) | Prime(a) => exprs.push(a.clone()),
            IfThenElse(c, a, b) => {
                formulas.push(c.clone());
                exprs.extend([a.clone(), b.clone()]);
            }
            Comprehension(decls, body) => {
                exprs.extend(decls.iter().map(|d| d.bound.clone()));
                formulas.push(body.clone());
            }
            IntAtom(i) => i.subterms(formulas, exprs),
        }
    }

    fn make(arity: usize, kind: ExprKind) -> Expr {
        Expr(Arc::new(ExprData { arity, kind }))
    }

    pub fn arity(&self) -> usize {
        self.0.arity
    }

    pub fn kind(&self) -> &ExprKind {
        &self.0.kind
    }

    /// Identity of the shared node (for caches).
    pub fn node_id(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    pub fn rel(id: RelId, arity: usize) -> Expr {
        Expr::make(arity, ExprKind::Rel(id))
    }

    pub fn var(id: VarId, arity: usize) -> Expr {
        Expr::make(arity, ExprKind::Var(id))
    }

    pub fn constant(ts: TupleSet) -> Expr {
        Expr::make(ts.arity(), ExprKind::Const(ts))
    }

    pub fn univ() -> Expr {
        Expr::make(1, ExprKind::Univ)
    }

    pub fn iden() -> Expr {
        Expr::make(2, ExprKind::Iden)
    }

    pub fn none(arity: usize) -> Expr {
        Expr::make(arity, ExprKind::None)
    }

    pub fn union(a: Expr, b: Expr) -> Expr {
        debug_assert_eq!(a.arity(), b.arity());
        Expr::make(a.arity(), ExprKind::Union(a, b))
    }

    pub fn intersection(a: Expr, b: Expr) -> Expr {
        debug_assert_eq!(a.arity(), b.arity());
        Expr::make(a.arity(), ExprKind::Intersection(a, b))
    }

    pub fn difference(a: Expr, b: Expr) -> Expr {
        debug_assert_eq!(a.arity(), b.arity());
        Expr::make(a.arity(), ExprKind::Difference(a, b))
    }

    pub fn override_(a: Expr, b: Expr) -> Expr {
        debug_assert_eq!(a.arity(), b.arity());
        Expr::make(a.arity(), ExprKind::Override(a, b))
    }

    /// Panics if the result would have arity 0: the checker rejects such joins first.
    pub fn join(a: Expr, b: Expr) -> Expr {
        let arity = a.arity() + b.arity() - 2;
        assert!(arity >= 1, "join of two unary expressions");
        Expr::make(arity, ExprKind::Join(a, b))
    }

    pub fn product(a: Expr, b: Expr) -> Expr {
        Expr::make(a.arity() + b.arity(), ExprKind::Product(a, b))
    }

    pub fn transpose(a: Expr) -> Expr {
        debug_assert_eq!(a.arity(), 2);
        Expr::make(2, ExprKind::Transpose(a))
    }

    pub fn closure(a: Expr) -> Expr {
        debug_assert_eq!(a.arity(), 2);
        Expr::make(2, ExprKind::Closure(a))
    }

    pub fn reflexive_closure(a: Expr) -> Expr {
        debug_assert_eq!(a.arity(), 2);
        Expr::make(2, ExprKind::ReflexiveClosure(a))
    }

    pub fn prime(a: Expr) -> Expr {
        Expr::make(a.arity(), ExprKind::Prime(a))
    }

    pub fn domain_restrict(set: Expr, rel: Expr) -> Expr {
        debug_assert_eq!(set.arity(), 1);
        Expr::make(rel.arity(), ExprKind::DomainRestrict(set, rel))
    }

    pub fn range_restrict(rel: Expr, set: Expr) -> Expr {
        debug_assert_eq!(set.arity(), 1);
        Expr::make(rel.arity(), ExprKind::RangeRestrict(rel, set))
    }

    pub fn if_then_else(c: Formula, a: Expr, b: Expr) -> Expr {
        debug_assert_eq!(a.arity(), b.arity());
        Expr::make(a.arity(), ExprKind::IfThenElse(c, a, b))
    }

    pub fn comprehension(decls: Vec<Decl>, body: Formula) -> Expr {
        let arity = decls.iter().map(Decl::arity).sum();
        Expr::make(arity, ExprKind::Comprehension(decls, body))
    }

    pub fn in_(&self, other: &Expr) -> Formula {
        Formula::subset(self.clone(), other.clone())
    }

    pub fn eq(&self, other: &Expr) -> Formula {
        Formula::equal(self.clone(), other.clone())
    }

    pub fn some(&self) -> Formula {
        Formula::mult(MultTest::Some, self.clone())
    }

    pub fn no(&self) -> Formula {
        Formula::mult(MultTest::No, self.clone())
    }

    pub fn lone(&self) -> Formula {
        Formula::mult(MultTest::Lone, self.clone())
    }

    pub fn one(&self) -> Formula {
        Formula::mult(MultTest::One, self.clone())
    }
}

impl IntExpr {
    fn make(kind: IntExprKind) -> IntExpr {
        IntExpr(Arc::new(kind))
    }

    pub fn kind(&self) -> &IntExprKind {
        &self.0
    }

    pub fn node_id(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    pub fn constant(v: i64) -> IntExpr {
        IntExpr::make(IntExprKind::Const(v))
    }

    pub fn card(e: Expr) -> IntExpr {
        IntExpr::make(IntExprKind::Card(e))
    }

    /// `int[e]`; `int[Int[i]]` is `i` itself, overflow flag and all, as Alloy translates it.
    pub fn sum_atoms(e: Expr) -> IntExpr {
        debug_assert_eq!(e.arity(), 1);
        if let ExprKind::IntAtom(i) = e.kind() {
            return i.clone();
        }
        IntExpr::make(IntExprKind::SumAtoms(e))
    }

    pub fn binary(op: IntOp, a: IntExpr, b: IntExpr) -> IntExpr {
        IntExpr::make(IntExprKind::Binary(op, a, b))
    }

    pub fn ite(c: Formula, a: IntExpr, b: IntExpr) -> IntExpr {
        IntExpr::make(IntExprKind::IfThenElse(c, a, b))
    }

    pub fn sum(decls: Vec<Decl>, body: IntExpr) -> IntExpr {
        if decls.is_empty() {
            return body;
        }
        IntExpr::make(IntExprKind::Sum(decls, body))
    }

    pub fn compare(&self, cmp: IntCmp, other: &IntExpr) -> Formula {
        Formula::make(FormulaKind::IntCompare(cmp, self.clone(), other.clone()))
    }

    /// `Int[self]`
    pub fn atom(&self) -> Expr {
        Expr::make(1, ExprKind::IntAtom(self.clone()))
    }

    pub fn overflows(&self) -> Formula {
        Formula::make(FormulaKind::Overflows(self.clone()))
    }

    /// The formulas and relational expressions directly under this integer expression and
    /// its integer subexpressions (declaration bounds included), for walkers that only need
    /// to reach every node.
    pub fn subterms(&self, formulas: &mut Vec<Formula>, exprs: &mut Vec<Expr>) {
        match self.kind() {
            IntExprKind::Const(_) => {}
            IntExprKind::Card(e) | IntExprKind::SumAtoms(e) => exprs.push(e.clone()),
            IntExprKind::Binary(_, a, b) => {
                a.subterms(formulas, exprs);
                b.subterms(formulas, exprs);
            }
            IntExprKind::IfThenElse(c, a, b) => {
                formulas.push(c.clone());
                a.subterms(formulas, exprs);
                b.subterms(formulas, exprs);
            }
            IntExprKind::Sum(decls, body) => {
                exprs.extend(decls.iter().map(|d| d.bound.clone()));
                body.subterms(formulas, exprs);
            }
        }
    }
}

impl Formula {
    /// The formulas and expressions directly under this formula (declaration bounds and
    /// integer operands' parts included), for walkers that only need to reach every node.
    pub fn subterms(&self, formulas: &mut Vec<Formula>, exprs: &mut Vec<Expr>) {
        use FormulaKind::*;
        match self.kind() {
            Const(_) => {}
            And(gs) | Or(gs) => formulas.extend(gs.iter().cloned()),
            Not(g) | Temporal(_, g) => formulas.push(g.clone()),
            Implies(a, b) | Iff(a, b) | TemporalBinary(_, a, b) => {
                formulas.extend([a.clone(), b.clone()])
            }
            Subset(a, b) | Equal(a, b) | StrictOrder { rel: a, elems: b } => {
                exprs.extend([a.clone(), b.clone()])
            }
            Mult(_, e) | Cardinality(_, e, _) => exprs.push(e.clone()),
            Quant(_, decls, body) => {
                exprs.extend(decls.iter().map(|d| d.bound.clone()));
                formulas.push(body.clone());
            }
            TotalOrder { elems, first, next } => {
                exprs.extend([elems.clone(), first.clone(), next.clone()])
            }
            IntCompare(_, a, b) => {
                a.subterms(formulas, exprs);
                b.subterms(formulas, exprs);
            }
            Overflows(i) => i.subterms(formulas, exprs),
        }
    }

    fn make(kind: FormulaKind) -> Formula {
        Formula(Arc::new(kind))
    }

    pub fn kind(&self) -> &FormulaKind {
        &self.0
    }

    pub fn node_id(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    pub fn constant(b: bool) -> Formula {
        Formula::make(FormulaKind::Const(b))
    }

    pub fn true_() -> Formula {
        Formula::constant(true)
    }

    pub fn false_() -> Formula {
        Formula::constant(false)
    }

    pub fn is_true(&self) -> bool {
        matches!(self.kind(), FormulaKind::Const(true))
    }

    pub fn is_false(&self) -> bool {
        matches!(self.kind(), FormulaKind::Const(false))
    }

    /// Conjunction; flattens nested conjunctions and drops `true`.
    pub fn and(fs: impl IntoIterator<Item = Formula>) -> Formula {
        let mut out = Vec::new();
        for f in fs {
            match f.kind() {
                FormulaKind::Const(true) => {}
                FormulaKind::Const(false) => return Formula::false_(),
                FormulaKind::And(inner) => out.extend(inner.iter().cloned()),
                _ => out.push(f),
            }
        }
        match out.len() {
            0 => Formula::true_(),
            1 => out.pop().unwrap(),
            _ => Formula::make(FormulaKind::And(out)),
        }
    }

    /// Disjunction; flattens nested disjunctions and drops `false`.
    pub fn or(fs: impl IntoIterator<Item = Formula>) -> Formula {
        let mut out = Vec::new();
        for f in fs {
            match f.kind() {
                FormulaKind::Const(false) => {}
                FormulaKind::Const(true) => return Formula::true_(),
                FormulaKind::Or(inner) => out.extend(inner.iter().cloned()),
                _ => out.push(f),
            }
        }
        match out.len() {
            0 => Formula::false_(),
            1 => out.pop().unwrap(),
            _ => Formula::make(FormulaKind::Or(out)),
        }
    }

    pub fn and2(self, other: Formula) -> Formula {
        Formula::and([self, other])
    }

    pub fn or2(self, other: Formula) -> Formula {
        Formula::or([self, other])
    }

    #[allow(clippy::should_implement_trait)]
    pub fn not(self) -> Formula {
        match self.kind() {
            FormulaKind::Const(b) => Formula::constant(!b),
            FormulaKind::Not(inner) => inner.clone(),
            _ => Formula::make(FormulaKind::Not(self)),
        }
    }

    pub fn implies(self, other: Formula) -> Formula {
        if self.is_true() {
            return other;
        }
        if self.is_false() || other.is_true() {
            return Formula::true_();
        }
        Formula::make(FormulaKind::Implies(self, other))
    }

    pub fn iff(self, other: Formula) -> Formula {
        Formula::make(FormulaKind::Iff(self, other))
    }

    pub fn subset(a: Expr, b: Expr) -> Formula {
        debug_assert_eq!(a.arity(), b.arity());
        Formula::make(FormulaKind::Subset(a, b))
    }

    pub fn equal(a: Expr, b: Expr) -> Formula {
        debug_assert_eq!(a.arity(), b.arity());
        Formula::make(FormulaKind::Equal(a, b))
    }

    pub fn mult(m: MultTest, e: Expr) -> Formula {
        Formula::make(FormulaKind::Mult(m, e))
    }

    pub fn cardinality(cmp: CardCmp, e: Expr, n: usize) -> Formula {
        Formula::make(FormulaKind::Cardinality(cmp, e, n))
    }

    pub fn quant(q: Quantifier, decls: Vec<Decl>, body: Formula) -> Formula {
        if decls.is_empty() {
            return body;
        }
        Formula::make(FormulaKind::Quant(q, decls, body))
    }

    pub fn forall(decls: Vec<Decl>, body: Formula) -> Formula {
        Formula::quant(Quantifier::All, decls, body)
    }

    pub fn exists(decls: Vec<Decl>, body: Formula) -> Formula {
        Formula::quant(Quantifier::Some, decls, body)
    }

    pub fn temporal(op: TemporalOp, f: Formula) -> Formula {
        Formula::make(FormulaKind::Temporal(op, f))
    }

    pub fn temporal_binary(op: TemporalBinOp, a: Formula, b: Formula) -> Formula {
        Formula::make(FormulaKind::TemporalBinary(op, a, b))
    }

    pub fn total_order(elems: Expr, first: Expr, next: Expr) -> Formula {
        Formula::make(FormulaKind::TotalOrder { elems, first, next })
    }

    pub fn strict_order(rel: Expr, elems: Expr) -> Formula {
        debug_assert!(rel.arity() == 2 && elems.arity() == 1);
        Formula::make(FormulaKind::StrictOrder { rel, elems })
    }
}

impl fmt::Debug for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Debug for IntExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for IntExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IntExprKind::*;
        match self.kind() {
            Const(v) => write!(f, "{v}"),
            Card(e) => write!(f, "#{e}"),
            SumAtoms(e) => write!(f, "int[{e}]"),
            Binary(op, a, b) => write!(f, "{}[{a}, {b}]", format!("{op:?}").to_lowercase()),
            IfThenElse(c, a, b) => write!(f, "({c} => {a} else {b})"),
            Sum(ds, body) => {
                write!(f, "(sum ")?;
                write_decls(f, ds)?;
                write!(f, " | {body})")
            }
        }
    }
}

impl fmt::Debug for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A readable, fully parenthesized rendering (relations as `r3`, variables as `v7`), for
/// debugging and test failure messages.
impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ExprKind::*;
        match self.kind() {
            Rel(r) => write!(f, "r{}", r.0),
            Var(v) => write!(f, "v{}", v.0),
            Const(ts) => {
                write!(f, "{{")?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    let parts: Vec<String> = t.iter().map(|a| format!("@{a}")).collect();
                    write!(f, "{}", parts.join("->"))?;
                }
                write!(f, "}}")
            }
            Univ => write!(f, "univ"),
            Iden => write!(f, "iden"),
            None => write!(f, "none/{}", self.arity()),
            Union(a, b) => write!(f, "({a} + {b})"),
            Intersection(a, b) => write!(f, "({a} & {b})"),
            Difference(a, b) => write!(f, "({a} - {b})"),
            Override(a, b) => write!(f, "({a} ++ {b})"),
            Join(a, b) => write!(f, "({a}.{b})"),
            Product(a, b) => write!(f, "({a} -> {b})"),
            Transpose(a) => write!(f, "~{a}"),
            Closure(a) => write!(f, "^{a}"),
            ReflexiveClosure(a) => write!(f, "*{a}"),
            DomainRestrict(a, b) => write!(f, "({a} <: {b})"),
            RangeRestrict(a, b) => write!(f, "({a} :> {b})"),
            IfThenElse(c, a, b) => write!(f, "({c} => {a} else {b})"),
            Comprehension(ds, body) => {
                write!(f, "{{")?;
                write_decls(f, ds)?;
                write!(f, " | {body}}}")
            }
            IntAtom(i) => write!(f, "Int[{i}]"),
            Prime(a) => write!(f, "{a}'"),
        }
    }
}

fn write_decls(f: &mut fmt::Formatter<'_>, ds: &[Decl]) -> fmt::Result {
    for (i, d) in ds.iter().enumerate() {
        if i > 0 {
            write!(f, ", ")?;
        }
        let m = match d.mult {
            DeclMult::One => "one",
            DeclMult::Lone => "lone",
            DeclMult::Some => "some",
            DeclMult::Set => "set",
        };
        write!(f, "v{}: {m} {}", d.var.0, d.bound)?;
    }
    Ok(())
}

impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FormulaKind::*;
        let list = |f: &mut fmt::Formatter<'_>, fs: &[Formula], op: &str| -> fmt::Result {
            write!(f, "(")?;
            for (i, x) in fs.iter().enumerate() {
                if i > 0 {
                    write!(f, " {op} ")?;
                }
                write!(f, "{x}")?;
            }
            write!(f, ")")
        };
        match self.kind() {
            Const(b) => write!(f, "{b}"),
            And(fs) => list(f, fs, "&&"),
            Or(fs) => list(f, fs, "||"),
            Not(a) => write!(f, "!{a}"),
            Implies(a, b) => write!(f, "({a} => {b})"),
            Iff(a, b) => write!(f, "({a} <=> {b})"),
            Subset(a, b) => write!(f, "({a} in {b})"),
            Equal(a, b) => write!(f, "({a} = {b})"),
            Mult(m, e) => write!(f, "{} {e}", format!("{m:?}").to_lowercase()),
            Cardinality(c, e, n) => {
                let op = match c {
                    CardCmp::AtMost => "<=",
                    CardCmp::AtLeast => ">=",
                    CardCmp::Exactly => "=",
                };
                write!(f, "#{e} {op} {n}")
            }
            Quant(q, ds, body) => {
                let q = match q {
                    Quantifier::All => "all",
                    Quantifier::Some => "some",
                };
                write!(f, "({q} ")?;
                write_decls(f, ds)?;
                write!(f, " | {body})")
            }
            TotalOrder { elems, first, next } => write!(f, "totalOrder[{elems}, {first}, {next}]"),
            StrictOrder { rel, elems } => write!(f, "strictTotalOrder[{rel}, {elems}]"),
            IntCompare(c, a, b) => {
                let op = match c {
                    IntCmp::Eq => "=",
                    IntCmp::Lt => "<",
                    IntCmp::Le => "<=",
                };
                write!(f, "({a} {op} {b})")
            }
            Overflows(i) => write!(f, "overflows[{i}]"),
            Temporal(op, a) => write!(f, "({} {a})", format!("{op:?}").to_lowercase()),
            TemporalBinary(op, a, b) => {
                write!(f, "({a} {} {b})", format!("{op:?}").to_lowercase())
            }
        }
    }
}
