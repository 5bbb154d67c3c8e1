//! Reading histories: the history view's notation, JSON, and Jepsen/Elle EDN lines.
//!
//! # The notation (what the history view prints)
//!
//! ```text
//! -- comments start with --, // or #
//! T0: w(x,0) w(y,0)          optional: the initial values (0 for objects it omits)
//! session 1: T1 → T2         session order (ASCII -> too); unlisted transactions
//!   T1: r(x,0) w(x,1)          are sessions of their own
//!   T2: r(y,0) w(y,1)
//! [T3: r(x,1)] [T4: r(y,1)]  brackets: several transactions on a line, a session each
//! co: T0 < T1 < T2           witness and legend lines of the view are ignored
//! order x: T1 < T2           a version order the history records (list-append reads)
//! ```
//!
//! A transaction's operations are `r(OBJ,VALUE)` and `w(OBJ,VALUE)` in program order;
//! names are letters, digits, `_`, `'` and `$`, values any such word or number.
//!
//! # JSON
//!
//! ```json
//! {"initial": {"x": 0},
//!  "sessions": [[{"name": "T1", "ops": [["r", "x", 0], ["w", "x", 1]]}],
//!               [{"name": "T2", "ops": [{"f": "r", "key": "x", "value": 1}]}]]}
//! ```
//!
//! `initial` is optional (every object starts at 0), a transaction's `name` too (T1, T2,
//! … in order). An operation is `[f, key, value]` or an object with those three fields;
//! keys and values are strings or numbers.
//!
//! # Elle / Jepsen
//!
//! One map per line, as Jepsen writes `history.edn`: `{:type :ok, :f :txn, :value
//! [[:r :x 1] [:w :y 2]], :process 0}` (the read-write register workload) or `{… :value
//! [[:append :x 3] [:r :y [1 2]]] …}` (list-append, Elle's main workload: a key is a
//! register or a list, not both). Completed (`:ok`) transactions are the history; a
//! process is a session, in the order its transactions completed. `:invoke` lines are
//! skipped; `:fail` lines (aborted transactions) are left out, as Elle does, and a
//! committed read of a value only they wrote is an aborted read (G1a), which fails every
//! level. An `:info` transaction may or may not have committed, and what it read is
//! unknown: it is kept, with its writes only, when a committed transaction read one of
//! them, and left out otherwise (committed, it could come last in every order), so that
//! a level holds when it holds for some outcome. Objects start at `nil`; a read of
//! `nil` (or of `[]`) reads the initial value. An append writes a version of its key
//! and a list read reads its last element's; the lists also fix each key's version
//! order, as Elle infers it: every read must be a prefix of the longest, whose elements'
//! appenders, in order, are recorded (`order x: T1 < T2` in the notation) and contained
//! in every level's witness (`edn.rs`).

use std::collections::BTreeSet;

use crate::diagnostic::{Diagnostic, Errors, FileId, Span};

use super::builder::{Builder, error_at};
use super::history::{History, Op, OpKind, Txn};

/// Which input format a history file is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Notation,
    Json,
    Edn,
}

impl Format {
    /// By extension (`.json`, `.edn`), else by the first character.
    pub fn detect(path: Option<&std::path::Path>, text: &str) -> Format {
        match path.and_then(|p| p.extension()).and_then(|e| e.to_str()) {
            Some("json") => return Format::Json,
            Some("edn") => return Format::Edn,
            _ => {}
        }
        let start = text.trim_start();
        if start.starts_with("{:") {
            Format::Edn
        } else if start.starts_with('{') {
            Format::Json
        } else {
            Format::Notation
        }
    }
}

/// Parse `text` (from `file`) in `format` and check that every read has one writer.
pub fn parse_history(file: FileId, text: &str, format: Format) -> Result<History, Errors> {
    let h = match format {
        Format::Notation => parse_notation(file, text)?,
        Format::Json => parse_json(file, text)?,
        Format::Edn => super::edn::parse_edn(file, text)?,
    };
    // A database's history (EDN) may hold reads of values nobody wrote: its fault, to
    // report as a verdict; a written-out one more likely holds a typo, to point at.
    let mut h = h;
    h.set_aside_forbidden_reads(format == Format::Edn);
    h.validate()?;
    Ok(h)
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '\'' | '$' | '-' | '.')
}

