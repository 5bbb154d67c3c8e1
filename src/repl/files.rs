//! Model files in the session: `load`, `reload` (replaying every input with the files as
//! they are now) and `save` (the session as a model file).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diagnostic::FileId;
use crate::syntax::ast::Paragraph;
use crate::syntax::{self, ReplItem};

use super::definitions::{Definition, Folded, Input, Origin, SessionCommand, item_file, normalize};
use super::session::{Session, plural};

impl Session {
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
            .defs()
            .filter(|d| matches!(*d.item, ReplItem::Open(_)))
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
            .defs()
            .filter(|d| !matches!(*d.item, ReplItem::Open(_)))
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
