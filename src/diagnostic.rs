//! Diagnostics: every user-facing error or warning, with the source span it points at.
//!
//! Stages produce [`Diagnostic`] values; only [`SourceMap::render`] turns them into text
//! (with `ariadne`), so library callers and tests can inspect messages and spans directly.

use std::fmt;
use std::path::PathBuf;

/// Index of a source text in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// A byte range in one source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span {
            file,
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both (they must be in the same file).
    pub fn to(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn range(&self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// When diagnostics use colour: `--color`, else `NO_COLOR`, else whether the stream is a
/// terminal. Process-wide: set once from the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

static COLOR_CHOICE: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

pub fn set_color_choice(choice: ColorChoice) {
    let v = match choice {
        ColorChoice::Auto => 0,
        ColorChoice::Always => 1,
        ColorChoice::Never => 2,
    };
    COLOR_CHOICE.store(v, std::sync::atomic::Ordering::Relaxed);
}

/// Colour for a stream that is (or is not) a terminal, under the user's choice and
/// `NO_COLOR` (<https://no-color.org>: any non-empty value turns colour off).
pub fn use_color(is_terminal: bool) -> bool {
    match COLOR_CHOICE.load(std::sync::atomic::Ordering::Relaxed) {
        1 => true,
        2 => false,
        _ => is_terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    /// Information pointing at the source, e.g. the members of an unsat core.
    Note,
}

/// A secondary location with its own message ("previously defined here").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub span: Span,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    /// Where the problem is; `None` only for errors that have no source (a missing root file).
    pub span: Option<Span>,
    /// Text shown under the primary span.
    pub label: Option<String>,
    pub notes: Vec<Note>,
    /// A suggestion such as "did you mean `Node`?".
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span: Some(span),
            label: None,
            notes: Vec::new(),
            help: None,
        }
    }

    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message)
        }
    }

    pub fn note(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Note,
            ..Diagnostic::error(span, message)
        }
    }

    /// An error that has no place in any source text.
    pub fn global(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span: None,
            label: None,
            notes: Vec::new(),
            help: None,
        }
    }

    /// This diagnostic without its spans, for a caller that does not have the sources
    /// they point into: `context` (what was being done) goes before the message, and
    /// the snippet the span would have shown after it.
    pub fn detached(&self, sources: &SourceMap, context: &str) -> Diagnostic {
        let mut message = format!("{context}: {}", self.message);
        if let Some(span) = self
            .span
            .filter(|s| (s.file.0 as usize) < sources.files.len())
        {
            let snippet = sources.snippet(span).trim();
            if !snippet.is_empty() && snippet.chars().count() <= 80 {
                message.push_str(&format!(" (at `{snippet}`)"));
            }
        }
        Diagnostic {
            severity: self.severity,
            message,
            span: None,
            label: None,
            notes: Vec::new(),
            help: self.help.clone(),
        }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    pub fn with_note(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.notes.push(Note {
            span,
            message: message.into(),
        });
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// One or more diagnostics, at least one of them an error: the `Err` of every stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Errors(pub Vec<Diagnostic>);

impl From<Diagnostic> for Errors {
    fn from(d: Diagnostic) -> Errors {
        Errors(vec![d])
    }
}

impl fmt::Display for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

pub type Result<T> = std::result::Result<T, Errors>;

/// A loaded source text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// Shown in diagnostics: a path, `<stdlib>/util/ordering.als`, or `<repl:3>`.
    pub name: String,
    /// Real location on disk, if any (used to resolve relative `open`s).
    pub path: Option<PathBuf>,
    pub text: String,
}

/// Every source text the session has seen, so that spans can be rendered.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
    /// Bundled texts (the standard library) by name: added once per map, so that a
    /// session that checks its model again and again keeps their ids, and their parses
    /// can be reused (`check::loader`).
    bundled: std::collections::HashMap<String, FileId>,
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    pub fn add(
        &mut self,
        name: impl Into<String>,
        path: Option<PathBuf>,
        text: impl Into<String>,
    ) -> FileId {
        self.files.push(SourceFile {
            name: name.into(),
            path,
            text: text.into(),
        });
        FileId(self.files.len() as u32 - 1)
    }

    /// A bundled text (`name` and `text` fixed for the process): the id it was given
    /// before in this map, or a new one.
    pub fn add_bundled(&mut self, name: String, text: &'static str) -> FileId {
        if let Some(id) = self.bundled.get(&name) {
            return *id;
        }
        let id = self.add(name.clone(), None, text);
        self.bundled.insert(name, id);
        id
    }

    /// How many texts the map holds.
    pub fn file_count(&self) -> usize {
        self.files.len()
    }

    /// Was `id` added by [`SourceMap::add_bundled`]?
    pub fn is_bundled(&self, id: FileId) -> bool {
        self.bundled.get(self.get(id).name.as_str()) == Some(&id)
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn text(&self, id: FileId) -> &str {
        &self.get(id).text
    }

    /// The source text under a span.
    pub fn snippet(&self, span: Span) -> &str {
        self.text(span.file).get(span.range()).unwrap_or("")
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, file: FileId, offset: u32) -> (usize, usize) {
        let text = self.text(file);
        let offset = (offset as usize).min(text.len());
        let before = &text[..floor_char_boundary(text, offset)];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }

    /// Render diagnostics with ariadne. `color` is for terminals. At most [`MAX_SHOWN`]
    /// are shown, with a count of the rest: a mistake repeated thousands of times on one
    /// line must not print hundreds of megabytes.
    pub fn render(&self, diagnostics: &[Diagnostic], color: bool) -> String {
        let mut out = Vec::new();
        for d in diagnostics.iter().take(MAX_SHOWN) {
            self.render_one(d, color, &mut out);
        }
        let rest = &diagnostics[diagnostics.len().min(MAX_SHOWN)..];
        if !rest.is_empty() {
            let errors = rest.iter().filter(|d| d.is_error()).count();
            let notes = rest.iter().filter(|d| d.severity == Severity::Note).count();
            let warnings = rest.len() - errors - notes;
            let mut parts = Vec::new();
            if errors > 0 {
                parts.push(format!(
                    "{errors} more error{}",
                    if errors == 1 { "" } else { "s" }
                ));
            }
            if warnings > 0 {
                parts.push(format!(
                    "{warnings} more warning{}",
                    if warnings == 1 { "" } else { "s" }
                ));
            }
            if notes > 0 {
                parts.push(format!(
                    "{notes} more note{}",
                    if notes == 1 { "" } else { "s" }
                ));
            }
            out.extend_from_slice(format!("… and {} not shown\n", parts.join(" and ")).as_bytes());
        }
        String::from_utf8_lossy(&out).into_owned()
    }

    /// Does a span touch a line too long to print whole?
    fn on_long_line(&self, span: Span) -> bool {
        let text = self.text(span.file);
        let start = floor_char_boundary(text, (span.start as usize).min(text.len()));
        let end = floor_char_boundary(text, (span.end as usize).min(text.len())).max(start);
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
        text[line_start..line_end].chars().count() > LONG_LINE
    }

    /// A diagnostic on a very long line, without ariadne (which prints whole lines): the
    /// location, and a window of the line around the span.
    fn render_windowed(&self, d: &Diagnostic, span: Span, out: &mut Vec<u8>) {
        let prefix = match d.severity {
            Severity::Error => "Error",
            Severity::Warning => "Warning",
            Severity::Note => "Note",
        };
        let mut text = format!("{prefix}: {}\n", d.message);
        let excerpt = |s: Span, label: &str| {
            let src = self.text(s.file);
            let (line, col) = self.line_col(s.file, s.start);
            let start = floor_char_boundary(src, (s.start as usize).min(src.len()));
            let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
            let line_end = src[start..].find('\n').map_or(src.len(), |i| start + i);
            let chars: Vec<char> = src[line_start..line_end].chars().collect();
            let at = col - 1;
            let width = self.snippet(s).chars().count().clamp(1, WINDOW_AFTER);
            let from = at.saturating_sub(WINDOW_BEFORE);
            let to = (at + width + WINDOW_AFTER).min(chars.len());
            let lead = if from > 0 { "…" } else { "" };
            let tail = if to < chars.len() { "…" } else { "" };
            let window: String = chars[from..to].iter().collect();
            let pad = " ".repeat(lead.chars().count() + at - from);
            let gutter = " ".repeat(line.to_string().len());
            format!(
                "{gutter}--> {}:{line}:{col}\n{gutter} |\n{line} | {lead}{window}{tail}\n{gutter} | {pad}{} {label}\n",
                self.get(s.file).name,
                "^".repeat(width)
            )
        };
        text.push_str(&excerpt(span, d.label.as_deref().unwrap_or("here")));
        for n in &d.notes {
            text.push_str(&excerpt(n.span, &n.message));
        }
        if let Some(h) = &d.help {
            text.push_str(&format!("  help: {h}\n"));
        }
        out.extend_from_slice(text.as_bytes());
    }

    fn render_one(&self, d: &Diagnostic, color: bool, out: &mut Vec<u8>) {
        use ariadne::{Config, Label, Report, ReportKind};
        let kind = match d.severity {
            Severity::Error => ReportKind::Error,
            Severity::Warning => ReportKind::Warning,
            Severity::Note => ReportKind::Custom("Note", ariadne::Color::Cyan),
        };
        let known = |s: Span| (s.file.0 as usize) < self.files.len();
        if d.span.is_some_and(|s| !known(s)) || d.notes.iter().any(|n| !known(n.span)) {
            // A span into another session's sources (a library workflow's own text):
            // say what is wrong without a snippet rather than index a file we do not have.
            let detached = Diagnostic {
                span: None,
                notes: Vec::new(),
                ..d.clone()
            };
            return self.render_one(&detached, color, out);
        }
        let Some(span) = d.span else {
            let prefix = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "note",
            };
            out.extend_from_slice(format!("{prefix}: {}\n", d.message).as_bytes());
            if let Some(h) = &d.help {
                out.extend_from_slice(format!("  help: {h}\n").as_bytes());
            }
            return;
        };
        if self.on_long_line(span) || d.notes.iter().any(|n| self.on_long_line(n.span)) {
            self.render_windowed(d, span, out);
            return;
        }
        let name = |f: FileId| self.get(f).name.clone();
        let char_span = |s: Span| {
            let text = self.text(s.file);
            let a = char_index(text, s.start as usize);
            let b = char_index(text, s.end as usize).max(a);
            (name(s.file), a..b)
        };
        let mut builder = Report::build(kind, char_span(span))
            .with_config(Config::default().with_color(color))
            .with_message(&d.message);
        // ariadne underlines only labels that carry a message.
        let text = d.label.as_deref().unwrap_or("here");
        builder = builder.with_label(Label::new(char_span(span)).with_message(text));
        for n in &d.notes {
            builder = builder.with_label(Label::new(char_span(n.span)).with_message(&n.message));
        }
        if let Some(h) = &d.help {
            builder = builder.with_help(h);
        }
        let mut files: Vec<FileId> = vec![span.file];
        for n in &d.notes {
            if !files.contains(&n.span.file) {
                files.push(n.span.file);
            }
        }
        let sources = ariadne::sources(files.iter().map(|f| (name(*f), self.text(*f).to_string())));
        let mut written = Vec::new();
        let _ = builder.finish().write(sources, &mut written);
        if !color {
            // ariadne colours a custom report kind (`Note`) even with colour off.
            written = strip_sgr(&written);
        }
        out.extend_from_slice(&written);
    }
}

