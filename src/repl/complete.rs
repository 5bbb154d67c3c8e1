//! The line editor's helper: tab completion (commands, bundled modules after `open`, file
//! paths after `load`/`save`, views after `show`, options after `set`, and every name in
//! scope), hints for commands, and multi-line input while brackets are open. No syntax
//! highlighting; only hints are dimmed so they do not read as typed text.

use std::borrow::Cow;

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::{Hinter, HistoryHinter};
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Context, Helper};

use crate::check::stdlib;
use crate::syntax::needs_more_input;

use super::commands::{COMMANDS, option_names};
use super::programs::KEYWORDS as PROGRAMS_KEYWORDS;

/// Words that start Alloy paragraphs (completed in first position).
const PARAGRAPH_WORDS: &[&str] = &[
    "sig", "abstract", "one", "lone", "some", "pred", "fun", "fact", "assert", "run", "check",
    "let", "enum", "private",
];

/// Keywords completed inside expressions.
const EXPRESSION_WORDS: &[&str] = &[
    "all", "some", "no", "one", "lone", "set", "disj", "in", "and", "or", "not", "implies", "else",
    "iff", "let", "univ", "iden", "none", "for", "but", "exactly", "expect", "extends",
];

pub struct ReplHelper {
    /// Names in scope: sigs, fields, preds, funs, asserts, atoms and witnesses.
    pub names: Vec<String>,
    files: FilenameCompleter,
    history: HistoryHinter,
}

impl Default for ReplHelper {
    fn default() -> Self {
        ReplHelper::new()
    }
}

impl ReplHelper {
    pub fn new() -> ReplHelper {
        ReplHelper {
            names: Vec::new(),
            files: FilenameCompleter::new(),
            history: HistoryHinter::new(),
        }
    }

    /// Candidates for the text before the cursor; `None` means file paths.
    pub fn candidates(&self, line: &str, pos: usize) -> Option<(usize, Vec<String>)> {
        let before = &line[..pos];
        let start = before
            .char_indices()
            .rev()
            .find(|(_, c)| !is_name_char(*c))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let word = &before[start..];
        let leading = before.len() - before.trim_start().len();
        let first_word_end = before[leading..]
            .find(char::is_whitespace)
            .map(|i| i + leading);
        let Some(first_end) = first_word_end else {
            // Still typing the first word: a command or a paragraph keyword.
            let pool = COMMANDS
                .iter()
                .map(|c| c.name)
                .chain(["exit"])
                .chain(PARAGRAPH_WORDS.iter().copied());
            return Some((start, matching(pool, word)));
        };
        let command = &before[leading..first_end];
        let args = before[first_end..].trim_start();
        let arg_count =
            args.split_whitespace().count() + usize::from(args.ends_with(' ') || args.is_empty());
        match command {
            "load" | "save" => None,
            "open" => Some((start, matching(stdlib::names(), word))),
            "show" => Some((start, matching(["tables", "json", "dot", "history"], word))),
            "help" => Some((start, matching(COMMANDS.iter().map(|c| c.name), word))),
            "programs" => programs_candidates(args, word).map(|w| (start, w)),
            "set" if arg_count <= 1 => {
                Some((start, matching(option_names().iter().copied(), word)))
            }
            "set" => {
                let values: &[&str] = match args.split_whitespace().next() {
                    Some("solver") => &["varisat", "cadical"],
                    Some("verify" | "fix_order") => &["on", "off"],
                    _ => &[],
                };
                Some((start, matching(values.iter().copied(), word)))
            }
            _ if word.is_empty() => Some((start, Vec::new())),
            _ => {
                let pool = self
                    .names
                    .iter()
                    .map(String::as_str)
                    .chain(EXPRESSION_WORDS.iter().copied());
                Some((start, matching(pool, word)))
            }
        }
    }
}

/// After `programs`: the file first (paths), then the keywords, and the library's levels
/// in a `level` list (after `level`, a comma, or a level name, where a keyword may come
/// too). `None` means file paths.
fn programs_candidates(args: &str, word: &str) -> Option<Vec<String>> {
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let (done, current) = match tokens.split_last() {
        Some((last, done)) if !args.ends_with(char::is_whitespace) => (done, *last),
        _ => (&tokens[..], ""),
    };
    let previous = *done.last()?;
    if current.contains(['/', '.']) {
        return None;
    }
    let levels = crate::apps::programs::model::LEVELS.iter().copied().chain(
        crate::apps::programs::model::ENGINE_LEVELS
            .iter()
            .map(|(name, _)| *name),
    );
    let keywords = PROGRAMS_KEYWORDS.iter().copied();
    let last_keyword = done
        .iter()
        .rev()
        .find(|t| PROGRAMS_KEYWORDS.contains(t) || **t == "levels")
        .copied();
    let words = match last_keyword {
        Some("level" | "levels")
            if previous == "level"
                || previous == "levels"
                || previous.ends_with(',')
                || current.contains(',') =>
        {
            matching(levels, word)
        }
        Some("level" | "levels") => matching(levels.chain(keywords), word),
        Some(k @ ("cycle" | "records")) if previous == k => Vec::new(),
        _ => matching(keywords, word),
    };
    Some(words)
}

/// Identifier characters, including `$` (atoms, witnesses) and `/` (qualified names).
fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '$' | '/' | '\'')
}