/// A cursor over one line, with byte offsets into the whole text for spans.
struct Line<'a> {
    file: FileId,
    text: &'a str,
    base: usize,
    pos: usize,
}

impl Line<'_> {
    fn skip_space(&mut self) {
        while let Some(c) = self.text[self.pos..].chars().next() {
            if c.is_whitespace() {
                self.pos += c.len_utf8();
            } else {
                break;
            }
        }
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, self.base + start, self.base + end)
    }

    fn at_end(&mut self) -> bool {
        self.skip_space();
        self.pos >= self.text.len()
    }

    fn eat(&mut self, s: &str) -> bool {
        self.skip_space();
        if self.text[self.pos..].starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    /// A name or a value (`-1` included); `None` if none starts here. A name may carry
    /// bracketed keys, as `solder programs` names a record's field:
    /// `Saving[custid=Cust$1].bal`.
    fn word(&mut self) -> Option<(String, Span)> {
        self.skip_space();
        let start = self.pos;
        let rest = &self.text[start..];
        let mut len = 0;
        while let Some(c) = rest[len..].chars().next() {
            if is_name_char(c) && !(c == '-' && rest[len..].starts_with("->")) {
                len += c.len_utf8();
            } else if c == '[' && len > 0 {
                match keys_len(&rest[len..]) {
                    Some(n) => len += n,
                    None => break,
                }
            } else {
                break;
            }
        }
        if len == 0 {
            return None;
        }
        self.pos += len;
        Some((rest[..len].to_string(), self.span(start, start + len)))
    }

    fn rest_span(&self) -> Span {
        self.span(
            self.pos,
            self.text.len().max(self.pos + 1).min(self.text.len()),
        )
    }
}

/// The length of `[k=v,…]` at the start of `s` (keys and values are names), if it is one.
fn keys_len(s: &str) -> Option<usize> {
    let close = s.find(']')?;
    let inner = &s[1..close];
    let is_key = |c: char| is_name_char(c) || matches!(c, '=' | ',');
    (!inner.is_empty() && inner.chars().all(is_key)).then_some(close + 1)
}

/// The index of the `]` that closes a `[` just before `s`, skipping bracketed keys.
fn closing_bracket(s: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in s.char_indices() {
        match c {
            '[' => depth += 1,
            ']' if depth == 0 => return Some(i),
            ']' => depth -= 1,
            _ => {}
        }
    }
    None
}

fn strip_comment(line: &str) -> &str {
    let mut end = line.len();
    for marker in ["--", "//", "#"] {
        if let Some(i) = line.find(marker) {
            end = end.min(i);
        }
    }
    &line[..end]
}

