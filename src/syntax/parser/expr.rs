//! The grammar's shared parsers (names, numbers, the module header) and expressions:
//! atoms and binders, the Pratt operator levels, blocks and declarations.

use chumsky::pratt::{infix, left, postfix, prefix, right};
use chumsky::prelude::*;

use crate::diagnostic::{FileId, Span};
use crate::syntax::ast::*;
use crate::syntax::lexer::{Cmp, Tok};

use super::{
    EXPRESSION, Extra, Grammar, NAME, NUMBER, OPERATOR, P, ParserInput, SIGNATURE, TokSpan,
    to_tok_span,
};

pub(super) fn unescape(raw: &str) -> String {
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
    pub(super) fn new(file: FileId) -> Grammar<'a> {
        let sp = move |s: TokSpan| Span::new(file, s.start, s.end);

        let ident: P<'a, Ident> = select! {
            Tok::Ident(x) = e => Ident { name: x.to_string(), span: sp(e.span()) }
        }
        .labelled(NAME)
        .boxed();
        // Names with `$` only refer to generated atoms, skolems and meta sigs.
        // Alloy 4 allowed `'` in names (`s'`); in Alloy 6 it means the next state.
        let declared: P<'a, Ident> = ident
            .clone()
            .then(just(Tok::Prime).map_with(|_, e| e.span()).or_not())
            .validate(|(name, prime), _, emitter| {
                if let Some(prime) = prime {
                    emitter.emit(Rich::custom(
                        TokSpan::from(name.span.start as usize..prime.end),
                        format!(
                            "syntax error: `{0}'` is not a name in Alloy 6: `'` means the value in the next state (Alloy 4 allowed primes in names); rename it, e.g. `{0}1`",
                            name.name
                        ),
                    ));
                }
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
            let or = iff
                .clone()
                .foldl(
                    op(just(Tok::Or)).ignore_then(iff).repeated(),
                    move |a, b| binary(a, BinaryOp::Or, b),
                )
                .boxed();
            // Alloy 6's `p ; q`, below everything else and right associative: `p and after q`.
            or.then(op(just(Tok::Semi)).ignore_then(expr.clone()).or_not())
                .map(|(first, rest)| match rest {
                    None => first,
                    Some(then) => {
                        let after = Expr::new(
                            ExprKind::Unary(
                                UnaryOp::Temporal(TemporalUnaryOp::After),
                                Box::new(then.clone()),
                            ),
                            then.span,
                        );
                        let span = first.span.to(then.span);
                        Expr::new(
                            ExprKind::Binary(BinaryOp::And, Box::new(first), Box::new(after)),
                            span,
                        )
                    }
                })
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
                    var: None,
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
        let temporal_binary = op(select! { Tok::TempBinary(t) => BinaryOp::Temporal(t) });
        // `not` and Alloy 6's unary temporal connectives share one level.
        let not = prefix_op(
            select! {
                Tok::Not => UnaryOp::Not,
                Tok::TempUnary(t) => UnaryOp::Temporal(t),
            }
            .boxed(),
        );
        let prime = op(just(Tok::Prime).to(UnaryOp::Prime));
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
            infix(left(50), and, move |a, op, b, e| bin(op, a, b, e)),
            // Above `and`, below the unary connectives, as in Alloy 6.
            infix(left(55), temporal_binary, move |a, op, b, e| {
                bin(op, a, b, e)
            }),
            prefix(60, not, move |op, a, e| un(op, a, e)),
            infix(left(70), compare, move |a, op, b, e| bin(op, a, b, e)),
            prefix(80, multiplicity, move |op, a, e| un(op, a, e)),
            infix(left(90), shift, move |a, op, b, e| bin(op, a, b, e)),
            infix(left(100), additive, move |a, op, b, e| bin(op, a, b, e)),
            infix(left(110), multiplicative, move |a, op, b, e| {
                bin(op, a, b, e)
            }),
            prefix(120, cardinality, move |op, a, e| un(op, a, e)),
            infix(
                left(130),
                op(just(Tok::PlusPlus).to(BinaryOp::Override)),
                move |a, op, b, e| bin(op, a, b, e),
            ),
            infix(
                left(140),
                op(just(Tok::Amp).to(BinaryOp::Intersect)),
                move |a, op, b, e| bin(op, a, b, e),
            ),
            infix(
                right(150),
                arrow,
                move |a, (m1, m2), b, e: &mut Ex<'_, 'a>| {
                    Expr::new(
                        ExprKind::Arrow(m1, m2, Box::new(a), Box::new(b)),
                        sp(e.span()),
                    )
                },
            ),
            infix(
                left(160),
                op(just(Tok::DomRestrict).to(BinaryOp::DomRestrict)),
                move |a, op, b, e| bin(op, a, b, e),
            ),
            infix(
                left(170),
                op(just(Tok::RanRestrict).to(BinaryOp::RanRestrict)),
                move |a, op, b, e| bin(op, a, b, e),
            ),
            // `[...]` and `.int` apply to the whole join chain on their left, so they bind
            // below `.` (whose right operand is a single primary) and above `:>`.
            postfix(170, box_args, move |a, args, e: &mut Ex<'_, 'a>| {
                Expr::new(ExprKind::Box(Box::new(a), args), sp(e.span()))
            }),
            postfix(170, dot_cast, move |a, op, e| un(op, a, e)),
            postfix(
                170,
                dot_disj,
                move |a, rest: Option<Vec<Expr>>, e: &mut Ex<'_, 'a>| {
                    let mut args = vec![a];
                    args.extend(rest.unwrap_or_default());
                    Expr::new(ExprKind::Disj(args), sp(e.span()))
                },
            ),
            infix(
                left(180),
                op(just(Tok::Dot).to(BinaryOp::Join)),
                move |a, op, b, e| bin(op, a, b, e),
            ),
            prefix(190, closure, move |op, a, e| un(op, a, e)),
            postfix(200, prime, move |a, op, e| un(op, a, e)),
        ))
        .boxed()
    }
}
