//! Tokens to syntax tree: the `chumsky` grammar of Alloy's static language (reference
//! §2–§3), syntax-error reporting, and the limits that keep deep input from exhausting
//! the stack.
//!
//! Expression levels 5–19 of the precedence table are one Pratt parser; `=>`/`else`,
//! `<=>` and `||` sit on top of it as ordinary combinators because `else` must attach to
//! the nearest `=>`. Binders (`let`, quantifiers) are atoms whose body is a whole
//! expression, which is exactly Alloy's rule that a binder in any operand position
//! swallows everything to its right.

use chumsky::error::RichReason;
use chumsky::input::{Input as _, MappedInput};
use chumsky::pratt::{infix, left, postfix, prefix, right};
use chumsky::prelude::*;
use chumsky::recovery::via_parser;

use crate::diagnostic::{Diagnostic, FileId, Span};
use crate::syntax::ast::*;
use crate::syntax::lexer::{self, Cmp, Spanned, Tok};

/// What a user types at the REPL: an `open` or a paragraph.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplItem {
    Open(Open),
    Paragraph(Paragraph),
}

/// The deepest expression tree (and bracket nesting) accepted. Later stages walk
/// expressions recursively, so the parser guarantees them this bound.
pub const MAX_NESTING: usize = 1000;

type TokSpan = SimpleSpan;
type ParserInput<'a> = MappedInput<'a, Tok<'a>, TokSpan, &'a [(Tok<'a>, TokSpan)]>;
type Extra<'a> = extra::Err<Rich<'a, Tok<'a>, TokSpan>>;
type P<'a, O> = Boxed<'a, 'a, ParserInput<'a>, O, Extra<'a>>;

const EXPRESSION: &str = "an expression";
const OPERATOR: &str = "an operator";
const NAME: &str = "a name";
const NUMBER: &str = "a number";
const STRING: &str = "a string";
const SIGNATURE: &str = "a signature name";
const PARAGRAPH: &str = "a paragraph (`sig`, `fact`, `pred`, `fun`, `assert`, `run`, `check`, ...)";

/// Parse a whole file. On failure, every syntax error found (at least one).
pub fn parse_module(text: &str, file: FileId) -> Result<Module, Vec<Diagnostic>> {
    run(text, file, |g| {
        g.header
            .clone()
            .or_not()
            .then(g.item(false).repeated().collect::<Vec<_>>())
            .then_ignore(end())
            .boxed()
    })
    .and_then(|(header, items)| assemble_module(header, items))
}

/// Parse one expression or formula (the REPL's `eval`), the whole text.
pub fn parse_expr(text: &str, file: FileId) -> Result<Expr, Vec<Diagnostic>> {
    run(text, file, |g| g.expr.clone().then_ignore(end()).boxed())
}

/// Parse what a user types at the REPL: `open`s and paragraphs in any order, where a
/// command may have an unbraced formula as its body (`run RA and not TapRA for 5`).
pub fn parse_repl_input(text: &str, file: FileId) -> Result<Vec<ReplItem>, Vec<Diagnostic>> {
    run(text, file, |g| {
        g.item(true)
            .repeated()
            .collect::<Vec<_>>()
            .then_ignore(end())
            .boxed()
    })
    .map(|items| items.into_iter().flatten().collect())
}

/// Net count of unclosed `( [ {` (ignoring comments/strings), for REPL line
/// continuation; also true when a block comment is unterminated.
pub fn needs_more_input(text: &str) -> bool {
    lexer::needs_more_input(text)
}

// ---------------------------------------------------------------------------------------
// Driver: lexing, the parse itself, limits, error conversion.
// ---------------------------------------------------------------------------------------

/// Stack for the parsing thread. Chumsky grows its own recursion on the heap, but a
/// deep tree discarded on an error path is dropped recursively; this leaves it room.
/// (It is reserved, not committed: only the pages a parse touches are used.)
const PARSE_STACK_BYTES: usize = 256 << 20;

/// Inputs this short are parsed on the caller's thread: a tree has at most one level
/// per byte, so even the deepest is dropped well within any thread's stack.
const INLINE_PARSE_BYTES: usize = 4096;

/// Lex, check nesting, parse with the grammar chosen by `start`, and bound the depth of
/// the result. Longer inputs run on a thread with a large stack (see
/// [`PARSE_STACK_BYTES`]).
fn run<O, F>(text: &str, file: FileId, start: F) -> Result<O, Vec<Diagnostic>>
where
    O: Send + DepthCheck,
    F: for<'a> Fn(&Grammar<'a>) -> P<'a, O> + Send + Sync,
{
    let work = || -> Result<O, Vec<Diagnostic>> {
        let tokens = lexer::tokenize(text, file)?;
        check_bracket_nesting(&tokens, file)?;
        let tokens: Vec<(Tok<'_>, TokSpan)> = tokens
            .iter()
            .map(|t| (t.tok, TokSpan::from(t.start..t.end)))
            .collect();
        let eoi = TokSpan::from(text.len()..text.len());
        let grammar = Grammar::new(file);
        let parser = start(&grammar);
        let (output, errors) = parser
            .parse(tokens.as_slice().split_token_span(eoi))
            .into_output_errors();
        let mut diagnostics: Vec<Diagnostic> = errors
            .iter()
            .map(|e| to_diagnostic(e, text, file))
            .collect();
        match output {
            Some(out) if diagnostics.is_empty() => {
                if let Some(d) = out.too_deep() {
                    diagnostics.push(d);
                } else {
                    return Ok(out);
                }
            }
            _ => {}
        }
        if diagnostics.is_empty() {
            // Chumsky always reports why it failed; keep the "at least one" promise anyway.
            diagnostics.push(Diagnostic::error(
                Span::new(file, 0, 0),
                "syntax error: the input could not be parsed",
            ));
        }
        diagnostics.sort_by_key(|d| d.span.map(|s| (s.start, s.end)));
        diagnostics.dedup();
        Err(diagnostics)
    };
    let crashed = || {
        Err(vec![Diagnostic::global(
            "internal error: the parser crashed on this input",
        )])
    };
    if text.len() <= INLINE_PARSE_BYTES {
        return std::panic::catch_unwind(std::panic::AssertUnwindSafe(work))
            .unwrap_or_else(|_| crashed());
    }
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("solder-parse".into())
            .stack_size(PARSE_STACK_BYTES)
            .spawn_scoped(scope, work);
        match spawned {
            Ok(handle) => handle.join().unwrap_or_else(|_| crashed()),
            // No thread available: parse here, with the caller's stack.
            Err(_) => work(),
        }
    })
}