/// A model file's text: a UTF-8 byte-order mark (which editors write) is dropped, and
/// text that is not UTF-8 is refused with the place of the first bad byte.
pub fn read_source(path: &std::path::Path) -> std::result::Result<String, String> {
    let bytes =
        std::fs::read(path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
    decode_source(&format!("`{}`", path.display()), &bytes)
}

/// Standard input as source text (a model, a history), decoded as [`read_source`] does;
/// `what` names it in errors.
pub fn read_stdin_source(what: &str) -> std::result::Result<String, String> {
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)
        .map_err(|e| format!("cannot read {what} from standard input: {e}"))?;
    decode_source("standard input", &bytes)
}

/// Bytes as UTF-8 source text without a byte-order mark; an invalid byte is reported
/// with its line and column. `name` is what the error calls the input.
pub fn decode_source(name: &str, bytes: &[u8]) -> std::result::Result<String, String> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_string()),
        Err(e) => {
            let at = e.valid_up_to();
            let before = &bytes[..at];
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            let line_start = before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            // Valid up to `at`, so the line's prefix decodes.
            let column =
                std::str::from_utf8(&before[line_start..]).map_or(0, |t| t.chars().count()) + 1;
            Err(format!(
                "{name} is not UTF-8 text: byte {at} (line {line}, column {column}) is 0x{:02X}; save it as UTF-8",
                bytes[at]
            ))
        }
    }
}

