//! The syntax tree of an Alloy module, as written (before names are resolved).
//!
//! Every node carries the [`Span`] of its source text. The tree keeps Alloy's surface
//! distinctions that only the checker can settle: `x.f` may be a call or a join, and
//! `some e` may be a multiplicity test or a declaration multiplicity.

use crate::diagnostic::Span;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A possibly qualified name: `Node`, `this/Node`, `util/ordering`, `o/first`,
/// `pred/totalOrder`, `fun/add`, `seq/Int`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QualName {
    /// The segments, e.g. `["this", "Node"]`.
    pub parts: Vec<String>,
    pub span: Span,
}

impl QualName {
    /// The text as written, segments joined by `/`.
    pub fn joined(&self) -> String {
        self.parts.join("/")
    }

    /// The last segment.
    pub fn last(&self) -> &str {
        self.parts.last().map_or("", |s| s.as_str())
    }
}

/// A whole source file.
#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    pub header: Option<ModuleHeader>,
    pub opens: Vec<Open>,
    pub paragraphs: Vec<Paragraph>,
}

/// `module util/ordering[exactly elem]`
#[derive(Clone, Debug, PartialEq)]
pub struct ModuleHeader {
    pub name: QualName,
    pub params: Vec<ModuleParam>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ModuleParam {
    pub exact: bool,
    pub name: Ident,
}

/// `[private] open util/ordering[Node] as ord`
#[derive(Clone, Debug, PartialEq)]
pub struct Open {
    pub private: bool,
    pub path: QualName,
    /// Actual parameters: sig references (`univ`, `Int`, `none` and `seq/Int` appear as names).
    pub args: Vec<QualName>,
    pub alias: Option<Ident>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Paragraph {
    Sig(SigDecl),
    Enum(EnumDecl),
    Fact(FactDecl),
    Assert(AssertDecl),
    Pred(PredDecl),
    Fun(FunDecl),
    Macro(MacroDecl),
    Command(Command),
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct SigQualifiers {
    pub abstract_: Option<Span>,
    pub lone: Option<Span>,
    pub one: Option<Span>,
    pub some: Option<Span>,
    pub private: Option<Span>,
    /// Alloy 6's `var`: the sig's atoms may change from state to state.
    pub var: Option<Span>,
}

/// `abstract sig A, B extends C { fields } { fact }`
#[derive(Clone, Debug, PartialEq)]
pub struct SigDecl {
    pub qualifiers: SigQualifiers,
    pub names: Vec<Ident>,
    pub parent: Option<SigParent>,
    pub fields: Vec<Decl>,
    /// The appended sig fact, with implicit `this`.
    pub fact: Option<Block>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SigParent {
    /// `extends P`
    Extends(QualName),
    /// `in P1 + P2`
    In(Vec<QualName>),
    /// `= P1 + P2`
    Equal(Vec<QualName>),
}

/// `[private] enum Color { Red, Green }`
#[derive(Clone, Debug, PartialEq)]
pub struct EnumDecl {
    pub private: bool,
    pub name: Ident,
    pub values: Vec<Ident>,
    pub span: Span,
}

/// A declaration `[private] [disj] a, b: [disj] e`, or a defined field `a = e`.
#[derive(Clone, Debug, PartialEq)]
pub struct Decl {
    pub private: bool,
    /// `disj` before the names: the declared variables/fields are pairwise disjoint.
    pub disj: bool,
    pub names: Vec<Ident>,
    /// `disj` after the colon (fields only): `this.f` and `that.f` are disjoint.
    pub disj_bound: bool,
    /// `=` instead of `:` (a defined field).
    pub defined: bool,
    /// Alloy 6's `var` (fields only): the field may change from state to state.
    pub var: Option<Span>,
    /// The bound, possibly with a multiplicity: `set A`, `lone A`, `A -> one B`.
    pub bound: Expr,
    pub span: Span,
}

/// `fact [name] { ... }`
#[derive(Clone, Debug, PartialEq)]
pub struct FactDecl {
    /// A name or a string label.
    pub name: Option<Ident>,
    pub body: Block,
    pub span: Span,
}

/// `assert [name] { ... }`
#[derive(Clone, Debug, PartialEq)]
pub struct AssertDecl {
    pub name: Option<Ident>,
    pub body: Block,
    pub span: Span,
}

/// `[private] pred [Recv.]name[params] { ... }`
#[derive(Clone, Debug, PartialEq)]
pub struct PredDecl {
    pub private: bool,
    /// `pred S.p[...]` declares an implicit first parameter `this: S`.
    pub receiver: Option<QualName>,
    pub name: Ident,
    pub params: Vec<Decl>,
    pub body: Block,
    pub span: Span,
}

/// `[private] fun [Recv.]name[params]: ret { expr }`
#[derive(Clone, Debug, PartialEq)]
pub struct FunDecl {
    pub private: bool,
    pub receiver: Option<QualName>,
    pub name: Ident,
    pub params: Vec<Decl>,
    /// The declared result bound (may carry a multiplicity).
    pub result: Expr,
    /// The body (a block must hold exactly one expression; the parser keeps it as an `Expr`).
    pub body: Expr,
    pub span: Span,
}

/// `[private] let name[a, b] = e` or `let name[a, b] { F }`
#[derive(Clone, Debug, PartialEq)]
pub struct MacroDecl {
    pub private: bool,
    pub name: Ident,
    pub params: Vec<Ident>,
    pub body: Expr,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandKind {
    Run,
    Check,
}

/// `[label:] run|check (name | [name] { ... }) [scope] [expect N]`
#[derive(Clone, Debug, PartialEq)]
pub struct Command {
    pub label: Option<Ident>,
    pub kind: CommandKind,
    pub target: CommandTarget,
    pub scope: Option<Scope>,
    pub expect: Option<(u32, Span)>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CommandTarget {
    /// `run p`, `check a`
    Name(QualName),
    /// `run { ... }` or `run name { ... }`
    Block(Option<Ident>, Block),
}

/// `for N [but ...]` or `for typescopes`
#[derive(Clone, Debug, PartialEq)]
pub struct Scope {
    pub overall: Option<(u32, Span)>,
    pub types: Vec<TypeScope>,
    /// Alloy 6's trace length: `N steps` (1 to N states), `exactly N steps`, `a..b steps`.
    pub steps: Option<StepsScope>,
    pub span: Span,
}

/// The lengths (number of states of a lasso trace) a temporal command tries, shortest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepsScope {
    pub min: u32,
    /// `None`: unbounded (`1.. steps`), which bounded solving cannot decide.
    pub max: Option<u32>,
    pub span: Span,
}

/// `[exactly] N Sig` (also `int`, `Int`, `seq`, `String` as the name).
#[derive(Clone, Debug, PartialEq)]
pub struct TypeScope {
    pub exactly: bool,
    pub count: u32,
    pub target: QualName,
    pub span: Span,
}

/// `{ e1 e2 ... }`: the conjunction of its formulas; `{}` is true.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub exprs: Vec<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A name to be resolved: sig, field, pred/fun/macro, variable, parameter, alias-qualified name.
    Name(QualName),
    /// `@f`: a field without the implicit `this.`
    AtName(QualName),
    This,
    Iden,
    Univ,
    None,
    /// `Int`
    IntSig,
    /// `String`
    StringSig,
    /// `seq/Int`
    SeqInt,
    Number(i64),
    Str(String),
    Unary(UnaryOp, Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `A m1 -> m2 B`; `Multiplicity::Set` means no constraint on that side.
    Arrow(Multiplicity, Multiplicity, Box<Expr>, Box<Expr>),
    /// `e[a1, ..., an]`
    Box(Box<Expr>, Vec<Expr>),
    /// `F => a else b` / `F implies a else b`
    IfElse(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `disj[e1, ..., en]`
    Disj(Vec<Expr>),
    Quant(Quantifier, Vec<Decl>, Box<Expr>),
    Let(Vec<(Ident, Expr)>, Box<Expr>),
    /// `{ decls | F }`; a missing body is `true`.
    Comprehension(Vec<Decl>, Box<Expr>),
    Block(Block),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `!` / `not`
    Not,
    /// `~`
    Transpose,
    /// `^`
    Closure,
    /// `*`
    ReflexiveClosure,
    /// `#`
    Cardinality,
    /// `int e` / `int[e]`
    IntCast,
    /// `sum e` / `sum[e]` (as a prefix operator, not the quantifier)
    SumCast,
    /// Prefix `no e`: always a test.
    No,
    /// Prefix `some e`, `lone e`, `one e`, `set e`, `seq e`: a test, or a multiplicity in
    /// a declaration, on the right of `in`, or in a fun result.
    Mult(Multiplicity),
    /// Alloy 6's prefix temporal operators.
    Temporal(TemporalUnaryOp),
    /// Postfix `e'`: the value of `e` in the next state.
    Prime,
}

/// Alloy 6's unary temporal connectives (future, then past).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TemporalUnaryOp {
    Always,
    Eventually,
    After,
    Historically,
    Once,
    Before,
}

impl TemporalUnaryOp {
    pub fn word(self) -> &'static str {
        match self {
            TemporalUnaryOp::Always => "always",
            TemporalUnaryOp::Eventually => "eventually",
            TemporalUnaryOp::After => "after",
            TemporalUnaryOp::Historically => "historically",
            TemporalUnaryOp::Once => "once",
            TemporalUnaryOp::Before => "before",
        }
    }
}

/// Alloy 6's binary temporal connectives (future, then past).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TemporalBinaryOp {
    Until,
    Releases,
    Since,
    Triggered,
}

impl TemporalBinaryOp {
    pub fn word(self) -> &'static str {
        match self {
            TemporalBinaryOp::Until => "until",
            TemporalBinaryOp::Releases => "releases",
            TemporalBinaryOp::Since => "since",
            TemporalBinaryOp::Triggered => "triggered",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Multiplicity {
    Set,
    Some,
    Lone,
    One,
    Seq,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Or,
    Iff,
    Implies,
    And,
    In,
    NotIn,
    Eq,
    NotEq,
    Lt,
    Gt,
    Le,
    Ge,
    NotLt,
    NotGt,
    NotLe,
    NotGe,
    Shl,
    Shr,
    Sha,
    /// `+` (union, never arithmetic)
    Union,
    /// `-` (difference)
    Diff,
    /// internal `fun/add`, `fun/sub`, `fun/mul`, `fun/div`, `fun/rem`
    IntAdd,
    IntSub,
    IntMul,
    IntDiv,
    IntRem,
    Override,
    Intersect,
    DomRestrict,
    RanRestrict,
    /// `a.b`
    Join,
    /// `until releases since triggered`
    Temporal(TemporalBinaryOp),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quantifier {
    All,
    No,
    Some,
    Lone,
    One,
    Sum,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }
}

/// Every string literal used as an expression in the module (not names of facts or
/// asserts), in order of first appearance; Alloy gives each its own `String` atom.
pub fn string_literals(module: &Module, out: &mut Vec<String>) {
    visit_exprs(module, &mut |e| {
        if let ExprKind::Str(s) = &e.kind
            && !out.contains(s)
        {
            out.push(s.clone());
        }
    });
}

/// Whether the module writes `seq X` anywhere (Alloy then opens util/sequniv as `seq`).
pub fn uses_seq(module: &Module) -> bool {
    let mut found = false;
    visit_exprs(module, &mut |e| {
        found |= matches!(e.kind, ExprKind::Unary(UnaryOp::Mult(Multiplicity::Seq), _));
    });
    found
}

/// Call `f` on every expression of the module, outer before inner, in source order.
pub fn visit_exprs(module: &Module, f: &mut dyn FnMut(&Expr)) {
    fn expr(e: &Expr, f: &mut dyn FnMut(&Expr)) {
        f(e);
        match &e.kind {
            ExprKind::Name(_)
            | ExprKind::AtName(_)
            | ExprKind::This
            | ExprKind::Iden
            | ExprKind::Univ
            | ExprKind::None
            | ExprKind::IntSig
            | ExprKind::StringSig
            | ExprKind::SeqInt
            | ExprKind::Str(_)
            | ExprKind::Number(_) => {}
            ExprKind::Unary(_, x) => expr(x, f),
            ExprKind::Binary(_, a, b) | ExprKind::Arrow(_, _, a, b) => {
                expr(a, f);
                expr(b, f);
            }
            ExprKind::Box(head, args) => {
                expr(head, f);
                args.iter().for_each(|a| expr(a, f));
            }
            ExprKind::IfElse(c, a, b) => {
                expr(c, f);
                expr(a, f);
                expr(b, f);
            }
            ExprKind::Disj(args) => args.iter().for_each(|a| expr(a, f)),
            ExprKind::Quant(_, decls, body) | ExprKind::Comprehension(decls, body) => {
                decls.iter().for_each(|d| expr(&d.bound, f));
                expr(body, f);
            }
            ExprKind::Let(binds, body) => {
                binds.iter().for_each(|(_, v)| expr(v, f));
                expr(body, f);
            }
            ExprKind::Block(b) => block(b, f),
        }
    }
    fn block(b: &Block, f: &mut dyn FnMut(&Expr)) {
        b.exprs.iter().for_each(|e| expr(e, f));
    }
    for p in &module.paragraphs {
        match p {
            Paragraph::Sig(s) => {
                s.fields.iter().for_each(|d| expr(&d.bound, f));
                if let Some(b) = &s.fact {
                    block(b, f);
                }
            }
            Paragraph::Enum(_) => {}
            Paragraph::Fact(x) => block(&x.body, f),
            Paragraph::Assert(a) => block(&a.body, f),
            Paragraph::Pred(p) => {
                p.params.iter().for_each(|d| expr(&d.bound, f));
                block(&p.body, f);
            }
            Paragraph::Fun(x) => {
                x.params.iter().for_each(|d| expr(&d.bound, f));
                expr(&x.result, f);
                expr(&x.body, f);
            }
            Paragraph::Macro(m) => expr(&m.body, f),
            Paragraph::Command(c) => {
                if let CommandTarget::Block(_, b) = &c.target {
                    block(b, f);
                }
            }
        }
    }
}