fn check_bracket_nesting(tokens: &[Spanned<'_>], file: FileId) -> Result<(), Vec<Diagnostic>> {
    let mut depth = 0usize;
    for t in tokens {
        match t.tok {
            Tok::LParen | Tok::LBracket | Tok::LBrace => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(vec![Diagnostic::error(
                        Span::new(file, t.start, t.end),
                        format!(
                            "input is nested too deeply (more than {MAX_NESTING} levels of brackets)"
                        ),
                    )]);
                }
            }
            Tok::RParen | Tok::RBracket | Tok::RBrace => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

fn to_diagnostic(err: &Rich<'_, Tok<'_>, TokSpan>, text: &str, file: FileId) -> Diagnostic {
    let span = Span::new(file, err.span().start, err.span().end);
    match err.reason() {
        RichReason::Custom(message) => Diagnostic::error(span, message.clone()),
        RichReason::ExpectedFound { expected, found } => {
            let found = match found {
                Some(_) => format!(
                    "`{}`",
                    source_snippet(text, err.span().start, err.span().end)
                ),
                None => "end of input".to_string(),
            };
            let expected = describe_expected(expected);
            let message = crate::diagnostic::expected_found_message(&expected, &found);
            let diagnostic = Diagnostic::error(span, message);
            match err.found() {
                // `all` only becomes a quantifier when followed by `x: bound`.
                Some(Tok::All) => {
                    diagnostic.with_help("a quantified formula is written `all x: S | F`")
                }
                _ => diagnostic,
            }
        }
    }
}

/// The source text of a token, shortened if long (a big string literal).
fn source_snippet(text: &str, start: usize, end: usize) -> String {
    let s = text.get(start..end).unwrap_or("");
    if s.chars().count() > 40 {
        let short: String = s.chars().take(37).collect();
        format!("{short}...")
    } else {
        s.to_string()
    }
}

/// The readable, deduplicated, stably ordered list of what was expected. "an operator"
/// is dropped when anything else is possible: any complete expression may continue with
/// an operator, so saying so only adds noise.
fn describe_expected(expected: &[chumsky::error::RichPattern<'_, Tok<'_>>]) -> Vec<String> {
    use chumsky::error::RichPattern;
    let mut items: Vec<(u8, String)> = Vec::new();
    for pattern in expected {
        let item = match pattern {
            RichPattern::Token(tok) => {
                let tok: &Tok<'_> = tok;
                let rank = match tok {
                    Tok::RParen => 0,
                    Tok::RBracket => 1,
                    Tok::RBrace => 2,
                    _ => 10,
                };
                (rank, format!("`{tok}`"))
            }
            RichPattern::Label(label) => (20, label.to_string()),
            RichPattern::Identifier(id) => (10, format!("`{id}`")),
            RichPattern::EndOfInput => (30, "end of input".to_string()),
            _ => continue,
        };
        if !items.contains(&item) {
            items.push(item);
        }
    }
    if items.len() > 1 {
        items.retain(|(_, s)| s != OPERATOR);
    }
    items.sort();
    items.into_iter().map(|(_, s)| s).collect()
}

// ---------------------------------------------------------------------------------------
// Depth limit.
// ---------------------------------------------------------------------------------------

/// Results whose expression depth the driver bounds by [`MAX_NESTING`].
trait DepthCheck {
    /// An error at an expression deeper than the limit, if there is one.
    fn too_deep(&self) -> Option<Diagnostic>;
}

fn depth_error(span: Span) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("expression is nested too deeply (more than {MAX_NESTING} levels)"),
    )
}

/// Walk expressions without recursion, reporting a node deeper than the limit.
fn first_too_deep<'e>(roots: impl IntoIterator<Item = &'e Expr>) -> Option<Span> {
    let mut stack: Vec<(&Expr, usize)> = roots.into_iter().map(|e| (e, 1)).collect();
    while let Some((e, depth)) = stack.pop() {
        if depth > MAX_NESTING {
            return Some(e.span);
        }
        let mut push = |child: &'e Expr| stack.push((child, depth + 1));
        match &e.kind {
            ExprKind::Unary(_, a) => push(a),
            ExprKind::Binary(_, a, b) | ExprKind::Arrow(_, _, a, b) => {
                push(a);
                push(b);
            }
            ExprKind::Box(a, args) => {
                push(a);
                args.iter().for_each(push);
            }
            ExprKind::IfElse(a, b, c) => {
                push(a);
                push(b);
                push(c);
            }
            ExprKind::Disj(args) => args.iter().for_each(push),
            ExprKind::Quant(_, decls, body) | ExprKind::Comprehension(decls, body) => {
                decls.iter().for_each(|d| push(&d.bound));
                push(body);
            }
            ExprKind::Let(bindings, body) => {
                bindings.iter().for_each(|(_, e)| push(e));
                push(body);
            }
            ExprKind::Block(block) => block.exprs.iter().for_each(push),
            ExprKind::Name(_)
            | ExprKind::AtName(_)
            | ExprKind::This
            | ExprKind::Iden
            | ExprKind::Univ
            | ExprKind::None
            | ExprKind::IntSig
            | ExprKind::StringSig
            | ExprKind::SeqInt
            | ExprKind::Number(_)
            | ExprKind::Str(_) => {}
        }
    }
    None
}

fn paragraph_exprs(p: &Paragraph) -> Vec<&Expr> {
    fn decl_bounds(decls: &[Decl]) -> Vec<&Expr> {
        decls.iter().map(|d| &d.bound).collect()
    }
    match p {
        Paragraph::Sig(s) => {
            let mut v = decl_bounds(&s.fields);
            if let Some(b) = &s.fact {
                v.extend(&b.exprs);
            }
            v
        }
        Paragraph::Enum(_) => Vec::new(),
        Paragraph::Fact(f) => f.body.exprs.iter().collect(),
        Paragraph::Assert(a) => a.body.exprs.iter().collect(),
        Paragraph::Pred(p) => {
            let mut v = decl_bounds(&p.params);
            v.extend(&p.body.exprs);
            v
        }
        Paragraph::Fun(f) => {
            let mut v = decl_bounds(&f.params);
            v.push(&f.result);
            v.push(&f.body);
            v
        }
        Paragraph::Macro(m) => vec![&m.body],
        Paragraph::Command(c) => match &c.target {
            CommandTarget::Name(_) => Vec::new(),
            CommandTarget::Block(_, b) => b.exprs.iter().collect(),
        },
    }
}

impl DepthCheck for Expr {
    fn too_deep(&self) -> Option<Diagnostic> {
        first_too_deep([self]).map(depth_error)
    }
}

impl DepthCheck for Vec<Option<ReplItem>> {
    fn too_deep(&self) -> Option<Diagnostic> {
        let exprs = self.iter().flatten().flat_map(|item| match item {
            ReplItem::Open(_) => Vec::new(),
            ReplItem::Paragraph(p) => paragraph_exprs(p),
        });
        first_too_deep(exprs).map(depth_error)
    }
}

impl DepthCheck for (Option<ModuleHeader>, Vec<Option<ReplItem>>) {
    fn too_deep(&self) -> Option<Diagnostic> {
        self.1.too_deep()
    }
}

