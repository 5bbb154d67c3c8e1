//! Paragraphs: `open`s, sigs, enums, facts and asserts, preds and funs, macros.

use chumsky::prelude::*;
use chumsky::recovery::via_parser;

use crate::diagnostic::Span;
use crate::syntax::ast::*;
use crate::syntax::lexer::{Cmp, Tok};

use super::expr::unescape;
use super::{Grammar, NAME, P, PARAGRAPH, ReplItem, STRING, TokSpan, to_tok_span};

impl<'a> Grammar<'a> {
    /// One `open` or paragraph; `None` where a syntax error was skipped. In the REPL
    /// (`repl == true`) a command body may be an unbraced formula.
    pub(super) fn item(&self, repl: bool) -> P<'a, Option<ReplItem>> {
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
            Tok::Var = e => ("var", e.span()),
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
        let field = just(Tok::Var)
            .map_with(move |_, e| sp(e.span()))
            .or_not()
            .then(just(Tok::Private).or_not())
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
                move |((((var, private), disj), names), (defined, disj_bound, bound)),
                      e,
                      emitter| {
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
                        var,
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
                            "var" => &mut qualifiers.var,
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
}
