//! What an entered line does: each input in it is a REPL command (looked up in
//! `commands`) or Alloy, whose definitions go to the session or wait as pending and whose
//! commands run at once. This sits above the commands, which depend on the session and
//! not the other way round.

use std::io::Write;
use std::sync::Arc;

use crate::check::Checked;
use crate::diagnostic::{Diagnostic, FileId};
use crate::syntax::ast::{self, CommandTarget, Paragraph};
use crate::syntax::{self, ReplItem};

use super::definitions::{Input, SessionCommand, normalize};
use super::pending::Admitted;
use super::session::{Flow, LastRun, Session};
use super::worker::JobEnd;

impl Session {
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

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use super::*;
    use crate::repl::session::Io;
    use crate::session::RunOptions;

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
        let kinds: Vec<String> = s.state.defs().map(|d| d.text(&s.sources)).collect();
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
