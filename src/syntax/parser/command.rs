//! Commands (`run`, `check`) and their scopes.

use chumsky::prelude::*;

use crate::diagnostic::Span;
use crate::syntax::ast::*;
use crate::syntax::lexer::Tok;

use super::{Grammar, P, TokSpan, to_tok_span};

impl<'a> Grammar<'a> {
    pub(super) fn command(&self, repl: bool) -> P<'a, Paragraph> {
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

        // Scope counts are non-negative; ranges (`1..5`, `1..`) bound only `steps`.
        let count = self
            .number
            .clone()
            .validate(move |(n, span), _, emitter| match u32::try_from(n) {
                Ok(n) => (n, sp(span)),
                Err(_) => {
                    emitter.emit(Rich::custom(
                        span,
                        "syntax error: a scope or `expect` value cannot be negative",
                    ));
                    (0, sp(span))
                }
            })
            .boxed();
        // `N`, `N..M` or `N..` (`None` past the dots: no upper end).
        let count_or_range = count
            .clone()
            .then(
                just(Tok::DotDot)
                    .ignore_then(count.clone().or_not())
                    .map_with(move |end, e| (end, sp(e.span())))
                    .or_not(),
            )
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
        let steps_target = just(Tok::Steps).map_with(move |_, e| QualName {
            parts: vec!["steps".to_string()],
            span: sp(e.span()),
        });
        let type_scope = just(Tok::Exactly)
            .or_not()
            .then(count_or_range)
            .then(choice((steps_target, scope_target)))
            .map_with(move |((exactly, (count, range)), target), e| {
                (exactly.is_some(), count, range, target, sp(e.span()))
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
                move |(overall, parsed): (Option<(u32, Span)>, Vec<ParsedScope>), e, emitter| {
                    let (types, steps) = split_steps(parsed, emitter);
                    check_special_scopes(&types, emitter);
                    Scope {
                        overall,
                        types,
                        steps,
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

/// A type scope as parsed: `exactly`, the count, the end of a range (`..M` or `..`), the
/// target, the span.
type ParsedScope = (
    bool,
    (u32, Span),
    Option<(Option<(u32, Span)>, Span)>,
    QualName,
    Span,
);

/// Takes the `steps` scope out of the type scopes (at most one; ranges only there).
fn split_steps<'a>(
    parsed: Vec<ParsedScope>,
    emitter: &mut chumsky::input::Emitter<Rich<'a, Tok<'a>, TokSpan>>,
) -> (Vec<TypeScope>, Option<StepsScope>) {
    let mut types = Vec::new();
    let mut steps: Option<StepsScope> = None;
    for (exactly, (count, count_span), range, target, span) in parsed {
        if target.parts == ["steps"] {
            if steps.is_some() {
                emitter.emit(Rich::custom(
                    to_tok_span(span),
                    "syntax error: the `steps` scope cannot be given more than once",
                ));
            }
            let (min, max) = match range {
                None if exactly => (count, Some(count)),
                None => (1, Some(count)),
                Some((None, _)) => (count, None),
                Some((Some((end, _)), _)) => (count, Some(end)),
            };
            if min < 1 || max.is_some_and(|m| m < min) {
                emitter.emit(Rich::custom(
                    to_tok_span(count_span.to(span)),
                    "syntax error: a trace has at least one step, and a range of `steps` must not be empty",
                ));
            }
            if max.is_none() && min != 1 {
                emitter.emit(Rich::custom(
                    to_tok_span(span),
                    "syntax error: an unbounded `steps` scope must start at 1 (`1.. steps`)",
                ));
            }
            steps = Some(StepsScope { min, max, span });
            continue;
        }
        if let Some((_, range_span)) = range {
            let message = match target.parts.as_slice() {
                [x] if x == "Int" || x == "int" => "syntax error: the integer bitwidth is a single number (`but 5 Int`: integers from -16 to 15), not a range".to_string(),
                [x] if x == "seq" => "syntax error: the sequence length is a single number (`but 4 seq`), not a range".to_string(),
                _ => format!(
                    "syntax error: a scope for `{}` is a single number; a range such as `1..5` bounds only the trace length (`1..5 steps`)",
                    target.parts.join("/")
                ),
            };
            emitter.emit(Rich::custom(
                to_tok_span(count_span.to(range_span)),
                message,
            ));
        }
        types.push(TypeScope {
            exactly,
            count,
            target,
            span,
        });
    }
    (types, steps)
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
