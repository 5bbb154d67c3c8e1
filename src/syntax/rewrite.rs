//! Alloy's CompFilter token rewrites: labelled commands, negated comparisons,
//! multiplicity arrows, quantifier vs. prefix multiplicity, negative literals. Everything
//! context-sensitive about Alloy's tokens is settled here, so that the grammar is
//! context-free.

use crate::syntax::ast::{Multiplicity, Quantifier};

use super::tokens::{Cmp, Spanned, Tok};

fn arrow_mult(tok: Tok<'_>) -> Option<Multiplicity> {
    match tok {
        Tok::Some => Some(Multiplicity::Some),
        Tok::One => Some(Multiplicity::One),
        Tok::Lone => Some(Multiplicity::Lone),
        Tok::Set => Some(Multiplicity::Set),
        _ => None,
    }
}

/// Alloy's CompFilter: rewrite the token stream so that the grammar is context-free.
pub fn rewrite(tokens: Vec<Spanned<'_>>) -> Vec<Spanned<'_>> {
    let merged = merge_compound_tokens(&tokens);
    let quantified = mark_quantifiers(merged);
    merge_negative_literals(quantified)
}

/// `fun/x`, `pred/x`, `!`+comparison, multiplicity arrows and command labels.
fn merge_compound_tokens<'a>(tokens: &[Spanned<'a>]) -> Vec<Spanned<'a>> {
    let mut out: Vec<Spanned<'a>> = Vec::with_capacity(tokens.len());
    let tok_at = |i: usize| tokens.get(i).map(|t| t.tok);
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i];
        let mut emit = |tok, last: usize| {
            out.push(Spanned {
                tok,
                start: t.start,
                end: tokens[last].end,
            });
            last + 1
        };
        i = match (t.tok, tok_at(i + 1), tok_at(i + 2)) {
            (Tok::Fun, Some(Tok::Slash), Some(Tok::Ident(x))) => emit(Tok::FunName(x), i + 2),
            (Tok::Pred, Some(Tok::Slash), Some(Tok::Ident(x))) => emit(Tok::PredName(x), i + 2),
            (Tok::Not, Some(Tok::Cmp(c)), _) => emit(Tok::NotCmp(c), i + 1),
            // `!=<` is `!` `=<` (the longest match took `!=`), as Alloy reads it.
            (Tok::NotCmp(Cmp::Eq), Some(Tok::Cmp(Cmp::Lt)), _) if tokens[i + 1].start == t.end => {
                emit(Tok::NotCmp(Cmp::Le), i + 1)
            }
            (Tok::Ident(x), Some(Tok::Colon), Some(Tok::Run | Tok::Check)) => {
                // The label keeps the name's span; the colon is dropped.
                emit(Tok::Label(x), i);
                i + 2
            }
            (left, Some(Tok::Arrow(Multiplicity::Set, Multiplicity::Set)), right)
                if arrow_mult(left).is_some() =>
            {
                let m1 = arrow_mult(left).unwrap_or(Multiplicity::Set);
                match right.and_then(arrow_mult) {
                    Some(m2) => emit(Tok::Arrow(m1, m2), i + 2),
                    None => emit(Tok::Arrow(m1, Multiplicity::Set), i + 1),
                }
            }
            (Tok::Arrow(Multiplicity::Set, Multiplicity::Set), Some(right), _)
                if arrow_mult(right).is_some() =>
            {
                let m2 = arrow_mult(right).unwrap_or(Multiplicity::Set);
                emit(Tok::Arrow(Multiplicity::Set, m2), i + 1)
            }
            (tok, _, _) => emit(tok, i),
        };
    }
    out
}

/// `all no some lone one sum` is a quantifier iff the previous token is not `:` or
/// `disj` and it is followed by `[private] [disj] ID (, ID)* :`.
fn mark_quantifiers(mut tokens: Vec<Spanned<'_>>) -> Vec<Spanned<'_>> {
    for i in 0..tokens.len() {
        let quantifier = match tokens[i].tok {
            Tok::All => Quantifier::All,
            Tok::No => Quantifier::No,
            Tok::Some => Quantifier::Some,
            Tok::Lone => Quantifier::Lone,
            Tok::One => Quantifier::One,
            Tok::Sum => Quantifier::Sum,
            _ => continue,
        };
        let after_colon_or_disj = i > 0 && matches!(tokens[i - 1].tok, Tok::Colon | Tok::Disj);
        if !after_colon_or_disj && starts_decl(&tokens[i + 1..]) {
            tokens[i].tok = Tok::Quant(quantifier);
        }
    }
    tokens
}

/// Does the token stream start with `[private] [disj] ID (, ID)* :`?
fn starts_decl(tokens: &[Spanned<'_>]) -> bool {
    let mut rest = tokens;
    if let [
        Spanned {
            tok: Tok::Private, ..
        },
        tail @ ..,
    ] = rest
    {
        rest = tail;
    }
    if let [Spanned { tok: Tok::Disj, .. }, tail @ ..] = rest {
        rest = tail;
    }
    loop {
        match rest {
            [
                Spanned {
                    tok: Tok::Ident(_), ..
                },
                Spanned {
                    tok: Tok::Colon, ..
                },
                ..,
            ] => return true,
            [
                Spanned {
                    tok: Tok::Ident(_), ..
                },
                Spanned {
                    tok: Tok::Comma, ..
                },
                tail @ ..,
            ] => rest = tail,
            _ => return false,
        }
    }
}

/// `-` followed by a number becomes a negative literal, unless the `-` can only be a
/// binary operator because of the token before it.
fn merge_negative_literals(tokens: Vec<Spanned<'_>>) -> Vec<Spanned<'_>> {
    let mut out: Vec<Spanned<'_>> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i];
        if let (
            Tok::Minus,
            Some(Spanned {
                tok: Tok::Num(n),
                end,
                ..
            }),
        ) = (t.tok, tokens.get(i + 1))
        {
            let binary = out.last().is_some_and(|prev| ends_operand(prev.tok));
            if !binary {
                out.push(Spanned {
                    tok: Tok::Num(-n),
                    start: t.start,
                    end: *end,
                });
                i += 2;
                continue;
            }
        }
        out.push(t);
        i += 1;
    }
    out
}

/// Tokens after which `-` is subtraction (set difference), per CompFilter.
fn ends_operand(tok: Tok<'_>) -> bool {
    match tok {
        Tok::RParen
        | Tok::RBracket
        | Tok::RBrace
        | Tok::Disj
        | Tok::IntKw
        | Tok::Sum
        | Tok::Ident(_)
        | Tok::Num(_)
        | Tok::Str(_)
        | Tok::Iden
        | Tok::This
        | Tok::Univ
        | Tok::IntSig
        | Tok::NoneKw
        | Tok::Prime => true,
        Tok::FunName(name) => matches!(name, "min" | "max" | "next"),
        _ => false,
    }
}