fn matching<'a>(pool: impl IntoIterator<Item = &'a str>, prefix: &str) -> Vec<String> {
    let mut out: Vec<String> = pool
        .into_iter()
        .filter(|n| n.starts_with(prefix))
        .map(str::to_string)
        .collect();
    out.sort();
    out.dedup();
    out
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        match self.candidates(line, pos) {
            None => self.files.complete(line, pos, ctx),
            Some((start, words)) => Ok((
                start,
                words
                    .into_iter()
                    .map(|w| Pair {
                        display: w.clone(),
                        replacement: w,
                    })
                    .collect(),
            )),
        }
    }
}

/// A hint: what is shown, and what the right arrow inserts.
pub struct CommandHint {
    display: String,
    completion: Option<String>,
}

impl rustyline::hint::Hint for CommandHint {
    fn display(&self) -> &str {
        &self.display
    }

    fn completion(&self) -> Option<&str> {
        self.completion.as_deref()
    }
}

impl Hinter for ReplHelper {
    type Hint = CommandHint;

    fn hint(&self, line: &str, pos: usize, ctx: &Context<'_>) -> Option<CommandHint> {
        if pos < line.len() || line.contains('\n') {
            return None;
        }
        let typed = line.trim_start();
        // A unique prefix of a command: the rest of its name and its arguments.
        if !typed.is_empty() && !typed.contains(char::is_whitespace) {
            let found: Vec<_> = COMMANDS
                .iter()
                .filter(|c| c.name.starts_with(typed))
                .collect();
            if let [c] = found.as_slice() {
                let rest = &c.name[typed.len()..];
                let args = if c.args.is_empty() {
                    String::new()
                } else {
                    format!(" {}", c.args)
                };
                if !rest.is_empty() || !args.is_empty() {
                    return Some(CommandHint {
                        display: format!("{rest}{args}"),
                        completion: (!rest.is_empty()).then(|| rest.to_string()),
                    });
                }
            }
        }
        // `load ` and the like: what the command expects.
        if let Some(word) = typed.strip_suffix(' ')
            && let Some(c) = COMMANDS
                .iter()
                .find(|c| c.name == word && !c.args.is_empty())
        {
            return Some(CommandHint {
                display: c.args.to_string(),
                completion: None,
            });
        }
        self.history.hint(line, pos, ctx).map(|h| CommandHint {
            display: h.clone(),
            completion: Some(h),
        })
    }
}

impl Highlighter for ReplHelper {
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
    }
}

impl Validator for ReplHelper {
    fn validate(&self, ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        Ok(if needs_more_input(ctx.input()) {
            ValidationResult::Incomplete
        } else {
            ValidationResult::Valid(None)
        })
    }
}

impl Helper for ReplHelper {}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(h: &ReplHelper, line: &str) -> Vec<String> {
        h.candidates(line, line.len())
            .map(|(_, w)| w)
            .unwrap_or_default()
    }

    #[test]
    fn completes_commands_modules_options_and_names() {
        let mut h = ReplHelper::new();
        h.names = vec![
            "acyclic".into(),
            "Node".into(),
            "next".into(),
            "Node$0".into(),
        ];
        assert_eq!(words(&h, "mini"), vec!["minimize"]);
        assert!(words(&h, "s").contains(&"show".to_string()));
        assert!(words(&h, "s").contains(&"sig".to_string()));
        assert_eq!(words(&h, "open util/or"), vec!["util/ordering"]);
        assert_eq!(words(&h, "show j"), vec!["json"]);
        assert_eq!(words(&h, "set so"), vec!["solver"]);
        assert_eq!(words(&h, "set solver c"), vec!["cadical"]);
        assert_eq!(words(&h, "run acy"), vec!["acyclic"]);
        assert_eq!(words(&h, "eval Node$"), vec!["Node$0"]);
        assert_eq!(words(&h, "run { some ne"), vec!["next"]);
        assert_eq!(words(&h, "run { some no"), vec!["no", "none", "not"]);
        assert!(h.candidates("load exa", 8).is_none(), "file paths");
    }

    #[test]
    fn completes_programs_keywords_and_levels() {
        let h = ReplHelper::new();
        assert_eq!(words(&h, "progr"), vec!["programs"]);
        assert!(h.candidates("programs exa", 12).is_none(), "the file");
        assert!(h.candidates("programs ", 9).is_none(), "the file");
        assert_eq!(words(&h, "programs f.prog le"), vec!["level"]);
        assert_eq!(words(&h, "programs f.prog c"), vec!["complete", "cycle"]);
        assert_eq!(words(&h, "programs f.prog level P"), vec!["PC", "PSI"]);
        assert_eq!(
            words(&h, "programs f.prog level po"),
            vec!["postgres-rc", "postgres-rr", "postgres-ser"]
        );
        assert_eq!(words(&h, "programs f.prog level my"), vec!["mysql-rr"]);
        assert_eq!(words(&h, "programs f.prog level SI,S"), vec!["SER", "SI"]);
        assert_eq!(words(&h, "programs f.prog level SI, S"), vec!["SER", "SI"]);
        assert_eq!(
            words(&h, "programs f.prog level SI c"),
            vec!["complete", "cycle"]
        );
        assert_eq!(words(&h, "programs f.prog level SI C"), vec!["CC"]);
        assert!(words(&h, "programs f.prog cycle ").is_empty());
        assert_eq!(words(&h, "programs f.prog cycle 3 r"), vec!["records"]);
    }

    #[test]
    fn the_replacement_starts_at_the_word() {
        let h = ReplHelper {
            names: vec!["acyclic".into()],
            ..ReplHelper::new()
        };
        let (start, _) = h.candidates("run acy", 7).unwrap();
        assert_eq!(start, 4);
    }
}
