//! Definitions that use names defined later: a pasted model loads like a file.
//!
//! Each typed input is checked with the session as one module. When the only errors are
//! names that are not defined (anywhere in the inputs being tried), the input is kept as
//! *pending*: in typing order among the others, but not part of the session. Every later
//! definition is tried together with everything pending, and when the whole checks, the
//! pending inputs join the session with it, in the order they were typed. So
//! `sig Person { pet: set Pet }` followed by `sig Pet {}` defines both, whatever the order.
//!
//! A command (`run`, `check`) and the end of a script settle what is left: pending inputs
//! whose names never came are reported with the checker's errors (spans, suggestions)
//! and dropped, so that the session is what it was without them. `pending` lists what
//! waits and `pending clear` drops it.

use std::collections::BTreeSet;
use std::io::Write;
use std::sync::Arc;

use crate::check::Checked;
use crate::diagnostic::{Diagnostic, FileId};

use super::definitions::{Folded, Input};
use super::session::{Session, plural};

/// What became of a typed input's definitions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Admitted {
    /// They are part of the session.
    Committed,
    /// They wait for names defined later.
    Pending,
    /// They do not check; the session is unchanged.
    Rejected,
}

/// The name an error says is not defined, if that is what it says. (The checker's
/// messages for unknown names; `an_unknown_name_is_recognised_in_every_message` pins
/// them.)
pub(super) fn missing_name(d: &Diagnostic) -> Option<&str> {
    const PREFIXES: [&str; 5] = [
        "cannot find `",
        "there is no sig named `",
        "there is no field named `",
        "there is no pred or fun named `",
        "there is no assertion named `",
    ];
    if !d.is_error() {
        return None;
    }
    let rest = PREFIXES.iter().find_map(|p| d.message.strip_prefix(p))?;
    rest.find('`').map(|end| &rest[..end])
}

fn file_of(d: &Diagnostic) -> Option<FileId> {
    d.span.map(|s| s.file)
}

/// Every error is an undefined name inside one of `files`: the inputs may wait.
fn only_missing_names(errors: &[Diagnostic], files: &[FileId]) -> bool {
    errors
        .iter()
        .filter(|d| d.is_error())
        .all(|d| missing_name(d).is_some() && file_of(d).is_some_and(|f| files.contains(&f)))
}

/// The undefined names of `errors` inside `file`, each once, with the checker's
/// suggestion: "`Pett` (did you mean `Pet`?)".
fn waits_for(errors: &[Diagnostic], file: Option<FileId>) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for d in errors
        .iter()
        .filter(|d| file.is_some() && file_of(d) == file)
    {
        if let Some(name) = missing_name(d)
            && seen.insert(name.to_string())
        {
            match &d.help {
                Some(help) => out.push(format!("`{name}` ({help})")),
                None => out.push(format!("`{name}`")),
            }
        }
    }
    out
}

impl Session {
    fn pending_files(&self) -> Vec<FileId> {
        self.inputs
            .iter()
            .filter(|i| i.pending)
            .filter_map(|i| i.file)
            .collect()
    }

    pub(super) fn pending_count(&self) -> usize {
        self.inputs.iter().filter(|i| i.pending).count()
    }

    /// The inputs folded in typing order, the pending ones too when `with_pending`, and
    /// `extra` last.
    fn candidate(&self, with_pending: bool, extra: Option<&Input>) -> Folded {
        if !with_pending || self.pending_count() == 0 {
            // The session's state is these inputs folded already: fold only `extra`.
            let mut state = self.state.clone();
            if let Some(extra) = extra {
                state.apply(extra, &self.sources);
            }
            return state;
        }
        Folded::of(
            self.inputs
                .iter()
                .filter(|i| with_pending || !i.pending)
                .chain(extra),
            &self.sources,
        )
    }

    fn check_candidate(
        &mut self,
        with_pending: bool,
        extra: Option<&Input>,
    ) -> Result<Checked, Vec<Diagnostic>> {
        let state = self.candidate(with_pending, extra);
        let dir = self.dir.clone();
        self.check(&state, &[], dir).map_err(|e| e.0)
    }

