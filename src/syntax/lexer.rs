//! Source text to tokens: the `logos` lexer and the Markdown code-block extraction; the
//! tokens then go through Alloy's CompFilter rewrites (`rewrite.rs`).
//!
//! The parser never sees raw text: everything context-sensitive about Alloy's tokens is
//! settled here and in `rewrite.rs`, so that the grammar in `parser/` is context-free.

use logos::{FilterResult, Lexer, Logos};

use crate::diagnostic::{Diagnostic, FileId, Span};

use super::rewrite::rewrite;
use crate::syntax::ast::{Multiplicity, TemporalBinaryOp, TemporalUnaryOp};
// The token types, where the parser has always found them.
pub use super::tokens::{Cmp, Spanned, Tok};

/// What the raw lexer could not accept. The default is an unknown character.
#[derive(Clone, Debug, PartialEq, Default)]
enum RawError {
    #[default]
    UnknownChar,
    UnterminatedComment,
    UnterminatedString,
    EmptyString,
    /// A bad escape, at this byte offset inside the string token.
    BadEscape(usize),
}

/// The raw token kinds. Values (names, numbers, strings) are taken from the slice.
#[derive(Logos, Clone, Copy, Debug, PartialEq)]
#[logos(error = RawError)]
#[logos(skip r"[ \t\r\n\x0C]+")]
#[logos(skip(r"(//|--)[^\n]*", allow_greedy = true))]
enum Raw {
    #[token("/*", block_comment)]
    BlockComment,
    #[regex(r#"[\p{L}_$][\p{L}\p{N}_$"]*"#)]
    Ident,
    // Digits followed by name characters are lexed as one token so that `1_000` and
    // `12abc` can be rejected as a whole, as Alloy does.
    #[regex(r#"[0-9][0-9\p{L}_$"]*"#)]
    Number,
    #[token("\"", string_literal)]
    Str,

    #[token("abstract")]
    Abstract,
    #[token("all")]
    All,
    #[token("as")]
    As,
    #[token("assert")]
    Assert,
    #[token("but")]
    But,
    #[token("check")]
    Check,
    // `disjoint` is the Alloy 4 spelling; Alloy's own test models still use it.
    #[token("disj")]
    #[token("disjoint")]
    Disj,
    #[token("else")]
    Else,
    #[token("enum")]
    Enum,
    #[token("exactly")]
    Exactly,
    #[token("expect")]
    Expect,
    #[token("extends")]
    Extends,
    #[token("fact")]
    Fact,
    #[token("for")]
    For,
    #[token("fun")]
    Fun,
    #[token("iden")]
    Iden,
    #[token("Int")]
    IntSig,
    #[token("int")]
    IntKw,
    #[token("let")]
    Let,
    #[token("lone")]
    Lone,
    #[token("module")]
    Module,
    #[token("no")]
    No,
    #[token("none")]
    NoneKw,
    #[token("one")]
    One,
    #[token("open")]
    Open,
    #[token("pred")]
    Pred,
    #[token("private")]
    Private,
    #[token("run")]
    Run,
    #[token("seq")]
    Seq,
    #[token("set")]
    Set,
    #[token("sig")]
    Sig,
    #[token("some")]
    Some,
    #[token("String")]
    StringSig,
    #[token("sum")]
    Sum,
    #[token("this")]
    This,
    #[token("univ")]
    Univ,
    #[token("in")]
    In,

    #[token("after")]
    After,
    #[token("always")]
    Always,
    #[token("before")]
    Before,
    #[token("eventually")]
    Eventually,
    #[token("historically")]
    Historically,
    #[token("once")]
    Once,
    #[token("releases")]
    Releases,
    #[token("since")]
    Since,
    #[token("steps")]
    Steps,
    #[token("triggered")]
    Triggered,
    #[token("until")]
    Until,
    #[token("var")]
    Var,
    #[token("'")]
    #[token("\u{2018}")]
    #[token("\u{2019}")]
    Prime,
    #[token(";")]
    Semi,

