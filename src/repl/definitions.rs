//! What the session is made of: the inputs (typed or loaded), their definitions and
//! kept commands, and those folded in order into the session's state, with the model text
//! `save` writes for them. Nothing here checks or runs anything.

use std::path::PathBuf;

use crate::diagnostic::{FileId, SourceMap, Span};
use crate::syntax::ReplItem;
use crate::syntax::ast::{self, CommandKind, CommandTarget, Paragraph};

/// Alloy's scope for commands without `for`.
pub const ALLOY_DEFAULT_SCOPE: u32 = 3;

/// What a definition's name is looked up as; a later definition with the same key
/// replaces the earlier one.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Key {
    Sig(String),
    /// Preds, funs and macros (`Recv.name` for receiver preds and funs).
    Func(String),
    Assert(String),
    Fact(String),
    /// An `open`, by its alias.
    Open(String),
}

impl Key {
    fn name(&self) -> &str {
        match self {
            Key::Sig(n) | Key::Func(n) | Key::Assert(n) | Key::Fact(n) | Key::Open(n) => n,
        }
    }
}

/// One `open` or paragraph of the session (never a command).
#[derive(Clone, Debug)]
pub(crate) struct Definition {
    keys: Vec<Key>,
    pub item: ReplItem,
    /// `sig`, `pred`, `open`, ...
    pub kind: &'static str,
    /// For a sig declaration, where its names were written (from the first to the last),
    /// to rewrite them when some are redefined elsewhere.
    sig_names: Option<(u32, u32)>,
    /// Which input of the session it came from (see `Folded::define`).
    input: usize,
}

impl Definition {
    pub(super) fn new(item: ReplItem) -> Definition {
        let (keys, kind) = match &item {
            ReplItem::Open(o) => (vec![Key::Open(open_alias(o))], "open"),
            ReplItem::Paragraph(p) => match p {
                Paragraph::Sig(d) => (
                    d.names.iter().map(|n| Key::Sig(n.name.clone())).collect(),
                    "sig",
                ),
                Paragraph::Enum(e) => (vec![Key::Sig(e.name.name.clone())], "enum"),
                Paragraph::Pred(d) => (vec![Key::Func(func_key(&d.receiver, &d.name))], "pred"),
                Paragraph::Fun(d) => (vec![Key::Func(func_key(&d.receiver, &d.name))], "fun"),
                Paragraph::Macro(m) => (vec![Key::Func(m.name.name.clone())], "let"),
                Paragraph::Assert(a) => (
                    a.name.iter().map(|n| Key::Assert(n.name.clone())).collect(),
                    "assert",
                ),
                Paragraph::Fact(f) => (
                    f.name.iter().map(|n| Key::Fact(n.name.clone())).collect(),
                    "fact",
                ),
                Paragraph::Command(_) => (Vec::new(), "command"),
            },
        };
        let sig_names = match &item {
            ReplItem::Paragraph(Paragraph::Sig(d)) => d
                .names
                .first()
                .zip(d.names.last())
                .map(|(a, b)| (a.span.start, b.span.end)),
            _ => None,
        };
        Definition {
            keys,
            item,
            kind,
            sig_names,
            input: 0,
        }
    }

    /// The definition as model text (for `save`).
    pub fn text(&self, sources: &SourceMap) -> String {
        match &self.item {
            ReplItem::Open(o) => sources.snippet(o.span).to_string(),
            ReplItem::Paragraph(Paragraph::Sig(d)) => sig_text(d, self.sig_names, sources),
            ReplItem::Paragraph(p) => sources.snippet(paragraph_span(p)).to_string(),
        }
    }

    /// Drop some names of a `sig A, B` declaration (the others stay declared).
    fn remove_sig_names(&mut self, keys: &[Key]) {
        if let ReplItem::Paragraph(Paragraph::Sig(d)) = &mut self.item {
            d.names
                .retain(|n| !keys.contains(&Key::Sig(n.name.clone())));
        }
        self.keys.retain(|k| !keys.contains(k));
    }
}

fn open_alias(o: &ast::Open) -> String {
    match &o.alias {
        Some(a) => a.name.clone(),
        None => o.path.last().to_string(),
    }
}

fn func_key(receiver: &Option<ast::QualName>, name: &ast::Ident) -> String {
    match receiver {
        Some(r) => format!("{}.{}", r.joined(), name.name),
        None => name.name.clone(),
    }
}