    /// Definitions typed at the prompt: into the session if they check with it (and with
    /// whatever is pending), pending if they only lack names, else reported.
    pub(super) fn admit_typed(&mut self, input: Input) -> Admitted {
        loop {
            let mut files = self.pending_files();
            files.extend(input.file);
            let errors = match self.check_candidate(true, Some(&input)) {
                Ok(checked) => {
                    self.commit(Some(input), true, checked);
                    return Admitted::Committed;
                }
                Err(errors) => errors,
            };
            if only_missing_names(&errors, &files) {
                if self.pending_count() > 0 {
                    // It may not need what is pending.
                    match self.check_candidate(false, Some(&input)) {
                        Ok(checked) => {
                            self.update_waits(&errors);
                            self.commit(Some(input), false, checked);
                            return Admitted::Committed;
                        }
                        Err(alone) if !only_missing_names(&alone, &files) => {
                            let own: Vec<Diagnostic> = self.outside_pending(alone);
                            self.report(&own);
                            return Admitted::Rejected;
                        }
                        Err(_) => {}
                    }
                }
                self.hold(input, &errors);
                return Admitted::Pending;
            }
            // Errors that are not missing names: in pending inputs (their names arrived
            // and they turn out wrong), or in this input or what it redefines.
            let pending = self.pending_files();
            let faulty: BTreeSet<FileId> = errors
                .iter()
                .filter(|d| d.is_error() && missing_name(d).is_none())
                .filter_map(file_of)
                .filter(|f| pending.contains(f))
                .collect();
            let faults_elsewhere = errors.iter().any(|d| {
                d.is_error()
                    && missing_name(d).is_none()
                    && file_of(d).is_none_or(|f| !pending.contains(&f))
            });
            if !faulty.is_empty() && !faults_elsewhere {
                self.drop_pending(&faulty, &errors, "errors once its names were defined");
                continue;
            }
            let own = self.outside_pending(errors);
            self.report(&own);
            return Admitted::Rejected;
        }
    }

    /// Errors outside the pending inputs (theirs are reported when they are settled).
    fn outside_pending(&self, errors: Vec<Diagnostic>) -> Vec<Diagnostic> {
        let pending = self.pending_files();
        errors
            .into_iter()
            .filter(|d| file_of(d).is_none_or(|f| !pending.contains(&f)))
            .collect()
    }

    /// Make `input`, and the pending inputs when `with_pending`, part of the session.
    fn commit(&mut self, input: Option<Input>, with_pending: bool, checked: Checked) {
        let mut state = self.state.clone();
        let mut notes = Vec::new();
        let mut files = Vec::new();
        let mut joined = Vec::new();
        let any_pending = with_pending && self.pending_count() > 0;
        for i in self.inputs.iter_mut().filter(|i| with_pending && i.pending) {
            notes.extend(state.apply(i, &self.sources));
            files.extend(i.file);
            joined.push(i.describe());
            i.pending = false;
            i.waits_for.clear();
        }
        if let Some(input) = input {
            notes.extend(state.apply(&input, &self.sources));
            files.extend(input.file);
            files.extend(input.items.iter().map(super::definitions::item_file));
            self.inputs.push(input);
        }
        // Pending inputs join where they were typed, which folding them last may not
        // reproduce (a later input can redefine their names): fold everything again.
        self.state = if any_pending {
            Folded::of(self.inputs.iter().filter(|i| !i.pending), &self.sources)
        } else {
            state
        };
        self.show_warnings(&checked, &files);
        self.checked = Some(Arc::new(checked));
        for n in notes {
            self.say(n);
        }
        if !joined.is_empty() {
            self.say(format!(
                "now defined, no longer pending: {}",
                joined.join("; ")
            ));
        }
    }

    /// Keep `input` as pending and say what it waits for.
    fn hold(&mut self, mut input: Input, errors: &[Diagnostic]) {
        self.update_waits(errors);
        input.waits_for = waits_for(errors, input.file);
        input.pending = true;
        // Only the names here: a forward reference's "did you mean" is noise (`pending`
        // shows the suggestions).
        let names: Vec<String> = errors
            .iter()
            .filter(|d| file_of(d) == input.file)
            .filter_map(missing_name)
            .map(|n| format!("`{n}`"))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let what = if names.is_empty() {
            "uses what is pending".to_string()
        } else {
            format!("waits for {}", names.join(", "))
        };
        self.inputs.push(input);
        self.say(format!(
            "pending: {what} (`pending` lists what waits, `pending clear` drops it)"
        ));
    }

    fn update_waits(&mut self, errors: &[Diagnostic]) {
        for i in self.inputs.iter_mut().filter(|i| i.pending) {
            let names = waits_for(errors, i.file);
            if !names.is_empty() {
                i.waits_for = names;
            }
        }
    }

    /// Report the errors of the pending inputs in `files` and drop those inputs.
    fn drop_pending(&mut self, files: &BTreeSet<FileId>, errors: &[Diagnostic], why: &str) {
        let theirs: Vec<Diagnostic> = errors
            .iter()
            .filter(|d| file_of(d).is_some_and(|f| files.contains(&f)))
            .cloned()
            .collect();
        self.report(&theirs);
        let dropped: Vec<String> = self
            .inputs
            .iter()
            .filter(|i| i.pending && i.file.is_some_and(|f| files.contains(&f)))
            .map(|i| format!("{} ({})", i.describe(), self.source_name(i)))
            .collect();
        self.inputs
            .retain(|i| !(i.pending && i.file.is_some_and(|f| files.contains(&f))));
        let _ = writeln!(
            self.io.err,
            "  (dropped the pending {}: {why})",
            dropped.join(", ")
        );
        let _ = self.io.err.flush();
    }