    #[token("!")]
    #[token("not")]
    Not,
    #[token("&&")]
    #[token("and")]
    And,
    #[token("||")]
    #[token("or")]
    Or,
    #[token("=>")]
    #[token("implies")]
    Implies,
    #[token("<=>")]
    #[token("iff")]
    Iff,
    #[token("=")]
    Eq,
    #[token("!=")]
    NotEq,
    #[token("<")]
    Lt,
    #[token(">")]
    Gt,
    #[token("<=")]
    #[token("=<")]
    Le,
    #[token(">=")]
    Ge,
    #[token("<<")]
    Shl,
    #[token(">>")]
    Sha,
    #[token(">>>")]
    Shr,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("++")]
    PlusPlus,
    #[token("&")]
    Amp,
    #[token("#")]
    Hash,
    #[token("~")]
    Tilde,
    #[token("^")]
    Caret,
    #[token("*")]
    Star,
    #[token("->")]
    Arrow,
    #[token("<:")]
    DomRestrict,
    #[token(":>")]
    RanRestrict,
    #[token(".")]
    #[token("::")]
    Dot,
    #[token("..")]
    DotDot,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token(",")]
    Comma,
    #[token(":")]
    Colon,
    #[token("|")]
    Bar,
    #[token("@")]
    At,
    #[token("/")]
    Slash,
}

/// Block comments do not nest: skip to the first `*/`.
fn block_comment(lex: &mut Lexer<'_, Raw>) -> FilterResult<(), RawError> {
    let rest = lex.remainder();
    match rest.find("*/") {
        Some(i) => {
            lex.bump(i + 2);
            FilterResult::Skip
        }
        None => {
            lex.bump(rest.len());
            FilterResult::Error(RawError::UnterminatedComment)
        }
    }
}

/// A string runs to the next unescaped `"` on the same line; only `\\ \n \"` are escapes.
fn string_literal(lex: &mut Lexer<'_, Raw>) -> Result<(), RawError> {
    let rest = lex.remainder().as_bytes();
    let mut bad_escape = None;
    let mut i = 0;
    while i < rest.len() {
        match rest[i] {
            b'"' => {
                lex.bump(i + 1);
                return match bad_escape {
                    Some(at) => Err(RawError::BadEscape(at)),
                    None if i == 0 => Err(RawError::EmptyString),
                    None => Ok(()),
                };
            }
            b'\n' => break,
            b'\\' => {
                match rest.get(i + 1) {
                    Some(b'\\' | b'n' | b'"') => {}
                    _ => {
                        // +1: offset inside the token, which starts at the opening quote.
                        bad_escape.get_or_insert(i + 1);
                    }
                }
                // Step over the backslash; an escaped quote must not end the string.
                i += if matches!(rest.get(i + 1), Some(b'\\' | b'"')) {
                    2
                } else {
                    1
                };
            }
            _ => i += 1,
        }
    }
    lex.bump(i);
    Err(RawError::UnterminatedString)
}

/// The byte ranges of `text` that hold Alloy source: the whole text, or for a Markdown
/// file (one starting with a `---` front-matter line) only the lines of its
/// ```` ```alloy ```` code blocks.
pub fn source_regions(text: &str) -> Vec<(usize, usize)> {
    if !(text.starts_with("---\n") || text.starts_with("---\r\n")) {
        return vec![(0, text.len())];
    }
    #[derive(PartialEq)]
    enum State {
        FrontMatter,
        Text,
        Alloy,
    }
    let mut regions = Vec::new();
    let mut state = State::FrontMatter;
    let mut offset = 0;
    let mut first = true;
    for raw_line in text.split_inclusive('\n') {
        let start = offset;
        offset += raw_line.len();
        let line = raw_line.trim_end_matches(['\n', '\r']);
        if first {
            // The opening `---` of the front matter.
            first = false;
            continue;
        }
        match state {
            State::FrontMatter if line == "---" => state = State::Text,
            State::FrontMatter => {}
            State::Text if line == "```alloy" => state = State::Alloy,
            State::Text => {}
            State::Alloy if line.starts_with("```") => state = State::Text,
            State::Alloy => match regions.last_mut() {
                Some((_, end)) if *end == start => *end = offset,
                _ => regions.push((start, offset)),
            },
        }
    }
    regions
}

