//! The interactive REPL: `solder`, `solder FILE`, `solder repl [FILE...]`.
//!
//! From the bottom up (each file uses only those above it in this list):
//!
//! - `worker`: solves run on a worker thread that Ctrl-C or the timeout abandons.
//! - `definitions`: the inputs, their definitions and kept commands, folded in order.
//! - `session`: the state (definitions, kept commands, the last run) and the services
//!   every command uses: output, checking the session module (every change is
//!   re-checked, and a failing input changes nothing).
//! - `runs`: solving on the worker, the verdict and instance after a solve, `next`.
//! - `pending`: definitions that use names defined later wait for them, so that a pasted
//!   model loads like a file.
//! - `files`: `load`, `reload` and `save`.
//! - `commands`: the REPL's own commands and their help; `eval`, `minimize`, `core`,
//!   `isolation` (`classify`, `compare`), `programs`: the bigger ones.
//! - `dispatch`: what an entered line does: a REPL command, or Alloy paragraphs and
//!   commands (the commands depend on the session, not the other way round).
//! - `complete`: the line editor's completion, hints and multi-line input.
//! - `script`: reading inputs line by line when standard input is not a terminal.
//!
//! Nothing here solves, checks or renders by itself: it drives the library
//! (`check::load`, `session::CommandRun`, `render`).

pub mod commands;
pub mod complete;
mod core;
mod definitions;
mod dispatch;
mod eval;
mod files;
mod isolation;
mod minimize;
mod pending;
pub(crate) mod programs;
mod runs;
pub mod script;
pub mod session;
pub mod worker;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::Ordering;

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Config, Editor};

use crate::session::RunOptions;

pub use crate::render::dot::instance_dot;
pub use session::{Flow, Io, Session, Settings};

/// How the REPL starts.
#[derive(Clone, Debug, Default)]
pub struct ReplConfig {
    /// Model files to load first.
    pub files: Vec<PathBuf>,
    pub options: RunOptions,
}

/// Run the REPL on the terminal, or a script from standard input when it is not one.
/// Returns the process exit code: in script mode 2 (a diagnostic) if any input failed.
pub fn run(config: ReplConfig) -> u8 {
    if std::io::stdin().is_terminal() {
        interactive(config)
    } else {
        let mut session = Session::new(Io::std(false), config.options, false);
        // In a script too, Ctrl-C cancels the running solve and the script goes on.
        let flag = session.interrupt_flag();
        if let Err(e) = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst)) {
            eprintln!("solder: Ctrl-C will not cancel solves: {e}");
        }
        for f in &config.files {
            session.load(f);
        }
        script::run_script(&mut session, std::io::stdin().lock());
        if session.error_count() > 0 { 2 } else { 0 }
    }
}

const PROMPT: &str = "solder> ";

fn interactive(config: ReplConfig) -> u8 {
    let color = crate::diagnostic::use_color(std::io::stderr().is_terminal());
    let mut session = Session::new(Io::std(color), config.options, color);
    let flag = session.interrupt_flag();
    // Outside the line editor, Ctrl-C is a signal: it cancels the running solve. (The
    // editor reads it as a key, which clears the line.)
    if let Err(e) = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst)) {
        eprintln!("solder: Ctrl-C will not cancel solves: {e}");
    }
    let editor_config = Config::builder()
        .auto_add_history(true)
        .completion_type(CompletionType::List)
        .history_ignore_dups(true)
        .map(|b| b.build())
        .unwrap_or_default();
    let mut editor: Editor<complete::ReplHelper, DefaultHistory> =
        match Editor::with_config(editor_config) {
            Ok(e) => e,
            Err(e) => {
                eprintln!("solder: no line editor ({e}); reading plain lines");
                script::run_script(&mut session, std::io::stdin().lock());
                return 0;
            }
        };
    editor.set_helper(Some(complete::ReplHelper::new()));
    let history = history_path();
    if let Some(path) = &history {
        // A missing history file is the normal first run.
        let _ = editor.load_history(path);
    }
    println!(
        "solder {} — type Alloy paragraphs and commands; `help` lists the rest, Ctrl-D leaves.",
        env!("CARGO_PKG_VERSION")
    );
    for f in &config.files {
        session.load(f);
    }
    loop {
        if let Some(helper) = editor.helper_mut() {
            helper.names = session.completion_names();
        }
        match editor.readline(PROMPT) {
            Ok(line) => {
                if session.handle(&line) == Flow::Quit {
                    break;
                }
            }
            // Ctrl-C at the prompt clears the line.
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("solder: cannot read the terminal: {e}");
                break;
            }
        }
    }
    if let Some(path) = &history {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        if let Err(e) = editor.save_history(path) {
            eprintln!("solder: cannot save the history to {}: {e}", path.display());
        }
    }
    0
}

/// `$SOLDER_HISTORY` (empty: no history file), else `solder/history.txt` under the user's
/// data directory.
fn history_path() -> Option<PathBuf> {
    match std::env::var_os("SOLDER_HISTORY") {
        Some(p) if p.is_empty() => None,
        Some(p) => Some(PathBuf::from(p)),
        None => dirs::data_dir().map(|d| d.join("solder").join("history.txt")),
    }
}
