//! The session: every definition the user typed or loaded, re-checked as one module on
//! every change, the commands worth keeping, and the last command's run.
//!
//! Each input is its own source text (`<repl:3>`, or the loaded file), so diagnostics
//! point at what was typed. The session module is rebuilt from the inputs in order: a
//! definition whose name was defined before replaces the old one. An input that does not
//! check leaves the session exactly as it was.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::apps::isolation::history::History;
use crate::check::{self, Checked, RootSource};
use crate::diagnostic::{Diagnostic, Errors, FileId, SourceMap, Span};
use crate::logic::RelationKind;
use crate::render;
use crate::session::{CommandRun, RunOptions};
use crate::solve::Outcome;
use crate::syntax::ast::{self, CommandKind, CommandTarget, Paragraph};
use crate::syntax::{self, ReplItem};

use super::pending::Admitted;
use super::worker::{JobEnd, Worker};

/// Alloy's scope for commands without `for`.
pub const ALLOY_DEFAULT_SCOPE: u32 = 3;

/// Where output goes. Results go to `out`, diagnostics to `err`.
pub struct Io {
    pub out: Box<dyn Write>,
    pub err: Box<dyn Write>,
    /// Colour diagnostics (terminals only).
    pub color: bool,
}

impl Io {
    /// Standard output and standard error.
    pub fn std(color: bool) -> Io {
        Io {
            out: Box::new(std::io::stdout()),
            err: Box::new(std::io::stderr()),
            color,
        }
    }
}

/// What the user can change with `scope` and `set`.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The overall scope of commands typed without `for`.
    pub default_scope: u32,
    pub run: RunOptions,
    pub timeout: Option<Duration>,
}