/// The largest magnitude a literal may have before the negative-literal merge:
/// `-2147483648` is a legal Java `int`, `2147483648` is not.
const MAX_MAGNITUDE: i64 = 1 << 31;

fn number_value(slice: &str, span: Span) -> Result<i64, Diagnostic> {
    let too_large = || {
        Diagnostic::error(
            span,
            format!("number `{slice}` is too large (numbers must fit in a 32-bit integer)"),
        )
    };
    let bytes = slice.as_bytes();
    if bytes.iter().all(u8::is_ascii_digit) {
        let mut value: i64 = 0;
        for b in bytes {
            value = value * 10 + i64::from(b - b'0');
            if value > MAX_MAGNITUDE {
                return Err(too_large());
            }
        }
        return Ok(value);
    }
    if let Some(hex) = slice.strip_prefix("0x") {
        // Alloy: one or more of `_` or a pair of hex digits.
        let mut value: i64 = 0;
        let mut digits = hex.as_bytes();
        let mut ok = !digits.is_empty();
        while let [first, tail @ ..] = digits {
            if *first == b'_' {
                digits = tail;
                continue;
            }
            match tail {
                [second, rest @ ..] if first.is_ascii_hexdigit() && second.is_ascii_hexdigit() => {
                    let pair = (hex_digit(*first) << 4) | hex_digit(*second);
                    value = (value << 8) | pair;
                    if value > i64::from(i32::MAX) {
                        return Err(too_large());
                    }
                    digits = rest;
                }
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            return Ok(value);
        }
        return Err(Diagnostic::error(
            span,
            format!(
                "`{slice}` is not a valid hexadecimal number: write `0x` and then pairs of hex digits, as in `0x0F`"
            ),
        ));
    }
    if let Some(bin) = slice.strip_prefix("0b")
        && !bin.is_empty()
        && bin.bytes().all(|b| matches!(b, b'0' | b'1' | b'_'))
        && bin.bytes().any(|b| b != b'_')
    {
        let mut value: i64 = 0;
        for b in bin.bytes().filter(|b| *b != b'_') {
            value = (value << 1) | i64::from(b - b'0');
            if value > i64::from(i32::MAX) {
                return Err(too_large());
            }
        }
        return Ok(value);
    }
    if bytes.iter().all(|b| b.is_ascii_digit() || *b == b'_') {
        let plain: String = slice.chars().filter(|c| *c != '_').collect();
        return Err(Diagnostic::error(
            span,
            format!("`{slice}` is not a number: `_` separators are not allowed in numbers"),
        )
        .with_help(format!("write `{plain}`")));
    }
    Err(Diagnostic::error(
        span,
        format!("`{slice}` is not a valid name or number: a name cannot start with a digit"),
    ))
}

fn hex_digit(b: u8) -> i64 {
    i64::from(match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        _ => b - b'A' + 10,
    })
}

