//! What the session is made of: the inputs (typed or loaded), their definitions and
//! kept commands, and those folded in order into the session's state, with the model text
//! `save` writes for them. Nothing here checks or runs anything.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use crate::diagnostic::{FileId, SourceMap, Span};
use crate::syntax::ReplItem;
use crate::syntax::ast::{self, CommandKind, CommandTarget, Paragraph};

/// Alloy's scope for commands without `for`.
pub const ALLOY_DEFAULT_SCOPE: u32 = 3;

/// What a definition's name is looked up as; a later definition with the same key
/// replaces the earlier one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
    /// Shared: the session's state is cloned for every input it checks.
    pub item: Arc<ReplItem>,
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
            item: Arc::new(item),
            kind,
            sig_names,
            input: 0,
        }
    }

    /// The definition as model text (for `save`).
    pub fn text(&self, sources: &SourceMap) -> String {
        match &*self.item {
            ReplItem::Open(o) => sources.snippet(o.span).to_string(),
            ReplItem::Paragraph(Paragraph::Sig(d)) => sig_text(d, self.sig_names, sources),
            ReplItem::Paragraph(p) => sources.snippet(paragraph_span(p)).to_string(),
        }
    }

    /// Drop some names of a `sig A, B` declaration (the others stay declared).
    fn remove_sig_names(&mut self, keys: &[Key]) {
        if let ReplItem::Paragraph(Paragraph::Sig(d)) = Arc::make_mut(&mut self.item) {
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
                steps: None,
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
    /// The definitions in order; `None` where one was replaced by a later definition in
    /// a different place (a redefinition takes the place of the first it replaces).
    slots: Vec<Option<Definition>>,
    /// Which slots define each key, so that a definition finds what it replaces without
    /// a pass over the session (a pasted model of n paragraphs is n definitions).
    by_key: HashMap<Key, Vec<usize>>,
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

    /// The definitions in order.
    pub fn defs(&self) -> impl Iterator<Item = &Definition> {
        self.slots.iter().flatten()
    }

    fn define(&mut self, item: ReplItem, sources: &SourceMap) -> Vec<String> {
        let mut def = Definition::new(item);
        def.input = self.applied;
        // Within one input (a loaded file, say) a name defined twice is what the file
        // says: overloaded preds (or a duplicate, which the checker reports).
        let mut replaced: Vec<usize> = def
            .keys
            .iter()
            .filter_map(|k| self.by_key.get(k))
            .flatten()
            .copied()
            .filter(|&slot| {
                self.slots[slot]
                    .as_ref()
                    .is_some_and(|d| d.input != def.input)
            })
            .collect();
        replaced.sort_unstable();
        replaced.dedup();
        let mut notes = Vec::new();
        let mut insert_at = None;
        for slot in replaced {
            let Some(old) = self.slots[slot].as_mut() else {
                continue;
            };
            let shared: Vec<Key> = old
                .keys
                .iter()
                .filter(|k| def.keys.contains(k))
                .cloned()
                .collect();
            if !same_open(old, &def, sources) {
                notes.extend(shared.iter().map(|k| redefined(def.kind, k)));
            }
            let gone = if shared.len() < old.keys.len() {
                // `sig A, B` and a new `sig A`: B stays.
                old.remove_sig_names(&shared);
                shared
            } else {
                insert_at.get_or_insert(slot);
                self.slots[slot].take().map(|d| d.keys).unwrap_or_default()
            };
            for k in &gone {
                if let Some(slots) = self.by_key.get_mut(k) {
                    slots.retain(|&s| s != slot);
                }
            }
        }
        let slot = insert_at.unwrap_or_else(|| {
            self.slots.push(None);
            self.slots.len() - 1
        });
        for k in &def.keys {
            self.by_key.entry(k.clone()).or_default().push(slot);
        }
        self.slots[slot] = Some(def);
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
        for d in self.defs() {
            match &*d.item {
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

/// The same `open` typed again: no note.
fn same_open(old: &Definition, new: &Definition, sources: &SourceMap) -> bool {
    matches!((&*old.item, &*new.item), (ReplItem::Open(a), ReplItem::Open(b))
        if normalize(sources.snippet(a.span)) == normalize(sources.snippet(b.span)))
}

/// What the session says when a definition replaces `key`.
fn redefined(kind: &str, key: &Key) -> String {
    match key {
        Key::Open(alias) => format!("replaced open `{alias}`"),
        _ => format!("redefined {kind} `{}`", key.name()),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse_repl_input;

    /// The fold as first written: every definition compared with every earlier one.
    fn fold_by_scanning(inputs: &[Input], sources: &SourceMap) -> (Vec<String>, Vec<String>) {
        let mut defs: Vec<Definition> = Vec::new();
        let mut notes = Vec::new();
        for (n, input) in inputs.iter().enumerate() {
            for item in &input.items {
                let mut def = Definition::new(item.clone());
                def.input = n + 1;
                let mut insert_at = None;
                let mut i = 0;
                while i < defs.len() {
                    let shared: Vec<Key> = defs[i]
                        .keys
                        .iter()
                        .filter(|k| def.keys.contains(k))
                        .cloned()
                        .collect();
                    if shared.is_empty() || defs[i].input == def.input {
                        i += 1;
                        continue;
                    }
                    if !same_open(&defs[i], &def, sources) {
                        notes.extend(shared.iter().map(|k| redefined(def.kind, k)));
                    }
                    if shared.len() < defs[i].keys.len() {
                        defs[i].remove_sig_names(&shared);
                        i += 1;
                    } else {
                        defs.remove(i);
                        insert_at.get_or_insert(i);
                    }
                }
                match insert_at {
                    Some(i) => defs.insert(i, def),
                    None => defs.push(def),
                }
            }
        }
        (defs.iter().map(|d| d.text(sources)).collect(), notes)
    }

    #[test]
    fn the_indexed_fold_agrees_with_scanning_every_definition() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % n
        };
        for _ in 0..200 {
            let mut sources = SourceMap::new();
            let mut inputs = Vec::new();
            for _ in 0..1 + next(12) {
                // Small name pools, so that names collide across and within inputs.
                let mut text = String::new();
                for _ in 0..1 + next(3) {
                    let a = next(4);
                    let b = next(4);
                    text.push_str(&match next(6) {
                        0 => format!("sig S{a}, S{b} {{}}\n"),
                        1 => format!("sig S{a} {{}}\n"),
                        2 => format!("pred p{a} {{ some S{b} }}\n"),
                        3 => format!("fact F{a} {{ no S{b} }}\n"),
                        4 => format!("open util/ordering[S{a}] as o{b}\n"),
                        _ => format!("fun f{a}: set S{b} {{ S{b} }}\n"),
                    });
                }
                let file = sources.add("<input>", None, text.clone());
                let items = parse_repl_input(&text, file).expect("generated inputs parse");
                inputs.push(Input::typed(items, file));
            }
            let mut folded = Folded::default();
            let notes: Vec<String> = inputs
                .iter()
                .flat_map(|i| folded.apply(i, &sources))
                .collect();
            let texts: Vec<String> = folded.defs().map(|d| d.text(&sources)).collect();
            let (expected, expected_notes) = fold_by_scanning(&inputs, &sources);
            assert_eq!(texts, expected);
            assert_eq!(notes, expected_notes);
        }
    }
}