/// Diagnostics rendered at once; the rest are counted.
pub const MAX_SHOWN: usize = 20;
/// Lines longer than this (in characters) are shown as a window around the span.
const LONG_LINE: usize = 240;
const WINDOW_BEFORE: usize = 60;
const WINDOW_AFTER: usize = 100;

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// ariadne counts characters, our spans count bytes.
fn char_index(text: &str, byte: usize) -> usize {
    let byte = floor_char_boundary(text, byte.min(text.len()));
    text[..byte].chars().count()
}

/// The closest of `candidates` to `name`, for "did you mean" hints.
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        if c == name {
            continue;
        }
        let d = edit_distance(&name.to_lowercase(), &c.to_lowercase());
        let limit = (name.chars().count().max(3)) / 3 + 1;
        if d <= limit && best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc)) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c.to_string())
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// `bytes` without SGR escape sequences (`ESC [ … m`).
fn strip_sgr(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == 0x1b && bytes.get(i + 1) == Some(&b'[') {
            let mut j = i + 2;
            while j < bytes.len() && (bytes[j].is_ascii_digit() || bytes[j] == b';') {
                j += 1;
            }
            if bytes.get(j) == Some(&b'm') {
                i = j + 1;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

/// A parser's "expected … found …" message: `found` already quoted (or "end of
/// input"), `expected` the readable alternatives.
pub fn expected_found_message(expected: &[String], found: &str) -> String {
    match expected {
        [] => format!("syntax error: unexpected {found}"),
        [one] => format!("syntax error: expected {one}, found {found}"),
        many => format!(
            "syntax error: expected one of {}, found {found}",
            many.join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_prefer_close_names() {
        assert_eq!(
            did_you_mean("Nod", ["Node", "Edge", "Name"]),
            Some("Node".into())
        );
        assert_eq!(did_you_mean("xyzzy", ["Node", "Edge"]), None);
    }

    #[test]
    fn line_and_column_are_one_based() {
        let mut m = SourceMap::new();
        let f = m.add("t", None, "ab\ncd");
        assert_eq!(m.line_col(f, 0), (1, 1));
        assert_eq!(m.line_col(f, 4), (2, 2));
    }

    #[test]
    fn spans_into_unknown_files_render_without_a_snippet() {
        // A library workflow's diagnostic, rendered with a map that lacks its text (the
        // CLI's empty map, or a REPL session holding other files).
        let mut other = SourceMap::new();
        let f = other.add("generated.als", None, "run { RA and not CC } for 99");
        let d = Diagnostic::error(Span::new(FileId(f.0 + 3), 6, 8), "too large to solve")
            .with_help("lower the scope");
        for map in [SourceMap::new(), other.clone()] {
            let text = map.render(std::slice::from_ref(&d), false);
            assert!(text.contains("too large to solve"), "{text}");
            assert!(text.contains("lower the scope"), "{text}");
        }
        let detached =
            Diagnostic::error(Span::new(f, 6, 8), "too large").detached(&other, "comparing");
        assert_eq!(detached.span, None);
        assert_eq!(detached.message, "comparing: too large (at `RA`)");
    }
}