/// The history view's notation (see the module doc).
pub fn parse_notation(file: FileId, text: &str) -> Result<History, Errors> {
    let mut b = Builder {
        default_initial: "0".into(),
        ..Builder::default()
    };
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let base = offset;
        offset += raw.len();
        let body = strip_comment(raw.trim_end_matches(['\n', '\r']));
        if body.trim().is_empty() {
            continue;
        }
        let mut line = Line {
            file,
            text: body,
            base,
            pos: 0,
        };
        if body.trim_start().starts_with('[') {
            // [T1: r(x,0)] [T2: w(x,1)]: a session per bracket
            while line.eat("[") {
                let start = line.pos;
                let Some(close) = closing_bracket(&body[start..]) else {
                    b.errors
                        .push(Diagnostic::error(line.rest_span(), "this `[` has no `]`"));
                    break;
                };
                let mut inner = Line {
                    file,
                    text: &body[..start + close],
                    base,
                    pos: start,
                };
                if let Some(name) = transaction_line(&mut b, &mut inner) {
                    b.sessions.push(vec![name]);
                }
                line.pos = start + close + 1;
            }
            if !line.at_end() {
                b.errors.push(Diagnostic::error(
                    line.rest_span(),
                    "expected `[` and a transaction, or the end of the line",
                ));
            }
            continue;
        }
        let save = line.pos;
        if let Some((word, _)) = line.word()
            && word == "session"
        {
            // `session 1: T1 → T2`: the label before the colon is free text
            let Some(colon) = body[line.pos..].find(':') else {
                b.errors.push(Diagnostic::error(
                    line.rest_span(),
                    "expected `:` after the session's label",
                ));
                continue;
            };
            line.pos += colon + 1;
            let session = name_list(
                &mut b,
                &mut line,
                &["→", "->"],
                "expected `→` (or `->`) between the transactions of a session",
            );
            b.sessions.push(session);
            continue;
        }
        line.pos = save;
        if let Some((word, _)) = line.word()
            && word == "order"
            && !body[line.pos..].trim_start().starts_with(':')
        {
            // `order x: T1 < T2 < T3`: the version order of x the history records
            let Some((object, _)) = line.word() else {
                b.errors.push(Diagnostic::error(
                    line.rest_span(),
                    "expected an object name",
                ));
                continue;
            };
            if !line.eat(":") {
                b.errors.push(Diagnostic::error(
                    line.rest_span(),
                    "expected `:` after the object of an order",
                ));
                continue;
            }
            let x = b.object(&object);
            let chain = name_list(
                &mut b,
                &mut line,
                &["<"],
                "expected `<` between the writers of an order",
            );
            b.version_orders.push((x, chain));
            continue;
        }
        line.pos = save;
        transaction_line(&mut b, &mut line);
    }
    b.finish()
}

/// Transaction names separated by one of `separators`, to the end of the line; an
/// error (with `between`) where that breaks off.
fn name_list(
    b: &mut Builder,
    line: &mut Line,
    separators: &[&str],
    between: &str,
) -> Vec<super::builder::Named> {
    let mut names = Vec::new();
    loop {
        let Some((name, span)) = line.word() else {
            b.errors.push(Diagnostic::error(
                line.rest_span(),
                "expected a transaction name",
            ));
            break;
        };
        names.push((name, Some(span)));
        if line.at_end() {
            break;
        }
        if !separators.iter().any(|s| line.eat(s)) {
            b.errors
                .push(Diagnostic::error(line.rest_span(), between.to_string()));
            break;
        }
    }
    names
}

/// `NAME: op op …` (the T0 line gives initial values). Witness lines of the history
/// view (`co: T0 < T1`, `vis: T0 → T1`, `legend: …`) are skipped. Returns the name of a
/// transaction it defined, with its span.
fn transaction_line(b: &mut Builder, line: &mut Line) -> Option<(String, Option<Span>)> {
    let Some((name, name_span)) = line.word() else {
        b.errors.push(Diagnostic::error(
            line.rest_span(),
            "expected a transaction name, `session`, or `[`",
        ));
        return None;
    };
    if !line.eat(":") {
        b.errors.push(Diagnostic::error(
            line.rest_span(),
            format!("expected `:` after {name}"),
        ));
        return None;
    }
    let rest = &line.text[line.pos..];
    let witness = !rest.contains('(')
        && (rest.contains('<')
            || rest.contains('→')
            || rest.contains("->")
            || rest.contains("(empty)"));
    if name == "legend" || witness {
        return None;
    }
    let mut ops = Vec::new();
    // The history view's spelling of an empty transaction.
    if rest.trim() == "(no reads or writes)" {
        line.pos = line.text.len();
    }
    while !line.at_end() {
        let start = line.pos;
        let kind = match line.word() {
            Some((k, _)) if k == "r" || k == "R" => OpKind::Read,
            Some((k, _)) if k == "w" || k == "W" => OpKind::Write,
            _ => {
                b.errors.push(Diagnostic::error(
                    line.span(start, line.pos.max(start + 1).min(line.text.len())),
                    "expected an operation `r(OBJ,VALUE)` or `w(OBJ,VALUE)`",
                ));
                return None;
            }
        };
        let parsed = (|| {
            if !line.eat("(") {
                return None;
            }
            let (obj, _) = line.word()?;
            if !line.eat(",") {
                return None;
            }
            let (value, _) = line.word()?;
            if !line.eat(")") {
                return None;
            }
            Some((obj, value))
        })();
        let span = line.span(start, line.pos);
        let Some((obj, value)) = parsed else {
            b.errors.push(Diagnostic::error(
                span,
                "expected an operation `r(OBJ,VALUE)` or `w(OBJ,VALUE)`",
            ));
            return None;
        };
        let obj = b.object(&obj);
        ops.push(Op {
            kind,
            obj,
            value,
            span: Some(span),
        });
    }
    if name == "T0" {
        for op in ops {
            if op.kind == OpKind::Read {
                b.errors.push(error_at(
                    op.span,
                    "T0 writes the initial values; it reads nothing".into(),
                ));
            } else {
                b.initial.insert(op.obj, op.value);
            }
        }
        return None;
    }
    b.add_txn(Txn {
        name: name.clone(),
        ops,
        span: Some(name_span),
    });
    Some((name, Some(name_span)))
}

