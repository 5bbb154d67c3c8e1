//! The session: every definition the user typed or loaded, re-checked as one module on
//! every change, the commands worth keeping, and the last command's run.
//!
//! Each input is its own source text (`<repl:3>`, or the loaded file), so diagnostics
//! point at what was typed. The session module is rebuilt from the inputs in order: a
//! definition whose name was defined before replaces the old one. An input that does not
//! check leaves the session exactly as it was.
//!
//! This file holds the state and the services every command uses (output, checking the
//! session module, what completion can name). Solving and the last run are in `runs.rs`,
//! files in `files.rs`, pending inputs in `pending.rs`, and what an entered line does in
//! `dispatch.rs`: they all build on this, and it on none of them.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::apps::isolation::history::History;
use crate::check::{self, Checked, RootSource};
use crate::diagnostic::{Diagnostic, Errors, FileId, SourceMap};
use crate::logic::RelationKind;
use crate::render;
use crate::session::{CommandRun, RunOptions};
use crate::syntax::ast;

pub use super::definitions::ALLOY_DEFAULT_SCOPE;
use super::definitions::{Folded, Input, SessionCommand};
use super::worker::Worker;

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
    /// The state of the current trace that `state`, `next state` and `prev` moved to
    /// (what `eval` reads without `at`, and where `next fork` branches).
    pub(crate) trace_state: usize,
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
            trace_state: 0,
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

    // ----- for eval, minimize and core ---------------------------------------------------

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
            // An unrolled trace adds each state's copies and the loop after them.
            && rels[expected.len()..]
                .iter()
                .all(|r| r.kind == RelationKind::Skolem || run.trace.is_some())
    }

    /// The directory relative `open`s resolve from.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }
}

pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
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