/// A sig declaration's text with only its remaining names (see `remove_sig_names`);
/// `names` is where all its names were written.
fn sig_text(d: &ast::SigDecl, names: Option<(u32, u32)>, sources: &SourceMap) -> String {
    let text = sources.snippet(d.span);
    let Some((first, last)) = names else {
        return text.to_string();
    };
    let start = first.saturating_sub(d.span.start) as usize;
    let end = last.saturating_sub(d.span.start) as usize;
    let remaining: Vec<&str> = d.names.iter().map(|n| n.name.as_str()).collect();
    match (text.get(..start), text.get(start..end), text.get(end..)) {
        (Some(before), Some(written), Some(after)) => {
            let unchanged = written
                .split(',')
                .map(str::trim)
                .eq(remaining.iter().copied());
            if unchanged {
                text.to_string()
            } else {
                format!("{before}{}{after}", remaining.join(", "))
            }
        }
        _ => text.to_string(),
    }
}

pub(crate) fn paragraph_span(p: &Paragraph) -> Span {
    match p {
        Paragraph::Sig(d) => d.span,
        Paragraph::Enum(d) => d.span,
        Paragraph::Fact(d) => d.span,
        Paragraph::Assert(d) => d.span,
        Paragraph::Pred(d) => d.span,
        Paragraph::Fun(d) => d.span,
        Paragraph::Macro(d) => d.span,
        Paragraph::Command(d) => d.span,
    }
}

/// A command the session keeps (for `save` and for running it again by label).
#[derive(Clone, Debug)]
pub(crate) struct SessionCommand {
    pub ast: ast::Command,
    /// The default scope in force when it was typed, if it has no `for`.
    pub default_scope: Option<u32>,
    /// As model text: braces around an unbraced formula, the default scope written out.
    pub text: String,
    /// An explicit label, or the name of a named block.
    pub label: Option<String>,
}

impl SessionCommand {
    pub fn new(ast: ast::Command, default_scope: Option<u32>, sources: &SourceMap) -> Self {
        let default_scope = if ast.scope.is_some() {
            None
        } else {
            default_scope
        };
        let label = match (&ast.label, &ast.target) {
            (Some(l), _) => Some(l.name.clone()),
            (None, CommandTarget::Block(Some(n), _)) => Some(n.name.clone()),
            _ => None,
        };
        let text = command_text(&ast, default_scope, sources);
        SessionCommand {
            ast,
            default_scope,
            text,
            label,
        }
    }

    /// The command as it is solved: the default scope filled in.
    pub fn effective(&self) -> ast::Command {
        let mut c = self.ast.clone();
        if c.scope.is_none()
            && let Some(n) = self.default_scope
        {
            c.scope = Some(ast::Scope {
                overall: Some((n, c.span)),
                types: Vec::new(),
                span: c.span,
            });
        }
        c
    }
}

/// A command as model text, on the lines it was written on.
pub(crate) fn command_text(
    c: &ast::Command,
    default_scope: Option<u32>,
    sources: &SourceMap,
) -> String {
    let mut s = String::new();
    if let Some(l) = &c.label {
        s.push_str(&l.name);
        s.push_str(": ");
    }
    s.push_str(match c.kind {
        CommandKind::Run => "run",
        CommandKind::Check => "check",
    });
    match &c.target {
        CommandTarget::Name(q) => {
            s.push(' ');
            s.push_str(&q.joined());
        }
        CommandTarget::Block(name, block) => {
            if let Some(n) = name {
                s.push(' ');
                s.push_str(&n.name);
            }
            let body = sources.snippet(block.span);
            if body.trim_start().starts_with('{') {
                s.push(' ');
                s.push_str(body);
            } else {
                // The REPL's unbraced `run p and not q`: files need the braces.
                s.push_str(" { ");
                s.push_str(body);
                s.push_str(" }");
            }
        }
    }
    if let Some(scope) = &c.scope {
        s.push(' ');
        s.push_str(sources.snippet(scope.span));
    } else if let Some(n) = default_scope.filter(|n| *n != ALLOY_DEFAULT_SCOPE) {
        s.push_str(&format!(" for {n}"));
    }
    if let Some((n, _)) = c.expect {
        s.push_str(&format!(" expect {n}"));
    }
    s
}

/// Where an input came from.
#[derive(Clone, Debug)]
pub(super) enum Origin {
    Typed,
    File(PathBuf),
}

/// One input that changed the session, kept so that `reload` can replay them all.
#[derive(Clone, Debug)]
pub(super) struct Input {
    pub(super) origin: Origin,
    pub(super) items: Vec<ReplItem>,
    pub(super) commands: Vec<SessionCommand>,
    /// The source text of a typed input (what `pending` points at).
    pub(super) file: Option<FileId>,
    /// Waiting for names a later input defines: kept in typing order, but not part of
    /// the session until the whole session checks with it (see `pending.rs`).
    pub(super) pending: bool,
    /// The names a pending input waits for, as the last check found them.
    pub(super) waits_for: Vec<String>,
}

