//! The program format's tokens (logos) and grammar (chumsky), to a syntax tree with
//! spans. Keywords are case-insensitive, as in SQL; names are case-sensitive.

use chumsky::input::{Input as _, MappedInput};
use chumsky::prelude::*;
use logos::Logos;

use crate::diagnostic::{Diagnostic, FileId, Span};

// ---------------------------------------------------------------------------------------
// Syntax tree

#[derive(Clone, Debug, PartialEq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct App {
    pub tables: Vec<Table>,
    pub programs: Vec<Program>,
    pub levels: Vec<LevelDef>,
    pub expects: Vec<Expect>,
    /// `assume exists T;`: tables that hold a row for every key before any instance runs.
    pub assumes: Vec<Assume>,
    /// `values D = alice, bob;`: the names a violation shows for a domain's values.
    pub values: Vec<ValueNames>,
}

/// `values D = alice, bob, carol;`: names for the values of domain `D` (or, for `int`,
/// of the abstract values every non-domain column shares), shown in violations, the
/// history and the replayed SQL in place of the solver's atoms (`D$0`, `D$1`, …).
/// Display only: the search still ranges over every value its bound allows.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueNames {
    pub domain: Name,
    pub names: Vec<Name>,
    pub span: Span,
}

/// `assume exists T;`: the database starts with a row of `T` for every combination of
/// key values (a materialized row that a program's fix relies on).
#[derive(Clone, Debug, PartialEq)]
pub struct Assume {
    pub table: Name,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub name: Name,
    pub columns: Vec<Column>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    pub name: Name,
    /// A domain (its own sort of values) or `int`/`str`/`bool` (abstract values).
    pub ty: Option<Name>,
    pub key: bool,
    /// `not null`: a statement that would store NULL in it fails (key columns are
    /// never NULL either).
    pub not_null: bool,
    /// `references T`: a foreign key to T's one-column key (see `references.rs`).
    pub references: Option<Name>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub name: Name,
    pub params: Vec<(Name, Name)>,
    pub body: Vec<Stmt>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// A SQL statement, with its optional label and the local it assigns.
    Sql {
        label: Option<Name>,
        assign: Option<Name>,
        sql: Sql,
        span: Span,
    },
    If {
        cond: Cond,
        then: Vec<Stmt>,
        otherwise: Vec<Stmt>,
        /// `IF` and its condition.
        span: Span,
    },
    /// `ROLLBACK;`: the transaction aborts, so a run that reaches it is no part of any
    /// execution (its writes are never seen).
    Rollback { span: Span },
    Foreach {
        var: Name,
        over: Name,
        body: Vec<Stmt>,
        /// `FOREACH r IN s`.
        span: Span,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum SelectItem {
    Star,
    Column(Name),
    /// `COUNT(*)` has no column.
    Aggregate(Name, Option<Name>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Sql {
    Select {
        items: Vec<SelectItem>,
        table: Name,
        filter: Option<Cond>,
    },
    Update {
        table: Name,
        sets: Vec<(Name, Expr)>,
        filter: Option<Cond>,
    },
    Insert {
        table: Name,
        values: Vec<(Name, Expr)>,
    },
    Delete {
        table: Name,
        filter: Option<Cond>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    Bool(bool),
    Cmp(Expr, CmpOp, Expr),
    Not(Box<Cond>),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Num(i64, Span),
    Str(String, Span),
    Bool(bool, Span),
    /// A parameter, a local or a column of the statement's table.
    Name(Name),
    /// `x.col`: a column of the records a local (or a loop variable) holds.
    Dot(Name, Name),
    /// `a + b`, `a - b`, `a * b`, `a / b`: the operator is one of `+ - * /`.
    Arith(Box<Expr>, char, Box<Expr>),
    Call(Name, Vec<Expr>),
}

impl Expr {
    /// The expression's extent in the program file.
    pub fn span(&self) -> Span {
        match self {
            Expr::Num(_, s) | Expr::Str(_, s) | Expr::Bool(_, s) => *s,
            Expr::Name(n) => n.span,
            Expr::Dot(a, b) => a.span.to(b.span),
            Expr::Arith(a, _, b) => a.span().to(b.span()),
            Expr::Call(f, args) => args.iter().fold(f.span, |s, a| s.to(a.span())),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct LevelDef {
    pub name: Name,
    /// The Alloy formula over `vis` and `ar`, as written.
    pub body: String,
    /// Where `body` is in the program file.
    pub body_span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expect {
    pub level: Name,
    /// true: a violation exists; false: none.
    pub violation: bool,
    /// `up to K`; without it, `no violation` claims every length.
    pub bound: Option<usize>,
    pub span: Span,
}

// ---------------------------------------------------------------------------------------
// Tokens

#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[logos(skip r"[ \t\r\n\f]+")]
#[logos(skip(r"(//|--)[^\n]*", allow_greedy = true))]
pub enum Tok<'a> {
    #[regex(r"[A-Za-z_][A-Za-z0-9_]*")]
    Word(&'a str),
    #[regex(r"[0-9]+", |l| l.slice().parse::<i64>().ok())]
    Num(i64),
    #[regex(r"'[^'\n]*'", |l| { let s = l.slice(); &s[1..s.len() - 1] })]
    Str(&'a str),
    #[token(":=")]
    Assign,
    #[token(":")]
    Colon,
    #[token(";")]
    Semi,
    #[token(",")]
    Comma,
    #[token(".")]
    Dot,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("*")]
    Star,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("/")]
    Slash,
    #[token("=")]
    Eq,
    #[token("!=")]
    #[token("<>")]
    Ne,
    #[token("<")]
    Lt,
    #[token("<=")]
    Le,
    #[token(">")]
    Gt,
    #[token(">=")]
    Ge,
    /// Any other character: only meaningful inside a `level` block's Alloy formula.
    #[regex(r"[^ \t\r\n\f]", priority = 0)]
    Other(&'a str),
}

impl std::fmt::Display for Tok<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Tok::Word(w) => write!(f, "{w}"),
            Tok::Num(n) => write!(f, "{n}"),
            Tok::Str(s) => write!(f, "'{s}'"),
            Tok::Assign => f.write_str(":="),
            Tok::Colon => f.write_str(":"),
            Tok::Semi => f.write_str(";"),
            Tok::Comma => f.write_str(","),
            Tok::Dot => f.write_str("."),
            Tok::LParen => f.write_str("("),
            Tok::RParen => f.write_str(")"),
            Tok::LBrace => f.write_str("{"),
            Tok::RBrace => f.write_str("}"),
            Tok::Star => f.write_str("*"),
            Tok::Plus => f.write_str("+"),
            Tok::Minus => f.write_str("-"),
            Tok::Slash => f.write_str("/"),
            Tok::Eq => f.write_str("="),
            Tok::Ne => f.write_str("!="),
            Tok::Lt => f.write_str("<"),
            Tok::Le => f.write_str("<="),
            Tok::Gt => f.write_str(">"),
            Tok::Ge => f.write_str(">="),
            Tok::Other(s) => f.write_str(s),
        }
    }
}

/// Words that are keywords wherever a keyword can stand (any case).
const KEYWORDS: &[&str] = &[
    "table",
    "program",
    "level",
    "expect",
    "select",
    "from",
    "where",
    "update",
    "set",
    "insert",
    "into",
    "values",
    "delete",
    "if",
    "else",
    "foreach",
    "in",
    "and",
    "or",
    "not",
    "key",
    "references",
    "rollback",
    "true",
    "false",
    "violation",
    "no",
    "up",
    "to",
];

/// `SELECT COUNT(…)` alone: a number even over no record (any other SELECT used as a
/// value is NULL then).
pub fn is_count(items: &[SelectItem]) -> bool {
    matches!(items, [SelectItem::Aggregate(f, _)] if f.text.eq_ignore_ascii_case("count"))
}

/// Whether `text` holds nothing but blanks and comments.
pub fn is_blank(text: &str) -> bool {
    Tok::lexer(text).next().is_none()
}

pub fn is_keyword(word: &str) -> bool {
    KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(word))
}

// ---------------------------------------------------------------------------------------
// Grammar

type Input<'a> = MappedInput<'a, Tok<'a>, SimpleSpan, &'a [(Tok<'a>, SimpleSpan)]>;
type Extra<'a> = extra::Err<Rich<'a, Tok<'a>, SimpleSpan>>;

fn kw<'a>(word: &'static str) -> impl Parser<'a, Input<'a>, (), Extra<'a>> + Clone {
    any()
        .filter(move |t: &Tok<'a>| matches!(t, Tok::Word(w) if w.eq_ignore_ascii_case(word)))
        .ignored()
        .labelled(word)
}

/// Parse a program file.
pub fn parse(text: &str, file: FileId) -> Result<App, Vec<Diagnostic>> {
    let mut tokens = Vec::new();
    let mut errors = Vec::new();
    for (tok, range) in Tok::lexer(text).spanned() {
        match tok {
            Ok(t) => tokens.push((t, SimpleSpan::from(range))),
            Err(()) => errors.push(Diagnostic::error(
                Span::new(file, range.start, range.end),
                format!("unexpected character `{}`", &text[range.clone()]),
            )),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let eoi = SimpleSpan::from(text.len()..text.len());
    let parser = app_parser(text, file);
    let (out, errs) = parser
        .parse(tokens.as_slice().split_token_span(eoi))
        .into_output_errors();
    if errs.is_empty()
        && let Some(app) = out
    {
        return Ok(app);
    }
    let mut diagnostics: Vec<Diagnostic> = errs
        .iter()
        .map(|e| {
            let span = Span::new(file, e.span().start, e.span().end);
            let found = match e.found() {
                Some(t) => format!("`{t}`"),
                None => "end of input".into(),
            };
            let mut expected: Vec<String> = e.expected().map(|p| p.to_string()).collect();
            expected.sort();
            expected.dedup();
            let d = Diagnostic::error(
                span,
                crate::diagnostic::expected_found_message(&expected, &found),
            );
            // A keyword where a name was expected: say so, the message alone reads as
            // if the word were misspelt.
            match e.found() {
                Some(Tok::Word(w)) if is_keyword(w) && expected.iter().any(|x| x == "a name") => d
                    .with_label(format!("`{w}` is a reserved word"))
                    .with_help(format!(
                        "`{w}` is a keyword of the program format (any case), so it cannot name a table, column, program, parameter, local or level; rename it (e.g. `{w}_`)"
                    )),
                _ => d,
            }
        })
        .collect();
    if diagnostics.is_empty() {
        diagnostics.push(Diagnostic::error(
            Span::new(file, 0, 0),
            "syntax error: the program file could not be parsed",
        ));
    }
    Err(diagnostics)
}

enum Item {
    Table(Table),
    Program(Program),
    Level(LevelDef),
    Expect(Expect),
    Assume(Assume),
    Values(ValueNames),
}

fn app_parser<'a>(text: &'a str, file: FileId) -> Boxed<'a, 'a, Input<'a>, App, Extra<'a>> {
    let span = move |s: SimpleSpan| Span::new(file, s.start, s.end);
    let name = any()
        .filter(|t: &Tok<'a>| matches!(t, Tok::Word(w) if !is_keyword(w)))
        .map_with(move |t, e| match t {
            Tok::Word(w) => Name {
                text: w.to_string(),
                span: span(e.span()),
            },
            _ => unreachable!("filtered to words"),
        })
        .labelled("a name")
        .boxed();
    let number = select! { Tok::Num(n) => n }.labelled("a number").boxed();

    // Expressions: sums and products of operands, opaque to the analysis.
    let expr_number = number.clone();
    let expr_name = name.clone();
    let expr = recursive(move |expr| {
        let number = expr_number.clone();
        let name = expr_name.clone();
        let atom = choice((
            number.map_with(move |n, e| Expr::Num(n, span(e.span()))),
            select! { Tok::Str(s) => s }
                .map_with(move |s: &str, e| Expr::Str(s.to_string(), span(e.span()))),
            kw("true").map_with(move |_, e| Expr::Bool(true, span(e.span()))),
            kw("false").map_with(move |_, e| Expr::Bool(false, span(e.span()))),
            name.clone()
                .then(
                    expr.clone()
                        .separated_by(just(Tok::Comma))
                        .collect::<Vec<_>>()
                        .delimited_by(just(Tok::LParen), just(Tok::RParen)),
                )
                .map(|(f, args)| Expr::Call(f, args)),
            name.clone()
                .then_ignore(just(Tok::Dot))
                .then(name.clone())
                .map(|(a, b)| Expr::Dot(a, b)),
            name.clone().map(Expr::Name),
            expr.clone()
                .delimited_by(just(Tok::LParen), just(Tok::RParen)),
        ))
        .boxed();
        let op = choice((
            just(Tok::Plus).to('+'),
            just(Tok::Minus).to('-'),
            just(Tok::Star).to('*'),
            just(Tok::Slash).to('/'),
        ));
        atom.clone()
            .foldl(op.then(atom).repeated(), |a, (op, b)| {
                Expr::Arith(Box::new(a), op, Box::new(b))
            })
            .boxed()
    })
    .boxed();

    let cmp = choice((
        just(Tok::Eq).to(CmpOp::Eq),
        just(Tok::Ne).to(CmpOp::Ne),
        just(Tok::Le).to(CmpOp::Le),
        just(Tok::Lt).to(CmpOp::Lt),
        just(Tok::Ge).to(CmpOp::Ge),
        just(Tok::Gt).to(CmpOp::Gt),
    ))
    .labelled("a comparison")
    .boxed();
    let cond = recursive(|cond| {
        let atom = choice((
            cond.clone()
                .delimited_by(just(Tok::LParen), just(Tok::RParen)),
            expr.clone()
                .then(cmp)
                .then(expr.clone())
                .map(|((a, op), b)| Cond::Cmp(a, op, b)),
            kw("true").to(Cond::Bool(true)),
            kw("false").to(Cond::Bool(false)),
        ))
        .boxed();
        let not = kw("not")
            .repeated()
            .foldr(atom, |_, c| Cond::Not(Box::new(c)))
            .boxed();
        let and = not
            .clone()
            .foldl(kw("and").ignore_then(not).repeated(), |a, b| {
                Cond::And(Box::new(a), Box::new(b))
            });
        and.clone()
            .foldl(kw("or").ignore_then(and).repeated(), |a, b| {
                Cond::Or(Box::new(a), Box::new(b))
            })
            .boxed()
    })
    .boxed();
    let filter = kw("where").ignore_then(cond.clone()).or_not().boxed();

    let select_item = choice((
        just(Tok::Star).to(SelectItem::Star),
        name.clone()
            .then(
                just(Tok::Star)
                    .to(None)
                    .or(name.clone().map(Some))
                    .delimited_by(just(Tok::LParen), just(Tok::RParen)),
            )
            .map(|(f, c)| SelectItem::Aggregate(f, c)),
        name.clone().map(SelectItem::Column),
    ))
    .boxed();
    let assignments = name
        .clone()
        .then_ignore(just(Tok::Eq))
        .then(expr.clone())
        .separated_by(just(Tok::Comma))
        .at_least(1)
        .collect::<Vec<_>>()
        .boxed();
    let sql = choice((
        kw("select")
            .ignore_then(
                select_item
                    .separated_by(just(Tok::Comma))
                    .at_least(1)
                    .collect::<Vec<_>>(),
            )
            .then_ignore(kw("from"))
            .then(name.clone())
            .then(filter.clone())
            .map(|((items, table), filter)| Sql::Select {
                items,
                table,
                filter,
            }),
        kw("update")
            .ignore_then(name.clone())
            .then_ignore(kw("set"))
            .then(assignments.clone())
            .then(filter.clone())
            .map(|((table, sets), filter)| Sql::Update {
                table,
                sets,
                filter,
            }),
        kw("insert")
            .ignore_then(kw("into"))
            .ignore_then(name.clone())
            .then_ignore(kw("values"))
            .then(assignments.delimited_by(just(Tok::LParen), just(Tok::RParen)))
            .map(|(table, values)| Sql::Insert { table, values }),
        kw("delete")
            .ignore_then(kw("from"))
            .ignore_then(name.clone())
            .then(filter)
            .map(|(table, filter)| Sql::Delete { table, filter }),
    ))
    .labelled("a statement (SELECT, UPDATE, INSERT, DELETE, IF, FOREACH)")
    .boxed();

    let stmt = recursive(|stmt| {
        let block = stmt
            .repeated()
            .collect::<Vec<_>>()
            .delimited_by(just(Tok::LBrace), just(Tok::RBrace))
            .boxed();
        let simple = name
            .clone()
            .then_ignore(just(Tok::Colon))
            .or_not()
            .then(name.clone().then_ignore(just(Tok::Assign)).or_not())
            .then(sql)
            .then_ignore(just(Tok::Semi))
            .map_with(move |((label, assign), sql), e| Stmt::Sql {
                label,
                assign,
                sql,
                span: span(e.span()),
            })
            .boxed();
        let if_ = kw("if")
            .ignore_then(cond.clone())
            .map_with(move |cond, e| (cond, span(e.span())))
            .then(block.clone())
            .then(kw("else").ignore_then(block.clone()).or_not())
            .map(|(((cond, head), then), otherwise)| Stmt::If {
                cond,
                then,
                otherwise: otherwise.unwrap_or_default(),
                span: head,
            });
        let foreach = kw("foreach")
            .ignore_then(name.clone())
            .then_ignore(kw("in"))
            .then(name.clone())
            .map_with(move |head, e| (head, span(e.span())))
            .then(block)
            .map(|(((var, over), head), body)| Stmt::Foreach {
                var,
                over,
                body,
                span: head,
            });
        let rollback = kw("rollback")
            .then_ignore(just(Tok::Semi))
            .map_with(move |_, e| Stmt::Rollback {
                span: span(e.span()),
            });
        choice((if_.boxed(), foreach.boxed(), rollback.boxed(), simple)).boxed()
    })
    .boxed();

    // `key`, `not null` and `references T`, in any order.
    let modifier = choice((
        kw("key").to(None),
        kw("not").then(kw("null")).to(Some(None)),
        kw("references")
            .ignore_then(name.clone())
            .map(|t| Some(Some(t))),
    ));
    let column = name
        .clone()
        .then(just(Tok::Colon).ignore_then(name.clone()).or_not())
        .then(modifier.repeated().collect::<Vec<Option<Option<Name>>>>())
        .map(|((name, ty), mods)| Column {
            name,
            ty,
            key: mods.contains(&None),
            not_null: mods.contains(&Some(None)),
            references: mods.into_iter().find_map(|m| m.flatten()),
        });
    let table = kw("table")
        .ignore_then(name.clone())
        .then(
            column
                .separated_by(just(Tok::Comma))
                .at_least(1)
                .collect::<Vec<_>>()
                .delimited_by(just(Tok::LParen), just(Tok::RParen)),
        )
        .map(|(name, columns)| Item::Table(Table { name, columns }))
        .boxed();
    let param = name
        .clone()
        .then_ignore(just(Tok::Colon))
        .then(name.clone());
    let program = kw("program")
        .ignore_then(name.clone())
        .then(
            param
                .separated_by(just(Tok::Comma))
                .collect::<Vec<_>>()
                .delimited_by(just(Tok::LParen), just(Tok::RParen)),
        )
        .then(
            stmt.repeated()
                .collect::<Vec<_>>()
                .delimited_by(just(Tok::LBrace), just(Tok::RBrace)),
        )
        .map(|((name, params), body)| Item::Program(Program { name, params, body }))
        .boxed();
    // A level's body is raw Alloy text: balanced braces, anything inside.
    let raw = recursive(|raw| {
        choice((
            raw.delimited_by(just(Tok::LBrace), just(Tok::RBrace))
                .ignored(),
            none_of([Tok::LBrace, Tok::RBrace]).ignored(),
        ))
        .repeated()
        .boxed()
    });
    // The body is the text between the braces (taken from the braces' own spans: an
    // empty repetition has no span of its own).
    let level = kw("level")
        .ignore_then(name.clone())
        .then(just(Tok::LBrace).to_span())
        .then_ignore(raw)
        .then(just(Tok::RBrace).to_span())
        .map(
            move |((name, open), close): ((Name, SimpleSpan), SimpleSpan)| {
                let body = SimpleSpan::from(open.end..close.start);
                Item::Level(LevelDef {
                    name,
                    body: text[body.start..body.end].to_string(),
                    body_span: span(body),
                })
            },
        )
        .boxed();
    // A level's name, or an engine's (`postgres-rr`).
    let level_name = name
        .clone()
        .then(
            just(Tok::Minus)
                .ignore_then(name.clone())
                .repeated()
                .collect::<Vec<_>>(),
        )
        .map(|(first, rest): (Name, Vec<Name>)| {
            rest.into_iter().fold(first, |a, b| Name {
                text: format!("{}-{}", a.text, b.text),
                span: a.span.to(b.span),
            })
        });
    let expect = kw("expect")
        .ignore_then(level_name)
        .then(
            kw("violation")
                .to(true)
                .or(kw("no").then(kw("violation")).to(false)),
        )
        .then(kw("up").ignore_then(kw("to")).ignore_then(number).or_not())
        .then_ignore(just(Tok::Semi))
        .map_with(move |((level, violation), bound), e| {
            Item::Expect(Expect {
                level,
                violation,
                bound: bound.map(|b| b.max(0) as usize),
                span: span(e.span()),
            })
        })
        .boxed();
    let assume = kw("assume")
        .ignore_then(kw("exists"))
        .ignore_then(name.clone())
        .then_ignore(just(Tok::Semi))
        .map_with(move |table, e| {
            Item::Assume(Assume {
                table,
                span: span(e.span()),
            })
        })
        .boxed();
    // `values D = alice, bob;` (names or numbers).
    let value_name = name
        .clone()
        .or(select! { Tok::Num(n) => n }.map_with(move |n, e| Name {
            text: n.to_string(),
            span: span(e.span()),
        }));
    let values = kw("values")
        .ignore_then(name.clone())
        .then_ignore(just(Tok::Eq))
        .then(
            value_name
                .separated_by(just(Tok::Comma))
                .at_least(1)
                .collect::<Vec<_>>(),
        )
        .then_ignore(just(Tok::Semi))
        .map_with(move |(domain, names), e| {
            Item::Values(ValueNames {
                domain,
                names,
                span: span(e.span()),
            })
        })
        .boxed();
    choice((table, program, level, expect, assume, values))
        .repeated()
        .collect::<Vec<_>>()
        .then_ignore(end())
        .map(|items| {
            let mut app = App {
                tables: Vec::new(),
                programs: Vec::new(),
                levels: Vec::new(),
                expects: Vec::new(),
                assumes: Vec::new(),
                values: Vec::new(),
            };
            for item in items {
                match item {
                    Item::Table(t) => app.tables.push(t),
                    Item::Program(p) => app.programs.push(p),
                    Item::Level(l) => app.levels.push(l),
                    Item::Expect(x) => app.expects.push(x),
                    Item::Assume(a) => app.assumes.push(a),
                    Item::Values(v) => app.values.push(v),
                }
            }
            app
        })
        .boxed()
}