/// Whether the REPL goes on after an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

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
    fn new(item: ReplItem) -> Definition {
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

    fn commands(commands: Vec<SessionCommand>) -> Input {
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
    fn remember(&mut self, c: SessionCommand) {
        self.commands
            .retain(|old| old.text != c.text && (c.ast.label.is_none() || old.label != c.label));
        self.commands.push(c);
    }

    /// The session as one module, with `commands` after the definitions.
    fn module(&self, commands: &[ast::Command]) -> ast::Module {
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

/// The last command's run, for `next`, `show`, `eval`, `stats` and `minimize`.
pub(crate) struct LastRun {
    pub run: CommandRun,
    pub command: SessionCommand,
    /// The flag the run's solver watches (raised to cancel a `next`).
    pub stop: Arc<AtomicBool>,
    pub elapsed: Duration,
}

/// The REPL's state. Everything the commands do goes through here.
pub struct Session {
    pub(crate) sources: SourceMap,
    typed_inputs: usize,
    /// Every input that changed the session, and the pending ones, in typing order.
    pub(super) inputs: Vec<Input>,
    /// The inputs that are not pending, folded.
    pub(crate) state: Folded,
    /// The session module as last checked (with the commands of the last input).
    pub(crate) checked: Option<Arc<Checked>>,
    /// Where relative `open`s resolve: the first loaded file's directory, else the
    /// working directory.
    pub(super) dir: Option<PathBuf>,
    pub(crate) settings: Settings,
    pub(crate) last: Option<LastRun>,
    /// The last violation `programs` printed, as a history: what `classify` without a
    /// file reads, until a command gives a new instance.
    pub(crate) last_violation: Option<Result<History, Errors>>,
    pub(crate) worker: Worker,
    pub(crate) io: Io,
    errors: usize,
    /// Why `stats` has nothing to show though a solve ran (it was abandoned).
    pub(crate) no_stats: Option<String>,
}

impl Session {
    /// An empty session. `progress` shows elapsed time on stderr during long solves.
    pub fn new(io: Io, run: RunOptions, progress: bool) -> Session {
        let mut session = Session {
            sources: SourceMap::new(),
            typed_inputs: 0,
            inputs: Vec::new(),
            state: Folded::default(),
            checked: None,
            dir: std::env::current_dir().ok(),
            settings: Settings {
                default_scope: ALLOY_DEFAULT_SCOPE,
                run,
                timeout: None,
            },
            last: None,
            last_violation: None,
            worker: Worker::new(progress),
            io,
            errors: 0,
            no_stats: None,
        };
        match session.check(&Folded::default(), &[], session.dir.clone()) {
            Ok(c) => session.checked = Some(Arc::new(c)),
            Err(e) => session.report(&e.0),
        }
        session
    }

    /// The flag that cancels the running solve (the SIGINT handler raises it).
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.worker.interrupt.clone()
    }

    /// How many inputs failed (script mode's exit code).
    pub fn error_count(&self) -> usize {
        self.errors
    }

    /// Handle what was entered: each input in it in turn (a pasted block may hold several;
    /// an input runs on over lines while brackets are open).
    pub fn handle(&mut self, text: &str) -> Flow {
        for input in inputs(text) {
            if self.handle_one(&input) == Flow::Quit {
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    /// One input: a REPL command, or Alloy paragraphs and commands.
    fn handle_one(&mut self, text: &str) -> Flow {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Flow::Continue;
        }
        let word_end = trimmed
            .find(|c: char| c.is_whitespace() || c == ':')
            .unwrap_or(trimmed.len());
        let (word, rest) = trimmed.split_at(word_end);
        // `show: run {...}` is a labelled Alloy command, not the REPL's `show`.
        if !rest.starts_with(':')
            && let Some(cmd) = super::commands::lookup(word)
        {
            let leading = text.len() - text.trim_start().len();
            let arg_offset = leading + word.len();
            return super::commands::execute(self, cmd, text, arg_offset);
        }
        self.alloy_input(text);
        Flow::Continue
    }

    // ----- output --------------------------------------------------------------------

    pub(crate) fn say(&mut self, text: impl AsRef<str>) {
        let text = text.as_ref();
        let _ = if text.ends_with('\n') {
            write!(self.io.out, "{text}")
        } else {
            writeln!(self.io.out, "{text}")
        };
        let _ = self.io.out.flush();
    }

    pub(crate) fn report(&mut self, diagnostics: &[Diagnostic]) {
        let _ = self.io.out.flush();
        let text = self.sources.render(diagnostics, self.io.color);
        let _ = write!(self.io.err, "{text}");
        let _ = self.io.err.flush();
        if diagnostics.iter().any(Diagnostic::is_error) {
            self.errors += 1;
        }
    }

    /// An error that points at nothing typed (a missing file, a misused command).
    pub(crate) fn error(&mut self, message: impl Into<String>) {
        self.report(&[Diagnostic::global(message)]);
    }

    pub(crate) fn error_with_help(&mut self, message: impl Into<String>, help: impl Into<String>) {
        self.report(&[Diagnostic::global(message).with_help(help)]);
    }

    /// Add what the user typed as a source text of its own.
    pub(crate) fn add_typed_source(&mut self, text: &str) -> FileId {
        self.typed_inputs += 1;
        self.sources
            .add(format!("<repl:{}>", self.typed_inputs), None, text)
    }

    pub(super) fn check(
        &mut self,
        state: &Folded,
        commands: &[ast::Command],
        dir: Option<PathBuf>,
    ) -> Result<Checked, Errors> {
        let module = state.module(commands);
        check::load(&mut self.sources, RootSource::Parsed { module, dir })
    }

    /// Show the warnings that concern the given source texts (older ones were shown).
    pub(super) fn show_warnings(&mut self, checked: &Checked, files: &[FileId]) {
        let warnings: Vec<Diagnostic> = checked
            .model
            .warnings
            .iter()
            .filter(|w| w.span.is_some_and(|s| files.contains(&s.file)))
            .cloned()
            .collect();
        if !warnings.is_empty() {
            self.report(&warnings);
        }
    }

    // ----- typed paragraphs and commands -------------------------------------------------

    fn alloy_input(&mut self, text: &str) {
        let file = self.add_typed_source(text);
        let items = match syntax::parse_repl_input(text, file) {
            Ok(items) => items,
            Err(_) if let Some(items) = self.module_header(text, file) => items,
            Err(diagnostics) => {
                self.report(&diagnostics);
                // A mistyped REPL command reads as an Alloy expression: say which command.
                // A whole expression (more than one word) is more likely meant for `eval`.
                let word = text.split_whitespace().next().unwrap_or("");
                let one_word = text.split_whitespace().nth(1).is_none();
                let names = super::commands::COMMANDS.iter().map(|c| c.name);
                let command = crate::diagnostic::did_you_mean(word, names);
                let expression = syntax::parse_expr(text, file).is_ok();
                if let Some(name) = command.filter(|_| one_word || !expression) {
                    let _ = writeln!(self.io.err, "  (did you mean the command `{name}`?)");
                } else if expression {
                    let _ = writeln!(
                        self.io.err,
                        "  (to evaluate an expression on the current instance, type `eval {}`)",
                        normalize(text)
                    );
                }
                return;
            }
        };
        let mut definitions = Vec::new();
        let mut commands = Vec::new();
        for item in items {
            match item {
                ReplItem::Paragraph(Paragraph::Command(c)) => commands.push(self.typed_command(c)),
                other => definitions.push(other),
            }
        }
        let admitted = if definitions.is_empty() {
            Admitted::Committed
        } else {
            self.admit_typed(Input::typed(definitions, file))
        };
        if commands.is_empty() {
            return;
        }
        // A command settles what is pending: it runs on the session as it is.
        self.settle_for_command();
        if admitted != Admitted::Committed {
            // Its own input's definitions did not make it: the command would not mean
            // what was typed.
            return;
        }
        let state = self.state.clone();
        let effective: Vec<ast::Command> = commands.iter().map(SessionCommand::effective).collect();
        let checked = match self.check(&state, &effective, self.dir.clone()) {
            Ok(c) => c,
            Err(e) => {
                self.report(&e.0);
                return;
            }
        };
        self.show_warnings(&checked, &[file]);
        let checked = Arc::new(checked);
        self.checked = Some(checked.clone());
        for (index, command) in commands.into_iter().enumerate() {
            self.run_command(checked.clone(), index, command);
        }
    }

    /// A pasted file's `module NAME` line: the session is one module, so the header is
    /// left out (a file that takes parameters has to be opened instead). `None` when
    /// `text` is no module header.
    fn module_header(&mut self, text: &str, file: FileId) -> Option<Vec<ReplItem>> {
        if text.split_whitespace().next() != Some("module") {
            return None;
        }
        let module = syntax::parse_module(text, file).ok()?;
        let header = module.header?;
        if !header.params.is_empty() {
            self.report(&[Diagnostic::error(
                header.span,
                "a module with parameters cannot be typed into the session",
            )
            .with_help("save it to a file and `open` it with its arguments")]);
            return Some(Vec::new());
        }
        self.say(format!(
            "module {}: left out (the session is one module)",
            header.name.joined()
        ));
        let mut items: Vec<ReplItem> = module.opens.into_iter().map(ReplItem::Open).collect();
        items.extend(module.paragraphs.into_iter().map(ReplItem::Paragraph));
        Some(items)
    }

    /// A typed command; `run LABEL` names a kept command (from a loaded file, say) when
    /// no pred or assertion has that name.
    fn typed_command(&self, c: ast::Command) -> SessionCommand {
        let default = Some(self.settings.default_scope);
        if let CommandTarget::Name(q) = &c.target
            && q.parts.len() == 1
            && c.label.is_none()
            && !self.names_pred_or_assert(q.last())
            && let Some(kept) = self
                .state
                .commands
                .iter()
                .rev()
                .find(|k| k.label.as_deref() == Some(q.last()))
        {
            let mut ast = kept.ast.clone();
            if c.scope.is_some() {
                ast.scope = c.scope.clone();
            }
            if c.expect.is_some() {
                ast.expect = c.expect;
            }
            let default = kept.default_scope.or(default);
            return SessionCommand::new(ast, default, &self.sources);
        }
        SessionCommand::new(c, default, &self.sources)
    }

    fn names_pred_or_assert(&self, name: &str) -> bool {
        let Some(checked) = &self.checked else {
            return false;
        };
        checked.model.funcs.iter().any(|f| f.name == name)
            || checked
                .model
                .asserts
                .iter()
                .any(|a| a.name.as_deref() == Some(name))
    }

    /// Options for one solve, watching `stop`.
    pub(crate) fn run_options(&self, stop: &Arc<AtomicBool>) -> RunOptions {
        let mut opts = self.settings.run.clone();
        opts.solve.stop = Some(stop.clone());
        opts
    }

    /// Solve command `index` of `checked` on a worker thread.
    pub(crate) fn solve(
        &mut self,
        checked: Arc<Checked>,
        index: usize,
        what: &str,
    ) -> (JobEnd<Result<CommandRun, Errors>>, Arc<AtomicBool>) {
        let stop = Arc::new(AtomicBool::new(false));
        let opts = self.run_options(&stop);
        self.worker.timeout = self.settings.timeout;
        let end = self.worker.run(what, stop.clone(), move || {
            CommandRun::start(&checked, index, &opts)
        });
        (end, stop)
    }

    fn run_command(&mut self, checked: Arc<Checked>, index: usize, command: SessionCommand) {
        let (end, stop) = self.solve(checked, index, "solving");
        match end {
            JobEnd::Done(Ok(run), elapsed) => {
                self.print_run(&run, elapsed);
                self.state.remember(command.clone());
                self.inputs.push(Input::commands(vec![command.clone()]));
                self.set_last(Some(LastRun {
                    run,
                    command,
                    stop,
                    elapsed,
                }));
            }
            JobEnd::Done(Err(e), _) => self.report(&e.0),
            other => {
                self.report_stopped(&other, "");
                let after = other.stopped_after();
                match other.into_stopped_value() {
                    Some(Ok(run)) => self.keep_stopped(run, command, stop, after),
                    _ => self.forget_stopped(after),
                }
            }
        }
    }

    /// A stopped solve that returned: its partial statistics are printed, and `stats`
    /// shows them until the next solve.
    fn keep_stopped(
        &mut self,
        run: CommandRun,
        command: SessionCommand,
        stop: Arc<AtomicBool>,
        elapsed: Duration,
    ) {
        let last = LastRun {
            run,
            command,
            stop,
            elapsed,
        };
        self.say(format!("so far: {}", stats_body(&last)));
        self.set_last(Some(last));
    }

    /// A stopped solve that did not return (varisat): nothing to show but the time.
    fn forget_stopped(&mut self, after: Duration) {
        self.set_last(None);
        self.no_stats = Some(format!(
            "the last solve was stopped after {} before it could report its statistics",
            fmt_duration(after)
        ));
    }

    /// Say why a job ended without an answer.
    pub(crate) fn report_stopped<T>(&mut self, end: &JobEnd<T>, consequence: &str) {
        let left = |s: &super::worker::Stopped| {
            if s.abandoned {
                " (varisat cannot stop mid-search: it finishes in the background; `set solver cadical` stops at once)"
            } else {
                ""
            }
        };
        match end {
            JobEnd::Cancelled(s, _) => self.say(format!(
                "interrupted after {}{consequence}{}",
                fmt_duration(s.after),
                left(s)
            )),
            JobEnd::TimedOut(s, _) => self.error_with_help(
                format!(
                    "timed out after {}{consequence}{}",
                    fmt_duration(s.after),
                    left(s)
                ),
                "`set timeout 0` waits as long as it takes",
            ),
            JobEnd::Failed(msg) => self.error(format!("internal error: {msg}")),
            JobEnd::Done(..) => {}
        }
    }

    /// The verdict line, then the instance: as a history for models of histories, else as
    /// tables.
    pub(crate) fn print_run(&mut self, run: &CommandRun, elapsed: Duration) {
        self.say(verdict(run, elapsed));
        self.print_instance(run);
    }

    /// The current instance of `run` in the default view (none when there is none).
    pub(crate) fn print_instance(&mut self, run: &CommandRun) {
        if let Some(inst) = run.instance() {
            let text = render::render_instance(
                &run.command.presentation,
                inst,
                &run.skolems(),
                render::View::Auto,
            )
            .unwrap_or_default();
            if !text.is_empty() {
                self.say(text);
            }
        }
    }

    /// A command's run becomes the current one: `classify` without a file reads its
    /// instance from now on, not an earlier `programs` violation.
    pub(crate) fn set_last(&mut self, last: Option<LastRun>) {
        self.last_violation = None;
        self.no_stats = None;
        self.last = last;
    }

    // ----- next -------------------------------------------------------------------------

    pub(crate) fn next(&mut self) {
        let Some(last) = self.last.take() else {
            self.error_with_help(
                "no command has run yet",
                "type a command such as `run { some Node } for 3`, then `next`",
            );
            return;
        };
        if last.run.instance().is_none() {
            let n = last.run.instances_seen;
            let noun = noun(&last.run);
            if matches!(last.run.outcome, Outcome::Interrupted) {
                self.say(format!(
                    "the last search was stopped; run the command again to look for {noun}s"
                ));
            } else if n == 0 {
                self.say(format!(
                    "the last command found no {noun}; there is no next one"
                ));
            } else {
                self.say(format!("no more {noun}s ({n} in all)"));
            }
            self.last = Some(last);
            return;
        }
        let LastRun {
            mut run,
            command,
            stop,
            ..
        } = last;
        self.worker.timeout = self.settings.timeout;
        let end = self.worker.run("searching", stop.clone(), move || {
            let result = run.advance().map(|_| ());
            (run, result)
        });
        match end {
            JobEnd::Done((run, result), elapsed) => {
                match result {
                    Ok(()) => self.print_run(&run, elapsed),
                    Err(e) => self.report(&e.0),
                }
                self.set_last(Some(LastRun {
                    run,
                    command,
                    stop,
                    elapsed,
                }));
            }
            other => {
                self.report_stopped(&other, "; run the command again to enumerate anew");
                let after = other.stopped_after();
                match other.into_stopped_value() {
                    Some((run, Ok(()))) => self.keep_stopped(run, command, stop, after),
                    _ => self.forget_stopped(after),
                }
            }
        }
    }

    // ----- load and reload ---------------------------------------------------------------

    pub(crate) fn load(&mut self, path: &Path) {
        let Some(input) = self.read_file(path) else {
            return;
        };
        let dir = if self.loaded_files().next().is_none() {
            path.parent()
                .map(|p| {
                    if p.as_os_str().is_empty() {
                        PathBuf::from(".")
                    } else {
                        p.to_path_buf()
                    }
                })
                .or_else(|| self.dir.clone())
        } else {
            self.dir.clone()
        };
        let mut state = self.state.clone();
        let notes = state.apply(&input, &self.sources);
        let checked = match self.check(&state, &[], dir.clone()) {
            Ok(c) => c,
            Err(e) => {
                self.report(&e.0);
                return;
            }
        };
        let files: Vec<FileId> = input.items.iter().map(item_file).collect();
        self.show_warnings(&checked, &files);
        let summary = summarize(&input);
        self.inputs.push(input);
        self.state = state;
        self.dir = dir;
        self.checked = Some(Arc::new(checked));
        for n in notes {
            self.say(n);
        }
        self.say(format!("loaded {}{summary}", path.display()));
        // What was pending may have been waiting for this file.
        self.settle();
    }

    fn loaded_files(&self) -> impl Iterator<Item = &Path> {
        self.inputs.iter().filter_map(|i| match &i.origin {
            Origin::File(p) => Some(p.as_path()),
            Origin::Typed => None,
        })
    }

    /// Read and parse a model file into an input (errors are reported).
    fn read_file(&mut self, path: &Path) -> Option<Input> {
        let text = match crate::diagnostic::read_source(path) {
            Ok(t) => t,
            Err(e) => {
                self.error(e);
                return None;
            }
        };
        let file = self
            .sources
            .add(path.display().to_string(), Some(path.to_path_buf()), text);
        let module = match syntax::parse_module(self.sources.text(file), file) {
            Ok(m) => m,
            Err(d) => {
                self.report(&d);
                return None;
            }
        };
        let mut items: Vec<ReplItem> = module.opens.into_iter().map(ReplItem::Open).collect();
        let mut commands = Vec::new();
        for p in module.paragraphs {
            match p {
                Paragraph::Command(c) => commands.push(SessionCommand::new(c, None, &self.sources)),
                p => items.push(ReplItem::Paragraph(p)),
            }
        }
        Some(Input {
            origin: Origin::File(path.to_path_buf()),
            items,
            commands,
            file: None,
            pending: false,
            waits_for: Vec::new(),
        })
    }

    pub(crate) fn reload(&mut self) {
        if self.loaded_files().next().is_none() {
            self.error_with_help("nothing to reload: no file was loaded", "`load FILE` first");
            return;
        }
        let mut inputs = Vec::new();
        for input in self.inputs.clone() {
            match &input.origin {
                Origin::File(path) => match self.read_file(path) {
                    Some(fresh) => inputs.push(fresh),
                    None => return,
                },
                Origin::Typed => inputs.push(input),
            }
        }
        let state = Folded::of(inputs.iter().filter(|i| !i.pending), &self.sources);
        let checked = match self.check(&state, &[], self.dir.clone()) {
            Ok(c) => c,
            Err(e) => {
                self.report(&e.0);
                self.say("reload failed; the session is unchanged");
                return;
            }
        };
        let count = self.loaded_files().count();
        self.inputs = inputs;
        self.state = state;
        self.checked = Some(Arc::new(checked));
        self.say(format!(
            "reloaded {count} file{}",
            if count == 1 { "" } else { "s" }
        ));
        self.settle();
    }

    // ----- save -------------------------------------------------------------------------

    pub(crate) fn save(&mut self, path: &Path) {
        // Keep only the commands that still check against today's definitions.
        let state = self.state.clone();
        let mut kept = Vec::new();
        let mut dropped = Vec::new();
        for c in &state.commands {
            match self.check(&state, &[c.effective()], self.dir.clone()) {
                Ok(_) => kept.push(c.text.clone()),
                Err(_) => dropped.push(c.text.clone()),
            }
        }
        let mut text = String::from("-- Saved from the solder REPL.\n");
        let opens: Vec<String> = state
            .defs
            .iter()
            .filter(|d| matches!(d.item, ReplItem::Open(_)))
            .map(|d| d.text(&self.sources))
            .collect();
        if !opens.is_empty() {
            text.push('\n');
            for o in &opens {
                text.push_str(o);
                text.push('\n');
            }
        }
        let paragraphs: Vec<String> = state
            .defs
            .iter()
            .filter(|d| !matches!(d.item, ReplItem::Open(_)))
            .map(|d| d.text(&self.sources))
            .collect();
        for p in &paragraphs {
            text.push('\n');
            text.push_str(p);
            text.push('\n');
        }
        if !kept.is_empty() {
            text.push('\n');
            for c in &kept {
                text.push_str(c);
                text.push('\n');
            }
        }
        if let Err(e) = std::fs::write(path, &text) {
            self.error(format!("cannot write `{}`: {e}", path.display()));
            return;
        }
        self.say(format!(
            "saved {} definition{} and {} command{} to {}",
            opens.len() + paragraphs.len(),
            plural(opens.len() + paragraphs.len()),
            kept.len(),
            plural(kept.len()),
            path.display()
        ));
        for d in dropped {
            self.say(format!("  left out (no longer checks): {}", normalize(&d)));
        }
        let pending = self.pending_count();
        if pending > 0 {
            self.say(format!(
                "  left out: {pending} pending input{} (`pending` lists them)",
                plural(pending)
            ));
        }
    }

    // ----- minimize ---------------------------------------------------------------------

    /// Rebuild the session module with one command and check it.
    pub(crate) fn check_with_command(&mut self, command: &ast::Command) -> Result<Checked, Errors> {
        let state = self.state.clone();
        self.check(&state, std::slice::from_ref(command), self.dir.clone())
    }

    /// Does the current checked model still describe the last run's relations? (`eval`
    /// and `minimize` need the same sigs and fields as the instance.)
    pub(crate) fn run_matches_model(&self, run: &CommandRun, checked: &Checked) -> bool {
        let rels = &run.bounds().relations;
        let mut expected: Vec<(String, Option<usize>)> = checked
            .layout
            .sig_rels
            .iter()
            .map(|r| (r.name.clone(), None))
            .collect();
        for f in &checked.model.fields {
            expected.push((
                format!("{}<:{}", checked.model.sig(f.sig).label, f.name),
                Some(f.ty.arity),
            ));
        }
        expected.len() <= rels.len()
            && expected
                .iter()
                .zip(rels)
                .all(|((name, arity), r)| *name == r.name && arity.is_none_or(|a| a == r.arity))
            && rels[expected.len()..]
                .iter()
                .all(|r| r.kind == RelationKind::Skolem)
    }

    /// The directory relative `open`s resolve from.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }
}

/// Split text into inputs: lines, joined while brackets are open.
pub(crate) fn inputs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in text.split_inclusive('\n') {
        current.push_str(line);
        if !syntax::needs_more_input(&current) {
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.trim().is_empty() {
        out.push(current);
    }
    out
}

pub(super) fn item_file(item: &ReplItem) -> FileId {
    match item {
        ReplItem::Open(o) => o.span.file,
        ReplItem::Paragraph(p) => paragraph_span(p).file,
    }
}

/// `: 2 sigs, 1 pred, 3 commands` for a loaded file.
fn summarize(input: &Input) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for item in &input.items {
        let kind = Definition::new(item.clone()).kind;
        match counts.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => counts.push((kind, 1)),
        }
    }
    if !input.commands.is_empty() {
        counts.push(("command", input.commands.len()));
    }
    if counts.is_empty() {
        return " (empty)".into();
    }
    let parts: Vec<String> = counts
        .iter()
        .map(|(k, n)| format!("{n} {k}{}", plural(*n)))
        .collect();
    format!(": {}", parts.join(", "))
}

pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn noun(run: &CommandRun) -> &'static str {
    match run.command.kind {
        CommandKind::Run => "instance",
        CommandKind::Check => "counterexample",
    }
}

/// `instance found — 3 ms`, `no instance found within scope (5 Txn, 5 Obj) — 41 ms`.
pub(crate) fn verdict(run: &CommandRun, elapsed: Duration) -> String {
    let time = fmt_duration(elapsed);
    let noun = noun(run);
    let scope = &run.command.scope_summary;
    let mut line = match (&run.outcome, run.instances_seen) {
        (Outcome::Sat(_), 1) => format!("{noun} found — {time}"),
        (Outcome::Sat(_), n) => format!("{noun} {n} found — {time}"),
        (Outcome::Unsat, 0) if scope.is_empty() => format!("no {noun} found — {time}"),
        (Outcome::Unsat, 0) => format!("no {noun} found within scope ({scope}) — {time}"),
        (Outcome::Unsat, n) => format!("no more {noun}s ({n} in all) — {time}"),
        (Outcome::Interrupted, _) => format!("interrupted — {time}"),
    };
    if run.instances_seen <= 1
        && let Some(expect) = run.command.expect
        && run.found().is_some_and(|f| f != expect)
    {
        line.push_str(&format!(" (the command expects {expect})"));
    }
    line
}

/// The sizes and times of a run (complete or stopped), as `stats` prints them after the
/// command: the first line, then CEGIS's counts for a higher-order problem.
pub(crate) fn stats_body(last: &LastRun) -> String {
    let st = last.run.stats();
    let mut text = format!(
        "{} primary variables, {} auxiliary variables, {} clauses\n\
         translation {}, solving {}, {} SAT call{}, re-check {}; {} {}{} so far; {} in {}",
        st.primary_vars,
        st.aux_vars,
        st.clauses,
        fmt_duration(st.translate_time),
        fmt_duration(st.solve_time),
        st.sat_calls,
        plural(st.sat_calls),
        fmt_duration(last.run.recheck),
        last.run.instances_seen,
        noun(&last.run),
        plural(last.run.instances_seen),
        if matches!(last.run.outcome, Outcome::Interrupted) {
            "stopped"
        } else {
            "last answer"
        },
        fmt_duration(last.elapsed),
    );
    if st.higher_order {
        text.push_str(&format!(
            "\nCEGIS: {} candidate{}, {} counterexample{} ({} as terms); verifiers {} variables, {} clauses",
            st.candidates,
            plural(st.candidates),
            st.counterexamples,
            plural(st.counterexamples),
            st.term_lemmas,
            st.verifier_vars,
            st.verifier_clauses,
        ));
    }
    text
}

pub(crate) fn fmt_duration(d: Duration) -> String {
    if d < Duration::from_secs(1) {
        format!("{} ms", d.as_millis())
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

impl Session {
    /// Every name worth completing: sigs, fields, preds, funs, asserts and macros in
    /// scope (opened modules' both bare and qualified), and the current instance's atoms
    /// and witnesses.
    pub fn completion_names(&self) -> Vec<String> {
        let mut names = Vec::new();
        if let Some(checked) = &self.checked {
            let m = &checked.model;
            let visible = |module: crate::check::model::ModuleId, private: bool| {
                !(private && m.module(module).is_stdlib)
            };
            let mut add = |module: crate::check::model::ModuleId, name: &str| {
                let prefix = &m.module(module).prefix;
                if !prefix.is_empty() {
                    names.push(format!("{prefix}/{name}"));
                }
                names.push(name.to_string());
            };
            for s in m
                .sigs
                .iter()
                .skip(crate::check::model::BUILTIN_COUNT as usize)
            {
                if visible(s.module, s.private) {
                    add(s.module, &s.name);
                }
            }
            for f in &m.fields {
                let module = m.sig(f.sig).module;
                if visible(module, f.private) {
                    add(module, &f.name);
                }
            }
            for f in &m.funcs {
                if visible(f.module, f.private) {
                    add(f.module, &f.name);
                }
            }
            for a in &m.asserts {
                if let Some(n) = &a.name {
                    add(a.module, n);
                }
            }
            for mac in &m.macros {
                if visible(mac.module, mac.private) {
                    add(mac.module, &mac.name);
                }
            }
        }
        if let Some(last) = &self.last
            && let Some(inst) = last.run.instance()
        {
            let vocabulary =
                render::names::Vocabulary::new(&last.run.command.presentation, inst, &|_| false);
            names.extend(vocabulary.bindings().into_iter().map(|(n, _)| n));
            for (n, _) in last.run.skolems() {
                names.push(n.trim_start_matches('$').to_string());
                names.push(n);
            }
        }
        names.retain(|n| !n.is_empty() && !n.contains(char::is_whitespace));
        names.sort();
        names.dedup();
        names
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use super::*;

    /// Output captured in memory.
    #[derive(Clone, Default)]
    struct Captured(Rc<RefCell<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Captured {
        fn text(&self) -> String {
            String::from_utf8_lossy(&self.0.borrow()).into_owned()
        }
    }

    fn session() -> (Session, Captured, Captured) {
        let (out, err) = (Captured::default(), Captured::default());
        let io = Io {
            out: Box::new(out.clone()),
            err: Box::new(err.clone()),
            color: false,
        };
        (Session::new(io, RunOptions::default(), false), out, err)
    }

    #[test]
    fn inputs_run_on_while_brackets_are_open() {
        assert_eq!(
            inputs("sig A {\n}\nrun { some A }\n\nnext"),
            ["sig A {\n}\n", "run { some A }\n", "\n", "next"]
        );
        assert_eq!(inputs("pred p { (\n"), ["pred p { (\n"]);
    }

    #[test]
    fn a_pasted_block_is_handled_input_by_input() {
        let (mut s, out, err) = session();
        let flow = s.handle("sig A {}\nset symmetry 0\nrun { some A } for 1\nquit\nrun { no A }");
        assert_eq!(flow, Flow::Quit);
        assert_eq!(err.text(), "");
        let out = out.text();
        assert!(out.starts_with("symmetry 0\ninstance found — "), "{out}");
        assert_eq!(out.matches("instance found").count(), 1, "{out}");
        assert_eq!(s.error_count(), 0);
    }

    #[test]
    fn a_failing_input_changes_nothing() {
        let (mut s, out, err) = session();
        s.handle("sig A {}");
        s.handle("pred p { some A } pred q { some A + 1 + none->none }");
        assert!(err.text().contains("<repl:2>"), "{}", err.text());
        assert_eq!(s.error_count(), 1);
        s.handle("defs");
        let out = out.text();
        assert!(out.contains("sig A {}"), "{out}");
        assert!(!out.contains("pred p"), "{out}");
        assert!(
            !out.contains("pending"),
            "a genuine error is not pending: {out}"
        );
        assert!(s.completion_names().contains(&"A".to_string()));
        assert!(!s.completion_names().contains(&"p".to_string()));
    }

    /// Before, each input was checked alone: `sig Person` was rejected for its `Pet`.
    #[test]
    fn definitions_wait_for_names_defined_later() {
        let (mut s, out, err) = session();
        s.handle("sig Person { pet: set Pet }");
        assert_eq!(err.text(), "");
        assert!(
            out.text().contains("pending: waits for `Pet`"),
            "{}",
            out.text()
        );
        assert!(!s.completion_names().contains(&"Person".to_string()));
        s.handle("pred owner[p: Person] { some p.pet }");
        s.handle("sig Pet {}");
        assert_eq!(err.text(), "");
        assert_eq!(s.error_count(), 0);
        assert_eq!(s.pending_count(), 0);
        let names = s.completion_names();
        for n in ["Person", "Pet", "pet", "owner"] {
            assert!(names.contains(&n.to_string()), "{n}: {names:?}");
        }
        // In the order typed, as a file would have them.
        let kinds: Vec<String> = s.state.defs.iter().map(|d| d.text(&s.sources)).collect();
        assert_eq!(
            kinds,
            [
                "sig Person { pet: set Pet }",
                "pred owner[p: Person] { some p.pet }",
                "sig Pet {}"
            ]
        );
        s.handle("run { some p: Person | owner[p] } for 2");
        assert!(out.text().contains("instance found"), "{}", out.text());
    }

    #[test]
    fn a_command_drops_what_still_waits_with_its_errors() {
        let (mut s, out, err) = session();
        s.handle("sig Node {}");
        s.handle("pred q { some Nodes }");
        assert_eq!(s.error_count(), 0);
        assert_eq!(s.pending_count(), 1);
        s.handle("pending");
        assert!(
            out.text()
                .contains("<repl:2>: pred q — waits for `Nodes` (did you mean `Node`?)"),
            "{}",
            out.text()
        );
        s.handle("run { some Node } for 1");
        let err = err.text();
        assert!(err.contains("cannot find `Nodes`"), "{err}");
        assert!(err.contains("<repl:2>"), "{err}");
        assert!(err.contains("dropped the pending pred q"), "{err}");
        assert_eq!(s.error_count(), 1);
        assert_eq!(s.pending_count(), 0);
        assert!(out.text().contains("instance found"), "{}", out.text());
        assert!(!s.completion_names().contains(&"q".to_string()));
    }

    #[test]
    fn pending_clear_drops_what_waits() {
        let (mut s, out, _) = session();
        s.handle("sig A { b: B }");
        s.handle("pending clear");
        assert!(
            out.text().contains("dropped 1 pending input"),
            "{}",
            out.text()
        );
        s.handle("sig B {}");
        assert_eq!(s.pending_count(), 0);
        assert!(!s.completion_names().contains(&"A".to_string()));
        s.handle("pending");
        assert!(out.text().contains("nothing is pending"), "{}", out.text());
    }

    #[test]
    fn a_pending_input_that_turns_out_wrong_is_dropped_and_the_new_one_kept() {
        let (mut s, _, err) = session();
        s.handle("sig A { b: B }");
        s.handle("fact { A.b = 1 + none->none }");
        assert_eq!(s.pending_count(), 2);
        s.handle("sig B {}");
        assert_eq!(s.pending_count(), 0);
        let err = err.text();
        assert!(err.contains("<repl:2>"), "{err}");
        assert!(err.contains("dropped the pending fact"), "{err}");
        let names = s.completion_names();
        assert!(names.contains(&"A".to_string()) && names.contains(&"B".to_string()));
    }

    #[test]
    fn commands_are_rewritten_as_model_text() {
        let (mut s, _, _) = session();
        s.handle("sig A {}");
        s.handle("scope 4");
        s.handle("run some A and no A");
        s.handle("check { no A } expect 1");
        let texts: Vec<&str> = s.state.commands.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "run { some A and no A } for 4",
                "check { no A } for 4 expect 1"
            ]
        );
    }
}