impl Input {
    pub(super) fn typed(items: Vec<ReplItem>, file: FileId) -> Input {
        Input {
            origin: Origin::Typed,
            items,
            commands: Vec::new(),
            file: Some(file),
            pending: false,
            waits_for: Vec::new(),
        }
    }

    pub(super) fn commands(commands: Vec<SessionCommand>) -> Input {
        Input {
            origin: Origin::Typed,
            items: Vec::new(),
            commands,
            file: None,
            pending: false,
            waits_for: Vec::new(),
        }
    }

    /// `sig Person, pred q` (for messages about pending inputs).
    pub(super) fn describe(&self) -> String {
        let parts: Vec<String> = self
            .items
            .iter()
            .map(|item| {
                let def = Definition::new(item.clone());
                let names: Vec<&str> = def.keys.iter().map(Key::name).collect();
                if names.is_empty() {
                    def.kind.to_string()
                } else {
                    format!("{} {}", def.kind, names.join(", "))
                }
            })
            .collect();
        parts.join("; ")
    }
}

/// The session's definitions and kept commands: the inputs folded in order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Folded {
    pub defs: Vec<Definition>,
    pub commands: Vec<SessionCommand>,
    /// How many inputs were applied (each definition remembers which one it came from).
    applied: usize,
}

impl Folded {
    /// The inputs folded in order.
    pub(super) fn of<'a>(
        inputs: impl IntoIterator<Item = &'a Input>,
        sources: &SourceMap,
    ) -> Folded {
        let mut state = Folded::default();
        for input in inputs {
            state.apply(input, sources);
        }
        state
    }

    /// Add an input's items and commands; returns what was redefined, in words.
    pub(super) fn apply(&mut self, input: &Input, sources: &SourceMap) -> Vec<String> {
        self.applied += 1;
        let mut notes = Vec::new();
        for item in &input.items {
            notes.extend(self.define(item.clone(), sources));
        }
        for c in &input.commands {
            self.remember(c.clone());
        }
        notes
    }

    fn define(&mut self, item: ReplItem, sources: &SourceMap) -> Vec<String> {
        let mut def = Definition::new(item);
        def.input = self.applied;
        let mut notes = Vec::new();
        let mut insert_at = None;
        let mut i = 0;
        while i < self.defs.len() {
            let shared: Vec<Key> = self.defs[i]
                .keys
                .iter()
                .filter(|k| def.keys.contains(k))
                .cloned()
                .collect();
            // Within one input (a loaded file, say) a name defined twice is what the file
            // says: overloaded preds (or a duplicate, which the checker reports).
            if shared.is_empty() || self.defs[i].input == def.input {
                i += 1;
                continue;
            }
            let same_open = matches!((&self.defs[i].item, &def.item), (ReplItem::Open(a), ReplItem::Open(b))
                if normalize(sources.snippet(a.span)) == normalize(sources.snippet(b.span)));
            if !same_open {
                for k in &shared {
                    notes.push(match k {
                        Key::Open(alias) => format!("replaced open `{alias}`"),
                        _ => format!("redefined {} `{}`", def.kind, k.name()),
                    });
                }
            }
            if shared.len() < self.defs[i].keys.len() {
                // `sig A, B` and a new `sig A`: B stays.
                self.defs[i].remove_sig_names(&shared);
                i += 1;
            } else {
                self.defs.remove(i);
                insert_at.get_or_insert(i);
            }
        }
        match insert_at {
            Some(i) => self.defs.insert(i, def),
            None => self.defs.push(def),
        }
        notes
    }

    /// Keep a command, once: the same text or label again replaces the old one.
    pub(super) fn remember(&mut self, c: SessionCommand) {
        self.commands
            .retain(|old| old.text != c.text && (c.ast.label.is_none() || old.label != c.label));
        self.commands.push(c);
    }

    /// The session as one module, with `commands` after the definitions.
    pub(super) fn module(&self, commands: &[ast::Command]) -> ast::Module {
        let mut module = ast::Module {
            header: None,
            opens: Vec::new(),
            paragraphs: Vec::new(),
        };
        for d in &self.defs {
            match &d.item {
                ReplItem::Open(o) => module.opens.push(o.clone()),
                ReplItem::Paragraph(p) => module.paragraphs.push(p.clone()),
            }
        }
        module
            .paragraphs
            .extend(commands.iter().cloned().map(Paragraph::Command));
        module
    }
}

pub(crate) fn normalize(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub(super) fn item_file(item: &ReplItem) -> FileId {
    match item {
        ReplItem::Open(o) => o.span.file,
        ReplItem::Paragraph(p) => paragraph_span(p).file,
    }
}
