//! The tokens the parser reads (after the CompFilter rewrites), with their spans.

use std::fmt;

use crate::syntax::ast::{Multiplicity, Quantifier, TemporalBinaryOp, TemporalUnaryOp};

/// The comparison operators, which also come negated (`!in`, `not =`, `!=`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    In,
    Eq,
    Lt,
    Gt,
    Le,
    Ge,
}

/// A token after the rewrites. Synonyms (`&&`/`and`, `<=`/`=<`, ...) share one token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tok<'a> {
    Ident(&'a str),
    /// An integer literal; a `-` merged into it by the negative-literal rule is included.
    Num(i64),
    /// A string literal: the text between the quotes, escapes not yet decoded.
    Str(&'a str),

    Abstract,
    All,
    As,
    Assert,
    But,
    Check,
    Disj,
    Else,
    Enum,
    Exactly,
    Expect,
    Extends,
    Fact,
    For,
    Fun,
    Iden,
    /// `Int`
    IntSig,
    /// `int`
    IntKw,
    Let,
    Lone,
    Module,
    No,
    /// `none`
    NoneKw,
    One,
    Open,
    Pred,
    Private,
    Run,
    Seq,
    Set,
    Sig,
    Some,
    /// `String`
    StringSig,
    Sum,
    This,
    Univ,

    /// `!` or `not`
    Not,
    /// `&&` or `and`
    And,
    /// `||` or `or`
    Or,
    /// `=>` or `implies`
    Implies,
    /// `<=>` or `iff`
    Iff,
    Cmp(Cmp),
    /// `!=`, or `!`/`not` followed by a comparison.
    NotCmp(Cmp),
    /// `<<`
    Shl,
    /// `>>` (arithmetic shift)
    Sha,
    /// `>>>` (logical shift)
    Shr,
    Plus,
    Minus,
    PlusPlus,
    Amp,
    Hash,
    Tilde,
    Caret,
    Star,
    /// `->` is `Arrow(Set, Set)`; `some -> lone` is `Arrow(Some, Lone)`.
    Arrow(Multiplicity, Multiplicity),
    /// `<:`
    DomRestrict,
    /// `:>`
    RanRestrict,
    /// `.` or `::`
    Dot,
    /// `..` (only to reject scope ranges)
    DotDot,
    LBracket,
    RBracket,
    LParen,
    RParen,
    LBrace,
    RBrace,
    Comma,
    Colon,
    Bar,
    At,
    Slash,

    /// `all no some lone one sum` starting a quantified formula.
    Quant(Quantifier),
    /// Alloy 6: `var` before a sig or field declaration.
    Var,
    /// Alloy 6: `steps`, the trace length in a scope.
    Steps,
    /// `always eventually after historically once before`
    TempUnary(TemporalUnaryOp),
    /// `until releases since triggered`
    TempBinary(TemporalBinaryOp),
    /// `'` (also `‘` `’`): the value in the next state.
    Prime,
    /// `;`: `p ; q` is `p and after q`.
    Semi,
    /// The internal `fun/NAME` (`fun/add`, `fun/min`, ...).
    FunName(&'a str),
    /// The internal `pred/NAME` (`pred/totalOrder`).
    PredName(&'a str),
    /// `NAME :` in front of `run`/`check`; the span covers the name only.
    Label(&'a str),
}

fn mult_word(m: Multiplicity) -> &'static str {
    match m {
        Multiplicity::Set => "set",
        Multiplicity::Some => "some",
        Multiplicity::Lone => "lone",
        Multiplicity::One => "one",
        Multiplicity::Seq => "seq",
    }
}

fn quant_word(q: Quantifier) -> &'static str {
    match q {
        Quantifier::All => "all",
        Quantifier::No => "no",
        Quantifier::Some => "some",
        Quantifier::Lone => "lone",
        Quantifier::One => "one",
        Quantifier::Sum => "sum",
    }
}

fn cmp_text(c: Cmp) -> &'static str {
    match c {
        Cmp::In => "in",
        Cmp::Eq => "=",
        Cmp::Lt => "<",
        Cmp::Gt => ">",
        Cmp::Le => "<=",
        Cmp::Ge => ">=",
    }
}

impl fmt::Display for Tok<'_> {
    /// The canonical spelling, as used in "expected ..." lists.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s: &str = match self {
            Tok::Ident(x) => x,
            Tok::Num(n) => return write!(f, "{n}"),
            Tok::Str(s) => return write!(f, "\"{s}\""),
            Tok::Abstract => "abstract",
            Tok::All => "all",
            Tok::As => "as",
            Tok::Assert => "assert",
            Tok::But => "but",
            Tok::Check => "check",
            Tok::Disj => "disj",
            Tok::Else => "else",
            Tok::Enum => "enum",
            Tok::Exactly => "exactly",
            Tok::Expect => "expect",
            Tok::Extends => "extends",
            Tok::Fact => "fact",
            Tok::For => "for",
            Tok::Fun => "fun",
            Tok::Iden => "iden",
            Tok::IntSig => "Int",
            Tok::IntKw => "int",
            Tok::Let => "let",
            Tok::Lone => "lone",
            Tok::Module => "module",
            Tok::No => "no",
            Tok::NoneKw => "none",
            Tok::One => "one",
            Tok::Open => "open",
            Tok::Pred => "pred",
            Tok::Private => "private",
            Tok::Run => "run",
            Tok::Seq => "seq",
            Tok::Set => "set",
            Tok::Sig => "sig",
            Tok::Some => "some",
            Tok::StringSig => "String",
            Tok::Sum => "sum",
            Tok::This => "this",
            Tok::Univ => "univ",
            Tok::Not => "!",
            Tok::And => "&&",
            Tok::Or => "||",
            Tok::Implies => "=>",
            Tok::Iff => "<=>",
            Tok::Cmp(c) => cmp_text(*c),
            Tok::NotCmp(Cmp::Eq) => "!=",
            Tok::NotCmp(c) => return write!(f, "!{}", cmp_text(*c)),
            Tok::Shl => "<<",
            Tok::Sha => ">>",
            Tok::Shr => ">>>",
            Tok::Plus => "+",
            Tok::Minus => "-",
            Tok::PlusPlus => "++",
            Tok::Amp => "&",
            Tok::Hash => "#",
            Tok::Tilde => "~",
            Tok::Caret => "^",
            Tok::Star => "*",
            Tok::Arrow(Multiplicity::Set, Multiplicity::Set) => "->",
            Tok::Arrow(a, b) => {
                let left = if *a == Multiplicity::Set {
                    String::new()
                } else {
                    format!("{} ", mult_word(*a))
                };
                let right = if *b == Multiplicity::Set {
                    String::new()
                } else {
                    format!(" {}", mult_word(*b))
                };
                return write!(f, "{left}->{right}");
            }
            Tok::DomRestrict => "<:",
            Tok::RanRestrict => ":>",
            Tok::Dot => ".",
            Tok::DotDot => "..",
            Tok::LBracket => "[",
            Tok::RBracket => "]",
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::LBrace => "{",
            Tok::RBrace => "}",
            Tok::Comma => ",",
            Tok::Colon => ":",
            Tok::Bar => "|",
            Tok::At => "@",
            Tok::Slash => "/",
            Tok::Quant(q) => quant_word(*q),
            Tok::FunName(x) => return write!(f, "fun/{x}"),
            Tok::PredName(x) => return write!(f, "pred/{x}"),
            Tok::Label(x) => return write!(f, "{x}:"),
            Tok::Var => "var",
            Tok::Steps => "steps",
            Tok::TempUnary(op) => op.word(),
            Tok::TempBinary(op) => op.word(),
            Tok::Prime => "'",
            Tok::Semi => ";",
        };
        f.write_str(s)
    }
}

/// A token with its byte range in the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spanned<'a> {
    pub tok: Tok<'a>,
    pub start: usize,
    pub end: usize,
}