fn keyword(raw: Raw) -> Option<Tok<'static>> {
    Some(match raw {
        Raw::Abstract => Tok::Abstract,
        Raw::All => Tok::All,
        Raw::As => Tok::As,
        Raw::Assert => Tok::Assert,
        Raw::But => Tok::But,
        Raw::Check => Tok::Check,
        Raw::Disj => Tok::Disj,
        Raw::Else => Tok::Else,
        Raw::Enum => Tok::Enum,
        Raw::Exactly => Tok::Exactly,
        Raw::Expect => Tok::Expect,
        Raw::Extends => Tok::Extends,
        Raw::Fact => Tok::Fact,
        Raw::For => Tok::For,
        Raw::Fun => Tok::Fun,
        Raw::Iden => Tok::Iden,
        Raw::IntSig => Tok::IntSig,
        Raw::IntKw => Tok::IntKw,
        Raw::Let => Tok::Let,
        Raw::Lone => Tok::Lone,
        Raw::Module => Tok::Module,
        Raw::No => Tok::No,
        Raw::NoneKw => Tok::NoneKw,
        Raw::One => Tok::One,
        Raw::Open => Tok::Open,
        Raw::Pred => Tok::Pred,
        Raw::Private => Tok::Private,
        Raw::Run => Tok::Run,
        Raw::Seq => Tok::Seq,
        Raw::Set => Tok::Set,
        Raw::Sig => Tok::Sig,
        Raw::Some => Tok::Some,
        Raw::StringSig => Tok::StringSig,
        Raw::Sum => Tok::Sum,
        Raw::This => Tok::This,
        Raw::Univ => Tok::Univ,
        Raw::In => Tok::Cmp(Cmp::In),
        Raw::Not => Tok::Not,
        Raw::And => Tok::And,
        Raw::Or => Tok::Or,
        Raw::Implies => Tok::Implies,
        Raw::Iff => Tok::Iff,
        Raw::Eq => Tok::Cmp(Cmp::Eq),
        Raw::NotEq => Tok::NotCmp(Cmp::Eq),
        Raw::Lt => Tok::Cmp(Cmp::Lt),
        Raw::Gt => Tok::Cmp(Cmp::Gt),
        Raw::Le => Tok::Cmp(Cmp::Le),
        Raw::Ge => Tok::Cmp(Cmp::Ge),
        Raw::Shl => Tok::Shl,
        Raw::Sha => Tok::Sha,
        Raw::Shr => Tok::Shr,
        Raw::Plus => Tok::Plus,
        Raw::Minus => Tok::Minus,
        Raw::PlusPlus => Tok::PlusPlus,
        Raw::Amp => Tok::Amp,
        Raw::Hash => Tok::Hash,
        Raw::Tilde => Tok::Tilde,
        Raw::Caret => Tok::Caret,
        Raw::Star => Tok::Star,
        Raw::Arrow => Tok::Arrow(Multiplicity::Set, Multiplicity::Set),
        Raw::DomRestrict => Tok::DomRestrict,
        Raw::RanRestrict => Tok::RanRestrict,
        Raw::Dot => Tok::Dot,
        Raw::DotDot => Tok::DotDot,
        Raw::LBracket => Tok::LBracket,
        Raw::RBracket => Tok::RBracket,
        Raw::LParen => Tok::LParen,
        Raw::RParen => Tok::RParen,
        Raw::LBrace => Tok::LBrace,
        Raw::RBrace => Tok::RBrace,
        Raw::Comma => Tok::Comma,
        Raw::Colon => Tok::Colon,
        Raw::Bar => Tok::Bar,
        Raw::At => Tok::At,
        Raw::Slash => Tok::Slash,
        Raw::After => Tok::TempUnary(TemporalUnaryOp::After),
        Raw::Always => Tok::TempUnary(TemporalUnaryOp::Always),
        Raw::Before => Tok::TempUnary(TemporalUnaryOp::Before),
        Raw::Eventually => Tok::TempUnary(TemporalUnaryOp::Eventually),
        Raw::Historically => Tok::TempUnary(TemporalUnaryOp::Historically),
        Raw::Once => Tok::TempUnary(TemporalUnaryOp::Once),
        Raw::Releases => Tok::TempBinary(TemporalBinaryOp::Releases),
        Raw::Since => Tok::TempBinary(TemporalBinaryOp::Since),
        Raw::Triggered => Tok::TempBinary(TemporalBinaryOp::Triggered),
        Raw::Until => Tok::TempBinary(TemporalBinaryOp::Until),
        Raw::Steps => Tok::Steps,
        Raw::Var => Tok::Var,
        Raw::Prime => Tok::Prime,
        Raw::Semi => Tok::Semi,
        Raw::BlockComment | Raw::Ident | Raw::Number | Raw::Str => return None,
    })
}

