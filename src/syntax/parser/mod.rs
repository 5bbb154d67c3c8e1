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
use chumsky::prelude::*;

use crate::diagnostic::{Diagnostic, FileId, Span};
use crate::syntax::ast::*;
use crate::syntax::lexer::{self, Spanned, Tok};

mod command;
mod depth;
mod expr;
mod paragraphs;

use depth::DepthCheck;

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
// The grammar: built in `expr` (names, expressions), with `paragraphs` and `command`.
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

fn to_tok_span(span: Span) -> TokSpan {
    TokSpan::from(span.start as usize..span.end as usize)
}