/// A JSON scalar as a name: strings as they are, numbers in JSON's own spelling.
fn scalar(v: &serde_json::Value) -> Option<String> {
    match v {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Number(n) => Some(n.to_string()),
        serde_json::Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// The JSON schema of the module doc.
/// A transaction's span and its operations' spans.
type Located = (Span, Vec<Span>);

/// Where each transaction and each operation of a JSON history is in its text.
/// serde_json's values carry no positions, but raw values borrowed from the text are
/// slices of it. `None` where the shape is not the expected one (the reading reports
/// that).
fn locate_json(file: FileId, text: &str) -> Option<Vec<Vec<Located>>> {
    use serde_json::value::RawValue;
    #[derive(serde::Deserialize)]
    struct Sessions<'a> {
        #[serde(borrow)]
        sessions: Vec<Vec<&'a RawValue>>,
    }
    #[derive(serde::Deserialize)]
    struct Ops<'a> {
        #[serde(borrow, default)]
        ops: Vec<&'a RawValue>,
    }
    let span_of = |raw: &RawValue| {
        let start = (raw.get().as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
        (start + raw.get().len() <= text.len())
            .then(|| Span::new(file, start, start + raw.get().len()))
    };
    let sessions: Sessions = serde_json::from_str(text).ok()?;
    sessions
        .sessions
        .iter()
        .map(|s| {
            s.iter()
                .map(|t| {
                    let ops: Ops = serde_json::from_str(t.get()).unwrap_or(Ops { ops: Vec::new() });
                    // `t.get()` is a slice of `text`, so its ops' raw values are too.
                    Some((
                        span_of(t)?,
                        ops.ops
                            .iter()
                            .map(|o| span_of(o))
                            .collect::<Option<Vec<_>>>()?,
                    ))
                })
                .collect()
        })
        .collect()
}

/// Where a serde_json error is: it reports a line and a column, a span is bytes.
pub(super) fn json_error_span(file: FileId, text: &str, e: &serde_json::Error) -> Span {
    let offset = text
        .split_inclusive('\n')
        .take(e.line().saturating_sub(1))
        .map(str::len)
        .sum::<usize>()
        + e.column().saturating_sub(1);
    let at = offset.min(text.len());
    Span::new(file, at, (at + 1).min(text.len()))
}

pub fn parse_json(file: FileId, text: &str) -> Result<History, Errors> {
    let whole = Span::new(file, 0, text.len().min(1));
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        Errors::from(Diagnostic::error(
            json_error_span(file, text, &e),
            format!("not valid JSON: {e}"),
        ))
    })?;
    let fail = |msg: String| Errors::from(Diagnostic::error(whole, msg));
    let located = locate_json(file, text);
    let txn_span = |si: usize, ti: usize| Some(located.as_ref()?.get(si)?.get(ti)?.0);
    let op_span =
        |si: usize, ti: usize, oi: usize| located.as_ref()?.get(si)?.get(ti)?.1.get(oi).copied();
    let mut b = Builder {
        default_initial: "0".into(),
        ..Builder::default()
    };
    if let Some(init) = value.get("initial") {
        let map = init
            .as_object()
            .ok_or_else(|| fail("`initial` must map objects to values".into()))?;
        for (k, v) in map {
            let v = scalar(v)
                .ok_or_else(|| fail(format!("`initial.{k}` must be a string or a number")))?;
            let x = b.object(k);
            b.initial.insert(x, v);
        }
    }
    let sessions = value
        .get("sessions")
        .and_then(|s| s.as_array())
        .ok_or_else(|| fail("expected an object with `sessions`: an array of sessions, each an array of transactions".into()))?;
    let mut count = 0;
    let mut names = BTreeSet::new();
    for (si, s) in sessions.iter().enumerate() {
        let txns = s
            .as_array()
            .ok_or_else(|| fail(format!("sessions[{si}] must be an array of transactions")))?;
        let mut session = Vec::new();
        for (ti, t) in txns.iter().enumerate() {
            count += 1;
            let at = format!("sessions[{si}][{ti}]");
            let name = match t.get("name") {
                Some(n) => scalar(n).ok_or_else(|| fail(format!("{at}.name must be a string")))?,
                None => format!("T{count}"),
            };
            if !names.insert(name.clone()) {
                return Err(fail(format!("{at}: transaction {name} is named twice")));
            }
            let ops_json = t
                .get("ops")
                .and_then(|o| o.as_array())
                .ok_or_else(|| fail(format!("{at} must have `ops`: an array of operations")))?;
            let mut ops = Vec::new();
            for (oi, o) in ops_json.iter().enumerate() {
                let here = format!("{at}.ops[{oi}]");
                let (f, k, v) = match o {
                    serde_json::Value::Array(parts) if parts.len() == 3 => {
                        (&parts[0], &parts[1], &parts[2])
                    }
                    serde_json::Value::Object(m) => {
                        match (m.get("f"), m.get("key"), m.get("value")) {
                            (Some(f), Some(k), Some(v)) => (f, k, v),
                            _ => {
                                return Err(fail(format!(
                                    "{here} must have `f`, `key` and `value`"
                                )));
                            }
                        }
                    }
                    _ => {
                        return Err(fail(format!(
                            "{here} must be [f, key, value] or an object with those fields"
                        )));
                    }
                };
                let kind = match f.as_str() {
                    Some("r" | "read") => OpKind::Read,
                    Some("w" | "write") => OpKind::Write,
                    _ => return Err(fail(format!("{here}: the operation is \"r\" or \"w\""))),
                };
                let key = scalar(k)
                    .ok_or_else(|| fail(format!("{here}: the key must be a string or a number")))?;
                let value = scalar(v).ok_or_else(|| {
                    fail(format!("{here}: the value must be a string or a number"))
                })?;
                let obj = b.object(&key);
                ops.push(Op {
                    kind,
                    obj,
                    value,
                    span: op_span(si, ti, oi),
                });
            }
            b.add_txn(Txn {
                name: name.clone(),
                ops,
                span: txn_span(si, ti),
            });
            session.push((name, txn_span(si, ti)));
        }
        b.sessions.push(session);
    }
    b.finish()
}

/// Read a history file (`-` is standard input) into `sources`, so that diagnostics can
/// point into it, and parse it in `format` (by default detected).
pub fn load_history(
    sources: &mut crate::diagnostic::SourceMap,
    path: &std::path::Path,
    format: Option<Format>,
) -> Result<History, Errors> {
    // As for models: a byte-order mark is dropped, an invalid byte located.
    let text = if path.as_os_str() == "-" {
        crate::diagnostic::read_stdin_source("the history")
    } else {
        crate::diagnostic::read_source(path)
    }
    .map_err(|message| Errors::from(Diagnostic::global(message)))?;
    let format = format.unwrap_or_else(|| Format::detect(Some(path), &text));
    let file = sources.add(
        path.display().to_string(),
        Some(path.to_path_buf()),
        text.clone(),
    );
    parse_history(file, &text, format)
}