/// Split items into opens and paragraphs; an `open` after a paragraph is an error.
fn assemble_module(
    header: Option<ModuleHeader>,
    items: Vec<Option<ReplItem>>,
) -> Result<Module, Vec<Diagnostic>> {
    let mut module = Module {
        header,
        opens: Vec::new(),
        paragraphs: Vec::new(),
    };
    let mut errors = Vec::new();
    for item in items.into_iter().flatten() {
        match item {
            ReplItem::Open(open) => {
                if let Some(first) = module.paragraphs.first() {
                    errors.push(
                        Diagnostic::error(
                            open.span,
                            "syntax error: `open` must come before all paragraphs",
                        )
                        .with_note(paragraph_span(first), "first paragraph is here"),
                    );
                }
                module.opens.push(open);
            }
            ReplItem::Paragraph(p) => module.paragraphs.push(p),
        }
    }
    if errors.is_empty() {
        Ok(module)
    } else {
        Err(errors)
    }
}

fn paragraph_span(p: &Paragraph) -> Span {
    match p {
        Paragraph::Sig(x) => x.span,
        Paragraph::Enum(x) => x.span,
        Paragraph::Fact(x) => x.span,
        Paragraph::Assert(x) => x.span,
        Paragraph::Pred(x) => x.span,
        Paragraph::Fun(x) => x.span,
        Paragraph::Macro(x) => x.span,
        Paragraph::Command(x) => x.span,
    }
}

// ---------------------------------------------------------------------------------------
// The grammar.
// ---------------------------------------------------------------------------------------

/// The parsers shared by the three entry points.
struct Grammar<'a> {
    file: FileId,
    ident: P<'a, Ident>,
    /// A name being declared (not used): it may not contain `$`.
    declared: P<'a, Ident>,
    qname: P<'a, QualName>,
    sigref: P<'a, QualName>,
    number: P<'a, (i64, TokSpan)>,
    expr: P<'a, Expr>,
    block: P<'a, Block>,
    param_decls: P<'a, Vec<Decl>>,
    header: P<'a, ModuleHeader>,
}

fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some(other) => out.push(other),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn op<'a, O: 'a>(p: impl Parser<'a, ParserInput<'a>, O, Extra<'a>> + 'a) -> P<'a, O> {
    p.labelled(OPERATOR).boxed()
}

impl<'a> Grammar<'a> {
    fn new(file: FileId) -> Grammar<'a> {
        let sp = move |s: TokSpan| Span::new(file, s.start, s.end);