/// Lex one region of `text` (a byte range), appending tokens and errors.
fn lex_region<'a>(
    text: &'a str,
    (from, to): (usize, usize),
    file: FileId,
    tokens: &mut Vec<Spanned<'a>>,
    errors: &mut Vec<Diagnostic>,
) {
    let mut lexer = Raw::lexer(&text[from..to]);
    while let Some(result) = lexer.next() {
        let range = lexer.span();
        let (start, end) = (from + range.start, from + range.end);
        let span = Span::new(file, start, end);
        let slice = &text[start..end];
        let tok = match result {
            Ok(Raw::Ident) => Tok::Ident(slice),
            Ok(Raw::Number) => match number_value(slice, span) {
                Ok(n) => Tok::Num(n),
                Err(d) => {
                    errors.push(d);
                    continue;
                }
            },
            Ok(Raw::Str) => Tok::Str(&slice[1..slice.len() - 1]),
            Ok(raw) => match keyword(raw) {
                Some(tok) => tok,
                None => continue,
            },
            Err(e) => {
                errors.push(raw_error(e, slice, span));
                continue;
            }
        };
        tokens.push(Spanned { tok, start, end });
    }
}

fn raw_error(e: RawError, slice: &str, span: Span) -> Diagnostic {
    match e {
        RawError::UnknownChar => {
            let c = slice.chars().next().unwrap_or(' ');
            Diagnostic::error(
                span,
                format!("unexpected character `{c}` (U+{:04X})", u32::from(c)),
            )
        }
        RawError::UnterminatedComment => Diagnostic::error(
            Span {
                end: span.start + 2,
                ..span
            },
            "unterminated block comment: `/*` has no matching `*/`",
        ),
        RawError::UnterminatedString => Diagnostic::error(
            span,
            "unterminated string: a string must end with `\"` on the same line",
        ),
        RawError::EmptyString => Diagnostic::error(span, "empty string literals are not allowed"),
        RawError::BadEscape(at) => {
            let escape_len = 1 + slice[at + 1..].chars().next().map_or(0, char::len_utf8);
            let start = span.start as usize + at;
            Diagnostic::error(
                Span::new(span.file, start, start + escape_len),
                "invalid escape in string: only `\\\\`, `\\n` and `\\\"` are allowed",
            )
        }
    }
}

/// Lex `text` and apply the CompFilter rewrites. Errors are every lexical error found
/// (unknown characters, malformed numbers and strings).
pub fn tokenize(text: &str, file: FileId) -> Result<Vec<Spanned<'_>>, Vec<Diagnostic>> {
    let mut tokens = Vec::new();
    let mut errors = Vec::new();
    for region in source_regions(text) {
        lex_region(text, region, file, &mut tokens, &mut errors);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let tokens = rewrite(tokens);
    // A magnitude of 2^31 is only legal once negated.
    let errors: Vec<Diagnostic> = tokens
        .iter()
        .filter(|t| matches!(t.tok, Tok::Num(n) if n >= MAX_MAGNITUDE))
        .map(|t| {
            Diagnostic::error(
                Span::new(file, t.start, t.end),
                format!(
                    "number `{}` is too large (numbers must fit in a 32-bit integer)",
                    &text[t.start..t.end]
                ),
            )
        })
        .collect();
    if errors.is_empty() {
        Ok(tokens)
    } else {
        Err(errors)
    }
}

/// Net count of unclosed `( [ {`, ignoring comments and strings, for REPL line
/// continuation; also true when a block comment is unterminated.
pub fn needs_more_input(text: &str) -> bool {
    let mut depth: i64 = 0;
    for region in source_regions(text) {
        for result in Raw::lexer(&text[region.0..region.1]) {
            match result {
                Ok(Raw::LParen | Raw::LBracket | Raw::LBrace) => depth += 1,
                Ok(Raw::RParen | Raw::RBracket | Raw::RBrace) => depth -= 1,
                Err(RawError::UnterminatedComment) => return true,
                _ => {}
            }
        }
    }
    depth > 0
}