    fn source_name(&self, input: &Input) -> String {
        input
            .file
            .map_or_else(String::new, |f| self.sources.get(f).name.clone())
    }

    /// After the session changed otherwise (`load`, `reload`): the pending inputs join
    /// it if they check now; those that turn out wrong are reported and dropped.
    pub(super) fn settle(&mut self) {
        while self.pending_count() > 0 {
            let errors = match self.check_candidate(true, None) {
                Ok(checked) => return self.commit(None, true, checked),
                Err(errors) => errors,
            };
            let pending = self.pending_files();
            if only_missing_names(&errors, &pending) {
                self.update_waits(&errors);
                return;
            }
            let mut faulty: BTreeSet<FileId> = errors
                .iter()
                .filter(|d| d.is_error() && missing_name(d).is_none())
                .filter_map(file_of)
                .filter(|f| pending.contains(f))
                .collect();
            if faulty.is_empty() {
                // They break what the session already has (a redefinition, say).
                faulty = pending.into_iter().collect();
            }
            self.drop_pending(&faulty, &errors, "it does not check with the session");
        }
    }

    /// Before a command runs, and at the end of a script: what still waits never got its
    /// names. Its errors are reported and it is dropped.
    pub(crate) fn settle_for_command(&mut self) {
        self.settle();
        if self.pending_count() == 0 {
            return;
        }
        let errors = match self.check_candidate(true, None) {
            Ok(checked) => return self.commit(None, true, checked),
            Err(errors) => errors,
        };
        let files: BTreeSet<FileId> = self.pending_files().into_iter().collect();
        self.drop_pending(&files, &errors, "the names it waits for were never defined");
    }

    /// `pending` and `pending clear`.
    pub(crate) fn pending_command(&mut self, arg: &str) {
        match arg {
            "" => {
                let lines: Vec<String> = self
                    .inputs
                    .iter()
                    .filter(|i| i.pending)
                    .map(|i| {
                        let waits = if i.waits_for.is_empty() {
                            String::new()
                        } else {
                            format!(" — waits for {}", i.waits_for.join(", "))
                        };
                        format!("  {}: {}{waits}", self.source_name(i), i.describe())
                    })
                    .collect();
                if lines.is_empty() {
                    self.say("nothing is pending");
                } else {
                    self.say(format!(
                        "pending (they join the session once the names they use are defined):\n{}",
                        lines.join("\n")
                    ));
                }
            }
            "clear" => {
                let n = self.pending_count();
                self.inputs.retain(|i| !i.pending);
                self.say(format!("dropped {n} pending input{}", plural(n)));
            }
            _ => self.error("usage: pending [clear]"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::SourceMap;

    /// The checker's own messages, from real checks: if one is reworded, this fails
    /// rather than pasted models silently being rejected.
    #[test]
    fn an_unknown_name_is_recognised_in_every_message() {
        let cases = [
            ("sig A { f: B }", "B"),
            ("sig A extends B {}", "B"),
            ("sig A {} fact { some A.g }", "g"),
            ("sig A {} run q", "q"),
            ("sig A {} check q", "q"),
            ("sig A {} pred p { some x }", "x"),
        ];
        for (text, name) in cases {
            let mut sources = SourceMap::new();
            let errors = crate::check::load(
                &mut sources,
                crate::check::RootSource::Text {
                    name: "t.als".into(),
                    text: text.into(),
                    dir: None,
                },
            )
            .err()
            .unwrap_or_else(|| panic!("`{text}` should not check"))
            .0;
            let names: Vec<&str> = errors.iter().filter_map(missing_name).collect();
            assert_eq!(names, [name], "{text}: {errors:?}");
        }
    }

    #[test]
    fn other_errors_are_not_missing_names() {
        let d = Diagnostic::global("cannot find module `nosuch`");
        assert_eq!(missing_name(&d), None);
        let mut sources = SourceMap::new();
        let f = sources.add("t", None, "x");
        let span = crate::diagnostic::Span::new(f, 0, 1);
        let w = Diagnostic::warning(span, "cannot find `x` in this scope");
        assert_eq!(missing_name(&w), None, "warnings do not hold inputs back");
        assert_eq!(
            missing_name(&Diagnostic::error(span, "cannot find `x` in this scope")),
            Some("x")
        );
    }
}