        let ident: P<'a, Ident> = select! {
            Tok::Ident(x) = e => Ident { name: x.to_string(), span: sp(e.span()) }
        }
        .labelled(NAME)
        .boxed();
        // Names with `$` only refer to generated atoms, skolems and meta sigs.
        let declared: P<'a, Ident> = ident
            .clone()
            .validate(|name, _, emitter| {
                if name.name.contains('$') {
                    emitter.emit(Rich::custom(
                        to_tok_span(name.span),
                        format!(
                            "syntax error: the declared name `{}` cannot contain `$`",
                            name.name
                        ),
                    ));
                }
                name
            })
            .boxed();

        let segment = select! { Tok::Ident(x) => x }.labelled(NAME).boxed();
        // A `/` could always continue a name; like an operator, it is not worth listing
        // among the expected tokens.
        let slash = just(Tok::Slash).labelled(OPERATOR);
        let qname: P<'a, QualName> = choice((just(Tok::This).to("this"), just(Tok::Seq).to("seq")))
            .then_ignore(slash)
            .or_not()
            .then(segment.clone())
            .then(
                slash
                    .ignore_then(segment.clone())
                    .repeated()
                    .collect::<Vec<_>>(),
            )
            .map_with(move |((prefix, first), rest), e| {
                let mut parts = Vec::with_capacity(rest.len() + 2);
                parts.extend(prefix.map(String::from));
                parts.push(first.to_string());
                parts.extend(rest.into_iter().map(String::from));
                QualName {
                    parts,
                    span: sp(e.span()),
                }
            })
            .boxed();

        let builtin_name = |tok: Tok<'a>, parts: &'static [&'static str]| {
            just(tok).map_with(move |_, e| QualName {
                parts: parts.iter().map(|s| s.to_string()).collect(),
                span: sp(e.span()),
            })
        };
        let seq_int = just(Tok::Seq)
            .then(just(Tok::Slash))
            .then(just(Tok::IntSig))
            .map_with(move |_, e| QualName {
                parts: vec!["seq".into(), "Int".into()],
                span: sp(e.span()),
            });
        let sigref: P<'a, QualName> = choice((
            qname.clone(),
            seq_int,
            builtin_name(Tok::Univ, &["univ"]),
            builtin_name(Tok::IntSig, &["Int"]),
            builtin_name(Tok::StringSig, &["String"]),
            builtin_name(Tok::NoneKw, &["none"]),
        ))
        .labelled(SIGNATURE)
        .boxed();

        let number: P<'a, (i64, TokSpan)> = select! { Tok::Num(n) = e => (n, e.span()) }
            .labelled(NUMBER)
            .boxed();

        // Handles to the expression parser inside its own definition are weak (that is
        // what `recursive` provides), so the grammar holds no reference cycle.
        let expr: P<'a, Expr> = recursive(|expr| {
            let expr: P<'a, Expr> = expr.boxed();
            let block_expr = Self::block(file, &expr)
                .map(|b| {
                    let span = b.span;
                    Expr::new(ExprKind::Block(b), span)
                })
                .boxed();
            // Binder bodies: `| F` or a block.
            let body: P<'a, Expr> = just(Tok::Bar)
                .ignore_then(expr.clone())
                .or(block_expr.clone())
                .boxed();
            let decls = Self::decl(file, &declared, &expr)
                .separated_by(just(Tok::Comma))
                .at_least(1)
                .collect::<Vec<_>>()
                .boxed();
            let atom = Self::atom(file, &declared, &qname, &expr, &block_expr, &body, &decls);
            let and_level = Self::operators(file, atom, &expr);

            // `F => a [else b]`, right associative; a greedy optional `else` binds to the
            // nearest `=>`.
            let implies = recursive(
                |implies: Recursive<
                    chumsky::recursive::Direct<'a, 'a, ParserInput<'a>, Expr, Extra<'a>>,
                >| {
                    and_level
                        .clone()
                        .then(
                            op(just(Tok::Implies))
                                .ignore_then(implies.clone())
                                .then(op(just(Tok::Else)).ignore_then(implies).or_not())
                                .or_not(),
                        )
                        .map(|(cond, rest)| match rest {
                            None => cond,
                            Some((then, None)) => {
                                let span = cond.span.to(then.span);
                                Expr::new(
                                    ExprKind::Binary(
                                        BinaryOp::Implies,
                                        Box::new(cond),
                                        Box::new(then),
                                    ),
                                    span,
                                )
                            }
                            Some((then, Some(otherwise))) => {
                                let span = cond.span.to(otherwise.span);
                                Expr::new(
                                    ExprKind::IfElse(
                                        Box::new(cond),
                                        Box::new(then),
                                        Box::new(otherwise),
                                    ),
                                    span,
                                )
                            }
                        })
                },
            )
            .boxed();
            let binary = |a: Expr, op: BinaryOp, b: Expr| {
                let span = a.span.to(b.span);
                Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), span)
            };
            let iff = implies
                .clone()
                .foldl(
                    op(just(Tok::Iff)).ignore_then(implies).repeated(),
                    move |a, b| binary(a, BinaryOp::Iff, b),
                )
                .boxed();
            iff.clone().foldl(
                op(just(Tok::Or)).ignore_then(iff).repeated(),
                move |a, b| binary(a, BinaryOp::Or, b),
            )
        })
        .boxed();

        let block = Self::block(file, &expr);
        // Parameter lists tolerate empty items and trailing commas.
        let param_decls: P<'a, Vec<Decl>> = Self::decl(file, &declared, &expr)
            .or_not()
            .separated_by(just(Tok::Comma))
            .collect::<Vec<_>>()
            .map(|v| v.into_iter().flatten().collect())
            .boxed();

        let module_param =
            just(Tok::Exactly)
                .or_not()
                .then(declared.clone())
                .map(|(exact, name)| ModuleParam {
                    exact: exact.is_some(),
                    name,
                });
        let header: P<'a, ModuleHeader> = just(Tok::Module)
            .ignore_then(qname.clone())
            .then(
                module_param
                    .separated_by(just(Tok::Comma))
                    .at_least(1)
                    .collect::<Vec<_>>()
                    .delimited_by(just(Tok::LBracket), just(Tok::RBracket))
                    .or_not(),
            )
            .map_with(move |(name, params), e| ModuleHeader {
                name,
                params: params.unwrap_or_default(),
                span: sp(e.span()),
            })
            .boxed();

        Grammar {
            file,
            ident,
            declared,
            qname,
            sigref,
            number,
            expr,
            block,
            param_decls,
            header,
        }
    }

    /// `{ e1 e2 ... }` as a statement block (implicit conjunction).
    fn block(file: FileId, expr: &P<'a, Expr>) -> P<'a, Block> {
        expr.clone()
            .repeated()
            .collect::<Vec<_>>()
            .delimited_by(just(Tok::LBrace), just(Tok::RBrace))
            .map_with(move |exprs, e| Block {
                exprs,
                span: Span::new(file, e.span().start, e.span().end),
            })
            .boxed()
    }

    /// `[private] [disj] a, b: [disj] e` (quantifiers, comprehensions, parameters).
    fn decl(file: FileId, declared: &P<'a, Ident>, expr: &P<'a, Expr>) -> P<'a, Decl> {
        let names = declared
            .clone()
            .separated_by(just(Tok::Comma))
            .at_least(1)
            .collect::<Vec<_>>();
        just(Tok::Private)
            .or_not()
            .then(just(Tok::Disj).or_not())
            .then(names)
            .then_ignore(just(Tok::Colon))
            .then(just(Tok::Disj).or_not())
            .then(expr.clone())
            .map_with(
                move |((((private, disj), names), disj_bound), bound), e| Decl {
                    private: private.is_some(),
                    disj: disj.is_some(),
                    names,
                    disj_bound: disj_bound.is_some(),
                    defined: false,
                    bound,
                    span: Span::new(file, e.span().start, e.span().end),
                },
            )
            .boxed()
    }

    /// Primaries and binders: everything an operator can apply to.
    fn atom(
        file: FileId,
        ident: &P<'a, Ident>,
        qname: &P<'a, QualName>,
        expr: &P<'a, Expr>,
        block_expr: &P<'a, Expr>,
        body: &P<'a, Expr>,
        decls: &P<'a, Vec<Decl>>,
    ) -> P<'a, Expr> {
        let sp = move |s: TokSpan| Span::new(file, s.start, s.end);
        let with_span = move |kind: ExprKind,
                              e: &mut chumsky::input::MapExtra<
            'a,
            '_,
            ParserInput<'a>,
            Extra<'a>,
        >| { Expr::new(kind, sp(e.span())) };
        let qualified = |prefix: &str, x: &str, span: Span| QualName {
            parts: vec![prefix.to_string(), x.to_string()],
            span,
        };

        let literal = select! {
            Tok::Num(n) = e => with_span(ExprKind::Number(n), e),
            Tok::Str(s) = e => with_span(ExprKind::Str(unescape(s)), e),
            Tok::Iden = e => with_span(ExprKind::Iden, e),
            Tok::Univ = e => with_span(ExprKind::Univ, e),
            Tok::NoneKw = e => with_span(ExprKind::None, e),
            Tok::IntSig = e => with_span(ExprKind::IntSig, e),
            Tok::StringSig = e => with_span(ExprKind::StringSig, e),
            Tok::FunName(x) = e => {
                let span = sp(e.span());
                Expr::new(ExprKind::Name(qualified("fun", x, span)), span)
            },
            Tok::PredName(x) = e => {
                let span = sp(e.span());
                Expr::new(ExprKind::Name(qualified("pred", x, span)), span)
            },
        };

        let seq_int = just(Tok::Seq)
            .then(just(Tok::Slash))
            .then(just(Tok::IntSig))
            .map_with(move |_, e| with_span(ExprKind::SeqInt, e));

        let args = expr
            .clone()
            .separated_by(just(Tok::Comma))
            .collect::<Vec<_>>()
            .boxed();

        // `p(x)` never calls. A `(` right after a name (no space) is reported, and its
        // group skipped; anywhere else `(` starts the next conjunct of a block, as in Alloy.
        let paren_group = recursive(|group| {
            just(Tok::LParen)
                .labelled(OPERATOR)
                .ignore_then(
                    choice((group, none_of([Tok::LParen, Tok::RParen]).ignored())).repeated(),
                )
                .then_ignore(just(Tok::RParen))
                .ignored()
        })
        .map_with(|_, e| e.span());
        let misused_call = qname
            .clone()
            .then(paren_group)
            .filter(|(name, parens): &(QualName, TokSpan)| parens.start == name.span.end as usize)
            .validate(move |(name, parens), e, emitter| {
                emitter.emit(Rich::custom(
                    parens,
                    "syntax error: perhaps you used ( ) when you should have used [ ]",
                ));
                Expr::new(ExprKind::Name(name), sp(e.span()))
            });
        let name = misused_call.or(qname.clone().map(|name| {
            let span = name.span;
            Expr::new(ExprKind::Name(name), span)
        }));

        let this = just(Tok::This).map_with(move |_, e| with_span(ExprKind::This, e));
        let at_name = just(Tok::At)
            .ignore_then(qname.clone())
            .map_with(move |q, e| with_span(ExprKind::AtName(q), e));

        let paren = expr
            .clone()
            .delimited_by(just(Tok::LParen), just(Tok::RParen))
            .map_with(move |inner, e| Expr {
                span: sp(e.span()),
                ..inner
            });

        // `{ decls | F }` if the brace is followed by `[disj] ID (, ID)* :`, else a block.
        let comprehension_start = just(Tok::Disj)
            .or_not()
            .then(
                select! { Tok::Ident(_) => () }
                    .separated_by(just(Tok::Comma))
                    .at_least(1),
            )
            .then(just(Tok::Colon))
            .rewind();
        let comprehension = just(Tok::LBrace)
            .ignore_then(comprehension_start)
            .ignore_then(decls.clone())
            .then(body.clone().or_not())
            .then_ignore(just(Tok::RBrace))
            .map_with(move |(decls, body), e| {
                let span = sp(e.span());
                let body = body.unwrap_or_else(|| {
                    Expr::new(
                        ExprKind::Block(Block {
                            exprs: Vec::new(),
                            span,
                        }),
                        span,
                    )
                });
                Expr::new(ExprKind::Comprehension(decls, Box::new(body)), span)
            });

        let bracketed =
            |inner: P<'a, Expr>| inner.delimited_by(just(Tok::LBracket), just(Tok::RBracket));
        let disj = just(Tok::Disj)
            .ignore_then(
                args.clone()
                    .delimited_by(just(Tok::LBracket), just(Tok::RBracket)),
            )
            .map_with(move |args, e| with_span(ExprKind::Disj(args), e));
        let cast = choice((
            just(Tok::IntKw).to(UnaryOp::IntCast),
            just(Tok::Sum).to(UnaryOp::SumCast),
        ))
        .then(bracketed(expr.clone()))
        .map_with(move |(op, inner), e| with_span(ExprKind::Unary(op, Box::new(inner)), e));

        let quantifier = select! { Tok::Quant(q) => q }
            .then(decls.clone())
            .then(body.clone())
            .map_with(move |((q, decls), body), e| {
                with_span(ExprKind::Quant(q, decls, Box::new(body)), e)
            });
        let binding = ident
            .clone()
            .then_ignore(just(Tok::Cmp(Cmp::Eq)))
            .then(expr.clone());
        let let_expr = just(Tok::Let)
            .ignore_then(
                binding
                    .separated_by(just(Tok::Comma))
                    .at_least(1)
                    .collect::<Vec<_>>(),
            )
            .then(body.clone())
            .map_with(move |(bindings, body), e| {
                with_span(ExprKind::Let(bindings, Box::new(body)), e)
            });

        choice((
            literal,
            name,
            seq_int,
            this,
            at_name,
            paren,
            comprehension,
            block_expr.clone(),
            disj,
            cast,
            quantifier,
            let_expr,
        ))
        .labelled(EXPRESSION)
        .boxed()
    }

    /// Precedence levels 5–19 (`&&` down to `~ ^ *`) as one Pratt parser.
    fn operators(file: FileId, atom: P<'a, Expr>, expr: &P<'a, Expr>) -> P<'a, Expr> {
        type Ex<'e, 'a> = chumsky::input::MapExtra<'a, 'e, ParserInput<'a>, Extra<'a>>;
        let sp = move |s: TokSpan| Span::new(file, s.start, s.end);
        let bin = move |op: BinaryOp, a: Expr, b: Expr, e: &mut Ex<'_, 'a>| {
            Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), sp(e.span()))
        };
        let un = move |op: UnaryOp, a: Expr, e: &mut Ex<'_, 'a>| {
            Expr::new(ExprKind::Unary(op, Box::new(a)), sp(e.span()))
        };
        // Prefix operators start an expression, so they are reported as one.
        let prefix_op = |p: P<'a, UnaryOp>| p.labelled(EXPRESSION).boxed();

        let and = op(just(Tok::And).to(BinaryOp::And));
        let not = prefix_op(just(Tok::Not).to(UnaryOp::Not).boxed());
        let compare = op(select! {
            Tok::Cmp(Cmp::In) => BinaryOp::In,
            Tok::Cmp(Cmp::Eq) => BinaryOp::Eq,
            Tok::Cmp(Cmp::Lt) => BinaryOp::Lt,
            Tok::Cmp(Cmp::Gt) => BinaryOp::Gt,
            Tok::Cmp(Cmp::Le) => BinaryOp::Le,
            Tok::Cmp(Cmp::Ge) => BinaryOp::Ge,
            Tok::NotCmp(Cmp::In) => BinaryOp::NotIn,
            Tok::NotCmp(Cmp::Eq) => BinaryOp::NotEq,
            Tok::NotCmp(Cmp::Lt) => BinaryOp::NotLt,
            Tok::NotCmp(Cmp::Gt) => BinaryOp::NotGt,
            Tok::NotCmp(Cmp::Le) => BinaryOp::NotLe,
            Tok::NotCmp(Cmp::Ge) => BinaryOp::NotGe,
        });
        // `seq/Int` is a name, not the prefix `seq`.
        let multiplicity = prefix_op(
            choice((
                just(Tok::No).to(UnaryOp::No),
                just(Tok::Some).to(UnaryOp::Mult(Multiplicity::Some)),
                just(Tok::Lone).to(UnaryOp::Mult(Multiplicity::Lone)),
                just(Tok::One).to(UnaryOp::Mult(Multiplicity::One)),
                just(Tok::Set).to(UnaryOp::Mult(Multiplicity::Set)),
                just(Tok::Seq)
                    .then_ignore(just(Tok::Slash).not())
                    .to(UnaryOp::Mult(Multiplicity::Seq)),
            ))
            .boxed(),
        );
        let shift = op(select! {
            Tok::Shl => BinaryOp::Shl,
            Tok::Sha => BinaryOp::Sha,
            Tok::Shr => BinaryOp::Shr,
        });
        let additive = op(select! {
            Tok::Plus => BinaryOp::Union,
            Tok::Minus => BinaryOp::Diff,
            Tok::FunName("add") => BinaryOp::IntAdd,
            Tok::FunName("sub") => BinaryOp::IntSub,
        });
        let multiplicative = op(select! {
            Tok::FunName("mul") => BinaryOp::IntMul,
            Tok::FunName("div") => BinaryOp::IntDiv,
            Tok::FunName("rem") => BinaryOp::IntRem,
        });
        let cardinality = prefix_op(
            select! {
                Tok::Hash => UnaryOp::Cardinality,
                Tok::IntKw => UnaryOp::IntCast,
                Tok::Sum => UnaryOp::SumCast,
            }
            .boxed(),
        );
        let arrow = op(select! { Tok::Arrow(m1, m2) => (m1, m2) });
        let box_args = op(expr
            .clone()
            .separated_by(just(Tok::Comma))
            .collect::<Vec<_>>()
            .delimited_by(just(Tok::LBracket), just(Tok::RBracket)));
        let dot_cast = op(just(Tok::Dot).ignore_then(choice((
            just(Tok::IntKw).to(UnaryOp::IntCast),
            just(Tok::Sum).to(UnaryOp::SumCast),
        ))));
        // `a.disj` and `a.disj[b, …]`: the builtin `disj` with a receiver, as Alloy reads it.
        let dot_disj = op(just(Tok::Dot).ignore_then(just(Tok::Disj)).ignore_then(
            expr.clone()
                .separated_by(just(Tok::Comma))
                .collect::<Vec<_>>()
                .delimited_by(just(Tok::LBracket), just(Tok::RBracket))
                .or_not(),
        ));
        let closure = prefix_op(
            select! {
                Tok::Tilde => UnaryOp::Transpose,
                Tok::Caret => UnaryOp::Closure,
                Tok::Star => UnaryOp::ReflexiveClosure,
            }
            .boxed(),
        );

        atom.pratt((
            infix(left(5), and, move |a, op, b, e| bin(op, a, b, e)),
            prefix(6, not, move |op, a, e| un(op, a, e)),
            infix(left(7), compare, move |a, op, b, e| bin(op, a, b, e)),
            prefix(8, multiplicity, move |op, a, e| un(op, a, e)),
            infix(left(9), shift, move |a, op, b, e| bin(op, a, b, e)),
            infix(left(10), additive, move |a, op, b, e| bin(op, a, b, e)),
            infix(left(11), multiplicative, move |a, op, b, e| {
                bin(op, a, b, e)
            }),
            prefix(12, cardinality, move |op, a, e| un(op, a, e)),
            infix(
                left(13),
                op(just(Tok::PlusPlus).to(BinaryOp::Override)),
                move |a, op, b, e| bin(op, a, b, e),
            ),
            infix(
                left(14),
                op(just(Tok::Amp).to(BinaryOp::Intersect)),
                move |a, op, b, e| bin(op, a, b, e),
            ),
            infix(
                right(15),
                arrow,
                move |a, (m1, m2), b, e: &mut Ex<'_, 'a>| {
                    Expr::new(
                        ExprKind::Arrow(m1, m2, Box::new(a), Box::new(b)),
                        sp(e.span()),
                    )
                },
            ),
            infix(
                left(16),
                op(just(Tok::DomRestrict).to(BinaryOp::DomRestrict)),
                move |a, op, b, e| bin(op, a, b, e),
            ),
            infix(
                left(17),
                op(just(Tok::RanRestrict).to(BinaryOp::RanRestrict)),
                move |a, op, b, e| bin(op, a, b, e),
            ),
            // `[...]` and `.int` apply to the whole join chain on their left, so they bind
            // below `.` (whose right operand is a single primary) and above `:>`.
            postfix(17, box_args, move |a, args, e: &mut Ex<'_, 'a>| {
                Expr::new(ExprKind::Box(Box::new(a), args), sp(e.span()))
            }),
            postfix(17, dot_cast, move |a, op, e| un(op, a, e)),
            postfix(
                17,
                dot_disj,
                move |a, rest: Option<Vec<Expr>>, e: &mut Ex<'_, 'a>| {
                    let mut args = vec![a];
                    args.extend(rest.unwrap_or_default());
                    Expr::new(ExprKind::Disj(args), sp(e.span()))
                },
            ),
            infix(
                left(18),
                op(just(Tok::Dot).to(BinaryOp::Join)),
                move |a, op, b, e| bin(op, a, b, e),
            ),
            prefix(19, closure, move |op, a, e| un(op, a, e)),
        ))
        .boxed()
    }

    /// One `open` or paragraph; `None` where a syntax error was skipped. In the REPL
    /// (`repl == true`) a command body may be an unbraced formula.
    fn item(&self, repl: bool) -> P<'a, Option<ReplItem>> {
        let file = self.file;
        let sp = move |s: TokSpan| Span::new(file, s.start, s.end);
        let ident = self.ident.clone();
        let private = just(Tok::Private).or_not().map(|p| p.is_some());

        let open = private
            .then_ignore(just(Tok::Open))
            .then(self.qname.clone())
            .then(
                self.sigref
                    .clone()
                    .separated_by(just(Tok::Comma))
                    .collect::<Vec<_>>()
                    .delimited_by(just(Tok::LBracket), just(Tok::RBracket))
                    .or_not(),
            )
            .then(just(Tok::As).ignore_then(ident.clone()).or_not())
            .map_with(move |(((private, path), args), alias), e| {
                ReplItem::Open(Open {
                    private,
                    path,
                    args: args.unwrap_or_default(),
                    alias,
                    span: sp(e.span()),
                })
            });

        let paragraph = choice((
            self.sig_decl(),
            self.enum_decl(),
            self.fact_or_assert(),
            self.pred_or_fun(),
            self.macro_decl(),
            self.command(repl),
        ))
        .map(ReplItem::Paragraph);

        // After an error, skip to the next token that can only start a paragraph.
        let qualifier = select! {
            Tok::Abstract => (), Tok::One => (), Tok::Lone => (), Tok::Some => (), Tok::Private => (),
        };
        let paragraph_start = choice((
            select! {
                Tok::Sig => (), Tok::Fact => (), Tok::Assert => (), Tok::Pred => (), Tok::Fun => (),
                Tok::Run => (), Tok::Check => (), Tok::Enum => (), Tok::Open => (), Tok::Label(_) => (),
            },
            qualifier
                .repeated()
                .at_least(1)
                .then(select! {
                    Tok::Sig => (), Tok::Pred => (), Tok::Fun => (), Tok::Enum => (),
                    Tok::Open => (), Tok::Let => (),
                })
                .ignored(),
        ));
        let skip = any()
            .then(any().and_is(paragraph_start.not()).repeated())
            .to(None);

        choice((open, paragraph))
            .map(Some)
            .labelled(PARAGRAPH)
            .recover_with(via_parser(skip))
            .boxed()
    }

    fn sig_decl(&self) -> P<'a, Paragraph> {
        let file = self.file;
        let sp = move |s: TokSpan| Span::new(file, s.start, s.end);
        let qualifier = select! {
            Tok::Abstract = e => ("abstract", e.span()),
            Tok::Lone = e => ("lone", e.span()),
            Tok::One = e => ("one", e.span()),
            Tok::Some = e => ("some", e.span()),
            Tok::Private = e => ("private", e.span()),
        };
        let parents = self
            .sigref
            .clone()
            .separated_by(just(Tok::Plus))
            .at_least(1)
            .collect::<Vec<_>>();
        let parent = choice((
            just(Tok::Extends)
                .ignore_then(self.sigref.clone())
                .map(SigParent::Extends),
            just(Tok::Cmp(Cmp::In))
                .ignore_then(parents.clone())
                .map(SigParent::In),
            just(Tok::Cmp(Cmp::Eq))
                .ignore_then(parents)
                .map(SigParent::Equal),
        ));
        let names = self
            .declared
            .clone()
            .separated_by(just(Tok::Comma))
            .at_least(1)
            .collect::<Vec<_>>();
        // Fields: `[private] [disj] f, g: [disj] e` or the defined `f = e`; empty items
        // and trailing commas are tolerated.
        let field = just(Tok::Private)
            .or_not()
            .then(
                just(Tok::Disj)
                    .or_not()
                    .map_with(|d, e| d.map(|_| e.span())),
            )
            .then(names.clone())
            .then(choice((
                just(Tok::Colon)
                    .ignore_then(just(Tok::Disj).or_not())
                    .then(self.expr.clone())
                    .map(|(d, bound)| (false, d.is_some(), bound)),
                just(Tok::Cmp(Cmp::Eq))
                    .ignore_then(self.expr.clone())
                    .map(|bound| (true, false, bound)),
            )))
            .validate(
                move |(((private, disj), names), (defined, disj_bound, bound)), e, emitter| {
                    if let (true, Some(disj_span)) = (defined, disj) {
                        emitter.emit(Rich::custom(
                            disj_span,
                            "syntax error: a defined field (`f = e`) cannot be `disj`",
                        ));
                    }
                    Decl {
                        private: private.is_some(),
                        disj: disj.is_some(),
                        names,
                        disj_bound,
                        defined,
                        bound,
                        span: sp(e.span()),
                    }
                },
            );
        let fields = field
            .or_not()
            .separated_by(just(Tok::Comma))
            .collect::<Vec<_>>()
            .map(|v| v.into_iter().flatten().collect::<Vec<_>>())
            .delimited_by(just(Tok::LBrace), just(Tok::RBrace));

        qualifier
            .repeated()
            .collect::<Vec<_>>()
            .then_ignore(just(Tok::Sig))
            .then(names)
            .then(parent.or_not())
            .then(fields)
            .then(self.block.clone().or_not())
            .validate(
                move |((((quals, names), parent), fields), fact), e, emitter| {
                    let mut qualifiers = SigQualifiers::default();
                    for (word, span) in quals {
                        let slot = match word {
                            "abstract" => &mut qualifiers.abstract_,
                            "lone" => &mut qualifiers.lone,
                            "one" => &mut qualifiers.one,
                            "some" => &mut qualifiers.some,
                            _ => &mut qualifiers.private,
                        };
                        if slot.is_some() {
                            emitter.emit(Rich::custom(
                                span,
                                format!("syntax error: the qualifier `{word}` is repeated"),
                            ));
                        }
                        slot.get_or_insert(sp(span));
                    }
                    Paragraph::Sig(SigDecl {
                        qualifiers,
                        names,
                        parent,
                        fields,
                        fact,
                        span: sp(e.span()),
                    })
                },
            )
            .boxed()
    }

    fn enum_decl(&self) -> P<'a, Paragraph> {
        let file = self.file;
        let sp = move |s: TokSpan| Span::new(file, s.start, s.end);
        just(Tok::Private)
            .or_not()
            .then_ignore(just(Tok::Enum))
            .then(self.declared.clone())
            .then(
                self.declared
                    .clone()
                    .separated_by(just(Tok::Comma))
                    .at_least(1)
                    .collect::<Vec<_>>()
                    .delimited_by(just(Tok::LBrace), just(Tok::RBrace)),
            )
            .map_with(move |((private, name), values), e| {
                Paragraph::Enum(EnumDecl {
                    private: private.is_some(),
                    name,
                    values,
                    span: sp(e.span()),
                })
            })
            .boxed()
    }

    fn fact_or_assert(&self) -> P<'a, Paragraph> {
        let file = self.file;
        let sp = move |s: TokSpan| Span::new(file, s.start, s.end);
        let string_label = select! {
            Tok::Str(s) = e => Ident { name: unescape(s), span: sp(e.span()) }
        }
        .labelled(STRING);
        let label = self.ident.clone().or(string_label).or_not();
        choice((just(Tok::Fact).to(true), just(Tok::Assert).to(false)))
            .then(label)
            .then(self.block.clone())
            .map_with(move |((is_fact, name), body), e| {
                let span = sp(e.span());
                if is_fact {
                    Paragraph::Fact(FactDecl { name, body, span })
                } else {
                    Paragraph::Assert(AssertDecl { name, body, span })
                }
            })
            .boxed()
    }

    fn params(&self) -> P<'a, Vec<Decl>> {
        choice((
            self.param_decls
                .clone()
                .delimited_by(just(Tok::LBracket), just(Tok::RBracket)),
            self.param_decls
                .clone()
                .delimited_by(just(Tok::LParen), just(Tok::RParen)),
        ))
        .boxed()
    }

    fn pred_or_fun(&self) -> P<'a, Paragraph> {
        let file = self.file;
        let sp = move |s: TokSpan| Span::new(file, s.start, s.end);
        // Until the `.` is seen, the receiver is just a name to the reader.
        let receiver = self
            .sigref
            .clone()
            .labelled(NAME)
            .then_ignore(just(Tok::Dot))
            .or_not();
        let head = just(Tok::Private)
            .or_not()
            .map(|p| p.is_some())
            .then(choice((just(Tok::Pred).to(true), just(Tok::Fun).to(false))))
            .then(receiver)
            .then(self.declared.clone())
            .then(self.params().or_not().map(Option::unwrap_or_default));
        let fun_result = just(Tok::Colon).ignore_then(self.expr.clone()).or_not();
        head.then(fun_result)
            .then(self.block.clone())
            .validate(
                move |((((((private, is_pred), receiver), name), params), result), body),
                      e,
                      emitter| {
                    let span = sp(e.span());
                    if is_pred {
                        if let Some(result) = result {
                            emitter.emit(Rich::custom(
                            to_tok_span(result.span),
                            "syntax error: a predicate has no result type (did you mean `fun`?)",
                        ));
                        }
                        return Paragraph::Pred(PredDecl {
                            private,
                            receiver,
                            name,
                            params,
                            body,
                            span,
                        });
                    }
                    let block_span = body.span;
                    let result = result.unwrap_or_else(|| {
                        emitter.emit(Rich::custom(
                            to_tok_span(block_span),
                            "syntax error: expected `:` and the result type of the function",
                        ));
                        Expr::new(ExprKind::Univ, block_span)
                    });
                    let body = match <[Expr; 1]>::try_from(body.exprs) {
                        Ok([single]) => single,
                        Err(exprs) => {
                            emitter.emit(Rich::custom(
                                to_tok_span(block_span),
                                "syntax error: a function body must be exactly one expression",
                            ));
                            Expr::new(
                                ExprKind::Block(Block {
                                    exprs,
                                    span: block_span,
                                }),
                                block_span,
                            )
                        }
                    };
                    Paragraph::Fun(FunDecl {
                        private,
                        receiver,
                        name,
                        params,
                        result,
                        body,
                        span,
                    })
                },
            )
            .boxed()
    }

    fn macro_decl(&self) -> P<'a, Paragraph> {
        let file = self.file;
        let sp = move |s: TokSpan| Span::new(file, s.start, s.end);
        let names = self
            .declared
            .clone()
            .separated_by(just(Tok::Comma))
            .collect::<Vec<_>>()
            .boxed();
        let params = choice((
            names
                .clone()
                .delimited_by(just(Tok::LBracket), just(Tok::RBracket)),
            names.delimited_by(just(Tok::LParen), just(Tok::RParen)),
        ));
        let block_expr = self.block.clone().map(|b| {
            let span = b.span;
            Expr::new(ExprKind::Block(b), span)
        });
        let body = choice((
            block_expr,
            just(Tok::Cmp(Cmp::Eq)).ignore_then(self.expr.clone()),
        ));
        just(Tok::Private)
            .or_not()
            .then_ignore(just(Tok::Let))
            .then(self.declared.clone())
            .then(params.or_not().map(Option::unwrap_or_default))
            .then(body)
            .map_with(move |(((private, name), params), body), e| {
                Paragraph::Macro(MacroDecl {
                    private: private.is_some(),
                    name,
                    params,
                    body,
                    span: sp(e.span()),
                })
            })
            .boxed()
    }

    fn command(&self, repl: bool) -> P<'a, Paragraph> {
        let file = self.file;
        let sp = move |s: TokSpan| Span::new(file, s.start, s.end);
        let label = select! {
            Tok::Label(x) = e => Ident { name: x.to_string(), span: sp(e.span()) }
        }
        .validate(|name, _, emitter| {
            if name.name.contains('$') {
                emitter.emit(Rich::custom(
                    to_tok_span(name.span),
                    format!(
                        "syntax error: the declared name `{}` cannot contain `$`",
                        name.name
                    ),
                ));
            }
            name
        });
        let kind = choice((
            just(Tok::Run).to(CommandKind::Run),
            just(Tok::Check).to(CommandKind::Check),
        ));
        let named_block = self
            .declared
            .clone()
            .or_not()
            .then(self.block.clone())
            .map(|(name, block)| CommandTarget::Block(name, block));
        let target: P<'a, CommandTarget> = if repl {
            // A formula up to `for`/`expect`/the end; a bare name is a pred or assertion.
            let formula = self.expr.clone().map(|e| match e.kind {
                ExprKind::Name(q) => CommandTarget::Name(q),
                kind => {
                    let span = e.span;
                    CommandTarget::Block(
                        None,
                        Block {
                            exprs: vec![Expr::new(kind, span)],
                            span,
                        },
                    )
                }
            });
            choice((named_block, formula)).boxed()
        } else {
            choice((named_block, self.qname.clone().map(CommandTarget::Name))).boxed()
        };

        // Scope counts are non-negative; ranges (`1..5`, `1..`, `1:2`) are temporal.
        let count = self
            .number
            .clone()
            .then(
                choice((just(Tok::DotDot), just(Tok::Colon)))
                    .then(self.number.clone().or_not())
                    .map_with(|_, e| e.span())
                    .or_not(),
            )
            .validate(move |((n, span), range), _, emitter| {
                if let Some(range) = range {
                    emitter.emit(Rich::custom(
                        TokSpan::from(span.start..range.end),
                        "syntax error: scope ranges are not supported (they bound temporal `steps`)",
                    ));
                }
                match u32::try_from(n) {
                    Ok(n) => (n, sp(span)),
                    Err(_) => {
                        emitter.emit(Rich::custom(
                            span,
                            "syntax error: a scope or `expect` value cannot be negative",
                        ));
                        (0, sp(span))
                    }
                }
            })
            .boxed();
        let builtin_target = |tok: Tok<'a>, name: &'static str| {
            just(tok).map_with(move |_, e| QualName {
                parts: vec![name.to_string()],
                span: sp(e.span()),
            })
        };
        let scope_target = choice((
            self.qname.clone(),
            builtin_target(Tok::IntKw, "int"),
            builtin_target(Tok::IntSig, "Int"),
            builtin_target(Tok::Seq, "seq"),
            builtin_target(Tok::StringSig, "String"),
            builtin_target(Tok::Univ, "univ"),
            builtin_target(Tok::NoneKw, "none"),
        ));
        let type_scope = just(Tok::Exactly)
            .or_not()
            .then(count.clone())
            .then(scope_target)
            .map_with(move |((exactly, (count, _)), target), e| TypeScope {
                exactly: exactly.is_some(),
                count,
                target,
                span: sp(e.span()),
            });
        let type_scopes = type_scope
            .separated_by(just(Tok::Comma))
            .at_least(1)
            .collect::<Vec<_>>()
            .boxed();
        let scope = just(Tok::For)
            .ignore_then(choice((
                type_scopes.clone().map(|types| (None, types)),
                count
                    .clone()
                    .then(just(Tok::But).ignore_then(type_scopes).or_not())
                    .map(|(overall, types)| (Some(overall), types.unwrap_or_default())),
            )))
            .validate(
                move |(overall, types): (Option<(u32, Span)>, Vec<TypeScope>), e, emitter| {
                    check_special_scopes(&types, emitter);
                    Scope {
                        overall,
                        types,
                        span: sp(e.span()),
                    }
                },
            );
        let expect = just(Tok::Expect).ignore_then(count);

        label
            .or_not()
            .then(kind)
            .then(target)
            .then(scope.or_not())
            .then(expect.or_not())
            .map_with(move |((((label, kind), target), scope), expect), e| {
                Paragraph::Command(Command {
                    label,
                    kind,
                    target,
                    scope,
                    expect,
                    span: sp(e.span()),
                })
            })
            .boxed()
    }
}

/// The bitwidth (`int`/`Int`) and sequence length (`seq`) are not sigs: they are given
/// at most once and never `exactly`.
fn check_special_scopes<'a>(
    types: &[TypeScope],
    emitter: &mut chumsky::input::Emitter<Rich<'a, Tok<'a>, TokSpan>>,
) {
    let mut seen_bitwidth = false;
    let mut seen_seq = false;
    for t in types {
        let (what, seen) = match t.target.parts.as_slice() {
            [name] if name == "int" || name == "Int" => ("the bitwidth", &mut seen_bitwidth),
            [name] if name == "seq" => ("the maximum sequence length", &mut seen_seq),
            _ => continue,
        };
        if t.exactly {
            emitter.emit(Rich::custom(
                to_tok_span(t.span),
                format!("syntax error: {what} cannot be `exactly`"),
            ));
        }
        if *seen {
            emitter.emit(Rich::custom(
                to_tok_span(t.span),
                format!("syntax error: {what} cannot be specified more than once"),
            ));
        }
        *seen = true;
    }
}

fn to_tok_span(span: Span) -> TokSpan {
    TokSpan::from(span.start as usize..span.end as usize)
}
